"""Each snippet of the "Estimates, optimisers and architectures" page prints what its entry promises.

Expected values come from independent computations (closed forms, plain loops over Python
floats, math), not from the snippet's own output.
"""

import math
import re

import numpy as np

from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables, vector
from notation import tiny_model


def test_adam_bias_correction_closed_form():
    out = run_snippet("adam_bias_correction")
    table = tables(out)[0]
    g, b1, b2 = 0.5, 0.9, 0.999
    for t in (1, 2, 3, 5, 10, 50, 1000):
        m_t, m_hat, sqrt_v, sqrt_v_hat, step, raw = nums(table.rows[f"t = {t}"])
        # constant gradient: m_t = g(1 − β₁ᵗ), v_t = g²(1 − β₂ᵗ); corrected: exactly g and g²
        assert close(m_t, g * (1 - b1**t), 4) and close(m_hat, g, 4)
        assert close(sqrt_v, g * math.sqrt(1 - b2**t), 4) and close(sqrt_v_hat, g, 4)
        assert m_hat > m_t or t == 1000
        assert close(step, g / (g + 1e-8), 4)
        assert close(raw, (1 - b1**t) / (math.sqrt(1 - b2**t) + 1e-8 / g), 4)
    assert raw < nums(table.rows["t = 10"])[5]  # the uncorrected step peaks early, then falls back
    assert num(fact(out, "\\hat{m}_1 / m_1")) == 10.0 and num(fact(out, "\\hat{v}_1 / v_1")) == 1000.0
    assert num(fact(out, "\\hat{m}_t / m_t < 1.01")) == next(t for t in range(1, 10**5) if 1 / (1 - b1**t) < 1.01)
    assert num(fact(out, "\\hat{v}_t / v_t < 1.01")) == next(t for t in range(1, 10**5) if 1 / (1 - b2**t) < 1.01)
    assert vector(fact(out, "first step -")) == [-1.0, -1.0]


def test_dropout_masks_scales_and_switches_off():
    out = run_snippet("dropout_train_vs_inference")
    m = tiny_model()
    x, r, y, means = tables(out)
    for row, (label, cells) in enumerate(x.rows.items()):
        assert nums(cells) == [round(v, 2) for v in m.x[row]]
        mask, kept = nums(r.rows[label]), nums(y.rows[label])
        assert set(mask) <= {0.0, 1.0}
        for j, keep in enumerate(mask):
            expected = m.x[row, j] / 0.75 if keep else 0.0
            assert close(kept[j], expected, 2)
    assert num(fact(out, "multiplied by")) == round(1 / 0.75, 4)
    assert fact(out, "second training call") == "True" and fact(out, "inference") == "True"
    rows = list(means.rows.values())
    for j in range(8):  # the scaled mean matches y; the unscaled one is 1 − p times it
        assert abs(num(rows[1][j]) - m.x[0, j]) < 0.03 + 0.02 * abs(m.x[0, j])
        assert abs(num(rows[2][j]) - 0.75 * m.x[0, j]) < 0.03 + 0.02 * abs(m.x[0, j])
    assert abs(num(fact(out, "fraction of entries dropped")) - 0.25) < 0.01


def test_positional_encoding_matches_vaswani_formula():
    out = run_snippet("positional_encoding_sinusoids")
    pe, dots = tables(out)
    for pos, cells in enumerate(pe.rows.values()):
        for j, cell in enumerate(nums(cells)):
            angle = pos / 10000 ** ((j - j % 2) / 8)
            assert close(cell, math.sin(angle) if j % 2 == 0 else math.cos(angle), 3)
    assert vector(fact(out, "\\theta_i for")) == [1.0, 0.1, 0.01, 0.001]
    assert fact(out, "rows of X are equal") == "True" and fact(out, "X + \\text{PE} are equal") == "False"
    assert close(num(fact(out, "shortest wavelength")), 2 * math.pi, 2)
    assert close(num(fact(out, "longest wavelength")), 2 * math.pi * 10000 ** (510 / 512), 2)
    assert close(num(fact(out, "10000 \\cdot 2\\pi")), 20000 * math.pi, 2)
    for k, cell in zip((0, 1, 5, 20), dots.rows["pos = 0"]):
        # Σ_i sin(a)sin(b) + cos(a)cos(b) = Σ_i cos(k θ_i): a function of k alone
        expected = sum(math.cos(k * 10000 ** (-2 * i / 64)) for i in range(32))
        assert close(num(cell), expected, 4)
    assert len({tuple(r) for r in dots.rows.values()}) == 1


