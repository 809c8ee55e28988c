"""Distributions and sampling: joint tables, Bayes' rule, indicators, simple samplers,
Monte Carlo estimates and numerical integrals.

A discrete joint distribution of two variables is a table ``joint[i, j] = p(x_i, y_j)``:
rows are the values of the first variable, columns those of the second. Samplers take a
seeded ``numpy.random.Generator`` so every result can be reproduced.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_probabilities
from notation.statistics import normal_pdf

__all__ = [
    "marginal",
    "conditional",
    "independence_gap",
    "bayes_evidence",
    "bayes_posterior",
    "indicator",
    "accuracy",
    "bernoulli_sample",
    "bernoulli_mean_variance",
    "categorical_sample",
    "category_frequencies",
    "uniform_mean_variance",
    "xavier_uniform_bound",
    "kaiming_uniform_bound",
    "monte_carlo_estimate",
    "riemann_sum",
    "trapezoid",
    "mixture_density",
]


def _joint_table(joint: ArrayLike) -> FloatArray:
    """A 2-D table of non-negative numbers summing to 1 overall."""
    arr = as_float_array(joint, "joint")
    if arr.ndim != 2:
        raise ValueError(f"joint must be a 2-D table p(x, y), got shape {arr.shape}")
    check_probabilities(arr.reshape(-1), "joint")
    return arr


def marginal(joint: ArrayLike, axis: int) -> FloatArray:
    """Sum the joint table along ``axis``: the variable on that axis is summed out.

    ``marginal(joint, axis=1)`` is ``p(x) = Σ_y p(x, y)`` (one number per row);
    ``marginal(joint, axis=0)`` is ``p(y) = Σ_x p(x, y)`` (one per column).

    >>> joint = [[0.3, 0.1], [0.2, 0.4]]
    >>> marginal(joint, axis=1).round(4).tolist(), marginal(joint, axis=0).round(4).tolist()
    ([0.4, 0.6], [0.5, 0.5])
    """
    arr = _joint_table(joint)
    if axis not in (0, 1, -1, -2):
        raise ValueError(f"axis must be 0 or 1 for a 2-D table, got {axis}")
    return arr.sum(axis=axis)


def conditional(joint: ArrayLike, given_axis: int = 0) -> FloatArray:
    """``p(y | x) = p(x, y) / p(x)``: the joint table rescaled so each slice sums to 1.

    With ``given_axis=0`` (the rows are known) row ``i`` becomes the distribution of
    ``y`` given ``x_i``; with ``given_axis=1`` column ``j`` becomes that of ``x``
    given ``y_j``. A value of probability 0 cannot be conditioned on.

    >>> conditional([[0.3, 0.1], [0.2, 0.4]], given_axis=0).round(4).tolist()
    [[0.75, 0.25], [0.3333, 0.6667]]
    >>> conditional([[0.3, 0.1], [0.2, 0.4]], given_axis=1).round(4).tolist()
    [[0.6, 0.2], [0.4, 0.8]]
    """
    arr = _joint_table(joint)
    if given_axis not in (0, 1):
        raise ValueError(f"given_axis must be 0 (rows known) or 1 (columns known), got {given_axis}")
    known = arr.sum(axis=1 - given_axis, keepdims=True)
    if np.any(known == 0):
        raise ValueError("cannot condition on a value whose probability is 0")
    return arr / known


def independence_gap(joint: ArrayLike) -> float:
    """``max |p(x, y) − p(x) p(y)|``: 0 exactly when the two variables are independent.

    >>> independence_gap(np.outer([0.4, 0.6], [0.5, 0.5]))
    0.0
    >>> round(independence_gap([[0.3, 0.1], [0.2, 0.4]]), 4)
    0.1
    """
    arr = _joint_table(joint)
    return float(np.max(np.abs(arr - np.outer(arr.sum(axis=1), arr.sum(axis=0)))))


def _prior_and_likelihood(prior: ArrayLike, likelihood: ArrayLike) -> tuple[FloatArray, FloatArray]:
    p = check_probabilities(prior, "prior")
    lik = as_float_array(likelihood, "likelihood")
    if lik.shape != p.shape:
        raise ValueError(f"likelihood must have the shape of prior, got {lik.shape} and {p.shape}")
    if not np.all(np.isfinite(lik)) or np.any(lik < 0):
        raise ValueError("likelihood must be finite and non-negative")
    return p, lik


def bayes_evidence(prior: ArrayLike, likelihood: ArrayLike) -> float:
    """``p(𝒟) = Σ_θ p(𝒟 | θ) p(θ)``: how probable the data are, averaged over the prior.

    ``prior[k]`` is ``p(θ_k)`` and ``likelihood[k]`` is ``p(𝒟 | θ_k)`` (these need
    not sum to 1: they are one column of different distributions).

    >>> round(bayes_evidence([0.01, 0.99], [0.95, 0.05]), 4)  # P(test positive)
    0.059
    """
    p, lik = _prior_and_likelihood(prior, likelihood)
    return float(np.sum(lik * p))


def bayes_posterior(prior: ArrayLike, likelihood: ArrayLike) -> FloatArray:
    """``p(θ | 𝒟) = p(𝒟 | θ) p(θ) / p(𝒟)``: the prior reweighted by the likelihood.

    >>> bayes_posterior([0.01, 0.99], [0.95, 0.05]).round(4).tolist()  # ill, healthy
    [0.161, 0.839]
    """
    p, lik = _prior_and_likelihood(prior, likelihood)
    evidence = np.sum(lik * p)
    if evidence == 0:
        raise ValueError("the data have probability 0 under every hypothesis the prior allows")
    return lik * p / evidence


def indicator(condition: ArrayLike) -> FloatArray:
    """``𝟙[condition]``: 1.0 where the condition holds and 0.0 where it does not.

    >>> indicator(np.array([3, -1, 2]) > 0).tolist()
    [1.0, 0.0, 1.0]
    """
    arr = np.asarray(condition)
    if arr.dtype != np.bool_:
        raise TypeError(f"condition must be booleans (a comparison such as y_hat == y), got dtype {arr.dtype}")
    return arr.astype(np.float64)


def accuracy(predictions: ArrayLike, targets: ArrayLike) -> float:
    """``(1/n) Σ_i 𝟙[ŷ_i = y_i]``: the fraction of predictions equal to their targets.

    >>> accuracy([2, 0, 1, 1], [2, 1, 1, 0])
    0.5
    """
    pred, true = np.asarray(predictions), np.asarray(targets)
    if pred.shape != true.shape or pred.size == 0:
        raise ValueError(f"predictions and targets must be non-empty and of one shape, got {pred.shape} and {true.shape}")
    return float(indicator(pred == true).mean())


def _check_unit_probability(p: float, name: str = "p") -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float, np.floating, np.integer)):
        raise TypeError(f"{name} must be a number, got {type(p).__name__}")
    if not 0.0 <= float(p) <= 1.0:
        raise ValueError(f"{name} must be a probability in [0, 1], got {p}")
    return float(p)


def bernoulli_sample(p: float, size: int | tuple[int, ...], rng: np.random.Generator) -> FloatArray:
    """Draws of ``Bernoulli(p)``: each entry is 1.0 with probability ``p`` and 0.0 otherwise.

    A uniform draw ``u`` gives 1 when ``u < p``, which happens with probability ``p``.

    >>> rng = np.random.default_rng(0)
    >>> bernoulli_sample(1.0, 3, rng).tolist(), bernoulli_sample(0.0, 3, rng).tolist()
    ([1.0, 1.0, 1.0], [0.0, 0.0, 0.0])
    >>> round(float(bernoulli_sample(0.3, 100_000, rng).mean()), 2)  # the fraction of ones ≈ p
    0.3
    """
    prob = _check_unit_probability(p)
    return (rng.random(size) < prob).astype(np.float64)


def bernoulli_mean_variance(p: float) -> tuple[float, float]:
    """Mean ``p`` and variance ``p (1 − p)`` of ``Bernoulli(p)``.

    >>> bernoulli_mean_variance(0.8)
    (0.8, 0.15999999999999998)
    """
    prob = _check_unit_probability(p)
    return prob, prob * (1.0 - prob)


def categorical_sample(probs: ArrayLike, size: int, rng: np.random.Generator) -> np.ndarray:
    """``size`` draws of ``Cat(π)``: integer outcomes ``k`` in ``0..K−1``, each with probability ``π_k``.

    Inverse-CDF sampling: a uniform ``u`` lands in outcome ``k`` when
    ``π_0 + … + π_{k−1} ≤ u < π_0 + … + π_k``.

    >>> categorical_sample([0.0, 1.0, 0.0], 4, np.random.default_rng(0)).tolist()
    [1, 1, 1, 1]
    """
    pi = check_probabilities(probs, "probs")
    if pi.ndim != 1:
        raise ValueError(f"probs must be one vector of K probabilities, got shape {pi.shape}")
    cdf = np.cumsum(pi)
    cdf[-1] = 1.0  # guard against rounding leaving the last edge at 0.9999999
    u = rng.random(size)
    return np.searchsorted(cdf, u, side="right").astype(np.int64)


def category_frequencies(samples: ArrayLike, num_categories: int) -> FloatArray:
    """The fraction of ``samples`` equal to each outcome ``0..K−1``: counts divided by ``n``.

    >>> category_frequencies([0, 2, 2, 1], 3).tolist()
    [0.25, 0.25, 0.5]
    """
    s = np.asarray(samples)
    if s.size == 0 or not np.issubdtype(s.dtype, np.integer):
        raise ValueError("samples must be a non-empty array of integer outcomes")
    if s.min() < 0 or s.max() >= num_categories:
        raise ValueError(f"outcomes must lie in 0..{num_categories - 1}")
    return np.bincount(s.reshape(-1), minlength=num_categories) / s.size


def uniform_mean_variance(a: float, b: float) -> tuple[float, float]:
    """Mean ``(a + b)/2`` and variance ``(b − a)²/12`` of ``𝒰(a, b)``, whose density is ``1/(b − a)``.

    >>> uniform_mean_variance(0.0, 1.0)
    (0.5, 0.08333333333333333)
    """
    if not (math.isfinite(a) and math.isfinite(b)) or not a < b:
        raise ValueError(f"need finite a < b, got {a} and {b}")
    return (a + b) / 2, (b - a) ** 2 / 12


def _check_fan(value: int, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


def xavier_uniform_bound(fan_in: int, fan_out: int, gain: float = 1.0) -> float:
    """Glorot/Xavier: weights ``𝒰(−a, a)`` with ``a = gain · √(6 / (fan_in + fan_out))``.

    The variance ``a²/3`` is then ``gain² · 2 / (fan_in + fan_out)``.

    >>> round(xavier_uniform_bound(100, 200), 4)  # √(6/300)
    0.1414
    """
    return gain * math.sqrt(6.0 / (_check_fan(fan_in, "fan_in") + _check_fan(fan_out, "fan_out")))


def kaiming_uniform_bound(fan_in: int, gain: float = math.sqrt(2.0)) -> float:
    """He/Kaiming (uniform form): ``a = gain · √(3 / fan_in)``; for ReLU ``gain = √2``, so ``a = √(6 / fan_in)``.

    The variance ``a²/3`` is then ``gain² / fan_in`` (``2 / fan_in`` for ReLU).
    ``gain = 1/√3`` gives ``1/√fan_in``, the bound of PyTorch's default ``nn.Linear`` weights.

    >>> round(kaiming_uniform_bound(600), 4)  # √(6/600)
    0.1
    """
    return gain * math.sqrt(3.0 / _check_fan(fan_in, "fan_in"))


def monte_carlo_estimate(values: ArrayLike) -> tuple[float, float]:
    """``𝔼[f(X)] ≈ (1/N) Σ f(x_i)`` from ``values[i] = f(x_i)``, with its standard error ``s/√N``.

    ``s`` is the sample standard deviation (``ddof=1``) of the values; the error of the
    estimate shrinks like ``1/√N``: four times the draws halve it.

    >>> est, se = monte_carlo_estimate([1.0, 3.0, 2.0, 2.0])
    >>> est, round(se, 4)
    (2.0, 0.4082)
    """
    v = as_float_array(values, "values").reshape(-1)
    if v.size < 2:
        raise ValueError(f"need at least 2 values for a standard error, got {v.size}")
    if not np.all(np.isfinite(v)):
        raise ValueError("values must be finite")
    return float(v.mean()), float(v.std(ddof=1) / math.sqrt(v.size))


def _grid(y: ArrayLike, x: ArrayLike) -> tuple[FloatArray, FloatArray]:
    ys, xs = as_float_array(y, "y"), as_float_array(x, "x")
    if ys.ndim != 1 or xs.shape != ys.shape or xs.size < 2:
        raise ValueError(f"y and x must be 1-D of one length >= 2, got {ys.shape} and {xs.shape}")
    if not np.all(np.diff(xs) > 0):
        raise ValueError("x must be strictly increasing")
    return ys, xs


def riemann_sum(y: ArrayLike, x: ArrayLike) -> float:
    """Left Riemann sum ``Σ_i f(x_i) (x_{i+1} − x_i)``: rectangles whose height is the left end.

    >>> riemann_sum([0.0, 1.0, 4.0], [0.0, 1.0, 2.0])  # ∫₀² x² dx = 8/3 by rectangles
    1.0
    """
    ys, xs = _grid(y, x)
    return float(np.sum(ys[:-1] * np.diff(xs)))


def trapezoid(y: ArrayLike, x: ArrayLike) -> float:
    """Trapezoid rule ``Σ_i (f(x_i) + f(x_{i+1}))/2 · (x_{i+1} − x_i)``, what ``np.trapezoid`` computes.

    >>> trapezoid([0.0, 1.0, 4.0], [0.0, 1.0, 2.0])  # ∫₀² x² dx = 8/3 by trapezoids
    3.0
    """
    ys, xs = _grid(y, x)
    return float(np.sum((ys[:-1] + ys[1:]) / 2 * np.diff(xs)))


def mixture_density(x: ArrayLike, weights: ArrayLike, means: ArrayLike, stds: ArrayLike) -> FloatArray:
    """``p(x) = Σ_k p(z = k) p(x | z = k)``: a Gaussian mixture, the latent ``z`` summed out.

    ``weights[k] = p(z = k)``; given ``z = k``, ``x ∼ 𝒩(means[k], stds[k]²)``. Element-wise in ``x``.

    >>> round(float(mixture_density(0.0, [0.5, 0.5], [-1.0, 1.0], [1.0, 1.0])), 4)  # 𝒩 density at 1
    0.242
    """
    w = check_probabilities(weights, "weights")
    mu, sd = as_float_array(means, "means"), as_float_array(stds, "stds")
    if w.ndim != 1 or mu.shape != w.shape or sd.shape != w.shape:
        raise ValueError(f"weights, means and stds must be vectors of one length, got {w.shape}, {mu.shape}, {sd.shape}")
    arr = as_float_array(x)
    return sum(float(w[k]) * normal_pdf(arr, float(mu[k]), float(sd[k])) for k in range(w.size))
