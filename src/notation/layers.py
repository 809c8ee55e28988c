"""Layers outside attention: dropout and 1-D convolution.

Both follow PyTorch's conventions: ``p`` in :func:`dropout` is the probability of
*dropping* a value (``nn.Dropout(p)``), and :func:`conv1d` is a cross-correlation, the
operation ``F.conv1d`` computes and deep learning calls "convolution".
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = ["dropout", "conv_output_size", "conv1d", "convolve1d"]


def _int(value: int, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def dropout(
    x: ArrayLike, p: float, rng: np.random.Generator | None = None, training: bool = True
) -> tuple[FloatArray, FloatArray]:
    """Inverted dropout: zero each value with probability ``p``, scale the kept ones by ``1 / (1 − p)``.

    Returns ``(output, mask)``: ``mask`` holds the 0/1 draws ``r ∼ Bernoulli(1 − p)`` and the
    output is ``r ⊙ x / (1 − p)``, so its expectation is ``x``. With ``training=False`` (at
    inference) nothing is dropped or scaled: the output is ``x`` and the mask is all ones.
    ``rng`` must be given when training (seeded randomness only). ``p = 1`` drops everything.

    >>> y, r = dropout([1.0, 2.0, 3.0, 4.0], p=0.5, rng=np.random.default_rng(1))
    >>> r.tolist(), y.tolist()
    ([1.0, 1.0, 0.0, 1.0], [2.0, 4.0, 0.0, 8.0])
    >>> dropout([1.0, 2.0], p=0.5, training=False)[0].tolist()
    [1.0, 2.0]
    """
    arr = as_float_array(x)
    if isinstance(p, bool) or not isinstance(p, (int, float, np.floating, np.integer)):
        raise TypeError(f"p must be a number, got {type(p).__name__}")
    if not 0.0 <= float(p) <= 1.0:
        raise ValueError(f"p is the drop probability and must be in [0, 1], got {p}")
    if not isinstance(training, bool):
        raise TypeError(f"training must be True or False, got {type(training).__name__}")
    if not training or p == 0:
        return arr.copy(), np.ones_like(arr)
    if rng is None:
        raise ValueError("pass rng (np.random.default_rng(seed)) when training=True")
    mask = (rng.random(arr.shape) >= p).astype(arr.dtype)
    if p == 1:
        return np.zeros_like(arr), mask
    return arr * mask / (1.0 - p), mask


def conv_output_size(n: int, kernel_size: int, stride: int = 1, padding: int = 0, dilation: int = 1) -> int:
    """Output length of a 1-D convolution: ``⌊(n + 2p − d(k − 1) − 1) / s⌋ + 1``.

    With dilation ``d = 1`` this is the familiar ``⌊(n + 2p − k) / s⌋ + 1``; the same
    formula gives each axis of a 2-D convolution. Raises if the kernel does not fit.

    >>> conv_output_size(32, kernel_size=3, stride=1, padding=1)  # "same" padding keeps the length
    32
    >>> conv_output_size(7, kernel_size=3, stride=2)
    3
    """
    n_ = _int(n, "n", 1)
    k = _int(kernel_size, "kernel_size", 1)
    s, p, d = _int(stride, "stride", 1), _int(padding, "padding", 0), _int(dilation, "dilation", 1)
    span = d * (k - 1) + 1
    if n_ + 2 * p < span:
        raise ValueError(f"the kernel spans {span} values but the padded input has only {n_ + 2 * p}")
    return (n_ + 2 * p - span) // s + 1


def conv1d(x: ArrayLike, kernel: ArrayLike, stride: int = 1, padding: int = 0) -> FloatArray:
    """Deep learning's 1-D "convolution" (a cross-correlation): ``y_i = Σ_j x_{i·s + j} w_j``.

    ``x`` is ``(..., n)`` and ``kernel`` ``(k,)``; ``padding`` zeros are added at both ends
    first. The kernel is *not* flipped, as in ``F.conv1d`` with one input and one output
    channel. The output is ``(..., conv_output_size(n, k, stride, padding))``.

    >>> conv1d([1.0, 2.0, 3.0, 4.0], [1.0, 0.0, -1.0])  # x_i − x_{i+2}
    array([-2., -2.])
    """
    arr = as_float_array(x)
    w = as_float_array(kernel, "kernel")
    if arr.ndim == 0 or w.ndim != 1:
        raise ValueError(f"need x of shape (..., n) and a kernel of shape (k,), got {arr.shape} and {w.shape}")
    out_len = conv_output_size(arr.shape[-1], w.size, stride, padding)
    pad = [(0, 0)] * (arr.ndim - 1) + [(padding, padding)]
    xp = np.pad(arr, pad)
    windows = np.lib.stride_tricks.sliding_window_view(xp, w.size, axis=-1)[..., ::stride, :][..., :out_len, :]
    return windows @ w


def convolve1d(x: ArrayLike, kernel: ArrayLike, stride: int = 1, padding: int = 0) -> FloatArray:
    """The mathematicians' convolution ``(x ∗ w)``: :func:`conv1d` with the kernel flipped.

    For a symmetric kernel the two agree; otherwise they differ, and a trained network
    would simply learn the flipped kernel. With no padding and stride 1 this equals
    ``np.convolve(x, w, mode="valid")``.

    >>> convolve1d([1.0, 2.0, 3.0, 4.0], [1.0, 0.0, -1.0])  # x_{i+2} − x_i
    array([2., 2.])
    """
    w = as_float_array(kernel, "kernel")
    if w.ndim != 1:
        raise ValueError(f"kernel must have shape (k,), got {w.shape}")
    return conv1d(x, w[::-1], stride, padding)
