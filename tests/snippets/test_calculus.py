"""Each snippet of the calculus page prints the facts its entry promises, checked independently."""

import decimal
import math
import re

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text
from html_output import after


def test_partial_derivative_holds_the_other_input_still():
    text = visible_text(run_snippet("partial_derivative_hold_others_still"))
    # forward differences of x²y at (3, 2): ((3 + h)² − 9)·2 / h = 12 + 2h; in y it is exactly x² = 9
    for h in (0.1, 0.01, 0.001):
        assert f"nudge h = {h:g} {12 + 2 * h:.4f} 9.0000" in text
    assert after(text, "\\partial f / \\partial x (y held at 2)") == [2 * 3 * 2]
    assert after(text, "\\partial f / \\partial y (x held at 3)") == [3**2]
    # total derivative of x²(x − 1) = 3x² − 2x at 3 is 21, not the partial 12
    assert after(text, "moves with x") == [3 * 9 - 2 * 3]
    assert after(text, "with dy/dx = 1") == [21.0]


def test_gradient_has_the_shape_of_the_weights_and_is_steepest():
    text = visible_text(run_snippet("gradient_same_shape_as_weights"))
    assert "shape of W 2 × 3" in text and "shape of \\nabla_W \\mathcal{L} 2 × 3" in text
    assert "(\\mathbf{p} - \\mathbf{e}_y) 0.000000" in text
    # rebuild the example independently: W (2 × 3) from the same seed, loss = −log softmax(xW)[2]
    W = np.random.default_rng(0).normal(size=(2, 3)).round(2)
    x = np.array([1.0, -0.5])
    z = [sum(x[j] * W[j, i] for j in range(2)) for i in range(3)]
    p = [math.exp(v) / sum(math.exp(u) for u in z) for v in z]
    assert after(text, "loss \\mathcal{L}(W)") == [round(-math.log(p[2]), 4)]
    grad = np.array([[x[j] * (p[i] - (i == 2)) for i in range(3)] for j in range(2)])
    printed = after(text, "\\partial \\mathcal{L} / \\partial W_{ij} col 1 col 2 col 3", 6)  # row labels have no decimals
    np.testing.assert_allclose(printed, grad.ravel(), atol=6e-4)
    slopes = after(text, "slope of \\mathcal{L} per unit step", 6)
    norm = float(np.linalg.norm(grad))
    assert abs(slopes[0] - norm) < 1e-3 and abs(slopes[1] + norm) < 1e-3
    assert all(abs(s) < slopes[0] for s in slopes[2:])


def test_jacobian_of_softmax_matches_delta_form_and_numerics():
    text = visible_text(run_snippet("jacobian_softmax"))
    z = [1.0, 2.0, 0.5]
    p = [math.exp(v) / sum(math.exp(u) for u in z) for v in z]
    expected = [p[i] * ((i == j) - p[j]) for i in range(3) for j in range(3)]
    for caption in ("\\mathbf{p}^\\top\\mathbf{p}", "\\texttt{jacobian(softmax, z)}"):
        block = text[text.index(caption):]
        cells = [after(block, f"p_{i}", 3) for i in (1, 2, 3)]
        np.testing.assert_allclose(np.ravel(cells), expected, atol=6e-5)
    assert "max difference, analytic vs numerical (to 6 decimals) 0.000000" in text
    assert "each row sums to [0.0000, 0.0000, 0.0000]" in text
    # Σ_i ∂p_i/∂z_j = ∂(Σ_i p_i)/∂z_j = ∂1/∂z_j = 0
    assert "cannot move) [0.0000, 0.0000, 0.0000]" in text
    # x ↦ xW with W = [[1, 0.5], [0, 3], [-2, 1]] (3 × 2): the Jacobian is 2 × 3, entry (i, j) = W[j, i]
    W = [[1.0, 0.5], [0.0, 3.0], [-2.0, 1.0]]
    assert "shape 2 × 3" in text and "it equals W^\\top" in text
    J = after(text, "it equals W^\\top", 6)
    assert J == [W[j][i] for i in range(2) for j in range(3)]


