"""Information theory: entropy, cross-entropy, KL divergence, perplexity.

Natural logs (nats) by default; ``base=2`` gives bits.
"""

from __future__ import annotations

import heapq
import itertools
import math

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_probabilities, check_same_shape, log_base

__all__ = [
    "entropy",
    "cross_entropy",
    "kl_divergence",
    "perplexity",
    "token_nll",
    "cross_entropy_from_logits",
    "cross_entropy_logits_gradient",
    "bits_per_byte",
    "huffman_code_lengths",
    "IGNORE_INDEX",
    "masked_labels",
    "mean_nll_ignoring",
    "block_code_bits",
]


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


def token_nll(p_target: ArrayLike) -> FloatArray:
    """Negative log-likelihood ``−ln p`` of each token, from the probability the model gave it.

    ``p_target[t]`` is the probability the model assigned to the token that actually came
    next. A sure prediction (``p = 1``) costs 0 nats; ``p → 0`` costs without bound.

    >>> token_nll([1.0, 0.5, 0.25]).round(4)
    array([0.    , 0.6931, 1.3863])
    """
    p = as_float_array(p_target, "p_target")
    if p.size == 0:
        raise ValueError("p_target must not be empty")
    if not np.all(np.isfinite(p)) or np.any(p <= 0) or np.any(p > 1):
        raise ValueError("each probability must be in (0, 1]")
    return 0.0 - np.log(p)  # 0.0 - x, so that p = 1 gives 0 and not -0


def _logits_and_targets(z: ArrayLike, target: ArrayLike) -> tuple[FloatArray, np.ndarray]:
    arr = as_float_array(z, "z")
    if arr.ndim == 0 or arr.shape[-1] == 0:
        raise ValueError(f"z must have a non-empty last axis of logits, got shape {arr.shape}")
    t = np.asarray(target)
    if not np.issubdtype(t.dtype, np.integer) or t.dtype == np.bool_:
        raise TypeError(f"target must be integer class ids, got dtype {t.dtype}")
    if t.shape != arr.shape[:-1]:
        raise ValueError(f"target must have shape {arr.shape[:-1]} (z without its last axis), got {t.shape}")
    n = arr.shape[-1]
    if t.size and (t.min() < 0 or t.max() >= n):
        raise ValueError(f"target ids must be in 0..{n - 1}")
    return arr, t


def cross_entropy_from_logits(z: ArrayLike, target: ArrayLike) -> FloatArray:
    """Cross-entropy loss from logits and a target id: ``−log Softmax(z)[target]`` in nats.

    The same number as ``cross_entropy(one_hot(target), softmax(z))``, computed through
    ``log_softmax`` so large logits do not overflow (what ``F.cross_entropy`` does, without
    the averaging). ``z`` is ``(..., V)`` and ``target`` has the leading shape ``(...)``.

    >>> round(float(cross_entropy_from_logits([2.0, 0.0, 0.0], 0)), 4)
    0.2395
    """
    from notation.activations import log_softmax

    arr, t = _logits_and_targets(z, target)
    logp = log_softmax(arr)
    return -np.take_along_axis(logp, t[..., np.newaxis], axis=-1)[..., 0]


def cross_entropy_logits_gradient(z: ArrayLike, target: ArrayLike) -> FloatArray:
    """Gradient of :func:`cross_entropy_from_logits` with respect to the logits: ``Softmax(z) − e_target``,
    the model's probabilities minus the one-hot target.

    Same shape as ``z``. Each row sums to 0; the target's entry is negative (raising its
    logit lowers the loss) and every other entry is positive.

    >>> cross_entropy_logits_gradient([0.0, 0.0], 1)
    array([ 0.5, -0.5])
    """
    from notation.activations import softmax

    arr, t = _logits_and_targets(z, target)
    grad = softmax(arr).astype(np.float64)
    np.put_along_axis(grad, t[..., np.newaxis], np.take_along_axis(grad, t[..., np.newaxis], axis=-1) - 1.0, axis=-1)
    return grad


def bits_per_byte(total_nll_nats: float, n_bytes: int) -> float:
    """Bits per byte: a text's total negative log-likelihood in bits, divided by its length in bytes.

    ``total_nll_nats / (n_bytes · ln 2)``. Unlike perplexity, it does not depend on how the
    text was cut into tokens, so it compares models with different tokenizers.

    >>> round(bits_per_byte(np.log(2.0) * 8, 8), 6)  # 1 bit for each of 8 bytes
    1.0
    """
    if isinstance(n_bytes, bool) or not isinstance(n_bytes, (int, np.integer)):
        raise TypeError(f"n_bytes must be an integer, got {type(n_bytes).__name__}")
    if n_bytes < 1:
        raise ValueError(f"n_bytes must be at least 1, got {n_bytes}")
    total = float(total_nll_nats)
    if not np.isfinite(total) or total < 0:
        raise ValueError(f"total_nll_nats must be finite and >= 0, got {total}")
    return total / (n_bytes * math.log(2.0))


