"""Shapes, norms, products and broadcasting, explained step by step.

Shape helpers (``broadcast_shapes``, ``matmul_shape``) work on shape tuples and never
touch data, so they can check a formula before any array exists. Their errors say which
axis failed and why. The numeric helpers follow the package conventions: ``axis=-1``
by default, float32/float64 kept, everything else promoted to float64.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis, check_same_shape

__all__ = [
    "BroadcastStep",
    "Broadcast",
    "broadcast_shapes",
    "matmul_shape",
    "matmul_rank_bounds",
    "dot_product",
    "vector_norm",
    "frobenius_norm",
    "unit_vector",
    "cosine_similarity",
    "angle_between",
    "hadamard",
    "elementwise_divide",
    "to_bmatrix",
    "pseudoinverse",
]

Shape = tuple[int, ...]


def _as_shape(shape: Sequence[int], name: str) -> Shape:
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Sequence):
        raise TypeError(f"{name} must be a tuple of sizes such as (3, 4), got {type(shape).__name__}")
    dims = []
    for d in shape:
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError(f"{name} must hold integers, got {d!r}")
        if d < 0:
            raise ValueError(f"{name} must not hold negative sizes, got {tuple(shape)}")
        dims.append(int(d))
    return tuple(dims)


class BroadcastStep(NamedTuple):
    """How one axis of the result was decided, counted from the right (``-1`` is the last axis).

    ``sizes`` holds each input's size on that axis, ``None`` where the input has no such
    axis (it is treated as 1). ``reason`` says in words why the result has ``size``.
    """

    axis: int
    sizes: tuple[int | None, ...]
    size: int
    reason: str


class Broadcast(NamedTuple):
    """The broadcast result ``shape`` and the per-axis ``steps`` that led to it (last axis first)."""

    shape: Shape
    steps: tuple[BroadcastStep, ...]


def broadcast_shapes(*shapes: Sequence[int]) -> Broadcast:
    """Apply NumPy's (and PyTorch's) broadcasting rule, recording the reasoning for each axis.

    The rule: line the shapes up on the right; a missing axis counts as size 1; on each
    axis every size other than 1 must be the same (any number of shapes may have a 1
    there), and a size-1 axis is repeated to match. Raises ``ValueError`` naming the axis
    where that fails.

    >>> b = broadcast_shapes((3, 4), (3, 1))
    >>> b.shape
    (3, 4)
    >>> for step in b.steps:
    ...     print(step.axis, step.sizes, step.reason)
    -1 (4, 1) size 1 is repeated to 4
    -2 (3, 3) sizes equal (3)
    >>> broadcast_shapes((3,), (3,), (1,)).shape  # two sizes of 3 and a 1 on the same axis
    (3,)
    >>> broadcast_shapes((3, 4), (3,)).shape
    Traceback (most recent call last):
    ...
    ValueError: shapes (3, 4) and (3,) do not broadcast: on axis -1 (the last) the sizes are 4 and 3; every size other than 1 must be the same
    """
    if not shapes:
        raise ValueError("broadcast_shapes needs at least one shape")
    dims = [_as_shape(s, f"shape {i + 1}") for i, s in enumerate(shapes)]
    ndim = max(len(d) for d in dims)
    steps: list[BroadcastStep] = []
    out: list[int] = []
    for k in range(1, ndim + 1):
        sizes = tuple(d[-k] if k <= len(d) else None for d in dims)
        present = [s for s in sizes if s is not None]
        not_one = sorted({s for s in present if s != 1})
        if len(not_one) > 1:
            where = " (the last)" if k == 1 else ""
            shown = " and ".join(str(s) if s is not None else "missing" for s in sizes)
            listed = " and ".join(str(s) for s in dims)
            raise ValueError(
                f"shapes {listed} do not broadcast: on axis -{k}{where} the sizes are {shown}; "
                "every size other than 1 must be the same"
            )
        size = not_one[0] if not_one else 1
        parts = []
        if any(s is None for s in sizes):
            parts.append("missing axis counts as 1")
        if size != 1 and any(s is None or s == 1 for s in sizes):
            parts.append(f"size 1 is repeated to {size}")
        reason = "; ".join(parts) if parts else f"sizes equal ({size})"
        steps.append(BroadcastStep(axis=-k, sizes=sizes, size=size, reason=reason))
        out.append(size)
    return Broadcast(shape=tuple(reversed(out)), steps=tuple(steps))


def matmul_shape(a: Sequence[int], b: Sequence[int]) -> Shape:
    """The shape of ``A @ B`` from the shapes alone, or a ``ValueError`` saying which sizes clash.

    Same rules as ``np.matmul``: the last two axes multiply (``m × n`` times ``n × p``
    gives ``m × p``, the inner ``n`` disappears), any axes before them are batch axes
    and broadcast; a 1-axis operand is a vector (a row on the left, a column on the right)
    and its axis is dropped from the result.

    >>> matmul_shape((4, 2), (2, 3))
    (4, 3)
    >>> matmul_shape((8, 10, 64), (64, 16))
    (8, 10, 16)
    >>> matmul_shape((10, 64), (10, 64))
    Traceback (most recent call last):
    ...
    ValueError: inner sizes do not match: (10, 64) @ (10, 64) pairs 64 columns of the left with 10 rows of the right
    """
    sa, sb = _as_shape(a, "a"), _as_shape(b, "b")
    if len(sa) == 0 or len(sb) == 0:
        raise ValueError(f"matmul needs at least one axis on each side, got {sa} @ {sb}; use * to scale by a scalar")
    la = (1, *sa) if len(sa) == 1 else sa
    lb = (*sb, 1) if len(sb) == 1 else sb
    if la[-1] != lb[-2]:
        left = "entries of the vector" if len(sa) == 1 else "columns of the left"
        right = "entries of the vector" if len(sb) == 1 else "rows of the right"
        raise ValueError(
            f"inner sizes do not match: {sa} @ {sb} pairs {la[-1]} {left} with {lb[-2]} {right}"
        )
    try:
        batch = broadcast_shapes(la[:-2], lb[:-2]).shape
    except ValueError as err:
        raise ValueError(f"batch axes of {sa} @ {sb} do not broadcast: {err}") from None
    core: tuple[int, ...] = ()
    if len(sa) > 1:
        core += (la[-2],)
    if len(sb) > 1:
        core += (lb[-1],)
    return batch + core


def matmul_rank_bounds(rank_a: int, rank_b: int, inner: int) -> tuple[int, int]:
    """Sylvester's bounds on ``rank(AB)`` for ``A`` (``m × inner``) and ``B`` (``inner × p``).

    ``max(0, rank A + rank B - inner) <= rank(AB) <= min(rank A, rank B)``. When both
    factors are as full as the inner size allows, the bounds meet and give the rank
    exactly, without ever decomposing the (possibly huge) product.

    >>> matmul_rank_bounds(8, 8, 8)
    (8, 8)
    >>> matmul_rank_bounds(2, 2, 3)
    (1, 2)
    """
    for name, v in (("rank_a", rank_a), ("rank_b", rank_b), ("inner", inner)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must be an integer, got {type(v).__name__}")
        if v < 0:
            raise ValueError(f"{name} must be >= 0, got {v}")
    if rank_a > inner or rank_b > inner:
        raise ValueError(f"a factor's rank cannot exceed the inner size {inner}, got {rank_a} and {rank_b}")
    return max(0, int(rank_a) + int(rank_b) - int(inner)), min(int(rank_a), int(rank_b))


def _pair(u: ArrayLike, v: ArrayLike, axis: int) -> tuple[FloatArray, FloatArray, int]:
    a, b = as_float_array(u, "u"), as_float_array(v, "v")
    check_same_shape(a, b, "u and v")
    ax = check_axis(a, axis, "u")
    if a.shape[ax] == 0:
        raise ValueError("u and v must not be empty")
    return a, b, ax


def dot_product(u: ArrayLike, v: ArrayLike, axis: int = -1) -> FloatArray:
    """``⟨u, v⟩ = Σ_i u_i v_i`` along ``axis``; ``u`` and ``v`` must have the same shape.

    >>> float(dot_product([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]))
    32.0
    """
    a, b, ax = _pair(u, v, axis)
    return np.sum(a * b, axis=ax)


def vector_norm(x: ArrayLike, p: float = 2, axis: int = -1) -> FloatArray:
    """The p-norm ``‖x‖_p = (Σ_i |x_i|^p)^(1/p)`` along ``axis``; ``p = inf`` gives ``max |x_i|``.

    ``p = 2`` is the ordinary (Euclidean) length, ``p = 1`` the sum of absolute values.

    >>> float(vector_norm([3.0, 4.0])), float(vector_norm([3.0, -4.0], p=1))
    (5.0, 7.0)
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    if isinstance(p, bool) or not isinstance(p, (int, float, np.integer, np.floating)):
        raise TypeError(f"p must be a number, got {type(p).__name__}")
    if not p >= 1:
        raise ValueError(f"p must be >= 1 (below 1 it is not a norm), got {p}")
    mags = np.abs(arr)
    if math.isinf(p):
        return np.max(mags, axis=ax)
    if p == 1:
        return np.sum(mags, axis=ax)
    if p == 2:
        # scale by the largest entry first so that squaring cannot overflow
        scale = np.max(mags, axis=ax, keepdims=True)
        safe = np.where(scale > 0, scale, 1)
        return np.squeeze(safe, axis=ax) * np.sqrt(np.sum((mags / safe) ** 2, axis=ax))
    return np.sum(mags**p, axis=ax) ** (1.0 / p)


