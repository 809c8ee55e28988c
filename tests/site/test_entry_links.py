"""Each entry links to "Suggest an edit" and "Report a problem with this entry", built from
the notation plugin's repo_url: no request to GitHub's API, unlike Material's repo_url."""

from __future__ import annotations

import html
import re

import yaml

from conftest import ROOT
from notation_site.model.catalog import load


def _mkdocs_config() -> dict:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    return yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)


def test_materials_repo_url_is_not_set():
    config = _mkdocs_config()
    assert "repo_url" not in config and "edit_uri" not in config
    notation = next(p["notation"] for p in config["plugins"] if isinstance(p, dict) and "notation" in p)
    assert "repo_url" in notation


def test_every_entry_links_to_its_source_and_to_a_prefilled_issue(built_site):
    catalog = load(ROOT)
    for topic in catalog.topics:
        for entry_id in topic.entry_ids:
            section = (built_site / "entries" / entry_id / "index.html").read_text(encoding="utf-8")
            actions = re.search(r'<p class="entry-actions" data-search-exclude>(.*?)</p>', section, re.S)
            assert actions, f"{entry_id}: no entry links"
            links = dict((text, html.unescape(href)) for href, text in re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', actions.group(1)))
            edit, report = links["Suggest an edit"], links["Report a problem with this entry"]
            assert edit.endswith(f"/edit/main/{catalog.entries[entry_id].path.as_posix()}"), edit
            assert "/issues/new?template=error-in-entry.yml" in report and f"&entry={entry_id}&" in report, report


def test_the_links_are_not_in_the_search_index(built_site):
    index = (built_site / "search/search_index.json").read_text(encoding="utf-8")
    assert "Suggest an edit" not in index and "Report a problem" not in index
