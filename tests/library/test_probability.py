"""notation.probability against independent references: exact fractions, explicit loops,
closed forms, np.trapezoid, and the law of large numbers on seeded draws."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.probability import (
    accuracy,
    bayes_evidence,
    bayes_posterior,
    bernoulli_mean_variance,
    bernoulli_sample,
    categorical_sample,
    category_frequencies,
    conditional,
    independence_gap,
    indicator,
    kaiming_uniform_bound,
    marginal,
    mixture_density,
    monte_carlo_estimate,
    riemann_sum,
    trapezoid,
    uniform_mean_variance,
    xavier_uniform_bound,
)

JOINT = [[0.10, 0.20, 0.05], [0.30, 0.15, 0.20]]


def _random_joint(seed: int, shape=(3, 4)) -> np.ndarray:
    t = np.random.default_rng(seed).random(shape)
    return t / t.sum()


# --- joint, marginal, conditional ----------------------------------------------------


def test_marginals_match_explicit_loops():
    rows = [sum(r) for r in JOINT]
    cols = [sum(JOINT[i][j] for i in range(2)) for j in range(3)]
    assert marginal(JOINT, axis=1) == pytest.approx(rows)
    assert marginal(JOINT, axis=0) == pytest.approx(cols)


@given(st.integers(0, 10_000))
def test_conditional_times_marginal_gives_back_the_joint(seed):
    joint = _random_joint(seed)
    # p(y | x) p(x) = p(x, y) and p(x | y) p(y) = p(x, y), entry by entry with loops
    cy, cx = conditional(joint, given_axis=0), conditional(joint, given_axis=1)
    px, py = joint.sum(axis=1), joint.sum(axis=0)
    for i in range(joint.shape[0]):
        for j in range(joint.shape[1]):
            assert cy[i, j] * px[i] == pytest.approx(joint[i, j])
            assert cx[i, j] * py[j] == pytest.approx(joint[i, j])
    assert cy.sum(axis=1) == pytest.approx(np.ones(3))
    assert cx.sum(axis=0) == pytest.approx(np.ones(4))


def test_conditional_rejects_a_zero_probability_row_and_bad_tables():
    with pytest.raises(ValueError, match="probability is 0"):
        conditional([[0.5, 0.5], [0.0, 0.0]])
    with pytest.raises(ValueError):
        marginal([[0.5, 0.6]], axis=0)
    with pytest.raises(ValueError):
        marginal([0.5, 0.5], axis=0)


def test_independence_gap_is_zero_for_a_product_and_positive_otherwise():
    assert independence_gap(np.outer([0.2, 0.8], [0.1, 0.6, 0.3])) == pytest.approx(0.0, abs=1e-15)
    # JOINT: p(x0) = 0.35, p(y0) = 0.40, p(x0, y0) = 0.10 vs 0.14
    gaps = [abs(JOINT[i][j] - sum(JOINT[i]) * sum(JOINT[k][j] for k in range(2))) for i in range(2) for j in range(3)]
    assert independence_gap(JOINT) == pytest.approx(max(gaps))


# --- Bayes' rule --------------------------------------------------------------------------


def test_bayes_diagnostic_test_matches_exact_fractions():
    prevalence, sensitivity, specificity = Fraction(1, 100), Fraction(95, 100), Fraction(95, 100)
    positive = sensitivity * prevalence + (1 - specificity) * (1 - prevalence)
    exact = sensitivity * prevalence / positive  # = 19/118
    post = bayes_posterior([0.01, 0.99], [0.95, 0.05])
    assert post[0] == pytest.approx(float(exact))
    assert post.sum() == pytest.approx(1.0)
    assert bayes_evidence([0.01, 0.99], [0.95, 0.05]) == pytest.approx(float(positive))


@given(st.integers(0, 10_000))
def test_posterior_is_the_conditional_of_the_joint_table(seed):
    joint = _random_joint(seed, (4, 3))  # rows θ, columns data values
    prior = joint.sum(axis=1)
    lik = joint[:, 1] / prior  # p(D = d1 | θ)
    assert bayes_posterior(prior, lik) == pytest.approx(joint[:, 1] / joint[:, 1].sum())


def test_bayes_rejects_impossible_data_and_mismatched_shapes():
    with pytest.raises(ValueError, match="probability 0"):
        bayes_posterior([1.0, 0.0], [0.0, 1.0])
    with pytest.raises(ValueError):
        bayes_posterior([0.5, 0.5], [0.5])


# --- indicator and accuracy -----------------------------------------------------------------


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=50))
def test_accuracy_counts_matches_with_a_loop(pairs):
    pred, true = [p for p, _ in pairs], [t for _, t in pairs]
    hits = 0
    for p, t in pairs:
        hits += 1 if p == t else 0
    assert accuracy(pred, true) == pytest.approx(hits / len(pairs))


def test_indicator_needs_booleans():
    assert indicator(np.array([1, 2]) == 2).tolist() == [0.0, 1.0]
    with pytest.raises(TypeError):
        indicator([0, 1])


# --- Bernoulli and categorical ----------------------------------------------------------------


@pytest.mark.parametrize("p", [0.1, 0.5, 0.8])
def test_bernoulli_sample_moments_approach_p_and_p_one_minus_p(p):
    x = bernoulli_sample(p, 200_000, np.random.default_rng(1))
    assert set(np.unique(x)) <= {0.0, 1.0}
    mean, var = bernoulli_mean_variance(p)
    assert (mean, var) == (p, pytest.approx(p - p * p))
    # 5 standard errors of the sample mean
    assert abs(x.mean() - p) < 5 * math.sqrt(p * (1 - p) / x.size)
    assert x.var() == pytest.approx(p * (1 - p), rel=0.02)


def test_categorical_sample_frequencies_approach_probs():
    pi = np.array([0.5, 0.2, 0.2, 0.1])
    s = categorical_sample(pi, 200_000, np.random.default_rng(2))
    freq = category_frequencies(s, 4)
    loop = [sum(1 for v in s[:2000] if v == k) / 2000 for k in range(4)]
    assert category_frequencies(s[:2000], 4) == pytest.approx(loop)
    assert np.all(np.abs(freq - pi) < 5 * np.sqrt(pi * (1 - pi) / s.size))
    assert categorical_sample([0.0, 0.0, 1.0], 5, np.random.default_rng(0)).tolist() == [2] * 5


# --- uniform and initialisation bounds ---------------------------------------------------------


def test_uniform_moments_match_closed_form_and_samples():
    mean, var = uniform_mean_variance(-2.0, 4.0)
    assert (mean, var) == (1.0, pytest.approx(3.0))  # 36/12
    x = np.random.default_rng(3).uniform(-2.0, 4.0, 400_000)
    assert x.mean() == pytest.approx(mean, abs=0.02)
    assert x.var() == pytest.approx(var, rel=0.01)


@given(st.integers(1, 5000), st.integers(1, 5000))
@settings(max_examples=50)
def test_init_bounds_give_the_papers_variances(fan_in, fan_out):
    a = xavier_uniform_bound(fan_in, fan_out)
    assert uniform_mean_variance(-a, a)[1] == pytest.approx(2 / (fan_in + fan_out))  # Glorot & Bengio
    b = kaiming_uniform_bound(fan_in)
    assert uniform_mean_variance(-b, b)[1] == pytest.approx(2 / fan_in)  # He et al., ReLU
    # PyTorch's nn.Linear default: kaiming_uniform_(a=√5) has gain √(2/(1+5)) and bound 1/√fan_in
    assert kaiming_uniform_bound(fan_in, gain=math.sqrt(2 / 6)) == pytest.approx(1 / math.sqrt(fan_in))


# --- Monte Carlo ------------------------------------------------------------------------------


def test_monte_carlo_estimate_matches_statistics_module():
    import statistics

    vals = [0.3, 1.7, 2.2, 0.9, 1.1]
    est, se = monte_carlo_estimate(vals)
    assert est == pytest.approx(statistics.fmean(vals))
    assert se == pytest.approx(statistics.stdev(vals) / math.sqrt(5))


def test_monte_carlo_error_shrinks_like_one_over_root_n():
    # E[X²] = 1 for X ∼ 𝒩(0, 1); Var(X²) = 2, so the standard error is √(2/N)
    rng = np.random.default_rng(4)
    for n in (1_000, 16_000, 256_000):
        est, se = monte_carlo_estimate(rng.normal(size=n) ** 2)
        assert se == pytest.approx(math.sqrt(2 / n), rel=0.1)
        assert abs(est - 1.0) < 5 * math.sqrt(2 / n)


# --- integrals ---------------------------------------------------------------------------------


@given(st.integers(2, 400))
def test_trapezoid_matches_numpy_and_riemann_matches_a_loop(n):
    x = np.linspace(0.0, 2.0, n)
    y = np.sin(x) + x**2
    assert trapezoid(y, x) == pytest.approx(np.trapezoid(y, x))
    assert riemann_sum(y, x) == pytest.approx(sum(y[i] * (x[i + 1] - x[i]) for i in range(n - 1)))


def test_integrals_converge_to_closed_forms():
    exact = 1 - math.cos(2.0) + 8 / 3  # ∫₀² (sin x + x²) dx
    x = np.linspace(0.0, 2.0, 2001)
    y = np.sin(x) + x**2
    assert trapezoid(y, x) == pytest.approx(exact, abs=1e-5)
    assert abs(riemann_sum(y, x) - exact) < 5e-3
    with pytest.raises(ValueError):
        trapezoid([1.0, 2.0], [1.0, 0.0])


def test_mixture_density_integrates_to_one_and_matches_the_formula():
    w, mu, sd = [0.3, 0.7], [-2.0, 1.0], [0.5, 1.5]
    x = np.linspace(-12, 12, 20001)
    p = mixture_density(x, w, mu, sd)
    by_hand = sum(
        wk * np.exp(-((x - m) ** 2) / (2 * s * s)) / (s * math.sqrt(2 * math.pi)) for wk, m, s in zip(w, mu, sd)
    )
    assert p == pytest.approx(by_hand)
    assert np.trapezoid(p, x) == pytest.approx(1.0, abs=1e-8)
