"""Sums, products, exponentials, logs and the small functions of reading notation.

The Kronecker delta and the softmax Jacobian it writes compactly, the log of a product
(the sum of logs that does not underflow), and the int8 rounding behind "≈ after
quantization"; floor division and the remainder (``⌊a/n⌋``, ``a mod n``), index ranges
(``x_{a:b}``, ``x_{<t}``) and logical implication.
(the sum of logs that does not underflow), the int8 rounding behind "≈ after
quantization", and clipping a value into an interval.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray, as_float_array, check_axis
from notation.activations import softmax

__all__ = [
    "in_real_space",
    "kronecker_delta",
    "log_product",
    "in_interval",
    "all_but_one",
    "leave_one_out_means",
    "compose",
    "example",
    "quotient_remainder",
    "index_range",
    "before",
    "implies",
    "clip",
    "clip_gradient",
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


_INTERVAL_ENDS = {"[]": (True, True), "[)": (True, False), "(]": (False, True), "()": (False, False)}


def in_interval(x: ArrayLike, a: float, b: float, ends: str = "[]") -> NDArray[np.bool_]:
    """Is each entry of ``x`` in the interval from ``a`` to ``b``? ``ends`` picks the brackets.

    ``"[]"`` is the closed interval ``[a, b]`` (both ends included), ``"()"`` the open one
    ``(a, b)``, ``"[)"`` and ``"(]"`` the half-open ones: a square bracket includes its end,
    a round one excludes it.

    >>> in_interval([0.0, 0.5, 1.0], 0, 1, "[)").tolist()  # where rng.random() draws from
    [True, True, False]
    >>> in_interval([0.0, 1.0], 0, 1, "()").tolist()  # where a sigmoid's outputs lie
    [False, False]
    """
    if ends not in _INTERVAL_ENDS:
        raise ValueError(f"ends must be one of {sorted(_INTERVAL_ENDS)}, got {ends!r}")
    if not a <= b:
        raise ValueError(f"an interval needs a <= b, got a={a}, b={b}")
    arr = as_float_array(x)
    left, right = _INTERVAL_ENDS[ends]
    above = arr >= a if left else arr > a
    below = arr <= b if right else arr < b
    return np.asarray(above & below)


def all_but_one(x: ArrayLike, i: int, axis: int = -1) -> FloatArray:
    """``x_{−i}``: every entry of ``x`` along ``axis`` except entry ``i`` (counted from 0).

    The result has one entry fewer along ``axis``. A negative ``i`` is refused: in the maths
    ``−i`` means "all but ``i``", and Python's from-the-end meaning would silently drop another entry.

    >>> all_but_one([10.0, 20.0, 30.0, 40.0], 1).tolist()
    [10.0, 30.0, 40.0]
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    n = arr.shape[ax]
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
        raise TypeError(f"i must be an integer index, got {type(i).__name__}")
    if i < 0:
        raise IndexError(f"index {i} is negative: count i from 0, not from the end (x_(-i) removes entry i)")
    if i >= n:
        raise IndexError(f"index {i} is out of range for an axis of length {n}")
    return np.delete(arr, int(i), axis=ax)


def leave_one_out_means(x: ArrayLike, axis: int = -1) -> FloatArray:
    """For each ``i``, the mean of ``x_{−i}``: all entries but the ``i``-th, in one pass.

    Computed as ``(Σ_j x_j − x_i) / (n − 1)``, the sum of all entries minus the one left out.

    >>> leave_one_out_means([1.0, 2.0, 6.0]).tolist()
    [4.0, 3.5, 1.5]
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    n = arr.shape[ax]
    if n < 2:
        raise ValueError(f"leaving one out needs at least 2 entries along the axis, got {n}")
    return (arr.sum(axis=ax, keepdims=True) - arr) / (n - 1)


def compose(*functions: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``f ∘ g ∘ …``: the function that applies the last one first, ``(f ∘ g)(x) = f(g(x))``.

    >>> square_then_add_one = compose(lambda x: x + 1, lambda x: x * x)
    >>> square_then_add_one(3)
    10
    """
    if not functions:
        raise ValueError("compose needs at least one function")
    for f in functions:
        if not callable(f):
            raise TypeError(f"compose takes functions, got {type(f).__name__}")

    def composed(x: Any) -> Any:
        for f in reversed(functions):
            x = f(x)
        return x

    return composed


def example(X: ArrayLike, i: int) -> FloatArray:
    """``x^{(i)}``: the ``i``-th example of a dataset, row ``i`` of the design matrix ``X``.

    ``i`` counts from 1, as in the formulas; in code it is ``X[i - 1]``.

    >>> example([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], 2).tolist()
    [3.0, 4.0]
    """
    arr = as_float_array(X, "X")
    if arr.ndim < 2:
        raise ValueError(f"X holds one example per row, so it needs at least 2 axes, got shape {arr.shape}")
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
        raise TypeError(f"i must be an integer, got {type(i).__name__}")
    m = arr.shape[0]
    if not 1 <= i <= m:
        raise IndexError(f"example index i counts from 1 to m = {m}, got {i}")
    return arr[int(i) - 1]


_ROUNDINGS = ("floor", "trunc")