def huffman_code_lengths(p: ArrayLike) -> np.ndarray:
    """Codeword lengths in bits of a Huffman code for the outcomes of ``p`` (a 1-D distribution).

    A Huffman code is the best prefix code that gives each outcome its own whole number of
    bits: no other has a smaller average length ``Σ p_i · length_i``, which lies between
    ``H(P)`` and ``H(P) + 1`` bits. Outcomes with probability 0 get no codeword (length 0).
    Ties are broken by outcome index, so the lengths are deterministic.

    >>> huffman_code_lengths([0.5, 0.25, 0.25]).tolist()
    [1, 2, 2]
    >>> huffman_code_lengths([0.9, 0.1]).tolist()  # 1 bit per outcome, however skewed
    [1, 1]
    """
    p_ = check_probabilities(p, "p")
    if p_.ndim != 1:
        raise ValueError(f"p must be one distribution (1-D), got shape {p_.shape}")
    lengths = np.zeros(p_.shape[0], dtype=np.int64)
    live = [i for i in range(p_.shape[0]) if p_[i] > 0]
    if len(live) == 1:
        lengths[live[0]] = 1  # one possible outcome still needs a 1-bit codeword to be sent
        return lengths
    # heap of (probability, smallest outcome index, outcomes in the subtree)
    heap = [(float(p_[i]), i, [i]) for i in live]
    heapq.heapify(heap)
    while len(heap) > 1:
        pa, ia, a = heapq.heappop(heap)
        pb, ib, b = heapq.heappop(heap)
        for i in a + b:
            lengths[i] += 1  # merging two subtrees adds one bit to every codeword in them
        heapq.heappush(heap, (pa + pb, min(ia, ib), a + b))
    return lengths


def block_code_bits(p: ArrayLike, block: int = 1) -> float:
    """Average bits per outcome of a Huffman code for blocks of ``block`` independent outcomes.

    The blocks are the ``n ** block`` sequences of outcomes of ``p``, each with the product
    of its outcomes' probabilities. The result lies between ``H(P)`` and
    ``H(P) + 1 / block`` bits, so longer blocks approach the entropy.

    >>> block_code_bits([0.9, 0.1], block=1)
    1.0
    >>> round(block_code_bits([0.9, 0.1], block=2), 4)  # lengths 1, 2, 3, 3 for 0.81, 0.09, 0.09, 0.01
    0.645
    """
    if isinstance(block, bool) or not isinstance(block, (int, np.integer)):
        raise TypeError(f"block must be an integer, got {type(block).__name__}")
    if block < 1:
        raise ValueError(f"block must be at least 1, got {block}")
    p_ = check_probabilities(p, "p")
    if p_.ndim != 1:
        raise ValueError(f"p must be one distribution (1-D), got shape {p_.shape}")
    if p_.shape[0] ** block > 2**16:
        raise ValueError(f"{p_.shape[0]} outcomes in blocks of {block} give too many blocks to code")
    blocks = np.array([math.prod(c) for c in itertools.product(p_.tolist(), repeat=block)])
    return float(np.sum(blocks * huffman_code_lengths(blocks))) / block


IGNORE_INDEX = -100
"""The label that PyTorch's ``F.cross_entropy`` skips by default (its ``ignore_index``)."""


def masked_labels(token_ids: ArrayLike, scored: ArrayLike, ignore_index: int = IGNORE_INDEX) -> np.ndarray:
    """Labels for a loss that scores only some positions: ``id`` where ``scored``, else ``ignore_index``.

    The piecewise rule ``label_t = x_t if t is scored, −100 otherwise`` masks image
    positions, a prompt, or padding out of the loss in multimodal and instruction training.

    >>> masked_labels([5, 7, 9, 2], [False, False, True, True]).tolist()
    [-100, -100, 9, 2]
    """
    ids = np.asarray(token_ids)
    if not np.issubdtype(ids.dtype, np.integer) or ids.dtype == np.bool_:
        raise TypeError(f"token_ids must be integer ids, got dtype {ids.dtype}")
    mask = np.asarray(scored)
    if mask.dtype != np.bool_:
        raise TypeError(f"scored must be booleans, got dtype {mask.dtype}")
    if mask.shape != ids.shape:
        raise ValueError(f"scored must have the shape of token_ids {ids.shape}, got {mask.shape}")
    return np.where(mask, ids, ignore_index).astype(np.int64)


def mean_nll_ignoring(z: ArrayLike, labels: ArrayLike, ignore_index: int = IGNORE_INDEX) -> float:
    """Mean cross-entropy (nats) over the positions whose label is not ``ignore_index``.

    What ``F.cross_entropy(z, labels)`` returns with its defaults (``reduction="mean"``,
    ``ignore_index=-100``): the ignored positions are left out of both the sum and the count.
    ``z`` is ``(N, V)`` logits, ``labels`` ``(N,)``. NaN if every position is ignored, as in PyTorch.

    >>> round(mean_nll_ignoring([[2.0, 0.0], [0.0, 0.0]], [-100, 0]), 4)  # only the second row counts
    0.6931
    """
    lab = np.asarray(labels)
    if not np.issubdtype(lab.dtype, np.integer) or lab.dtype == np.bool_:
        raise TypeError(f"labels must be integer class ids, got dtype {lab.dtype}")
    keep = lab != ignore_index
    arr = as_float_array(z, "z")
    if arr.ndim < 1 or arr.shape[:-1] != lab.shape:
        raise ValueError(f"labels must have shape {arr.shape[:-1]} (z without its last axis), got {lab.shape}")
    if not keep.any():
        return math.nan
    return float(np.mean(cross_entropy_from_logits(arr[keep], lab[keep])))
