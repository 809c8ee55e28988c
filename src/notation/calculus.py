"""Numerical derivatives by central differences, for checking analytic formulas."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = ["jacobian", "gradient", "directional_derivative"]


def _point(x: ArrayLike) -> FloatArray:
    arr = as_float_array(x).astype(np.float64)
    if arr.ndim != 1:
        raise ValueError(f"x must be a vector (one axis), got shape {arr.shape}")
    return arr


def jacobian(f: Callable[[FloatArray], ArrayLike], x: ArrayLike, eps: float = 1e-6) -> FloatArray:
    """Jacobian ``J_ij = ∂f_i/∂x_j`` of ``f: ℝⁿ → ℝᵐ`` at ``x``, by central differences.

    The result is ``m × n``: row ``i`` is the gradient of output ``i``.

    >>> jacobian(lambda v: np.array([v[0] * v[1], v[0] + v[1]]), [2.0, 3.0]).round(6)
    array([[3., 2.],
           [1., 1.]])
    """
    x0 = _point(x)
    if not eps > 0:
        raise ValueError(f"eps must be > 0, got {eps}")
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
    """Gradient ``∇f(x)`` of a scalar function: a vector with the same shape as ``x``.

    >>> gradient(lambda v: float(v @ v), [1.0, -2.0]).round(6)
    array([ 2., -4.])
    """
    jac = jacobian(f, x, eps)
    if jac.shape[0] != 1:
        raise ValueError(f"f must return a scalar for a gradient, got {jac.shape[0]} outputs")
    return jac[0]


def directional_derivative(
    f: Callable[[FloatArray], ArrayLike], x: ArrayLike, v: ArrayLike, eps: float = 1e-6
) -> FloatArray:
    """Directional derivative ``D_v f(x) = J(x) v`` (``∇f · v`` for a scalar ``f``).

    ``v`` is used as given; pass a unit vector to get the slope per unit of distance.
    The result is a scalar array for a scalar ``f`` and a vector for a vector ``f``.

    >>> round(float(directional_derivative(lambda p: p[0] ** 2 + 3 * p[1], [1.0, 0.0], [0.6, 0.8])), 6)
    3.6
    """
    x0, v_ = _point(x), _point(v)
    if v_.shape != x0.shape:
        raise ValueError(f"v must have the shape of x, got {v_.shape} and {x0.shape}")
    out = jacobian(f, x0, eps) @ v_
    return out if out.size > 1 else out[0]
