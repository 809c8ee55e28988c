"""Visit every page of a built site in Debian's chromium and record what a reader would meet.

Pages are opened at two viewports (desktop, mobile) in both colour schemes (Material's
``default`` and ``slate``, chosen through ``prefers-color-scheme``); ``plan`` decides which
page is visited in which mode (every page at least once, see there). For every visit the
sweep records console and page errors, Content-Security-Policy violations, every request
(failed ones and ones to other hosts apart), the math and the executed examples as they ended up in the DOM, the plots' text
alternatives, the axe-core violations and a full-page screenshot. Nothing here asserts:
``tests/site/test_sweep.py`` does, and ``make bench`` prints the totals.

The four modes run concurrently, one browser context each, so that two cores are both
busy; axe-core dominates the time.
"""

from __future__ import annotations

import asyncio
import functools
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from browser import CHROMIUM, CHROMIUM_ARGS, is_local, serve

ROOT = Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules/axe-core/axe.min.js"
ARTIFACTS = ROOT / "tests/artifacts"

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
MOBILE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1}
MODES = {
    "desktop-light": {**DESKTOP, "color_scheme": "light"},
    "desktop-dark": {**DESKTOP, "color_scheme": "dark"},
    "mobile-light": {**MOBILE, "color_scheme": "light"},
    "mobile-dark": {**MOBILE, "color_scheme": "dark"},
}
SHOT_MAX_HEIGHT = int(os.environ.get("SWEEP_SHOT_MAX_HEIGHT", "8192"))
# Material's palette: the scheme the page must show for each preference.
EXPECTED_SCHEME = {"light": "default", "dark": "slate"}