def frobenius_norm(a: ArrayLike) -> FloatArray:
    """``‖A‖_F = √(Σ_ij A_ij²)`` over the last two axes: the 2-norm of the matrix read as one long vector.

    >>> float(frobenius_norm([[1.0, 2.0], [2.0, 4.0]]))
    5.0
    """
    arr = as_float_array(a, "a")
    if arr.ndim < 2:
        raise ValueError(f"a must be a matrix (at least 2 axes), got shape {arr.shape}; use vector_norm for a vector")
    flat = arr.reshape(*arr.shape[:-2], -1)
    if flat.shape[-1] == 0:
        return np.zeros(flat.shape[:-1], dtype=arr.dtype)
    return vector_norm(flat, p=2, axis=-1)


def unit_vector(x: ArrayLike, axis: int = -1) -> FloatArray:
    """``x / ‖x‖₂`` along ``axis``: same direction, length 1. A zero vector has no direction: ``ValueError``.

    >>> unit_vector([3.0, 4.0])
    array([0.6, 0.8])
    """
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    n = vector_norm(arr, axis=ax)
    if np.any(n == 0):
        raise ValueError("a zero vector has no direction, so it has no unit vector")
    return arr / np.expand_dims(n, ax)


def cosine_similarity(u: ArrayLike, v: ArrayLike, axis: int = -1, eps: float | None = None) -> FloatArray:
    """``⟨u, v⟩ / (‖u‖ ‖v‖)`` along ``axis``: the cosine of the angle between u and v, in [-1, 1].

    With ``eps=None`` a zero vector, whose angle is undefined, raises ``ValueError``. With a
    number it computes what ``torch.nn.functional.cosine_similarity`` does (its default is
    ``eps=1e-8``): ``⟨u, v⟩ / (max(‖u‖, ε) · max(‖v‖, ε))``, so a zero vector gives 0 and
    a vector shorter than ``ε`` gives less than its true cosine.

    >>> round(float(cosine_similarity([1.0, 0.0], [1.0, 1.0])), 4)
    0.7071
    >>> float(cosine_similarity([0.0, 0.0], [1.0, 1.0], eps=1e-8))
    0.0
    """
    a, b, ax = _pair(u, v, axis)
    na, nb = vector_norm(a, axis=ax), vector_norm(b, axis=ax)
    if eps is None:
        if np.any(na == 0) or np.any(nb == 0):
            raise ValueError("cosine similarity of a zero vector is undefined (it has no direction); pass eps to get PyTorch's 0")
    else:
        if not eps > 0:
            raise ValueError(f"eps must be positive, got {eps}")
        na, nb = np.maximum(na, a.dtype.type(eps)), np.maximum(nb, b.dtype.type(eps))
    cos = dot_product(a / np.expand_dims(na, ax), b / np.expand_dims(nb, ax), axis=ax)
    return np.clip(cos, -1.0, 1.0)


