"""The formula reader fuzzed (tests/reader_fuzz.py): a fast slice of generated inputs in Node.js
and a small sample on the built read/ page, and one regression test for each bug the fuzzer
found, named by its input. ``make fuzz`` is the long run."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
import reader_fuzz as fuzz

from browser import watched_page
from conftest import ROOT
from notation_site import node

SLICE_SEED = 20261214
SLICE_INPUTS = 1000
BROWSER_INPUTS = 40
# How fast an input is answered is make fuzz's report, never a threshold in a test: only an input
# that takes longer than a hang would (a walk the fuzzer found cubic took a minute) fails.
HANG_MS = fuzz.HANG_S * 1000


@pytest.fixture(scope="module")
def driver():
    d = fuzz.Driver()
    yield d
    d.close()


def test_a_fast_slice_of_generated_inputs_fails_nowhere(driver):
    # every input: no throw, no hang, an error only as a known message, and nothing drawn but
    # KaTeX's trust-off markup and the reader's own marks.
    cases = fuzz.generate(SLICE_SEED, SLICE_INPUTS, fuzz.corpus())
    results = fuzz.run_checked(cases, HANG_MS, driver)
    bad = [fuzz.describe(r, problems) for r, problems in fuzz.failures(results, HANG_MS)]
    assert not bad, f"seed {SLICE_SEED} (rerun one: python tests/reader_fuzz.py --seed {SLICE_SEED} --only N):\n" + "\n".join(bad)
    # the slice reaches the reader, not only KaTeX's refusals, and every family is in it
    kinds = {r.kind for r in results}
    assert {"read", "not TeX KaTeX reads", "too long"} <= kinds, kinds
    assert {c.family for c in cases} == set(fuzz.FAMILIES)


def test_the_generator_knows_every_command_and_environment_katex_defines():
    v = fuzz.katex_vocabulary()
    assert len(v["commands"]) > 900 and len(v["environments"]) >= 30
    assert {r"\frac", r"\sqrt", r"\left", r"\href", r"\htmlData", r"\includegraphics", r"\def", r"\newcommand", r"\operatorname"} <= set(v["commands"])
    assert r"\notacommand" not in v["commands"]


def test_the_markup_check_finds_what_katex_never_writes(driver):
    plain = driver.markup_problems(['<span class="katex"><span class="mord mathnormal" style="margin-right:0.1em;">x</span></span>'])
    assert plain == [[]]
    hostile = [
        '<span class="katex"><img src=x onerror=alert(1)></span>',
        '<span class="katex"><span onclick="alert(1)">x</span></span>',
        '<span class="katex"><a href="javascript:alert(1)">x</a></span>',
        '<span class="katex"><span class="md-header">x</span></span>',
        '<span class="katex"><span style="position:fixed;top:0">x</span></span>',
        '<span class="katex"><span style="background:url(javascript:alert(1))">x</span></span>',
        '<span class="katex"><span data-x="1">x</span></span>',
        '<span class="katex"><span class="mord" title="x" onmouseover="alert(1)">x</span></span>',
        '<span class="katex">a <b> c</span>',
    ]
    assert all(driver.markup_problems(hostile)), list(zip(hostile, driver.markup_problems(hostile)))


def test_the_markup_lists_are_katexs_own():
    # every class the check allows beyond KaTeX's stylesheet is one KaTeX's source writes
    source = (ROOT / "node_modules/katex/dist/katex.js").read_text(encoding="utf-8")
    for c in fuzz.KATEX_CLASSES_UNSTYLED:
        assert re.search(r"[\"' ]" + re.escape(c.removesuffix("_fallback")) + r"[\"' ]", source), c
    # and the reader's length limit is the generator's
    index = (ROOT / "src/notation_site/output/reader/index.js").read_text(encoding="utf-8")
    assert re.search(r"const MAX_INPUT = (\d+);", index).group(1) == str(fuzz.MAX_INPUT)


# ---------------------------------------------------------------------------- the bugs it found

REGRESSIONS = {
    # a run of letters was tried as a word at every start and length: cubic, 4000 x took a minute
    "x" * 3999: "read",
    # every template starting with · (· \times n) was matched at every start and end: quadratic, 2.8 s
    "a\\times " * 500: "read",
    # nesting deeper than the stack threw a RangeError out of tree.js and templates.js, and
    # 1500 brackets took 250 ms in speech.js (its strings are built level by level)
    "{" * 1999 + "x" + "}" * 1999: "too deep",
    "(" * 1999 + "x" + ")" * 1999: "too deep",
    # and links.js took a second on 600 accents (its scans for a command cost the square of the depth)
    r"\hat{" * 600 + "x" + "}" * 600: "too deep",
    # and out of links(), which the build calls on formulas of any length
    r"\sum_{" * 2000 + "i" + "}" * 2000: "too long",
    # pasted glyphs became 7 times longer TeX, past the length limit (3999 ŷ are 28000 characters of \hat{y})
    "ŷ" * 3999: "too long",
    # TeX's terminal commands: KaTeX printed to the console (console.error for \errmessage)
    r"\errmessage{hello} x": "read",
    r"\message{hello} x": "read",
    r"\show\frac x": "read",
    # a log with a power and no base threw in speech.js
    r"\log^2 x": "read",
    "logᵡ": "read",
}


@pytest.mark.parametrize("tex", list(REGRESSIONS), ids=lambda t: t if len(t) < 40 else t[:30] + f"…({len(t)})")
def test_an_input_the_fuzzer_broke_the_reader_with(driver, tex):
    [result] = fuzz.run_checked([fuzz.Case(0, 0, "regression", tex)], HANG_MS, driver)
    assert result.kind == REGRESSIONS[tex] and not fuzz.failures([result], HANG_MS), fuzz.describe(result, result.problems + [result.kind])


def test_a_log_with_only_a_power_is_said_as_a_power(driver):
    from notation_site.output.reading import run_reader

    [r] = run_reader(ROOT, driver.data, [{"op": "read", "tex": r"\log^2 x"}])
    assert r["speech"] == "log squared x"


def test_every_name_is_shorter_than_the_longest_word_the_reader_tries(driver):
    script = """
