"""Classical machine learning on small tables: least squares, ridge and lasso, logistic
regression, the support vector machine, distances and kernels, k-means, PCA, Gaussian
mixtures fitted by EM, and the bias–variance decomposition by simulation.

Data follow the site's convention: one example per row, ``X ∈ ℝ^{N×d}``, targets ``y`` of
length ``N``, weights ``w`` of length ``d`` (a ``d × 1`` weight matrix, so ``ŷ = Xw + b``).
Everything computes in float64 whatever comes in: these are fits, iterated or solved, not
element-wise maps. Fits return plain NumPy values and take no random state unless they draw.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = [
    "ridge_regression",
    "least_squares",
    "soft_threshold",
    "lasso_regression",
    "LogisticFit",
    "logistic_regression",
    "hinge_loss",
    "logistic_margin_loss",
    "SVMFit",
    "svm_fit",
    "pairwise_sq_distances",
    "pairwise_distances",
    "knn_predict",
    "rbf_kernel",
    "polynomial_kernel",
    "quadratic_features",
    "kmeans_assign",
    "kmeans_update",
    "kmeans_objective",
    "KMeansRun",
    "kmeans",
    "PCAFit",
    "pca",
    "gaussian_log_pdf",
    "gmm_log_likelihood",
    "gmm_responsibilities",
    "GMMParams",
    "gmm_em_step",
    "polynomial_fit",
    "polynomial_predict",
    "bias_variance",
]


def _data(X: ArrayLike, y: ArrayLike | None = None) -> tuple[FloatArray, FloatArray | None]:
    X_ = as_float_array(X, "X").astype(np.float64)
    if X_.ndim != 2 or X_.shape[0] == 0:
        raise ValueError(f"X must be a non-empty N × d matrix, got shape {X_.shape}")
    if y is None:
        return X_, None
    y_ = as_float_array(y, "y").astype(np.float64)
    if y_.shape != (X_.shape[0],):
        raise ValueError(f"y must have one value per row of X, shape ({X_.shape[0]},), got {y_.shape}")
    return X_, y_


def _centred(X: ArrayLike, y: ArrayLike, lam: float, fit_intercept: bool) -> tuple[FloatArray, FloatArray, FloatArray, float]:
    """X and y less their means (none without an intercept), and the means: a penalised fit
    solves for the weights on centred data and gets the intercept back from the means."""
    X_, y_ = _data(X, y)
    if lam < 0:
        raise ValueError(f"lam must be >= 0, got {lam}")
    x_mean = X_.mean(axis=0) if fit_intercept else np.zeros(X_.shape[1])
    y_mean = float(y_.mean()) if fit_intercept else 0.0
    return X_ - x_mean, y_ - y_mean, x_mean, y_mean


# ---------------------------------------------------------------- regression


def ridge_regression(X: ArrayLike, y: ArrayLike, lam: float, fit_intercept: bool = True) -> tuple[FloatArray, float]:
    """``min_{w,b} ‖y − Xw − b‖₂² + λ‖w‖₂²``: returns ``(w, b)``, the bias unpenalised.

    Solves ``(XᵀX + λI) w = Xᵀy`` on centred data (never forming an inverse), then
    ``b = ȳ − x̄w``; this is the objective of ``sklearn.linear_model.Ridge(alpha=λ)``.

    >>> w, b = ridge_regression([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], lam=0.0)
    >>> w.round(6).tolist(), round(b, 6)
    ([2.0], 1.0)
    >>> ridge_regression([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], lam=2.0)[0].round(6).tolist()  # 2 shrunk to 2·2/(2+2)
    [1.0]
    """
    Xc, yc, x_mean, y_mean = _centred(X, y, lam, fit_intercept)
    gram = Xc.T @ Xc + lam * np.eye(Xc.shape[1])
    if np.linalg.matrix_rank(gram) < gram.shape[0]:
        raise ValueError("XᵀX is singular (collinear or too few examples): use lam > 0 or np.linalg.lstsq")
    w = np.linalg.solve(gram, Xc.T @ yc)
    return w, y_mean - float(x_mean @ w)


def least_squares(X: ArrayLike, y: ArrayLike, fit_intercept: bool = True) -> tuple[FloatArray, float]:
    """Ordinary least squares, ``min_{w,b} ‖y − Xw − b‖₂²``: the normal equations ``XᵀXw = Xᵀy``, solved.

    >>> w, b = least_squares([[1.0], [2.0], [3.0], [4.0]], [3.0, 5.0, 6.0, 9.0])
    >>> w.round(4).tolist(), round(b, 4)
    ([1.9], 1.0)
    """
    return ridge_regression(X, y, 0.0, fit_intercept)


def soft_threshold(z: ArrayLike, t: float) -> FloatArray:
    """``sign(z) max(|z| − t, 0)``: the step that sets small lasso weights to exactly zero.

    >>> soft_threshold([-3.0, -0.5, 0.2, 2.0], 1.0).tolist()
    [-2.0, -0.0, 0.0, 1.0]
    """
    arr = as_float_array(z, "z")
    if t < 0:
        raise ValueError(f"t must be >= 0, got {t}")
    return np.sign(arr) * np.maximum(np.abs(arr) - t, 0)


def lasso_regression(
    X: ArrayLike, y: ArrayLike, lam: float, fit_intercept: bool = True, tol: float = 1e-12, max_sweeps: int = 100_000
) -> tuple[FloatArray, float]:
    """``min_{w,b} ‖y − Xw − b‖₂² + λ‖w‖₁`` by cyclic coordinate descent: returns ``(w, b)``.

    Each coordinate is set to its exact minimiser, ``w_j = S(x_jᵀr_j, λ/2) / ‖x_j‖²`` with ``S``
    the :func:`soft_threshold` and ``r_j`` the residual without feature ``j``. scikit-learn's
    ``Lasso`` divides the squared error by ``2N``: its ``alpha`` is ``λ / (2N)``.

    >>> lasso_regression([[0.0], [1.0], [2.0]], [1.0, 3.0, 5.0], lam=2.0)[0].round(6).tolist()  # 2 − (λ/2)/‖x_c‖²
    [1.5]
    """
    Xc, yc, x_mean, y_mean = _centred(X, y, lam, fit_intercept)
    col_sq = (Xc**2).sum(axis=0)
    w = np.zeros(Xc.shape[1])
    residual = yc.copy()
    for _ in range(max_sweeps):
        largest = 0.0
        for j in np.flatnonzero(col_sq > 0):
            rho = Xc[:, j] @ residual + col_sq[j] * w[j]
            new = float(soft_threshold(rho, lam / 2)) / col_sq[j]
            residual -= Xc[:, j] * (new - w[j])
            largest = max(largest, abs(new - w[j]))
            w[j] = new
        if largest <= tol * max(1.0, np.abs(w).max()):
            return w, y_mean - float(x_mean @ w)
    raise RuntimeError(f"coordinate descent did not converge in {max_sweeps} sweeps")


# ---------------------------------------------------------------- logistic regression and the SVM


class LogisticFit(NamedTuple):
    w: FloatArray
    b: float
    steps: int


def logistic_regression(X: ArrayLike, y: ArrayLike, lam: float, tol: float = 1e-12, max_steps: int = 100) -> LogisticFit:
    """``min_{w,b} Σ_i BCE(y_i, σ(x_i w + b)) + (λ/2)‖w‖₂²`` with labels in {0, 1}, by Newton's method.

    The loss is summed, not averaged, and the bias is not penalised: this is the objective of
    ``sklearn.linear_model.LogisticRegression(C=1/λ)``. ``λ > 0`` keeps the minimum finite when
    the classes can be separated.

    >>> fit = logistic_regression([[-1.0], [0.0], [0.0], [1.0]], [0, 0, 1, 1], lam=1.0)
    >>> round(float(fit.w[0]), 4), round(fit.b, 4)  # the root of w = 2σ(−w); b = 0 by symmetry
    (0.6748, 0.0)
    """
    from notation.activations import sigmoid

    X_, y_ = _data(X, y)
    if not np.all((y_ == 0) | (y_ == 1)):
        raise ValueError("y must hold 0/1 labels")
    if lam <= 0:
        raise ValueError(f"lam must be > 0 (without a penalty separable classes have no finite minimum), got {lam}")
    N, d = X_.shape
    A = np.hstack([X_, np.ones((N, 1))])  # the bias as a last weight, left out of the penalty
    penalty = lam * np.diag([1.0] * d + [0.0])
    theta = np.zeros(d + 1)
    for step in range(1, max_steps + 1):
        p = sigmoid(A @ theta)
        grad = A.T @ (p - y_) + penalty @ theta
        hess = (A.T * (p * (1 - p))) @ A + penalty
        delta = np.linalg.solve(hess, grad)
        theta -= delta
        if np.abs(delta).max() <= tol * max(1.0, np.abs(theta).max()):
            return LogisticFit(theta[:d], float(theta[d]), step)
    raise RuntimeError(f"Newton's method did not converge in {max_steps} steps")


def _pm1(y: ArrayLike) -> FloatArray:
    y_ = as_float_array(y, "y").astype(np.float64)
    if not np.all((y_ == -1) | (y_ == 1)):
        raise ValueError("y must hold −1/+1 labels (map 0/1 labels with 2y − 1)")
    return y_


def hinge_loss(scores: ArrayLike, y: ArrayLike) -> FloatArray:
    """``max(0, 1 − y f(x))`` per example, labels ``y ∈ {−1, +1}`` and raw scores ``f(x)``.

    >>> hinge_loss([2.0, 0.5, -1.0], [1, 1, 1]).tolist()  # beyond the margin, inside it, wrong side
    [0.0, 0.5, 2.0]
    """
    f = as_float_array(scores, "scores").astype(np.float64)
    y_ = _pm1(y)
    if f.shape != y_.shape:
        raise ValueError(f"scores and y must have one shape, got {f.shape} and {y_.shape}")
    return np.maximum(0.0, 1.0 - y_ * f)


def logistic_margin_loss(scores: ArrayLike, y: ArrayLike) -> FloatArray:
    """``log(1 + e^{−y f(x)})`` per example, ``y ∈ {−1, +1}``: binary cross-entropy written on the margin.

    >>> logistic_margin_loss([0.0], [1]).round(4).tolist()  # log 2
    [0.6931]
    """
    f = as_float_array(scores, "scores").astype(np.float64)
    y_ = _pm1(y)
    if f.shape != y_.shape:
        raise ValueError(f"scores and y must have one shape, got {f.shape} and {y_.shape}")
    m = y_ * f
    return np.maximum(-m, 0) + np.log1p(np.exp(-np.abs(m)))


class SVMFit(NamedTuple):
    alpha: FloatArray
    b: float
    steps: int


def svm_fit(K: ArrayLike, y: ArrayLike, C: float, tol: float = 1e-10, max_steps: int = 1_000_000) -> SVMFit:
    """The soft-margin SVM's dual, ``min_α ½ Σ_ij α_i α_j y_i y_j K_ij − Σ_i α_i`` over ``0 ≤ α_i ≤ C``,
    ``Σ_i α_i y_i = 0``, by pairwise steps on the most violating pair (SMO, as LIBSVM chooses).

    ``K`` is the ``N × N`` Gram matrix (``X Xᵀ`` for a linear SVM), ``y ∈ {−1, +1}``. The
    scores are ``f(x) = Σ_i α_i y_i k(x_i, x) + b``; for a linear kernel ``w = Σ_i α_i y_i x_i``.
    The examples with ``α_i > 0`` are the support vectors.

    >>> X = np.array([[0.0], [2.0]])
    >>> fit = svm_fit(X @ X.T, [-1, 1], C=10.0)
    >>> fit.alpha.round(6).tolist(), round(fit.b, 6)  # w = 0.5·2 = 1, b = −1: the margin 2/‖w‖ is the gap, 2
    ([0.5, 0.5], -1.0)
    """
    K_ = as_float_array(K, "K").astype(np.float64)
    y_ = _pm1(y)
    n = y_.size
    if K_.shape != (n, n):
        raise ValueError(f"K must be N × N = {n} × {n}, got {K_.shape}")
    if C <= 0:
        raise ValueError(f"C must be > 0, got {C}")
    Q = np.outer(y_, y_) * K_
    alpha = np.zeros(n)
    grad = -np.ones(n)  # ∇ of ½αᵀQα − Σα
    for step in range(max_steps):
        up = ((y_ > 0) & (alpha < C)) | ((y_ < 0) & (alpha > 0))
        low = ((y_ > 0) & (alpha > 0)) | ((y_ < 0) & (alpha < C))
        score = -y_ * grad
        i = int(np.flatnonzero(up)[np.argmax(score[up])])
        j = int(np.flatnonzero(low)[np.argmin(score[low])])
        if score[i] - score[j] <= tol:
            free = (alpha > tol) & (alpha < C - tol)
            b = float(score[free].mean()) if free.any() else float((score[i] + score[j]) / 2)
            return SVMFit(alpha, b, step)
        # move α_i by t·y_i and α_j by −t·y_j: Σ α y stays 0
        curvature = max(K_[i, i] + K_[j, j] - 2 * K_[i, j], 1e-12)
        t = (score[i] - score[j]) / curvature
        t = min(t, C - alpha[i] if y_[i] > 0 else alpha[i], alpha[j] if y_[j] > 0 else C - alpha[j])
        alpha[i] += t * y_[i]
        alpha[j] -= t * y_[j]
        grad += t * (y_[i] * Q[:, i] - y_[j] * Q[:, j])
    raise RuntimeError(f"SMO did not converge in {max_steps} steps")


# ---------------------------------------------------------------- distances and kernels


def _pair_of_tables(X: ArrayLike, Y: ArrayLike | None) -> tuple[FloatArray, FloatArray]:
    X_, _ = _data(X)
    Y_ = X_ if Y is None else _data(Y)[0]
    if X_.shape[1] != Y_.shape[1]:
        raise ValueError(f"X and Y must have the same number of columns, got {X_.shape[1]} and {Y_.shape[1]}")
    return X_, Y_


def pairwise_sq_distances(X: ArrayLike, Y: ArrayLike | None = None) -> FloatArray:
    """``D²_{ij} = ‖x_i‖² − 2 x_i y_jᵀ + ‖y_j‖²``: every squared Euclidean distance with one matrix product.

    Rounding, of order ε‖x‖², goes either way where two rows nearly coincide: a negative is
    clipped to 0, a positive stays (for rows near 1000 the diagonal is not exactly 0).

    >>> pairwise_sq_distances([[0.0, 0.0], [3.0, 4.0]]).tolist()
    [[0.0, 25.0], [25.0, 0.0]]
    """
    X_, Y_ = _pair_of_tables(X, Y)
    d2 = (X_**2).sum(axis=1)[:, None] - 2 * X_ @ Y_.T + (Y_**2).sum(axis=1)[None, :]
    return np.maximum(d2, 0.0)


def pairwise_distances(X: ArrayLike, Y: ArrayLike | None = None, metric: str = "euclidean") -> FloatArray:
    """``D_{ij}`` between the rows of ``X`` and of ``Y``: ``euclidean`` ‖x − y‖₂, ``manhattan``
    ‖x − y‖₁ or ``cosine`` 1 − cos(x, y).

    >>> pairwise_distances([[0.0, 0.0]], [[3.0, 4.0]], "manhattan").tolist()
    [[7.0]]
    """
    X_, Y_ = _pair_of_tables(X, Y)
    if metric == "euclidean":
        return np.sqrt(pairwise_sq_distances(X_, Y_))
    if metric == "manhattan":
        return np.abs(X_[:, None, :] - Y_[None, :, :]).sum(axis=-1)
    if metric == "cosine":
        nx, ny = np.linalg.norm(X_, axis=1), np.linalg.norm(Y_, axis=1)
        if np.any(nx == 0) or np.any(ny == 0):
            raise ValueError("the cosine distance is undefined for a zero row")
        return 1.0 - (X_ @ Y_.T) / np.outer(nx, ny)
    raise ValueError(f"metric must be 'euclidean', 'manhattan' or 'cosine', got {metric!r}")


def knn_predict(X_train: ArrayLike, y_train: ArrayLike, X_query: ArrayLike, k: int, metric: str = "euclidean") -> np.ndarray:
    """The majority label among the ``k`` nearest training rows of each query (ties: the smallest label;
    equally distant neighbours: the earlier row).

    >>> knn_predict([[0.0], [1.0], [5.0]], [0, 0, 1], [[0.4], [4.0]], k=1).tolist()
    [0, 1]
    """
    labels = np.asarray(y_train)
    D = pairwise_distances(X_query, X_train, metric)
    if labels.shape != (D.shape[1],):
        raise ValueError(f"y_train must have one label per training row, got shape {labels.shape}")
    if not 1 <= k <= D.shape[1]:
        raise ValueError(f"k must be in 1..{D.shape[1]}, got {k}")
    nearest = np.argsort(D, axis=1, kind="stable")[:, :k]
    out = []
    for row in labels[nearest]:
        values, counts = np.unique(row, return_counts=True)
        out.append(values[np.argmax(counts)])
    return np.array(out)


def rbf_kernel(X: ArrayLike, Y: ArrayLike | None = None, sigma: float = 1.0) -> FloatArray:
    """The Gaussian (RBF) kernel ``K_{ij} = exp(−‖x_i − y_j‖² / (2σ²))``; scikit-learn's ``gamma`` is ``1/(2σ²)``.

    >>> rbf_kernel([[0.0], [1.0]], sigma=1.0).round(4).tolist()
    [[1.0, 0.6065], [0.6065, 1.0]]
    """
    if sigma <= 0:
        raise ValueError(f"sigma must be > 0, got {sigma}")
    return np.exp(-pairwise_sq_distances(X, Y) / (2 * sigma**2))


def polynomial_kernel(X: ArrayLike, Y: ArrayLike | None = None, degree: int = 2, c: float = 0.0) -> FloatArray:
    """``K_{ij} = (x_i · y_j + c)^degree``.

    >>> polynomial_kernel([[1.0, 2.0]], [[3.0, 1.0]]).tolist()  # (3 + 2)²
    [[25.0]]
    """
    X_, Y_ = _pair_of_tables(X, Y)
    if degree < 1 or int(degree) != degree:
        raise ValueError(f"degree must be a positive integer, got {degree}")
    return (X_ @ Y_.T + c) ** degree


def quadratic_features(X: ArrayLike) -> FloatArray:
    """``φ(x) = (x₁², √2 x₁x₂, x₂²)`` for two features: the map with ``φ(x) · φ(x′) = (x · x′)²``.

    >>> quadratic_features([[1.0, 2.0]]).round(4).tolist()
    [[1.0, 2.8284, 4.0]]
    """
    X_, _ = _data(X)
    if X_.shape[1] != 2:
        raise ValueError(f"quadratic_features takes two features, got {X_.shape[1]}")
    a, b = X_[:, 0], X_[:, 1]
    return np.column_stack([a**2, np.sqrt(2) * a * b, b**2])


# ---------------------------------------------------------------- k-means


def _centres(X: FloatArray, centres: ArrayLike) -> FloatArray:
    C = as_float_array(centres, "centres").astype(np.float64)
    if C.ndim != 2 or C.shape[1] != X.shape[1] or C.shape[0] == 0:
        raise ValueError(f"centres must be K × d with d = {X.shape[1]}, got shape {C.shape}")
    return C


def kmeans_assign(X: ArrayLike, centres: ArrayLike) -> np.ndarray:
    """The assignment step: ``c(i) = argmin_k ‖x^{(i)} − μ_k‖²``, labels counted from 0 (ties: the first centre).

    >>> kmeans_assign([[0.0], [1.0], [9.0]], [[0.0], [10.0]]).tolist()
    [0, 0, 1]
    """
    X_, _ = _data(X)
    return np.argmin(pairwise_sq_distances(X_, _centres(X_, centres)), axis=1)


def kmeans_update(X: ArrayLike, labels: ArrayLike, centres: ArrayLike) -> FloatArray:
    """The update step: each centre moves to the mean of its points (a centre with none stays put).

    >>> kmeans_update([[0.0], [1.0], [9.0]], [0, 0, 1], [[5.0], [5.0]]).tolist()
    [[0.5], [9.0]]
    """
    X_, _ = _data(X)
    C = _centres(X_, centres).copy()
    lab = np.asarray(labels)
    if lab.shape != (X_.shape[0],):
        raise ValueError(f"labels must have one entry per row of X, got shape {lab.shape}")
    for k in range(C.shape[0]):
        if np.any(lab == k):
            C[k] = X_[lab == k].mean(axis=0)
    return C


def kmeans_objective(X: ArrayLike, centres: ArrayLike, labels: ArrayLike | None = None) -> float:
    """``Σ_i ‖x^{(i)} − μ_{c(i)}‖²``, scikit-learn's ``inertia_``; without ``labels``, each point's nearest centre.

    >>> kmeans_objective([[0.0], [1.0], [9.0]], [[0.5], [9.0]])
    0.5
    """
    X_, _ = _data(X)
    C = _centres(X_, centres)
    lab = kmeans_assign(X_, C) if labels is None else np.asarray(labels)
    return float(((X_ - C[lab]) ** 2).sum())


class KMeansRun(NamedTuple):
    centres: FloatArray
    labels: np.ndarray
    objectives: list[float]
    """The objective after each half-step: assign, update, assign, update, ..."""


def kmeans(X: ArrayLike, init_centres: ArrayLike, max_steps: int = 100) -> KMeansRun:
    """Lloyd's algorithm from the given centres, until the labels stop changing.

    >>> run = kmeans([[0.0], [1.0], [8.0], [9.0]], [[0.0], [1.0]])
    >>> run.centres.tolist(), run.objectives
    ([[0.5], [8.5]], [113.0, 38.0, 14.0, 1.0])
    """
    X_, _ = _data(X)
    C = _centres(X_, init_centres)
    labels = kmeans_assign(X_, C)
    objectives = [kmeans_objective(X_, C, labels)]
    for _ in range(max_steps):
        C = kmeans_update(X_, labels, C)
        objectives.append(kmeans_objective(X_, C, labels))
        new = kmeans_assign(X_, C)
        if np.array_equal(new, labels):
            return KMeansRun(C, labels, objectives)
        labels = new
        objectives.append(kmeans_objective(X_, C, labels))
    raise RuntimeError(f"k-means did not settle in {max_steps} steps")


# ---------------------------------------------------------------- PCA


class PCAFit(NamedTuple):
    components: FloatArray
    """``W_k``, ``d × k``: the top ``k`` principal directions as columns."""
    explained_variance: FloatArray
    """``λ_1 ≥ … ≥ λ_k``, eigenvalues of the covariance matrix (``N − 1`` in the denominator)."""
    explained_variance_ratio: FloatArray
    """``λ_j / Σ_l λ_l`` over all ``d`` eigenvalues."""
    scores: FloatArray
    """``X̃ = (X − x̄) W_k``, ``N × k``."""
    mean: FloatArray


def pca(X: ArrayLike, k: int) -> PCAFit:
    """Principal component analysis by the SVD of the centred data, ``X − x̄ = UΣVᵀ``: ``W_k`` is the
    first ``k`` columns of ``V`` and ``λ_j = σ_j² / (N − 1)``.

    Each direction is defined only up to sign; here its largest entry in absolute value is made
    positive, so the result is reproducible.

    >>> fit = pca([[-1.0, -1.0], [0.0, 0.0], [1.0, 1.0]], k=1)
    >>> fit.components.round(4).tolist(), fit.explained_variance_ratio.round(4).tolist()
    ([[0.7071], [0.7071]], [1.0])
    """
    X_, _ = _data(X)
    N, d = X_.shape
    if not 1 <= k <= min(N, d):
        raise ValueError(f"k must be in 1..{min(N, d)}, got {k}")
    if N < 2:
        raise ValueError("PCA needs at least two examples")
    mean = X_.mean(axis=0)
    _, s, vt = np.linalg.svd(X_ - mean, full_matrices=False)
    V = vt.T[:, :k]
    signs = np.sign(V[np.argmax(np.abs(V), axis=0), np.arange(k)])
    V = V * signs
    variance = s**2 / (N - 1)
    return PCAFit(V, variance[:k], variance[:k] / variance.sum(), (X_ - mean) @ V, mean)


# ---------------------------------------------------------------- Gaussian mixtures


def gaussian_log_pdf(X: ArrayLike, mean: ArrayLike, cov: ArrayLike) -> FloatArray:
    """``log 𝒩(x; μ, Σ) = −½(d log 2π + log det Σ + (x − μ)Σ⁻¹(x − μ)ᵀ)`` for each row, by Cholesky.

    >>> gaussian_log_pdf([[0.0, 0.0]], [0.0, 0.0], np.eye(2)).round(4).tolist()  # −log 2π
    [-1.8379]
    """
    X_, _ = _data(X)
    mu = as_float_array(mean, "mean").astype(np.float64)
    S = as_float_array(cov, "cov").astype(np.float64)
    d = X_.shape[1]
    if mu.shape != (d,) or S.shape != (d, d):
        raise ValueError(f"mean must be ({d},) and cov {d} × {d}, got {mu.shape} and {S.shape}")
    try:
        L = np.linalg.cholesky(S)
    except np.linalg.LinAlgError:
        raise ValueError("cov must be symmetric positive definite") from None
    z = np.linalg.solve(L, (X_ - mu).T)  # L z = (x − μ)ᵀ, so ‖z‖² is the Mahalanobis term
    return -0.5 * (d * np.log(2 * np.pi) + 2 * np.log(np.diag(L)).sum() + (z**2).sum(axis=0))


def _mixture(X: ArrayLike, weights: ArrayLike, means: ArrayLike, covs: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """``log π_k + log 𝒩(x_i; μ_k, Σ_k)``, ``N × K``, and the data."""
    X_, _ = _data(X)
    pi = as_float_array(weights, "weights").astype(np.float64)
    mu = as_float_array(means, "means").astype(np.float64)
    S = as_float_array(covs, "covs").astype(np.float64)
    K, d = pi.size, X_.shape[1]
    if pi.ndim != 1 or mu.shape != (K, d) or S.shape != (K, d, d):
        raise ValueError(f"need weights (K,), means K × d, covs K × d × d with d = {d}; got {pi.shape}, {mu.shape}, {S.shape}")
    if np.any(pi <= 0) or abs(pi.sum() - 1) > 1e-9:
        raise ValueError("weights must be positive and sum to 1")
    return np.log(pi) + np.column_stack([gaussian_log_pdf(X_, mu[k], S[k]) for k in range(K)]), X_


def _logsumexp_rows(a: FloatArray) -> FloatArray:
    top = a.max(axis=1, keepdims=True)
    return (top + np.log(np.exp(a - top).sum(axis=1, keepdims=True)))[:, 0]


def gmm_log_likelihood(X: ArrayLike, weights: ArrayLike, means: ArrayLike, covs: ArrayLike) -> float:
    """``Σ_i log Σ_k π_k 𝒩(x_i; μ_k, Σ_k)``, summed over the rows (scikit-learn's ``score`` is this over ``N``).

    >>> round(gmm_log_likelihood([[0.0]], [0.5, 0.5], [[-1.0], [1.0]], [[[1.0]], [[1.0]]]), 4)  # log 𝒩(1; 0, 1)
    -1.4189
    """
    a, _ = _mixture(X, weights, means, covs)
    return float(_logsumexp_rows(a).sum())


def gmm_responsibilities(X: ArrayLike, weights: ArrayLike, means: ArrayLike, covs: ArrayLike) -> FloatArray:
    """The E step: ``γ_{ik} = π_k 𝒩(x_i; μ_k, Σ_k) / Σ_l π_l 𝒩(x_i; μ_l, Σ_l)``, ``N × K``, each row summing to 1.

    >>> gmm_responsibilities([[0.0], [1.0]], [0.5, 0.5], [[-1.0], [1.0]], [[[1.0]], [[1.0]]]).round(4).tolist()
    [[0.5, 0.5], [0.1192, 0.8808]]
    """
    a, _ = _mixture(X, weights, means, covs)
    return np.exp(a - _logsumexp_rows(a)[:, None])


class GMMParams(NamedTuple):
    weights: FloatArray
    means: FloatArray
    covs: FloatArray


def gmm_em_step(X: ArrayLike, weights: ArrayLike, means: ArrayLike, covs: ArrayLike, reg: float = 0.0) -> GMMParams:
    """One EM step: the E step's ``γ_{ik}``, then the M step ``N_k = Σ_i γ_{ik}``, ``π_k = N_k / N``,
    ``μ_k = Σ_i γ_{ik} x_i / N_k`` and ``Σ_k = Σ_i γ_{ik}(x_i − μ_k)ᵀ(x_i − μ_k) / N_k + reg·I``.

    >>> p = gmm_em_step([[0.0], [1.0], [9.0], [10.0]], [0.5, 0.5], [[0.0], [10.0]], [[[1.0]], [[1.0]]])
    >>> p.means.round(3).tolist()
    [[0.5], [9.5]]
    """
    gamma = gmm_responsibilities(X, weights, means, covs)
    X_, _ = _data(X)
    Nk = gamma.sum(axis=0)
    mu = (gamma.T @ X_) / Nk[:, None]
    covs_new = []
    for k in range(gamma.shape[1]):
        diff = X_ - mu[k]
        covs_new.append((gamma[:, k, None] * diff).T @ diff / Nk[k] + reg * np.eye(X_.shape[1]))
    return GMMParams(Nk / X_.shape[0], mu, np.array(covs_new))


# ---------------------------------------------------------------- bias and variance


def polynomial_fit(x: ArrayLike, y: ArrayLike, degree: int) -> FloatArray:
    """Least-squares coefficients ``c_0, …, c_degree`` of ``Σ_j c_j x^j`` (lowest power first).

    >>> polynomial_fit([0.0, 1.0, 2.0], [1.0, 2.0, 5.0], 2).round(6).tolist()  # 1 + x²
    [1.0, 0.0, 1.0]
    """
    x_ = as_float_array(x, "x").astype(np.float64)
    y_ = as_float_array(y, "y").astype(np.float64)
    if x_.ndim != 1 or y_.shape != x_.shape:
        raise ValueError(f"x and y must be vectors of one length, got {x_.shape} and {y_.shape}")
    if degree < 0 or degree >= x_.size:
        raise ValueError(f"degree must be in 0..{x_.size - 1} for {x_.size} points, got {degree}")
    V = np.vander(x_, degree + 1, increasing=True)
    coef, *_ = np.linalg.lstsq(V, y_, rcond=None)
    return coef


def polynomial_predict(coef: ArrayLike, x: ArrayLike) -> FloatArray:
    """``Σ_j c_j x^j`` at each ``x`` (coefficients lowest power first, as :func:`polynomial_fit` gives).

    >>> polynomial_predict([1.0, 0.0, 1.0], [3.0]).tolist()
    [10.0]
    """
    c = as_float_array(coef, "coef").astype(np.float64)
    x_ = as_float_array(x, "x").astype(np.float64)
    return np.vander(np.atleast_1d(x_), c.size, increasing=True) @ c


def bias_variance(predictions: ArrayLike, truth: ArrayLike) -> tuple[float, float]:
    """``(Bias², Var)`` of predictions from many training sets, averaged over the test points.

    ``predictions`` is ``T × M``: row ``t`` the fit on training set ``t``, at ``M`` test points
    where the true function is ``truth``. ``Bias² = mean_x (𝔼[f̂(x)] − f(x))²``, ``Var =
    mean_x 𝔼[(f̂(x) − 𝔼[f̂(x)])²]``, with ``𝔼`` the average over the ``T`` training sets.

    >>> bias_variance([[1.0, 2.0], [3.0, 2.0]], [1.0, 2.0])
    (0.5, 0.5)
    """
    P = as_float_array(predictions, "predictions").astype(np.float64)
    f = as_float_array(truth, "truth").astype(np.float64)
    if P.ndim != 2 or f.shape != (P.shape[1],):
        raise ValueError(f"predictions must be T × M and truth (M,), got {P.shape} and {f.shape}")
    mean = P.mean(axis=0)
    return float(((mean - f) ** 2).mean()), float(((P - mean) ** 2).mean())