# One pass over the DOM after the page settled: everything the sweep asserts about the page.
INSPECT = r"""async () => {
  await document.fonts.ready;
  const skip = "code, pre, script, style, textarea, .katex-mathml";
  const raw = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.nodeValue;
    if (!/\\\(|\\\)|\\\[|\\\]|\$\$/.test(t)) continue;
    if (n.parentElement && n.parentElement.closest(skip)) continue;
    raw.push(t.trim().slice(0, 80));
  }
  const katex = [...document.querySelectorAll(".katex")];
  const silent = katex.filter(k => {
    const ml = k.querySelector(".katex-mathml math");
    const label = k.getAttribute("aria-label");
    return !(label && label.trim()) && !(ml && ml.textContent.trim());
  }).length;
  const visualNotHidden = [...document.querySelectorAll(".katex-html")].filter(h => h.getAttribute("aria-hidden") !== "true").length;
  const examples = [...document.querySelectorAll("div.example[data-snippet]")].map(d => ({
    snippet: d.dataset.snippet,
    text: d.innerText.trim().length,
    media: d.querySelectorAll("svg, img, table, .katex").length,
    traceback: /Traceback \(most recent call last\)/.test(d.innerText),
  }));
  const plots = [...document.querySelectorAll("figure.plot")].map(f => {
    const svg = f.querySelector("svg");
    const title = svg && svg.querySelector(":scope > title");
    const desc = svg && svg.querySelector(":scope > desc");
    const cap = f.querySelector("figcaption");
    return {
      role: svg ? svg.getAttribute("role") : null,
      title: title ? title.textContent.trim() : "",
      desc: desc ? desc.textContent.trim() : "",
      caption: cap ? cap.textContent.trim() : "",
    };
  });
  const usesKatexFont = katex.length > 0;
  return {
    scheme: document.body.getAttribute("data-md-color-scheme"),
    title: document.title,
    raw,
    katex: katex.length,
    katexErrors: document.querySelectorAll(".katex-error").length,
    unrendered: document.querySelectorAll(".arithmatex").length,
    silentMath: silent,
    visualNotHidden,
    katexFont: usesKatexFont ? document.fonts.check("16px NotationMath_Main") : true,
    // the math fonts the page has drawn with (a face is loaded only once text needs it) and
    // those its head preloads
    fontsDrawn: [...document.fonts].filter(f => f.status === "loaded" && f.family.replace(/["']/g, "").startsWith("NotationMath_"))
      .map(f => [f.family.replace(/["']/g, ""), f.weight, f.style]),
    fontsPreloaded: [...document.querySelectorAll('link[rel="preload"][as="font"]')].map(l => l.href.split("/").pop()),
    examples,
    sources: document.querySelectorAll("details.example-source").length,
    plots,
    overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""

# Before any script of the page: every Content-Security-Policy violation the page meets.
CSP_LISTENER = """window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", e => window.__cspViolations.push(
  `${e.effectiveDirective} blocked ${e.blockedURI || "?"} at ${e.sourceFile || "?"}:${e.lineNumber} ${e.sample}`.trim()));"""

AXE_RUN = """async (contrast) => {
  const r = await axe.run(document, {resultTypes: ["violations"], rules: {"color-contrast": {enabled: contrast}}});
  return r.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: (n.failureSummary || "").slice(0, 400)})),
  }));
}"""


@functools.cache
def axe_source() -> str:
    """axe-core's script, for ``page.evaluate``: the pages' Content-Security-Policy refuses the
    inline ``<script>`` that ``page.add_script_tag`` writes, while DevTools' evaluation is not
    subject to it."""
    return AXE.read_text(encoding="utf-8")


@dataclass
class Visit:
    """What one page looked like in one mode."""

    page: str
    mode: str
    errors: list[str] = field(default_factory=list)
    csp: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    dom: dict = field(default_factory=dict)
    axe: list[dict] = field(default_factory=list)
    screenshot: Path | None = None
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def third_party(self) -> list[str]:
        return [u for u in self.requests if not is_local(u)]

    def where(self) -> str:
        return f"{self.page or '/'} [{self.mode}]"

    def problems(self) -> list[str]:
        """What ``tests/site/test_sweep.py`` would report about this one visit: errors,
        Content-Security-Policy violations, failed requests and requests to other hosts, math
        left as TeX or failed, an example that shows a traceback or nothing, a page wider than
        the screen, and serious or critical axe violations (``make check-entry`` prints them for
        its entry's page)."""
        d = self.dom
        found = [*self.errors, *(f"Content-Security-Policy: {c}" for c in self.csp)]
        found += [*(f"failed request {f}" for f in self.failed), *(f"request to another host: {u}" for u in self.third_party)]
        found += [f"raw TeX in the text: {t!r}" for t in d.get("raw", [])]
        found += [f"{d[k]} {what}" for k, what in (("katexErrors", "KaTeX error node(s)"), ("unrendered", "formula(s) left unrendered")) if d.get(k)]
        found += [f"{ex['snippet']} shows {'a traceback' if ex['traceback'] else 'nothing'}"
                  for ex in d.get("examples", []) if ex["traceback"] or not (ex["text"] or ex["media"])]
        if d.get("overflowX", 0) > 0:
            found.append(f"the page is {d['overflowX']} px wider than the screen")
        found += [f"{v['impact']} accessibility violation {v['id']} ({v['help']}) on {len(v['nodes'])} node(s), e.g. {v['nodes'][0]['target']}"
                  for v in self.axe if v["impact"] in ("serious", "critical")]
        return [f"{self.where()}: {f}" for f in found]


@dataclass
class Sweep:
    visits: list[Visit]
    seconds: float = 0.0

    def pages(self) -> list[str]:
        return sorted({v.page for v in self.visits})

    def axe_by_impact(self) -> Counter[str]:
        """Violating nodes by impact, summed over every page and mode."""
        total: Counter[str] = Counter()
        for v in self.visits:
            for violation in v.axe:
                total[violation["impact"] or "unknown"] += len(violation["nodes"])
        return total


def site_pages(site: Path) -> list[str]:
    """Every HTML page of ``site`` as a URL path: ``""``, ``"shapes/"``, ``"404.html"``."""
    pages = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        pages.append(rel.removesuffix("index.html") if rel.endswith("index.html") else rel)
    return pages


def is_entry_page(page: str) -> bool:
    return page.startswith("entries/")


def representative_entries(site: Path, pages: list[str]) -> list[str]:
    """A fixed sample of entry pages: for each topic page, the largest of the entry pages it
    links (the most formulas, examples and plots of that topic, so the widest layouts)."""
    import re

    entries = set(p for p in pages if is_entry_page(p))
    chosen = []
    for page in pages:
        if is_entry_page(page) or not page.endswith("/"):
            continue
        html = (site / page / "index.html").read_text(encoding="utf-8")
        rows = re.findall(r'<li class="entry-row" id="([^"]+)"', html)
        linked = [f"entries/{i}/" for i in rows if f"entries/{i}/" in entries]
        if linked:
            chosen.append(max(linked, key=lambda p: ((site / p / "index.html").stat().st_size, p)))
    return sorted(set(chosen))


PAIRS = (("desktop-light", "mobile-dark"), ("desktop-dark", "mobile-light"))
"""The two visits of a page seen twice: one light and one dark, one desktop and one phone."""


def plan(site: Path, modes: list[str] | None = None) -> dict[str, list[str]]:
    """Which pages each mode visits.

    Every page other than an entry page (home, topic overviews, symbol index, cheat sheet,
    conventions, API, 404) and a fixed representative set of entry pages (the largest of each
    topic) are visited twice, in one of the ``PAIRS`` of modes, the pairs taken in turn: so
    each such page is seen in both colour schemes (axe's contrast rules) and at both widths.
    The home page and the first representative entry page are seen in all four modes. Every
    other entry page is visited once, the modes taken in turn (entry n in mode n mod 4).
    Entry pages share one template and topic pages another, so what depends on the mode (the
    theme's colours, the narrow layout) is seen on every template in every mode, and what
    depends on the content (examples, math, links, axe) on every page. How every page's
    content fits a phone is measured separately, every page at three narrow widths
    (``test_phone_reflow``). Every page in all four modes would not fit ``make test``'s 20
    minutes on two cores. ``modes`` (a subset of ``MODES``) keeps only those modes' visits.
    """
    pages = site_pages(site)
    sample = representative_entries(site, pages)
    twice = [p for p in pages if not is_entry_page(p)] + sample
    everywhere = {"", sample[0]} if sample else {""}
    out: dict[str, list[str]] = {m: [] for m in MODES}
    for n, page in enumerate(twice):
        for mode in MODES if page in everywhere else PAIRS[n % len(PAIRS)]:
            out[mode].append(page)
    rest = [p for p in pages if is_entry_page(p) and p not in twice]
    for n, page in enumerate(rest):
        out[list(MODES)[n % len(MODES)]].append(page)
    return {m: sorted(ps) for m, ps in out.items() if m in (modes or MODES)}


def _slug(page: str) -> str:
    return page.strip("/").replace("/", "_").removesuffix(".html") or "home"


async def _visit(context, base_url: str, page_path: str, mode: str, shots: Path | None, axe: bool, contrast: bool = True) -> Visit:
    visit = Visit(page=page_path, mode=mode)
    page = await context.new_page()
    page.on("console", lambda m: visit.errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: visit.errors.append(f"page error: {e}"))
    page.on("request", lambda r: visit.requests.append(r.url))
    page.on("requestfailed", lambda r: visit.failed.append(f"{r.url} ({r.failure})"))
    page.on("response", lambda r: visit.failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
    clock = time.perf_counter()

    def lap(name: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        visit.seconds[name] = now - clock
        clock = now

    try:
        await page.goto(base_url + page_path, wait_until="load")
        await page.wait_for_load_state("networkidle")
        lap("load")
        visit.dom = await page.evaluate(INSPECT)
        lap("inspect")
        if shots is not None:
            path = shots / mode / f"{_slug(page_path)}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            # Full page, cut at Chrome's largest texture: longer captures are stitched and slow.
            size = await page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            clip = {"x": 0, "y": 0, "width": size[0], "height": min(size[1], SHOT_MAX_HEIGHT)}
            await page.screenshot(path=str(path), full_page=True, clip=clip, timeout=120_000)
            visit.screenshot = path
            lap("screenshot")
        if axe:
            if mode.startswith("desktop"):
                # folded example code counts too: its highlighting must meet the contrast rules
                await page.evaluate("document.querySelectorAll('details:not([open])').forEach(d => d.open = true)")
            await page.evaluate(axe_source())
            visit.axe = await page.evaluate(AXE_RUN, contrast)
            lap("axe")
        visit.csp = await page.evaluate("window.__cspViolations")
    finally:
        await page.close()
    return visit


async def _sweep_mode(
    browser, base_url: str, pages: list[str], mode: str, shots: Path | None, axe: bool, contrast: set[str] | None
) -> list[Visit]:
    context = await browser.new_context(**MODES[mode])
    await context.add_init_script(CSP_LISTENER)
    try:
        return [await _visit(context, base_url, p, mode, shots, axe, contrast is None or p in contrast) for p in pages]
    finally:
        await context.close()


async def _sweep(site: Path, modes: list[str], shots: Path | None, axe: bool, only: list[str] | None) -> list[Visit]:
    from playwright.async_api import async_playwright

    pages = plan(site, modes) if only is None else {m: list(only) for m in modes}
    # axe's colour-contrast rule (three quarters of axe's time) depends on the palette: the
    # theme's colours in each scheme, the code highlighting and the plots, which every page but
    # an entry page and the representative entry pages show in both schemes. Entry pages seen
    # once run every other rule.
    all_pages = site_pages(site)
    contrast = None if only is not None else set(all_pages) - {p for p in all_pages if is_entry_page(p)} | set(representative_entries(site, all_pages))
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            with serve(site) as base_url:
                results = await asyncio.gather(*(_sweep_mode(browser, base_url, pages[m], m, shots, axe, contrast) for m in modes))
        finally:
            await browser.close()
    return [v for mode_visits in results for v in mode_visits]


def run_sweep(
    site: Path, modes: list[str] | None = None, screenshots: Path | None = None, axe: bool = True, pages: list[str] | None = None
) -> Sweep:
    """Visit the pages of ``site`` in each mode as ``plan`` says (or, given ``pages``, those
    pages in every mode); screenshots go under ``screenshots/<mode>/``.

    ``SWEEP_SCREENSHOTS=0`` in the environment turns the screenshots off.
    """
    if os.environ.get("SWEEP_SCREENSHOTS", "1") == "0":
        screenshots = None
    started = time.perf_counter()
    visits = asyncio.run(_sweep(site, modes or list(MODES), screenshots, axe, pages))
    return Sweep(visits=visits, seconds=time.perf_counter() - started)
