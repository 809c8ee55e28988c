"""Square-matrix quantities, decompositions and second moments: trace, determinant, inverse,
eigenvalues, the SVD and its best low-rank approximation, outer and Kronecker products,
positive definiteness, covariance and correlation.

Thin, checked wrappers over ``np.linalg``: they refuse the wrong shape with a message
that says which rule failed (a trace needs a square matrix, a singular matrix has no
inverse) instead of returning a silent NaN or a meaningless number. Data matrices follow
the site's convention: one example per row, ``X ∈ ℝ^{N×d}``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = [
    "hilbert_matrix",
    "trace",
    "determinant",
    "polygon_area",
    "inverse",
    "solve",
    "condition_number",
    "diag",
    "Eigen",
    "eigenvalues",
    "symmetric_eigen",
    "singular_values",
    "spectral_norm",
    "power_iteration",
    "low_rank_approximation",
    "outer_product",
    "kronecker_product",
    "quadratic_form",
    "is_positive_definite",
    "covariance_matrix",
    "correlation",
]


def _matrix(a: ArrayLike, name: str = "a") -> FloatArray:
    arr = as_float_array(a, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a matrix (2 axes), got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite")
    return arr


def _square(a: ArrayLike, name: str = "a", what: str = "this") -> FloatArray:
    arr = _matrix(a, name)
    if arr.shape[0] != arr.shape[1] or arr.shape[0] == 0:
        raise ValueError(f"{what} needs a non-empty square matrix, got {name} of shape {arr.shape[0]} × {arr.shape[1]}")
    return arr


def _singular_check(arr: FloatArray, what: str) -> None:
    """Refuse a matrix whose numerical rank is below n: singular, or too ill-conditioned to tell."""
    n = arr.shape[0]
    rank = int(np.linalg.matrix_rank(arr))
    if rank < n:
        raise ValueError(
            f"the matrix is singular to working precision (numerical rank {rank} < {n}): {what}; "
            "it is singular, or too badly conditioned for float64 to tell it from a singular one"
        )


def hilbert_matrix(n: int) -> FloatArray:
    """The ``n × n`` Hilbert matrix ``H_ij = 1 / (i + j − 1)`` (1-based): invertible, yet so
    badly conditioned that it is the classic test of how a solver loses digits.

    >>> hilbert_matrix(3)[2].tolist() == [1 / 3, 1 / 4, 1 / 5]
    True
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n must be a positive integer, got {n!r}")
    i = np.arange(1, int(n) + 1, dtype=np.float64)
    return 1.0 / (i[:, None] + i[None, :] - 1.0)


def trace(a: ArrayLike) -> float:
    """``tr(A) = Σ_i A_ii``: the sum of the diagonal of a square matrix.

    >>> trace([[1.0, 2.0], [3.0, 4.0]])
    5.0
    """
    return float(np.trace(_square(a, what="the trace")))


def determinant(a: ArrayLike) -> float:
    """``det(A)``, the factor by which ``A`` scales areas (volumes); 0 exactly when ``A`` is singular.

    The sign says whether ``A`` flips orientation. Computed by LU factorisation (``np.linalg.det``).

    >>> determinant([[2.0, 0.0], [0.0, 3.0]])
    6.0
    >>> determinant([[1.0, 2.0], [2.0, 4.0]])
    0.0
    """
    return float(np.linalg.det(_square(a, what="the determinant")))


