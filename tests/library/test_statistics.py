"""notation.statistics against independent references: the statistics and math modules,
explicit loops, closed forms and hypothesis properties."""

from __future__ import annotations

import math
import statistics as pystats
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.activations import softmax
from notation.statistics import (
    bigram_logits,
    binomial_likelihood,
    binomial_log_likelihood,
    coefficient_of_variation,
    expectation,
    normal_pdf,
    sequence_log_prob,
    sequence_probability,
    standard_deviation,
    token_probabilities,
    variance,
)

finite = st.floats(min_value=-1e3, max_value=1e3, allow_nan=False, allow_infinity=False)
samples = st.lists(finite, min_size=2, max_size=40)
positive_samples = st.lists(st.floats(min_value=0.1, max_value=1e3), min_size=2, max_size=40)
scales = st.floats(min_value=-50, max_value=50, allow_nan=False).filter(lambda c: abs(c) > 1e-3)


# --- expectation -------------------------------------------------------------------


@given(samples)
def test_expectation_of_a_sample_is_the_plain_average(xs):
    assert float(expectation(xs)) == pytest.approx(math.fsum(xs) / len(xs), rel=1e-12, abs=1e-9)


def test_expectation_with_probabilities_is_the_weighted_sum():
    values, probs = [1.0, 2.0, 10.0], [0.5, 0.25, 0.25]
    explicit = sum(v * p for v, p in zip(values, probs))
    assert float(expectation(values, probs)) == pytest.approx(explicit)
    # a fair die, exactly: 21/6
    assert float(expectation(range(1, 7), [1 / 6] * 6)) == pytest.approx(float(Fraction(21, 6)))


@given(samples, samples, finite, finite)
def test_expectation_is_linear(xs, ys, a, b):
    n = min(len(xs), len(ys))
    x, y = np.array(xs[:n]), np.array(ys[:n])
    lhs = float(expectation(a * x + b * y))
    rhs = a * float(expectation(x)) + b * float(expectation(y))
    assert lhs == pytest.approx(rhs, rel=1e-9, abs=1e-6)


def test_expectation_product_rule_holds_for_independent_and_fails_for_dependent():
    faces = np.arange(1, 7)
    xs, ys = np.meshgrid(faces, faces, indexing="ij")  # two independent dice, 36 outcomes
    e_xy = float(expectation((xs * ys).ravel(), np.full(36, 1 / 36)))
    assert e_xy == pytest.approx(3.5 * 3.5)
    e_xx = float(expectation(faces**2, np.full(6, 1 / 6)))
    assert e_xx == pytest.approx(91 / 6)
    assert e_xx != pytest.approx(3.5 * 3.5)


def test_expectation_axis_and_dtype():
    x = np.arange(12.0).reshape(3, 4)
    assert np.allclose(expectation(x), [sum(r) / 4 for r in x.tolist()])
    assert np.allclose(expectation(x, axis=0), [sum(c) / 3 for c in x.T.tolist()])
    assert expectation(np.ones(3, dtype=np.float32)).dtype == np.float32
    assert expectation([1, 2, 3]).dtype == np.float64
    p = np.full((3, 4), 0.25)
    assert np.allclose(expectation(x, p), x.mean(axis=1))
    p0 = np.full((3, 4), 1 / 3)
    assert np.allclose(expectation(x, p0, axis=0), x.mean(axis=0))


@pytest.mark.parametrize(
    "args, error",
    [
        (([],), ValueError),
        (([1.0, float("nan")],), ValueError),
        (([1.0, float("inf")],), ValueError),
        ((5.0,), ValueError),
        (("abc",), TypeError),
        (([1.0, 2.0], [0.5]), ValueError),
        (([1.0, 2.0], [0.5, 0.6]), ValueError),
        (([1.0, 2.0], [1.5, -0.5]), ValueError),
    ],
)
def test_expectation_bad_input(args, error):
    with pytest.raises(error):
        expectation(*args)


def test_expectation_bad_axis():
    with pytest.raises(ValueError, match="axis"):
        expectation([1.0, 2.0], axis=1)