def test_rope_scores_depend_only_on_the_offset():
    out = run_snippet("rope_relative_positions")
    m = tiny_model()
    q, k = m.x @ m.w_q[:, :4], m.x @ m.w_k[:, :4]
    assert vector(fact(out, "\\theta_i = 10000")) == [1.0, 0.01]
    assert vector(fact(out, "lengths after rotation")) == vector(fact(out, "lengths \\lVert \\mathbf{q}_m \\rVert"))
    plain, rotated, shifted = tables(out)

    def rot(v, pos):  # explicit 2 × 2 rotations, pair by pair
        out = []
        for i in range(2):
            a = pos * 10000 ** (-2 * i / 4)
            out += [v[2 * i] * math.cos(a) - v[2 * i + 1] * math.sin(a), v[2 * i] * math.sin(a) + v[2 * i + 1] * math.cos(a)]
        return np.array(out)

    for i, cells in enumerate(rotated.rows.values()):
        for j, cell in enumerate(nums(cells)):
            assert close(cell, float(rot(q[i], i) @ rot(k[j], j)), 3)
        assert nums(list(plain.rows.values())[i])[0] == nums(list(plain.rows.values())[i])[3]  # "the" keys
    for label, (mq, nk) in (("m - n = 1", (4, 3)), ("m - n = 4", (4, 0))):
        expected = float(rot(q[4], mq) @ rot(k[nk], nk))
        assert all(close(c, expected, 6) for c in nums(shifted.rows[label]))


def test_momentum_ravine_against_closed_form_recurrences():
    out = run_snippet("momentum_ravine")
    first, schedule = tables(out)
    curv, lr, mu = (1.0, 50.0), 0.02, 0.9
    # plain GD on a diagonal quadratic: θ_i ← (1 − η a_i) θ_i
    for k in (0, 5, 20, 50, 100):
        th = [10 * (1 - lr * curv[0]) ** k, (1 - lr * curv[1]) ** k]
        loss = 0.5 * (curv[0] * th[0] ** 2 + curv[1] * th[1] ** 2)
        cells = nums(first.rows[f"step {k}"])
        assert close(cells[0], loss, 4) and close(cells[2], th[0], 4)
    # momentum written out with Python floats (Polyak's form)
    prev, cur, path = [10.0, 1.0], [10.0, 1.0], [[10.0, 1.0]]
    for _ in range(100):
        nxt = [c - lr * a * c + mu * (c - p) for c, a, p in zip(cur, curv, prev)]
        prev, cur = cur, nxt
        path.append(cur)
    for k in (0, 5, 20, 50, 100):
        cells = nums(first.rows[f"step {k}"])
        assert close(cells[3], path[k][0], 4)
        assert close(cells[1], 0.5 * (path[k][0] ** 2 + 50 * path[k][1] ** 2), 4)
    assert num(fact(out, "largest stable")) == 0.04 and fact(out, "same points") == "True"
    # schedule: after step 20 PyTorch's step shrinks tenfold at once, the heavy ball's does not
    s19, s21 = nums(schedule.rows["step 19"]), nums(schedule.rows["step 21"])
    assert s19[0] == s19[1] and s21[0] < s21[1] / 5
    # every printed step length against both forms written out with Python floats
    rates = [lr] * 20 + [lr / 10] * 10

    def step_lengths(lr_inside):
        th, v, lengths = [10.0, 1.0], [0.0, 0.0], [0.0]
        for k in range(30):
            g = [a * t for a, t in zip(curv, th)]
            if lr_inside:  # heavy ball: v ← μ v + η g, θ ← θ − v
                v = [mu * vi + rates[k] * gi for vi, gi in zip(v, g)]
                move = v
            else:  # PyTorch: v ← μ v + g, θ ← θ − η v
                v = [mu * vi + gi for vi, gi in zip(v, g)]
                move = [rates[k] * vi for vi in v]
            th = [t - m for t, m in zip(th, move)]
            lengths.append(math.hypot(*move))
        return lengths

    torch_form, heavy = step_lengths(False), step_lengths(True)
    for k in (19, 20, 21, 22, 25, 30):
        cells = nums(schedule.rows[f"step {k}"])
        assert close(cells[0], torch_form[k], 4) and close(cells[1], heavy[k], 4)
    assert torch_form[21] < torch_form[22] < torch_form[25]  # PyTorch's velocity refills after the drop
    # the fade to a tenth: the first k with 0.9^k < 0.1 is ⌈log 0.1 / log 0.9⌉ = 22
    k = math.ceil(math.log(0.1) / math.log(mu))
    assert num(fact(out, "down to a tenth")) == k == 22 and close(num(fact(out, "at that step")), mu**k, 3)


