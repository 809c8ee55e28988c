"""Each snippet of the building-blocks page prints the facts its entry promises.

Numbers are checked against independent computations (the math module, explicit loops,
closed forms), not copied from the output.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from conftest import run_snippet, visible_text
from html_output import close, facts, num, nums, tables, vector


# ---------- independent references ----------


def phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def sig(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def softmax_list(z: list[float]) -> list[float]:
    m = max(z)
    e = [math.exp(v - m) for v in z]
    return [v / sum(e) for v in e]


# ---------- neurons, layers, activation functions ----------


def test_layer_one_matmul_each_neuron_is_a_dot_product():
    out = run_snippet("layer_one_matmul")
    params, result = tables(out)
    x = [1.0, -2.0, 0.5]
    for j in range(1, 5):
        *w, b = nums(params.rows[f"neuron {j}"])
        pre = sum(wi * xi for wi, xi in zip(w, x)) + b
        row = nums(result.rows[f"neuron {j}"])
        assert close(row[0], pre, 2)
        assert close(row[1], max(0.0, pre), 2) and close(row[2], max(0.0, pre), 2)
    f = facts(out)
    assert f["shapes \\mathbf{x}, W, \\mathbf{b}, \\mathbf{h}"] == "(3,), (3, 4), (4,), (4,)"  # W is d_in × d_out
    assert f["same numbers both ways"] == "True"
    assert f["a batch X of shape (2, 3) gives H of shape"] == "(2, 4)"
    assert f["row 1 of H equals \\mathbf{h}"] == "True"
    assert f["parameters (3 \\times 4 weights + 4 biases)"] == str(4 * 3 + 4)


def test_hidden_layers_shapes_chain_and_count_parameters():
    out = run_snippet("hidden_layers_shapes")
    (t,) = tables(out)
    widths = [4, 8, 8, 3]
    names = ["hidden layer 1", "hidden layer 2", "output layer"]
    for name, d_in, d_out in zip(names, widths, widths[1:]):
        assert t.rows[name] == [f"{d_in} × {d_out}", str(d_out), f"5 × {d_out}", str(d_out * d_in + d_out)]  # W is d_in × d_out
    f = facts(out)
    assert f["total parameters"] == str(sum(o * i + o for i, o in zip(widths, widths[1:])))
    assert f["network output"] == "5 × 3"
    assert num(f["its parameters, 2\\,d_{\\text{model}} d_{\\text{ff}} + d_{\\text{ff}} + d_{\\text{model}}"]) == 2 * 512 * 2048 + 2048 + 512


def test_linear_layers_collapse_but_relu_does_not():
    out = run_snippet("linear_layers_collapse")
    (t,) = tables(out)
    linear, with_relu = (nums(t.rows[k]) for k in list(t.rows))
    assert linear == [0.0, 0.0, 0.0]
    assert all(v > 0.5 for v in with_relu)
    # independent: the same seeded matrices, multiplied in the other order
    rng = np.random.default_rng(0)
    w1, w2, x = rng.normal(size=(3, 4)), rng.normal(size=(4, 2)), rng.normal(size=3)
    f = facts(out)
    assert f["shapes of W_1, W_2, W_1W_2"] == "(3, 4), (4, 2), (3, 2)"
    # row vectors: entry k of x W1 is a sum over the inputs, by explicit loops
    hidden = [sum(x[i] * w1[i, j] for i in range(3)) for j in range(4)]
    two_layers = [sum(hidden[j] * w2[j, k] for j in range(4)) for k in range(2)]
    assert np.allclose(vector(f["(\\mathbf{x}W_1)W_2"]), two_layers, atol=5e-5)
    assert f["(\\mathbf{x}W_1)W_2"] == f["\\mathbf{x}(W_1W_2)"]
    relu_hidden = [max(0.0, v) for v in hidden]
    with_relu_out = [sum(relu_hidden[j] * w2[j, k] for j in range(4)) for k in range(2)]
    assert np.allclose(vector(f["\\operatorname{ReLU}(\\mathbf{x}W_1)W_2"]), with_relu_out, atol=5e-5)


def test_activation_functions_plot_and_values():
    out = run_snippet("activation_functions_plot")
    assert out.count("<svg") == 1 and 'role="img"' in out
    (t,) = tables(out)
    xs = [num(h.split("=")[1]) for h in t.header[1:]]
    refs = {
        "\\operatorname{ReLU}(x)": lambda v: max(0.0, v),
        "\\operatorname{GELU}(x)": lambda v: v * phi(v),
        "\\operatorname{SiLU}(x)": lambda v: v * sig(v),
        "\\operatorname{Softplus}(x)": lambda v: math.log1p(math.exp(v)),
        "\\sigma(x), sigmoid": sig,
        "\\tanh(x)": math.tanh,
    }
    for label, f in refs.items():
        assert all(close(p, f(v), 3) for p, v in zip(nums(t.rows[label]), xs)), label
    # far from zero the ReLU family is ≈ 0 on the left and ≈ x on the right, but the squashing
    # functions level off at their bounds: they do not "all agree far from zero"
    far = xs.index(10.0)
    assert nums(t.rows["\\operatorname{ReLU}(x)"])[far] == 10.0 and nums(t.rows["\\tanh(x)"])[far] == 1.0
    assert nums(t.rows["\\sigma(x), sigmoid"])[far] == 1.0 and nums(t.rows["\\tanh(x)"])[xs.index(-10.0)] == -1.0


def test_relu_dead_neuron_gets_no_gradient():
    out = run_snippet("relu_dead_neuron")
    (t,) = tables(out)
    inputs = [(1.0, 0.5), (-0.5, 2.0), (2.0, -1.0), (0.3, 0.3), (-1.5, -0.5), (0.8, 1.6)]
    live = (1.0, -1.0, 0.5)
    pre = [live[0] * a + live[1] * b + live[2] for a, b in inputs]
    assert all(close(p, max(0.0, v), 2) for p, v in zip(nums(t.rows["live neuron"]), pre))
    assert nums(t.rows["dead neuron"]) == [0.0] * 6
    f = facts(out)
    active = [(a, b) for (a, b), v in zip(inputs, pre) if v > 0]
    expected = [sum(a for a, _ in active), sum(b for _, b in active), len(active)]
    assert np.allclose(vector(f["live neuron: gradient with respect to (w_1, w_2, b)"]), expected, atol=1e-3)
    assert vector(f["dead neuron: gradient with respect to (w_1, w_2, b)"]) == [0.0, 0.0, 0.0]
    assert f["dead neuron: inputs where it fires"] == "0"
    assert f["live neuron: inputs where it fires"] == str(len(active))


def test_gelu_exact_vs_tanh_matches_erf_and_tanh_formulas():
    out = run_snippet("gelu_exact_vs_tanh")
    t, slopes = tables(out)
    c = math.sqrt(2 / math.pi)
    for label, cells in t.rows.items():
        if not label:
            continue
        x = num(label)
        cdf, exact, approx, diff = nums(cells)
        tanh_form = 0.5 * x * (1 + math.tanh(c * (x + 0.044715 * x**3)))
        assert close(cdf, phi(x), 5) and close(exact, x * phi(x), 5)
        assert close(approx, tanh_form, 5) and close(diff, tanh_form - x * phi(x), 5)
    grid = [-6 + 12 * i / 12000 for i in range(12001)]
    gaps = [abs(0.5 * x * (1 + math.tanh(c * (x + 0.044715 * x**3))) - x * phi(x)) for x in grid]
    worst = max(range(len(grid)), key=gaps.__getitem__)
    f = facts(out)
    largest = f["largest \\vert \\text{tanh form} - \\text{exact} \\vert for x \\in [-6, 6]"]
    assert largest == f"{max(gaps):.1e}".replace("e-04", " \\times 10^{-4}") + f" at x = \\pm {abs(grid[worst]):.2f}"
    assert largest.startswith("4.7 \\times 10^{-4}")
    # the slope Φ(x) + x φ(x), against central differences of x Φ(x), next to ReLU's and leaky ReLU's
    h = 1e-5
    for label, (gelu_slope, relu_slope, leaky_slope) in ((k, nums(v)) for k, v in slopes.rows.items() if k):
        x = num(label)
        reference = ((x + h) * phi(x + h) - (x - h) * phi(x - h)) / (2 * h)
        assert abs(gelu_slope - reference) <= 0.006 * abs(reference) + 1e-9  # three significant digits
        assert relu_slope == (1.0 if x > 0 else 0.0) and leaky_slope == (1.0 if x > 0 else 0.01)
    assert num(slopes.rows["-5"][0]) < 0 and abs(num(slopes.rows["-5"][0])) < 1e-5  # non-zero, but tiny
    zero = num(f["GELU's slope is 0 at"].split("(")[0].replace("x =", ""))
    lowest = min(grid, key=lambda x: x * phi(x))
    assert abs(zero - lowest) < 1e-3 and close(zero, -0.7518, 4)


def test_silu_swish_family_and_minimum():
    out = run_snippet("silu_swish_beta")
    (t,) = tables(out)
    xs = [num(h.split("=")[1]) for h in t.header[1:]]
    for beta in (0.0, 0.5, 1.0, 2.0, 10.0):
        label = next(k for k in t.rows if k.startswith(f"\\beta = {beta:g}"))
        assert all(close(p, x * sig(beta * x), 3) for p, x in zip(nums(t.rows[label]), xs))
    assert nums(t.rows["\\operatorname{ReLU}(x)"]) == [max(0.0, x) for x in xs]
    grid = [-6 + 12 * i / 120000 for i in range(120001)]
    values = [x * sig(x) for x in grid]
    lowest = min(range(len(grid)), key=values.__getitem__)
    f = facts(out)
    assert f["lowest value of SiLU"] == f"−{abs(values[lowest]):.4f} at x = {grid[lowest]:.2f}"
    assert abs(values[lowest] + 0.2785) < 1e-4
    assert close(num(f["largest gap between \\operatorname{Swish}_{10} and ReLU"]), max(abs(x * sig(10 * x) - max(0.0, x)) for x in grid), 4)
    assert all(v == "True" for k, v in f.items() if k != "lowest value of SiLU" and not k.startswith("largest"))


def test_sigmoid_is_two_class_softmax_bradley_terry_and_gates():
    out = run_snippet("sigmoid_two_class_softmax")
    pairs, gates = tables(out)
    for key, (a, b, s, p) in pairs.rows.items():
        if not key:
            continue
        a, b = num(a), num(b)
        assert close(num(s), sig(a - b), 4) and close(num(p), math.exp(a) / (math.exp(a) + math.exp(b)), 4)
    f = facts(out)
    assert f["all four rows agree"] == "True"
    assert close(num(f["Bradley–Terry with r_A = 1.3, r_B = 0.4: \\sigma(r_A - r_B)"]), sig(0.9), 4)
    assert close(num(f["reward-model loss -\\log \\sigma(r_A - r_B)"]), math.log1p(math.exp(-0.9)), 4)
    s = [1.2, -0.3, 0.8, -2.0]
    row_sig = nums(gates.rows["\\sigma(s_i), each on its own"])
    assert all(close(p, sig(v), 4) for p, v in zip(row_sig, s)) and close(row_sig[-1], sum(map(sig, s)), 4)
    assert row_sig[-1] > 1.5  # sigmoid gates do not sum to 1
    row_soft = nums(gates.rows["\\operatorname{Softmax}(\\mathbf{s})_i"])
    assert all(close(p, q, 4) for p, q in zip(row_soft, softmax_list(s))) and row_soft[-1] == 1.0


def test_tanh_range_identity_and_gelu_argument():
    out = run_snippet("tanh_range_and_gelu")
    assert out.count("<svg") == 1
    f = facts(out)
    assert np.allclose(vector(f["\\tanh(-3), \\tanh(0), \\tanh(3)"]), [math.tanh(-3), 0.0, math.tanh(3)], atol=5e-5)
    assert f["\\tanh(x) = 2\\sigma(2x) - 1 for every x plotted"] == "True"
    gap = 2 / (math.exp(40) + 1)  # 1 - tanh(20), exactly
    assert f["true gap 1 - \\tanh(20) = 2\\sigma(-40)"] == f"{gap:.1e}".replace("e-18", " \\times 10^{-18}")
    assert f["float64 rounds \\tanh(20) to exactly 1"] == str(math.tanh(20.0) == 1.0) == "True"
    u = math.sqrt(2 / math.pi) * (1 + 0.044715)
    assert close(num(f["GELU at x = 1: u = \\sqrt{2/\\pi}\\,(x + 0.044715\\,x^3)"]), u, 4)
    assert close(num(f["\\tanh(u)"]), math.tanh(u), 4)
    both = vector(f["\\tfrac{1}{2} x\\,(1 + \\tanh u) and the library's tanh-form GELU"])
    assert both[0] == both[1] and close(both[0], 0.5 * (1 + math.tanh(u)), 4)


def test_softplus_stable_where_the_naive_formula_fails():
    out = run_snippet("softplus_stable")
    (t,) = tables(out)
    naive, library, relu_ = zip(*(nums(cells) for key, cells in t.rows.items() if key))
    xs = [num(k) for k in t.rows if k]
    assert naive[xs.index(800.0)] == math.inf and naive[xs.index(-40.0)] == 0.0
    for x, v in zip(xs, library):
        exact = x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))
        assert math.isclose(v, exact, rel_tol=5e-3) or close(v, exact, 4)
    assert 0 < library[xs.index(-700.0)] < 1e-300  # tiny but not lost
    assert list(relu_) == [max(0.0, x) for x in xs]
    f = facts(out)
    raw = vector(f["noisy MoE gating: (\\mathbf{x} W_{\\text{noise}})_i for 4 experts"])
    scale = vector(f["\\operatorname{Softplus} of them, the noise scale of each expert"])
    assert any(v < 0 for v in raw) and all(s > 0 for s in scale)
    assert all(close(s, math.log1p(math.exp(v)), 3) for s, v in zip(scale, raw))
    assert close(num(f["\\operatorname{Softplus}(x) - \\operatorname{ReLU}(x) is largest at x = 0, where it is \\ln 2"]), math.log(2), 4)


# ---------- logits, softmax, temperature ----------


def test_logits_are_scores_and_log_probabilities_up_to_a_constant():
    out = run_snippet("logits_not_probabilities")
    (t,) = tables(out)
    rng = np.random.default_rng(3)
    h, w = rng.normal(size=4), rng.normal(size=(6, 4))
    z = [sum(float(w[i, k] * h[k]) for k in range(4)) for i in range(6)]
    log_total = math.log(sum(math.exp(v) for v in z))
    for i, (label, cells) in enumerate((k, v) for k, v in t.rows.items() if k):
        logit_, p, log_p, const = nums(cells)
        assert close(logit_, z[i], 3) and close(p, math.exp(z[i] - log_total), 3)
        assert close(log_p, z[i] - log_total, 3) and close(const, -log_total, 3)
    f = facts(out)
    assert close(num(f["sum of the logits"]), sum(z), 3)
    assert f["negative logits"] == str(sum(v < 0 for v in z))
    assert f["sum of the probabilities"] == "1.000"
    assert f["shapes of \\mathbf{h}, W_{\\text{out}}, \\mathbf{z}"] == "(4,), (4, 6), (6,)"  # z = h W_out, W_out is d_model × |V|
    assert f["most likely next token (largest logit)"] == ["the", "cat", "sat", "on", "mat", "."][z.index(max(z))]
    assert f["two tokens with logits [2, 0.5]: \\operatorname{logit}(p_1) = \\log \\frac{p_1}{1 - p_1}"] == "1.500"


def test_softmax_shift_invariance_rows_match_and_naive_overflows():
    text = visible_text(run_snippet("softmax_shift_invariance"))
    expected = " ".join(f"{p:.4f}" for p in softmax_list([1.0, 2.0, 3.0]))
    assert text.count(expected) == 3  # z, z + 10 and z + 1000 give the same probabilities
    assert "[1.0000, 1.0000, 1.0000]" in text
    assert "∞" in text and "[NaN, NaN, NaN]" in text


def test_softmax_rows_sum_to_one_and_wrong_axis_does_not():
    out = run_snippet("softmax_rows")
    (t,) = tables(out)
    S = [[2.0, 1.0, 0.0, -1.0], [0.5, 0.5, 0.5, 0.5], [-1.0, 3.0, 0.0, 1.0]]
    for i, row in enumerate(S):
        *p, total = nums(t.rows[f"row {i + 1}"])
        assert all(close(a, b, 3) for a, b in zip(p, softmax_list(row))) and total == 1.0
    columns = [softmax_list([S[r][c] for r in range(3)]) for c in range(4)]
    wrong_row_sums = [sum(columns[c][r] for c in range(4)) for r in range(3)]
    f = facts(out)
    assert all(close(a, b, 3) for a, b in zip(vector(f["with axis=0 instead, the row sums are"]), wrong_row_sums))
    assert vector(f["and each column sums to"]) == [1.0] * 4
    assert vector(f["row 2 (all scores equal) becomes uniform"]) == [0.25] * 4
    # row-stochastic: non-negative with rows summing to 1, true for axis=-1 only
    row_stochastic = [v for k, v in f.items() if "is row-stochastic" in k]
    assert row_stochastic == ["True"] and all(abs(s - 1) > 1e-3 for s in wrong_row_sums)
    assert f["with axis=0, row-stochastic"] == "False"


def test_softmax_temperature_sharpens_below_one_and_flattens_above():
    text = visible_text(run_snippet("softmax_temperature"))
    rows = re.findall(r"T = (0\.5|1|2) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text)
    top = {t: float(p1) for t, p1, *_ in rows}
    assert top["0.5"] > top["1"] > top["2"]
    # the ratio p1/p2 is e^{(z1 - z2)/T} = e^{1/T}
    for t in (0.5, 1.0, 2.0):
        assert f"{math.exp(1 / t):.3f}" in text


def test_softmax_temperature_plot_goes_from_one_hot_to_uniform():
    out = run_snippet("softmax_temperature_plot")
    assert out.count("<svg") == 1
    f = facts(out)
    z = [2.0, 1.0, 0.5, -1.0]
    for t, label in ((0.05, "T = 0.05"), (1.0, "T = 1 (dot on the chart)"), (100.0, "T = 100")):
        assert all(close(a, b, 4) for a, b in zip(vector(f[label]), softmax_list([v / t for v in z])))
    assert vector(f["T = 0.05"]) == [1.0, 0.0, 0.0, 0.0]
    assert f["token with the largest logit (what greedy decoding picks)"] == "token 1"
    assert f["order of the tokens the same at every T"] == "True"


# ---------- max and argmax, masks, KeepTopK ----------


def test_argmax_greedy_decoding_reads_the_position():
    out = run_snippet("argmax_greedy_decoding")
    (t,) = tables(out)
    vocab = [".", "cat", "mat", "on", "sat", "the"]
    logit_rows = [nums(t.rows[f"logit of “{w}” (id {i})"]) for i, w in enumerate(vocab)]
    steps = list(zip(*logit_rows))  # one tuple of logits per step
    picks = [list(s).index(max(s)) for s in steps]
    assert nums(t.rows["\\max_k z_k"]) == [max(s) for s in steps]
    assert t.rows["\\arg\\max_k z_k"] == [str(k) for k in picks]
    assert t.rows["token picked"] == [vocab[k] for k in picks]
    probs = [softmax_list(list(s))[k] for s, k in zip(steps, picks)]
    assert all(close(a, b, 2) for a, b in zip(nums(t.rows["its probability"]), probs))
    f = facts(out)
    assert f["greedy output"] == " ".join(vocab[k] for k in picks) == "the cat sat on the mat"
    assert f["argmax of the probabilities is the same"] == "True"
    assert vector(f["largest entry of \\mathbf{z} - \\max_k z_k at each step (safe softmax)"]) == [0.0] * 6
    assert f["a tie, \\arg\\max [1, 3, 3] (the first one wins)"] == "1"


def test_masking_minus_infinity_zeros_nan_and_float16():
    out = run_snippet("masking_minus_infinity")
    causal, partly, fully = tables(out)
    S = [[1.0, 2.0, 0.5], [0.3, 1.2, 2.0], [-0.5, 0.8, 0.1]]
    for i in range(3):
        visible = softmax_list(S[i][: i + 1])
        row = nums(causal.rows[f"token {i + 1}"])
        assert all(close(a, b, 3) for a, b in zip(row, visible + [0.0] * (2 - i)))
    two = softmax_list([2.0, 0.5])
    for label, cells in partly.rows.items():
        if label:
            assert all(close(a, b, 3) for a, b in zip(nums(cells), two + [0.0, 0.0]))
    # every key blocked: −∞ gives NaN, a replacing finite mask gives 1/4 each, an added one
    # in float64 gives back the unmasked weights, and in float32 rounds the scores away
    scores = [2.0, 0.5, 1.0, -0.5]
    unmasked = softmax_list(scores)
    row = {label: cells for label, cells in fully.rows.items() if label}
    assert all(close(a, b, 3) for a, b in zip(nums(row["no mask (for comparison)"]), unmasked))
    assert row["replaced by -\\infty (masked_fill, np.where)"] == ["NaN"] * 4
    assert row["-\\infty added"] == ["NaN"] * 4
    assert nums(row["replaced by -10^9"]) == [0.25] * 4
    assert all(close(a, b, 3) for a, b in zip(nums(row["-10^9 added, float64"]), unmasked))
    assert nums(row["-10^9 added, float32"]) == [0.25] * 4
    # independent reason for the float32 row: float32's spacing near 1e9 is 64
    assert all(np.float32(-1e9) + np.float32(s) == np.float32(-1e9) for s in scores)
    f = facts(out)
    assert f["e^{-\\infty}"] == "0.0" and math.exp(-math.inf) == 0.0
    assert f["blocked keys get exactly 0 in all three rows"] == "True"
    assert f["fully masked row, -10^9 added in float64: largest change from the unmasked weights"] == "0.0"
    assert f["\\infty - \\infty and 0 \\times \\infty"] == "[NaN, NaN]"
    assert f["-10^9 stored as float16 (largest float16 is 65504)"] == "−∞"
    assert f["float16 minimum, and two of them added (two masks on one score)"] == "[−65504.0, −∞]"


def test_keep_top_k_router_keeps_two_and_renormalises():
    out = run_snippet("keep_top_k_router")
    (t,) = tables(out)
    experts = [k for k in t.rows if k]
    v = [num(t.rows[e][0]) for e in experts]
    top = sorted(range(len(v)), key=lambda i: -v[i])[:2]
    total = sum(math.exp(v[i]) for i in top)
    for i, e in enumerate(experts):
        _, kept, gate, full = t.rows[e]
        if i in top:
            assert num(kept) == v[i] and close(num(gate), math.exp(v[i]) / total, 3)
        else:
            assert kept == "−∞" and num(gate) == 0.0
        assert close(num(full), softmax_list(v)[i], 3)
    f = facts(out)
    assert f["experts that run"] == ", ".join(f"E{i + 1}" for i in sorted(top))
    assert sum(vector(f["their gate weights, summing to 1"])) == pytest.approx(1.0, abs=1e-3)
    assert f["their gate weights, summing to 1"] == f["the full softmax's shares for them, rescaled to sum to 1"]
    assert f["experts with weight exactly 0"] == "6"
    assert re.fullmatch(r"E\d, E\d", f["with noise added to the scores, the experts chosen are"])


# -- positive part (issue 24) -------------------------------------------------------------------


def test_positive_part_is_relu_and_gives_the_hinge_loss():
    out = run_snippet("positive_part_hinge")
    (t,) = tables(out)
    x = [-2.0, -0.5, 0.0, 0.5, 2.0]
    rows = list(t.rows.values())
    assert nums(rows[1]) == [max(0.0, v) for v in x]
    assert nums(rows[2]) == [max(0.0, -v) for v in x]
    assert nums(rows[3]) == [max(0.0, v) for v in x]
    f = facts(out)
    assert f["x^{+} = \\operatorname{ReLU}(x) on every entry"] == "True"
    assert vector(next(v for k, v in f.items() if "gives back" in k)) == x
    assert vector(next(v for k, v in f.items() if "\\lvert" in k)) == [abs(v) for v in x]
    y, s = [1, 1, -1, -1], [2.5, 0.4, -0.3, 1.2]
    hinge = [max(0.0, 1 - a * b) for a, b in zip(y, s)]
    assert np.allclose(vector(next(v for k, v in f.items() if k.startswith("hinge")), ), hinge, atol=5e-3)



def test_clip_values_gradients_relu_and_the_other_clippings():
    from html_output import close, fact, num, nums, tables, vector

    html = run_snippet("clip_clamp_values_and_gradients")
    values, huber = tables(html)
    rows = [nums(cells) for cells in values.rows.values()]
    xs = rows[0]
    assert rows[1] == [min(max(x, -1.0), 1.0) for x in xs]
    assert rows[2] == [1.0 if -1.0 <= x <= 1.0 else 0.0 for x in xs]  # the ends pass gradient, as torch.clamp's do
    assert rows[3] == rows[4] == [max(x, 0.0) for x in xs]
    assert vector(fact(html, "by its norm")) == [0.6, -0.8] and vector(fact(html, "entry by entry")) == [1.0, -1.0]
    assert num(fact(html, "the ratio r = 1.5 clipped")) == 1.2 and num(fact(html, "objective for r = 1.5")) == 1.2
    deltas, clipped, slope = (nums(cells) for cells in huber.rows.values())
    assert clipped == [min(max(d, -1.0), 1.0) for d in deltas]
    assert all(close(s_, d if abs(d) <= 1 else math.copysign(1.0, d), 3) for s_, d in zip(slope, deltas))  # d/dδ of the Huber loss