# --- variance and standard deviation ---------------------------------------------------


@given(samples)
def test_variance_matches_the_statistics_module(xs):
    assert float(variance(xs)) == pytest.approx(pystats.pvariance(xs), rel=1e-9, abs=1e-6)
    assert float(variance(xs, ddof=1)) == pytest.approx(pystats.variance(xs), rel=1e-9, abs=1e-6)


@given(samples)
def test_variance_is_mean_square_minus_square_mean(xs):
    x = np.array(xs)
    shortcut = float(expectation(x**2)) - float(expectation(x)) ** 2
    assert float(variance(x)) == pytest.approx(shortcut, rel=1e-6, abs=1e-4)


@given(samples, scales)
def test_variance_scales_by_c_squared(xs, c):
    x = np.array(xs)
    assert float(variance(c * x)) == pytest.approx(c**2 * float(variance(x)), rel=1e-9, abs=1e-6)


@given(samples, finite)
def test_variance_ignores_a_shift(xs, c):
    x = np.array(xs)
    assert float(variance(x + c)) == pytest.approx(float(variance(x)), rel=1e-6, abs=1e-5)


def test_variance_of_independent_variables_add_exactly_over_all_outcomes():
    # X and Y independent: enumerate every (x, y) pair with probability p(x) q(y)
    x_vals, px = np.array([0.0, 1.0, 5.0]), np.array([0.2, 0.5, 0.3])
    y_vals, py = np.array([-1.0, 2.0]), np.array([0.4, 0.6])
    sums = (x_vals[:, None] + y_vals[None, :]).ravel()
    joint = (px[:, None] * py[None, :]).ravel()
    assert float(variance(sums, joint)) == pytest.approx(float(variance(x_vals, px)) + float(variance(y_vals, py)))
    # and the dependent case Y = X: Var(2X) = 4 Var(X)
    assert float(variance(2 * x_vals, px)) == pytest.approx(4 * float(variance(x_vals, px)))


def test_variance_of_a_distribution_closed_form():
    assert float(variance(range(1, 7), [1 / 6] * 6)) == pytest.approx(35 / 12)  # fair die
    assert float(variance([0.0, 1.0], [0.7, 0.3])) == pytest.approx(0.7 * 0.3)  # Bernoulli p(1-p)


def test_variance_axis_float32_and_rows():
    x = np.array([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 2.0]], dtype=np.float32)
    out = variance(x)
    assert out.dtype == np.float32
    assert np.allclose(out, [pystats.pvariance([1, 2, 3, 4]), 0.0])
    assert np.allclose(variance(x, axis=0), [pystats.pvariance(c) for c in x.T.astype(float).tolist()])


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"ddof": -1}, ValueError),
        ({"ddof": 3}, ValueError),
        ({"ddof": 1.0}, TypeError),
        ({"ddof": True}, TypeError),
        ({"ddof": 1, "probs": [0.5, 0.25, 0.25]}, ValueError),
    ],
)
def test_variance_bad_ddof(kwargs, error):
    with pytest.raises(error):
        variance([1.0, 2.0, 4.0], **kwargs)


@given(samples)
def test_standard_deviation_matches_the_statistics_module(xs):
    assert float(standard_deviation(xs)) == pytest.approx(pystats.pstdev(xs), rel=1e-7, abs=1e-6)
    assert float(standard_deviation(xs, ddof=1)) == pytest.approx(pystats.stdev(xs), rel=1e-7, abs=1e-6)


@given(samples, scales)
def test_standard_deviation_scales_by_abs_c(xs, c):
    x = np.array(xs)
    assert float(standard_deviation(c * x)) == pytest.approx(abs(c) * float(standard_deviation(x)), rel=1e-7, abs=1e-5)


def test_standard_deviation_of_a_distribution_and_errors():
    assert float(standard_deviation([-1.0, 1.0], [0.5, 0.5])) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        standard_deviation([])
    with pytest.raises(TypeError):
        standard_deviation(["a", "b"])


# --- coefficient of variation ------------------------------------------------------------


