"""The formula reader (src/notation_site/output/reader/) in Node.js, without a browser: the
KaTeX parse API it relies on, the Unicode it turns into TeX, and the order of meanings."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import KATEX_VERSION, ROOT
from notation_site import node
from notation_site.model.catalog import load
from notation_site.output.reading import READER_JS, reader_data, run_reader
from notation_site.validate import katex_macros
from read_driver import load_real, real_requests, score_real

SCRIPT = """
const katex = require(process.argv[1]);
const reader = require(process.argv[2]).create(katex, JSON.parse(require("fs").readFileSync(0, "utf8")));
const out = {version: katex.version, parse: typeof katex.__parse, normalised: {}, readings: {}};
for (const t of JSON.parse(process.argv[3])) out.normalised[t] = reader.normalise(t);
for (const t of JSON.parse(process.argv[4])) {
  const r = reader.read(t);
  out.readings[t] = r.error ? {error: r.error} : r.pieces.map((p) => [p.key, p.candidates]);
}
process.stdout.write(JSON.stringify(out));
"""


def run(normalise: list[str], read: list[str]) -> dict:
    catalog = load(ROOT)
    data = reader_data(catalog, lambda i: f"x/#{i}", {"\\R": "\\mathbb{R}"}, None)
    result = subprocess.run(
        node.command("node", ["-e", SCRIPT, str(ROOT / "node_modules/katex"), str(READER_JS), json.dumps(normalise), json.dumps(read)]),
        input=json.dumps(data), capture_output=True, text=True, encoding="utf-8", timeout=120, check=True,
    )
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def out() -> dict:
    return run(
        ["Aᵀ", "√d_k", "𝔼[x]", "θ̂", "x ∼ p", "ℝ", "xᵢⱼ", "√(a + b)", "β₁", "D_KL"],
        [r"\sigma(x)", r"\sigma^2", r"\sum_{i} x_i", r"\hat{m}_t", r"d_k", r"\frac{1}{2", r"\operatorname{KL}(P \Vert Q)", "x" * 5000],
    )


def test_the_parse_api_is_the_locked_katex(out):
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert out["version"] == lock["packages"]["node_modules/katex"]["version"] == KATEX_VERSION
    assert out["parse"] == "function"


def test_pasted_unicode_becomes_tex(out):
    n = out["normalised"]
    assert n["Aᵀ"] == "A^{T}"
    assert n["√d_k"] == r"\sqrt{d_k}"
    assert n["𝔼[x]"] == r"\mathbb{E}[x]"
    assert n["θ̂"] == r"\hat{\theta }"
    assert n["x ∼ p"] == r"x \sim p"
    assert n["ℝ"] == r"\mathbb{R}"
    assert n["xᵢⱼ"] == "x_{ij}"
    assert n["√(a + b)"] == r"\sqrt{a + b}"
    assert n["β₁"] == r"\beta _{1}"
    assert n["D_KL"] == "D_{KL}"


def test_meanings_are_ordered_by_context(out):
    r = out["readings"]
    first = {t: pieces[0][1][0] for t, pieces in r.items() if isinstance(pieces, list) and pieces}
    assert first[r"\sigma(x)"] == "sigmoid" and first[r"\sigma^2"] == "variance"
    assert first[r"\sum_{i} x_i"] == "summation"
    assert first[r"\hat{m}_t"] == "adam" and first["d_k"] == "head-dims"
    assert ["word:kl", ["kl-divergence"]] in r[r"\operatorname{KL}(P \Vert Q)"]


def test_bad_input_is_a_message(out):
    assert "could not read" in out["readings"][r"\frac{1}{2"]["error"]
    assert "at most 4000" in out["readings"]["x" * 5000]["error"]


POLLUTED = """
const katex = require(process.argv[1]);
const reader = require(process.argv[2]).create(katex, JSON.parse(require("fs").readFileSync(0, "utf8")));
Object.prototype["\\\\evil"] = "\\\\sigma";
Object.prototype.default = true;
const r = reader.read("\\\\evil");
process.stdout.write(JSON.stringify(r.error === undefined ? r.pieces.map((p) => p.text) : {error: r.error}));
"""


def test_a_polluted_object_prototype_adds_no_macro():
    # KaTeX before 0.18.2 (its PR #4260) looked macros and settings up through the prototype
    # chain: Object.prototype["\\evil"] made \evil a macro for \sigma in every formula
    data = reader_data(load(ROOT), lambda i: f"x/#{i}", {}, None)
    result = subprocess.run(node.command("node", ["-e", POLLUTED, str(ROOT / "node_modules/katex"), str(READER_JS)]),
                            input=json.dumps(data), capture_output=True, text=True, encoding="utf-8", timeout=120, check=True)
    assert "could not read" in json.loads(result.stdout)["error"]


# -- real formulas: context decides, every piece gets a reading, the formula is read in words --

@pytest.fixture(scope="module")
def site_data() -> dict:
    """The reader's data as the build makes it (the site's macros, the entries' URLs)."""
    catalog = load(ROOT)
    return reader_data(catalog, catalog.url, katex_macros(ROOT), None)


