"""Number formats: bit layouts, machine epsilon and range of fp32, fp16 and bf16; int8 quantisation.

A binary floating-point number is stored as a sign bit, ``e`` exponent bits and ``m``
mantissa (fraction) bits. Its value is ``(-1)^sign × 1.fraction × 2^(exponent - bias)``
with ``bias = 2^(e-1) - 1``; the all-zeros exponent holds zero and the subnormals, the
all-ones exponent holds infinity and NaN. Everything about a format (its epsilon, its
largest and smallest numbers) follows from ``e`` and ``m``, which is how this module
describes bf16, a format NumPy does not have.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray, as_float_array

__all__ = [
    "FLOAT_FORMATS",
    "FloatFormatInfo",
    "float_format_info",
    "round_to_format",
    "float_fields",
    "quantize_int8",
    "dequantize_int8",
]

FLOAT_FORMATS: dict[str, tuple[int, int]] = {
    "fp64": (11, 52),
    "fp32": (8, 23),
    "fp16": (5, 10),
    "bf16": (8, 7),
}
"""(exponent bits, mantissa bits) of each IEEE-style format; every one also has 1 sign bit."""


class FloatFormatInfo(NamedTuple):
    """What a floating-point layout can represent (all values are Python floats)."""

    bits: int
    """Total width: 1 sign bit + exponent bits + mantissa bits."""
    bias: int
    """Stored exponent minus ``bias`` is the power of two."""
    eps: float
    """Machine epsilon: the gap between 1 and the next larger number, ``2^-m``."""
    max: float
    """Largest finite number, ``(2 - 2^-m) × 2^bias``."""
    min_normal: float
    """Smallest positive number with full precision, ``2^(1 - bias)``."""
    min_subnormal: float
    """Smallest positive number at all, ``2^(1 - bias - m)``."""
    decimal_digits: int
    """About how many decimal digits survive, ``floor(-log10(eps))`` (NumPy's ``precision``)."""


def _check_layout(exponent_bits: int, mantissa_bits: int) -> None:
    for name, value, low, high in (("exponent_bits", exponent_bits, 2, 11), ("mantissa_bits", mantissa_bits, 1, 52)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
        if not low <= value <= high:
            raise ValueError(f"{name} must be between {low} and {high}, got {value}")


def float_format_info(exponent_bits: int, mantissa_bits: int) -> FloatFormatInfo:
    """Epsilon, largest and smallest numbers of an IEEE-style float, from its bit layout alone.

    bf16 has 8 exponent bits (the range of fp32) but only 7 mantissa bits:

    >>> bf16 = float_format_info(8, 7)
    >>> bf16.bits, bf16.eps, f"{bf16.max:.4e}", f"{bf16.min_normal:.4e}"
    (16, 0.0078125, '3.3895e+38', '1.1755e-38')
    >>> float_format_info(5, 10).max  # fp16
    65504.0
    """
    _check_layout(exponent_bits, mantissa_bits)
    e, m = int(exponent_bits), int(mantissa_bits)
    bias = 2 ** (e - 1) - 1
    eps = math.ldexp(1.0, -m)
    return FloatFormatInfo(
        bits=1 + e + m,
        bias=bias,
        eps=eps,
        max=math.ldexp(2.0 - eps, bias),
        min_normal=math.ldexp(1.0, 1 - bias),
        min_subnormal=math.ldexp(1.0, 1 - bias - m),
        decimal_digits=int(math.floor(-math.log10(eps))),
    )


def round_to_format(x: ArrayLike, exponent_bits: int, mantissa_bits: int) -> FloatArray:
    """Round float64 values to the nearest number of a smaller float format (ties to even).

    Returns float64 holding exactly representable values of the format; values too large
    for it become ±inf, as a real cast would. Matches ``x.astype(np.float16)`` for (5, 10)
    and ``x.astype(np.float32)`` for (8, 23), and gives bf16 for (8, 7), which NumPy lacks.

    >>> round_to_format([1.0 + 2**-8, 3.14159265, 70000.0], 8, 7).tolist()  # bf16
    [1.0, 3.140625, 70144.0]
    >>> round_to_format([70000.0], 5, 10).tolist()  # fp16 overflows
    [inf]
    """
    _check_layout(exponent_bits, mantissa_bits)
    arr = as_float_array(x).astype(np.float64)
    info = float_format_info(exponent_bits, mantissa_bits)
    out = arr.copy()
    finite = np.isfinite(arr) & (arr != 0)
    v = arr[finite]
    _, k = np.frexp(v)  # |v| = f × 2^k with f in [0.5, 1), so |v| = (2f) × 2^(k - 1)
    exponent = np.maximum(k - 1, 1 - info.bias)  # below the normal range the spacing is fixed
    quantum = np.ldexp(1.0, exponent - int(mantissa_bits))
    rounded = np.round(v / quantum) * quantum  # division by a power of two is exact
    rounded = np.where(np.abs(rounded) > info.max, np.copysign(np.inf, v), rounded)
    out[finite] = rounded
    return out


def float_fields(x: float, exponent_bits: int, mantissa_bits: int) -> tuple[int, int, int]:
    """The stored (sign, exponent field, mantissa field) of ``x`` after rounding to the format.

    The value is ``(-1)^sign × (1 + mantissa / 2^m) × 2^(exponent - bias)`` for normal numbers.

    >>> float_fields(-2.5, 8, 23)  # -1.25 × 2^1 in fp32: exponent 1 + 127, mantissa .01 binary
    (1, 128, 2097152)
    >>> float_fields(1.0, 8, 7)  # bf16
    (0, 127, 0)
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
        raise TypeError(f"x must be a real number, got {type(x).__name__}")
    _check_layout(exponent_bits, mantissa_bits)
    e, m = int(exponent_bits), int(mantissa_bits)
    info = float_format_info(e, m)
    all_ones = 2**e - 1
    r = float(round_to_format([float(x)], e, m)[0])
    if math.isnan(r):
        return 0, all_ones, 1 << (m - 1)
    sign = 1 if math.copysign(1.0, r) < 0 else 0
    a = abs(r)
    if math.isinf(a):
        return sign, all_ones, 0
    if a < info.min_normal:  # zero and subnormals: exponent field 0, no implicit leading 1
        return sign, 0, int(round(a / info.min_subnormal))
    _, k = math.frexp(a)
    power = k - 1
    mantissa = int(round((math.ldexp(a, -power) - 1.0) * 2**m))
    return sign, power + info.bias, mantissa


def quantize_int8(x: ArrayLike) -> tuple[NDArray[np.int8], float]:
    """Symmetric int8 quantisation: integers in [-127, 127] plus one shared float scale.

    ``scale = max|x| / 127`` and ``q = round(x / scale)``, so ``q × scale`` recovers ``x``
    to within ``scale / 2``. An all-zero input gets ``scale = 1.0``.

    >>> q, scale = quantize_int8([0.5, -1.27, 0.0])
    >>> q.tolist(), round(scale, 6)
    ([50, -127, 0], 0.01)
    """
    arr = as_float_array(x).astype(np.float64)
    if arr.size == 0:
        raise ValueError("x must not be empty")
    if not np.all(np.isfinite(arr)):
        raise ValueError("x must be finite to be quantised")
    largest = float(np.max(np.abs(arr)))
    scale = largest / 127.0 if largest > 0 else 1.0
    q = np.clip(np.round(arr / scale), -127, 127).astype(np.int8)
    return q, scale


def dequantize_int8(q: ArrayLike, scale: float) -> FloatArray:
    """Undo `quantize_int8`: ``q × scale`` as float64.

    >>> dequantize_int8([50, -127, 0], 0.01).tolist()
    [0.5, -1.27, 0.0]
    """
    arr = np.asarray(q)
    if not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(f"q must hold integers, got dtype {arr.dtype}")
    if isinstance(scale, bool) or not isinstance(scale, (int, float, np.floating)) or not scale > 0 or not math.isfinite(scale):
        raise ValueError(f"scale must be a positive finite number, got {scale!r}")
    return arr.astype(np.float64) * float(scale)