def polygon_area(points: ArrayLike) -> float:
    """The signed area of a polygon whose corners ``points`` (one ``(x, y)`` row each) are listed
    in order, by the shoelace formula: positive counter-clockwise, negative clockwise.

    >>> polygon_area([[0, 0], [2, 0], [2, 1], [0, 1]])
    2.0
    """
    p = as_float_array(points, "points")
    if p.ndim != 2 or p.shape[1] != 2 or p.shape[0] < 3:
        raise ValueError(f"points must be at least 3 rows of (x, y), got shape {p.shape}")
    x, y = p[:, 0], p[:, 1]
    return float(0.5 * np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def inverse(a: ArrayLike) -> FloatArray:
    """``A⁻¹``, the matrix with ``A A⁻¹ = A⁻¹ A = I``. A matrix whose numerical rank is below n
    raises ``ValueError``: a singular one, or an invertible one too ill-conditioned to tell apart.

    To compute ``A⁻¹ b`` prefer ``solve(a, b)``: it is cheaper and more accurate.

    >>> inverse([[2.0, 0.0], [0.0, 4.0]])
    array([[0.5 , 0.  ],
           [0.  , 0.25]])
    >>> inverse([[1.0, 2.0], [2.0, 4.0]])
    Traceback (most recent call last):
    ...
    ValueError: the matrix is singular to working precision (numerical rank 1 < 2): no reliable inverse; it is singular, or too badly conditioned for float64 to tell it from a singular one
    """
    arr = _square(a, what="the inverse")
    _singular_check(arr, "no reliable inverse")
    return np.linalg.inv(arr)


def solve(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """The ``x`` with ``A x = b`` (``x = A⁻¹ b``) without forming ``A⁻¹``, like ``np.linalg.solve``.

    ``b`` is a vector (length n) or a matrix with n rows (one system per column).

    >>> solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    array([0.8, 1.4])
    """
    arr = _square(a, what="solve")
    rhs = as_float_array(b, "b")
    if rhs.ndim not in (1, 2) or rhs.shape[0] != arr.shape[0]:
        raise ValueError(f"b must have {arr.shape[0]} rows to match a ({arr.shape[0]} × {arr.shape[1]}), got shape {rhs.shape}")
    _singular_check(arr, "no reliable solution of A x = b")
    return np.linalg.solve(arr, rhs)


def condition_number(a: ArrayLike) -> float:
    """``κ(A) = σ_max / σ_min``: roughly how many times a relative error in ``b`` can grow in
    the solution of ``A x = b``. About ``log10 κ`` decimal digits are lost. ``inf`` if singular.

    >>> condition_number([[2.0, 0.0], [0.0, 0.5]])
    4.0
    """
    s = np.linalg.svd(_square(a, what="the condition number"), compute_uv=False)
    return float("inf") if s[-1] == 0 else float(s[0] / s[-1])


def diag(x: ArrayLike) -> FloatArray:
    """Both directions of ``diag``, as ``np.diag``: a vector gives the square matrix with it on the
    diagonal (zeros elsewhere); a matrix gives its diagonal as a vector.

    >>> diag([2.0, 3.0])
    array([[2., 0.],
           [0., 3.]])
    >>> diag([[1.0, 2.0], [3.0, 4.0]])
    array([1., 4.])
    """
    arr = as_float_array(x)
    if arr.ndim == 1:
        out = np.zeros((arr.shape[0], arr.shape[0]), dtype=arr.dtype)
        out[np.arange(arr.shape[0]), np.arange(arr.shape[0])] = arr
        return out
    if arr.ndim == 2:
        return arr[np.arange(min(arr.shape)), np.arange(min(arr.shape))].copy()
    raise ValueError(f"diag takes a vector or a matrix, got shape {arr.shape}")


class Eigen(NamedTuple):
    """Eigenvalues (largest first) and the matching unit eigenvectors, one per column."""

    values: FloatArray
    vectors: FloatArray


def eigenvalues(a: ArrayLike) -> np.ndarray:
    """The eigenvalues ``λ`` of a square matrix (``A v = λ v``), sorted by real part, largest first.

    A non-symmetric real matrix may have complex eigenvalues (a rotation does); then the
    result is complex. For a symmetric matrix use ``symmetric_eigen``: always real.

    >>> eigenvalues([[2.0, 1.0], [0.0, 3.0]])
    array([3., 2.])
    >>> eigenvalues([[0.0, -1.0], [1.0, 0.0]])  # a quarter turn stretches no direction
    array([0.+1.j, 0.-1.j])
    """
    lam = np.linalg.eigvals(_square(a, what="eigenvalues"))
    lam = lam[np.lexsort((-lam.imag, -lam.real))]
    if np.all(lam.imag == 0):
        return lam.real
    return lam


def symmetric_eigen(a: ArrayLike) -> Eigen:
    """Eigenvalues and orthonormal eigenvectors of a symmetric matrix (``np.linalg.eigh``), largest first.

    ``A = V diag(λ) Vᵀ`` with the eigenvectors as the columns of ``V``. Raises ``ValueError``
    if ``a`` is not symmetric.

    >>> e = symmetric_eigen([[2.0, 1.0], [1.0, 2.0]])
    >>> e.values
    array([3., 1.])
    >>> bool(np.allclose(np.abs(e.vectors[:, 0]), [2 ** -0.5, 2 ** -0.5]))
    True
    """
    arr = _square(a, what="symmetric_eigen")
    if not np.allclose(arr, arr.T, rtol=1e-10, atol=1e-12):
        raise ValueError("a must be symmetric (A = Aᵀ); use eigenvalues() for a general matrix")
    values, vectors = np.linalg.eigh((arr + arr.T) / 2)
    return Eigen(values=values[::-1].copy(), vectors=vectors[:, ::-1].copy())


def singular_values(a: ArrayLike) -> FloatArray:
    """``σ_1 ≥ σ_2 ≥ … ≥ 0``, the diagonal of ``Σ`` in ``A = U Σ Vᵀ``: ``min(m, n)`` of them.

    >>> singular_values([[3.0, 0.0], [0.0, -4.0], [0.0, 0.0]])
    array([4., 3.])
    """
    return np.linalg.svd(_matrix(a), compute_uv=False)


def spectral_norm(a: ArrayLike) -> float:
    """``‖A‖₂ = σ_1 = max_{x ≠ 0} ‖xA‖ / ‖x‖``: the largest singular value, the most that the
    linear map ``x ↦ xA`` stretches any vector. It is that map's Lipschitz constant.

    >>> spectral_norm([[3.0, 0.0], [0.0, -4.0]])
    4.0
    """
    return float(singular_values(a)[0])


def power_iteration(a: ArrayLike, iterations: int, rng: np.random.Generator) -> FloatArray:
    """Estimates of ``σ_1(A)`` after each of ``iterations`` steps of the power method, as
    spectral normalisation runs it (Miyato et al. 2018): from a random ``u``,
    ``v ← Aᵀu / ‖Aᵀu‖``, ``u ← Av / ‖Av‖``, and ``σ ≈ uᵀAv``. The estimates rise towards
    ``σ_1`` (quickly when ``σ_1`` stands well clear of ``σ_2``) and never exceed it.

    >>> est = power_iteration([[3.0, 0.0], [0.0, 1.0]], 20, np.random.default_rng(0))
    >>> round(float(est[-1]), 6)
    3.0
    """
    arr = _matrix(a).astype(np.float64)
    if isinstance(iterations, bool) or not isinstance(iterations, (int, np.integer)) or iterations < 1:
        raise ValueError(f"iterations must be a positive integer, got {iterations!r}")
    u = rng.standard_normal(arr.shape[0])
    out = np.zeros(iterations)
    for k in range(iterations):
        v = arr.T @ u
        if not np.any(v):
            return out  # A is zero (or u fell in its left null space): the estimate stays 0
        v /= np.linalg.norm(v)
        u = arr @ v
        u /= np.linalg.norm(u)
        out[k] = u @ arr @ v
    return out


def low_rank_approximation(a: ArrayLike, k: int) -> FloatArray:
    """``A_k = Σ_{i≤k} σ_i u_i v_iᵀ``: the SVD truncated to its ``k`` largest singular values.

    No matrix of rank ≤ k is closer to ``A`` in the Frobenius norm, where ``‖A − A_k‖_F² = Σ_{i>k} σ_i²``
    (Eckart and Young, 1936), or in the spectral norm, where ``‖A − A_k‖_2 = σ_{k+1}`` (Mirsky, 1960).

    >>> low_rank_approximation([[3.0, 0.0], [0.0, 1.0]], 1)
    array([[3., 0.],
           [0., 0.]])
    """
    arr = _matrix(a)
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be an integer, got {type(k).__name__}")
    if not 0 <= k <= min(arr.shape):
        raise ValueError(f"k must be in 0..{min(arr.shape)} for a {arr.shape[0]} × {arr.shape[1]} matrix, got {k}")
    u, s, vt = np.linalg.svd(arr, full_matrices=False)
    return (u[:, :k] * s[:k]) @ vt[:k]


def outer_product(u: ArrayLike, v: ArrayLike) -> FloatArray:
    """The ``m × n`` matrix ``u vᵀ`` (column form; ``uᵀv`` for row vectors): entry ``(i, j)`` is ``u_i v_j``.

    Every row is a multiple of ``v``, so the result has rank 1 (or 0 if either is zero).

    >>> outer_product([1.0, 2.0], [3.0, 4.0, 5.0])
    array([[ 3.,  4.,  5.],
           [ 6.,  8., 10.]])
    """
    a, b = as_float_array(u, "u"), as_float_array(v, "v")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"u and v must be vectors (1 axis), got shapes {a.shape} and {b.shape}")
    return a[:, None] * b[None, :]


def kronecker_product(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """``A ⊗ B``: the block matrix whose block ``(i, j)`` is ``A_ij B``; ``m × n`` with ``p × q``
    gives ``mp × nq``. Same as ``np.kron`` for two matrices.

    >>> kronecker_product([[1.0, 2.0]], [[1.0], [10.0]])
    array([[ 1.,  2.],
           [10., 20.]])
    """
    x, y = _matrix(a, "a"), _matrix(b, "b")
    (m, n), (p, q) = x.shape, y.shape
    return (x[:, None, :, None] * y[None, :, None, :]).reshape(m * p, n * q)


def quadratic_form(x: ArrayLike, a: ArrayLike) -> FloatArray:
    """``x A xᵀ = Σ_ij x_i A_ij x_j`` for a row vector ``x`` (``xᵀAx`` in column form); each row of
    a matrix ``x`` gives one value.

    >>> float(quadratic_form([1.0, 2.0], [[2.0, 0.0], [0.0, 1.0]]))
    6.0
    """
    arr = _square(a, what="a quadratic form")
    xs = as_float_array(x, "x")
    if xs.ndim not in (1, 2) or xs.shape[-1] != arr.shape[0]:
        raise ValueError(f"x must have {arr.shape[0]} entries per row, got shape {xs.shape}")
    return np.einsum("...i,ij,...j->...", xs, arr, xs)


def is_positive_definite(a: ArrayLike, strict: bool = True, tol: float = 1e-10) -> bool:
    """``A ≻ 0`` (``strict=True``): symmetric with ``xᵀAx > 0`` for every ``x ≠ 0``: a Cholesky
    factorisation exists and every eigenvalue is ``> tol · max|λ|`` (rounding can let Cholesky
    through on a singular matrix). ``A ⪰ 0`` (``strict=False``): every eigenvalue
    ``≥ −tol · max|λ|``. The tolerance is relative, so the answer does not change when ``A`` is
    multiplied by a positive number. A non-symmetric matrix raises ``ValueError``: ``xᵀAx`` only
    sees the symmetric part ``(A + Aᵀ)/2``, so test that instead.

    >>> is_positive_definite([[2.0, -1.0], [-1.0, 2.0]])
    True
    >>> is_positive_definite([[1.0, 2.0], [2.0, 1.0]])  # all entries positive, yet not ≻ 0
    False
    >>> is_positive_definite([[1.0, 1.0], [1.0, 1.0]]), is_positive_definite([[1.0, 1.0], [1.0, 1.0]], strict=False)
    (False, True)
    >>> is_positive_definite([[1e-12, 0.0], [0.0, 1e-12]])  # tiny, but 1e-12 · I is still ≻ 0
    True
    """
    arr = _square(a, what="positive definiteness")
    if not np.allclose(arr, arr.T, rtol=1e-10, atol=1e-12):
        raise ValueError("definiteness is defined here for symmetric matrices (A = Aᵀ); test (A + Aᵀ)/2")
    lam = np.linalg.eigvalsh((arr + arr.T) / 2)
    scale = tol * float(np.max(np.abs(lam)))
    if not strict:
        return bool(lam[0] >= -scale)
    try:
        np.linalg.cholesky(arr)
    except np.linalg.LinAlgError:
        return False
    return bool(lam[0] > scale)


def covariance_matrix(x: ArrayLike, ddof: int = 1) -> FloatArray:
    """``Σ = (1/(N − ddof)) Σ_n (x_n − μ)ᵀ (x_n − μ)`` for data ``X ∈ ℝ^{N×d}``, one example per row:
    a ``d × d`` matrix, variances on the diagonal. Equals ``np.cov(X, rowvar=False)``;
    ``np.cov(X)`` alone would treat each *row* as a variable.

    >>> covariance_matrix([[1.0, 2.0], [3.0, 6.0]])
    array([[2., 4.],
           [4., 8.]])
    """
    arr = _matrix(x, "x")
    if isinstance(ddof, bool) or not isinstance(ddof, (int, np.integer)) or ddof < 0:
        raise ValueError(f"ddof must be a non-negative integer, got {ddof!r}")
    if arr.shape[0] - ddof < 1:
        raise ValueError(f"need more than {ddof} rows (examples) for ddof={ddof}, got {arr.shape[0]}")
    centred = arr - arr.mean(axis=0)
    return centred.T @ centred / (arr.shape[0] - ddof)


def correlation(x: ArrayLike, y: ArrayLike) -> float:
    """Pearson's ``ρ = Cov(x, y) / (σ_x σ_y)``, in [−1, 1]: the cosine of the angle between the
    centred vectors ``x − x̄`` and ``y − ȳ``. A constant input has no correlation: ``ValueError``.

    >>> correlation([1.0, 2.0, 3.0], [2.0, 4.0, 7.0])
    0.9933992677987828
    """
    a, b = as_float_array(x, "x"), as_float_array(y, "y")
    if a.ndim != 1 or a.shape != b.shape or a.shape[0] < 2:
        raise ValueError(f"x and y must be vectors of the same length >= 2, got shapes {a.shape} and {b.shape}")
    ca, cb = a - a.mean(), b - b.mean()
    na, nb = np.sqrt(ca @ ca), np.sqrt(cb @ cb)
    if na == 0 or nb == 0:
        raise ValueError("a constant vector has no spread, so its correlation is undefined")
    return float(np.clip((ca / na) @ (cb / nb), -1.0, 1.0))
