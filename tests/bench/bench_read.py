"""Read a formula (read/): recall and precision on the formula set (tests/site/formulas.yml)."""

from __future__ import annotations

import time

from browser import chromium, serve
from read_driver import load_formulas, score


def run(ctx) -> list[tuple[str, str]]:
    formulas = load_formulas()
    with serve(ctx.site) as base_url, chromium() as browser:
        page = browser.new_page()
        started = time.perf_counter()
        result = score(page, base_url, formulas)
        elapsed = time.perf_counter() - started
    rows = [
        ("formulas (each as TeX and as Unicode)", str(len(formulas))),
        ("recall (expected entries named)", f"{result.recall:.1%} ({result.found}/{result.expected})"),
        ("precision (names that are right)", f"{result.precision:.1%} ({result.right}/{result.named})"),
        ("formulas that failed to render", str(len(result.failures))),
        ("mean ms per reading (page load included)", f"{1000 * elapsed / (2 * len(formulas)):.0f}"),
    ]
    rows += [("missed", m) for m in result.misses] + [("wrong name", w) for w in result.wrong]
    return rows