def test_directional_derivative_matches_secant_slopes():
    text = visible_text(run_snippet("directional_derivative_slope"))
    # f = x1² + 3 x1 x2, x = (1, 2), v = (0.6, 0.8): ∇f = (8, 3), ∇f·v = 7.2
    f = lambda a, b: a**2 + 3 * a * b  # noqa: E731
    for h in (0.1, 0.01, 0.001):
        slope = (f(1 + 0.6 * h, 2 + 0.8 * h) - f(1, 2)) / h
        assert f"h = {h:g} {slope:.5f}" in text
    assert "D_{\\mathbf{v}} f = \\nabla f \\cdot \\mathbf{v} 7.20000" in text
    assert f"{math.sqrt(73):.4f}" in text and f"−{math.sqrt(73):.4f}" in text
    assert "perpendicular to \\nabla f 0.0000" in text
    jv = after(text, "\\mathbf{v} = (1, -1, 0)/\\sqrt{2}", 3)
    fd = after(text, "h = 10^{-4}", 3)
    assert np.allclose(jv, fd, atol=2e-4) and abs(sum(jv)) < 2e-4


def test_chain_rule_product_matches_the_numerical_gradient():
    text = visible_text(run_snippet("chain_rule_backprop"))
    assert "2 × 3" in text and "2 × 2" in text and "1 × 2" in text
    # row form: W is d_in × d_out = 3 × 2 and a = x W, so a_i = sum_j x_j W[j, i]
    W = np.random.default_rng(0).normal(size=(3, 2)).round(2)
    x, t = np.array([0.5, -1.0, 2.0]), np.array([0.2, -0.3])
    h = [math.tanh(sum(x[j] * W[j, i] for j in range(3))) for i in range(2)]
    by_hand = [sum((h[i] - t[i]) * (1 - h[i] ** 2) * W[j, i] for i in range(2)) for j in range(3)]
    backprop = after(text, "\\ldots \\cdot \\partial \\mathbf{a}/\\partial \\mathbf{x} (1 × 3)", 3)
    numeric = after(text, "numerical gradient of the whole composition", 3)
    last_step = after(text, "(in code, grad_a @ W.T)", 3)
    np.testing.assert_allclose(backprop, by_hand, atol=6e-6)
    np.testing.assert_allclose(numeric, by_hand, atol=6e-6)
    np.testing.assert_allclose(last_step, by_hand, atol=6e-6)
    assert "max difference (to 6 decimals) 0.000000" in text
    # the linear layer's Jacobian, output × input, is the 2 × 3 matrix W transposed
    assert "\\partial \\mathbf{a} / \\partial \\mathbf{x} = W^\\top 2 × 3" in text
    assert "minus W^\\top , largest entry (to 6 decimals) 0.000000" in text
    printed = after(text, "\\partial \\mathbf{a} / \\partial \\mathbf{x} = W^\\top 2 × 3", 6)
    np.testing.assert_allclose(np.reshape(printed, (2, 3)), W.T, atol=5e-4)
    # the loss's local derivative is the row h − t itself, 1 × 2 like h (no transpose on row vectors)
    assert "\\partial \\mathcal{L} / \\partial \\mathbf{h} = \\mathbf{h} - \\mathbf{t} , a row 1 × 2" in text
    printed = after(text, "\\mathbf{h} - \\mathbf{t} , a row 1 × 2", 2)
    np.testing.assert_allclose(printed, np.subtract(h, t), atol=5e-4)


def test_gradient_descent_converges_for_small_rate_and_diverges_for_large():
    text = visible_text(run_snippet("gradient_descent_two_learning_rates"))
    for lr, sign in ((0.15, "converges"), (0.25, "diverges")):
        block = text[text.index(f"\\eta = {lr} :"):]
        # closed form on L = ½(θ1² + 10 θ2²): θ1 ← (1 − η)θ1, θ2 ← (1 − 10η)θ2
        for k in range(7):
            th1, th2 = 2 * (1 - lr) ** k, (1 - 10 * lr) ** k
            loss = 0.5 * (th1**2 + 10 * th2**2)
            assert after(block, f"step {k}", 3) == [round(th1, 3), round(th2, 3), round(loss, 3)], (lr, k)
        assert sign in block
    assert "0.20" in text.split("2 / \\text{curvature}")[1]


