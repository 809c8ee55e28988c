"""Each snippet of the sums, products, exponentials and logs page prints the facts its entry promises."""

import math
import re
from fractions import Fraction

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text


def test_summation_loops_one_based_vs_zero_based():
    text = visible_text(run_snippet("summation_python_loops"))
    x = [3.0, 1.0, 4.0, 1.0, 5.0]
    total = math.fsum(x)
    assert f"x.sum() {total:.1f}" in text
    assert f"shift the index {total:.1f}" in text and f"shift the loop {total:.1f}" in text
    assert "copied literally IndexError" in text
    assert f"silently drops x_1 {total - x[0]:.1f}" in text
    assert "M.sum(axis=0) [5, 7, 9]" in text and "M.sum(axis=1) [6, 15]" in text and "M.sum() 21" in text


def test_product_underflows_but_log_sum_does_not():
    text = visible_text(run_snippet("product_underflow"))
    rows = {t: prod for t, prod, _ in re.findall(r"N = (\d+) (\S+(?: \(underflow\))?) (−[\d.]+)", text)}
    assert rows["10"] != "0.0 (underflow)" and rows["400"] != "0.0 (underflow)"
    assert rows["500"] == "0.0 (underflow)" and rows["1000"] == "0.0 (underflow)"
    # the same probabilities, recomputed: the first N whose float64 product is exactly 0
    p = np.random.default_rng(0).uniform(0.01, 0.5, size=1000)
    running, first_zero = 1.0, None
    for t, v in enumerate(p, start=1):
        running *= float(v)
        if running == 0.0:
            first_zero = t
            break
    assert f"exactly 0.0 {first_zero}" in text
    log_sum = math.fsum(math.log(v) for v in p)
    assert f"N = 1000 0.0 (underflow) {log_sum:.1f}".replace("-", "−") in text
    assert f"{log_sum / math.log(10):.1f}".replace("-", "−") in text


def test_exponential_positive_additive_and_zero_at_minus_infinity():
    text = visible_text(run_snippet("exponential_facts"))
    assert f"e^{{a + b}} with a = 1.5 , b = -0.25 {math.exp(1.25):.4f}" in text
    assert f"e^{{a}} e^{{b}} {math.exp(1.5) * math.exp(-0.25):.4f}" in text
    e = [math.exp(v) for v in (2.0, 1.0, 0.5)]
    p = "[" + ", ".join(f"{v / sum(e):.4f}" for v in e) + "]"
    assert text.count(p) == 2  # softmax(z) and softmax(z + 100)
    assert "[∞, ∞, ∞]" in text
    assert "e^{-\\infty} in float64 0.0000" in text
    assert "[1.0000, 0.0000, 0.0000]" in text
    assert f"{math.exp(709):.4g}" in text


def test_logarithm_sums_minus_sign_and_underflow():
    text = visible_text(run_snippet("logarithm_products_and_losses"))
    assert text.count(f"{math.log(0.3 * 0.02):.4f}".replace("-", "−")) == 2
    assert "3.0000" in text
    losses = " ".join(f"{-math.log(v):.3f}" for v in (1.0, 0.9, 0.5, 0.1, 0.01))
    assert f"(never below 0) {losses}".replace("-0.000", "0.000") in text
    assert "multiplied directly 0.0" in text
    log_sum, from_logits = re.search(r"\(log_product\) (−[\d.]+) .*log_softmax (−[\d.]+)", text).groups()
    assert log_sum == from_logits
    per_token = float(re.search(r"per token ([\d.]+)", text).group(1))
    assert per_token == round(-float(log_sum.replace("−", "-")) / 600, 3)


