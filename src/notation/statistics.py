"""Probability and descriptive statistics used in ML papers.

Expectation, variance and standard deviation work on samples (each value equally likely)
or, when ``probs`` is given, on a discrete distribution (value ``x_i`` has probability
``p_i``). They reduce along ``axis=-1`` by default and use the population formulas
(``ddof=0``, like NumPy and LayerNorm); ``ddof=1`` gives the sample-corrected versions that
``torch.var`` and ``torch.std`` use by default.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_axis, check_probabilities

__all__ = [
    "expectation",
    "variance",
    "standard_deviation",
    "coefficient_of_variation",
    "normal_pdf",
    "binomial_likelihood",
    "binomial_log_likelihood",
    "bigram_logits",
    "token_probabilities",
    "sequence_probability",
    "sequence_log_prob",
    "empirical_distribution",
    "empirical_probability",
]


def _check_ddof(ddof: int, n: int) -> None:
    if isinstance(ddof, bool) or not isinstance(ddof, (int, np.integer)):
        raise TypeError(f"ddof must be an integer, got {type(ddof).__name__}")
    if ddof < 0:
        raise ValueError(f"ddof must be >= 0, got {ddof}")
    if n - ddof <= 0:
        raise ValueError(f"need more than ddof={ddof} values along the axis, got {n}")


def _values_and_probs(
    x: ArrayLike, probs: ArrayLike | None, axis: int
) -> tuple[FloatArray, FloatArray | None]:
    """Move ``axis`` to the end of ``x`` (and ``probs``) and check both."""
    arr = as_float_array(x)
    ax = check_axis(arr, axis)
    arr = np.moveaxis(arr, ax, -1)
    if arr.shape[-1] == 0:
        raise ValueError("x must not be empty along the axis")
    if not np.all(np.isfinite(arr)):
        raise ValueError("x must be finite")
    if probs is None:
        return arr, None
    p_arr = as_float_array(probs, "probs")
    if p_arr.shape != np.shape(x):
        raise ValueError(f"probs must have the shape of x, got {p_arr.shape} and {np.shape(x)}")
    p_arr = check_probabilities(np.moveaxis(p_arr, ax, -1), "probs")
    return arr, p_arr.astype(arr.dtype, copy=False)


def expectation(x: ArrayLike, probs: ArrayLike | None = None, axis: int = -1) -> FloatArray:
    """``E[X]``: the probability-weighted average ``Σ p_i x_i`` along ``axis``.

    Without ``probs`` every value counts equally, so this is the sample mean
    ``(1/n) Σ x_i``, an estimate of ``E[X]`` that gets better as ``n`` grows.

    >>> float(expectation([1, 2, 3, 4, 5, 6], probs=[1 / 6] * 6))  # a fair die
    3.5
    >>> expectation([[1.0, 3.0], [2.0, 6.0]]).tolist()  # one mean per row
    [2.0, 4.0]
    """
    arr, p = _values_and_probs(x, probs, axis)
    if p is None:
        return np.mean(arr, axis=-1)
    return np.sum(p * arr, axis=-1)


def variance(x: ArrayLike, probs: ArrayLike | None = None, ddof: int = 0, axis: int = -1) -> FloatArray:
    """``Var(X) = E[(X − E[X])²] = E[X²] − E[X]²`` along ``axis``.

    For a sample, ``ddof=0`` divides the sum of squared deviations by ``n`` (NumPy's
    ``np.var``, LayerNorm) and ``ddof=1`` by ``n − 1`` (``torch.var``'s default).
    With ``probs`` it is the exact variance of that distribution and ``ddof`` must be 0.

    >>> round(float(variance([1, 2, 3, 4, 5, 6], probs=[1 / 6] * 6)), 4)  # 35/12
    2.9167
    >>> float(variance([2.0, 4.0])), float(variance([2.0, 4.0], ddof=1))
    (1.0, 2.0)
    """
    arr, p = _values_and_probs(x, probs, axis)
    if p is not None:
        if ddof != 0:
            raise ValueError("ddof only applies to samples; leave it at 0 when probs is given")
        mean = np.sum(p * arr, axis=-1, keepdims=True)
        return np.sum(p * (arr - mean) ** 2, axis=-1)
    _check_ddof(ddof, arr.shape[-1])
    mean = np.mean(arr, axis=-1, keepdims=True)
    return np.sum((arr - mean) ** 2, axis=-1) / arr.dtype.type(arr.shape[-1] - ddof)


def standard_deviation(
    x: ArrayLike, probs: ArrayLike | None = None, ddof: int = 0, axis: int = -1
) -> FloatArray:
    """``Std[X] = σ = √Var(X)``: the spread, in the same units as the data.

    Same arguments as :func:`variance`.

    >>> float(standard_deviation([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]))
    2.0
    """
    return np.sqrt(variance(x, probs=probs, ddof=ddof, axis=axis))


def coefficient_of_variation(x: ArrayLike, ddof: int = 0) -> float:
    """``CV(X) = Std[X] / E[X]``: spread relative to the mean, with no units.

    Uses the population standard deviation (``ddof=0``) unless told otherwise.
    Mixture-of-experts importance losses penalise the squared CV of the experts'
    importance (summed gate values): 0 means perfectly balanced.

    >>> coefficient_of_variation([10, 10, 10, 10])
    0.0
    >>> round(coefficient_of_variation([40, 0, 0, 0]), 4)
    1.7321
    """
    arr = as_float_array(x)
    if arr.size < 1:
        raise ValueError("x must not be empty")
    arr = arr.reshape(-1)
    _check_ddof(ddof, arr.size)
    mean = float(arr.mean())
    if mean == 0:
        raise ValueError("the coefficient of variation is undefined when the mean is 0")
    return float(standard_deviation(arr, ddof=ddof) / mean)


def normal_pdf(x: ArrayLike, mean: float = 0.0, std: float = 1.0) -> FloatArray:
    """Density of ``𝒩(mean, std²)``: ``exp(−(x − μ)² / 2σ²) / (σ √(2π))``, element-wise.

    The second argument of ``𝒩(μ, σ²)`` is the variance; this function takes the
    standard deviation ``σ``, like ``torch.distributions.Normal(loc, scale)``.

    >>> round(float(normal_pdf(0.0)), 4)  # 1 / √(2π)
    0.3989
    >>> normal_pdf([-1.0, 1.0]).round(4)
    array([0.242, 0.242])
    """
    arr = as_float_array(x)
    if not (math.isfinite(mean) and math.isfinite(std)):
        raise ValueError(f"mean and std must be finite, got {mean} and {std}")
    if not std > 0:
        raise ValueError(f"std must be > 0, got {std}")
    z = (arr - arr.dtype.type(mean)) / arr.dtype.type(std)
    return np.exp(-0.5 * z**2) / arr.dtype.type(std * math.sqrt(2 * math.pi))


def _check_counts(successes: int, trials: int) -> None:
    for name, v in (("successes", successes), ("trials", trials)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"{name} must be an integer, got {type(v).__name__}")
    if not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} and {trials}")


def _check_p(p: ArrayLike) -> FloatArray:
    arr = as_float_array(p, "p")
    if not np.all((arr >= 0) & (arr <= 1)):
        raise ValueError("p must be a probability in [0, 1]")
    return arr


def binomial_log_likelihood(p: ArrayLike, successes: int, trials: int) -> FloatArray:
    """``log L(p) = log C(n, k) + k log p + (n − k) log(1 − p)`` for ``k`` heads in ``n`` flips.

    Element-wise in ``p``; ``p = 0`` or ``1`` gives ``−inf`` where the data rule it out.

    >>> round(float(binomial_log_likelihood(0.5, 1, 2)), 4)  # log(2 · 0.5 · 0.5)
    -0.6931
    """
    _check_counts(successes, trials)
    arr = _check_p(p)
    k, n = int(successes), int(trials)
    log_comb = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
    with np.errstate(divide="ignore"):
        heads = k * np.log(arr) if k else np.zeros_like(arr)
        tails = (n - k) * np.log1p(-arr) if n - k else np.zeros_like(arr)
    return arr.dtype.type(log_comb) + heads + tails


def binomial_likelihood(p: ArrayLike, successes: int, trials: int) -> FloatArray:
    """``L(p) = C(n, k) pᵏ (1 − p)ⁿ⁻ᵏ``: how probable ``k`` heads in ``n`` flips are if P(heads) = p.

    Read as a function of ``p`` with the data fixed, it is the likelihood; it peaks at
    the observed frequency ``p = k / n`` (the maximum-likelihood estimate).

    >>> round(float(binomial_likelihood(0.7, 7, 10)), 4)
    0.2668
    >>> binomial_likelihood([0.0, 1.0], 10, 10).tolist()
    [0.0, 1.0]
    """
    return np.exp(binomial_log_likelihood(p, successes, trials))


def bigram_logits(words: Sequence[str], vocab: Sequence[str], start: str = "<s>", stop: str = ".") -> FloatArray:
    """Logits ``θ[a, b] = log(count(a → b) + 1)`` of a bigram language model read from ``words``.

    Rows are the contexts ``[start, *vocab]`` and columns the tokens of ``vocab``: row
    ``a`` scores every token that may follow ``a``. Each text opens with ``start``, and so
    does the text after each ``stop`` token. The softmax of a row is the add-one
    (Laplace) smoothed frequency of each next token: ``(count + 1) / (total + |V|)``.

    >>> theta = bigram_logits("a b a . b".split(), ["a", "b", "."])
    >>> theta.shape  # contexts <s>, a, b, . × tokens a, b, .
    (4, 3)
    >>> (np.exp(theta) - 1).round().astype(int).tolist()  # the counts back
    [[1, 1, 0], [0, 1, 1], [1, 0, 0], [0, 0, 0]]
    """
    index = {token: i for i, token in enumerate(vocab)}
    if len(index) != len(vocab) or start in index:
        raise ValueError(f"vocab must hold distinct tokens and not the start marker {start!r}")
    unknown = sorted({w for w in words if w not in index})
    if unknown:
        raise ValueError(f"words not in vocab: {unknown}")
    counts = np.zeros((len(vocab) + 1, len(vocab)))
    row = 0  # the start marker
    for word in words:
        counts[row, index[word]] += 1
        row = 0 if word == stop else index[word] + 1
    return np.log(counts + 1)


def token_probabilities(probs: ArrayLike, tokens: ArrayLike) -> FloatArray:
    """``P(w_t | w_<t)`` for the token actually seen at each step: ``probs[t, tokens[t]]``.

    ``probs`` is ``T × |V|``: row ``t`` is the model's whole next-token distribution at
    step ``t``; ``tokens`` holds the ``T`` token ids that were actually there.

    >>> token_probabilities([[0.5, 0.5], [0.9, 0.1]], [1, 0]).tolist()
    [0.5, 0.9]
    """
    p = check_probabilities(probs, "probs")
    if p.ndim != 2:
        raise ValueError(f"probs must be T × |V| (one distribution per step), got shape {p.shape}")
    ids = np.asarray(tokens)
    if ids.dtype == np.bool_ or not np.issubdtype(ids.dtype, np.integer):
        raise TypeError(f"tokens must be integer token ids, got dtype {ids.dtype}")
    if ids.shape != (p.shape[0],):
        raise ValueError(f"tokens must hold one id per row of probs ({p.shape[0]}), got shape {ids.shape}")
    if ids.size and (ids.min() < 0 or ids.max() >= p.shape[1]):
        raise ValueError(f"token ids must be in 0..{p.shape[1] - 1}, got {ids.min()}..{ids.max()}")
    return p[np.arange(p.shape[0]), ids]


def sequence_probability(probs: ArrayLike, tokens: ArrayLike) -> float:
    """``P(w_1, …, w_T) = ∏_t P(w_t | w_<t)`` by the chain rule, as a plain product.

    Exact in principle, but a long product of numbers below 1 underflows to 0.0 in
    floating point; use :func:`sequence_log_prob` for real sequences.

    >>> sequence_probability([[0.5, 0.5], [0.9, 0.1]], [1, 0])
    0.45
    """
    return float(np.prod(token_probabilities(probs, tokens)))


def sequence_log_prob(probs: ArrayLike, tokens: ArrayLike) -> float:
    """``log P(w_1, …, w_T) = Σ_t log P(w_t | w_<t)``: the chain rule as a sum of logs.

    Natural log. It stays a moderate negative number where the product underflows;
    a token given probability 0 makes it ``−inf``.

    >>> round(sequence_log_prob([[0.5, 0.5], [0.9, 0.1]], [1, 0]), 4)  # log 0.45
    -0.7985
    """
    with np.errstate(divide="ignore"):
        return float(np.sum(np.log(token_probabilities(probs, tokens))))


def empirical_distribution(samples: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """``p̂_data``: the distinct values of a dataset and the fraction of the set each one is.

    Each of the ``m`` examples carries mass ``1/m``; a value seen ``k`` times gets ``k/m``.
    Returns ``(values, probs)`` with the values sorted; the probabilities sum to 1.

    >>> values, probs = empirical_distribution([3, 1, 3, 3])
    >>> values.tolist(), probs.tolist()
    ([1.0, 3.0], [0.25, 0.75])
    """
    arr = as_float_array(samples, "samples")
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"samples must be a non-empty 1-axis array, got shape {arr.shape}")
    values, counts = np.unique(arr, return_counts=True)
    return values, (counts / arr.size).astype(arr.dtype)


def empirical_probability(samples: ArrayLike, value: float) -> float:
    """``P̂(X = x)``: the fraction of the samples equal to ``value``.

    >>> empirical_probability([1, 2, 2, 6], 2)
    0.5
    """
    arr = as_float_array(samples, "samples")
    if arr.size == 0:
        raise ValueError("samples must not be empty")
    return float(np.mean(arr == value))