def test_learning_rate_table_and_warmup_cosine_schedule():
    out = run_snippet("learning_rate_warmup_cosine")
    text = visible_text(out)
    def loss(lr, k):
        return 0.5 * ((2 * (1 - lr) ** k) ** 2 + 10 * ((1 - 10 * lr) ** k) ** 2)
    assert f"crawls) {loss(0.01, 5):.4f} {loss(0.01, 20):.4f} {loss(0.01, 100):.4f}" in text
    assert f"right) {loss(0.15, 5):.4f} {loss(0.15, 20):.4f}" in text
    assert loss(0.21, 100) > 1e8 and "\\times 10^{8}" in text
    for s in (0, 50, 100, 325, 550, 775, 1000):
        if s < 100:
            lr = 3e-4 * s / 100
        else:
            lr = 3e-5 + 0.5 * (3e-4 - 3e-5) * (1 + math.cos(math.pi * (s - 100) / 900))
        assert f"step {s} {lr * 1e4:.3f}" in text
    assert '<figure class="plot">' in out and 'role="img"' in out and "A warmup + cosine learning-rate schedule" in out


def test_training_step_lowers_the_loss():
    text = visible_text(run_snippet("training_step_logistic_regression"))
    assert "loss \\mathcal{L} (mean binary cross-entropy) 0.6931" in text  # θ = 0 gives p = ½, loss ln 2
    grad = after(text, "X^\\top(\\mathbf{p} - \\mathbf{y}) / 4", 3)
    check = after(text, "numerical gradient of the loss", 3)
    assert grad == check
    new = after(text, "\\eta = 0.5", 3)  # θ starts at 0, so the update is −η ∇L
    assert np.allclose(new, [-0.5 * g for g in grad], atol=1e-4)
    rows = re.findall(r"epoch \d, batch \d ([\d.]+) ([\d.]+) ([\d.]+)", text)
    assert len(rows) == 6
    for before, after_, _ in rows:
        assert float(after_) < float(before)  # each step lowers its own batch's loss
    full = [float(r[2]) for r in rows]
    assert full == sorted(full, reverse=True) and full[0] < math.log(2)


def test_vanishing_gradients_table_plot_and_matrix_product():
    out = run_snippet("vanishing_gradients_powers")
    text = visible_text(out)
    for lam in (0.9, 1.0, 1.1):
        row = text[text.index(f"\\lambda = {lam} "):]
        for k in (10, 50, 100):
            m, e = f"{lam**k:.2e}".split("e")
            cell = f"{m} \\times 10^{{{int(e)}}}" if int(e) else m
            assert cell in row.split("\\lambda =")[1], (lam, k)
    assert "2.66 \\times 10^{-5}" in text and "1.38 \\times 10^{4}" in text
    assert 'role="img"' in out and "<desc>" in out and "only λ = 1 stays at 1" in out
    assert out.count("<path") > 3
    m, e = f"{0.9**50:.2e}".split("e")
    assert text.count(f"{m} \\times 10^{{{int(e)}}}") >= 3  # table, matrix product, and 0.9^50
    # the non-normal W = [[a, b], [0, a]]: by hand, W^k = [[a^k, k b a^(k-1)], [0, a^k]], and a 2 × 2 matrix's
    # largest singular value is sqrt((f + sqrt(f² − 4 det²)) / 2) with f the squared Frobenius norm
    a, b = 0.5, 10.0
    f, det = 2 * a * a + b * b, a * a
    sigma_max = math.sqrt((f + math.sqrt(f * f - 4 * det * det)) / 2)
    assert after(text, "largest singular value \\sigma_{\\max}")[0] == round(sigma_max, 4) > 10
    assert after(text, "the largest \\lvert \\text{eigenvalue} \\rvert")[0] == a
    (nonnormal,) = [t for t in ho.tables(out) if "non-normal" in t.caption]
    for label, cells in nonnormal.rows.items():
        k = int(label.split("=")[1])
        c, d = a**k, k * b * a ** (k - 1)
        fk = 2 * c * c + d * d
        stretch = math.sqrt((fk + math.sqrt(fk * fk - 4 * c**4)) / 2)
        expected = [float(f"{v:.2e}") for v in (stretch, sigma_max**k, a**k, stretch / a**k)] + [round(stretch ** (1 / k), 4)]
        assert [ho.num(cell) for cell in cells] == expected, k
    assert ho.num(nonnormal.rows["T - t = 50"][0]) < 1e-12 and ho.num(nonnormal.rows["T - t = 50"][1]) > 1e49
    # ρ gives the rate, not the size: the ratio to ρ^k is about 2kb (= 20k, a thousand at 50 steps), its k-th root → ρ
    ratios = [ho.num(nonnormal.rows[f"T - t = {k}"][3]) for k in (10, 20, 50)]
    assert [round(r) for r in ratios] == [200, 400, 1000]
    roots = [ho.num(cells[4]) for cells in nonnormal.rows.values()]
    assert roots == sorted(roots, reverse=True) and a < roots[-1] < 0.6