def angle_between(u: ArrayLike, v: ArrayLike, axis: int = -1) -> FloatArray:
    """The angle θ (radians, in [0, π]) with ``cos θ = cosine_similarity(u, v)``.

    >>> round(float(angle_between([1.0, 0.0], [0.0, 2.0])), 6)
    1.570796
    """
    return np.arccos(cosine_similarity(u, v, axis=axis))


def hadamard(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """``a ⊙ b``: multiply entry by entry. Both must have the same shape, which the result keeps.

    Unlike NumPy's ``a * b`` this refuses to broadcast, as the symbol ⊙ does.

    >>> hadamard([[1.0, 2.0], [3.0, 4.0]], [[10.0, 0.0], [1.0, -1.0]])
    array([[10.,  0.],
           [ 3., -4.]])
    """
    x, y = as_float_array(a, "a"), as_float_array(b, "b")
    check_same_shape(x, y, "a and b (for ⊙)")
    return x * y


def elementwise_divide(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """``a ⊘ b``: divide entry by entry. Same shape required; a zero in ``b`` raises ``ValueError``.

    >>> elementwise_divide([[6.0, 1.0]], [[3.0, 4.0]])
    array([[2.  , 0.25]])
    """
    x, y = as_float_array(a, "a"), as_float_array(b, "b")
    check_same_shape(x, y, "a and b (for ⊘)")
    if np.any(y == 0):
        idx = tuple(int(i) for i in np.argwhere(y == 0)[0])
        raise ValueError(f"b has a zero at index {idx}; a ⊘ b is undefined there")
    return x / y


def to_bmatrix(a: ArrayLike, precision: int | None = None) -> str:
    r"""The LaTeX source of a vector or matrix: ``&`` between columns, ``\\`` between rows.

    Integers print as integers; other numbers with ``precision`` decimals (default: as
    short as Python's ``repr`` allows). A 1-axis array prints as one row.

    >>> print(to_bmatrix([[1, 2, 3], [4, 5, 6]]))
    \begin{bmatrix} 1 & 2 & 3 \\ 4 & 5 & 6 \end{bmatrix}
    """
    arr = np.asarray(a)
    if arr.ndim == 1:
        arr = arr[np.newaxis, :]
    if arr.ndim != 2:
        raise ValueError(f"to_bmatrix takes a vector or a matrix, got shape {arr.shape}")
    as_float_array(arr, "a")  # type check only

    def cell(v: object) -> str:
        f = float(v)  # type: ignore[arg-type]
        if precision is None and f.is_integer():
            s = str(int(f))
        elif precision is None:
            s = repr(f)
        else:
            s = f"{f:.{precision}f}"
        return s.lstrip("-") if float(s) == 0 else s

    rows = [" & ".join(cell(v) for v in row) for row in arr]
    return r"\begin{bmatrix} " + r" \\ ".join(rows) + r" \end{bmatrix}"


def pseudoinverse(a: ArrayLike, rcond: float = 1e-12) -> FloatArray:
    """``A⁺``, the Moore–Penrose pseudoinverse, built from the SVD ``A = UΣVᵀ`` as ``VΣ⁺Uᵀ``.

    ``Σ⁺`` inverts every singular value larger than ``rcond`` times the largest and sets
    the others to 0, so ``A⁺`` exists for any matrix, square or not, full rank or not.
    For an ``m×n`` matrix it is ``n×m``; ``A⁺b`` is the least-squares solution of
    ``Ax ≈ b`` with the smallest norm; for an invertible square matrix ``A⁺ = A⁻¹``.

    >>> pseudoinverse([[2.0, 0.0], [0.0, 4.0]]).tolist()  # invertible: the inverse
    [[0.5, 0.0], [0.0, 0.25]]
    >>> pseudoinverse([[1.0], [1.0]]).round(12).tolist()  # a 2×1 column: 1×2 result
    [[0.5, 0.5]]
    """
    arr = as_float_array(a, "a")
    if arr.ndim != 2:
        raise ValueError(f"pseudoinverse takes a matrix (2 axes), got shape {arr.shape}")
    if not rcond >= 0:
        raise ValueError(f"rcond must be >= 0, got {rcond}")
    u, s, vt = np.linalg.svd(arr, full_matrices=False)
    cutoff = rcond * (s.max() if s.size else 0.0)
    s_plus = np.zeros_like(s)
    keep = s > cutoff
    s_plus[keep] = 1 / s[keep]
    return (vt.T * s_plus) @ u.T
