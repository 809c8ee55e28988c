"""Each snippet of the building-blocks page prints the facts its entry promises."""

import re

from conftest import run_snippet, visible_text


def test_softmax_shift_invariance_rows_match_and_naive_overflows():
    text = visible_text(run_snippet("softmax_shift_invariance"))
    # the three rows (z, z + 10, z + 1000) give the same probabilities
    assert text.count("0.0900 0.2447 0.6652") == 3
    assert "[1.0000, 1.0000, 1.0000]" in text
    assert "∞" in text and "[NaN, NaN, NaN]" in text


def test_softmax_temperature_sharpens_below_one_and_flattens_above():
    text = visible_text(run_snippet("softmax_temperature"))
    rows = re.findall(r"T = (0\.5|1|2) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text)
    top = {t: float(p1) for t, p1, *_ in rows}
    assert top["0.5"] > top["1"] > top["2"]
    # the ratio p1/p2 is e^{(z1 - z2)/T} = e^{1/T}
    assert "7.389" in text and "2.718" in text and "1.649" in text
