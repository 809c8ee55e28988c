"""Position information for a transformer: sinusoidal encodings and rotary embeddings (RoPE).

Positions count from 0, as in code. Both use pairs of dimensions ``(2i, 2i + 1)``
(0-based ``i``) that turn at the frequency ``base^(−2i/d)``: the sinusoidal encoding
*adds* ``(sin, cos)`` of the angle to the embedding (Vaswani et al. 2017); RoPE *rotates*
each query and key pair by the angle (Su et al. 2021).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = ["sinusoidal_encoding", "rope_frequencies", "rope", "rope_scores"]


def _even_width(d: int, name: str) -> int:
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(d).__name__}")
    if d < 2 or d % 2:
        raise ValueError(f"{name} must be even and at least 2 (dimensions come in pairs), got {d}")
    return int(d)


def _base(base: float) -> float:
    if isinstance(base, bool) or not isinstance(base, (int, float, np.floating, np.integer)):
        raise TypeError(f"base must be a number, got {type(base).__name__}")
    if not (np.isfinite(base) and base > 1):
        raise ValueError(f"base must be a finite number > 1, got {base}")
    return float(base)


def rope_frequencies(d: int, base: float = 10000.0) -> FloatArray:
    """The ``d/2`` angular frequencies ``θ_i = base^(−2i/d)``, ``i = 0 … d/2 − 1`` (radians per position).

    Su et al. (2021) write ``θ_i = 10000^(−2(i−1)/d)`` with ``i`` from 1; this is the same list.
    The sinusoidal encoding uses the same frequencies with ``d = d_model``. Pair ``i`` repeats
    every ``2π / θ_i`` positions: from ``2π`` for the first pair to almost ``base · 2π``.

    >>> rope_frequencies(4).tolist()
    [1.0, 0.01]
    """
    d_ = _even_width(d, "d")
    return _base(base) ** (-np.arange(0, d_, 2, dtype=np.float64) / d_)


def sinusoidal_encoding(n_positions: int, d_model: int, base: float = 10000.0) -> FloatArray:
    """The ``n_positions × d_model`` table ``PE[pos, 2i] = sin(pos·θ_i)``, ``PE[pos, 2i+1] = cos(pos·θ_i)``.

    ``θ_i = base^(−2i/d_model)`` (:func:`rope_frequencies`), i.e. ``sin(pos / 10000^(2i/d_model))``
    as Vaswani et al. (2017) write it. Row ``pos`` is added to the embedding of the token at
    position ``pos`` (0-based); every entry lies in [−1, 1] and each pair has length 1.

    >>> sinusoidal_encoding(2, 4).round(4)
    array([[0.    , 1.    , 0.    , 1.    ],
           [0.8415, 0.5403, 0.01  , 1.    ]])
    """
    if isinstance(n_positions, bool) or not isinstance(n_positions, (int, np.integer)):
        raise TypeError(f"n_positions must be an integer, got {type(n_positions).__name__}")
    if n_positions < 1:
        raise ValueError(f"n_positions must be at least 1, got {n_positions}")
    theta = rope_frequencies(d_model, base)
    angles = np.arange(n_positions, dtype=np.float64)[:, None] * theta[None, :]
    pe = np.empty((n_positions, theta.size * 2))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe


def rope(x: ArrayLike, positions: ArrayLike | None = None, base: float = 10000.0) -> FloatArray:
    """Rotate each pair ``(x_{2i}, x_{2i+1})`` of every row by the angle ``m·θ_i``, ``m`` its position.

    ``x`` is ``(..., N, d)`` (queries or keys of one head, ``d`` even); ``positions`` (``N``
    integers) default to ``0 … N − 1``. Pair ``i`` becomes
    ``(x_{2i} cos mθ_i − x_{2i+1} sin mθ_i, x_{2i} sin mθ_i + x_{2i+1} cos mθ_i)``: the
    matrix ``R_{Θ,m}`` of Su et al. (2021), applied without building it. Lengths are kept.
    These are the adjacent pairs of the paper and of Meta's LLaMA code (GPT-J style);
    GPT-NeoX and Hugging Face's ``rotate_half`` pair dimension ``i`` with ``i + d/2`` instead,
    the same rotation up to a fixed reordering of the dimensions (converted checkpoints
    permute the rows of the stored ``wq.weight`` and ``wk.weight``, the columns of ``W^Q``
    and ``W^K`` in the row-vector form ``x W^Q``, to match).

    >>> rope([[1.0, 0.0], [1.0, 0.0]]).round(4)  # d = 2: θ_0 = 1 radian per position
    array([[1.    , 0.    ],
           [0.5403, 0.8415]])
    """
    arr = as_float_array(x)
    if arr.ndim < 2:
        raise ValueError(f"x must have at least 2 axes (positions × d), got shape {arr.shape}")
    n, d = arr.shape[-2], _even_width(arr.shape[-1], "x's last axis")
    pos = np.arange(n, dtype=np.float64) if positions is None else as_float_array(positions, "positions")
    if pos.shape != (n,):
        raise ValueError(f"positions must have shape ({n},), one per row, got {pos.shape}")
    angles = pos[:, None] * rope_frequencies(d, base)[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = arr[..., 0::2], arr[..., 1::2]
    out = np.empty_like(arr, dtype=np.result_type(arr.dtype, np.float64) if arr.dtype != np.float32 else np.float32)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def rope_scores(q: ArrayLike, k: ArrayLike, m: int, n: int, base: float = 10000.0) -> float:
    """The attention score ``⟨R_{Θ,m} q, R_{Θ,n} k⟩`` of a query at position ``m`` and a key at ``n``.

    It depends on ``m`` and ``n`` only through ``m − n``: rotating both by the same extra
    angle leaves their dot product unchanged.

    >>> q, k = [1.0, 2.0, 0.5, -1.0], [0.3, -0.7, 1.0, 0.2]
    >>> round(rope_scores(q, k, 5, 2), 10) == round(rope_scores(q, k, 103, 100), 10)
    True
    """
    qv, kv = as_float_array(q, "q"), as_float_array(k, "k")
    if qv.ndim != 1 or qv.shape != kv.shape:
        raise ValueError(f"q and k must be vectors of one length, got {qv.shape} and {kv.shape}")
    rq = rope(qv[None, :], [m], base)[0]
    rk = rope(kv[None, :], [n], base)[0]
    return float(rq @ rk)
