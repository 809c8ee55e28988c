"""Attention: the causal mask, the scaled scores and scaled dot-product attention."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array
from notation.activations import softmax

__all__ = ["causal_mask", "attention_scores", "scaled_dot_product_attention"]


def causal_mask(n: int) -> FloatArray:
    """The ``n × n`` causal mask: 0 on and below the diagonal, ``-inf`` above it.

    Added to attention scores, it stops position ``i`` from attending to any ``j > i``.

    >>> causal_mask(3)
    array([[  0., -inf, -inf],
           [  0.,   0., -inf],
           [  0.,   0.,   0.]])
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    return np.triu(np.full((n, n), -np.inf), k=1) + 0.0


def attention_scores(
    q: ArrayLike, k: ArrayLike, mask: ArrayLike | None = None, scale: bool = True
) -> FloatArray:
    """The scores that attention feeds to softmax: ``Q Kᵀ / √d_k + M``.

    Shapes: ``q`` is ``(..., N, d_k)`` and ``k`` is ``(..., M, d_k)``; the result is
    ``(..., N, M)``, one row per query and one column per key. ``scale=False`` leaves out
    the division by ``√d_k`` (to show what it changes); ``mask`` is added and must
    broadcast to ``(..., N, M)``.

    >>> attention_scores([[1.0, 1.0]], [[2.0, 0.0], [1.0, 1.0]], scale=False)
    array([[2., 2.]])
    >>> attention_scores([[1.0, 1.0]], [[2.0, 0.0], [1.0, 1.0]]).round(4)
    array([[1.4142, 1.4142]])
    """
    q_, k_ = as_float_array(q, "q"), as_float_array(k, "k")
    for name, arr in (("q", q_), ("k", k_)):
        if arr.ndim < 2:
            raise ValueError(f"{name} must have at least 2 axes (tokens × features), got {arr.shape}")
    if q_.shape[-1] != k_.shape[-1]:
        raise ValueError(f"q and k must share d_k (last axis), got {q_.shape} and {k_.shape}")
    dtype = np.result_type(q_, k_)
    scores = q_ @ np.swapaxes(k_, -1, -2)
    if scale:
        scores = scores / dtype.type(math.sqrt(q_.shape[-1]))
    if mask is not None:
        m = as_float_array(mask, "mask")
        try:
            np.broadcast_shapes(m.shape, scores.shape)
        except ValueError:
            raise ValueError(
                f"mask of shape {m.shape} does not broadcast to the scores' shape {scores.shape}"
            ) from None
        scores = scores + m.astype(dtype, copy=False)
    return scores


def scaled_dot_product_attention(
    q: ArrayLike, k: ArrayLike, v: ArrayLike, mask: ArrayLike | None = None
) -> tuple[FloatArray, FloatArray]:
    """``softmax(Q Kᵀ / √d_k + M) V``; returns ``(output, weights)``.

    Shapes: ``q`` is ``(..., N, d_k)``, ``k`` is ``(..., M, d_k)``, ``v`` is
    ``(..., M, d_v)``, and ``mask`` (added to the scores) broadcasts to ``(..., N, M)``.
    The output is ``(..., N, d_v)`` and the weights ``(..., N, M)``, each row summing to 1.
    A row masked entirely with ``-inf`` gives NaN weights and a NaN output, as
    ``torch.softmax`` does on such a row. PyTorch's ``F.scaled_dot_product_attention``
    differs: since 2.5 it returns zeros for a query whose mask row is all ``-inf`` (or
    all ``False``). A row masked by *adding* a finite ``-1e9`` everywhere is only shifted,
    so in float64 it keeps its unmasked weights.

    >>> q = k = np.eye(2)
    >>> v = np.array([[1.0, 0.0], [0.0, 1.0]])
    >>> out, w = scaled_dot_product_attention(q, k, v, mask=causal_mask(2))
    >>> w.round(3)
    array([[1.  , 0.  ],
           [0.33, 0.67]])
    """
    k_, v_ = as_float_array(k, "k"), as_float_array(v, "v")
    if v_.ndim < 2:
        raise ValueError(f"v must have at least 2 axes (tokens × features), got {v_.shape}")
    if k_.ndim >= 2 and k_.shape[-2] != v_.shape[-2]:
        raise ValueError(f"k and v must have the same number of keys, got {k_.shape} and {v_.shape}")
    weights = softmax(attention_scores(q, k_, mask), axis=-1)
    return weights @ v_, weights
