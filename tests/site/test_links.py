"""Every internal link and anchor of the built site resolves; external links are listed, never fetched.

Links are read from the HTML as built (so links that executed examples print are checked
too), from the search index and from the sitemap. The external links go to
``tests/artifacts/external-links.txt`` with the pages that carry them.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from conftest import ROOT

ARTIFACTS = ROOT / "tests/artifacts"
# what a browser does not fetch, or fetches from this page itself
SKIP_SCHEMES = {"javascript", "data", "blob", "about", "mailto", "tel"}
RESOURCE_ATTRS = {("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"), ("source", "src"), ("iframe", "src")}


@dataclass
class Page:
    ids: list[str] = field(default_factory=list)
    links: list[tuple[str, str, bool]] = field(default_factory=list)  # (tag, url, inside an executed example)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._example_depth = 0
        self._divs = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.page.ids.append(a["id"])
        if tag == "a" and "name" in a:
            self.page.ids.append(a["name"])
        if tag == "div":
            self._divs += 1
            if "example" in a.get("class", "").split() and "data-snippet" in a and not self._example_depth:
                self._example_depth = self._divs
        for t, attr in RESOURCE_ATTRS:
            if tag == t and a.get(attr):
                self.page.links.append((tag, a[attr], bool(self._example_depth)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "div":
            if self._example_depth == self._divs:
                self._example_depth = 0
            self._divs -= 1


DEFAULT_SITE_URL = "http://127.0.0.1:8000/"


def site_url(site: Path) -> str:
    """The site's public root URL, from the home page's canonical link (MkDocs' ``site_url``)."""
    home = (site / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<link rel="canonical" href="([^"]+)"', home)
    return m.group(1) if m else DEFAULT_SITE_URL


@cache
def _parse(path: Path) -> Page:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.page


def _target_file(site: Path, url_path: str) -> Path | None:
    """The file that serves ``url_path`` (relative to the site root), as a static server would."""
    path = site / unquote(url_path).lstrip("/")
    if url_path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path if path.is_file() else None


def check_site(site: Path) -> tuple[list[str], dict[str, set[str]], dict[str, int]]:
    """(problems, external url -> pages, counts) for every page of ``site``."""
    base = site_url(site)
    root = urlparse(base)
    problems: list[str] = []
    external: dict[str, set[str]] = defaultdict(set)
    counts = {"pages": 0, "internal links": 0, "anchors": 0, "links in examples": 0, "external links": 0}

    def check(page_rel: str, url: str, where: str) -> None:
        page_url = urljoin(base, page_rel)
        absolute = urljoin(page_url, url)
        parsed = urlparse(absolute)
        if parsed.scheme in SKIP_SCHEMES:
            return
        if (parsed.scheme, parsed.netloc) != (root.scheme, root.netloc) or not parsed.path.startswith(root.path):
            external[absolute].add(page_rel or "/")
            counts["external links"] += 1
            return
        counts["internal links"] += 1
        rel_path = parsed.path[len(root.path) :]
        target = _target_file(site, rel_path)
        if target is None:
            problems.append(f"{where}: {url} -> /{rel_path} does not exist")
            return
        if parsed.fragment and target.suffix == ".html":
            counts["anchors"] += 1
            if unquote(parsed.fragment) not in _parse(target).ids:
                problems.append(f"{where}: {url} -> no id {parsed.fragment!r} in /{target.relative_to(site).as_posix()}")

    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        page_rel = rel.removesuffix("index.html")
        counts["pages"] += 1
        page = _parse(path)
        duplicates = sorted({i for i in page.ids if page.ids.count(i) > 1})
        if duplicates:
            problems.append(f"{rel}: duplicate id(s) {duplicates[:10]}")
        for tag, url, in_example in page.links:
            counts["links in examples"] += in_example
            # 404.html is served at any depth, so its links are absolute; canonical links name the public URL
            check(page_rel, url, f"{rel} <{tag}>{' (in an example)' if in_example else ''}")

    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    for doc in index["docs"]:
        check("", doc["location"] or "./", f"search index entry {doc['title']!r}")
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap):
        check("", loc, "sitemap.xml")
    return problems, external, counts


