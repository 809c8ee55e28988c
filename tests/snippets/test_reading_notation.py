"""Each snippet of the reading-notation page prints the facts its entry promises."""

import math
import re
import statistics as pystats

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text


def test_fonts_scalar_vector_matrix_axes():
    text = visible_text(run_snippet("fonts_scalar_vector_matrix"))
    assert "x scalar 0 scalar ()" in text
    assert "\\mathbf{x} vector 1 3 (3,)" in text
    assert "X matrix 2 3 × 4 (3, 4)" in text
    assert "shape of \\mathbf{x}_2 4" in text and "shape of x_2 scalar" in text


def test_subscripts_row_first_then_column():
    text = visible_text(run_snippet("subscripts_indexing"))
    assert "X_{23} (row 2, column 3), X[1, 2] in Python 23" in text
    assert "X_{32} (row 3, column 2), X[2, 1] in Python 32" in text
    assert "[21, 22, 23, 24]" in text
    assert "is X_{34} , not X_{23} 34" in text
    f = ho.facts(run_snippet("subscripts_indexing"))
    row = [k for k in f if k.startswith("X_{2,:}")]
    col = [k for k in f if k.startswith("X_{:,3}")]
    assert ho.vector(f[row[0]]) == [10 * 2 + j for j in range(1, 5)]  # X_ij = 10 i + j
    assert ho.vector(f[col[0]]) == [10 * i + 3 for i in range(1, 4)]


def test_defined_as_true_claim_holds_false_claim_fails():
    text = visible_text(run_snippet("defined_as_vs_claim"))
    assert re.search(r"\\sigma\(-z\) = 1 - \\sigma\(z\) holds at every z True", text)
    assert re.search(r"\\sigma\(2z\) = 2\\sigma\(z\) holds at every z False", text)
    # the false claim fails by a real margin: at z = 2, 2σ(2) − σ(4)
    gap = 2 / (1 + math.exp(-2)) - 1 / (1 + math.exp(-4))
    assert f"{gap:.4f}" in text


def test_set_membership_checks_shapes_and_token_range():
    text = visible_text(run_snippet("set_membership_checks"))
    verdicts = re.findall(r"(True|False)", text)
    assert verdicts == ["True", "False", "False", "True", "True", "False", "False"]
    assert "50256 in range(V)" in text


def test_number_sets_floats_are_approximate():
    text = visible_text(run_snippet("number_sets_floats"))
    assert repr(0.1 + 0.2) in text  # 0.30000000000000004
    assert "0.1 + 0.2 == 0.3 False" in text
    assert "np.isclose(0.1 + 0.2, 0.3) True" in text
    assert "whole numbers stop being exact True" in text
    assert f"{2.0 ** -52:.2e}" in text  # float64 gap next to 1
    assert f"{2.0 ** -23:.2e}" in text  # float32
    assert f"{2.0 ** -10:.2e}" in text  # float16
    assert "overflow (inf)" in text  # float16 cannot hold 10^6


def test_number_sets_point_one_plus_point_two_by_format():
    import struct
    from fractions import Fraction

    def f32(x: float) -> float:  # round to float32 through the C library, not NumPy
        return struct.unpack("<f", struct.pack("<f", x))[0]

    (t,) = [t for t in ho.tables(run_snippet("number_sets_floats")) if "equal?" in t.header]
    assert t.rows["float64"][2] == "False" and 0.1 + 0.2 != 0.3
    assert t.rows["float64"][0] == repr(0.1 + 0.2)
    # float32: the exact sum of float32(0.1) and float32(0.2), rounded once, is float32(0.3)
    exact = Fraction(f32(0.1)) + Fraction(f32(0.2))
    assert f32(float(exact)) == f32(0.3)
    assert t.rows["float32"] == [f"{f32(0.3):.17g}", f"{f32(0.3):.17g}", "True"]
    assert t.rows["float16"][2] == "False" and bool(np.float16(0.1) + np.float16(0.2) == np.float16(0.3)) is False
    assert t.rows["bfloat16"][2] == "True"