@given(positive_samples)
def test_cv_matches_the_statistics_module(xs):
    expected = pystats.pstdev(xs) / pystats.mean(xs)
    assert coefficient_of_variation(xs) == pytest.approx(expected, rel=1e-7, abs=1e-9)
    assert coefficient_of_variation(xs, ddof=1) == pytest.approx(pystats.stdev(xs) / pystats.mean(xs), rel=1e-7, abs=1e-9)


@given(positive_samples, st.floats(min_value=1e-3, max_value=1e3))
def test_cv_has_no_units(xs, c):
    assert coefficient_of_variation(np.array(xs) * c) == pytest.approx(coefficient_of_variation(xs), rel=1e-7, abs=1e-9)


def test_cv_balanced_and_unbalanced_expert_loads():
    assert coefficient_of_variation([25, 25, 25, 25]) == 0.0
    # one expert gets everything: std = mean * sqrt(n - 1) for n experts
    for n in (2, 4, 8):
        load = [1.0] + [0.0] * (n - 1)
        assert coefficient_of_variation(load) == pytest.approx(math.sqrt(n - 1))
    assert isinstance(coefficient_of_variation([1, 2]), float)


@pytest.mark.parametrize(
    "x, error",
    [([], ValueError), ([1.0, -1.0], ValueError), ([0, 0], ValueError), ("abc", TypeError), ([1.0], ValueError)],
)
def test_cv_bad_input(x, error):
    with pytest.raises(error):
        coefficient_of_variation(x, ddof=1 if x == [1.0] else 0)


# --- normal density --------------------------------------------------------------------


def _phi_cdf(x: float, mu: float = 0.0, sigma: float = 1.0) -> float:
    return 0.5 * (1 + math.erf((x - mu) / (sigma * math.sqrt(2))))


@given(st.floats(min_value=-8, max_value=8), st.floats(min_value=-5, max_value=5), st.floats(min_value=0.1, max_value=5))
def test_normal_pdf_matches_the_formula(x, mu, sigma):
    expected = math.exp(-((x - mu) ** 2) / (2 * sigma**2)) / (sigma * math.sqrt(2 * math.pi))
    assert float(normal_pdf(x, mu, sigma)) == pytest.approx(expected, rel=1e-12, abs=1e-300)


@pytest.mark.parametrize("x, mu, sigma", [(0.0, 0.0, 1.0), (1.3, 0.0, 1.0), (-0.7, 2.0, 0.5), (4.0, 3.0, 2.0)])
def test_normal_pdf_is_the_slope_of_the_erf_cdf(x, mu, sigma):
    h = 1e-5
    slope = (_phi_cdf(x + h, mu, sigma) - _phi_cdf(x - h, mu, sigma)) / (2 * h)
    assert float(normal_pdf(x, mu, sigma)) == pytest.approx(slope, rel=1e-6)


def test_normal_pdf_integrates_to_one_and_keeps_shape_and_dtype():
    grid = np.linspace(-12, 12, 20001)
    assert float(np.trapezoid(normal_pdf(grid, 1.0, 2.0), grid)) == pytest.approx(1.0, abs=1e-6)
    assert normal_pdf(np.zeros((2, 3))).shape == (2, 3)
    assert normal_pdf(np.zeros(2, dtype=np.float32)).dtype == np.float32
    assert float(normal_pdf(0.0)) == pytest.approx(1 / math.sqrt(2 * math.pi))


@pytest.mark.parametrize("kwargs", [{"std": 0.0}, {"std": -1.0}, {"std": float("nan")}, {"mean": float("inf")}])
def test_normal_pdf_bad_parameters(kwargs):
    with pytest.raises(ValueError):
        normal_pdf(0.0, **kwargs)


def test_normal_pdf_bad_input_type():
    with pytest.raises(TypeError):
        normal_pdf("x")


# --- binomial likelihood -----------------------------------------------------------------


