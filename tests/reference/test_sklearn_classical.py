"""The classical entries' library functions against scikit-learn and SciPy, as `make test-reference`
installs them (SKLEARN_VERSION and SCIPY_VERSION in the Makefile), with the conventions the entries
state: Ridge's alpha is λ, Lasso's alpha is λ/(2N), LogisticRegression's C is 1/λ, the RBF kernel's
gamma is 1/(2σ²), KMeans.inertia_ is the k-means objective, GaussianMixture.score is the average
log-likelihood, PCA's components agree up to sign, LinearSVC minimises the squared hinge by default.
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import notation as nt

pytestmark = pytest.mark.reference


def _import(name):
    """scikit-learn and SciPy: under `make test-reference` (NOTATION_REQUIRE_TORCH) a missing one fails, never skips."""
    import importlib

    if os.environ.get("NOTATION_REQUIRE_TORCH"):
        return importlib.import_module(name)
    return pytest.importorskip(name)


@pytest.fixture(scope="module")
def sklearn():
    module = _import("sklearn")
    for sub in ("linear_model", "svm", "cluster", "decomposition", "mixture", "metrics", "tree", "metrics.pairwise"):
        _import(f"sklearn.{sub}")
    return module


@pytest.fixture(scope="module")
def scipy_distance():
    return _import("scipy.spatial.distance")


rng = np.random.default_rng(1729)


def _regression(n=15, d=4):
    X = rng.normal(size=(n, d))
    y = X @ np.array([2.0, -1.0, 0.0, 0.5])[:d] + 1.5 + rng.normal(scale=0.3, size=n)
    return X, y


def test_the_versions_pinned_in_the_makefile_are_installed(sklearn):
    import re
    from pathlib import Path

    import scipy

    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^(SKLEARN|SCIPY)_VERSION := (\S+)$", makefile, re.M))
    assert (sklearn.__version__, scipy.__version__) == (pinned["SKLEARN"], pinned["SCIPY"])


def test_least_squares_matches_lstsq_and_linear_regression(sklearn):
    X, y = _regression()
    w, b = nt.least_squares(X, y)
    coef, *_ = np.linalg.lstsq(np.column_stack([X, np.ones(len(X))]), y, rcond=None)
    np.testing.assert_allclose(np.r_[w, b], coef, atol=1e-12)
    lr = sklearn.linear_model.LinearRegression().fit(X, y)
    np.testing.assert_allclose(w, lr.coef_, atol=1e-12)
    assert b == pytest.approx(lr.intercept_, abs=1e-12)


def test_ridge_alpha_is_lambda(sklearn):
    X, y = _regression()
    for lam in (0.1, 2.0, 50.0):
        w, b = nt.ridge_regression(X, y, lam)
        r = sklearn.linear_model.Ridge(alpha=lam).fit(X, y)
        np.testing.assert_allclose(w, r.coef_, atol=1e-10)
        assert b == pytest.approx(r.intercept_, abs=1e-10)


def test_lasso_alpha_is_lambda_over_2n(sklearn):
    X, y = _regression(n=20)
    for lam in (1.0, 8.0, 30.0):
        w, b = nt.lasso_regression(X, y, lam)
        las = sklearn.linear_model.Lasso(alpha=lam / (2 * len(X)), tol=1e-14, max_iter=1_000_000).fit(X, y)
        np.testing.assert_allclose(w, las.coef_, atol=1e-8)
        assert b == pytest.approx(las.intercept_, abs=1e-8)
        assert np.array_equal(w == 0, las.coef_ == 0)  # the same weights exactly zero


def test_logistic_regression_c_is_one_over_lambda(sklearn):
    X = rng.normal(size=(40, 3))
    y = (X @ [1.0, -2.0, 0.5] + rng.normal(size=40) > 0).astype(int)
    for lam in (0.1, 1.0, 10.0):
        fit = nt.logistic_regression(X, y, lam)
        lr = sklearn.linear_model.LogisticRegression(C=1 / lam, tol=1e-12, max_iter=100_000).fit(X, y)
        np.testing.assert_allclose(fit.w, lr.coef_[0], atol=1e-7)
        assert fit.b == pytest.approx(lr.intercept_[0], abs=1e-7)
        scores = X @ fit.w + fit.b
        np.testing.assert_allclose(nt.sigmoid(scores), lr.predict_proba(X)[:, 1], atol=1e-7)


def test_logistic_regression_c_is_one_over_two_lambda_for_the_penalty_lambda_w_squared(sklearn):
    # the regularisation entry: C Σℓ + ½‖w‖² has the minimiser of Σℓ + λ‖w‖² when C = 1/(2λ)
    local = np.random.default_rng(17)  # its own generator: the module's rng feeds the tests below
    X = local.normal(size=(40, 2))
    y = (X @ [1.0, -1.5] + local.normal(size=40) > 0).astype(int)
    lam = 10.0
    lr = sklearn.linear_model.LogisticRegression(C=1 / (2 * lam), tol=1e-12, max_iter=100_000).fit(X, y)

    def objective(theta):  # Σℓ + λ‖w‖², the penalty as the regularisation entry writes it
        s = X @ theta[:2] + theta[2]
        return np.sum(np.logaddexp(0, s) - y * s) + lam * theta[:2] @ theta[:2]

    theta = np.r_[lr.coef_[0], lr.intercept_[0]]
    h = 1e-6
    for k in range(3):
        e = np.eye(3)[k] * h
        assert abs(objective(theta + e) - objective(theta - e)) / (2 * h) < 1e-5
    other = sklearn.linear_model.LogisticRegression(C=1 / lam, tol=1e-12, max_iter=100_000).fit(X, y)
    assert not np.allclose(other.coef_, lr.coef_, atol=1e-3)  # C = 1/λ would be the penalty (λ/2)‖w‖²


def test_the_logistic_regression_entry_example_matches_scikit_learn(sklearn):
    hours = np.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0])[:, None]
    passed = np.array([0, 0, 0, 1, 0, 1, 0, 1, 1, 1])
    fit = nt.logistic_regression(hours, passed, lam=0.1)
    lr = sklearn.linear_model.LogisticRegression(C=10.0, tol=1e-12, max_iter=100_000).fit(hours, passed)
    assert fit.w[0] == pytest.approx(lr.coef_[0, 0], abs=1e-6) and fit.b == pytest.approx(lr.intercept_[0], abs=1e-6)


def test_hinge_loss_matches_sklearn_metrics(sklearn):
    y = rng.choice([-1, 1], 30)
    s = rng.normal(size=30) * 2
    assert float(nt.hinge_loss(s, y).mean()) == pytest.approx(sklearn.metrics.hinge_loss(y, s), abs=1e-14)


def test_svm_dual_matches_svc_for_linear_and_rbf_kernels(sklearn):
    own = np.random.default_rng(25)  # its own data, whatever the tests before it draw
    X = own.normal(size=(25, 2))
    y = np.where(X[:, 0] - 0.5 * X[:, 1] + 0.4 * own.normal(size=25) > 0, 1, -1)
    def primal(w, b, C):
        return 0.5 * w @ w + C * np.maximum(0, 1 - y * (X @ w + b)).sum()

    for C in (0.1, 1.0, 100.0):
        fit = nt.svm_fit(X @ X.T, y, C)
        w = (fit.alpha * y) @ X
        svc = sklearn.svm.SVC(kernel="linear", C=C, tol=1e-10).fit(X, y)
        # LIBSVM stops a little early at large C (its primal is ~6e-4 higher at C = 100 on these points)
        np.testing.assert_allclose(w, svc.coef_[0], rtol=1e-5, atol=1e-7)
        assert fit.b == pytest.approx(svc.intercept_[0], rel=3e-5, abs=1e-7)
        assert primal(w, fit.b, C) <= primal(svc.coef_[0], svc.intercept_[0], C) + 1e-9
        assert set(np.flatnonzero(fit.alpha > 1e-8)) == set(svc.support_)
    sigma = 0.9
    fit = nt.svm_fit(nt.rbf_kernel(X, sigma=sigma), y, 1.0)
    svc = sklearn.svm.SVC(kernel="rbf", gamma=1 / (2 * sigma**2), C=1.0, tol=1e-10).fit(X, y)
    Xq = rng.normal(size=(10, 2))
    f = nt.rbf_kernel(Xq, X, sigma=sigma) @ (fit.alpha * y) + fit.b
    np.testing.assert_allclose(f, svc.decision_function(Xq), atol=1e-6)


def test_the_svm_entry_example_matches_svc(sklearn):
    X = np.array([[1.0, 1.0], [2.0, 1.0], [1.0, 2.0], [2.5, 2.0], [3.0, 3.5], [4.0, 3.0], [3.5, 4.5], [2.0, 3.0]])
    y = np.array([-1, -1, -1, -1, 1, 1, 1, 1])
    for C in (100.0, 0.1):
        fit = nt.svm_fit(X @ X.T, y, C)
        svc = sklearn.svm.SVC(kernel="linear", C=C, tol=1e-10).fit(X, y)
        np.testing.assert_allclose((fit.alpha * y) @ X, svc.coef_[0], atol=1e-6)
        assert fit.b == pytest.approx(svc.intercept_[0], abs=1e-6)


def test_linear_svc_defaults_to_the_squared_hinge(sklearn):
    # the entry: LinearSVC minimises the squared hinge unless given loss="hinge"
    assert sklearn.svm.LinearSVC().loss == "squared_hinge"


def test_distances_match_cdist(scipy_distance):
    X, Y = rng.normal(size=(7, 3)), rng.normal(size=(5, 3))
    for ours, theirs in (("euclidean", "euclidean"), ("manhattan", "cityblock"), ("cosine", "cosine")):
        np.testing.assert_allclose(nt.pairwise_distances(X, Y, ours), scipy_distance.cdist(X, Y, theirs), atol=1e-12)
    np.testing.assert_allclose(nt.pairwise_sq_distances(X, Y), scipy_distance.cdist(X, Y, "sqeuclidean"), atol=1e-12)


def test_euclidean_distances_zeroes_the_diagonal_the_expansion_gets_wrong(sklearn):
    # the distance-metrics entry: with Y = X the expansion leaves D_ii > 0 near 1000, scikit-learn sets 0
    far = 1000 + np.random.default_rng(0).normal(size=(200, 5))
    assert np.diag(nt.pairwise_distances(far)).max() > 1e-6
    assert np.all(np.diag(sklearn.metrics.pairwise.euclidean_distances(far)) == 0)
    assert np.diag(sklearn.metrics.pairwise.euclidean_distances(far, far.copy())).max() > 1e-6  # only when Y is X


def test_kneighbors_classifier_builds_a_tree_by_default_on_low_dimensional_data(sklearn):
    # the distance-metrics entry: algorithm="auto" need not compute a whole row of D per query
    _import("sklearn.neighbors")
    local = np.random.default_rng(3)
    Z = local.normal(size=(200, 2))
    knn = sklearn.neighbors.KNeighborsClassifier(n_neighbors=3).fit(Z, (Z[:, 0] > 0).astype(int))
    assert knn.algorithm == "auto" and knn._fit_method in ("kd_tree", "ball_tree")


def test_knn_matches_kneighbors_classifier(sklearn):
    _import("sklearn.neighbors")
    X = rng.normal(size=(30, 2))
    y = (X[:, 0] > 0).astype(int)
    Xq = rng.normal(size=(15, 2))
    knn = sklearn.neighbors.KNeighborsClassifier(n_neighbors=3).fit(X, y)
    assert nt.knn_predict(X, y, Xq, k=3).tolist() == knn.predict(Xq).tolist()


def test_rbf_gamma_is_one_over_two_sigma_squared_and_the_polynomial_kernel(sklearn):
    pairwise = sklearn.metrics.pairwise
    X, Y = rng.normal(size=(6, 3)), rng.normal(size=(4, 3))
    for sigma in (0.5, 1.0, 3.0):
        np.testing.assert_allclose(nt.rbf_kernel(X, Y, sigma), pairwise.rbf_kernel(X, Y, gamma=1 / (2 * sigma**2)), atol=1e-14)
    # rbf_kernel's default gamma is 1/d: σ² = d/2
    np.testing.assert_allclose(pairwise.rbf_kernel(X, Y), nt.rbf_kernel(X, Y, sigma=np.sqrt(3 / 2)), atol=1e-14)
    np.testing.assert_allclose(nt.polynomial_kernel(X, Y, 3, 1.0), pairwise.polynomial_kernel(X, Y, degree=3, gamma=1.0, coef0=1.0), atol=1e-12)


def test_gaussian_process_regressor_adds_a_jitter_of_1e_10_to_the_diagonal_by_default(sklearn):
    # the kernels entry: alpha, "Value added to the diagonal of the kernel matrix during fitting"
    gp = _import("sklearn.gaussian_process")
    assert gp.GaussianProcessRegressor().alpha == 1e-10
    x = np.linspace(0, 1, 50)[:, None]
    y = np.sin(3 * x[:, 0])
    fit = gp.GaussianProcessRegressor(kernel=gp.kernels.RBF(1.0), optimizer=None).fit(x, y)
    K = nt.rbf_kernel(x, sigma=1.0) + 1e-10 * np.eye(50)
    np.testing.assert_allclose(fit.L_ @ fit.L_.T, K, atol=1e-12)  # the Cholesky factor of K + 1e-10 I


def test_kmeans_objective_is_inertia_for_the_same_centres(sklearn):
    X = np.array([[1.0, 1.0], [1.5, 2.0], [2.0, 1.0], [1.0, 1.5], [5.0, 5.0], [6.0, 5.5], [5.5, 6.0], [9.0, 1.0], [9.5, 2.0], [8.5, 1.5]])
    run = nt.kmeans(X, X[:3])  # the entry's example
    km = sklearn.cluster.KMeans(n_clusters=3, init=run.centres, n_init=1, max_iter=300).fit(X)
    np.testing.assert_allclose(km.cluster_centers_, run.centres, atol=1e-12)
    assert km.inertia_ == pytest.approx(run.objectives[-1], rel=1e-12)
    assert km.labels_.tolist() == run.labels.tolist()
    assert -km.score(X) == pytest.approx(nt.kmeans_objective(X, run.centres), rel=1e-12)
    # from the same start, Lloyd's algorithm ends where scikit-learn's does
    Z = rng.normal(size=(60, 2)) + np.repeat([[0, 0], [3, 0], [0, 3]], 20, axis=0)
    run = nt.kmeans(Z, Z[[0, 20, 40]])
    km = sklearn.cluster.KMeans(n_clusters=3, init=Z[[0, 20, 40]], n_init=1, algorithm="lloyd", tol=0).fit(Z)
    assert km.inertia_ == pytest.approx(run.objectives[-1], rel=1e-10)


def test_kmeans_runs_k_means_plus_plus_once_by_default_and_n_init_10_keeps_the_best_of_ten(sklearn):
    # the k-means entry: n_init="auto" means one run with init="k-means++" (the default since 1.4)
    Z = np.random.default_rng(7).normal(size=(60, 2)) + np.repeat([[0, 0], [3, 0], [0, 3], [3, 3], [6, 0], [6, 3]], 10, axis=0)
    assert sklearn.cluster.KMeans().n_init == "auto"
    better = 0
    for seed in range(8):
        default = sklearn.cluster.KMeans(n_clusters=6, random_state=seed).fit(Z).inertia_
        once = sklearn.cluster.KMeans(n_clusters=6, n_init=1, random_state=seed).fit(Z).inertia_
        ten = sklearn.cluster.KMeans(n_clusters=6, n_init=10, random_state=seed).fit(Z).inertia_
        assert default == once and ten <= once
        better += ten < once
    assert better > 0  # ten runs do find a lower objective than one, on some seeds


def test_pca_matches_sklearn_up_to_sign(sklearn):
    X = rng.normal(size=(30, 4)) @ rng.normal(size=(4, 4))
    fit = nt.pca(X, 3)
    sk = sklearn.decomposition.PCA(n_components=3).fit(X)
    np.testing.assert_allclose(fit.explained_variance, sk.explained_variance_, rtol=1e-10)
    np.testing.assert_allclose(fit.explained_variance_ratio, sk.explained_variance_ratio_, rtol=1e-10)
    signs = np.sign(np.sum(fit.components.T * sk.components_, axis=1))
    assert np.all(np.abs(signs) == 1)
    np.testing.assert_allclose(fit.components.T, signs[:, None] * sk.components_, atol=1e-10)
    np.testing.assert_allclose(fit.scores, sk.transform(X) * signs, atol=1e-10)


def test_gmm_log_likelihood_and_responsibilities_match_gaussian_mixture(sklearn):
    X = np.vstack([rng.normal(size=(12, 2)), rng.normal(size=(12, 2)) + [4.0, 1.0]])
    weights = np.array([0.4, 0.6])
    means = np.array([[0.0, 0.0], [4.0, 1.0]])
    covs = np.array([[[1.0, 0.3], [0.3, 0.8]], [[1.5, -0.2], [-0.2, 0.6]]])
    gm = sklearn.mixture.GaussianMixture(n_components=2, covariance_type="full")
    gm.weights_, gm.means_, gm.covariances_ = weights, means, covs
    gm.precisions_cholesky_ = np.array([np.linalg.cholesky(np.linalg.inv(S)) for S in covs])
    assert nt.gmm_log_likelihood(X, weights, means, covs) / len(X) == pytest.approx(gm.score(X), rel=1e-12)
    np.testing.assert_allclose(nt.gmm_responsibilities(X, weights, means, covs), gm.predict_proba(X), atol=1e-12)
    stats = _import("scipy.stats")
    np.testing.assert_allclose(nt.gaussian_log_pdf(X, means[1], covs[1]), stats.multivariate_normal(means[1], covs[1]).logpdf(X), atol=1e-12)


def test_em_reaches_the_fit_gaussian_mixture_finds_from_the_same_start(sklearn):
    X = np.array([[0.0, 0.2], [0.5, -0.3], [1.0, 0.4], [0.3, 1.0], [-0.4, 0.5], [4.0, 3.5], [4.6, 4.2], [5.1, 3.6], [4.4, 2.9], [2.2, 2.0]])
    params = (np.array([0.5, 0.5]), np.array([[2.0, 2.0], [3.0, 3.0]]), np.array([np.eye(2), np.eye(2)]))
    for _ in range(200):
        params = nt.gmm_em_step(X, *params, reg=1e-6)
    gm = sklearn.mixture.GaussianMixture(
        n_components=2, weights_init=[0.5, 0.5], means_init=[[2.0, 2.0], [3.0, 3.0]], precisions_init=[np.eye(2), np.eye(2)],
        tol=1e-14, max_iter=1000,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        gm.fit(X)
    # scikit-learn starts with an M step from the given parameters' responsibilities, as gmm_em_step does
    np.testing.assert_allclose(params.weights, gm.weights_, atol=1e-6)
    np.testing.assert_allclose(params.means, gm.means_, atol=1e-6)
    assert nt.gmm_log_likelihood(X, *params) / len(X) == pytest.approx(gm.score(X), abs=1e-6)


def test_precision_recall_f1_and_averages_match_sklearn_metrics(sklearn):
    m = sklearn.metrics
    y = rng.integers(0, 2, 60)
    p = rng.integers(0, 2, 60)
    P, R, F = nt.precision_recall_f1(y, p)
    assert (P, R, F) == pytest.approx((m.precision_score(y, p), m.recall_score(y, p), m.f1_score(y, p)))
    c = nt.confusion_counts(y, p)
    assert m.confusion_matrix(y, p).ravel().tolist() == [c.tn, c.fp, c.fn, c.tp]
    y3, p3 = rng.integers(0, 3, 50), rng.integers(0, 3, 50)
    for average in ("macro", "micro"):
        assert nt.f1_average(y3, p3, average) == pytest.approx(m.f1_score(y3, p3, average=average))
    # the entry's imbalanced example: no positive prediction gives 0 (with a warning) in both
    y = np.array([1] * 5 + [0] * 95)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert m.precision_score(y, np.zeros(100, int)) == nt.precision_recall_f1(y, np.zeros(100))[0] == 0.0


def test_roc_curve_and_auc_match_sklearn_metrics(sklearn):
    m = sklearn.metrics
    s = np.round(rng.normal(size=50), 1)
    y = (s + rng.normal(size=50) > 0).astype(int)
    fpr, tpr, thr = nt.roc_curve(s, y)
    sk_fpr, sk_tpr, sk_thr = m.roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(fpr, sk_fpr)
    np.testing.assert_allclose(tpr, sk_tpr)
    np.testing.assert_array_equal(thr, sk_thr)  # the first threshold is +inf in scikit-learn too
    assert nt.auc_pairs(s, y) == pytest.approx(m.roc_auc_score(y, s))
    assert nt.auc_trapezoid(fpr, tpr) == pytest.approx(m.auc(sk_fpr, sk_tpr))


def test_roc_curve_drops_collinear_corners_by_default(sklearn):
    # the roc-auc entry: drop_intermediate=True by default returns fewer thresholds than the sweep
    scores = np.array([0.95, 0.85, 0.80, 0.70, 0.55, 0.50, 0.40, 0.30, 0.20, 0.10])
    y = np.array([1, 1, 0, 1, 1, 0, 0, 1, 0, 0])
    fpr, tpr, thr = nt.roc_curve(scores, y)
    every = sklearn.metrics.roc_curve(y, scores, drop_intermediate=False)
    default = sklearn.metrics.roc_curve(y, scores)
    np.testing.assert_array_equal(every[2], thr)
    assert len(default[2]) < len(thr) and default[2][0] == np.inf
    assert set(default[2]) < set(thr)  # the kept corners are the sweep's, with the same area
    assert sklearn.metrics.auc(default[0], default[1]) == pytest.approx(nt.auc_trapezoid(fpr, tpr))


def test_the_best_split_and_its_impurities_match_a_decision_stump(sklearn):
    temperature = np.array([12.0, 14.0, 15.0, 18.0, 20.0, 21.0, 23.0, 25.0, 27.0, 30.0])
    played = np.array([0, 0, 0, 1, 1, 1, 0, 1, 1, 1])
    for criterion, impurity in (("gini", nt.gini_impurity), ("entropy", lambda c: nt.entropy_impurity(c, base=2))):
        stump = sklearn.tree.DecisionTreeClassifier(max_depth=1, criterion=criterion, random_state=0).fit(temperature[:, None], played)
        t, gain = nt.best_threshold_split(temperature, played, "gini" if criterion == "gini" else "entropy")
        assert stump.tree_.threshold[0] == pytest.approx(t)
        assert stump.tree_.impurity[0] == pytest.approx(impurity(np.bincount(played)))  # scikit-learn's entropy is in bits
        left, right = stump.tree_.children_left[0], stump.tree_.children_right[0]
        n = stump.tree_.n_node_samples
        weighted = (n[left] * stump.tree_.impurity[left] + n[right] * stump.tree_.impurity[right]) / n[0]
        base = None if criterion == "gini" else 2
        parent, kids = np.bincount(played), [np.bincount(played[temperature <= t], minlength=2), np.bincount(played[temperature > t], minlength=2)]
        ig = nt.information_gain(parent, kids, "gini" if criterion == "gini" else "entropy", base=base)
        assert stump.tree_.impurity[0] - weighted == pytest.approx(ig)