def readings(site_data: dict, requests: list[dict]) -> list[dict]:
    return run_reader(ROOT, site_data, requests)


def named(reading: dict) -> dict[str, str]:
    """Each piece's text with the entry it is read as (its first candidate)."""
    return {p["text"]: p["candidates"][0] for p in reading["pieces"] if p["candidates"]}


# The table of issue 34: formulas copied from widely read texts, and what each must say.
ISSUE_TABLE = {
    "policy gradient": r"J(\theta) = \mathbb{E}_{s \sim \rho^\pi, a \sim \pi_\theta}[Q^\pi(s, a) \nabla_\theta \log \pi_\theta(a \vert s)]",
    "Q-learning": r"Q(s_t, a_t) \leftarrow Q(s_t, a_t) + \alpha (r_{t+1} + \gamma \max_{a} Q(s_{t+1}, a) - Q(s_t, a_t))",
    "KL": r"D_{KL}(p \| q) = \int_x p(x) \log \frac{p(x)}{q(x)} dx",
    "fonts": r"\mathbf{x} = \mathbf{W} \mathbf{h}, \quad \mathbf{h} \in \mathcal{S}",
    "conventions": r"\ell(x') \leq f^* + \epsilon \quad \text{where } x_1, \cdots, x_n \geq 0",
}


@pytest.fixture(scope="module")
def table(site_data) -> dict[str, dict]:
    return dict(zip(ISSUE_TABLE, readings(site_data, [{"op": "explain", "tex": t} for t in ISSUE_TABLE.values()])))


# The content issues' formulas (sections 16 and 17): each names the entries the issue lists.
CONTENT_FORMULAS = {
    r"Q(s,a) \leftarrow Q(s,a) + \alpha[r + \gamma \max_{a'} Q(s',a') - Q(s,a)]": {"td-learning", "prime", "max-argmax"},
    r"W(p_r, p_g) = \inf_{\gamma \sim \Pi(p_r, p_g)} \mathbb{E}_{(x,y)\sim\gamma}[\|x-y\|]": {"wasserstein", "inf-sup", "sampled-from", "expectation"},
    r"\min_{\mathbf{w}} \|\mathbf{y} - X\mathbf{w}\|_2^2 + \lambda \|\mathbf{w}\|_1": {"linear-regression", "regularisation", "norm"},
}


def test_the_content_issues_formulas_name_their_entries(site_data):
    for (tex, expected), r in zip(CONTENT_FORMULAS.items(), readings(site_data, [{"op": "read", "tex": t} for t in CONTENT_FORMULAS])):
        ids = set(named(r).values())
        assert expected <= ids, (tex, sorted(ids))


