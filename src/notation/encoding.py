"""Turning token ids into vectors."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray

__all__ = ["one_hot"]


def one_hot(i: ArrayLike, n: int) -> FloatArray:
    """The one-hot vector ``e_i`` of length ``n``: 1 at index ``i``, 0 elsewhere.

    An array of ids gives one row per id, like ``torch.nn.functional.one_hot`` (but float).

    >>> one_hot(2, 4)
    array([0., 0., 1., 0.])
    >>> one_hot([0, 3], 4)
    array([[1., 0., 0., 0.],
           [0., 0., 0., 1.]])
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    ids = np.asarray(i)
    if not np.issubdtype(ids.dtype, np.integer) or ids.dtype == np.bool_:
        raise TypeError(f"i must be integer token ids, got dtype {ids.dtype}")
    if ids.size and (ids.min() < 0 or ids.max() >= n):
        raise ValueError(f"ids must be in 0..{n - 1}, got values in {ids.min()}..{ids.max()}")
    return np.eye(n)[ids]
