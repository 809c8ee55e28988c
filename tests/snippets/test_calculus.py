"""Each snippet of the calculus page prints the facts its entry promises, checked independently."""

import math
import re

import numpy as np

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
