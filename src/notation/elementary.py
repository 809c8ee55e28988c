"""Sums, products, exponentials, logs and the small functions of reading notation.

The Kronecker delta and the softmax Jacobian it writes compactly, the log of a product
(the sum of logs that does not underflow), and the int8 rounding behind "≈ after
quantization".
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray, as_float_array, check_axis
from notation.activations import softmax

__all__ = [
    "in_real_space",
    "kronecker_delta",
    "log_product",
]


def _as_index_array(x: ArrayLike, name: str) -> NDArray[np.integer[Any]]:
    if isinstance(x, str) or x is None:
        raise TypeError(f"{name} must be an integer or an array of integers, got {type(x).__name__}")
    arr = np.asarray(x)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"{name} must hold integers (indices), got dtype {arr.dtype}")
    return arr


def in_real_space(x: ArrayLike, shape: tuple[int, ...]) -> bool:
    """``x ∈ ℝ^shape``: is ``x`` an array of finite real numbers with exactly this shape?

    Integers and booleans count as real numbers; complex numbers, NaN and infinities do not.
    A scalar has shape ``()``.

    >>> in_real_space(np.zeros(64), (64,)), in_real_space(np.zeros(64), (8, 8))
    (True, False)
    >>> in_real_space([1.0, float("inf")], (2,))
    False
    """
    if not isinstance(shape, tuple) or not all(isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n >= 0 for n in shape):
        raise TypeError(f"shape must be a tuple of non-negative integers, got {shape!r}")
    if isinstance(x, str) or x is None:
        return False
    arr = np.asarray(x)
    if not (np.issubdtype(arr.dtype, np.number) or arr.dtype == np.bool_) or np.iscomplexobj(arr):
        return False
    return arr.shape == tuple(int(n) for n in shape) and bool(np.all(np.isfinite(arr)))


def kronecker_delta(i: ArrayLike, j: ArrayLike) -> FloatArray:
    """``δ_ij``: 1.0 where the indices ``i`` and ``j`` are equal, 0.0 elsewhere.

    ``i`` and ``j`` are integers or integer arrays and broadcast against each other, so a
    column of indices against a row of indices gives the identity matrix.

    >>> kronecker_delta(2, 2), kronecker_delta(2, 3)
    (np.float64(1.0), np.float64(0.0))
    >>> n = np.arange(3)
    >>> kronecker_delta(n[:, None], n[None, :])
    array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    """
    a, b = _as_index_array(i, "i"), _as_index_array(j, "j")
    try:
        equal = np.equal(a, b)
    except ValueError:
        raise ValueError(f"i and j do not broadcast together: shapes {a.shape} and {b.shape}") from None
    out = equal.astype(np.float64)
    return out[()] if out.ndim == 0 else out


def log_product(x: ArrayLike, axis: int = -1) -> FloatArray:
    """``log ∏_i x_i`` computed as ``Σ_i log x_i``, which does not underflow.

    Multiplying hundreds of probabilities in floating point rounds to 0.0; adding their
    logs gives a moderate negative number instead. Entries must be non-negative; a zero
    makes the result ``-inf`` (the log of a product that really is zero).

    >>> float(log_product([0.5, 0.25]))  # log(0.125)
    -2.0794415416798357
    >>> p = np.full(2000, 0.5)
    >>> float(np.prod(p)), round(float(log_product(p)), 2)
    (0.0, -1386.29)
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    if np.any(np.isnan(arr)):
        raise ValueError("x must not contain NaN")
    if np.any(arr < 0):
        raise ValueError(f"x must not have negative entries: the log of a negative product is undefined (min {arr.min():.3g})")
    with np.errstate(divide="ignore"):
        return np.sum(np.log(arr), axis=ax)
