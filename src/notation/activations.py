"""Activation functions and the softmax family, following PyTorch's conventions.

Every function works element-wise (or along ``axis``), keeps float32 and float64 as
they come, and promotes integers and lists to float64.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis

__all__ = [
    "dense",
    "relu",
    "positive_part",
    "negative_part",
    "gelu",
    "gelu_derivative",
    "silu",
    "swish",
    "sigmoid",
    "logit",
    "softplus",
    "tanh",
    "standard_normal_cdf",
    "softmax",
    "log_softmax",
    "keep_top_k",
    "repetition_penalty",
]


def dense(
    x: ArrayLike,
    weight: ArrayLike,
    bias: ArrayLike | None = None,
    activation: Callable[[FloatArray], FloatArray] | None = None,
) -> FloatArray:
    """A fully connected layer ``activation(x Wᵀ + b)``, applied to each row of ``x``.

    ``weight`` is ``d_out × d_in``, as in ``torch.nn.Linear``: row ``j`` holds the weights
    of neuron ``j``, so ``weight`` is the transpose of the site's ``W ∈ ℝ^{d_in × d_out}``
    in ``xW + b``. ``x`` is ``(..., d_in)`` (one input, or a batch of them as rows), so
    the layer computes ``x @ weight.T + bias``, of shape ``(..., d_out)``. ``activation``
    is any element-wise function (``relu``, ``gelu`` ...); ``None`` leaves the layer linear.

    >>> dense([1.0, 2.0], [[1.0, 0.0], [0.0, -1.0]], bias=[0.5, 0.5], activation=relu)
    array([1.5, 0. ])
    """
    x_ = as_float_array(x, "x")
    w = as_float_array(weight, "weight")
    if w.ndim != 2:
        raise ValueError(f"weight must be a d_out × d_in matrix, got shape {w.shape}")
    if x_.ndim == 0:
        raise ValueError("x must have at least one axis (its features), got a scalar")
    if x_.shape[-1] != w.shape[1]:
        raise ValueError(
            f"x has {x_.shape[-1]} features but weight expects {w.shape[1]} (weight is {w.shape[0]} × {w.shape[1]})"
        )
    dtype = np.result_type(x_, w)
    out = x_.astype(dtype, copy=False) @ w.astype(dtype, copy=False).T
    if bias is not None:
        b = as_float_array(bias, "bias")
        if b.shape != (w.shape[0],):
            raise ValueError(f"bias must have shape ({w.shape[0]},), one per neuron, got {b.shape}")
        out = out + b.astype(dtype, copy=False)
    if activation is None:
        return out
    if not callable(activation):
        raise TypeError(f"activation must be a function or None, got {type(activation).__name__}")
    return np.asarray(activation(out))


def relu(x: ArrayLike) -> FloatArray:
    """Rectified linear unit, ``max(0, x)`` element-wise.

    >>> relu([-2.0, 0.0, 3.0])
    array([0., 0., 3.])
    """
    arr = as_float_array(x)
    return np.maximum(arr, arr.dtype.type(0))


def positive_part(x: ArrayLike) -> FloatArray:
    """``x⁺ = max(0, x)`` element-wise: the same function as ReLU, under its maths name.

    With :func:`negative_part` it splits a number as ``x = x⁺ − x⁻`` and ``|x| = x⁺ + x⁻``.

    >>> positive_part([-2.0, 0.0, 3.0])
    array([0., 0., 3.])
    """
    arr = as_float_array(x)
    return np.maximum(arr, arr.dtype.type(0))


def negative_part(x: ArrayLike) -> FloatArray:
    """``x⁻ = max(0, −x)`` element-wise: the size of the negative entries, 0 elsewhere.

    >>> negative_part([-2.0, 0.0, 3.0])
    array([2., 0., 0.])
    """
    arr = as_float_array(x)
    return np.maximum(-arr, arr.dtype.type(0))


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


def logit(p: ArrayLike) -> FloatArray:
    """Log-odds ``log(p / (1 - p))``, the inverse of ``sigmoid``; ``p`` must lie in [0, 1].

    ``logit(0)`` is ``-inf`` and ``logit(1)`` is ``inf``, as in ``torch.logit``.

    >>> logit([0.5, 0.75]).round(4)
    array([0.    , 1.0986])
    """
    arr = as_float_array(p, "p")
    if np.any(np.isnan(arr)) or np.any((arr < 0) | (arr > 1)):
        raise ValueError("p must be a probability in [0, 1]")
    with np.errstate(divide="ignore"):
        return np.log(arr) - np.log1p(-arr)


def silu(x: ArrayLike) -> FloatArray:
    """SiLU (Swish with beta = 1): ``x * sigmoid(x)``.

    >>> silu([-1.0, 0.0, 1.0]).round(4)
    array([-0.2689,  0.    ,  0.7311])
    """
    arr = as_float_array(x)
    return arr * sigmoid(arr)


def swish(x: ArrayLike, beta: float = 1.0) -> FloatArray:
    """Swish ``x * sigmoid(beta * x)``; ``beta = 1`` is SiLU, large ``beta`` approaches ReLU.

    >>> swish([-1.0, 1.0], beta=1.0).round(4)
    array([-0.2689,  0.7311])
    >>> swish([-1.0, 1.0], beta=0.0)
    array([-0.5,  0.5])
    """
    arr = as_float_array(x)
    if isinstance(beta, bool) or not isinstance(beta, (int, float, np.integer, np.floating)):
        raise TypeError(f"beta must be a number, got {type(beta).__name__}")
    if not math.isfinite(beta):
        raise ValueError(f"beta must be finite, got {beta}")
    return arr * sigmoid(arr * arr.dtype.type(beta))


def standard_normal_cdf(x: ArrayLike) -> FloatArray:
    """Phi(x), the probability that a standard normal draw is at most ``x``.

    ``Phi(x) = (1 + erf(x / sqrt 2)) / 2``; it rises from 0 to 1 with ``Phi(0) = 1/2``.
    Computed as ``erfc(−x / sqrt 2) / 2``, the same number without the cancellation of
    ``1 + erf`` in the left tail, where ``Phi`` is tiny: ``Phi(−8)`` keeps all its digits.

    >>> standard_normal_cdf([-1.0, 0.0, 1.0]).round(4)
    array([0.1587, 0.5   , 0.8413])
    >>> f"{float(standard_normal_cdf(-8.0)):.6e}"
    '6.220961e-16'
    """
    arr = as_float_array(x)
    erfc = np.vectorize(math.erfc, otypes=[np.float64])
    return (0.5 * erfc(-arr.astype(np.float64) / math.sqrt(2.0))).astype(arr.dtype, copy=False)


def gelu(x: ArrayLike, approximate: str = "none") -> FloatArray:
    """Gaussian error linear unit ``x * Phi(x)``, where Phi is the standard normal CDF.

    ``approximate="tanh"`` uses the tanh formula of the GPT-2 code,
    ``0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))``, like ``torch.nn.GELU('tanh')``,
    evaluated as ``x sigmoid(2u)`` (``1 + tanh(u) = 2 sigmoid(2u)``) so that negative
    inputs, where ``1 + tanh`` cancels, keep their precision (float32 especially).

    >>> gelu([-1.0, 0.0, 1.0]).round(4)
    array([-0.1587,  0.    ,  0.8413])
    >>> gelu([1.0], approximate="tanh").round(4)
    array([0.8412])
    """
    arr = as_float_array(x)
    if approximate == "none":
        return arr * standard_normal_cdf(arr)
    if approximate == "tanh":
        with np.errstate(over="ignore"):  # x³ overflows to ±inf for huge x; sigmoid(±inf) is exact
            inner = math.sqrt(2.0 / math.pi) * (arr + 0.044715 * arr**3)
            return arr * sigmoid(2 * inner)
    raise ValueError(f"approximate must be 'none' or 'tanh', got {approximate!r}")


def gelu_derivative(x: ArrayLike) -> FloatArray:
    """Slope of the exact GELU: ``Phi(x) + x phi(x)``, with ``phi`` the standard normal density.

    It is 0 at x ≈ −0.7518 (GELU's minimum), negative below, and tends to 0 like ``x phi(x)``
    as x → −∞: far from zero a GELU unit is almost as flat as a dead ReLU unit.

    >>> gelu_derivative([0.0, 1.0]).round(4)
    array([0.5   , 1.0833])
    >>> f"{float(gelu_derivative(-5.0)):.2e}"
    '-7.15e-06'
    """
    arr = as_float_array(x)
    density = np.exp(-0.5 * arr.astype(np.float64) ** 2) / math.sqrt(2.0 * math.pi)
    return (standard_normal_cdf(arr) + arr * density.astype(arr.dtype, copy=False)).astype(arr.dtype, copy=False)


def softmax(z: ArrayLike, axis: int = -1, temperature: float = 1.0) -> FloatArray:
    """Softmax ``e^(z_i/T) / sum_j e^(z_j/T)`` along ``axis``, safe for large logits.

    The maximum is subtracted before exponentiating; softmax does not change when a
    constant is added to every logit, so the result is the same but nothing overflows.
    A row whose entries are all ``-inf`` (fully masked) has no distribution: it comes
    out as NaN, as ``torch.softmax`` does (``F.scaled_dot_product_attention`` returns zeros
    for such a row instead).

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


def repetition_penalty(logits: ArrayLike, previous_ids: ArrayLike, theta: float) -> FloatArray:
    """Penalise tokens already generated: ``z_i / θ`` if ``z_i > 0``, ``z_i · θ`` otherwise.

    The rule applies only to the ids in ``previous_ids`` (each once, however often it
    occurred); other logits are unchanged. With ``θ > 1`` both branches lower any non-zero logit.
    This is the sign-aware form of Hugging Face transformers' ``repetition_penalty``; the
    CTRL paper (Keskar et al., 2019) divided every seen logit by ``θ``, which *raises* a
    negative one. ``logits`` is ``(..., V)``; ``previous_ids`` are ids in ``0..V-1``.

    >>> repetition_penalty([2.0, -1.0, 0.5], [0, 1], theta=2.0).tolist()
    [1.0, -2.0, 0.5]
    """
    arr = as_float_array(logits, "logits")
    if arr.ndim == 0 or arr.shape[-1] == 0:
        raise ValueError(f"logits must have a non-empty last axis, got shape {arr.shape}")
    if not (np.isfinite(theta) and theta > 0):
        raise ValueError(f"theta must be a positive number, got {theta}")
    ids = np.asarray(previous_ids)
    if ids.size and (not np.issubdtype(ids.dtype, np.integer) or ids.dtype == np.bool_):
        raise TypeError(f"previous_ids must be integer token ids, got dtype {ids.dtype}")
    ids = np.unique(ids.astype(np.int64).ravel())
    v = arr.shape[-1]
    if ids.size and (ids.min() < 0 or ids.max() >= v):
        raise ValueError(f"previous_ids must be in 0..{v - 1}")
    out = arr.copy()
    seen = out[..., ids]
    t = arr.dtype.type(theta)
    out[..., ids] = np.where(seen > 0, seen / t, seen * t)
    return out
