"""Math on the densest page: KaTeX at build time against Material's documented MathJax set-up.

The baseline is the same content built with ``NOTATION_RENDER_MATH=false`` (TeX left in
arithmatex spans) plus Material's documented MathJax 3 snippet, with MathJax served from
this machine. Each page is loaded cold (a new browser context), alternating, and timings
come from the page's own performance entries.
"""

from __future__ import annotations

import gzip
import re
import shutil
import statistics
from pathlib import Path

from browser import chromium, serve
from conftest import mkdocs_build

LOADS = 7

# Material for MkDocs' documented MathJax configuration (reference/math), with one addition:
# each typeset records when it finished, so the benchmark knows when the math is final.
MATHJAX_CONFIG = """
window.MathJax = {
  tex: {inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex"},
  startup: {pageReady: () => MathJax.startup.defaultPageReady().then(() => { window.__mathDone = performance.now(); })}
};
document$.subscribe(() => {
  MathJax.startup.output.clearCache()
  MathJax.typesetClear()
  MathJax.texReset()
  MathJax.typesetPromise().then(() => { window.__mathDone = Math.max(window.__mathDone || 0, performance.now()); })
})
"""

MEASURE = """async (isMathJax) => {
  const deadline = performance.now() + 15000;
  while (isMathJax && !window.__mathDone && performance.now() < deadline) {
    await new Promise(r => setTimeout(r, 20));
  }
  await document.fonts.ready;
  await new Promise(r => setTimeout(r, 500));  // let late shifts land before reading them
  const nav = performance.getEntriesByType("navigation")[0];
  const fonts = performance.getEntriesByType("resource").filter(e => /\\.woff2?$/.test(e.name));
  const fontsDone = Math.max(0, ...fonts.map(e => e.responseEnd));
  const shifts = await new Promise(resolve => {
    new PerformanceObserver(list => resolve(list.getEntries())).observe({type: "layout-shift", buffered: true});
    setTimeout(() => resolve([]), 200);
  });
  const cls = shifts.filter(e => !e.hadRecentInput).reduce((s, e) => s + e.value, 0);
  // Build-time math is typeset once it is painted; MathJax's once its last typeset finished.
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const typeset = isMathJax ? window.__mathDone : (fcp ? fcp.startTime : nav.domContentLoadedEventEnd);
  return {
    math: Math.max(typeset, fontsDone),
    fonts: fontsDone,
    cls: cls,
    domInteractive: nav.domInteractive,
    raw: [...document.querySelectorAll(".arithmatex")].filter(e => !e.querySelector("mjx-container, .katex")).length,
  };
}"""


def densest_page(site: Path) -> str:
    counts = {
        p.relative_to(site).parent.as_posix(): p.read_text(encoding="utf-8").count('class="katex"')
        for p in site.rglob("index.html")
    }
    return max(sorted(counts), key=counts.get)


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
        html = page.read_text(encoding="utf-8")
        page.write_text(html.replace("</body>", tags + "</body>", 1), encoding="utf-8")
    return site


def load(browser, url: str, is_mathjax: bool) -> dict:
    context = browser.new_context()
    page = context.new_page()
    bodies: list[bytes] = []
    page.on("response", lambda r: bodies.append(r) if r.ok else None)
    page.goto(url)
    page.wait_for_load_state("load")
    metrics = page.evaluate(MEASURE, is_mathjax)
    raw = [r.body() for r in bodies]
    metrics["bytes"] = sum(len(b) for b in raw)
    metrics["gzip"] = sum(len(gzip.compress(b, 6)) for b in raw)
    context.close()
    return metrics


def run(ctx) -> list[tuple[str, str]]:
    page = densest_page(ctx.site)
    baseline = build_baseline(ctx)
    formulas = (ctx.site / page / "index.html").read_text(encoding="utf-8").count('class="katex"')
    samples: dict[str, list[dict]] = {"katex": [], "mathjax": []}
    with chromium() as browser, serve(ctx.site) as ours, serve(baseline) as theirs:
        for _ in range(LOADS):
            samples["katex"].append(load(browser, f"{ours}{page}/", False))
            samples["mathjax"].append(load(browser, f"{theirs}{page}/", True))

    def med(kind: str, key: str) -> float:
        return statistics.median(s[key] for s in samples[kind])

    rows = [("page", f"{page}/ ({formulas} formulas), {LOADS} cold loads each, alternating")]
    for key, label, unit in (
        ("math", "math final", "ms"),
        ("fonts", "fonts ready", "ms"),
        ("domInteractive", "DOM interactive", "ms"),
        ("gzip", "bytes transferred, gzip (as GitHub Pages serves them)", "KB"),
        ("bytes", "bytes uncompressed", "KB"),
        ("cls", "cumulative layout shift", ""),
    ):
        k, m = med("katex", key), med("mathjax", key)
        scale = 1 / 1024 if unit == "KB" else 1
        fmt = "{:.4f}" if key == "cls" else "{:.0f}"
        ratio = f"{k / m:.2f}×" if m else "n/a"
        rows.append((label, f"KaTeX at build {fmt.format(k * scale)} {unit} · MathJax {fmt.format(m * scale)} {unit} · ratio {ratio}"))
    raw_left = max(s["raw"] for s in samples["mathjax"])
    rows.append(("formulas left unrendered (MathJax)", str(raw_left)))
    return rows