const reader = require(process.argv[2]).create(require(process.argv[1]), JSON.parse(require("fs").readFileSync(0, "utf8")));
process.stdout.write(JSON.stringify({ longest: Math.max(...[...reader.words].map((w) => w.length)), cap: require(process.argv[3]).LONGEST_WORD }));
"""
    out = subprocess.run(node.command("node", ["-e", script, str(ROOT / "node_modules/katex"), str(ROOT / "src/notation_site/output/reader/index.js"),
                                               str(ROOT / "src/notation_site/output/reader/tree.js")]),
                         input=json.dumps(driver.data), capture_output=True, text=True, encoding="utf-8", timeout=120, check=True)
    sizes = json.loads(out.stdout)
    assert sizes["longest"] <= sizes["cap"], sizes


def test_a_formula_is_walked_once_for_all_templates_not_once_for_each(driver):
    # 90 copies of a capsule network's routing line took 670 ms (fuzz seed 777 #47975): each
    # template that applied walked the whole formula again (32 walks for one copy)
    script = """
const tree = require(process.argv[2]), walk = tree.walk;
let calls = 0;
tree.walk = (...a) => (calls++, walk(...a));
const reader = require(process.argv[3]).create(require(process.argv[1]), JSON.parse(require("fs").readFileSync(0, "utf8")));
calls = 0;
reader.read(process.argv[4]);
process.stdout.write(String(calls));
"""
    reader = ROOT / "src/notation_site/output/reader"
    tex = r"\hat{\mathbf{u}}_{j|i} = \mathbf{W}_{ij} \mathbf{u}_i"
    out = subprocess.run(node.command("node", ["-e", script, str(ROOT / "node_modules/katex"), str(reader / "tree.js"), str(reader / "index.js"), tex]),
                         input=json.dumps(driver.data), capture_output=True, text=True, encoding="utf-8", timeout=120, check=True)
    assert int(out.stdout) <= 3, out.stdout


def test_the_build_renderer_survives_a_formula_that_prints():
    # \message wrote to stdout, the renderer's answers: the next line the build read was "hi"
    from notation_site.output.katex import KatexRenderer

    r = KatexRenderer(ROOT)
    try:
        first, second = r.render_many([(r"\message{hi} x", False), ("y", False)])
        assert "<math" in first and "<math" in second
        assert "<math" in r.render_many([("z", False)])[0]
    finally:
        r.close()


def test_the_builds_link_trust_is_the_links_own_form_only():
    # LINKING trusted any \htmlData: data-foo="bar" from the formula itself
    script = """