def test_weight_decay_equal_for_sgd_different_for_adam():
    out = run_snippet("weight_decay_sgd_vs_adamw")
    theta, target, lam, lr = np.array([1.0, -2.0, 0.5]), np.array([0.0, 1.0, 1.0]), 0.1, 0.01
    expected = theta - lr * ((theta - target) + lam * theta)
    assert np.allclose(vector(fact(out, "SGD on \\mathcal{L} +")), expected, atol=1e-6)
    assert np.allclose(vector(fact(out, "with weight decay")), expected, atol=1e-6)
    rows = tables(out)[0].rows
    # AdamW on an unused weight: only the decay acts, (1 − ηλ)^k
    for lam_, label in ((0.1, "AdamW, \\lambda = 0.1"), (0.001, "AdamW, \\lambda = 0.001")):
        for k, cell in zip((1, 10, 50, 100), nums(rows[label])):
            assert close(cell, (1 - lr * lam_) ** k, 4)
    a, b = nums(rows["Adam + L2, \\lambda = 0.1"]), nums(rows["Adam + L2, \\lambda = 0.001"])
    assert all(abs(x - y) < 1e-3 for x, y in zip(a, b))  # λ barely matters under Adam + L2
    assert close(a[0], 1 - lr, 4)  # first Adam step on gradient λθ > 0 is exactly η
    # Adam + L2 on the unused weight, written out with Python floats: its only gradient is λθ
    for lam_, label in ((0.1, "Adam + L2, \\lambda = 0.1"), (0.001, "Adam + L2, \\lambda = 0.001")):
        th, m1, v1, path = 1.0, 0.0, 0.0, []
        for t in range(1, 101):
            g = lam_ * th
            m1, v1 = 0.9 * m1 + 0.1 * g, 0.999 * v1 + 0.001 * g * g
            th -= lr * (m1 / (1 - 0.9**t)) / (math.sqrt(v1 / (1 - 0.999**t)) + 1e-8)
            path.append(th)
        for k, cell in zip((1, 10, 50, 100), nums(rows[label])):
            assert close(cell, path[k - 1], 4)
    assert close(num(fact(out, "(1 - \\eta\\lambda)^{100}")), 0.999**100, 4)


def test_gradient_clipping_norm_keeps_direction_value_does_not():
    out = run_snippet("gradient_clipping_norm_vs_value")
    rows = tables(out)[0].rows
    raw, by_norm, by_value = (nums(r) for r in rows.values())
    assert close(raw[4], math.sqrt(sum(v * v for v in raw[:4])), 2)
    assert close(by_norm[4], 1.0, 3)
    scale = 1.0 / (num(fact(out, "global norm before")) + 1e-6)
    for a, b in zip(raw[:4], by_norm[:4]):
        assert close(b, a * scale, 2)
    assert close(num(fact(out, "scale applied")), scale, 4)
    assert num(fact(out, "clipped by norm")) == 1.0
    assert num(fact(out, "clipped by value")) < 0.9
    assert 0 < num(fact(out, "entries changed")) < 4 * 64


def test_hats_tildes_bars():
    out = run_snippet("hat_tilde_bar")
    est, alphas = tables(out)
    errors = [nums(r)[2] for r in est.rows.values()]
    for n, cells in zip((10, 100, 10_000), est.rows.values()):
        mu_hat, sigma_hat, err = nums(cells)
        assert close(err, abs(mu_hat - 2.0), 4)
        assert err < 4 * 0.5 / math.sqrt(n)  # x̄ within 4 standard errors σ/√n of μ
        assert abs(sigma_hat - 0.5) < 4 * 0.5 / math.sqrt(2 * (n - 1))  # σ̂ within 4 of its SEs
    assert errors[-1] < 0.01
    y, y_tilde = vector(fact(out, "(“cat”)")), vector(fact(out, "dropped-out copy"))
    assert y == [round(v, 2) for v in tiny_model().x[1]]
    for a, b in zip(y, y_tilde):
        assert b == 0.0 or abs(b - a / 0.75) < 0.011
    beta = [1e-4 + (0.02 - 1e-4) * s / 999 for s in range(1000)]
    for t in (1, 10, 100, 500, 1000):
        prod = math.prod(1 - b for b in beta[:t])
        cells = nums(alphas.rows[f"t = {t}"])
        assert close(cells[0], beta[t - 1], 5) and close(cells[2], prod, 5)


def _training_step_data():
    rng = np.random.default_rng(0)
    features = rng.normal(size=(12, 2)).round(2)
    X = np.column_stack([np.ones(12), features])
    y = (features @ np.array([2.0, -1.0]) + 0.3 > 0).astype(float)
    return rng, X, y


def _logistic(theta, X, y):
    """Mean binary cross-entropy with Python floats."""
    total = 0.0
    for xi, yi in zip(X, y):
        z = float(xi @ theta)
        p = 1 / (1 + math.exp(-z))
        total -= yi * math.log(p) + (1 - yi) * math.log(1 - p)
    return total / len(y)


