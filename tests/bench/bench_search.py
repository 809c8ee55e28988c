"""Symbol search: index size, time to a ready search box, time from the last keystroke to rendered results."""

from __future__ import annotations

import gzip
import statistics

from browser import chromium, serve
from search_driver import load_queries, open_search

# In the page: the time of the last keydown in the search box, and of the last change to
# the result list (Material's rendering, then the summaries and math swapped in).
_INSTALL = """() => {
  window.__bench = { t0: 0, last: 0 };
  const box = document.querySelector('input[data-md-component=search-query]');
  box.addEventListener('keydown', () => { window.__bench.t0 = performance.now(); }, true);
  const list = document.querySelector('.md-search-result__list');
  new MutationObserver(() => { window.__bench.last = performance.now(); })
    .observe(list, { childList: true, subtree: true, attributes: true, characterData: true });
}"""

_DONE = """(query) => {
  const s = window.__notationSearch.state;
  return s.lastQuery === query && s.received >= s.sent && window.__bench.last > window.__bench.t0
    && !document.querySelector('.md-search-result__article[data-pending]');
}"""


def _time_to_ready(browser, url: str, loads: int = 5) -> float:
    """Median ms from the search shortcut (the index is fetched only then) to a ready search."""
    samples = []
    for _ in range(loads):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "transformer/")
        page.wait_for_load_state("networkidle")
        t0 = page.evaluate("() => performance.now()")
        page.keyboard.press("/")
        page.wait_for_function("() => window.__notationSearch && window.__notationSearch.state.ready", timeout=20000)
        samples.append(page.evaluate("() => performance.now()") - t0)
        context.close()
    return statistics.median(samples)


def _size(path) -> str:
    raw = path.read_bytes()
    return f"{len(raw) / 1024:.1f} KiB raw, {len(gzip.compress(raw, 9)) / 1024:.1f} KiB gzip"


def run(ctx) -> list[tuple[str, str]]:
    site = ctx.site
    rows = [
        ("search index (search/search_index.json)", _size(site / "search/search_index.json")),
        ("result summaries and math (search/results.json)", _size(site / "search/results.json")),
        ("search script (notation-search.js + data)", _size_many(
            site / "javascripts/notation-search.js", site / "assets/javascripts/notation-search-data.js")),
    ]
    queries = [q["q"] for q in load_queries()]
    times, slow = [], []
    with serve(site) as url, chromium() as browser:
        ready = _time_to_ready(browser, url)
        page = browser.new_page()
        open_search(page, url)
        page.evaluate(_INSTALL)
        box = page.locator("input[data-md-component=search-query]")
        for query in ["warm up", *queries]:
            box.fill("")
            page.wait_for_function("() => window.__notationSearch.state.lastQuery === ''")
            box.focus()
            if len(query) > 1:
                page.keyboard.type(query[:-1])
                page.wait_for_function(
                    "(q) => { const s = window.__notationSearch.state; return s.lastQuery === q && s.received >= s.sent; }",
                    arg=query[:-1],
                )
            page.wait_for_timeout(20)
            page.evaluate("() => { window.__bench.last = 0; }")
            page.keyboard.type(query[-1])
            page.wait_for_function(_DONE, arg=query, timeout=10000)
            page.wait_for_timeout(30)  # let the last swaps land
            t0, last = page.evaluate("() => [window.__bench.t0, window.__bench.last]")
            if query != "warm up":
                times.append(last - t0)
                slow.append((last - t0, query))
        browser_version = browser.version
    times.sort()
    rows += [
        ("search shortcut to a ready search (index fetched then), median of 5 cold", f"{ready:.0f} ms"),
        ("queries timed (tests/site/search_queries.yml)", str(len(times))),
        ("keystroke to rendered results, median", f"{statistics.median(times):.1f} ms"),
        ("keystroke to rendered results, 90th percentile", f"{times[int(0.9 * (len(times) - 1))]:.1f} ms"),
        ("keystroke to rendered results, slowest", f"{times[-1]:.1f} ms"),
        ("slowest queries", ", ".join(f"{q!r} {t:.0f} ms" for t, q in sorted(slow, reverse=True)[:5])),
        ("browser", f"chromium {browser_version}, headless"),
    ]
    return rows


def _size_many(*paths) -> str:
    raw = b"".join(p.read_bytes() for p in paths)
    return f"{len(raw) / 1024:.1f} KiB raw, {len(gzip.compress(raw, 9)) / 1024:.1f} KiB gzip"