def test_square_root_scaling_variance():
    text = visible_text(run_snippet("square_root_attention_scaling"))
    rows = re.findall(r"(none|\\div \\sqrt\{d_k\} = 8|\\div d_k = 64) ([\d.]+) ([\d.]+)", text)
    var = {name: (float(v), float(s)) for name, v, s in rows[:3]}
    assert abs(var["none"][0] - 64) < 2 and abs(var["none"][1] - 8) < 0.2
    assert abs(var["\\div \\sqrt{d_k} = 8"][0] - 1) < 0.05
    assert abs(var["\\div d_k = 64"][0] - 1 / 64) < 0.001
    # variance scales by 1/c²: the three rows are consistent with each other
    assert abs(var["none"][0] / 64 - var["\\div \\sqrt{d_k} = 8"][0]) < 1e-3
    peaked = re.findall(r"(none|\\div \\sqrt\{d_k\} = 8|\\div d_k = 64) ([\d.]+) ([\d.]+) ([\d.]+)", text)
    largest = [float(r[1]) for r in peaked]
    entropy_bits = [float(r[2]) for r in peaked]
    assert largest[0] > largest[1] > largest[2] > 1 / 16
    assert entropy_bits[0] < entropy_bits[1] < entropy_bits[2] <= 4.0
    assert "\\sqrt{d_k}) True" in text


def test_floor_ceil_mod_negative_numbers_against_math_and_divmod():
    html = run_snippet("floor_ceil_mod_negative_numbers")
    rounding, remainders, encoding = ho.tables(html)
    for x in (2.7, 2.0, -2.5, -3.0):
        assert ho.nums(rounding.rows[f"x = {x:g}"]) == [math.floor(x), math.ceil(x), math.trunc(x)]
    for a, n in [(7, 2), (-7, 2), (7, -2), (-7, -2)]:
        q, r = divmod(a, n)  # Python's floored division
        t = math.trunc(a / n)
        assert ho.nums(remainders.rows[f"a = {a}, n = {n}"]) == [q, r, t, math.fmod(a, n)]
    exact_remainder = Fraction(-1e-20) % 2  # 2 − 1e-20 exactly, below 2, but nearer 2.0 than any float64 below it
    assert exact_remainder < 2 and float(exact_remainder) == 2.0
    assert ho.num(ho.fact(html, "in float64, Python's %")) == ho.num(ho.fact(html, "the same with np.mod")) == 2.0
    assert ho.fact(html, "is it below") == "False"
    d_model, pos = 8, 3
    for j in range(d_model):
        i, parity, function, value, rebuilt = encoding.rows[f"dimension j = {j}"]
        angle = pos / 10000 ** (2 * (j // 2) / d_model)  # Vaswani et al.: sin(pos / 10000^(2i/d_model))
        exact = math.sin(angle) if j % 2 == 0 else math.cos(angle)
        assert (int(i), int(parity), function) == (j // 2, j % 2, "sin" if j % 2 == 0 else "cos")
        assert ho.close(ho.num(value), exact, 4) and ho.close(ho.num(rebuilt), exact, 4)
    assert ho.num(ho.fact(html, "conv output length")) == ho.num(ho.fact(html, "by hand")) == (32 + 2 - 3) // 2 + 1

def test_trig_functions_radians_degrees_and_where_they_appear():
    from html_output import close, fact, num, nums, tables, vector

    html = run_snippet("trig_functions_radians")
    (t,) = tables(html)
    for label, cells in t.rows.items():
        deg = float(label.split()[0])
        rad, over_pi, s, c, one = nums(cells)
        assert close(rad, deg * math.pi / 180, 4) and close(over_pi, deg / 180, 4)
        assert close(s, math.sin(math.radians(deg)), 4) and close(c, math.cos(math.radians(deg)), 4) and one == 1.0
    assert close(num(fact(html, "math.pi")), math.pi, 4)
    assert close(num(fact(html, "read as radians")), math.sin(90), 4) and num(fact(html, "deg2rad")) == 1.0
    assert num(fact(html, "one period later")) == 0.0
    assert close(num(fact(html, "fastest pair")), 2 * math.pi, 4)
    assert close(num(fact(html, "slowest pair")), 2 * math.pi * 10000 ** (510 / 512), 4)
    assert vector(fact(html, "before and after rotating")) == [2.5, 2.5]  # ‖(1, 2, 0.5, −1)‖ = 2.5, kept by the rotation
    a, b = vector(fact(html, "the same m - n"))
    assert a == b
    assert vector(fact(html, "cosine schedule")) == [1.0, 0.5, 0.0]
    assert close(num(fact(html, "peak")), 1 / math.sqrt(2 * math.pi), 4)
