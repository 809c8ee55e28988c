"""Page load: KaTeX at build time against Material's documented MathJax set-up, on three pages.

The pages are (a) the heaviest entry page, (b) the heaviest topic page and (c) the cheat
sheet, "heaviest" meaning the most bytes of HTML. The baseline is the same content built
with ``NOTATION_RENDER_MATH=false`` (TeX left in arithmatex spans) plus Material's
documented MathJax 3 snippet (reference/math), MathJax served from this machine. Each page
is loaded cold (a new browser context), the two set-ups alternating, in one run.

What each figure means, for both set-ups alike:

* **FCP / LCP**: the browser's first-contentful-paint and largest-contentful-paint entries.
* **DOM interactive**: the navigation entry's ``domInteractive`` (the HTML is parsed).
* **math final**: the moment the last formula of the page is laid out with its final fonts.
  A formula cannot be final before the document that holds it is parsed, so the clock starts
  looking at DOMContentLoaded; for MathJax it then waits for MathJax's startup promise (its
  first typeset) and every typeset started since (Material's ``document$`` hook starts one);
  then the page is laid out (which requests every font the formulas use), then
  ``document.fonts.ready``, then the next animation frame, the one that lays the page out
  with those fonts. For build-time math this is never earlier than DOMContentLoaded, nor
  than the fonts' arrival.
* **bytes**: every response of the load (HTML, CSS, JavaScript, fonts), raw and gzipped at
  level 6 (as GitHub Pages serves them); the HTML alone is shown apart.
* **CLS**: the sum of layout shifts without recent input, read 500 ms after math final.

Then the sizes the targets speak of: the largest entry page and topic page (uncompressed
HTML, target ≤ 250 KB), the cheat sheet and the symbol index (one-page tools, reported).
Targets are printed beside the figures, never asserted.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
from pathlib import Path

from browser import chromium, serve
from conftest import ROOT, mkdocs_build

from notation_site.model.catalog import load as load_catalog
from notation_site.output.csp import without_policy

LOADS = 5
PAGE_LIMIT = 250 * 1024

# Material for MkDocs' documented MathJax configuration (reference/math), verbatim apart from
# one line of instrumentation: the promise of each typeset Material's hook starts is kept, so
# the benchmark can wait for the last one.
MATHJAX_CONFIG = """
window.MathJax = {
  tex: {inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex"}
};
document$.subscribe(() => {
  MathJax.startup.output.clearCache()
  MathJax.typesetClear()
  MathJax.texReset()
  ;(window.__benchTypesets = window.__benchTypesets || []).push(MathJax.typesetPromise())
})
"""

# Installed before any page script runs (Playwright's init script), the same for both set-ups.
RECORD = """(() => {
  const t = window.__bench = {lcp: 0, cls: 0};
  new PerformanceObserver(l => { for (const e of l.getEntries()) t.lcp = e.startTime; })
    .observe({type: "largest-contentful-paint", buffered: true});
  new PerformanceObserver(l => { for (const e of l.getEntries()) if (!e.hadRecentInput) t.cls += e.value; })
    .observe({type: "layout-shift", buffered: true});
  const tick = () => new Promise(r => setTimeout(r, 0));
  document.addEventListener("DOMContentLoaded", async () => {
    t.dcl = performance.now();
    const mj = window.MathJax;
    if (mj && mj.startup && mj.startup.promise) {
      await mj.startup.promise;  // MathJax's first typeset of the page
      for (let seen = -1; ;) {    // and every typeset started since, until no new one starts
        await tick();
        const all = window.__benchTypesets || [];
        if (all.length === seen) break;
        seen = all.length;
        await Promise.all(all);
      }
      t.typeset = performance.now();
    }
    const math = document.querySelectorAll(".katex, mjx-container");
    t.formulas = math.length;
    if (math.length) math[math.length - 1].getBoundingClientRect();  // lay out: requests the formulas' fonts
    await document.fonts.ready;
    await new Promise(r => requestAnimationFrame(() => r()));
    t.mathFinal = performance.now();
  });
})();"""

COLLECT = """async () => {
  const t = window.__bench;
  const deadline = performance.now() + 30000;
  while (t.mathFinal === undefined && performance.now() < deadline) await new Promise(r => setTimeout(r, 20));
  await new Promise(r => setTimeout(r, 500));  // let late shifts land before reading them
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const fonts = performance.getEntriesByType("resource").filter(e => /\\.woff2?$/.test(e.name));
  return {
    fcp: fcp ? fcp.startTime : NaN,
    lcp: t.lcp,
    domInteractive: nav.domInteractive,
    math: t.mathFinal === undefined ? NaN : t.mathFinal,
    fontsDone: Math.max(0, ...fonts.map(e => e.responseEnd)),
    cls: t.cls,
    formulas: t.formulas,
    raw: [...document.querySelectorAll(".arithmatex")].filter(e => !e.querySelector("mjx-container, .katex")).length,
  };
}"""


def _html(site: Path, page: str) -> Path:
    return site / page / "index.html"


def heaviest(site: Path, pages: list[str]) -> tuple[str, int]:
    """The page of ``pages`` (URL paths such as ``entries/adam``) with the most bytes of HTML."""
    sizes = {p: _html(site, p).stat().st_size for p in pages}
    page = max(sorted(sizes), key=sizes.get)
    return page, sizes[page]


def entry_and_topic_pages(site: Path) -> tuple[list[str], list[str]]:
    catalog = load_catalog(ROOT)
    entries = sorted(p.parent.relative_to(site).as_posix() for p in (site / "entries").glob("*/index.html"))
    topics = [t.page.removesuffix(".md") for t in catalog.topics]
    return entries, topics


def build_baseline(ctx) -> Path:
    site = ctx.scratch / "baseline"
    result = mkdocs_build(ctx.root, site, env={"NOTATION_RENDER_MATH": "false"})
    if result.returncode:
        raise RuntimeError(result.stdout + result.stderr)
    shutil.copytree(ctx.root / "node_modules/mathjax/es5", site / "assets/mathjax/es5")
    (site / "assets/mathjax/config.js").write_text(MATHJAX_CONFIG, encoding="utf-8")
    for page in site.rglob("*.html"):
        depth = len(page.relative_to(site).parts) - 1
        prefix = "../" * depth
        tags = (
            f'<script src="{prefix}assets/mathjax/config.js"></script>'
            f'<script src="{prefix}assets/mathjax/es5/tex-mml-chtml.js"></script>'
        )
        # without the site's Content-Security-Policy, which refuses the <style> MathJax writes
        html = without_policy(page.read_text(encoding="utf-8"))
        page.write_text(html.replace("</body>", tags + "</body>", 1), encoding="utf-8")
    return site


def load(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORD)
    page = context.new_page()
    responses = []
    page.on("response", lambda r: responses.append(r) if r.ok else None)
    page.goto(url, wait_until="load")
    metrics = page.evaluate(COLLECT)
    bodies = [(r.url, r.body()) for r in responses]
    metrics["bytes"] = sum(len(b) for _, b in bodies)
    metrics["gzip"] = sum(len(gzip.compress(b, 6)) for _, b in bodies)
    html = bodies[0][1] if bodies else b""
    metrics["html"] = len(html)
    metrics["htmlGzip"] = len(gzip.compress(html, 6))
    context.close()
    return metrics


FIGURES = (
    ("fcp", "first contentful paint", "ms"),
    ("lcp", "largest contentful paint", "ms"),
    ("domInteractive", "DOM interactive", "ms"),
    ("math", "math final", "ms"),
    ("gzip", "bytes transferred, gzip", "KB"),
    ("bytes", "bytes uncompressed", "KB"),
    ("htmlGzip", "  of which HTML, gzip", "KB"),
    ("html", "  of which HTML, uncompressed", "KB"),
    ("cls", "cumulative layout shift", ""),
)
# target ratio (KaTeX ÷ MathJax) on the heaviest entry page, and CLS target
TARGETS = {"math": 0.5, "domInteractive": 1.0, "gzip": 0.5}


def run(ctx) -> list[tuple[str, str]]:
    entries, topics = entry_and_topic_pages(ctx.site)
    entry_page, entry_size = heaviest(ctx.site, entries)
    topic_page, topic_size = heaviest(ctx.site, topics)
    pages = {"(a) heaviest entry page": entry_page, "(b) heaviest topic page": topic_page, "(c) cheat sheet": "cheat-sheet"}
    baseline = build_baseline(ctx)
    samples: dict[tuple[str, str], list[dict]] = {(p, k): [] for p in pages.values() for k in ("katex", "mathjax")}
    with chromium() as browser, serve(ctx.site) as ours, serve(baseline) as theirs:
        for _ in range(LOADS):
            for page in pages.values():
                samples[(page, "katex")].append(load(browser, f"{ours}{page}/"))
                samples[(page, "mathjax")].append(load(browser, f"{theirs}{page}/"))

    def med(page: str, kind: str, key: str) -> float:
        return statistics.median(s[key] for s in samples[(page, kind)])

    rows = [("loads", f"{LOADS} cold loads of each page in each set-up, alternating; medians; KaTeX at build · MathJax · ratio")]
    for label, page in pages.items():
        formulas = max(s["formulas"] for s in samples[(page, "katex")])
        rows.append((f"{label}", f"{page}/ ({formulas} formulas)"))
        for key, name, unit in FIGURES:
            k, m = med(page, "katex", key), med(page, "mathjax", key)
            scale = 1 / 1024 if unit == "KB" else 1
            fmt = "{:.4f}" if key == "cls" else "{:.0f}"
            ratio = f"{k / m:.2f}×" if m else "n/a"
            target = ""
            if label.startswith("(a)") and key in TARGETS:
                target = f" (target ≤ {TARGETS[key]}×: {'met' if m and k / m <= TARGETS[key] else 'NOT met'})"
            if label.startswith("(a)") and key == "cls":
                target = f" (target ≤ 0.01: {'met' if k <= 0.01 else 'NOT met'})"
            rows.append((f"  {name}", f"{fmt.format(k * scale)} · {fmt.format(m * scale)} {unit} · {ratio}{target}"))
        left = max(s["raw"] for s in samples[(page, "mathjax")])
        if left:
            rows.append(("  formulas MathJax left unrendered", str(left)))

    def kb(n: int) -> str:
        return f"{n / 1024:.0f} KB"

    rows += [
        ("largest entry page (HTML)", f"{entry_page}/ {kb(entry_size)} (target ≤ 250 KB: {'met' if entry_size <= PAGE_LIMIT else 'NOT met'}; {len(entries)} entry pages)"),
        ("largest topic page (HTML)", f"{topic_page}/ {kb(topic_size)} (target ≤ 250 KB: {'met' if topic_size <= PAGE_LIMIT else 'NOT met'}; {len(topics)} topic pages)"),
        ("cheat sheet (HTML)", kb(_html(ctx.site, "cheat-sheet").stat().st_size)),
        ("symbol index (HTML)", kb(_html(ctx.site, "symbol-index").stat().st_size)),
    ]
    return rows
