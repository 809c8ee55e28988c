"""notation.classical against independent references: closed forms, np.linalg.lstsq, explicit loops
over coordinates and pairs, brute force over a grid or over every labelling, finite differences and
the optimality conditions each fit must satisfy. scikit-learn and SciPy are compared in
tests/reference/test_sklearn_classical.py (`make test-reference`)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from notation import (
    bias_variance,
    gaussian_log_pdf,
    gmm_em_step,
    gmm_log_likelihood,
    gmm_responsibilities,
    hinge_loss,
    kmeans,
    kmeans_assign,
    kmeans_objective,
    kmeans_update,
    knn_predict,
    lasso_regression,
    least_squares,
    logistic_margin_loss,
    logistic_regression,
    pairwise_distances,
    pairwise_sq_distances,
    pca,
    polynomial_fit,
    polynomial_kernel,
    polynomial_predict,
    quadratic_features,
    rbf_kernel,
    ridge_regression,
    soft_threshold,
    svm_fit,
)

rng = np.random.default_rng(20261201)


def _data(n=12, d=3, seed=0):
    r = np.random.default_rng(seed)
    X = r.normal(size=(n, d))
    y = X @ r.normal(size=d) + 0.7 + r.normal(scale=0.2, size=n)
    return X, y


# ---------------------------------------------------------------- least squares, ridge, lasso


def test_least_squares_matches_lstsq_with_a_column_of_ones():
    X, y = _data()
    w, b = least_squares(X, y)
    coef, *_ = np.linalg.lstsq(np.column_stack([X, np.ones(len(X))]), y, rcond=None)
    np.testing.assert_allclose(w, coef[:-1], atol=1e-12)
    assert b == pytest.approx(coef[-1], abs=1e-12)


def test_least_squares_residual_is_orthogonal_to_every_column():
    X, y = _data()
    w, b = least_squares(X, y)
    A = np.column_stack([X, np.ones(len(X))])
    np.testing.assert_allclose(A.T @ (y - X @ w - b), 0, atol=1e-10)


def test_ridge_closed_form_without_intercept_and_shrinks_the_norm():
    X, y = _data()
    norms = []
    for lam in (0.0, 0.5, 5.0, 50.0):
        w, b = ridge_regression(X, y, lam, fit_intercept=False)
        assert b == 0.0
        np.testing.assert_allclose(w, np.linalg.inv(X.T @ X + lam * np.eye(3)) @ X.T @ y, atol=1e-10)
        norms.append(np.linalg.norm(w))
    assert norms == sorted(norms, reverse=True)


def test_ridge_gradient_is_zero_at_its_solution_and_the_bias_is_unpenalised():
    X, y = _data()
    lam = 3.0
    w, b = ridge_regression(X, y, lam)
    r = y - X @ w - b
    np.testing.assert_allclose(-2 * X.T @ r + 2 * lam * w, 0, atol=1e-10)  # ∂/∂w
    assert abs(r.sum()) < 1e-10  # ∂/∂b: no penalty on b


def test_ridge_refuses_a_singular_system_and_bad_input():
    X = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0]])  # dependent columns
    with pytest.raises(ValueError, match="singular"):
        least_squares(X, [1.0, 2.0, 3.0])
    w, _ = ridge_regression(X, [1.0, 2.0, 3.0], 0.1)  # a penalty makes it solvable
    assert np.all(np.isfinite(w))
    with pytest.raises(ValueError, match="lam"):
        ridge_regression(X, [1.0, 2.0, 3.0], -1.0)
    with pytest.raises(ValueError, match="one value per row"):
        ridge_regression(X, [1.0, 2.0], 1.0)


def test_soft_threshold_is_the_minimiser_of_the_one_dimensional_lasso():
    # argmin_w (w − z)² + 2t|w| is S(z, t); checked on a fine grid
    grid = np.linspace(-5, 5, 200_001)
    for z, t in [(3.0, 1.0), (-0.4, 1.0), (0.9, 0.5), (-2.5, 0.7)]:
        best = grid[np.argmin((grid - z) ** 2 + 2 * t * np.abs(grid))]
        assert float(soft_threshold(z, t)) == pytest.approx(best, abs=1e-4)


def test_lasso_satisfies_its_optimality_conditions():
    # at a minimum of ‖y − Xw − b‖² + λ‖w‖₁: 2x_jᵀr = λ sign(w_j) where w_j ≠ 0, |2x_jᵀr| ≤ λ where w_j = 0
    X, y = _data(n=20, d=5, seed=3)
    lam = 20.0
    w, b = lasso_regression(X, y, lam)
    r = y - X @ w - b
    g = 2 * X.T @ r
    assert abs(r.sum()) < 1e-9
    for j in range(5):
        if w[j] != 0:
            assert g[j] == pytest.approx(lam * np.sign(w[j]), abs=1e-8)
        else:
            assert abs(g[j]) <= lam + 1e-8
    assert np.any(w == 0)  # this λ sets at least one weight to exactly 0


def test_lasso_with_orthonormal_columns_is_the_soft_threshold_of_least_squares():
    # the regularisation entry: for XᵀX = I the lasso has a closed form, S(ŵ_j, λ/2) (Tibshirani 1996)
    Q, _ = np.linalg.qr(rng.normal(size=(12, 4)))
    y = Q @ np.array([3.0, -0.4, 0.2, -2.0]) + 0.1 * rng.normal(size=12)
    ols = Q.T @ y  # the least-squares weights when XᵀX = I
    for lam in (0.5, 1.0, 5.0):
        w, b = lasso_regression(Q, y, lam, fit_intercept=False)
        np.testing.assert_allclose(w, soft_threshold(ols, lam / 2), atol=1e-10)
    assert np.sum(lasso_regression(Q, y, 1.0, fit_intercept=False)[0] == 0) == 2  # |ŵ| < ½ for two weights


def test_lasso_with_no_penalty_is_least_squares_and_a_huge_one_keeps_only_the_bias():
    X, y = _data()
    np.testing.assert_allclose(lasso_regression(X, y, 0.0)[0], least_squares(X, y)[0], atol=1e-8)
    w, b = lasso_regression(X, y, 1e6)
    assert np.all(w == 0) and b == pytest.approx(y.mean())


# ---------------------------------------------------------------- logistic regression, hinge, SVM


def _penalised_bce(theta, X, y, lam):
    z = X @ theta[:-1] + theta[-1]
    return float(np.sum(np.logaddexp(0, z) - y * z) + lam / 2 * theta[:-1] @ theta[:-1])


def test_logistic_regression_is_a_stationary_point_by_finite_differences():
    X, _ = _data(n=30, d=2, seed=5)
    y = (X[:, 0] + 0.5 * rng.normal(size=30) > 0).astype(float)
    lam = 0.7
    fit = logistic_regression(X, y, lam)
    theta = np.r_[fit.w, fit.b]
    h = 1e-6
    for k in range(theta.size):
        e = np.zeros_like(theta)
        e[k] = h
        slope = (_penalised_bce(theta + e, X, y, lam) - _penalised_bce(theta - e, X, y, lam)) / (2 * h)
        assert abs(slope) < 1e-6
    # and it is the minimum: nudging any way raises the objective
    base = _penalised_bce(theta, X, y, lam)
    for _ in range(20):
        assert _penalised_bce(theta + 1e-3 * rng.normal(size=theta.size), X, y, lam) > base


def test_logistic_regression_with_a_duplicated_feature_and_a_penalty_has_one_minimum():
    # the logistic-regression entry: without a penalty, (w₁, w₂) and (w₁ + t, w₂ − t) give the same
    # scores for a duplicated column, a line of minimisers; the penalty picks the point with w₁ = w₂,
    # where λ/2 (w₁² + w₂²) = (λ/2)/2 (w₁ + w₂)², the fit of the single column with λ/2
    x = np.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0])
    y = np.array([0, 0, 1, 0, 1, 0, 1, 1])
    lam = 0.4
    twice = logistic_regression(np.column_stack([x, x]), y, lam)
    once = logistic_regression(x[:, None], y, lam / 2)
    np.testing.assert_allclose(twice.w, [once.w[0] / 2] * 2, rtol=1e-10)
    assert twice.b == pytest.approx(once.b, rel=1e-10)
    theta = np.r_[twice.w, twice.b]
    t = np.array([0.3, -0.3, 0.0])  # along the line: the loss is the same, only the penalty rises
    X2 = np.column_stack([x, x])
    assert _penalised_bce(theta + t, X2, y, 0.0) == pytest.approx(_penalised_bce(theta, X2, y, 0.0), rel=1e-12)
    assert _penalised_bce(theta + t, X2, y, lam) > _penalised_bce(theta, X2, y, lam)


def test_logistic_regression_refuses_no_penalty_and_bad_labels():
    with pytest.raises(ValueError, match="lam must be > 0"):
        logistic_regression([[0.0], [1.0]], [0, 1], 0.0)
    with pytest.raises(ValueError, match="0/1 labels"):
        logistic_regression([[0.0], [1.0]], [-1, 1], 1.0)


def test_margin_losses_match_their_formulas_and_bce():
    s = np.array([-3.0, -0.5, 0.0, 0.99, 1.0, 2.0, 40.0, -40.0])
    y = np.array([1, -1, 1, 1, 1, -1, 1, -1])
    assert hinge_loss(s, y).tolist() == [max(0.0, 1 - yi * si) for si, yi in zip(s, y)]
    expected = [math.log1p(math.exp(-yi * si)) for si, yi in zip(s, y)]
    np.testing.assert_allclose(logistic_margin_loss(s, y), expected, rtol=1e-12)
    p = 1 / (1 + np.exp(-s[:6]))  # with labels 0/1 the same numbers are the binary cross-entropy
    y01 = (y[:6] + 1) / 2
    bce = -(y01 * np.log(p) + (1 - y01) * np.log(1 - p))
    np.testing.assert_allclose(logistic_margin_loss(s, y)[:6], bce, rtol=1e-10)
    assert np.all(np.isfinite(logistic_margin_loss(s, y)))  # ±40 neither overflows nor takes log 0
    with pytest.raises(ValueError, match="−1/\\+1"):
        hinge_loss([0.5], [0])


def test_svm_on_two_points_is_the_perpendicular_bisector():
    # x = (0, 0) labelled −1 and (2, 2) labelled +1: w ∥ (1, 1), the boundary through (1, 1), margin = the gap 2√2
    X = np.array([[0.0, 0.0], [2.0, 2.0]])
    y = np.array([-1, 1])
    fit = svm_fit(X @ X.T, y, C=1e6)
    w = (fit.alpha * y) @ X
    np.testing.assert_allclose(w, [0.5, 0.5], atol=1e-9)
    assert fit.b == pytest.approx(-1.0, abs=1e-9)
    assert 2 / np.linalg.norm(w) == pytest.approx(2 * math.sqrt(2), abs=1e-8)


def _svm_primal(w, b, X, y, C):
    return 0.5 * w @ w + C * np.maximum(0, 1 - y * (X @ w + b)).sum()


def test_svm_dual_solution_minimises_the_primal_and_keeps_its_constraints():
    X = rng.normal(size=(16, 2))
    y = np.where(X[:, 0] + 0.3 * rng.normal(size=16) > 0, 1, -1)
    C = 0.8
    fit = svm_fit(X @ X.T, y, C)
    assert np.all(fit.alpha >= -1e-12) and np.all(fit.alpha <= C + 1e-12)
    assert abs(fit.alpha @ y) < 1e-9
    w = (fit.alpha * y) @ X
    best = _svm_primal(w, fit.b, X, y, C)
    for _ in range(300):  # no nearby (w, b) does better
        dw, db = 1e-3 * rng.normal(size=2), 1e-3 * rng.normal()
        assert _svm_primal(w + dw, fit.b + db, X, y, C) >= best - 1e-9
    # duality: primal = dual objective at the optimum
    Q = np.outer(y, y) * (X @ X.T)
    dual = fit.alpha.sum() - 0.5 * fit.alpha @ Q @ fit.alpha
    assert dual == pytest.approx(best, rel=1e-6)


# ---------------------------------------------------------------- distances and kernels


def test_pairwise_distances_match_loops_over_coordinates():
    X, Y = rng.normal(size=(5, 3)), rng.normal(size=(4, 3))
    for metric, f in [
        ("euclidean", lambda u, v: math.sqrt(sum((a - b) ** 2 for a, b in zip(u, v)))),
        ("manhattan", lambda u, v: sum(abs(a - b) for a, b in zip(u, v))),
        ("cosine", lambda u, v: 1 - sum(a * b for a, b in zip(u, v)) / math.sqrt(sum(a * a for a in u) * sum(b * b for b in v))),
    ]:
        expected = [[f(u, v) for v in Y] for u in X]
        np.testing.assert_allclose(pairwise_distances(X, Y, metric), expected, atol=1e-12)
    D2 = pairwise_sq_distances(X)
    assert np.all(D2 >= 0) and np.allclose(np.diag(D2), 0) and np.allclose(D2, D2.T)
    with pytest.raises(ValueError, match="metric"):
        pairwise_distances(X, Y, "chebyshev")
    with pytest.raises(ValueError, match="same number of columns"):
        pairwise_distances(X, Y[:, :2])


def test_knn_votes_by_the_nearest_labels():
    X = np.array([[0.0], [1.0], [2.0], [10.0], [11.0]])
    labels = np.array(["a", "a", "b", "b", "b"])
    assert knn_predict(X, labels, [[0.2], [10.4]], k=1).tolist() == ["a", "b"]
    assert knn_predict(X, labels, [[1.4]], k=3).tolist() == ["a"]  # 1, 2, 0: a, b, a
    assert knn_predict(X, labels, [[1.4]], k=5).tolist() == ["b"]
    with pytest.raises(ValueError, match="k must be"):
        knn_predict(X, labels, [[1.0]], k=6)


def test_rbf_and_polynomial_kernels_match_their_definitions_and_are_psd():
    X = rng.normal(size=(6, 2))
    sigma = 0.8
    expected = [[math.exp(-sum((a - b) ** 2 for a, b in zip(u, v)) / (2 * sigma**2)) for v in X] for u in X]
    K = rbf_kernel(X, sigma=sigma)
    np.testing.assert_allclose(K, expected, atol=1e-14)
    assert np.linalg.eigvalsh(K).min() > -1e-12
    P = polynomial_kernel(X, degree=2)
    phi = quadratic_features(X)
    np.testing.assert_allclose(P, phi @ phi.T, atol=1e-12)
    np.testing.assert_allclose(polynomial_kernel(X, degree=3, c=1.0), (X @ X.T + 1.0) ** 3, atol=1e-12)
    with pytest.raises(ValueError, match="sigma"):
        rbf_kernel(X, sigma=0.0)


# ---------------------------------------------------------------- k-means


def _brute_force_best_labelling(X, k):
    best = math.inf
    for labels in itertools.product(range(k), repeat=len(X)):
        lab = np.array(labels)
        if len(set(labels)) < k:
            continue
        best = min(best, sum(((X[lab == c] - X[lab == c].mean(axis=0)) ** 2).sum() for c in range(k)))
    return best


def test_kmeans_steps_never_raise_the_objective_and_reach_a_fixed_point():
    X = rng.normal(size=(30, 2)) + np.repeat([[0, 0], [4, 0], [0, 4]], 10, axis=0)
    run = kmeans(X, X[:3])
    assert all(b <= a + 1e-12 for a, b in zip(run.objectives, run.objectives[1:]))
    assert np.array_equal(kmeans_assign(X, run.centres), run.labels)
    np.testing.assert_allclose(kmeans_update(X, run.labels, run.centres), run.centres)


def test_kmeans_objective_is_the_sum_of_squared_distances_and_a_well_started_run_finds_the_optimum():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0], [6.0, 5.0], [9.0, 0.0], [9.0, 1.0], [1.0, 0.5]])
    C = np.array([[0.0, 0.0], [5.0, 5.0], [9.0, 0.0]])
    expected = sum(min(sum((a - b) ** 2 for a, b in zip(x, c)) for c in C) for x in X)
    assert kmeans_objective(X, C) == pytest.approx(expected)
    run = kmeans(X, C)
    assert run.objectives[-1] == pytest.approx(_brute_force_best_labelling(X, 3))


def test_kmeans_update_keeps_an_empty_cluster_in_place():
    C = kmeans_update([[0.0], [1.0]], [0, 0], [[5.0], [7.0]])
    assert C.tolist() == [[0.5], [7.0]]


# ---------------------------------------------------------------- PCA


def test_pca_matches_the_covariance_eigendecomposition_up_to_sign():
    X = rng.normal(size=(40, 3)) @ np.array([[3.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 0.5, 0.2]])
    fit = pca(X, 3)
    values, vectors = np.linalg.eigh(np.cov(X, rowvar=False))
    values, vectors = values[::-1], vectors[:, ::-1]
    np.testing.assert_allclose(fit.explained_variance, values, rtol=1e-10)
    np.testing.assert_allclose(np.abs(fit.components.T @ vectors), np.eye(3), atol=1e-8)
    assert fit.explained_variance_ratio.sum() == pytest.approx(1.0)
    np.testing.assert_allclose(np.cov(fit.scores, rowvar=False), np.diag(values), atol=1e-9)  # uncorrelated scores
    # the sign rule: each direction's largest entry is positive
    assert np.all(fit.components[np.argmax(np.abs(fit.components), axis=0), range(3)] > 0)


def test_pca_first_direction_maximises_the_projected_variance():
    X = rng.normal(size=(50, 2)) @ np.array([[2.0, 1.0], [0.0, 0.5]])
    w = pca(X, 1).components[:, 0]
    Xc = X - X.mean(axis=0)
    best = max(np.var(Xc @ [math.cos(a), math.sin(a)], ddof=1) for a in np.linspace(0, math.pi, 20_001))
    assert np.var(Xc @ w, ddof=1) == pytest.approx(best, rel=1e-6)


# ---------------------------------------------------------------- Gaussian mixtures


def _normal_pdf_2d(x, mu, S):
    det = S[0][0] * S[1][1] - S[0][1] * S[1][0]
    inv = [[S[1][1] / det, -S[0][1] / det], [-S[1][0] / det, S[0][0] / det]]
    d = [x[0] - mu[0], x[1] - mu[1]]
    q = sum(d[i] * inv[i][j] * d[j] for i in range(2) for j in range(2))
    return math.exp(-q / 2) / (2 * math.pi * math.sqrt(det))


PARAMS = ([0.3, 0.7], [[0.0, 0.0], [3.0, 1.0]], [[[1.0, 0.3], [0.3, 0.5]], [[2.0, -0.4], [-0.4, 1.0]]])


def test_gaussian_log_pdf_and_mixture_match_the_closed_form_density():
    X = rng.normal(size=(6, 2)) * 2
    pi, mu, S = PARAMS
    for x in X:
        assert float(gaussian_log_pdf([x], mu[1], S[1])[0]) == pytest.approx(math.log(_normal_pdf_2d(x, mu[1], S[1])), rel=1e-12)
    expected = sum(math.log(sum(pi[k] * _normal_pdf_2d(x, mu[k], S[k]) for k in range(2))) for x in X)
    assert gmm_log_likelihood(X, *PARAMS) == pytest.approx(expected, rel=1e-12)
    gamma = gmm_responsibilities(X, *PARAMS)
    for i, x in enumerate(X):
        num = [pi[k] * _normal_pdf_2d(x, mu[k], S[k]) for k in range(2)]
        np.testing.assert_allclose(gamma[i], np.array(num) / sum(num), rtol=1e-10)
    with pytest.raises(ValueError, match="positive definite"):
        gaussian_log_pdf(X, [0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(ValueError, match="sum to 1"):
        gmm_log_likelihood(X, [0.5, 0.6], *PARAMS[1:])


def test_responsibilities_harden_to_the_nearest_centre_as_a_shared_covariance_shrinks():
    # the gaussian-mixture entry: with covariances εI and ε → 0 the responsibilities are 0/1 for the nearest
    # centre whatever the weights; at ε = 1 the argmax follows ‖x − μ_k‖² − 2ε log π_k instead
    means = np.array([[0.0, 0.0], [2.0, 0.0]])
    weights = np.array([0.9, 0.1])
    X = np.array([[1.2, 0.0], [0.5, 0.3], [2.5, 0.0]])
    sq = ((X[:, None, :] - means[None]) ** 2).sum(-1)
    nearest = np.argmin(sq, axis=1)
    assert nearest.tolist() == [1, 0, 1]
    sharp = gmm_responsibilities(X, weights, means, [1e-3 * np.eye(2)] * 2)
    np.testing.assert_allclose(sharp, np.eye(2)[nearest], atol=1e-12)
    wide = gmm_responsibilities(X, weights, means, [np.eye(2)] * 2)
    assert np.argmax(wide, axis=1).tolist() == np.argmin(sq - 2 * np.log(weights), axis=1).tolist() == [0, 0, 1]


def test_em_never_lowers_the_log_likelihood_and_its_m_step_is_the_weighted_mle():
    X = np.vstack([rng.normal(size=(15, 2)), rng.normal(size=(15, 2)) + [4.0, 2.0]])
    params = PARAMS
    previous = gmm_log_likelihood(X, *params)
    for _ in range(25):
        gamma = gmm_responsibilities(X, *params)
        new = gmm_em_step(X, *params)
        # the M step by explicit sums over the points
        for k in range(2):
            Nk = sum(gamma[i, k] for i in range(len(X)))
            mu = sum(gamma[i, k] * X[i] for i in range(len(X))) / Nk
            S = sum(gamma[i, k] * np.outer(X[i] - mu, X[i] - mu) for i in range(len(X))) / Nk
            assert new.weights[k] == pytest.approx(Nk / len(X))
            np.testing.assert_allclose(new.means[k], mu, atol=1e-12)
            np.testing.assert_allclose(new.covs[k], S, atol=1e-12)
        params = new
        current = gmm_log_likelihood(X, *params)
        assert current >= previous - 1e-10
        previous = current


# ---------------------------------------------------------------- polynomials, bias and variance


def test_polynomial_fit_matches_polyfit_and_predicts_by_horner():
    x = np.linspace(-1, 1, 9)
    y = np.cos(3 * x)
    coef = polynomial_fit(x, y, 4)
    np.testing.assert_allclose(coef, np.polyfit(x, y, 4)[::-1], atol=1e-10)
    horner = [sum(c * t**j for j, c in enumerate(coef)) for t in x]
    np.testing.assert_allclose(polynomial_predict(coef, x), horner, atol=1e-12)
    with pytest.raises(ValueError, match="degree"):
        polynomial_fit(x, y, 9)


def test_bias_variance_by_loops_and_the_decomposition_adds_up():
    P = rng.normal(size=(7, 4)) + 1.0
    f = np.array([0.5, 1.0, 1.5, 2.0])
    mean = [sum(P[t, m] for t in range(7)) / 7 for m in range(4)]
    bias2 = sum((mean[m] - f[m]) ** 2 for m in range(4)) / 4
    var = sum((P[t, m] - mean[m]) ** 2 for t in range(7) for m in range(4)) / 28
    assert bias_variance(P, f) == pytest.approx((bias2, var))
    # E over training sets of (f − f̂)² is exactly Bias² + Var (the noise adds σ² on top)
    assert np.mean((P - f) ** 2) == pytest.approx(bias2 + var)