def test_set_builder_nonnegative_membership():
    text = visible_text(run_snippet("set_builder_nonnegative"))
    rows = re.findall(r"(−?[\d.]+|−∞) (True|False) (True|False)", text)
    assert [(a, b) for _, a, b in rows] == [("False", "False"), ("True", "False"), ("False", "False"), ("True", "True")]
    assert "{" + ", ".join(str(i) for i in range(10) if i % 3 == 0) + "}" in text


def test_piecewise_exactly_one_condition_and_keep_top_k():
    text = visible_text(run_snippet("piecewise_causal_mask_keep_top_k"))
    assert "min 1, max 1" in text
    assert "equals the library's causal_mask True" in text
    # row i of the masked softmax spreads 1/i over the first i tokens
    assert "0.333 0.333 0.333 0.000" in text
    # KeepTopK keeps 2.0 and 1.2; softmax over those two alone
    p = math.exp(2.0) / (math.exp(2.0) + math.exp(1.2))
    assert f"0.000 {p:.3f} 0.000 0.000 {1 - p:.3f}" in text


def test_piecewise_repetition_penalty_and_label_mask():
    out = run_snippet("piecewise_repetition_penalty_label_mask")
    pen, mask = ho.tables(out)
    z, after = ho.nums(pen.rows["logits z_i"]), ho.nums(pen.rows["after the penalty, \\theta = 1.15"])
    seen = [i for i, h in enumerate(pen.header[1:]) if "(seen)" in h]
    assert seen == [0, 2]
    for i, (a, b) in enumerate(zip(z, after)):
        rule = (a / 1.15 if a > 0 else a * 1.15) if i in seen else a  # the two cases, by hand
        assert ho.close(b, rule, 3)
        if i in seen:
            assert b < a  # both branches lower a seen logit
    def sm(v):
        e = [math.exp(x) for x in v]
        return [x / sum(e) for x in e]
    assert all(ho.close(p, q, 3) for p, q in zip(ho.nums(pen.rows["probabilities after"]), sm([
        3.0 / 1.15, 1.2, -0.5 * 1.15, 0.8, -2.0])))
    assert ho.num(ho.fact(out, "CTRL's original rule")) == round(-0.5 / 1.15, 3)
    assert ho.num(ho.fact(out, "sign-aware rule")) == round(-0.5 * 1.15, 3)
    # label mask: −100 on the unscored positions, the token's id elsewhere; the loss averages
    # only the scored rows of the seeded logits
    labels = [int(v.replace("−", "-")) for v in mask.rows["label"]]
    scored = [s == "yes" for s in mask.rows["scored?"]]
    assert all((lab == -100) != s for lab, s in zip(labels, scored))
    logits = np.random.default_rng(0).normal(size=(8, 8))
    nll = [math.log(sum(math.exp(v) for v in logits[t])) - logits[t][labels[t]] for t in range(8) if scored[t]]
    assert ho.fact(out, "positions in the loss") == str(len(nll))
    assert ho.close(ho.num(ho.fact(out, "mean NLL over the scored positions")), sum(nll) / len(nll), 4)


def test_kronecker_delta_identity_and_softmax_jacobian():
    text = visible_text(run_snippet("kronecker_delta_softmax_jacobian"))
    assert "np.eye(4) True" in text
    z = [2.0, 1.0, 0.1]
    e = [math.exp(v) for v in z]
    p = [v / sum(e) for v in e]
    diag = ", ".join(f"{q * (1 - q):.4f}" for q in p)
    assert text.count(f"[{diag}]") == 2  # diagonal of J and p_i(1 − p_i)
    assert f"{-p[0] * p[1]:.4f}".replace("-", "−") in text
    assert "[0.0000, 0.0000, 0.0000]" in text
    gap = float(re.search(r"numerical Jacobian ([\d.]+e-\d+)", text).group(1))
    assert gap < 1e-8


def test_arrows_limit_and_assignment():
    text = visible_text(run_snippet("arrows_limit_and_assignment"))
    assert f"{0.9 ** 200:.3g}" in text and f"{1.1 ** 200:.3g}" in text
    theta = 3.0
    for _ in range(5):
        theta -= 0.1 * 2 * theta
    assert f"step 5 {theta:.4f}" in text