def test_inf_sup_never_reached_except_by_rounding():
    html = run_snippet("inf_sup_never_reached")
    bounds, gaps, lines = ho.tables(html)
    for b in (0.1, 1e-3, 1e-6):
        half, fails = bounds.rows[f"candidate lower bound b = {b:g}"]
        assert ho.num(half) == b / 2 and fails == "True"
    for z in (0, 5, 10, 16, 17, 36, 37):
        exact, f64, f32 = ho.nums(gaps.rows[f"z = {z}"])
        true_gap = 1 / (1 + math.exp(z))  # 1 − σ(z) = σ(−z)
        assert math.isclose(exact, true_gap, rel_tol=5e-3)
        # σ(z) = 1 / (1 + e^{-z}) is exactly 1 once 1 + e^{-z} rounds to 1: e^{-z} below half the spacing
        # above 1, 2^-53 in float64 and 2^-24 in float32
        assert (f64 == 0) == (math.exp(-z) < 2.0**-53) and (f32 == 0) == (math.exp(-z) < 2.0**-24)
    # a correctly rounded σ: σ(z) to 60 digits, then to float64 (and float32, with no tie this near)
    decimal.getcontext().prec = 60
    for dtype, label in ((np.float32, "float32"), (np.float64, "float64")):
        z = ho.num(ho.fact(html, f"is 1.0 in {label} from"))
        sigma = lambda t: 1 / (1 + decimal.Decimal(-t).exp())  # noqa: E731
        rounded = lambda t: dtype(float(sigma(t)))  # noqa: E731
        assert rounded(z - 0.01) < 1.0 and rounded(z + 0.01) == 1.0
    slopes = [-1 + 0.25 * i for i in range(9)]
    assert ho.nums(lines.rows["f(0) - f(2)"]) == [-2 * a for a in slopes]
    assert ho.num(ho.fact(html, "the sup over these")) == 2.0 and ho.num(ho.fact(html, "reached at")) == -1.0


def test_inverse_function_undo_bisection_logit_and_two_preimages():
    html = run_snippet("inverse_function_undo")
    cubic, sigmoid_table = ho.tables(html)
    for y in (2.0, 10.0, 30.0, 0.5):
        x, back = ho.nums(cubic.rows[f"y = {y:g}"])
        # the real root of x³ + x − y by Cardano's formula, an independent route
        c = math.sqrt(y * y / 4 + 1 / 27)
        root = math.copysign(abs(y / 2 + c) ** (1 / 3), y / 2 + c) + math.copysign(abs(y / 2 - c) ** (1 / 3), y / 2 - c)
        assert ho.close(x, root, 6) and ho.close(back, y, 6)
    for p in (0.1, 0.5, 0.8, 0.99):
        logit, bisection, back, reciprocal = ho.nums(sigmoid_table.rows[f"p = {p:g}"])
        assert ho.close(logit, math.log(p / (1 - p)), 4) and ho.close(bisection, math.log(p / (1 - p)), 4)
        assert ho.close(back, p, 4) and ho.close(reciprocal, 1 + math.exp(-p), 4)  # 1/σ(p) = 1 + e^{-p}
    assert ho.vector(ho.fact(html, "at x = -2 and at x = 2")) == [4.0, 4.0]
    assert ho.vector(ho.fact(html, "that give 4")) == [-2.0, 2.0]
    assert ho.num(ho.fact(html, "one-to-one")) == 2.0


