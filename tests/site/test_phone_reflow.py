"""Reading on a phone: every computed value and every display formula can be seen (issue 20).

Every page is opened once per width: 390 px (a current phone), 320 px (a small phone, and what
WCAG 1.4.10 Reflow asks for: 1280 px at 400 %) and 640 px at device scale 2, which is what
Chrome's 200 % zoom of a 1280 px window gives (the CSS viewport halves, pixels double) and so
the same media queries, font sizes and line breaks. One ``page.evaluate`` measures:

(a) computed values (``dl.computed dd`` and every cell of a ``table.computed``) whose left
    edge lies past the visible right edge of what clips them;
(b) display formulas (``.katex-display``) that reach outside the visible part of the page.

Either is fine only behind a *visible scroll cue*: the box that hides it scrolls sideways
(``overflow-x`` auto/scroll and wider content than box), is reachable by keyboard
(``tabIndex >= 0``), wears the scroll-shadow cue (``background-attachment`` has both ``local``,
the covers that scroll with the content, and ``scroll``, the shadows fixed at the edges, over
gradient images) and has its own right edge on screen, so the shadow there can be seen.
Anything hidden by the page itself (it would scroll the whole page sideways) or by a box that
clips without scrolling has no cue. Both counts must be zero; they are printed per page.
"""

from __future__ import annotations

import asyncio

import pytest

from browser import CHROMIUM, CHROMIUM_ARGS, serve
from sweep import site_pages

pytestmark = pytest.mark.browser

WIDTHS = {
    "390px": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1},
    "320px": {"viewport": {"width": 320, "height": 640}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1},
    # Chrome's page zoom at 200 % on a 1280 × 800 window: a 640 × 400 CSS viewport at scale 2.
    "zoom200": {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2},
}

MEASURE = r"""async () => {
  await document.fonts.ready;
  // a11y.js marks scroll regions in an animation frame after load: let it run
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const vw = document.documentElement.clientWidth;
  const clips = el => !/visible/.test(getComputedStyle(el).overflowX);
  // the horizontal span of el's padding box that the viewport and every clipping ancestor let show
  function visible(el) {
    let l = 0, r = vw;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (!clips(a)) continue;
      const b = a.getBoundingClientRect();
      l = Math.max(l, b.left + a.clientLeft);
      r = Math.min(r, b.left + a.clientLeft + a.clientWidth);
    }
    return [l, r];
  }
  function cue(box) {
    const s = getComputedStyle(box);
    const scrolls = /auto|scroll/.test(s.overflowX) && box.scrollWidth > box.clientWidth + 1;
    const shadow = /gradient/.test(s.backgroundImage) && /local/.test(s.backgroundAttachment) && /scroll/.test(s.backgroundAttachment);
    const b = box.getBoundingClientRect();
    const right = b.left + box.clientLeft + box.clientWidth;
    const [, r] = visible(box);
    return scrolls && shadow && box.tabIndex >= 0 && right <= r + 1;
  }
  // the innermost clipping ancestor whose visible part does not hold [left, right]
  function hider(el, left, right) {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (!clips(a)) continue;
      const b = a.getBoundingClientRect();
      const l = b.left + a.clientLeft, r = l + a.clientWidth;
      if (left < l - 1 || right > r + 1) return a;
    }
    return null;
  }
  const describe = el => {
    const ex = el.closest("[data-snippet]");
    const id = el.closest("[id]");
    return (ex ? ex.dataset.snippet : id ? "#" + id.id : el.tagName.toLowerCase()) + ": " + (el.innerText || "").trim().replace(/\s+/g, " ").slice(0, 40);
  };
  const out = {values: 0, facts: 0, hiddenValues: [], hiddenFacts: 0, formulas: 0, overflowing: 0, uncuedFormulas: []};
  for (const el of document.querySelectorAll("dl.computed > dd, table.computed td, table.computed th")) {
    const b = el.getBoundingClientRect();
    if (!b.width && !b.height) continue;
    if (!el.textContent.trim()) continue;  // the empty corner cell holds nothing to see
    out.values++;
    const fact = el.tagName === "DD";
    if (fact) out.facts++;
    const [l, r] = visible(el);
    if (b.left < r - 1 && b.left >= l - 1) continue;  // starts on screen
    const h = hider(el, b.left - 2, b.left + 2);
    if (h && cue(h)) continue;
    out.hiddenValues.push(describe(el) + ` (x=${Math.round(b.left)})`);
    if (fact) out.hiddenFacts++;
  }
  for (const el of document.querySelectorAll(".katex-display")) {
    const html = el.querySelector(".katex-html");
    if (!html) continue;
    out.formulas++;
    let left = Infinity, right = -Infinity;
    for (const part of html.children) {
      const b = part.getBoundingClientRect();
      if (!b.width) continue;
      left = Math.min(left, b.left);
      right = Math.max(right, b.right);
    }
    if (right === -Infinity) continue;
    const [l, r] = visible(html);
    if (left >= l - 1 && right <= r + 1) continue;
    out.overflowing++;
    const h = hider(html, left, right);
    if (!(h && cue(h))) out.uncuedFormulas.push(describe(el) + ` (${Math.round(left)}..${Math.round(right)} of ${Math.round(l)}..${Math.round(r)})`);
  }
  out.pageOverflow = document.documentElement.scrollWidth - vw;
  return out;
}"""


