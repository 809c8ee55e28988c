"""Every page of the built site, in a real browser, at two viewports and in both colour schemes.

One sweep (``tests/sweep.py``) visits each page in the modes ``sweep.plan`` gives it (every
page at least once; every page but entry pages, and a representative entry page
of each topic, in all four modes) and records what happened;
each test below asserts one property over all the visits and lists every page that fails.
Screenshots land in ``tests/artifacts/screenshots/<mode>/<page>.png`` and a summary of each
visit in ``tests/artifacts/sweep.json``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import ROOT
from notation_site.output.fonts import FontRules, renamed
from sweep import ARTIFACTS, EXPECTED_SCHEME, MODES, is_entry_page, plan, representative_entries, run_sweep, site_pages

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def sweep(built_site):
    result = run_sweep(built_site, screenshots=ARTIFACTS / "screenshots")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    summary = {
        "seconds": round(result.seconds, 1),
        "axe_by_impact": dict(result.axe_by_impact()),
        "visits": [
            {
                "page": v.page,
                "mode": v.mode,
                "errors": v.errors,
                "csp": v.csp,
                "failed": v.failed,
                "requests": len(v.requests),
                "third_party": v.third_party,
                "dom": v.dom,
                "axe": v.axe,
                "seconds": {k: round(s, 2) for k, s in v.seconds.items()},
            }
            for v in result.visits
        ],
    }
    (ARTIFACTS / "sweep.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False), encoding="utf-8")
    return result


def _report(problems: list[str]) -> str:
    return f"{len(problems)} problem(s):\n" + "\n".join(problems[:60])


def test_every_page_is_visited_in_both_schemes_and_at_both_widths_but_entry_pages_once(sweep, built_site):
    pages = site_pages(built_site)
    assert "" in pages and "404.html" in pages and len(pages) >= 12, pages
    visited = {(v.page, v.mode) for v in sweep.visits}
    assert len(visited) == len(sweep.visits)  # no page twice in one mode
    assert sorted(visited) == sorted((p, m) for m, ps in plan(built_site).items() for p in ps)
    sample = representative_entries(built_site, pages)
    assert len(sample) >= 10, sample
    once = Counter()
    for page in pages:
        modes = {m for p, m in visited if p == page}
        if page in ("", sample[0]):
            assert modes == set(MODES), (page, modes)
        elif not is_entry_page(page) or page in sample:
            assert len(modes) == 2, (page, modes)
            assert {MODES[m]["color_scheme"] for m in modes} == {"light", "dark"}, (page, modes)
            assert {MODES[m]["viewport"]["width"] for m in modes} == {1280, 390}, (page, modes)
        else:  # once, the modes in turn
            assert len(modes) == 1, (page, modes)
            once.update(modes)
    assert set(once) == set(MODES) and max(once.values()) - min(once.values()) <= 1, once
    # each mode sees each kind of page: the home page, topic overviews, entry pages, tools
    for mode in MODES:
        seen = {p for p, m in visited if m == mode}
        assert "" in seen and sample[0] in seen and len(seen - set(sample) - {""}) > 10, (mode, len(seen))


def test_each_page_shows_the_colour_scheme_the_reader_prefers(sweep):
    problems = [
        f"{v.where()}: data-md-color-scheme={v.dom['scheme']!r}"
        for v in sweep.visits
        if v.dom["scheme"] != EXPECTED_SCHEME[MODES[v.mode]["color_scheme"]]
    ]
    assert not problems, _report(problems)


def test_no_console_error_and_no_page_error(sweep):
    problems = [f"{v.where()}: {e}" for v in sweep.visits for e in v.errors]
    assert not problems, _report(problems)


def test_no_content_security_policy_violation(sweep):
    """The policy every page carries (notation_site.output.csp) refuses nothing the site does."""
    problems = [f"{v.where()}: {c}" for v in sweep.visits for c in v.csp]
    assert not problems, _report(problems)


def test_no_failed_request(sweep):
    problems = [f"{v.where()}: {f}" for v in sweep.visits for f in v.failed]
    assert not problems, _report(problems)


def test_no_request_leaves_this_machine(sweep):
    assert all(v.requests for v in sweep.visits)
    problems = [f"{v.where()}: {u}" for v in sweep.visits for u in v.third_party]
    assert not problems, _report(problems)


def test_all_math_is_rendered(sweep):
    problems = []
    for v in sweep.visits:
        d = v.dom
        problems += [f"{v.where()}: raw TeX in the text: {t!r}" for t in d["raw"]]
        if d["katexErrors"]:
            problems.append(f"{v.where()}: {d['katexErrors']} KaTeX error node(s)")
        if d["unrendered"]:
            problems.append(f"{v.where()}: {d['unrendered']} formula(s) left for the browser (arithmatex)")
        if not d["katexFont"]:
            problems.append(f"{v.where()}: KaTeX's fonts did not load")
    assert not problems, _report(problems)
    assert sum(v.dom["katex"] for v in sweep.visits) > 1000


def test_every_executed_example_produced_output_and_no_traceback(sweep):
    problems = []
    for v in sweep.visits:
        for ex in v.dom["examples"]:
            if ex["traceback"]:
                problems.append(f"{v.where()}: {ex['snippet']} shows a traceback")
            elif not (ex["text"] or ex["media"]):
                problems.append(f"{v.where()}: {ex['snippet']} shows nothing")
        if len(v.dom["examples"]) < v.dom["sources"]:
            problems.append(f"{v.where()}: {v.dom['sources']} example sources but {len(v.dom['examples'])} outputs")
    assert not problems, _report(problems)
    assert len({ex["snippet"] for v in sweep.visits for ex in v.dom["examples"]}) >= 50


def test_math_is_exposed_to_screen_readers(sweep):
    """KaTeX's MathML (or an aria-label) carries each formula; the visual copy is hidden."""
    problems = []
    for v in sweep.visits:
        if v.dom["silentMath"]:
            problems.append(f"{v.where()}: {v.dom['silentMath']} formula(s) with neither MathML text nor aria-label")
        if v.dom["visualNotHidden"]:
            problems.append(f"{v.where()}: {v.dom['visualNotHidden']} visual KaTeX copies not aria-hidden")
    assert not problems, _report(problems)