@given(st.integers(min_value=1, max_value=40).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))), st.floats(0.01, 0.99))
def test_binomial_likelihood_matches_math_comb(kn, p):
    k, n = kn
    expected = math.comb(n, k) * p**k * (1 - p) ** (n - k)
    assert float(binomial_likelihood(p, k, n)) == pytest.approx(expected, rel=1e-9)
    assert float(binomial_log_likelihood(p, k, n)) == pytest.approx(math.log(expected), rel=1e-9, abs=1e-9)


@given(st.integers(min_value=1, max_value=30), st.floats(0.0, 1.0))
def test_binomial_likelihoods_over_all_outcomes_sum_to_one(n, p):
    total = math.fsum(float(binomial_likelihood(p, k, n)) for k in range(n + 1))
    assert total == pytest.approx(1.0, abs=1e-9)


@settings(max_examples=40)
@given(st.integers(min_value=1, max_value=50).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_binomial_likelihood_peaks_at_the_observed_frequency(kn):
    k, n = kn
    grid = np.linspace(0, 1, 10001)
    best = grid[np.argmax(binomial_likelihood(grid, k, n))]
    assert best == pytest.approx(k / n, abs=1e-4)


def test_binomial_log_likelihood_has_zero_slope_at_the_mle():
    h = 1e-6
    slope = (binomial_log_likelihood(0.7 + h, 7, 10) - binomial_log_likelihood(0.7 - h, 7, 10)) / (2 * h)
    assert float(slope) == pytest.approx(0.0, abs=1e-5)
    assert float(binomial_likelihood(0.7, 7, 10)) == pytest.approx(120 * 0.7**7 * 0.3**3)


def test_binomial_edges():
    assert binomial_likelihood([0.0, 1.0], 0, 5).tolist() == [1.0, 0.0]
    assert binomial_log_likelihood(0.0, 3, 5) == -np.inf
    assert binomial_likelihood(np.array([0.5], dtype=np.float32), 1, 2).dtype == np.float32


@pytest.mark.parametrize(
    "p, k, n, error",
    [
        (1.2, 1, 2, ValueError),
        (-0.1, 1, 2, ValueError),
        (float("nan"), 1, 2, ValueError),
        (0.5, 3, 2, ValueError),
        (0.5, -1, 2, ValueError),
        (0.5, 1.0, 2, TypeError),
        (0.5, 1, True, TypeError),
        ("0.5", 1, 2, TypeError),
    ],
)
def test_binomial_bad_input(p, k, n, error):
    with pytest.raises(error):
        binomial_likelihood(p, k, n)
    with pytest.raises(error):
        binomial_log_likelihood(p, k, n)


# --- chain rule: token probabilities, sequence probability ------------------------------


def _random_steps(seed: int, t: int, v: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    probs = rng.random((t, v)) + 0.01
    probs /= probs.sum(axis=1, keepdims=True)
    return probs, rng.integers(0, v, size=t)


@given(st.integers(0, 10_000), st.integers(1, 30), st.integers(2, 12))
def test_chain_rule_functions_match_explicit_loops(seed, t, v):
    probs, tokens = _random_steps(seed, t, v)
    picked = [probs[i][tokens[i]] for i in range(t)]
    assert token_probabilities(probs, tokens).tolist() == picked
    assert sequence_probability(probs, tokens) == pytest.approx(math.prod(picked), rel=1e-12)
    assert sequence_log_prob(probs, tokens) == pytest.approx(math.fsum(math.log(p) for p in picked), rel=1e-12)
    assert math.exp(sequence_log_prob(probs, tokens)) == pytest.approx(sequence_probability(probs, tokens), rel=1e-9)


def test_chain_rule_rebuilds_a_joint_distribution():
    rng = np.random.default_rng(1)
    joint = rng.random((3, 3))
    joint /= joint.sum()
    p1 = joint.sum(axis=1)
    for a in range(3):
        for b in range(3):
            # two steps: P(w1) (the same for every first position), then P(w2 | w1 = a)
            steps = np.stack([p1, joint[a] / joint[a].sum()])
            assert sequence_probability(steps, np.array([a, b])) == pytest.approx(joint[a, b], rel=1e-12)


def test_long_products_underflow_but_log_sums_do_not():
    probs = np.full((2000, 10), 0.1)
    tokens = np.zeros(2000, dtype=int)
    assert sequence_probability(probs, tokens) == 0.0
    assert sequence_log_prob(probs, tokens) == pytest.approx(2000 * math.log(0.1))


def test_zero_probability_token_gives_minus_infinity():
    assert sequence_log_prob([[1.0, 0.0]], [1]) == -math.inf
    assert sequence_probability([[1.0, 0.0]], [1]) == 0.0


@pytest.mark.parametrize(
    "probs, tokens, error",
    [
        ([[0.5, 0.5]], [2], ValueError),
        ([[0.5, 0.5]], [-1], ValueError),
        ([[0.5, 0.5]], [0, 1], ValueError),
        ([[0.5, 0.5]], [0.0], TypeError),
        ([[0.5, 0.5]], [True], TypeError),
        ([[0.5, 0.6]], [0], ValueError),
        ([0.5, 0.5], [0], ValueError),
        ([[[0.5, 0.5]]], [0], ValueError),
        ([[-0.5, 1.5]], [0], ValueError),
    ],
)
def test_chain_rule_bad_input(probs, tokens, error):
    for fn in (token_probabilities, sequence_probability, sequence_log_prob):
        with pytest.raises(error):
            fn(probs, tokens)


# --- bigram model ------------------------------------------------------------------


def _bigram_counts(sentences: list[list[str]]) -> dict[tuple[str, str], int]:
    """Pairs counted sentence by sentence, each sentence opened by <s> (a second reading)."""
    counts: dict[tuple[str, str], int] = {}
    for sentence in sentences:
        for pair in zip(["<s>", *sentence], sentence):
            counts[pair] = counts.get(pair, 0) + 1
    return counts


@settings(max_examples=60)
@given(st.lists(st.lists(st.sampled_from("abc"), max_size=6).map(lambda s: [*s, "."]), max_size=5))
def test_bigram_logits_are_log_of_add_one_counts(sentences):
    vocab = ["a", "b", "c", "."]
    theta = bigram_logits([w for s in sentences for w in s], vocab)
    counts = _bigram_counts(sentences)
    for i, context in enumerate(["<s>", *vocab]):
        for j, token in enumerate(vocab):
            assert theta[i, j] == pytest.approx(math.log(counts.get((context, token), 0) + 1))


def test_bigram_softmax_is_the_laplace_smoothed_frequency():
    # after "the": cat twice, dog once, in a vocabulary of 4 -> (2 + 1) / (3 + 4), (1 + 1) / 7, ...
    probs = softmax(bigram_logits("the cat . the dog . the cat .".split(), ["the", "cat", "dog", "."]))
    assert probs[1].tolist() == pytest.approx([1 / 7, 3 / 7, 2 / 7, 1 / 7])


@pytest.mark.parametrize(
    "words, vocab",
    [(["a", "z"], ["a", "."]), (["a"], ["a", "a"]), (["a"], ["a", "<s>"])],
)
def test_bigram_bad_input(words, vocab):
    with pytest.raises(ValueError):
        bigram_logits(words, vocab)


# -- empirical distribution (issue 24) ---------------------------------------------------------

from collections import Counter  # noqa: E402

from notation import empirical_distribution, empirical_probability  # noqa: E402


def test_empirical_distribution_matches_counter_and_gives_the_mean_as_expectation():
    data = [2, 5, 2, 2, 7, 5, 1, 2]
    values, probs = empirical_distribution(data)
    counts = Counter(data)
    assert values.tolist() == sorted(counts)
    assert probs.tolist() == [counts[v] / len(data) for v in sorted(counts)]
    loss = lambda v: (v - 3.0) ** 2  # noqa: E731
    import statistics

    assert math.isclose(float(np.sum(probs * loss(values))), statistics.fmean(loss(v) for v in data))
    assert empirical_probability(data, 2) == 4 / 8 and empirical_probability(data, 9) == 0.0
    with pytest.raises(ValueError):
        empirical_distribution([])
