"""The formula reader (src/notation_site/output/reader/) in Node.js, without a browser: the
KaTeX parse API it relies on, the Unicode it turns into TeX, and the order of meanings."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import ROOT
from notation_site import node
from notation_site.model.catalog import load
from notation_site.output.reading import READER_JS, reader_data

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
    assert out["version"] == lock["packages"]["node_modules/katex"]["version"] == "0.16.47"
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
