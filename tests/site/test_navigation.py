"""Moving around the site as a reader does: instant navigation, deep links, the keyboard."""

from __future__ import annotations

import re

import pytest

from browser import is_local
from conftest import ROOT
from notation_site.model.catalog import load
from sweep import CSP_LISTENER, MODES

pytestmark = pytest.mark.browser

HEADER_ROOM = 160  # px: a deep-linked entry lands below the sticky header, near the top

MATH_STATE = """() => {
  const article = document.querySelector("article");
  const text = article ? article.innerText : "";
  return {
    katex: document.querySelectorAll("article .katex").length,
    unrendered: document.querySelectorAll("article .arithmatex").length,
    raw: /\\\\\\(|\\$\\$/.test(text),
    font: document.fonts.check("16px NotationMath_Main"),
    marker: window.__notReloaded === true,
    path: location.pathname + location.hash,
  };
}"""


def _sitemap_on_this_server(context, site, base_url: str) -> None:
    """Serve the sitemap with this server's address in place of ``site_url``'s.

    Material's instant navigation only intercepts links listed in sitemap.xml, matched with
    the host of the page but the port of ``site_url`` (127.0.0.1:8000 in tests; the real
    address when deployed). The tests serve on a free port, so the sitemap is rewritten.
    """
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    public = re.search(r"<loc>([^<]+)</loc>", sitemap).group(1)  # the home page's public address
    body = sitemap.replace(public, base_url)
    context.route("**/sitemap.xml", lambda route: route.fulfill(body=body, content_type="application/xml"))


@pytest.fixture()
def watched(browser, built_site, base_url):
    """A desktop page whose console errors, page errors and third-party requests are recorded
    (and, in ``window.__cspViolations``, what the Content-Security-Policy refused)."""
    context = browser.new_context(**MODES["desktop-light"])
    context.add_init_script(CSP_LISTENER)
    _sitemap_on_this_server(context, built_site, base_url)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("request", lambda r: None if is_local(r.url) else problems.append(f"third-party request: {r.url}"))
    yield page, problems
    context.close()


def _settle(page) -> None:
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => new Promise(r => setTimeout(r, 300)))")


def _math_ok(page) -> dict:
    state = page.evaluate(MATH_STATE)
    assert state["katex"] > 10 and state["unrendered"] == 0 and not state["raw"] and state["font"], state
    return state


def _top(page, element_id: str) -> float:
    return page.evaluate("id => document.getElementById(id).getBoundingClientRect().top", element_id)


def test_instant_navigation_keeps_the_math_rendered(watched, base_url):
    page, problems = watched
    page.goto(base_url)
    _settle(page)
    page.evaluate("window.__notReloaded = true")
    page.locator('.md-nav--primary a.md-nav__link[href$="building-blocks/"]').first.click()
    page.wait_for_url("**/building-blocks/")
    _settle(page)
    assert _math_ok(page)["marker"], "the click reloaded the page: instant navigation is off"
    # from the topic's overview to an entry's own page
    page.locator("#softmax a.entry-row__name").click()
    page.wait_for_url("**/entries/softmax/")
    _settle(page)
    assert _math_ok(page)["marker"]
    # an entry of another topic, from a link inside an entry
    target = page.evaluate(
        """() => {
          const a = [...document.querySelectorAll("article a[href]")].find(a =>
            /\\/entries\\/[a-z0-9-]+\\/$/.test(new URL(a.href).pathname) && !a.closest(".entry-pager") &&
            !a.closest(".katex, .formula-symbols") &&  // a formula's symbol links: no box of their own, or hidden until focused
            !new URL(a.href).pathname.endsWith("/entries/softmax/"));
          a.dataset.testTarget = "";
          return new URL(a.href).pathname.split("/").slice(-2)[0];
        }"""
    )
    link = page.locator("article a[data-test-target]")
    # Material saves the scroll offset 100 ms after scrolling stops, into whatever history
    # entry is current then; a click sooner than that lands the next page at the old offset.
    link.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    link.click()
    page.wait_for_url(f"**/entries/{target}/")
    _settle(page)
    state = _math_ok(page)
    assert state["marker"] and state["path"].endswith(f"/entries/{target}/")
    page.go_back()
    page.wait_for_url("**/entries/softmax/")
    _settle(page)
    assert _math_ok(page)["marker"]
    # each page swapped in brings its own policy, which the browser adds to those it enforces
    assert page.evaluate("window.__cspViolations") == []
    assert problems == []


def _last_rows(catalog) -> list[tuple[str, str]]:
    return [(topic.page.removesuffix(".md"), topic.entry_ids[-1]) for topic in catalog.topics if topic.entry_ids]


