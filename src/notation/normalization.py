"""Normalisation: LayerNorm and RMSNorm (per token, over the last axis) and BatchNorm (across the batch)."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis

__all__ = ["layer_norm", "rms_norm", "rms", "batch_norm"]


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


def rms(x: ArrayLike, axis: int = -1) -> FloatArray:
    """Root mean square ``√(mean(x²))`` along ``axis``: the size RMSNorm divides by.

    >>> rms([3.0, 4.0]).round(4)  # √((9 + 16) / 2)
    np.float64(3.5355)
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    return np.sqrt((arr**2).mean(axis=ax))


def batch_norm(
    x: ArrayLike, gamma: ArrayLike | None = None, beta: ArrayLike | None = None, eps: float = 1e-5
) -> FloatArray:
    """BatchNorm as in training: each feature normalised with statistics taken *across the batch*.

    The mean and (biased) variance of every feature (last axis) are computed over all the
    other axes (the examples in the batch, and the tokens if there is a token axis), so
    one example's output depends on the rest of the batch, unlike :func:`layer_norm`.

    >>> batch_norm([[1.0, 10.0], [3.0, 10.0]]).round(4)
    array([[-1.,  0.],
           [ 1.,  0.]])
    """
    arr = as_float_array(x)
    if arr.ndim < 2:
        raise ValueError(f"x must have a batch axis and a feature axis, got shape {arr.shape}")
    _check_eps(eps)
    axes = tuple(range(arr.ndim - 1))
    mu = arr.mean(axis=axes, keepdims=True)
    var = ((arr - mu) ** 2).mean(axis=axes, keepdims=True)
    return _affine((arr - mu) / np.sqrt(var + arr.dtype.type(eps)), gamma, beta)
