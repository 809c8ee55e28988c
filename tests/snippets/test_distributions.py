"""Each snippet of the "Distributions and sampling" page prints the facts its entry promises.

Printed numbers are checked against independent computations: exact fractions, closed forms
(math.erf, 1/√(2π), Beta integrals), explicit loops, and sampling-error bounds.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables, text_of, vector


def phi(x: float, mean: float = 0.0, std: float = 1.0) -> float:
    """The normal density, written out."""
    return math.exp(-((x - mean) ** 2) / (2 * std * std)) / (std * math.sqrt(2 * math.pi))


# --- sampled-from ------------------------------------------------------------------------


def test_sampled_from_draws_close_in_on_mu_and_sigma_squared_and_the_slip_gives_sigma_to_the_fourth():
    html = run_snippet("sampled_from_iid_draws")
    (t,) = tables(html)
    mu, var = 2.0, 0.25
    means, variances = nums(t.column("sample mean")), nums(t.column("sample variance"))
    sizes = [10, 1_000, 100_000]
    for n, m, v in zip(sizes, means, variances):
        assert abs(m - mu) < 5 * math.sqrt(var / n)  # within 5 standard errors
    assert variances[2] == pytest.approx(var, rel=0.02)
    assert abs(means[2] - mu) < abs(means[0] - mu)  # more draws, closer
    # the slip row: variance (σ²)² = 0.0625, far from σ²
    assert variances[3] == pytest.approx(0.5**4, rel=0.03)
    assert "0.0625" in text_of(html)


# --- conditional-probability -----------------------------------------------------------


def test_conditional_rows_sum_to_one_and_reversing_the_bar_changes_the_number():
    html = run_snippet("conditional_from_joint")
    joint_t, cond_t = tables(html)[:2]
    joint = [[Fraction(c) for c in cells] for cells in joint_t.rows.values()]
    assert sum(map(sum, joint)) == 1
    for printed, row in zip(cond_t.rows.values(), joint):
        total = sum(row)
        assert all(close(num(p), float(c / total), 3) for p, c in zip(printed, row))
    rainy, umbrella_total = joint[2], sum(r[1] for r in joint)
    assert close(num(fact(html, "p(\\text{umbrella} \\mid \\text{rainy})")), float(rainy[1] / sum(rainy)), 3)
    assert close(num(fact(html, "p(\\text{rainy} \\mid \\text{umbrella})")), float(rainy[1] / umbrella_total), 3)
    assert vector(fact(html, "row totals")) == pytest.approx([float(sum(r)) for r in joint])
    assert vector(fact(html, "sum of each row")) == [1.0, 1.0, 1.0]


# --- joint-marginal -------------------------------------------------------------------------


def test_marginals_are_the_row_and_column_totals_and_integrating_y_out_gives_the_normal_density():
    html = run_snippet("joint_marginal_table")
    (t,) = tables(html)
    rows = [nums(cells) for cells in t.rows.values()]
    counts = [[20, 14, 6], [12, 30, 18], [4, 26, 70]]
    total = sum(map(sum, counts))
    for i, r in enumerate(counts):  # each cell and each row total, from the counts
        assert all(close(rows[i][j], c / total, 3) for j, c in enumerate(r))
        assert close(rows[i][3], sum(r) / total, 3)
    for j in range(3):
        assert close(rows[3][j], sum(counts[i][j] for i in range(3)) / total, 3)
    assert rows[3][3] == 1.0
    integrated = vector(fact(html, "\\int p(x, y)\\,dy"))
    assert all(close(v, phi(x), 4) for v, x in zip(integrated, [-1.0, 0.0, 1.5]))


# --- bayes-rule ---------------------------------------------------------------------------------


def test_bayes_diagnostic_test_matches_exact_fractions_and_map_differs_from_ml():
    html = run_snippet("bayes_diagnostic_test")
    (t,) = tables(html)
    prior, sens, fpr = Fraction(1, 100), Fraction(95, 100), Fraction(5, 100)
    evidence = sens * prior + fpr * (1 - prior)
    post = sens * prior / evidence  # 19/118
    post2 = sens * post / (sens * post + fpr * (1 - post))
    assert close(num(fact(html, "evidence")), float(evidence), 4)
    assert close(num(fact(html, "after one positive")), float(post), 4)
    assert close(num(fact(html, "after a second positive")), float(post2), 4)
    assert nums(t.column(t.header[3])) == [95, 495]  # positives out of 10,000
    assert sum(nums(t.column(t.header[4]))) == pytest.approx(1.0)
    # 3 heads in 3 flips: ML = k/n = 1; with prior ∝ θ(1−θ) (Beta(2, 2)) the MAP is (k+1)/(n+2) = 0.8
    assert num(fact(html, "maximum likelihood")) == 1.0
    assert num(fact(html, "MAP")) == pytest.approx(4 / 5)
    # posterior ∝ θ⁴(1−θ), Beta(5, 2): P(θ > 0.5) = 1 − 7/64; the grid sum is close to it
    assert num(fact(html, "posterior probability")) == pytest.approx(1 - 7 / 64, abs=0.01)


# --- indicator --------------------------------------------------------------------------------


def test_accuracy_is_the_mean_of_the_printed_indicator_and_matches_one_minus_delta():
    html = run_snippet("indicator_accuracy")
    (t,) = tables(html)
    y, y_hat, hits = (nums(cells) for cells in t.rows.values())
    assert hits == [1.0 if a == b else 0.0 for a, b in zip(y_hat, y)]
    correct = sum(1 for a, b in zip(y_hat, y) if a == b)
    assert close(num(fact(html, "accuracy")), correct / len(y), 3)
    assert 0 < correct < len(y)  # the example has both kinds
    assert set(y) | set(y_hat) <= {1.0, 2.0, 3.0}  # three classes, counted from 1 as the maths does
    not_i = vector(fact(html, "k \\neq 3] for k = 1, \\dots, 5"))
    assert not_i == [0.0 if k == 3 else 1.0 for k in range(1, 6)]
    assert vector(fact(html, "1 - \\delta")) == not_i
    assert vector(fact(html, "one-hot")) == [1.0 if k == 3 else 0.0 for k in range(1, 6)]


# --- independence -----------------------------------------------------------------------------


def test_independence_gap_and_the_log_likelihood_sum_of_iid_flips():
    html = run_snippet("independence_iid_loglik")
    assert num(fact(html, "two coins")) == 0.0
    joint = [[0.45, 0.05], [0.20, 0.10], [0.04, 0.16]]
    px = [sum(r) for r in joint]
    py = [sum(joint[i][j] for i in range(3)) for j in range(2)]
    gap = max(abs(joint[i][j] - px[i] * py[j]) for i in range(3) for j in range(2))
    assert close(num(fact(html, "weather and umbrella")), gap, 4)
    assert num(fact(html, "likelihood of 2,000")) == 0.0  # underflow
    loglik, per_flip = num(fact(html, "log-likelihood \\sum")), num(fact(html, "per flip"))
    assert close(per_flip, loglik / 2000, 4)
    # E[log p(x)] for a 0.7 coin is −H = 0.7 log 0.7 + 0.3 log 0.3; std of log p(x) per flip ≈ 0.4
    neg_entropy = 0.7 * math.log(0.7) + 0.3 * math.log(0.3)
    assert abs(per_flip - neg_entropy) < 5 * 0.4 / math.sqrt(2000)
    # the log-likelihood is k log 0.7 + (n − k) log 0.3 for a whole number of heads k
    k = (loglik - 2000 * math.log(0.3)) / (math.log(0.7) - math.log(0.3))
    assert abs(k - round(k)) < 1e-3


# --- monte-carlo -------------------------------------------------------------------------------


def test_monte_carlo_error_shrinks_like_one_over_root_n():
    html = run_snippet("monte_carlo_error")
    (t,) = tables(html)
    exact = 1 / math.sqrt(2 * math.pi)
    assert f"{exact:.4f}" in t.caption
    est, se, err, scaled = (nums(t.column(h)) for h in t.header[1:])
    sd = math.sqrt(0.5 - 1 / (2 * math.pi))  # Std of ReLU(X), X ∼ 𝒩(0, 1), in closed form
    sizes = [100, 1_000, 10_000, 100_000, 1_000_000]
    for n, e, s, a, c in zip(sizes, est, se, err, scaled):
        assert close(a, abs(e - exact), 3)
        assert a < 4 * sd / math.sqrt(n) + 1e-4
        assert c == pytest.approx(sd, rel=0.06)
        assert s == pytest.approx(sd / math.sqrt(n), rel=0.06, abs=1e-4)
    assert all(s1 > 2.5 * s2 for s1, s2 in zip(se, se[1:]))  # √10 ≈ 3.16 per row


# --- integral ------------------------------------------------------------------------------------


def test_riemann_and_trapezoid_sums_against_a_loop_numpy_and_the_closed_form():
    html = run_snippet("integral_riemann_trapezoid")
    grid_t, moments_t = tables(html)
    exact = math.erf(math.sqrt(2)) / 2
    for (label, cells), n in zip(grid_t.rows.items(), [5, 11, 101, 1001]):
        left, trap, np_trap, shown = nums(cells)
        xs = [2 * i / (n - 1) for i in range(n)]
        h = xs[1] - xs[0]
        assert close(left, sum(phi(x) * h for x in xs[:-1]), 6)
        assert close(trap, sum((phi(a) + phi(b)) / 2 * h for a, b in zip(xs, xs[1:])), 6)
        assert trap == np_trap
        assert close(shown, exact, 6)
        assert abs(trap - exact) < abs(left - exact)
    total, mean, second = (nums(c)[0] for c in moments_t.rows.values())
    assert (total, abs(mean), second) == (pytest.approx(1.0, abs=1e-6), pytest.approx(0.0, abs=1e-6), pytest.approx(1.0, abs=1e-6))


# --- latent-variable -------------------------------------------------------------------------------


def test_mixture_marginal_posterior_and_monte_carlo_estimate():
    html = run_snippet("latent_variable_mixture")
    (t,) = tables(html)
    w, mu, sd = [0.3, 0.7], [-2.0, 1.0], [0.5, 1.0]
    for x, cells in zip([-2.0, -0.8, 0.0, 2.0], t.rows.values()):
        px, post1, post2 = nums(cells)
        joint = [w[k] * phi(x, mu[k], sd[k]) for k in range(2)]
        assert close(px, sum(joint), 4)
        assert close(post1, joint[0] / sum(joint), 4) and close(post2, joint[1] / sum(joint), 4)
    assert num(fact(html, "\\int p(x)")) == 1.0
    est, se = (num(s) for s in fact(html, "Monte Carlo").split("±"))
    exact0 = sum(w[k] * phi(0.0, mu[k], sd[k]) for k in range(2))
    assert abs(est - exact0) < 4 * se
    assert num(fact(html, "30 binary")) == pytest.approx(2.0**30, rel=5e-3)
    assert num(fact(html, "100 binary")) == pytest.approx(2.0**100, rel=5e-3)
    assert len(facts(html)) == 4


# --- bernoulli ------------------------------------------------------------------------------------


def test_bernoulli_moments_and_inverted_dropout_keeps_the_mean():
    html = run_snippet("bernoulli_dropout_mask")
    moments_t, mask_t = tables(html)[:2]
    n = 100_000
    for p, cells in zip([0.1, 0.5, 0.9], moments_t.rows.values()):
        mean, sample_mean, var, sample_var = nums(cells)
        assert (mean, var) == (pytest.approx(p), pytest.approx(p * (1 - p), abs=5e-5))
        assert abs(sample_mean - p) < 5 * math.sqrt(p * (1 - p) / n)
        assert sample_var == pytest.approx(p * (1 - p), rel=0.05)
    mask = [nums(cells) for cells in mask_t.rows.values()]
    assert len(mask) == 4 and all(len(r) == 8 for r in mask)
    assert {v for r in mask for v in r} <= {0.0, 1.0}
    ones = sum(v for r in mask for v in r)
    assert close(num(fact(html, "share of the mask")), ones / 32, 4)
    before, after = num(fact(html, "without dropout")), num(fact(html, "h \\odot m"))
    # the scaled output has mean h̄; its extra spread per entry is at most √(E[h²]·p/(1−p)) ≈ 0.37
    assert abs(after - before) < 5 * 0.37 / math.sqrt(200_000)


# --- categorical ----------------------------------------------------------------------------------


def test_categorical_frequencies_approach_the_softmax_probabilities():
    html = run_snippet("categorical_next_token")
    (t,) = tables(html)
    pi, freq, counts = (nums(cells) for cells in t.rows.values())
    logits = [2.0, 1.0, 0.5, 0.2, -1.0]
    z = sum(math.exp(v) for v in logits)
    assert all(close(p, math.exp(v) / z, 4) for p, v in zip(pi, logits))
    assert sum(counts) == 10_000
    assert all(close(f, c / 10_000, 4) for f, c in zip(freq, counts))
    for p, f in zip(pi, freq):  # each frequency within 5 binomial standard errors
        assert abs(f - p) < 5 * math.sqrt(p * (1 - p) / 10_000)
    tokens = fact(html, "twelve draws").split()
    assert len(tokens) == 12 and set(tokens) <= set(t.header[1:])
    assert close(num(fact(html, "largest gap")), max(abs(f - p) for f, p in zip(freq, pi)), 3)


# --- uniform -------------------------------------------------------------------------------------


def test_uniform_init_bounds_match_the_papers_and_the_drawn_variance():
    html = run_snippet("uniform_init_bounds")
    (t,) = tables(html)
    fan_in, fan_out = 768, 3072
    expected = [math.sqrt(6 / (fan_in + fan_out)), math.sqrt(6 / fan_in), 1 / math.sqrt(fan_in)]
    variances = [2 / (fan_in + fan_out), 2 / fan_in, 1 / (3 * fan_in)]  # Glorot, He, PyTorch default
    for cells, a, v in zip(t.rows.values(), expected, variances):
        bound, formula_var, drawn_var, lo, hi = nums(cells)
        assert close(bound, a, 6)
        assert close(formula_var, v, 6)
        assert drawn_var == pytest.approx(v, rel=0.01)  # 2.4 million draws
        assert -a - 1e-6 <= lo < -0.99 * a and 0.99 * a < hi <= a + 1e-6


# --- parameterised-distribution ---------------------------------------------------------------------


def test_binomial_rows_sum_to_one_over_k_but_not_over_theta():
    html = run_snippet("parameterised_distribution_sums")
    (t,) = tables(html)
    for theta, cells in zip([0.2, 0.5, 0.8], t.rows.values()):
        probs = nums(cells)
        exact = [math.comb(5, k) * theta**k * (1 - theta) ** (5 - k) for k in range(6)]
        assert all(close(p, e, 4) for p, e in zip(probs[:6], exact))
        assert probs[6] == 1.0
    # ∫₀¹ C(n, k) θ^k (1 − θ)^(n − k) dθ = 1/(n + 1) for every k (a Beta integral)
    assert close(num(fact(html, "k = 3; \\theta)\\,d\\theta, the likelihood")), 1 / 6, 4)
    assert close(num(fact(html, "p(k = 5; \\theta)")), 1 / 6, 4)
    at3 = sum(math.comb(5, 3) * th**3 * (1 - th) ** 2 for th in (0.2, 0.5, 0.8))
    assert close(num(fact(html, "sum over the three")), at3, 4)
    assert abs(at3 - 1) > 0.1
