"""Information theory: entropy, cross-entropy, KL divergence, perplexity.

Natural logs (nats) by default; ``base=2`` gives bits.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_probabilities, check_same_shape, log_base

__all__ = ["entropy", "cross_entropy", "kl_divergence", "perplexity"]


def _plogq(p: FloatArray, q: FloatArray) -> FloatArray:
    """``p * log q`` with the convention ``0 * log 0 = 0``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(p > 0, p * np.log(np.where(p > 0, q, 1.0)), 0.0)


def entropy(p: ArrayLike, base: float | None = None) -> FloatArray:
    """Entropy ``H(P) = −Σ p_i log p_i`` over the last axis.

    >>> float(entropy([0.5, 0.5], base=2))
    1.0
    """
    p_ = check_probabilities(p, "p")
    return log_base(-np.sum(_plogq(p_, p_), axis=-1), base)


def cross_entropy(p: ArrayLike, q: ArrayLike, base: float | None = None) -> FloatArray:
    """Cross-entropy ``H(P, Q) = −Σ p_i log q_i``; infinite where ``q`` misses mass of ``p``.

    With a one-hot ``p`` this is the language-model loss ``−log q_target``.

    >>> round(float(cross_entropy([0.0, 1.0], [0.25, 0.75])), 4)  # −ln 0.75
    0.2877
    """
    p_, q_ = check_probabilities(p, "p"), check_probabilities(q, "q")
    check_same_shape(p_, q_)
    return log_base(-np.sum(_plogq(p_, q_), axis=-1), base)


def kl_divergence(p: ArrayLike, q: ArrayLike, base: float | None = None) -> FloatArray:
    """KL divergence ``KL(P‖Q) = Σ p_i log(p_i / q_i)``: always ≥ 0, not symmetric.

    >>> p, q = [0.9, 0.1], [0.5, 0.5]
    >>> round(float(kl_divergence(p, q)), 4), round(float(kl_divergence(q, p)), 4)
    (0.3681, 0.5108)
    """
    p_, q_ = check_probabilities(p, "p"), check_probabilities(q, "q")
    check_same_shape(p_, q_)
    kl = np.sum(_plogq(p_, p_) - _plogq(p_, q_), axis=-1)
    return log_base(np.maximum(kl, 0.0), base)


def perplexity(nll_per_token: ArrayLike) -> float:
    """Perplexity ``exp(mean NLL)`` from per-token negative log-likelihoods in nats.

    >>> perplexity([np.log(4.0)] * 3)
    4.0
    """
    nll = as_float_array(nll_per_token, "nll_per_token")
    if nll.size == 0:
        raise ValueError("nll_per_token must not be empty")
    if not np.all(np.isfinite(nll)) or np.any(nll < 0):
        raise ValueError("negative log-likelihoods must be finite and >= 0")
    return float(np.exp(nll.mean()))