def test_q_with_a_state_and_an_action_is_a_value_function_and_the_bar_is_given(table):
    r = table["policy gradient"]
    pieces = {p["text"]: p for p in r["pieces"]}
    assert pieces["Q"]["scored"][0]["id"] == "value-functions"  # not attention's queries
    assert pieces[r"\vert"]["scored"][0]["id"] == "conditional-probability"  # not absolute value
    assert pieces[r"\rho"]["scored"][0]["id"] != "correlation"
    assert not pieces[r"\rho"]["sure"] or pieces[r"\rho"]["scored"][0]["id"] == "state-distribution"
    assert "the expected value, over s drawn from rho pi and a drawn from pi sub theta, of" in r["speech"]
    assert r["speech"].endswith("given s") and "to the power" not in r["speech"]


def test_q_learning_reads_q_as_a_value_and_alpha_as_a_step_size(table):
    r = table["Q-learning"]
    qs = [p for p in r["pieces"] if p["text"] == "Q"]
    assert len(qs) == 4 and all(p["scored"][0]["id"] == "value-functions" for p in qs)
    alpha = next(p for p in r["pieces"] if p["text"] == r"\alpha")
    assert alpha["scored"][0]["id"] in {"learning-rate", "td-learning"}
    assert "lora" not in [c["id"] for c in alpha["scored"][:1]]


def test_the_bar_between_a_divergences_arguments_is_the_kl_separator(table):
    r = table["KL"]
    bar = next(p for p in r["pieces"] if p["text"] == r"\|")
    assert bar["scored"][0]["id"] == "kl-divergence" and bar["sure"]
    assert r["speech"].startswith("the KL divergence of p from q")
    assert {"id": "kl-divergence", "text": r"\|"}.items() <= {"id": next(s["id"] for s in r["links"] if r["tex"][s["start"]:s["end"]] == r"\|"), "text": r"\|"}.items()


def test_bold_and_calligraphic_letters_are_read_by_convention(table):
    r = {p["text"]: p["scored"][0]["id"] for p in table["fonts"]["pieces"] if p["scored"]}
    assert r[r"\mathbf{x}"] in {"vector", "fonts"} and r[r"\mathbf{h}"] in {"vector", "fonts"}
    assert r[r"\mathbf{W}"] == "matrix"
    assert r[r"\mathcal{S}"] == "set-membership"


def test_conventions_primes_stars_words_and_the_per_example_loss(table):
    r = table["conventions"]
    texts = [p["text"] for p in r["pieces"]]
    assert not any("where" in t for t in texts)  # \text{where} is prose, not a piece
    read = {p["text"]: p["scored"][0]["id"] for p in r["pieces"] if p["scored"]}
    assert read[r"\ell"] == "loss" and read["^*"] == "star-optimum"
    assert "prime" in r["speech"] and "star" in r["speech"]


def test_no_read_aloud_line_of_the_development_set_has_a_defect(site_data):
    sources, formulas = load_real()
    results = readings(site_data, real_requests(sources, formulas))
    scored = score_real(formulas, results, set(load(ROOT).entries))
    assert scored.speech_defects == []
    assert len(scored.errors) <= len(formulas) // 100, scored.errors  # at least 99% read


def test_an_entrys_own_formula_is_read_with_its_own_letters_first(site_data):
    # ε under a square root is the epsilon entry's anywhere (its context); on the LayerNorm page,
    # LayerNorm's own letter comes first (its `letters`: the stability constant)
    tex = r"\frac{x - \mu}{\sqrt{\sigma^2 + \epsilon}} \gamma + \beta"
    anywhere, at_home = readings(site_data, [{"op": "read", "tex": tex}, {"op": "read", "tex": tex, "home": "layernorm"}])
    assert named(anywhere)[r"\epsilon"] == "epsilon"
    assert named(at_home)[r"\epsilon"] == "layernorm"


def test_make_read_prints_candidates_scores_and_links():
    from notation_site.read_formula import describe, explain

    text = describe(explain(ROOT, r"\sigma(x) + \mathbb{E}[X]"), "")
    assert "sigmoid" in text and "expectation" in text and "links:" in text
    assert "declared" in text and "sure" in text
