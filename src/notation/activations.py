"""Activation functions and the softmax family, following PyTorch's conventions.

Every function works element-wise (or along ``axis``), keeps float32 and float64 as
they come, and promotes integers and lists to float64.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis

__all__ = [
    "relu",
    "gelu",
    "silu",
    "sigmoid",
    "softplus",
    "tanh",
    "softmax",
    "log_softmax",
    "keep_top_k",
]


def relu(x: ArrayLike) -> FloatArray:
    """Rectified linear unit, ``max(0, x)`` element-wise.

    >>> relu([-2.0, 0.0, 3.0])
    array([0., 0., 3.])
    """
    arr = as_float_array(x)
    return np.maximum(arr, arr.dtype.type(0))


def sigmoid(x: ArrayLike) -> FloatArray:
    """Logistic sigmoid ``1 / (1 + e^-x)``, computed without overflow for large ``|x|``.

    >>> sigmoid([0.0, 1000.0, -1000.0])
    array([0.5, 1. , 0. ])
    """
    arr = as_float_array(x)
    # exp(-|x|) never overflows; pick the algebraically equal form for each sign.
    e = np.exp(-np.abs(arr))
    return np.where(arr >= 0, 1 / (1 + e), e / (1 + e)).astype(arr.dtype, copy=False)


def tanh(x: ArrayLike) -> FloatArray:
    """Hyperbolic tangent, range (-1, 1).

    >>> tanh([0.0, 1.0]).round(4)
    array([0.    , 0.7616])
    """
    return np.tanh(as_float_array(x))


def softplus(x: ArrayLike) -> FloatArray:
    """Softplus ``log(1 + e^x)``, a smooth positive version of ReLU; stable for large ``|x|``.

    >>> softplus([0.0, 1000.0, -1000.0]).round(4).tolist()
    [0.6931, 1000.0, 0.0]
    """
    arr = as_float_array(x)
    # log(1 + e^x) = max(x, 0) + log1p(e^-|x|)
    return np.maximum(arr, 0) + np.log1p(np.exp(-np.abs(arr)))


def silu(x: ArrayLike) -> FloatArray:
    """SiLU (Swish with beta = 1): ``x * sigmoid(x)``.

    >>> silu([-1.0, 0.0, 1.0]).round(4)
    array([-0.2689,  0.    ,  0.7311])
    """
    arr = as_float_array(x)
    return arr * sigmoid(arr)


def gelu(x: ArrayLike, approximate: str = "none") -> FloatArray:
    """Gaussian error linear unit ``x * Phi(x)``, where Phi is the standard normal CDF.

    ``approximate="tanh"`` uses the tanh formula of the GPT-2 code,
    ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``, like ``torch.nn.GELU('tanh')``.

    >>> gelu([-1.0, 0.0, 1.0]).round(4)
    array([-0.1587,  0.    ,  0.8413])
    >>> gelu([1.0], approximate="tanh").round(4)
    array([0.8412])
    """
    arr = as_float_array(x)
    if approximate == "none":
        erf = np.vectorize(math.erf, otypes=[np.float64])
        phi = 0.5 * (1.0 + erf(arr.astype(np.float64) / math.sqrt(2.0)))
        return (arr * phi).astype(arr.dtype, copy=False)
    if approximate == "tanh":
        inner = math.sqrt(2.0 / math.pi) * (arr + 0.044715 * arr**3)
        return 0.5 * arr * (1.0 + np.tanh(inner))
    raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")


def softmax(z: ArrayLike, axis: int = -1, temperature: float = 1.0) -> FloatArray:
    """Softmax ``e^(z_i/T) / sum_j e^(z_j/T)`` along ``axis``, safe for large logits.

    The maximum is subtracted before exponentiating; softmax does not change when a
    constant is added to every logit, so the result is the same but nothing overflows.
    A row whose entries are all ``-inf`` (fully masked) has no distribution: it comes
    out as NaN, as in PyTorch.

    >>> softmax([1000.0, 1001.0]).round(4)
    array([0.2689, 0.7311])
    >>> softmax([1.0, 2.0, 3.0], temperature=2.0).round(4)
    array([0.1863, 0.3072, 0.5065])
    """
    arr = as_float_array(z, "z")
    ax = check_axis(arr, axis, "z")
    if not temperature > 0:
        raise ValueError(f"temperature must be > 0, got {temperature}")
    scaled = arr / arr.dtype.type(temperature)
    with np.errstate(invalid="ignore"):
        shifted = scaled - np.max(scaled, axis=ax, keepdims=True)
        e = np.exp(shifted)
        return e / np.sum(e, axis=ax, keepdims=True)


def log_softmax(z: ArrayLike, axis: int = -1) -> FloatArray:
    """Logarithm of softmax, ``z_i - logsumexp(z)``, without forming tiny probabilities.

    >>> log_softmax([1000.0, 1000.0]).round(4)
    array([-0.6931, -0.6931])
    """
    arr = as_float_array(z, "z")
    ax = check_axis(arr, axis, "z")
    with np.errstate(invalid="ignore"):
        m = np.max(arr, axis=ax, keepdims=True)
        shifted = arr - m
        return shifted - np.log(np.sum(np.exp(shifted), axis=ax, keepdims=True))


def keep_top_k(v: ArrayLike, k: int) -> FloatArray:
    """Keep the ``k`` largest entries of ``v`` along the last axis and set the rest to ``-inf``.

    This is the mixture-of-experts router's KeepTopK; a softmax afterwards gives the
    discarded experts probability exactly 0. Ties are broken towards the lower index.

    >>> keep_top_k([0.1, 2.0, -1.0, 0.7], 2)
    array([-inf,  2. , -inf,  0.7])
    """
    arr = as_float_array(v, "v")
    if arr.ndim == 0:
        raise ValueError("v must have at least one axis, got a scalar")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"k must be an integer, got {type(k).__name__}")
    n = arr.shape[-1]
    if not 1 <= k <= n:
        raise ValueError(f"k must be between 1 and {n} (the length of v), got {k}")
    order = np.argsort(-arr, axis=-1, kind="stable")[..., :k]
    out = np.full_like(arr, -np.inf)
    np.put_along_axis(out, order, np.take_along_axis(arr, order, axis=-1), axis=-1)
    return out