def test_change_of_variables_histogram_matches_the_normal_it_makes():
    html = run_snippet("change_of_variables_histogram")
    (hist,) = ho.tables(html)
    n, mean, std = 200_000, 1.0, 2.0  # x = 2z + 1 is N(1, 2²)
    cdf = lambda v: 0.5 * (1 + math.erf((v - mean) / (std * math.sqrt(2))))  # noqa: E731
    pdf = lambda v: math.exp(-0.5 * ((v - mean) / std) ** 2) / (std * math.sqrt(2 * math.pi))  # noqa: E731
    for a in range(-5, 7):
        histogram, average, centre, alone = ho.nums(hist.rows[f"[{a}, {a + 1})"])
        prob = cdf(a + 1) - cdf(a)
        assert abs(histogram - prob) < 5 * math.sqrt(prob * (1 - prob) / n) + 5e-5  # five standard errors
        assert ho.close(average, prob, 3) or abs(average - prob) < 2e-4
        assert ho.close(centre, pdf(a + 0.5), 4) and ho.close(alone, 2 * pdf(a + 0.5), 4)
    assert ho.num(ho.fact(html, "from the Jacobian")) == 0.5
    assert ho.close(ho.num(ho.fact(html, "dx on a grid")), 1.0, 4) and ho.close(ho.num(ho.fact(html, "without the factor")), 2.0, 4)
    # the 2-D box: x = zW + b is N(b, WᵀW); integrate that Gaussian's density on a fine grid
    W, b = np.array([[2.0, 0.5], [0.0, 0.75]]), np.array([1.0, -1.0])
    cov = W.T @ W
    u = np.linspace(0.0, 2.0, 401)[:-1] + 0.0025
    v = np.linspace(-2.0, 0.0, 401)[:-1] + 0.0025
    U, V = np.meshgrid(u, v)
    D = np.stack([U - b[0], V - b[1]], axis=-1)
    quad = np.einsum("...i,ij,...j->...", D, np.linalg.inv(cov), D)
    box = float(np.exp(-0.5 * quad).sum() * 0.005**2 / (2 * math.pi * math.sqrt(np.linalg.det(cov))))
    share = ho.num(ho.fact(html, "share of 200,000 samples"))
    assert abs(ho.num(ho.fact(html, "over that box")) - box) < 2e-4
    assert abs(share - box) < 5 * math.sqrt(box * (1 - box) / n)
    # det of a product is the product of dets: log 2 + log 0.75
    assert ho.close(ho.num(ho.fact(html, "layer 1 plus layer 2")), math.log(2.0 * 0.75), 4)
    assert ho.close(ho.num(ho.fact(html, "of the chain")), math.log(1.5), 4)


def test_evaluated_at_after_differentiating_and_the_bracket():
    html = run_snippet("evaluated_at_after_differentiating")
    assert ho.close(ho.num(ho.fact(html, "differentiate, then put in 3")), 2 * 3, 4)
    assert ho.num(ho.fact(html, "differentiate a constant")) == 0.0
    (dpg,) = ho.tables(html)
    for label, (s, theta) in zip(dpg.rows, [(1.0, 0.5), (1.0, 2.0), (-1.5, 1.0)]):
        s_, theta_, a, dq_da, dmu, product, direct = ho.nums(dpg.rows[label])
        # by hand: a = θs, ∂Q/∂a = −2(a − 2s), ∂μ/∂θ = s, so d/dθ Q(s, θs) = −2(θs − 2s)·s
        assert (s_, theta_) == (s, theta) and ho.close(a, theta * s, 4)
        assert ho.close(dq_da, -2 * (theta * s - 2 * s), 4) and ho.close(dmu, s, 4)
        assert ho.close(product, -2 * (theta * s - 2 * s) * s, 4) and ho.close(direct, product, 4)
    assert ho.close(ho.num(ho.fact(html, "F(1) - F(0)")), 1 / 3, 6)
    x = [i / 1000 for i in range(1001)]
    trap = sum((x[i + 1] - x[i]) * (x[i] ** 2 + x[i + 1] ** 2) / 2 for i in range(1000))
    assert ho.close(ho.num(ho.fact(html, "trapezoid rule")), trap, 6)



from html_output import close, fact, num, nums, tables  # noqa: E402


def test_lipschitz_constant_of_a_linear_map_power_method_and_a_relu_network():
    html = run_snippet("lipschitz_linear_and_networks")
    W = np.array([[2.0, 0.5], [0.0, 1.0], [1.0, -1.0]])
    sigma = math.sqrt(max(np.linalg.eigvalsh(W.T @ W)))  # not the library's SVD route
    assert close(num(fact(html, "spectral norm")), sigma, 4)
    sampled = num(fact(html, "over 500 random points"))
    assert sampled <= round(sigma, 4) and sampled > 0.99 * sigma
    assert close(num(fact(html, "top singular direction")), sigma, 4)
    assert close(num(fact(html, "Frobenius")), math.sqrt((W**2).sum()), 4) and num(fact(html, "Frobenius")) > sigma
    power, nets = tables(html)
    estimates = nums(list(power.rows.values())[0])
    assert all(e <= round(sigma, 5) for e in estimates) and close(estimates[-1], sigma, 5)
    for label, cells in nets.rows.items():
        bound, sampled = nums(cells)
        assert sampled <= bound
    assert nums(nets.rows["spectrally normalised, W / \\sigma_1(W)"])[0] == 1.0
