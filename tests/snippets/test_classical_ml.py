"""Each snippet of the "Classical machine learning" page prints the facts its entry promises.

The printed numbers are checked against independent computations: closed forms (the slope and
intercept of a line, the 2 × 2 pieces of the SVM), np.linalg.lstsq and np.polyfit, loops over
points and pairs, exact fractions for the counts, and re-runs of each algorithm written out here.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables, vector


def _sq(u, v):
    return sum((a - b) ** 2 for a, b in zip(u, v))


# ---------------------------------------------------------------- linear-regression


def test_least_squares_normal_equations_slope_intercept_and_orthogonal_residuals():
    out = run_snippet("least_squares_normal_equations")
    (t,) = tables(out)
    x = [nums(r)[0] for r in t.rows.values()]
    y = [nums(r)[1] for r in t.rows.values()]
    n = len(x)
    xm, ym = sum(x) / n, sum(y) / n
    w = sum((a - xm) * (b - ym) for a, b in zip(x, y)) / sum((a - xm) ** 2 for a in x)  # the textbook slope
    b = ym - w * xm
    assert x == [1, 2, 3, 4, 5, 6, 7, 8]
    for row in t.rows.values():
        xi, yi, fit, res = nums(row)
        assert close(fit, w * xi + b, 2) and close(res, yi - (w * xi + b), 2)
    got_w, got_b = (num(v) for v in fact(out, "solving").split(","))
    assert close(got_w, w, 4) and close(got_b, b, 4)
    assert fact(out, "np.linalg.lstsq") == fact(out, "solving")
    rss = sum((yi - w * xi - b) ** 2 for xi, yi in zip(x, y))
    assert close(num(fact(out, "smallest any line")), rss, 4)
    assert all(abs(v) < 1e-4 for v in vector(fact(out, "orthogonal")))
    kx, kxx = num(fact(out, "two nearly equal features")), num(fact(out, "its square"))
    assert 1e4 < kx < 1e7 and abs(math.log10(kxx) - 2 * math.log10(kx)) < 0.05  # κ(XᵀX) = κ(X)²


# ---------------------------------------------------------------- logistic-regression


def test_logistic_regression_boundary_is_a_stationary_point_and_both_label_forms_agree():
    out = run_snippet("logistic_regression_boundary")
    (t,) = tables(out)
    rows = [nums(r) for r in t.rows.values()]
    x, y = [r[0] for r in rows], [r[1] for r in rows]
    w, b = (num(v) for v in fact(out, "$w$ and $b$".replace("$", "")).split(","))
    lam = 0.1
    p = [1 / (1 + math.exp(-(xi * w + b))) for xi in x]
    # the penalised summed BCE has zero gradient at (w, b), to the printed precision
    assert abs(sum((pi - yi) * xi for pi, yi, xi in zip(p, y, x)) + lam * w) < 5e-3
    assert abs(sum(pi - yi for pi, yi in zip(p, y))) < 5e-3
    for r, pi in zip(rows, p):
        assert close(r[3], pi, 2)
        assert close(r[4], -(r[1] * math.log(pi) + (1 - r[1]) * math.log(1 - pi)), 2)
    assert close(num(fact(out, "decision boundary")), -b / w, 2)
    bce = num(fact(out, "labels y \\in \\{0, 1\\}"))
    pm = num(fact(out, "labels y \\in \\{-1, +1\\}"))
    assert bce == pm and close(bce, sum(math.log1p(math.exp(-(2 * yi - 1) * (xi * w + b))) for xi, yi in zip(x, y)) / 10, 2)
    assert num(fact(out, "accuracy")) == sum((pi > 0.5) == (yi == 1) for pi, yi in zip(p, y)) / 10


# ---------------------------------------------------------------- regularisation


def test_ridge_lasso_shrinkage_ridge_keeps_every_weight_lasso_zeros_some():
    out = run_snippet("ridge_lasso_shrinkage")
    (t,) = tables(out)
    W = {label: nums(r) for label, r in t.rows.items()}
    ridge = [W[f"ridge, \\lambda = {lam}"] for lam in ("0", "10", "50", "200")]
    lasso = [W[f"lasso, \\lambda = {lam}"] for lam in ("0", "10", "50", "200")]
    assert ridge[0] == lasso[0]  # λ = 0: both are least squares
    assert all(v != 0 for r in ridge for v in r)
    norms = [math.sqrt(sum(v * v for v in r)) for r in ridge]
    assert norms == sorted(norms, reverse=True)
    assert close(vector(fact(out, "of ridge as"))[3], norms[3], 2)
    assert lasso[1][2:] == [0.0, 0.0] and lasso[3] == [0.0, 0.0, 0.0, 0.0]
    assert fact(out, "ridge at") == "0" and fact(out, "lasso at") == "2"
    assert num(fact(out, "Ridge(alpha")) == 10 and close(num(fact(out, "Lasso(alpha")), 10 / 24, 3)
    assert num(fact(out, "LogisticRegression")) == 0.05  # C = 1/(2λ) for the penalty λ‖w‖², λ = 10


# ---------------------------------------------------------------- distance-metrics


def test_pairwise_distances_knn_matrix_query_and_vote():
    out = run_snippet("pairwise_distances_knn")
    D, Q = tables(out)
    X = [(1, 1), (2, 1), (1, 3), (4, 4), (5, 3), (6, 5)]
    for i, row in enumerate(D.rows.values()):
        assert all(close(v, math.sqrt(_sq(X[i], X[j])), 2) for j, v in enumerate(nums(row)))
    q = (3, 3)
    for (x1, x2), row in zip(X, Q.rows.values()):
        e, m, c = nums(row)
        cos = (x1 * q[0] + x2 * q[1]) / (math.hypot(x1, x2) * math.hypot(*q))
        assert close(e, math.dist((x1, x2), q), 3) and m == abs(x1 - 3) + abs(x2 - 3) and close(c, 1 - cos, 3)
    assert num(fact(out, "largest gap")) == 0
    order = sorted(range(6), key=lambda i: (math.dist(X[i], q), i))[:3]
    assert fact(out, "three nearest") == ", ".join(f"\\mathbf{{x}}_{i + 1} ({'red' if i < 3 else 'blue'})" for i in order)
    assert fact(out, "vote") == "blue"
    assert fact(out, "cosine distance 0") == "\\mathbf{x}_1, \\mathbf{x}_4"
    # rounding in the expansion, either way, of order ε‖x‖² ≈ 2.2e-16 × 5e6, and the square root of it
    low, high = num(fact(out, "smallest D^2_{ii}")), num(fact(out, "largest D^2_{ii}"))
    size = np.finfo(float).eps * 5 * 1003**2
    assert -10 * size < low < 0 < high < 10 * size
    largest = num(fact(out, "after the clip"))
    assert 1e-6 < largest and close(largest, math.sqrt(high), 5)


# ---------------------------------------------------------------- kernels


def test_kernel_gram_matrix_entries_psd_and_the_kernel_trick():
    out = run_snippet("kernel_gram_matrix")
    (t,) = tables(out)
    X = [(0, 0), (1, 0), (0, 2), (2, 2), (3, 1)]
    for i, row in enumerate(t.rows.values()):
        assert all(close(v, math.exp(-_sq(X[i], X[j]) / 2), 3) for j, v in enumerate(nums(row)))
    K = np.array([[math.exp(-_sq(a, b) / 2) for b in X] for a in X])
    lam = vector(fact(out, "eigenvalues of K"))
    assert all(v >= 0 for v in lam) and all(close(a, b, 3) for a, b in zip(lam, sorted(np.linalg.eigvalsh(K), reverse=True)))
    assert fact(out, "K symmetric") == "True" and num(fact(out, "gamma")) == 0.5
    assert vector(fact(out, "\\mathbf{x}_4 = (2, 2)")) == [4.0, round(4 * math.sqrt(2), 3), 4.0]
    assert num(fact(out, "over all pairs")) == 0
    bad = sorted(np.linalg.eigvalsh(-np.array([[_sq(a, b) for b in X] for a in X])), reverse=True)
    printed = vector(fact(out, "not a kernel"))
    assert all(close(a, b, 3) for a, b in zip(printed, bad)) and printed[-1] < 0
    # the valid kernel on 50 close points: exact eigenvalues are positive but far below rounding,
    # so float64 shows one below 0, tiny against N ε λ_max; the jitter lifts them all to about 1e-10
    x = np.linspace(0, 1, 50)
    K50 = np.exp(-((x[:, None] - x[None, :]) ** 2) / 2)
    lam_max = np.linalg.eigvalsh(K50)[-1]
    scale = num(fact(out, "rounding scale"))
    assert scale == float(f"{50 * np.finfo(float).eps * lam_max:.1e}")
    smallest = num(fact(out, "50 points in"))
    assert -scale < smallest < 0
    assert 0.99e-10 <= num(fact(out, "to the diagonal")) <= 1.01e-10


# ---------------------------------------------------------------- svm-hinge


def test_hinge_vs_logistic_loss_table_and_the_svm_margins():
    out = run_snippet("hinge_vs_logistic_loss")
    losses, svm = tables(out)
    s, hinge, logistic = (nums(r) for r in losses.rows.values())
    assert hinge == [max(0.0, 1 - v) for v in s]
    assert all(close(a, math.log1p(math.exp(-v)), 3) for a, v in zip(logistic, s))
    hard, soft = (svm.rows[k] for k in svm.rows)
    # C = 100: the classes are separated by x₂ = 2.5 (rows 2.0 and 3.0 of x₂ are the closest), so w = (0, 2), b = −5
    assert nums(hard)[0:4] == [0.0, 2.0, -5.0, 1.0] and hard[4] == "4" and hard[5] == "0"
    X = [(1, 1), (2, 1), (1, 2), (2.5, 2), (3, 3.5), (4, 3), (3.5, 4.5), (2, 3)]
    y = [-1, -1, -1, -1, 1, 1, 1, 1]
    for row in (hard, soft):
        w1, w2, b, margin = nums(row)[0:4]
        assert close(margin, 2 / math.hypot(w1, w2), 2)
        f = [w1 * a + w2 * c + b for a, c in X]
        assert close(nums(row)[6], sum(max(0, 1 - yi * fi) for yi, fi in zip(y, f)), 2)
    assert nums(soft)[3] > nums(hard)[3]  # a smaller C widens the margin
    assert int(soft[4]) > int(hard[4])  # and makes more support vectors
    assert fact(out, "hinge is exactly 0") == "1, 1.5, 3"
    assert close(num(fact(out, "score 3")), math.log1p(math.exp(-3)), 4)


# ---------------------------------------------------------------- k-means


def _lloyd(X, C):
    """k-means written out: the objective after every half-step, until the labels stop changing."""
    def assign(C):
        return [min(range(len(C)), key=lambda k: (_sq(x, C[k]), k)) for x in X]

    def objective(C, lab):
        return sum(_sq(x, C[c]) for x, c in zip(X, lab))

    lab = assign(C)
    out = [objective(C, lab)]
    while True:
        C = [tuple(sum(x[j] for x, c in zip(X, lab) if c == k) / lab.count(k) for j in range(2)) if k in lab else C[k] for k in range(len(C))]
        out.append(objective(C, lab))
        new = assign(C)
        if new == lab:
            return out, C, lab
        lab = new
        out.append(objective(C, lab))


def test_kmeans_objective_steps_match_lloyd_and_never_rise():
    out = run_snippet("kmeans_objective_steps")
    steps, centres = tables(out)
    X = [(1, 1), (1.5, 2), (2, 1), (1, 1.5), (5, 5), (6, 5.5), (5.5, 6), (9, 1), (9.5, 2), (8.5, 1.5)]
    objectives, C, lab = _lloyd(X, X[:3])
    printed = [num(r[0]) for r in steps.rows.values()]
    assert len(printed) == len(objectives) and all(close(p, o, 3) for p, o in zip(printed, objectives))
    assert all(b <= a for a, b in zip(printed, printed[1:]))
    assert [r[1] for r in steps.rows.values()][0] == "—" and all(r[1].startswith("−") for r in list(steps.rows.values())[1:])
    for row, c in zip(centres.rows.values(), C):
        assert all(close(v, e, 3) for v, e in zip(nums(row), c))
    assert fact(out, "labels") == ", ".join(str(c) for c in lab)
    assert fact(out, "went up") == "False" and close(num(fact(out, "inertia_")), objectives[-1], 3)


# ---------------------------------------------------------------- pca


def test_pca_explained_variance_agrees_with_the_covariance_and_sums_to_one():
    out = run_snippet("pca_explained_variance")
    (t,) = tables(out)
    rng = np.random.default_rng(5)  # the snippet's data, regenerated
    tt = rng.normal(0, 2.0, 10)
    X = np.column_stack([tt, 0.5 * tt + rng.normal(0, 0.4, 10), rng.normal(0, 0.3, 10)]).round(2)
    n = 10
    mean = [sum(X[:, j]) / n for j in range(3)]
    S = [[sum((X[i, a] - mean[a]) * (X[i, b] - mean[b]) for i in range(n)) / (n - 1) for b in range(3)] for a in range(3)]
    lam = sorted(np.linalg.eigvalsh(np.array(S)), reverse=True)
    rows = [nums(r) for r in t.rows.values()]
    assert list(t.rows) == ["\\mathbf{w}_1", "\\mathbf{w}_2", "\\mathbf{w}_3"]  # one direction per row
    assert all(close(r[3], l, 3) for r, l in zip(rows, lam))
    assert all(close(r[4], l / sum(lam), 3) for r, l in zip(rows, lam))
    for r, l in zip(rows, lam):  # each printed direction is an eigenvector of S for its eigenvalue
        w = np.array(r[:3])
        assert np.allclose(np.array(S) @ w, l * w, atol=5e-3) and abs(np.linalg.norm(w) - 1) < 2e-3
        assert w[np.argmax(np.abs(w))] > 0  # the sign rule
    assert all(close(a, b, 3) for a, b in zip(vector(fact(out, "largest first")), lam))
    assert num(fact(out, "signs matched")) == 0
    assert close(num(fact(out, "share kept")), lam[0] / sum(lam), 3)
    scores = vector(fact(out, "scores"))
    assert abs(sum(scores)) < 5e-3 and close(num(fact(out, "their variance")), lam[0], 3)


# ---------------------------------------------------------------- gaussian-mixture


def _normal2(x, mu, S):
    det = S[0][0] * S[1][1] - S[0][1] ** 2
    d = (x[0] - mu[0], x[1] - mu[1])
    q = (S[1][1] * d[0] ** 2 - 2 * S[0][1] * d[0] * d[1] + S[0][0] * d[1] ** 2) / det
    return math.exp(-q / 2) / (2 * math.pi * math.sqrt(det))


def _em(X, means):
    """EM written out in plain Python for two components in the plane."""
    pi, mu, S = [0.5, 0.5], [list(m) for m in means], [[[1.0, 0.0], [0.0, 1.0]] for _ in range(2)]
    ll = lambda: sum(math.log(sum(pi[k] * _normal2(x, mu[k], S[k]) for k in range(2))) for x in X)  # noqa: E731
    history = [ll()]
    while len(history) < 2 or history[-1] - history[-2] > 1e-8:
        g = [[pi[k] * _normal2(x, mu[k], S[k]) for k in range(2)] for x in X]
        g = [[v / sum(r) for v in r] for r in g]
        for k in range(2):
            Nk = sum(r[k] for r in g)
            pi[k] = Nk / len(X)
            mu[k] = [sum(r[k] * x[j] for r, x in zip(g, X)) / Nk for j in range(2)]
            S[k] = [[sum(r[k] * (x[a] - mu[k][a]) * (x[b] - mu[k][b]) for r, x in zip(g, X)) / Nk for b in range(2)] for a in range(2)]
        history.append(ll())
    return history, pi, mu, S


def test_gmm_em_log_likelihood_rises_every_step_and_responsibilities_are_posteriors():
    out = run_snippet("gmm_em_log_likelihood")
    steps, resp = tables(out)
    X = [(0.0, 0.2), (0.5, -0.3), (1.0, 0.4), (0.3, 1.0), (-0.4, 0.5), (4.0, 3.5), (4.6, 4.2), (5.1, 3.6), (4.4, 2.9), (2.2, 2.0)]
    history, pi, mu, S = _em(X, [(2.0, 2.0), (3.0, 3.0)])
    printed = [num(r[0]) for r in steps.rows.values()]
    assert len(printed) == len(history) and all(close(p, h, 4) for p, h in zip(printed, history))
    assert all(b >= a for a, b in zip(printed, printed[1:]))
    for x, row in zip(X, resp.rows.values()):
        num_ = [pi[k] * _normal2(x, mu[k], S[k]) for k in range(2)]
        assert all(close(v, e / sum(num_), 3) for v, e in zip(nums(row)[2:], num_))
    assert all(close(a, b, 3) for a, b in zip(vector(fact(out, "mixing weights \\pi_1")), pi))
    assert all(close(a, b, 3) for a, b in zip(vector(fact(out, "\\boldsymbol{\\mu}_2")), mu[1]))
    assert fact(out, "went down") == "False"
    other, other_pi, _, _ = _em(X, [(1.0, 2.0), (2.0, 1.0)])
    assert close(num(fact(out, "lower maximum")), other[-1], 3) and other[-1] < history[-1]
    assert f"after {len(other) - 1} steps" in next(k for k in facts(out) if "another start" in k)
    assert all(close(a, b, 3) for a, b in zip(vector(fact(out, "its mixing weights")), other_pi))


# ---------------------------------------------------------------- classification-metrics


def test_precision_recall_imbalance_counts_and_scores_as_fractions():
    out = run_snippet("precision_recall_imbalance")
    (t,) = tables(out)
    trivial, model = (t.rows[k] for k in t.rows)
    assert trivial[:4] == ["0", "0", "5", "95"] and num(trivial[4]) == 0.95 and nums(trivial[5:]) == [0, 0, 0]
    tp, fp, fn, tn = 4, 7, 1, 88
    assert model[:4] == [str(v) for v in (tp, fp, fn, tn)]
    P, R = Fraction(tp, tp + fp), Fraction(tp, tp + fn)
    expected = [Fraction(tp + tn, 100), P, R, 2 * P * R / (P + R)]
    assert all(close(v, float(e), 3) for v, e in zip(nums(model[4:]), expected))
    y = [0] * 8 + [1] * 3 + [2]
    p = [0] * 8 + [1, 1, 0] + [0]
    f1 = []
    for k in range(3):
        tpk = sum(a == k == b for a, b in zip(y, p))
        den = 2 * tpk + sum(a != k and b == k for a, b in zip(y, p)) + sum(a == k and b != k for a, b in zip(y, p))
        f1.append(Fraction(2 * tpk, den))
    assert all(close(v, float(e), 3) for v, e in zip(vector(fact(out, "of each class")), f1))
    assert close(num(fact(out, "macro")), float(sum(f1) / 3), 3)
    acc = sum(a == b for a, b in zip(y, p)) / 12
    assert close(num(fact(out, "micro $F_1$, from".replace("$", ""))), acc, 3) and close(num(fact(out, "accuracy (equal")), acc, 3)


# ---------------------------------------------------------------- roc-auc


def test_roc_auc_two_ways_points_and_area_from_the_pairs():
    out = run_snippet("roc_auc_two_ways")
    (t,) = tables(out)
    s = [0.95, 0.85, 0.80, 0.70, 0.55, 0.50, 0.40, 0.30, 0.20, 0.10]
    y = [1, 1, 0, 1, 1, 0, 0, 1, 0, 0]
    fpr, tpr = ([nums(r)[c] for r in t.rows.values()] for c in (0, 1))
    thresholds = [math.inf] + s
    assert list(t.rows) == ["\\infty"] + [f"{v:.2f}" for v in s]
    for th, f, r in zip(thresholds, fpr, tpr):
        assert r == sum(1 for a, b in zip(s, y) if a >= th and b) / 5
        assert f == sum(1 for a, b in zip(s, y) if a >= th and not b) / 5
    right = sum(a > b for a, ya in zip(s, y) if ya for b, yb in zip(s, y) if not yb)
    assert fact(out, "right order") == f"{right} of 25"
    assert num(fact(out, "trapezoids")) == num(fact(out, "P(s^{+} > s^{-})")) == round(right / 25, 2)
    assert num(fact(out, "reversed")) == round(1 - right / 25, 2)
    assert "<svg" in out and "area under it is 0.80" in out
    # the logits are in order (AUC 1); in float64 1/(1 + e^{−z}) is exactly 1 for z ≥ 38 (e^{−38} < ε/2),
    # so the two positives tie the negative at 38: AUC = (½ + ½ + 1 + 1)/4
    assert math.exp(-38) < np.finfo(float).eps / 2 < math.exp(-1)
    assert num(fact(out, "labels (1, 0, 1, 0)")) == 1.0
    assert vector(fact(out, "sigmoids in float64")) == [1.0, 1.0, 1.0, round(1 / (1 + math.exp(-1)), 2)]
    assert num(fact(out, "3 of them exactly 1.0")) == 0.75


# ---------------------------------------------------------------- impurity-information-gain


def _gini(c):
    n = sum(c)
    return 1 - sum((v / n) ** 2 for v in c)


def _entropy2(c):
    n = sum(c)
    return -sum(v / n * math.log2(v / n) for v in c if v)


def test_gini_entropy_split_gains_and_curves_from_the_definitions():
    out = run_snippet("gini_entropy_split")
    splits, curves = tables(out)
    temperature = [12, 14, 15, 18, 20, 21, 23, 25, 27, 30]
    windy = [1, 1, 0, 1, 0, 0, 1, 0, 0, 0]
    played = [0, 0, 0, 1, 1, 1, 0, 1, 1, 1]
    masks = [[w == 1 for w in windy], [t <= 16.5 for t in temperature], [t <= 22 for t in temperature]]
    parent = [played.count(0), played.count(1)]
    assert splits.caption == f"Parent node: {parent[0]} days not played, {parent[1]} played"
    for mask, row in zip(masks, splits.rows.values()):
        left = [sum(1 for m, p in zip(mask, played) if m and p == k) for k in (0, 1)]
        right = [sum(1 for m, p in zip(mask, played) if not m and p == k) for k in (0, 1)]
        assert row[:4] == [str(v) for v in left + right]
        for imp, cell in ((_gini, row[4]), (_entropy2, row[5])):
            gain = imp(parent) - sum(sum(c) / 10 * imp(c) for c in (left, right))
            assert close(num(cell), gain, 3)
    p, g, h = (nums(r) for r in curves.rows.values())
    assert all(close(gv, 1 - q**2 - (1 - q) ** 2, 3) and close(hv, _entropy2([1 - q, q]) if q else 0.0, 3) for q, gv, hv in zip(p, g, h))
    assert close(num(fact(out, "parent: Gini")), _gini(parent), 3) and close(num(fact(out, "entropy in bits")), _entropy2(parent), 3)
    best = max(((a + b) / 2 for a, b in zip(temperature, temperature[1:])), key=lambda t: (_gini(parent) - sum(sum(c) / 10 * _gini(c) for c in ([sum(1 for x, q in zip(temperature, played) if (x <= t) == side and q == k) for k in (0, 1)] for side in (True, False))), -t))
    assert fact(out, "best temperature threshold").startswith(f"{best:g},")


# ---------------------------------------------------------------- bias-variance


def test_bias_variance_polynomials_terms_add_up_and_degree_three_wins():
    out = run_snippet("bias_variance_polynomials")
    (t,) = tables(out)
    rows = {k: nums(v) for k, v in t.rows.items()}
    for bias2, var, noise, total, measured in rows.values():
        assert close(noise, 0.09, 3)
        assert abs(bias2 + var + noise - total) <= 0.0015  # the printed sum is of the unrounded terms
        assert abs(total - measured) < 0.01  # Monte Carlo agreement
    line, cubic, nine = rows.values()
    assert line[0] > cubic[0] and line[0] > 0.15  # a line cannot follow sin(2πx): large bias
    assert nine[1] > 10 * cubic[1]  # degree 9 through ten points: large variance
    assert cubic[4] < line[4] and cubic[4] < nine[4]
    assert fact(out, "lowest test error") == "3"
    # the bias of the straight line, independently: the noise averages out, so E[f̂] is the line fitted to the true values
    x_train = np.linspace(0.0, 1.0, 10)
    x_test = np.linspace(0.05, 0.95, 19)
    coef = np.polyfit(x_train, np.sin(2 * np.pi * x_train), 1)
    bias2 = np.mean((np.polyval(coef, x_test) - np.sin(2 * np.pi * x_test)) ** 2)
    assert abs(line[0] - bias2) < 0.005