def test_approx_gelu_counts_int8():
    text = visible_text(run_snippet("approx_gelu_counts_int8"))
    gap = float(re.search(r"on \[-6, 6\] ([\d.]+e-\d+)", text).group(1))
    assert 1e-4 < gap < 5e-4
    assert "16,777,216" in text and "≈ 16.8 million" in text
    largest, bound = re.search(r"largest error .*? ([\d.]+e-\d+) bound \\Delta / 2 ([\d.]+e-\d+)", text).groups()
    assert float(largest) <= float(bound)
    assert "default tolerances False" in text
    assert "atol = \\Delta/2 ) True" in text


def test_proportional_constant_ratio():
    text = visible_text(run_snippet("proportional_softmax"))
    z = [2.0, 1.0, 0.5, -1.0]
    c = 1 / sum(math.exp(v) for v in z)
    c3 = 1 / sum(math.exp(v + 3) for v in z)
    assert " ".join([f"{c:.4f}"] * 4) in text
    assert " ".join([f"{c3:.4f}"] * 4) in text
    p = [math.exp(v) * c for v in z]
    assert text.count(" ".join(f"{q:.4f}" for q in p)) == 2  # same p for z and z + 3
    # doubling e^{z_1} alone: p_1 = 2e^{z_1} / (2e^{z_1} + the rest), which is not 2 p_1
    rest = sum(math.exp(v) for v in z[1:])
    doubled = 2 * math.exp(z[0]) / (2 * math.exp(z[0]) + rest)
    assert f"p_1 {p[0]:.4f} {doubled:.4f} {doubled / p[0]:.4f}" in text and doubled / p[0] < 2


def test_limits_temperature_to_zero_from_both_sides():
    text = visible_text(run_snippet("limits_temperature_to_zero"))
    assert "T = 0.01 1.0000 0.0000 0.0000 0.0000" in text
    assert "T = -0.01 0.0000 0.0000 0.0000 1.0000" in text
    # what is left for the other tokens at T = 0.1: Σ_{j>1} e^{(z_j − z_1)/T} / (1 + that)
    rest = sum(math.exp((v - 2.0) / 0.1) for v in (1.0, 0.5, -1.0))
    assert f"{rest / (1 + rest):.1e}" in text
    assert "greedy choice" in text and re.search(r"T = 0.01 1 .*T = -0.01 4", text.split("greedy choice")[1])
    tie = ho.vector(ho.fact(run_snippet("limits_temperature_to_zero"), "a tie"))
    e = [math.exp((v - 2.0) / 0.01) for v in (2.0, 2.0, 1.0, 2.0)]  # each tied logit gets 1/k, k = 3
    assert all(ho.close(p, x / sum(e), 3) for p, x in zip(tie, e)) and ho.close(tie[0], 1 / 3, 3)


def test_delta_update_lora_rank_and_counts():
    text = visible_text(run_snippet("delta_update_lora"))
    assert "6 × 6, 6 × 6, 6 × 6" in text
    assert "(np.linalg.matrix_rank) 2" in text
    assert "rank of W_0 6" in text
    assert "W - W_0 equals \\Delta W True" in text
    assert f"{4096 * 4096:,}" in text and f"{2 * 4096 * 8:,}" in text


def test_overloaded_sigma_three_meanings():
    text = visible_text(run_snippet("overloaded_sigma"))
    x = [-2.0, -0.5, 0.0, 1.0, 4.0]
    mean = sum(x) / len(x)
    std = math.sqrt(sum((v - mean) ** 2 for v in x) / len(x))
    assert f"(np.std, one number) {std:.4f}" in text
    assert f"{10 * std:.4f}" in text
    assert " ".join(f"{1 / (1 + math.exp(-v)):.4f}" for v in x) in text
    # singular values of [[a, b], [c, d]] from the closed form
    a, b, c, d = x[:4]
    s = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    s1 = math.sqrt((s + math.sqrt(s * s - 4 * det * det)) / 2)
    s2 = det / s1
    assert f"[{s1:.4f}, {s2:.4f}]" in text


# -- section 15 (issue 24): example index, all but one, intervals, function signatures -----------


