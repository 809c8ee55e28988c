"""Check the page links written in entries, so a broken one is reported at its own line.

An entry is shown on its topic page, so MkDocs would report a broken ``[text](page.md)``
in an entry against ``docs/<topic>.md``, without the entry or the line. Here each such
link (links to ``#id`` are checked by the validator, external URLs are not checked) must
name an existing page under ``docs/``, and its ``#anchor``, if any, an entry shown on that
page or one of the page's own headings.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from markdown.extensions.toc import slugify

from notation_site.checks.problem import Problem, strip_code
from notation_site.model.catalog import Catalog
from notation_site.model.paths import DOCS_DIR

_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*(?:\{[^}]*#([\w-]+)[^}]*\})?\s*#*\s*$", re.M)


def _page_anchors(page: Path, entry_ids: list[str]) -> set[str]:
    text = page.read_text(encoding="utf-8")
    anchors = set(entry_ids)
    for m in _HEADING.finditer(text):
        anchors.add(m.group(2) or slugify(re.sub(r"[`*_]", "", m.group(1)), "-"))
    return anchors


def entry_link_problems(catalog: Catalog) -> list[Problem]:
    """A ``Problem`` for each entry link to a missing page or anchor."""
    docs = catalog.root / DOCS_DIR
    topic_entries = {t.page: list(t.entry_ids) for t in catalog.topics}
    problems = []
    for entry in catalog.all_entries:
        for i, line in strip_code(entry.body):
            for target in _LINK.findall(line):
                parsed = urlparse(target)
                if parsed.scheme or parsed.netloc or target.startswith("#") or not parsed.path:
                    continue
                where = (entry.path, entry.doc.body_line + i)
                # entries are shown on topic pages in docs/, so links resolve from there
                page = (docs / unquote(parsed.path)).resolve()
                if page.is_dir():
                    page = page / "index.md"
                if page.suffix != ".md" and (page.with_suffix(".md")).is_file():
                    page = page.with_suffix(".md")
                if not page.is_file():
                    problems.append(
                        Problem(*where, f"link to missing page '{target}'", "link to a page under docs/, e.g. [text](calculus.md#gradient), or to an entry as [text](#id)")
                    )
                    continue
                if parsed.fragment and page.suffix == ".md":
                    rel = page.relative_to(docs.resolve()).as_posix()
                    if unquote(parsed.fragment) not in _page_anchors(page, topic_entries.get(rel, [])):
                        problems.append(
                            Problem(*where, f"link to missing anchor '#{parsed.fragment}' on {rel}", "use an entry id shown on that page or one of its headings")
                        )
    return problems