# The site's narrow-screen rules undone: facts in two columns, formulas on one line at KaTeX's
# size, no scroll shadows. Measured with these, the pages must show the faults again.
UNDONE = """
.md-typeset dl.computed { grid-template-columns: max-content 1fr !important; }
.md-typeset .katex-display > .katex { white-space: nowrap !important; font-size: 1.21em !important; }
.md-typeset .math-display, .md-typeset .entry-symbol, .md-typeset .example,
.md-typeset table.computed { background: none !important; }
"""


async def _measure(site, pages: list[str], modes: list[str], style: str) -> dict[str, dict[str, dict]]:
    from playwright.async_api import async_playwright

    async def one(browser, base_url: str, mode: str) -> tuple[str, dict[str, dict]]:
        # with a stylesheet to add, the page's Content-Security-Policy (no inline styles) is set aside
        context = await browser.new_context(**WIDTHS[mode], bypass_csp=bool(style))
        page = await context.new_page()
        results = {}
        try:
            for path in pages:
                await page.goto(base_url + path, wait_until="load")
                if style:
                    await page.add_style_tag(content=style)
                results[path] = await page.evaluate(MEASURE)
        finally:
            await context.close()
        return mode, results

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with serve(site) as base_url:
                return dict(await asyncio.gather(*(one(browser, base_url, m) for m in modes)))
        finally:
            await browser.close()


def measure(site, pages: list[str], modes: list[str], style: str = "") -> dict[str, dict[str, dict]]:
    """``MEASURE`` on every page at each width (``WIDTHS``): {mode: {page: result}}. One load and
    one evaluate per page and width; the widths run at once, a browser context each, so that
    both cores are busy. ``style``, if given, is added to each page as a stylesheet first."""
    return asyncio.run(_measure(site, pages, modes, style))


@pytest.fixture(scope="module")
def measured(built_site) -> dict[str, dict[str, dict]]:
    pages = [p for p in site_pages(built_site) if not p.endswith(".html")]  # 404.html: no content
    return measure(built_site, pages, list(WIDTHS))


def report(mode: str, results: dict[str, dict]) -> tuple[int, int]:
    """Print the counts per page and in total; return (hidden values, uncued formulas)."""
    values = sum(r["values"] for r in results.values())
    formulas = sum(r["formulas"] for r in results.values())
    hidden = sum(len(r["hiddenValues"]) for r in results.values())
    overflowing = sum(r["overflowing"] for r in results.values())
    uncued = sum(len(r["uncuedFormulas"]) for r in results.values())
    facts = sum(r["facts"] for r in results.values())
    hidden_facts = sum(r["hiddenFacts"] for r in results.values())
    print(f"\n[{mode}] computed values hidden without a scroll cue: {hidden} of {values} "
          f"({hidden_facts} of {facts} facts values, {hidden - hidden_facts} of {values - facts} table cells); "
          f"display formulas overflowing without a cue: {uncued} of {formulas} "
          f"({overflowing} overflow, {overflowing - uncued} of them behind a cue)")
    for path, r in results.items():
        if r["hiddenValues"] or r["uncuedFormulas"] or r["pageOverflow"] > 0:
            print(f"  {path or '/'}: {len(r['hiddenValues'])} values, {len(r['uncuedFormulas'])} formulas, "
                  f"page overflow {r['pageOverflow']} px")
            for item in (r["hiddenValues"] + r["uncuedFormulas"])[:5]:
                print(f"      {item}")
    return hidden, uncued


@pytest.mark.parametrize("mode", list(WIDTHS))
def test_every_computed_value_and_formula_is_visible_or_behind_a_scroll_cue(measured, mode):
    results = measured[mode]
    assert sum(r["values"] for r in results.values()) > 100, "no computed values found: selectors out of date?"
    assert sum(r["formulas"] for r in results.values()) > 50, "no display formulas found: selectors out of date?"
    hidden, uncued = report(mode, results)
    assert (hidden, uncued) == (0, 0), f"{mode}: {hidden} computed values and {uncued} formulas cannot be seen (listed above)"


def test_the_measure_finds_hidden_values_and_uncued_formulas_when_the_narrow_screen_rules_are_undone(built_site):
    """A check on the check: the same measure, on two dense pages with the narrow-screen rules
    overridden, counts facts values past the edge, table cells behind no cue and formulas cut
    off without one (before these rules: 282, 499 and 52 over the whole site at 390 px)."""
    dense = ["entries/attention/", "entries/gradient/", "entries/token/", "entries/keep-top-k/"]
    results = measure(built_site, dense, ["390px"], style=UNDONE)["390px"]
    facts = sum(r["hiddenFacts"] for r in results.values())
    cells = sum(len(r["hiddenValues"]) - r["hiddenFacts"] for r in results.values())
    formulas = sum(len(r["uncuedFormulas"]) for r in results.values())
    print(f"\n[390px, rules undone, {', '.join(dense)}] hidden facts values {facts}, "
          f"hidden table cells {cells}, uncued formulas {formulas}")
    assert facts > 0 and cells > 0 and formulas > 0, (facts, cells, formulas)