def test_example_index_picks_rows_of_the_design_matrix():
    out = run_snippet("example_index_design_matrix")
    (t,) = ho.tables(out)
    rows = [ho.nums(cells) for cells in t.rows.values()]
    X = [[1.2, 3.0, 2.0], [0.8, 2.0, 5.0], [2.1, 5.0, 1.0], [1.5, 4.0, 3.0]]
    assert [r[:3] for r in rows] == X
    assert ho.vector(ho.fact(out, "the third example")) == X[2]
    assert ho.num(ho.fact(out, "feature 2 of example 3")) == X[2][1]
    assert ho.num(ho.fact(out, "its target")) == 520.0
    assert ho.close(ho.num(ho.fact(out, "a real power")), X[2][0] ** 2, 2)
    assert ho.fact(out, "the same row") == "True"
    assert ho.fact(out, "number of examples") == "4 and 3"


def test_all_but_one_leave_one_out_means_match_a_loop():
    out = run_snippet("all_but_one_leave_one_out")
    (t,) = ho.tables(out)
    x = [4.0, 5.0, 6.0, 5.0, 20.0]
    loo = [pystats.fmean(x[:i] + x[i + 1 :]) for i in range(5)]
    means = next(cells for label, cells in t.rows.items() if label.startswith("mean of"))
    gaps = next(cells for label, cells in t.rows.items() if label.startswith("x_i minus"))
    assert all(ho.close(p, e, 2) for p, e in zip(ho.nums(means), loo))
    assert all(ho.close(p, xi - e, 2) for p, xi, e in zip(ho.nums(gaps), x, loo))
    assert ho.vector(ho.fact(out, "all but the fifth")) == x[:4]
    assert ho.num(ho.fact(out, "from the four entries")) == pystats.fmean(x[:4])
    assert ho.num(ho.fact(out, "mean of all five")) == pystats.fmean(x)


def test_intervals_brackets_and_the_unit_interval_of_rng_random():
    out = run_snippet("intervals_unit_interval")
    (t,) = ho.tables(out)
    expected = {"[0, 1]": ["yes", "yes", "yes"], "[0, 1)": ["yes", "yes", "no"], "(0, 1]": ["no", "yes", "yes"], "(0, 1)": ["no", "yes", "no"]}
    assert t.rows == expected
    draws = np.random.default_rng(0).random(1_000_000)
    assert math.isclose(ho.num(ho.fact(out, "the smallest")), draws.min(), rel_tol=1e-2)
    assert math.isclose(ho.num(ho.fact(out, "1 minus the largest")), 1 - draws.max(), rel_tol=1e-2)
    assert ho.fact(out, "all in [0, 1)") == "True"
    sig = [1 / (1 + math.exp(-z)) for z in (-10.0, 0.0, 10.0, 40.0)]
    assert all(ho.close(p, s, 6) for p, s in zip(ho.vector(ho.fact(out, "(float64)")), sig))
    assert sig[-1] == 1.0  # independently: the stdlib's float rounds σ(40) to 1 as well
    assert ho.fact(out, "strictly inside") == "False"
    assert ho.fact(out, "rounded to exactly 1.0") == "True"


def test_function_composition_applies_the_inner_function_first():
    out = run_snippet("function_composition_layers")
    rng = np.random.default_rng(1)
    W1, W2 = rng.normal(size=(3, 4)), rng.normal(size=(4, 2))  # the site's layout: h = x W1, then h W2
    x = np.array([1.0, -2.0, 0.5])
    hidden = [max(0.0, sum(x[r] * W1[r, c] for r in range(3))) for c in range(4)]
    final = [sum(hidden[r] * W2[r, c] for r in range(4)) for c in range(2)]
    f = ho.facts(out)
    (h_key,) = [k for k in f if k.startswith("f_1(")]
    (f_key,) = [k for k in f if k.startswith("f(")]
    (w_key,) = [k for k in f if k.startswith("f_2(f_1")]
    assert np.allclose(ho.vector(f[h_key]), hidden, atol=5e-4)
    assert np.allclose(ho.vector(f[f_key]), final, atol=5e-4)
    assert f[f_key] == f[w_key]
    assert ho.num(ho.fact(out, "(s \\circ a)(3)")) == (3 + 1) ** 2
    assert ho.num(ho.fact(out, "the other order")) == 3**2 + 1


