"""Derivatives: numerical ones by central differences, for checking analytic formulas;
and what is built on them: an inverse function found numerically, the evaluation bracket
``[F(x)]_a^b``, the change of variables for densities, and how steep a function can be (a
lower bound on its Lipschitz constant).

The functions here take plain Python callables. ``jacobian`` works on vectors (one axis);
``gradient`` accepts parameters of any shape and returns an array of that same shape,
because that is how a gradient is used: ``θ ← θ − η ∇_θ L`` needs ``∇_θ L`` shaped like ``θ``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis

__all__ = [
    "jacobian",
    "gradient",
    "directional_derivative",
    "secant_slope",
    "softmax_jacobian",
    "local_jacobians",
    "chain_rule",
    "hessian",
    "taylor_approximation",
    "inverse_function",
    "bracket",
    "change_of_variables",
    "lipschitz_lower_bound",
]


def _point(x: ArrayLike, name: str = "x") -> FloatArray:
    arr = as_float_array(x, name).astype(np.float64)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a vector (one axis), got shape {arr.shape}")
    return arr


def _check_eps(eps: float) -> None:
    if not eps > 0:
        raise ValueError(f"eps must be > 0, got {eps}")


def jacobian(f: Callable[[FloatArray], ArrayLike], x: ArrayLike, eps: float = 1e-6) -> FloatArray:
    """Jacobian ``J_ij = ∂f_i/∂x_j`` of ``f: ℝⁿ → ℝᵐ`` at ``x``, by central differences.

    The result is ``m × n``: row ``i`` is the gradient of output ``i``. A scalar ``f``
    gives a ``1 × n`` Jacobian (the gradient laid out as a row).

    >>> jacobian(lambda v: np.array([v[0] * v[1], v[0] + v[1]]), [2.0, 3.0]).round(6)
    array([[3., 2.],
           [1., 1.]])
    """
    x0 = _point(x)
    _check_eps(eps)
    columns = []
    for j in range(x0.size):
        step = np.zeros_like(x0)
        step[j] = eps
        hi = np.atleast_1d(np.asarray(f(x0 + step), dtype=np.float64))
        lo = np.atleast_1d(np.asarray(f(x0 - step), dtype=np.float64))
        if hi.ndim != 1:
            raise ValueError(f"f must return a scalar or a vector, got shape {hi.shape}")
        columns.append((hi - lo) / (2 * eps))
    return np.stack(columns, axis=1)


def gradient(f: Callable[[FloatArray], ArrayLike], x: ArrayLike, eps: float = 1e-6) -> FloatArray:
    """Gradient ``∇f(x)`` of a scalar function: an array with the same shape as ``x``.

    ``x`` may be a vector or any array of parameters (a weight matrix, say); ``f`` is
    called with arrays of that shape.

    >>> gradient(lambda v: float(v @ v), [1.0, -2.0]).round(6)
    array([ 2., -4.])
    >>> gradient(lambda W: float(W.sum() ** 2), np.ones((2, 3))).round(6)
    array([[12., 12., 12.],
           [12., 12., 12.]])
    """
    x0 = as_float_array(x).astype(np.float64)
    if x0.ndim == 0:
        raise ValueError("x must have at least one axis; wrap a scalar as [x]")
    shape = x0.shape
    jac = jacobian(lambda flat: f(flat.reshape(shape)), x0.ravel(), eps)
    if jac.shape[0] != 1:
        raise ValueError(f"f must return a scalar for a gradient, got {jac.shape[0]} outputs")
    return jac[0].reshape(shape)


def directional_derivative(
    f: Callable[[FloatArray], ArrayLike], x: ArrayLike, v: ArrayLike, eps: float = 1e-6
) -> FloatArray:
    """Directional derivative ``D_v f(x) = J(x) v`` (``∇f · v`` for a scalar ``f``).

    ``v`` is used as given; pass a unit vector to get the slope per unit of distance.
    The result is a scalar array for a scalar ``f`` and a vector for a vector ``f``.

    >>> round(float(directional_derivative(lambda p: p[0] ** 2 + 3 * p[1], [1.0, 0.0], [0.6, 0.8])), 6)
    3.6
    """
    x0, v_ = _point(x), _point(v, "v")
    if v_.shape != x0.shape:
        raise ValueError(f"v must have the shape of x, got {v_.shape} and {x0.shape}")
    out = jacobian(f, x0, eps) @ v_
    return out if out.size > 1 else out[0]


def secant_slope(f: Callable[[FloatArray], ArrayLike], x: ArrayLike, v: ArrayLike, h: float) -> FloatArray:
    """Slope of ``f`` between ``x`` and ``x + h v``: ``(f(x + h v) − f(x)) / h``.

    This is the "rise over run" that a directional derivative is the limit of as ``h → 0``.
    A vector ``f`` gives a vector of slopes, one per output.

    >>> float(secant_slope(lambda p: p[0] ** 2, [1.0, 0.0], [1.0, 0.0], 0.1))  # (1.1² − 1) / 0.1
    2.100000000000002
    """
    x0, v_ = _point(x), _point(v, "v")
    if v_.shape != x0.shape:
        raise ValueError(f"v must have the shape of x, got {v_.shape} and {x0.shape}")
    if not (np.isfinite(h) and h != 0):
        raise ValueError(f"h must be a finite non-zero step, got {h}")
    hi = np.asarray(f(x0 + h * v_), dtype=np.float64)
    lo = np.asarray(f(x0), dtype=np.float64)
    return (hi - lo) / h


def softmax_jacobian(z: ArrayLike, axis: int = -1) -> FloatArray:
    """Analytic Jacobian of softmax: ``J_ij = ∂p_i/∂z_j = p_i (δ_ij − p_j)``, i.e. ``diag(p) − pᵀp`` for a row vector ``p``
    (``diag(p) − p pᵀ`` in column-vector texts).

    For ``z`` of shape ``(..., n)`` the result has shape ``(..., n, n)``: one symmetric
    ``n × n`` matrix per vector, with ``p_i (1 − p_i)`` on the diagonal and ``−p_i p_j``
    off it. Each column sums to 0, because the probabilities always sum to 1; each row sums to 0
    because adding one number to every logit leaves softmax unchanged.

    >>> softmax_jacobian([0.0, 0.0])
    array([[ 0.25, -0.25],
           [-0.25,  0.25]])
    """
    from notation.activations import softmax
    from notation.elementary import kronecker_delta

    arr = as_float_array(z, "z")
    ax = check_axis(arr, axis, "z")
    if arr.shape[ax] == 0:
        raise ValueError("z must not be empty")
    p = np.moveaxis(softmax(arr, axis=ax), ax, -1)
    idx = np.arange(p.shape[-1])
    delta = kronecker_delta(idx[:, None], idx[None, :]).astype(p.dtype, copy=False)
    return p[..., :, None] * (delta - p[..., None, :])


def local_jacobians(
    layers: Sequence[Callable[[FloatArray], ArrayLike]], x: ArrayLike, eps: float = 1e-6
) -> tuple[list[FloatArray], list[FloatArray]]:
    """Run ``x`` through ``layers`` and take each layer's Jacobian at the input it received.

    Returns ``(jacobians, values)``: ``values[0]`` is ``x`` and ``values[k + 1]`` is the
    output of layer ``k``; ``jacobians[k]`` is layer ``k``'s local Jacobian, of shape
    (its output size) × (its input size). Scalar outputs become length-1 vectors.

    >>> jacs, vals = local_jacobians([lambda v: 2 * v, lambda v: v.sum()], [1.0, 2.0])
    >>> [j.round(6).tolist() for j in jacs], vals[-1].tolist()
    ([[[2.0, 0.0], [0.0, 2.0]], [[1.0, 1.0]]], [6.0])
    """
    if len(layers) == 0:
        raise ValueError("layers must not be empty")
    values = [_point(x)]
    jacobians = []
    for layer in layers:
        jacobians.append(jacobian(layer, values[-1], eps))
        values.append(np.atleast_1d(np.asarray(layer(values[-1]), dtype=np.float64)))
    return jacobians, values


def chain_rule(jacobians: Sequence[ArrayLike]) -> FloatArray:
    """Jacobian of a composition from the layers' local Jacobians, given in forward order.

    For ``f = f_L ∘ … ∘ f_1`` it returns ``J_L ⋯ J_2 J_1``, multiplied from the loss end
    backwards, as backpropagation does. When the last layer is a scalar loss the result
    is ``1 × n``: the gradient with respect to the input, as a row.

    >>> chain_rule([[[2.0, 0.0], [0.0, 3.0]], [[1.0, 1.0]]])
    array([[2., 3.]])
    """
    if len(jacobians) == 0:
        raise ValueError("jacobians must not be empty")
    mats = [as_float_array(j, "jacobian").astype(np.float64) for j in jacobians]
    for k, m in enumerate(mats):
        if m.ndim != 2:
            raise ValueError(f"jacobian {k} must be a matrix, got shape {m.shape}")
    for k in range(1, len(mats)):
        if mats[k].shape[1] != mats[k - 1].shape[0]:
            raise ValueError(
                f"jacobian {k} takes {mats[k].shape[1]} inputs but layer {k - 1} has "
                f"{mats[k - 1].shape[0]} outputs"
            )
    out = mats[-1]
    for m in reversed(mats[:-1]):
        out = out @ m
    return out


def hessian(f: Callable[[FloatArray], ArrayLike], x: ArrayLike, eps: float = 1e-4) -> FloatArray:
    """Hessian ``H_ij = ∂²f/∂x_i∂x_j`` of a scalar ``f: ℝⁿ → ℝ`` at ``x``, by central differences: ``n × n``.

    Each entry is ``[f(x + εe_i + εe_j) − f(x + εe_i − εe_j) − f(x − εe_i + εe_j) + f(x − εe_i − εe_j)] / 4ε²``,
    which is exact for a quadratic and has an error of order ``ε²`` otherwise; the result is
    symmetrised, as the true Hessian of a smooth function is. ``ε = 1e-4`` balances that error
    against rounding (which grows like ``1/ε²``).

    >>> hessian(lambda v: v[0] ** 2 + 3 * v[0] * v[1], [1.0, 2.0]).round(6)
    array([[2., 3.],
           [3., 0.]])
    """
    x0 = _point(x)
    _check_eps(eps)

    def value(p: FloatArray) -> float:
        out = np.asarray(f(p), dtype=np.float64)
        if out.size != 1:
            raise ValueError(f"f must return a scalar for a Hessian, got shape {out.shape}")
        return float(out.reshape(()))

    n = x0.size
    h = np.empty((n, n))
    basis = np.eye(n) * eps
    for i in range(n):
        for j in range(i, n):
            ei, ej = basis[i], basis[j]
            h[i, j] = h[j, i] = (
                value(x0 + ei + ej) - value(x0 + ei - ej) - value(x0 - ei + ej) + value(x0 - ei - ej)
            ) / (4 * eps * eps)
    return h


def taylor_approximation(
    value: float, grad: ArrayLike, delta: ArrayLike, hess: ArrayLike | None = None
) -> float:
    """Taylor prediction of ``f(x + δ)`` from ``f(x)``, ``∇f(x)`` and optionally the Hessian ``H``.

    First order: ``f(x) + ∇f(x)ᵀδ`` (the tangent plane, what a gradient step trusts). With
    ``hess``, second order: ``f(x) + ∇f(x)ᵀδ + ½ δᵀHδ``. For a smooth ``f`` the error of the
    first is of order ``‖δ‖²`` and of the second of order ``‖δ‖³``.

    >>> taylor_approximation(1.0, [2.0], [0.1]), taylor_approximation(1.0, [2.0], [0.1], [[2.0]])  # f = x² at 1
    (1.2, 1.21)
    """
    g, d = _point(grad, "grad"), _point(delta, "delta")
    if g.shape != d.shape:
        raise ValueError(f"grad and delta must have one shape, got {g.shape} and {d.shape}")
    out = float(value) + float(g @ d)
    if hess is not None:
        H = as_float_array(hess, "hess").astype(np.float64)
        if H.shape != (d.size, d.size):
            raise ValueError(f"hess must be {d.size} × {d.size}, got {H.shape}")
        out += 0.5 * float(d @ H @ d)
    return out


def inverse_function(
    f: Callable[[float], float], y: ArrayLike, lo: float, hi: float, tol: float = 1e-12
) -> FloatArray:
    """``f⁻¹(y)``: the ``x`` in ``[lo, hi]`` with ``f(x) = y``, for ``f`` continuous and strictly
    monotone there, found by bisection; ``y`` may be an array (each entry on its own).

    Strict monotonicity is what makes ``f`` one-to-one, so that there is exactly one such ``x``;
    each ``y`` must lie between ``f(lo)`` and ``f(hi)``.

    >>> round(float(inverse_function(lambda x: x ** 3 + x, 10.0, 0.0, 5.0)), 9)  # 2³ + 2 = 10
    2.0
    """
    if not (np.isfinite(lo) and np.isfinite(hi) and lo < hi):
        raise ValueError(f"the interval needs finite lo < hi, got [{lo}, {hi}]")
    if not tol > 0:
        raise ValueError(f"tol must be > 0, got {tol}")
    f_lo, f_hi = float(f(lo)), float(f(hi))
    if not f_lo != f_hi:
        raise ValueError(f"f(lo) = f(hi) = {f_lo}: f is not strictly monotone on [{lo}, {hi}]")
    increasing = f_hi > f_lo
    targets = as_float_array(y, "y").astype(np.float64)
    low, high = min(f_lo, f_hi), max(f_lo, f_hi)
    if np.any(~np.isfinite(targets)) or np.any((targets < low) | (targets > high)):
        raise ValueError(f"y must lie between f(lo) = {f_lo:.6g} and f(hi) = {f_hi:.6g}")
    out = np.empty_like(targets)
    for idx, target in np.ndenumerate(targets):
        a, b = lo, hi
        while b - a > tol * max(1.0, abs(a), abs(b)):
            mid = 0.5 * (a + b)
            if (float(f(mid)) < target) == increasing:
                a = mid
            else:
                b = mid
        out[idx] = 0.5 * (a + b)
    return out


def bracket(F: Callable[[FloatArray], ArrayLike], a: ArrayLike, b: ArrayLike) -> FloatArray:
    """``[F(x)]_a^b = F(b) − F(a)``: ``F`` evaluated at the upper limit minus at the lower one.

    With ``F`` an antiderivative of ``f`` it is the definite integral ``∫_a^b f(x) dx``.

    >>> float(bracket(lambda x: x ** 3 / 3, 0.0, 1.0))  # ∫_0^1 x² dx
    0.3333333333333333
    """
    upper = np.asarray(F(as_float_array(b, "b")), dtype=np.float64)
    lower = np.asarray(F(as_float_array(a, "a")), dtype=np.float64)
    return upper - lower


def change_of_variables(
    log_p_z: Callable[[FloatArray], float], f: Callable[[FloatArray], ArrayLike], x: ArrayLike, eps: float = 1e-6
) -> FloatArray:
    """``log p_X(x) = log p_Z(f(x)) + log |det ∂f/∂x|``: the log-density of ``x`` when ``f`` is an
    invertible, differentiable map from data to latent with ``z = f(x)`` distributed as ``p_Z``.

    ``x`` is one point (``d`` numbers) or ``N × d`` points; ``f`` maps a ``d``-vector to a
    ``d``-vector and ``log_p_z`` a ``d``-vector to its log-density. The Jacobian ``∂f/∂x`` is
    found by central differences (:func:`jacobian`), exact up to rounding when ``f`` is affine.
    A map with ``det ∂f/∂x = 0`` at ``x`` squashes volume to nothing and is refused.

    >>> std_normal = lambda z: float(-0.5 * z @ z - 0.5 * z.size * np.log(2 * np.pi))
    >>> round(float(np.exp(change_of_variables(std_normal, lambda x: (x - 1.0) / 2.0, [1.0]))), 6)  # N(1, 2²) at its mean
    0.199471
    """
    pts = as_float_array(x).astype(np.float64)
    if pts.ndim not in (1, 2):
        raise ValueError(f"x must be one point (d,) or N points (N, d), got shape {pts.shape}")
    rows = np.atleast_2d(pts)
    out = np.empty(rows.shape[0])
    for i, point in enumerate(rows):
        z = np.atleast_1d(np.asarray(f(point), dtype=np.float64))
        if z.shape != point.shape:
            raise ValueError(f"f must map a {point.size}-vector to a {point.size}-vector, got shape {z.shape}")
        sign, log_det = np.linalg.slogdet(jacobian(f, point, eps))
        if sign == 0:
            raise ValueError(f"det ∂f/∂x is 0 at x = {point.tolist()}: f is not invertible there")
        out[i] = float(log_p_z(z)) + log_det
    return out if pts.ndim == 2 else out[0]
def lipschitz_lower_bound(f: Callable[[FloatArray], ArrayLike], points: ArrayLike) -> float:
    """``max_{i ≠ j} ‖f(x_i) − f(x_j)‖ / ‖x_i − x_j‖`` over the rows of ``points``: how steep
    ``f`` is between any two of them. Every Lipschitz constant of ``f`` is at least this
    (the constant is the supremum over all pairs, which a sample can only approach).

    >>> round(lipschitz_lower_bound(lambda x: 3.0 * x, [[0.0], [1.0], [2.5]]), 6)
    3.0
    """
    X = as_float_array(points, "points").astype(np.float64)
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2 or len(X) < 2:
        raise ValueError(f"points must hold at least two rows, got shape {X.shape}")
    Y = np.array([np.ravel(np.asarray(f(x), dtype=np.float64)) for x in X])
    best = 0.0
    for i in range(len(X)):
        dx = np.linalg.norm(X[i + 1 :] - X[i], axis=1)
        if np.any(dx == 0):
            raise ValueError("points must be distinct (two rows are equal)")
        dy = np.linalg.norm(Y[i + 1 :] - Y[i], axis=1)
        if len(dx):
            best = max(best, float(np.max(dy / dx)))
    return best
