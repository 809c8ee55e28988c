"""Drive the site's search box in a real browser and read the results as a reader sees them.

Used by tests/site/test_search.py and tests/bench/bench_search.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

import yaml

QUERIES = Path(__file__).resolve().parent / "site" / "search_queries.yml"

# Results of the query in the box, once Material has rendered them: every result link in
# page order with its score, its group (one per page) and whether it is the page's header.
_READ_RESULTS = """() => Array.from(document.querySelectorAll('.md-search-result__list > li'))
  .flatMap((li, group) => Array.from(li.querySelectorAll('a.md-search-result__link')).map(a => {
    const article = a.querySelector('article');
    const heading = article.querySelector('h1, h2');
    return {
      href: a.getAttribute('href'),
      score: parseFloat(article.dataset.mdScore || '0'),
      title: heading ? heading.textContent.trim() : '',
      html: article.innerHTML,
      group: group,
      header: !!article.querySelector('h1'),
      folded: !!a.closest('details.md-search-result__more'),
    };
  }))"""

_SETTLED = """(query) => {
  const s = window.__notationSearch && window.__notationSearch.state;
  return !!s && s.lastQuery === query && s.received >= s.sent;
}"""


@dataclass
class Result:
    href: str
    score: float
    title: str
    html: str
    group: int
    header: bool
    folded: bool

    @property
    def path(self) -> str:
        return urlparse(self.href).path

    @property
    def anchor(self) -> str:
        return urlparse(self.href).fragment

    @property
    def entry(self) -> str | None:
        """The id of the entry whose page the result leads to (``.../entries/<id>/``), else None."""
        m = re.search(r"/entries/([a-z0-9-]+)/$", self.path)
        return m.group(1) if m and not self.anchor else None


def load_queries() -> list[dict]:
    return yaml.safe_load(QUERIES.read_text(encoding="utf-8"))["queries"]


def open_search(page, base_url: str) -> None:
    """Load the home page, open the search box and wait until the index is ready."""
    page.goto(base_url)
    page.wait_for_load_state("networkidle")
    page.keyboard.press("/")
    box = page.locator("input[data-md-component=search-query]")
    box.wait_for(state="visible")
    page.wait_for_function("() => window.__notationSearch && window.__notationSearch.state.ready", timeout=20000)


def clear(page) -> None:
    box = page.locator("input[data-md-component=search-query]")
    box.fill("")
    page.wait_for_function(_SETTLED, arg="", timeout=10000)


def search(page, query: str, how: str = "type") -> list[Result]:
    """Enter ``query`` into the empty search box and return the ranked results.

    ``how``: "type" presses a key per character (keydown, input, keyup); "insert" inserts
    the text at once with an input event and no key events, as a paste or an IME does.
    """
    clear(page)
    box = page.locator("input[data-md-component=search-query]")
    box.focus()
    if how == "type":
        page.keyboard.type(query)
    elif how == "insert":
        page.keyboard.insert_text(query)
    else:
        raise ValueError(f"unknown input method {how!r}")
    page.wait_for_function(_SETTLED, arg=query, timeout=10000)
    return [Result(**r) for r in page.evaluate(_READ_RESULTS)]


def ranked(results: list[Result]) -> list[Result]:
    """Results in the order a reader meets them.

    Material groups results by page (best page first) and shows each page as a header
    over its best sections; the page's other matches are folded under "N more on this
    page". The header counts as a result only when the page itself scored best in its
    group. Folded results come after every result shown unfolded.
    """
    shown, folded = [], []
    for group in sorted({r.group for r in results}):
        items = [r for r in results if r.group == group]
        best_section = max((r.score for r in items if not r.header), default=0.0)
        for r in items:
            if r.score > 0 and (not r.header or r.score >= best_section):
                (folded if r.folded else shown).append(r)
    return shown + folded


def rank_of(results: list[Result], entry_id: str) -> int | None:
    """1-based position of the entry among the ranked results, or None."""
    for i, r in enumerate(ranked(results), start=1):
        if r.entry == entry_id:
            return i
    return None