def test_hessian_closed_form_and_eigenvalues():
    out = run_snippet("hessian_logistic_regression")
    _, X, y = _training_step_data()
    theta = np.array([0.3, 1.5, -0.8])
    H = np.zeros((3, 3))
    for xi in X:  # Σ p(1 − p) x xᵀ / B, one example at a time
        p = 1 / (1 + math.exp(-float(xi @ theta)))
        H += p * (1 - p) * np.outer(xi, xi) / 12
    shown = [float(v.replace("−", "-")) for v in re.findall(r"[−-]?\d+\.\d{4}", out.split("closed form")[0])]
    assert np.allclose(shown, H.ravel(), atol=5e-5)
    assert num(fact(out, "largest \\lvert H")) < 1e-6
    eig = sorted(np.linalg.eigvalsh(H))
    assert np.allclose(vector(fact(out, "eigenvalues")), eig, atol=5e-5)
    assert close(num(fact(out, "stable only for")), 2 / eig[-1], 4)


def test_taylor_errors_shrink_like_eta_squared_and_cubed():
    out = run_snippet("taylor_first_vs_second_order")
    _, X, y = _training_step_data()
    theta = np.array([0.3, 1.5, -0.8])
    f0 = _logistic(theta, X, y)
    eps = 1e-6
    g = np.array([(_logistic(theta + eps * e, X, y) - _logistic(theta - eps * e, X, y)) / (2 * eps) for e in np.eye(3)])
    rows = tables(out)[0].rows
    e1, e2 = [], []
    for lr in (4.0, 2.0, 1.0, 0.5, 0.25):
        true, first, second, err1, err2 = rows[f"\\eta = {lr}"]
        assert close(num(true), _logistic(theta - lr * g, X, y), 5)
        assert close(num(first), f0 - lr * float(g @ g), 5)
        H = np.zeros((3, 3))  # Σ p(1 − p) x xᵀ / B, example by example
        for xi in X:
            p = 1 / (1 + math.exp(-float(xi @ theta)))
            H += p * (1 - p) * np.outer(xi, xi) / len(y)
        assert close(num(second), f0 - lr * float(g @ g) + 0.5 * lr**2 * float(g @ H @ g), 5)
        e1.append(num(err1))
        e2.append(num(err2))
    for a, b in zip(e1, e1[1:]):
        assert 3.5 < a / b < 4.5
    for a, b in zip(e2, e2[1:]):
        assert 6.5 < a / b < 8.5
    assert fact(out, "finite-difference") == "True"


def test_star_optimum_is_the_least_squares_solution():
    out = run_snippet("star_optimum_least_squares")
    rng, X, _ = _training_step_data()
    y = X @ np.array([0.3, 2.0, -1.0]) + 0.2 * rng.normal(size=12)
    star = np.linalg.solve(X.T @ X, X.T @ y)  # normal equations, independent of lstsq
    assert np.allclose(vector(fact(out, "(where the minimum is)")), star, atol=5e-5)
    r = X @ star - y
    assert close(num(fact(out, "(how low it gets)")), 0.5 * float(r @ r) / 12, 4)
    assert all(abs(v) < 1e-4 for v in vector(fact(out, "numerically")))
    assert num(fact(out, "nearby vectors")) >= num(fact(out, "(how low it gets)"))
    assert num(fact(out, "(higher")) > num(fact(out, "(how low it gets)"))
    dist = [num(c[0]) for c in tables(out)[0].rows.values()]
    assert all(a > b for a, b in zip(dist, dist[1:])) and dist[-1] < 1e-6


def test_convolution_cross_correlation_flip_and_output_sizes():
    out = run_snippet("convolution_1d_output_size")
    x, w = [0, 1, 3, 6, 10, 15, 21], [1, 0, -1]
    corr = [sum(x[i + j] * w[j] for j in range(3)) for i in range(5)]
    assert vector(fact(out, "cross-correlation")) == corr
    assert vector(fact(out, "kernel flipped")) == list(np.convolve(x, w, mode="valid"))
    xp = [0] + x + [0]
    assert vector(fact(out, "stride 2, padding 1")) == [sum(xp[i + j] * w[j] for j in range(3)) for i in range(0, 7, 2)]
    for cells in tables(out)[0].rows.values():
        n, k, s, p, formula, produced = (int(num(c)) for c in cells)
        windows = len(range(0, n + 2 * p - k + 1, s))
        assert formula == produced == windows
    m = tiny_model()
    col = [0.0] + list(m.x[:, 0]) + [0.0]
    avg = [sum(col[i:i + 3]) / 3 for i in range(5)]
    assert np.allclose(vector(fact(out, "feature 0 after")), avg, atol=5e-4)