@pytest.mark.parametrize("mode", ["desktop-light", "mobile-light"])
def test_an_old_topic_link_lands_on_the_entry_row_without_javascript(browser, base_url, mode):
    """``<topic>/#<id>``, published when entries lived on their topic pages, for the last entry
    of every topic page (the furthest a layout shift could push it): with JavaScript off, the
    topic page opens with that entry's row at the top."""
    context = browser.new_context(**MODES[mode], java_script_enabled=False)
    page = context.new_page()
    misplaced = []
    for topic, entry_id in _last_rows(load(ROOT)):
        page.goto(f"{base_url}{topic}/#{entry_id}", wait_until="load")
        page.wait_for_timeout(300)  # no script runs (so no evaluate with timers): let late layout land
        where = page.evaluate(
            """id => {
              const e = document.getElementById(id);
              if (!e || !e.matches("li.entry-row")) return null;
              const r = e.getBoundingClientRect(), s = document.scrollingElement;
              return {top: r.top, bottom: r.bottom, height: innerHeight,
                      atEnd: s.scrollTop + innerHeight >= s.scrollHeight - 2};
            }""",
            entry_id,
        )
        # at the top below the header, or, when the page is too short to scroll that far,
        # scrolled to its end with the whole row in view
        ok = where is not None and where["top"] >= 0 and (
            where["top"] <= HEADER_ROOM or (where["atEnd"] and where["bottom"] <= where["height"])
        )
        if not ok:
            misplaced.append(f"{topic}/#{entry_id}: {where}")
    context.close()
    assert not misplaced, misplaced


def test_an_old_topic_link_forwards_to_the_entry_page_with_javascript(browser, built_site, base_url):
    """With JavaScript, ``<topic>/#<id>`` goes on to ``entries/<id>/``, replacing the history
    entry; an anchor of the topic page that is not an entry stays where it is."""
    context = browser.new_context(**MODES["desktop-light"])
    _sitemap_on_this_server(context, built_site, base_url)
    page = context.new_page()
    wrong = []
    for topic, entry_id in _last_rows(load(ROOT)):
        page.goto(f"{base_url}{topic}/#{entry_id}")
        page.wait_for_url(f"**/entries/{entry_id}/", timeout=10_000)
        _settle(page)
        if page.evaluate("location.pathname") != f"/entries/{entry_id}/":
            wrong.append(f"{topic}/#{entry_id} -> {page.url}")
    assert not wrong, wrong
    # "back" leaves the forwarded link out: it returns to the page before it
    page.goto(base_url + "shapes/")
    _settle(page)
    page.goto(f"{base_url}transformer/#attention")
    page.wait_for_url("**/entries/attention/")
    page.go_back()
    page.wait_for_url("**/shapes/")
    # not an entry: no forwarding
    page.goto(f"{base_url}transformer/#__skip-no-such-entry")
    _settle(page)
    assert page.evaluate("location.pathname") == "/transformer/"
    context.close()


def _tab_until(page, selector: str, limit: int = 40) -> bool:
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return True
    return False


def test_keyboard_users_reach_search(watched, base_url):
    page, problems = watched
    page.goto(base_url + "shapes/")
    _settle(page)
    assert _tab_until(page, "input.md-search__input"), "Tab never reaches the search box"
    page.keyboard.type("softmax")
    page.locator(".md-search-result__item").first.wait_for()
    page.keyboard.press("Escape")
    # Material's shortcut: "/" (or "s") focuses search from anywhere on the page
    page.locator("article.md-content__inner h1").click()
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.matches('input.md-search__input')")
    assert problems == []


def test_keyboard_users_reach_the_symbol_index_filter(watched, base_url, built_site):
    if not (built_site / "symbol-index/index.html").is_file():
        pytest.skip("this build has no symbol index page")
    page, problems = watched
    page.goto(base_url + "symbol-index/")
    _settle(page)
    assert _tab_until(page, "#symbol-filter-input", limit=60), "Tab never reaches the symbol filter"
    rows = "() => [...document.querySelectorAll('#symbol-table tbody tr')].filter(r => !r.hidden && r.offsetParent).length"
    before = page.evaluate(rows)
    page.keyboard.type("softmax")
    page.wait_for_function(f"({rows})() < {before}")
    assert 0 < page.evaluate(rows) < before
    assert problems == []


def test_keyboard_users_can_scroll_content_wider_than_a_phone(browser, base_url):
    context = browser.new_context(**MODES["mobile-light"])
    page = context.new_page()
    page.goto(base_url + "entries/attention/")
    _settle(page)
    regions = page.locator("[data-scroll-region]")
    assert regions.count() > 0, "nothing is marked as a scrollable region on a phone"
    # every region that overflows is focusable, and nothing that fits gets a tab stop
    stray = page.evaluate(
        """() => [...document.querySelectorAll('[data-scroll-region]')]
             .filter(e => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1).length"""
    )
    assert stray == 0
    # the first one on screen (a code block in a folded <details> is marked too, but hidden)
    first = page.locator("[data-scroll-region]:visible").first
    first.focus()
    before = first.evaluate("e => e.scrollLeft")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    assert first.evaluate("e => e.scrollLeft") > before
    context.close()
