"""Input checks shared by the library: clear errors instead of silent NaNs."""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.floating[Any]]


def as_float_array(x: ArrayLike, name: str = "x") -> FloatArray:
    """Return ``x`` as a floating array, keeping float32/float64 and promoting the rest to float64.

    >>> as_float_array([1, 2]).dtype
    dtype('float64')
    >>> as_float_array(np.ones(2, dtype=np.float32)).dtype
    dtype('float32')
    """
    if isinstance(x, str) or x is None:
        raise TypeError(f"{name} must be numeric array-like, got {type(x).__name__}")
    arr = np.asarray(x)
    if arr.dtype == object or not (
        np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.bool_)
    ):
        raise TypeError(f"{name} must be numeric, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real, got dtype {arr.dtype}")
    if arr.dtype in (np.float32, np.float64):
        return arr
    return arr.astype(np.float64)


def check_axis(arr: np.ndarray, axis: int, name: str = "x") -> int:
    """Return ``axis`` normalised to a non-negative index, or raise ``ValueError``."""
    if arr.ndim == 0:
        raise ValueError(f"{name} must have at least one axis, got a scalar")
    if not -arr.ndim <= axis < arr.ndim:
        raise ValueError(f"axis {axis} is out of range for {name} with {arr.ndim} axes")
    return axis % arr.ndim


def check_probabilities(p: ArrayLike, name: str = "p", atol: float = 1e-6) -> FloatArray:
    """Return ``p`` as floats after checking it is a distribution over its last axis.

    >>> check_probabilities([0.5, 0.5])
    array([0.5, 0.5])
    >>> check_probabilities([0.5, 0.6])
    Traceback (most recent call last):
    ...
    ValueError: p must sum to 1 along its last axis (got sums within [1.1, 1.1])
    """
    arr = as_float_array(p, name)
    if arr.ndim == 0:
        raise ValueError(f"{name} must be a vector of probabilities, got a scalar")
    if arr.shape[-1] == 0:
        raise ValueError(f"{name} must not be empty")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{name} must be finite")
    if np.any(arr < 0):
        raise ValueError(f"{name} must not have negative entries (min {arr.min():.3g})")
    sums = arr.sum(axis=-1)
    if not np.allclose(sums, 1.0, atol=atol, rtol=0):
        raise ValueError(
            f"{name} must sum to 1 along its last axis "
            f"(got sums within [{sums.min():.3g}, {sums.max():.3g}])"
        )
    return arr


def check_same_shape(a: np.ndarray, b: np.ndarray, names: str = "p and q") -> None:
    """Raise ``ValueError`` unless ``a`` and ``b`` have the same shape."""
    if a.shape != b.shape:
        raise ValueError(f"{names} must have the same shape, got {a.shape} and {b.shape}")


def log_base(values: FloatArray, base: float | None) -> FloatArray:
    """Divide natural logs by ``ln(base)``; ``None`` keeps nats."""
    if base is None:
        return values
    if base <= 0 or base == 1:
        raise ValueError(f"base must be positive and not 1, got {base}")
    # a float32 result stays float32 (np.log(base) is a float64 scalar that would promote it)
    return values / np.asarray(values).dtype.type(np.log(base))