const katex = require(process.argv[1]);
const src = require("fs").readFileSync(process.argv[2], "utf8");
const LINKING = new Function(src.match(/const LINK_DATA = .*;/)[0] + "return " + src.match(/const LINKING = ({[\\s\\S]*?\\n});/)[1])();
const render = (tex) => { try { return katex.renderToString(tex, Object.assign({ throwOnError: true, strict: "error", trust: false }, LINKING)); } catch (e) { return "error: " + e.message; } };
process.stdout.write(JSON.stringify(JSON.parse(process.argv[3]).map(render)));
"""
    tex = [r"\htmlData{foo=bar}{x}", r"\htmlData{entry=softmax,claims=softmax|attention}{x}", r"\htmlData{entry=softmax,claims=softmax,onclick=x}{x}",
           r"\htmlData{entry=<b>,claims=x}{x}", r"\htmlClass{allowbreak}{=}", r"\htmlClass{md-header}{x}"]
    out = subprocess.run(node.command("node", ["-e", script, str(ROOT / "node_modules/katex"), str(ROOT / "src/notation_site/output/katex_render.mjs"), json.dumps(tex)]),
                         capture_output=True, text=True, encoding="utf-8", timeout=120, check=True)
    html = dict(zip(tex, json.loads(out.stdout)))
    assert "data-foo" not in html[tex[0]]
    assert 'data-entry="softmax" data-claims="softmax|attention"' in html[tex[1]]
    assert not re.search(r"\s(data-)?(onclick|entry)=", html[tex[2]])  # (the TeX itself is in the MathML's annotation)
    assert "data-entry" not in html[tex[3]]
    assert 'class="enclosing allowbreak"' in html[tex[4]]
    assert not re.search(r'class="[^"]*md-header', html[tex[5]])


# ---------------------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context()
    yield watched_page(context)
    context.close()


@pytest.mark.browser
def test_a_sample_with_every_payload_family_is_safe_on_the_page(page, base_url):
    # no page error, console error or dialog, nothing the page did not make, and the tab answers
    cases = fuzz.browser_sample(SLICE_SEED, BROWSER_INPUTS, fuzz.corpus())
    cases += [fuzz.Case(0, -1, "regression", t) for t in (r"\errmessage{hello} x", r"\log^2 x", "{" * 1999 + "x" + "}" * 1999, " \u2003")]
    # a lone surrogate typed in the box: encodeURIComponent threw on submit (a page error)
    cases.append(fuzz.Case(0, -2, "regression", "a\ud800b\x00c"))
    bad = fuzz.browser_problems(page, base_url, cases, fuzz.katex_classes())
    assert not bad, "\n".join(f"{c.name()}: {c.tex[:120]!r}: {problems}" for c, problems in bad)


@pytest.mark.browser
def test_the_page_check_finds_an_element_the_page_did_not_make(page, base_url):
    case = fuzz.Case(0, 0, "check", r"\sigma(x)")
    assert fuzz.browser_problems(page, base_url, [case], fuzz.katex_classes()) == []
    page.evaluate("() => { const f = document.getElementById('read-formula'); f.insertAdjacentHTML('beforeend', '<img src=x>'); "
                  "f.querySelector('.katex .mord').setAttribute('onclick', 'x'); }")
    found = page.evaluate(fuzz.PAGE_CHECK, "")
    assert any("img" in b for b in found["bad"]) and any("onclick" in b for b in found["bad"]), found