def quotient_remainder(a: ArrayLike, n: ArrayLike, rounding: str = "floor") -> tuple[FloatArray, FloatArray]:
    """``(q, r)`` with ``a = n q + r``: ``q = ⌊a/n⌋`` and ``r = a mod n`` (``rounding="floor"``).

    With ``"floor"`` the quotient is rounded down and the remainder has the sign of ``n``
    (``0 ≤ r < n`` for ``n > 0``, except that rounding can give ``r = n`` for a tiny negative ``a``,
    as Python's ``%`` does): Python's ``//`` and ``%``, ``np.floor_divide`` and
    ``np.mod``, ``torch.div(..., rounding_mode="floor")`` and ``torch.remainder``. With
    ``"trunc"`` the quotient is rounded towards zero and the remainder has the sign of ``a``:
    C's ``/`` and ``%``, ``math.fmod``, ``np.fmod`` and ``torch.fmod``. The two agree when ``a``
    and ``n`` have the same sign. Returned as floats; ``n`` must not be 0.

    >>> [v.tolist() for v in quotient_remainder(-7, 2)]
    [-4.0, 1.0]
    >>> [v.tolist() for v in quotient_remainder(-7, 2, rounding="trunc")]
    [-3.0, -1.0]
    >>> quotient_remainder(-1e-20, 2)[1].tolist() == -1e-20 % 2 == 2.0  # 2 − 1e-20 rounds to 2
    True
    """
    if rounding not in _ROUNDINGS:
        raise ValueError(f"rounding must be one of {_ROUNDINGS}, got {rounding!r}")
    a_, n_ = as_float_array(a, "a").astype(np.float64), as_float_array(n, "n").astype(np.float64)
    if not (np.all(np.isfinite(a_)) and np.all(np.isfinite(n_))):
        raise ValueError("a and n must be finite")
    if np.any(n_ == 0):
        raise ValueError("n must not be 0: a mod 0 is undefined")
    q = np.floor(a_ / n_) if rounding == "floor" else np.trunc(a_ / n_)
    return q, a_ - n_ * q


def _position(i: int, name: str) -> int:
    if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
        raise TypeError(f"{name} must be an integer position, got {type(i).__name__}")
    return int(i)


def index_range(x: ArrayLike, a: int, b: int, axis: int = 0) -> FloatArray:
    """``x_{a:b}``: the entries ``x_a, …, x_b`` along ``axis``, both ends included, counting from 1.

    In code that is ``x[a - 1 : b]``: Python's slice counts from 0 and leaves out its end,
    so ``x_{1:T}`` is ``x[0:T]``, the first ``T`` entries. ``x_{a:a-1}`` is empty.

    >>> index_range([10.0, 20.0, 30.0, 40.0, 50.0], 2, 4).tolist()  # x_2, x_3, x_4
    [20.0, 30.0, 40.0]
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    a_, b_, n = _position(a, "a"), _position(b, "b"), arr.shape[ax]
    if not 1 <= a_ <= b_ + 1 or b_ > n:
        raise IndexError(f"x_{{{a_}:{b_}}} needs 1 <= a <= b + 1 and b <= {n} (the length along the axis)")
    return np.take(arr, np.arange(a_ - 1, b_), axis=ax)


def before(x: ArrayLike, t: int, axis: int = 0) -> FloatArray:
    """``x_{<t}``: every entry before position ``t`` (counting from 1), ``x_1, …, x_{t−1}``.

    It is ``x_{1:t-1}``, ``x[: t - 1]`` in code; ``x_{<1}`` is empty (nothing comes before the
    first token).

    >>> before([10.0, 20.0, 30.0, 40.0], 3).tolist()
    [10.0, 20.0]
    """
    t_ = _position(t, "t")
    if t_ < 1:
        raise IndexError(f"positions count from 1, so x_{{<t}} needs t >= 1, got {t_}")
    return index_range(x, 1, t_ - 1, axis)


def implies(p: ArrayLike, q: ArrayLike) -> NDArray[np.bool_]:
    """``p ⇒ q``: false only where ``p`` is true and ``q`` false, entry by entry (``¬p ∨ q``).

    >>> implies([True, True, False, False], [True, False, True, False]).tolist()
    [True, False, True, True]
    """
    p_, q_ = np.asarray(p), np.asarray(q)
    if p_.dtype != np.bool_ or q_.dtype != np.bool_:
        raise TypeError(f"p and q must be booleans, got dtypes {p_.dtype} and {q_.dtype}")
    return np.logical_or(np.logical_not(p_), q_)
def _bounds(low: float, high: float) -> None:
    if not low <= high:
        raise ValueError(f"need low <= high, got low={low} and high={high} (np.clip and torch.clamp would return high everywhere)")


def clip(x: ArrayLike, low: float, high: float) -> FloatArray:
    """``clip(x, a, b) = min(max(x, a), b)`` element-wise: values below ``a`` become ``a``,
    above ``b`` become ``b``, the rest pass unchanged (``np.clip``, ``torch.clamp``).

    Unlike those two, which return ``b`` everywhere when ``a > b``, it refuses ``a > b``.

    >>> clip([-2.0, 0.3, 5.0], 0.0, 1.0).tolist()
    [0.0, 0.3, 1.0]
    """
    _bounds(low, high)
    arr = as_float_array(x, "x")
    return np.minimum(np.maximum(arr, arr.dtype.type(low)), arr.dtype.type(high))


def clip_gradient(x: ArrayLike, low: float, high: float) -> FloatArray:
    """The slope of ``clip(x, a, b)`` in ``x`` as autograd gives it: 1 where ``a ≤ x ≤ b``
    (the ends included, as ``torch.clamp`` does) and 0 outside, where the output is flat.

    >>> clip_gradient([-2.0, 0.0, 0.3, 5.0], 0.0, 1.0).tolist()
    [0.0, 1.0, 1.0, 0.0]
    """
    _bounds(low, high)
    arr = as_float_array(x, "x")
    return ((arr >= low) & (arr <= high)).astype(arr.dtype)