def test_inequalities_boundary_and_entries_diagonal_psd_and_float32():
    html = run_snippet("inequalities_boundary_and_entries")
    mask, psd = ho.tables(html)[:2]
    n = 4
    assert ho.nums(mask.rows["j \\le i"][:n]) == [sum(1 for j in range(1, n + 1) if j <= i) for i in range(1, n + 1)]
    assert ho.nums(mask.rows["j < i"][:n]) == [sum(1 for j in range(1, n + 1) if j < i) for i in range(1, n + 1)]
    assert mask.rows["j \\le i"][n] == "False" and mask.rows["j < i"][n] == "True"  # query 1 sees nothing
    (a_row,) = [cells for label, cells in psd.rows.items() if label.startswith("A =")]
    (b_row,) = [cells for label, cells in psd.rows.items() if label.startswith("B =")]
    # a symmetric [[p, q], [q, p]] has eigenvalues p − q and p + q
    assert a_row[0] == "True" and ho.vector(a_row[1]) == [1 - 2, 1 + 2] and a_row[2] == "False"
    assert b_row[0] == "False" and ho.vector(b_row[1]) == [2 - 1, 2 + 1] and b_row[2] == "True"
    # float32 has 23 fraction bits: 1 + ε rounds back to 1 when ε is at most half the gap 2^-23
    for k in (-3, -6, -7, -8, -10):
        assert ho.fact(html, f"1 + 10^{{{k}}} = 1") == str(10.0**k <= 2.0**-24)


def test_prime_next_state_and_derivative_reads_both_kinds():
    html = run_snippet("prime_next_state_and_derivative")
    gamma = 0.9
    # the corridor's best policy goes right: Q*(s, right) = γ^(2−s), Q*(s, left) = γ V*(max(s − 1, 0))
    v_star = [gamma ** (2 - s) for s in range(3)]
    f = ho.facts(html)
    assert ho.num(ho.fact(html, "the cell it reaches")) == 1
    best_next = max(gamma * v_star[0], v_star[1])  # left from cell 1 goes to cell 0, right is worth V*(1)
    assert ho.close(ho.num(ho.fact(html, "the best action value there")), best_next, 4)
    assert ho.fact(html, "that attains it") == "right"
    assert ho.close(ho.num(ho.fact(html, "target y")), 0.0 + gamma * best_next, 4)
    assert ho.close(ho.num(ho.fact(html, "which the target equals")), v_star[0], 4)
    assert len(f) == 6
    derivatives = ho.tables(html)[1]
    for label, x in [("x = -1", -1.0), ("x = 0.5", 0.5), ("x = 2", 2.0)]:
        numeric_first, rule_first, numeric_second, rule_second = ho.nums(derivatives.rows[label])
        assert ho.close(numeric_first, 3 * x * x, 4) and ho.close(rule_first, 3 * x * x, 4)
        assert ho.close(numeric_second, 6 * x, 4) and ho.close(rule_second, 6 * x, 4)


def test_ellipsis_how_many_terms_counts_sums_and_fills_the_matrix():
    html = run_snippet("ellipsis_how_many_terms")
    counts, matrix = ho.tables(html)
    n, t, k = 6, 5, 2
    for label, first, last in [("x_1, \\ldots, x_n", 1, n), ("x_0, \\ldots, x_{n-1}", 0, n - 1), ("x_2, \\ldots, x_n", 2, n), ("x_{t-k}, \\ldots, x_t", t - k, t)]:
        code, indices, terms, formula = counts.rows[label]
        expected = list(range(first, last + 1))
        assert [int(i) for i in indices.split(", ")] == expected
        assert int(terms) == int(formula) == len(expected)
    assert ho.num(ho.fact(html, "x_1 + \\cdots + x_n")) == n * (n + 1) // 2
    assert ho.num(ho.fact(html, "the same sum from")) == n * (n + 1) // 2
    assert list(matrix.rows) == [f"row {i}" for i in range(1, 5)] and len(matrix.header) == n + 1  # the same n as the list
    for i in range(1, 5):
        assert ho.nums(matrix.rows[f"row {i}"]) == [10 * i + j for j in range(1, n + 1)]
    shown = visible_text(html)  # the corners a_11, a_1n, a_m1, a_mn, HTML-escaped in the markup
    assert "11 & \\cdots & 16" in shown and "41 & \\cdots & 46" in shown


