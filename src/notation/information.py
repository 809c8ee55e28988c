"""Information theory and distances between distributions: entropy, cross-entropy, KL and
Jensen–Shannon divergences, mutual information, perplexity, and the Wasserstein distance on
the real line.

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
    "js_divergence",
    "conditional_entropy",
    "mutual_information",
    "infonce_bound",
    "wasserstein_1d",
    "quantile_coupling",
    "transport_cost",
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


def js_divergence(p: ArrayLike, q: ArrayLike, base: float | None = None) -> FloatArray:
    """Jensen–Shannon divergence ``JSD(P ‖ Q) = ½ KL(P ‖ M) + ½ KL(Q ‖ M)`` with ``M = (P + Q)/2``.

    Symmetric, always finite, and between 0 (``P = Q``) and ``log 2`` (no outcome in
    common): 1 bit with ``base=2``. Along the last axis. SciPy's
    ``scipy.spatial.distance.jensenshannon`` returns its square root.

    >>> round(float(js_divergence([1.0, 0.0], [0.0, 1.0])), 4)  # disjoint: log 2
    0.6931
    """
    p_, q_ = check_probabilities(p, "p"), check_probabilities(q, "q")
    check_same_shape(p_, q_)
    m = (p_ + q_) / 2
    return log_base(0.5 * kl_divergence(p_, m) + 0.5 * kl_divergence(q_, m), base)


def _joint(joint: ArrayLike) -> FloatArray:
    arr = as_float_array(joint, "joint")
    if arr.ndim != 2:
        raise ValueError(f"joint must be a 2-D table p(x, y), x along the rows, got shape {arr.shape}")
    check_probabilities(arr.reshape(-1), "joint")
    return arr


def conditional_entropy(joint: ArrayLike, given_axis: int, base: float | None = None) -> float:
    """``H(X ∣ Y) = −Σ_{x,y} p(x, y) log p(x ∣ y)``: the uncertainty left in one variable once
    the other is known, from a joint table ``p(x, y)`` with ``x`` along the rows.

    ``given_axis=1`` conditions on the columns (``H(X ∣ Y)``), ``given_axis=0`` on the rows
    (``H(Y ∣ X)``). It equals ``H(X, Y) − H(Y)``, and never exceeds ``H(X)``.

    >>> round(conditional_entropy([[0.5, 0.0], [0.0, 0.5]], given_axis=1), 4)  # Y tells X exactly
    0.0
    >>> round(conditional_entropy([[0.25, 0.25], [0.25, 0.25]], given_axis=1, base=2), 4)  # Y tells nothing
    1.0
    """
    arr = _joint(joint)
    if given_axis not in (0, 1):
        raise ValueError(f"given_axis must be 0 (the rows are known) or 1 (the columns are known), got {given_axis}")
    known = arr.sum(axis=1 - given_axis, keepdims=True)  # p(y) as a row, or p(x) as a column
    with np.errstate(divide="ignore", invalid="ignore"):
        cond = np.where(arr > 0, arr / np.where(known > 0, known, 1.0), 1.0)
    return float(log_base(np.asarray(-np.sum(_plogq(arr, cond))), base)) + 0.0


def mutual_information(joint: ArrayLike, base: float | None = None) -> float:
    """``I(X; Y) = KL(p(x, y) ‖ p(x) p(y))``: how far the joint table is from the product of
    its marginals, which is also ``H(X) − H(X ∣ Y)``. Zero exactly when ``X`` and ``Y`` are
    independent; ``x`` along the rows.

    >>> round(mutual_information([[0.5, 0.0], [0.0, 0.5]], base=2), 4)  # one fair bit, copied
    1.0
    >>> mutual_information([[0.12, 0.28], [0.18, 0.42]]) < 1e-12  # p(x, y) = p(x) p(y)
    True
    >>> 0 < mutual_information([[0, 0, 1], [1.67e-267, 0, 0]]) < 1e-263  # p(x) p(y) underflows, the logs do not
    True
    """
    arr = _joint(joint)
    # in logs, term by term: p(x) p(y) of two tiny marginals underflows to 0 where p(x, y) does not
    px, py = arr.sum(axis=1), arr.sum(axis=0)
    rows, cols = np.nonzero(arr > 0)
    p = arr[rows, cols]
    nats = float(np.sum(p * (np.log(p) - np.log(px[rows]) - np.log(py[cols]))))
    nats = max(nats, 0.0)  # rounding can leave −1e-17 where the tables are independent
    return float(log_base(np.float64(nats), base))


def infonce_bound(mean_loss: float, n_candidates: int) -> float:
    """The lower bound on mutual information that InfoNCE gives (van den Oord et al. 2018):
    ``I ≥ log N − 𝓛``, with ``N`` candidates per example (one positive, ``N − 1`` negatives)
    and the mean loss ``𝓛`` in nats. As ``𝓛 ≥ 0``, it can never exceed ``log N``.

    >>> round(infonce_bound(0.5, 8), 4)  # log 8 − 0.5
    1.5794
    """
    if isinstance(n_candidates, bool) or not isinstance(n_candidates, (int, np.integer)) or n_candidates < 1:
        raise ValueError(f"n_candidates must be a positive integer, got {n_candidates!r}")
    if not (math.isfinite(mean_loss) and mean_loss >= 0):
        raise ValueError(f"mean_loss must be finite and >= 0 (it is a cross-entropy), got {mean_loss}")
    return math.log(n_candidates) - mean_loss


def _samples_and_weights(values: ArrayLike, weights: ArrayLike | None, name: str) -> tuple[FloatArray, FloatArray]:
    x = as_float_array(values, name).astype(np.float64)
    if x.ndim != 1 or len(x) == 0 or not np.all(np.isfinite(x)):
        raise ValueError(f"{name} must be a non-empty vector of finite numbers, got shape {x.shape}")
    if weights is None:
        return x, np.full(len(x), 1.0 / len(x))
    w = as_float_array(weights, f"{name} weights").astype(np.float64)
    if w.shape != x.shape or np.any(w < 0) or not np.isfinite(w.sum()) or w.sum() <= 0:
        raise ValueError(f"the weights of {name} must be {len(x)} non-negative numbers with a positive sum")
    return x, w / w.sum()


def wasserstein_1d(
    u_values: ArrayLike, v_values: ArrayLike, u_weights: ArrayLike | None = None, v_weights: ArrayLike | None = None
) -> float:
    """The Wasserstein-1 (earth mover's) distance between two distributions on the real line,
    given by their values (samples, or support points) and optional weights.

    In one dimension the best transport plan moves mass in order, so ``W = ∫ |F_u(x) − F_v(x)| dx``,
    the area between the two CDFs. For two samples of equal size and equal weights it is
    the mean gap between the sorted samples, ``(1/n) Σ_i |u_(i) − v_(i)|``.

    >>> wasserstein_1d([0.0, 1.0, 3.0], [5.0, 6.0, 8.0])  # every point moves 5
    5.0
    >>> wasserstein_1d([0.0], [1.0, 3.0])  # half the mass moves 1, half moves 3
    2.0
    """
    u, uw = _samples_and_weights(u_values, u_weights, "u_values")
    v, vw = _samples_and_weights(v_values, v_weights, "v_values")
    grid = np.unique(np.concatenate([u, v]))

    def cdf(x: FloatArray, w: FloatArray) -> FloatArray:  # F(t) at every grid point but the last
        order = np.argsort(x, kind="stable")
        return np.concatenate([[0.0], np.cumsum(w[order])])[np.searchsorted(x[order], grid[:-1], side="right")]

    return float(np.sum(np.abs(cdf(u, uw) - cdf(v, vw)) * np.diff(grid)))


def quantile_coupling(p: ArrayLike, q: ArrayLike) -> FloatArray:
    """The coupling ``γ`` that moves mass in order: for ``p`` and ``q`` on sorted supports
    ``x_1 < x_2 < …`` and ``y_1 < y_2 < …``, the first mass of ``p`` goes to the first of
    ``q``, and so on (the north-west corner rule). Its rows sum to ``p`` and its columns to
    ``q``; on the real line it is an optimal transport plan for the cost ``|x − y|``.

    >>> quantile_coupling([0.5, 0.5], [0.25, 0.75]).tolist()
    [[0.25, 0.25], [0.0, 0.5]]
    """
    a, b = check_probabilities(p, "p").astype(np.float64), check_probabilities(q, "q").astype(np.float64)
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError("p and q must be vectors of probabilities")
    gamma = np.zeros((len(a), len(b)))
    left, need = a.copy(), b.copy()
    i = j = 0
    while i < len(a) and j < len(b):
        moved = min(left[i], need[j])
        gamma[i, j] += moved
        left[i] -= moved
        need[j] -= moved
        if left[i] <= 1e-15:
            i += 1
        else:
            j += 1
    return gamma


def transport_cost(coupling: ArrayLike, x: ArrayLike, y: ArrayLike) -> float:
    """``𝔼_{(x, y) ∼ γ}|x − y| = Σ_{ij} γ_ij |x_i − y_j|``: the cost of the transport plan ``γ``.

    ``coupling[i, j]`` is the mass moved from ``x[i]`` to ``y[j]``; the Wasserstein distance is
    the smallest cost over every coupling of the two distributions.

    >>> transport_cost([[0.5, 0.0], [0.0, 0.5]], [0.0, 1.0], [2.0, 3.0])
    2.0
    """
    g = as_float_array(coupling, "coupling").astype(np.float64)
    xs, ys = as_float_array(x, "x").astype(np.float64), as_float_array(y, "y").astype(np.float64)
    if g.shape != (len(xs), len(ys)) or np.any(g < 0) or not math.isclose(float(g.sum()), 1.0, abs_tol=1e-9):
        raise ValueError(f"coupling must be a non-negative {len(xs)} × {len(ys)} table summing to 1, got shape {g.shape}")
    return float(np.sum(g * np.abs(xs[:, None] - ys[None, :])))


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

    Same shape as ``z``. Each row sums to 0; the target's entry is ``≤ 0`` (raising its logit
    lowers the loss) and every other entry ``≥ 0``, strictly in exact arithmetic. In float64 the
    target's entry rounds to 0 once its probability rounds to 1 (its logit about 37 ahead), and
    another entry once its probability underflows (about 745 behind).

    >>> cross_entropy_logits_gradient([0.0, 0.0], 1)
    array([ 0.5, -0.5])
    >>> cross_entropy_logits_gradient([0.0, 40.0], 1)  # q_target rounds to 1
    array([4.24835426e-18, 0.00000000e+00])
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
