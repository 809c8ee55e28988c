"""Read a formula (read/): the development set of real formulas (tests/site/real_formulas.yml) read
by the reader in Node.js, and the regression set (tests/site/formulas.yml) on the built page.

On the development set's labelled formulas: recall (expected entries named) and precision (names
that are right), over the ids that are entries today; on every formula of it: read without error,
the share of pieces named, the share of formulas with every piece named, read-aloud defects, and
the 30 most frequent pieces with no reading (the list that drives new entries).
"""

from __future__ import annotations

import time
from collections import defaultdict

from browser import chromium, serve
from read_driver import load_formulas, load_real, real_requests, score, score_real

from notation_site.model.catalog import load
from notation_site.output.reading import reader_data, run_reader
from notation_site.validate import katex_macros


def _pct(n: int, d: int) -> str:
    return f"{n / d:.1%} ({n}/{d})" if d else "n/a"


def run(ctx) -> list[tuple[str, str]]:
    catalog = load(ctx.root)
    data = reader_data(catalog, catalog.url, katex_macros(ctx.root), None)
    sources, formulas = load_real()
    started = time.perf_counter()
    results = run_reader(ctx.root, data, real_requests(sources, formulas))
    node_seconds = time.perf_counter() - started
    real = score_real(formulas, results, set(catalog.entries))
    labelled = [f for f in formulas if "expect" in f]
    read_ok = real.formulas - len(real.errors)
    rows = [
        ("development set: formulas (labelled)", f"{real.formulas} ({len(labelled)})"),
        ("labelled: recall (expected entries named)", _pct(real.found, real.expected)),
        ("labelled: precision (names that are right)", _pct(real.right, real.given)),
        ("all: formulas read without error", _pct(read_ok, real.formulas)),
        ("all: pieces named", _pct(real.named, real.pieces)),
        ("all: formulas with every piece named", _pct(real.whole, read_ok)),
        ("all: read-aloud lines with a defect (bb, vert, a label's power, a TeX command)", str(len(real.speech_defects))),
        ("Node.js: ms per formula (one process, data loaded once)", f"{1000 * node_seconds / len(formulas):.1f}"),
    ]
    by_topic: dict[str, list] = defaultdict(list)
    for f in labelled:
        by_topic[f["topic"]].append(f)
    for topic, fs in sorted(by_topic.items()):
        part = score_real(fs, [results[formulas.index(f)] for f in fs], set(catalog.entries))
        rows.append((f"labelled, {topic}: recall / precision", f"{part.recall:.1%} / {part.precision:.1%} ({len(fs)} formulas)"))
    rows += [("no reading", f"{text}  ×{n}") for text, n in real.unnamed.most_common(30)]
    rows += [("error", e) for e in real.errors]

    regression = load_formulas()
    with serve(ctx.site) as base_url, chromium() as browser:
        page = browser.new_page()
        started = time.perf_counter()
        result = score(page, base_url, regression)
        elapsed = time.perf_counter() - started
    rows += [
        ("regression set on read/ (each as TeX and as Unicode)", str(len(regression))),
        ("regression: recall", _pct(result.found, result.expected)),
        ("regression: precision", _pct(result.right, result.named)),
        ("regression: formulas that failed to render", str(len(result.failures))),
        ("regression: mean ms per reading in the browser (page load included)", f"{1000 * elapsed / (2 * len(regression)):.0f}"),
    ]
    rows += [("regression missed", m) for m in result.misses] + [("regression wrong name", w) for w in result.wrong]
    return rows