def test_index_range_both_ends_match_the_shifted_python_slices():
    html = run_snippet("index_range_both_ends")
    ranges, chain = ho.tables(html)
    words = "the cat sat on the mat".split()
    T, t, k = 6, 4, 2
    maths = lambda a, b: " ".join(words[i - 1] for i in range(a, b + 1)) or "(nothing)"  # noqa: E731  both ends included
    for label, a, b in [("x_{1:T}", 1, T), ("x_{2:4}", 2, 4), (f"x_{{<t}}, t = {t}", 1, t - 1), (f"x_{{t-k:t}}, t = {t}, k = {k}", t - k, t), ("x_{<1}", 1, 0)]:
        entries, code, gives, count = ranges.rows[label]
        assert entries == gives == maths(a, b) and int(count) == b - a + 1
    assert ho.fact(html, "off-by-one slice") == maths(2, T) and ho.num(ho.fact(html, "one short of")) == T - 1
    for s in range(1, T + 1):
        factor, context, predicted = chain.rows[f"t = {s}"]
        assert context == maths(1, s - 1) and predicted == words[s - 1]


def test_placeholder_dot_whole_distribution_is_a_row_whose_dot_with_q_is_v():
    html = run_snippet("placeholder_dot_whole_distribution")
    (rows,) = ho.tables(html)
    # policy evaluation by sweeps, independent of the library's linear solve: right 0.7, left 0.3, γ = 0.9
    gamma, p_right = 0.9, 0.7
    V = [0.0, 0.0, 0.0]
    for _ in range(2000):
        V = [p_right * (1.0 if s == 2 else gamma * V[s + 1]) + (1 - p_right) * gamma * V[max(s - 1, 0)] for s in range(3)]
    for s in range(3):
        left, right, q_left, q_right, dot, v = ho.nums(rows.rows[f"s = {s}"])
        assert (left, right) == (0.3, 0.7)
        assert ho.close(q_left, gamma * V[max(s - 1, 0)], 4) and ho.close(q_right, 1.0 if s == 2 else gamma * V[s + 1], 4)
        assert ho.close(dot, V[s], 4) and ho.close(v, V[s], 4)
    assert ho.vector(ho.fact(html, "one row of the table")) == [0.3, 0.7]
    assert abs(ho.num(ho.fact(html, "that went right")) - 0.7) < 0.02
    for label, exact in [("(3, 4)", 5.0), ("(1, 1)", math.sqrt(2)), ("(0, -2)", 2.0)]:
        assert ho.close(ho.num(ho.fact(html, label)), exact, 4)


def test_logic_for_all_and_implies_truth_table_and_counterexamples():
    html = run_snippet("logic_for_all_and_implies")
    truth, matrices = ho.tables(html)[:2]
    for cells in truth.rows.values():
        p, q, conj, disj, imp, iff = (c == "True" for c in cells)
        assert conj == (p and q) and disj == (p or q) and imp == ((not p) or q) and iff == (p == q)
    assert sum(c[4] == "False" for c in truth.rows.values()) == 1  # only True ⇒ False fails
    (a_row,) = [c for label, c in matrices.rows.items() if label.startswith("A =")]
    (b_row,) = [c for label, c in matrices.rows.items() if label.startswith("B =")]
    # [[p, q], [q, p]] has eigenvalues p − q and p + q: A's are −1 and 3, B's 1 and 3
    assert a_row[:2] == ["True", "False"] and b_row[:2] == ["True", "True"]
    # on the unit circle x A xᵀ = 1 + 2 sin 2φ ≤ 0 on a third of the angles; x B xᵀ = 2 − sin 2φ ≥ 1
    assert abs(int(a_row[2]) / 10_000 - 1 / 3) < 0.02 and int(b_row[2]) == 0
    assert -1.0 <= ho.num(a_row[3]) < -0.999 and 1.0 <= ho.num(b_row[3]) < 1.001
    assert ho.fact(html, "so not") == "True"
    assert ho.num(ho.fact(html, "the counterexample")) == 1 + 1 - 2 - 2