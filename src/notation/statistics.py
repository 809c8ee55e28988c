"""Descriptive statistics used in ML papers."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import as_float_array

__all__ = ["coefficient_of_variation"]


def coefficient_of_variation(x: ArrayLike) -> float:
    """``CV(X) = Std[X] / E[X]``: spread relative to the mean, with no units.

    Uses the population standard deviation (``ddof=0``). Mixture-of-experts importance
    losses penalise the CV of expert loads: 0 means perfectly balanced.

    >>> coefficient_of_variation([10, 10, 10, 10])
    0.0
    >>> round(coefficient_of_variation([40, 0, 0, 0]), 4)
    1.7321
    """
    arr = as_float_array(x)
    if arr.size < 1:
        raise ValueError("x must not be empty")
    mean = float(arr.mean())
    if mean == 0:
        raise ValueError("the coefficient of variation is undefined when the mean is 0")
    return float(arr.std() / mean)