@pytest.fixture(scope="module")
def link_check(built_site):
    problems, external, counts = check_site(built_site)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lines = [f"# External links in the built site ({len(external)}), never fetched by the tests", ""]
    for url in sorted(external):
        lines.append(f"{url}\n    on: {', '.join(sorted(external[url]))}")
    lines += ["", "# Counts", *(f"{k}: {v}" for k, v in counts.items())]
    (ARTIFACTS / "external-links.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return problems, external, counts


def test_every_internal_link_and_anchor_resolves(link_check):
    problems, _, counts = link_check
    assert not problems, f"{len(problems)} broken link(s):\n" + "\n".join(problems[:80])
    assert counts["pages"] >= 12 and counts["internal links"] > 1000 and counts["anchors"] > 300, counts


def test_external_links_are_listed_not_fetched(link_check, built_site):
    _, external, _ = link_check
    report = (ARTIFACTS / "external-links.txt").read_text(encoding="utf-8")
    for url in external:
        assert url in report
        assert not url.startswith(site_url(built_site))


def test_the_checker_finds_a_broken_link_and_a_broken_anchor(tmp_path):
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "search").mkdir()
    (site / "search/search_index.json").write_text('{"docs": [{"location": "a/#x", "title": "A"}]}', encoding="utf-8")
    (site / "sitemap.xml").write_text(f"<urlset><url><loc>{DEFAULT_SITE_URL}a/</loc></url></urlset>", encoding="utf-8")
    (site / "a/index.html").write_text(
        '<h2 id="x">X</h2><a href="#x">ok</a><a href="#y">bad anchor</a><a href="../b/">missing page</a>'
        '<div class="example" data-snippet="s.py"><a href="../a/#z">bad, printed by an example</a></div>'
        '<a href="https://example.org/">external</a>',
        encoding="utf-8",
    )
    (site / "index.html").write_text('<a href="a/#x">ok</a>', encoding="utf-8")
    problems, external, counts = check_site(site)
    assert len(problems) == 3, problems
    assert any("'y'" in p for p in problems) and any("/b/" in p for p in problems)
    assert any("in an example" in p and "'z'" in p for p in problems)
    assert set(external) == {"https://example.org/"}
    assert counts["links in examples"] == 1


def test_every_entry_has_a_page_reached_from_its_topic_the_search_the_symbol_index_and_the_cheat_sheet(built_site):
    """Entry pages live at ``entries/<id>/`` whatever their topic; each old ``<topic>/#<id>``
    link still resolves, to the entry's row on the topic page."""
    from notation_site.model.catalog import load

    catalog = load(ROOT)
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    locations = {d["location"] for d in index["docs"]}

    def links_of(page: str) -> set[str]:
        base = urljoin(DEFAULT_SITE_URL, page)
        return {urlparse(urljoin(base, url)).path for _, url, _ in _parse(built_site / page / "index.html").links}

    views = {name: links_of(name + "/") for name in ("symbol-index", "cheat-sheet")}
    placed = catalog.placed()
    assert len(placed) == len(catalog.entries) >= 100
    for entry in placed:
        page = f"entries/{entry.id}/"
        assert (built_site / page / "index.html").is_file(), page
        topic = catalog.topic_of(entry).page.removesuffix(".md") + "/"
        assert entry.id in _parse(built_site / topic / "index.html").ids, f"{topic}#{entry.id} no longer resolves"
        assert "/" + page in links_of(topic), f"{topic} does not link {page}"
        assert page in locations, f"search has no result for {page}"
        for name, links in views.items():
            assert "/" + page in links, f"{name} does not link {page}"