def test_every_plot_has_a_text_alternative(sweep):
    problems, plots = [], 0
    for v in sweep.visits:
        for i, plot in enumerate(v.dom["plots"], start=1):
            plots += 1
            if plot["role"] != "img" or not plot["title"] or not plot["desc"]:
                problems.append(f"{v.where()}: plot {i}: role={plot['role']!r} title={plot['title']!r} desc={plot['desc']!r}")
            if not plot["caption"]:
                problems.append(f"{v.where()}: plot {i} has no visible caption")
    assert plots, "no plot found on any page"
    assert not problems, _report(problems)


def test_each_page_preloads_exactly_the_fonts_its_formulas_are_drawn_with(sweep):
    """The preload links a page carries name the math fonts Chromium then draws its formulas
    with: none is discovered late (formulas waiting on it) and none is fetched for nothing (a
    face is loaded only once text needs it, so a preload nothing draws with shows as one)."""
    css = (ROOT / "node_modules/katex/dist/katex.min.css").read_text(encoding="utf-8")
    faces = {(renamed(family), weight, style): renamed(file) for (family, weight, style), file in FontRules.from_css(css).faces.items()}
    weight = {"normal": 400, "bold": 700}
    problems, pages_with_math = [], 0
    for v in sweep.visits:
        drawn = {faces[(f, weight.get(w, int(w) if w.isdigit() else w), s)] for f, w, s in v.dom["fontsDrawn"]}
        preloaded = set(v.dom["fontsPreloaded"])
        pages_with_math += bool(v.dom["katex"])
        if drawn != preloaded or (v.dom["katex"] and not drawn):
            problems.append(f"{v.where()}: drawn with {sorted(drawn)}, preloaded {sorted(preloaded)}")
    assert pages_with_math > 100, pages_with_math
    assert not problems, _report(problems)


def test_no_page_scrolls_sideways(sweep):
    """Wide formulas and tables scroll inside their own box; the page itself never does."""
    problems = [f"{v.where()}: {v.dom['overflowX']} px too wide" for v in sweep.visits if v.dom["overflowX"] > 0]
    assert not problems, _report(problems)


def test_no_serious_or_critical_accessibility_violation(sweep):
    problems = []
    for v in sweep.visits:
        for violation in v.axe:
            if violation["impact"] in ("serious", "critical"):
                first = violation["nodes"][0]
                problems.append(
                    f"{v.where()}: {violation['impact']} {violation['id']} ({violation['help']}) on "
                    f"{len(violation['nodes'])} node(s), e.g. {first['target']}: {first['summary']}"
                )
    assert not problems, _report(problems)


def test_a_screenshot_of_every_page_in_every_mode(sweep):
    if all(v.screenshot is None for v in sweep.visits):
        pytest.skip("screenshots turned off (SWEEP_SCREENSHOTS=0)")
    missing = [v.where() for v in sweep.visits if v.screenshot is None or v.screenshot.stat().st_size < 1000]
    assert not missing, missing
