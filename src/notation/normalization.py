"""Per-token normalisation: LayerNorm and RMSNorm over the last axis."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = ["layer_norm", "rms_norm"]


def _affine(arr: FloatArray, gamma: ArrayLike | None, beta: ArrayLike | None) -> FloatArray:
    d = arr.shape[-1]
    for name, p in (("gamma", gamma), ("beta", beta)):
        if p is not None and np.shape(p) != (d,):
            raise ValueError(f"{name} must have shape ({d},) to match the last axis, got {np.shape(p)}")
    if gamma is not None:
        arr = arr * as_float_array(gamma, "gamma").astype(arr.dtype, copy=False)
    if beta is not None:
        arr = arr + as_float_array(beta, "beta").astype(arr.dtype, copy=False)
    return arr


def _check_eps(eps: float) -> None:
    if not eps >= 0:
        raise ValueError(f"eps must be >= 0, got {eps}")


def layer_norm(
    x: ArrayLike, gamma: ArrayLike | None = None, beta: ArrayLike | None = None, eps: float = 1e-5
) -> FloatArray:
    """LayerNorm over the last axis: ``γ ⊙ (x − μ) / √(σ² + ε) + β``.

    μ and σ² are the mean and the (biased) variance of each token's own features, never
    across the batch. ``gamma`` and ``beta`` default to ones and zeros.

    >>> layer_norm([1.0, 2.0, 3.0]).round(4)
    array([-1.2247,  0.    ,  1.2247])
    """
    arr = as_float_array(x)
    if arr.ndim == 0:
        raise ValueError("x must have at least one axis, got a scalar")
    _check_eps(eps)
    mu = arr.mean(axis=-1, keepdims=True)
    var = ((arr - mu) ** 2).mean(axis=-1, keepdims=True)
    return _affine((arr - mu) / np.sqrt(var + arr.dtype.type(eps)), gamma, beta)


def rms_norm(x: ArrayLike, gamma: ArrayLike | None = None, eps: float = 1e-6) -> FloatArray:
    """RMSNorm over the last axis: ``γ ⊙ x / √(mean(x²) + ε)``; no mean is subtracted.

    >>> rms_norm([3.0, 4.0]).round(4)
    array([0.8485, 1.1314])
    """
    arr = as_float_array(x)
    if arr.ndim == 0:
        raise ValueError("x must have at least one axis, got a scalar")
    _check_eps(eps)
    ms = (arr**2).mean(axis=-1, keepdims=True)
    return _affine(arr / np.sqrt(ms + arr.dtype.type(eps)), gamma, None)
