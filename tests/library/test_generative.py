"""notation.generative against independent references: numerical integration, Monte Carlo,
explicit loops with the math module, step-by-step simulation, finite differences, grid search."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.generative import (
    CHINCHILLA,
    KAPLAN,
    alpha_bar,
    chinchilla_loss,
    chinchilla_optimal,
    cosine_similarity_matrix,
    elbo_estimate,
    gan_value,
    gaussian_data_noise_prediction,
    gaussian_kl_standard,
    gaussian_score,
    info_nce,
    kaplan_loss,
    linear_beta_schedule,
    linear_gaussian_elbo,
    linear_gaussian_evidence,
    noise_prediction_loss,
    nt_xent,
    optimal_discriminator,
    pathwise_gradient,
    q_sample,
    reparameterise,
    score_function_gradient,
    training_flops,
)
from notation.information import js_divergence


def normal_pdf(x, mean, var):
    return math.exp(-((x - mean) ** 2) / (2 * var)) / math.sqrt(2 * math.pi * var)


def integrate(f, lo=-30.0, hi=30.0, n=60_001):
    """Trapezoid rule with plain Python floats."""
    h = (hi - lo) / (n - 1)
    total = 0.5 * (f(lo) + f(hi)) + math.fsum(f(lo + k * h) for k in range(1, n - 1))
    return total * h


@pytest.mark.parametrize(("mu", "var"), [(0.0, 1.0), (1.0, 0.5), (-2.0, 3.0)])
def test_gaussian_kl_matches_numerical_integration(mu, var):
    integrand = lambda z: (  # noqa: E731
        normal_pdf(z, mu, var) * (math.log(normal_pdf(z, mu, var)) - math.log(normal_pdf(z, 0, 1)))
        if normal_pdf(z, mu, var) > 1e-300
        else 0.0
    )
    assert float(gaussian_kl_standard([mu], [math.log(var)])) == pytest.approx(integrate(integrand), abs=1e-6)


def test_gaussian_kl_adds_over_dimensions():
    mu, lv = [0.5, -1.0, 2.0], [0.1, -0.3, 0.0]
    assert float(gaussian_kl_standard(mu, lv)) == pytest.approx(
        sum(float(gaussian_kl_standard([m], [l])) for m, l in zip(mu, lv))
    )


def test_evidence_is_the_integral_of_the_joint():
    for x, s2 in [(0.0, 1.0), (1.5, 0.5), (-2.0, 0.1)]:
        marginal = integrate(lambda z: normal_pdf(x, z, s2) * normal_pdf(z, 0, 1))
        assert float(linear_gaussian_evidence(x, s2)) == pytest.approx(math.log(marginal), abs=1e-8)


@settings(max_examples=80, deadline=None)
@given(st.floats(-4, 4), st.floats(-3, 3), st.floats(0.05, 4), st.floats(0.05, 4))
def test_elbo_is_a_lower_bound_and_tight_at_the_posterior(x, m, v, s2):
    evidence = float(linear_gaussian_evidence(x, s2))
    assert float(linear_gaussian_elbo(x, m, v, s2)) <= evidence + 1e-12
    post_m, post_v = x / (1 + s2), s2 / (1 + s2)
    assert float(linear_gaussian_elbo(x, post_m, post_v, s2)) == pytest.approx(evidence, abs=1e-10)


def test_monte_carlo_elbo_matches_the_exact_one():
    eps = np.random.default_rng(0).standard_normal(200_000)
    assert elbo_estimate(1.0, 0.3, 0.4, 0.5, eps) == pytest.approx(float(linear_gaussian_elbo(1.0, 0.3, 0.4, 0.5)), abs=0.01)


def test_reparameterised_samples_have_the_right_moments():
    eps = np.random.default_rng(1).standard_normal(400_000)
    z = reparameterise(2.0, 0.5, eps)
    assert z.mean() == pytest.approx(2.0, abs=0.005) and z.std() == pytest.approx(0.5, abs=0.005)
    with pytest.raises(ValueError):
        reparameterise(0.0, -1.0, 0.0)


def test_both_gradient_estimators_are_unbiased_for_z_squared():
    # E[z²] = μ² + σ², so the gradient is (2μ, 2σ)
    eps = np.random.default_rng(2).standard_normal(400_000)
    mu, sd = 0.7, 1.3
    assert pathwise_gradient(lambda z: 2 * z, mu, sd, eps) == pytest.approx((2 * mu, 2 * sd), abs=0.02)
    assert score_function_gradient(lambda z: z**2, mu, sd, eps) == pytest.approx((2 * mu, 2 * sd), abs=0.06)


def test_linear_schedule_and_alpha_bar_against_loops():
    b = linear_beta_schedule()
    for t in (1, 2, 500, 1000):
        assert b[t - 1] == pytest.approx(1e-4 + (t - 1) * (0.02 - 1e-4) / 999, rel=1e-12)
    ab = alpha_bar(b)
    for t in (1, 10, 250, 1000):
        assert ab[t - 1] == pytest.approx(math.prod(1 - b[s] for s in range(t)), rel=1e-10)


def test_jumping_to_step_t_matches_running_the_chain():
    """x_t from q_sample has the same mean and variance as t single noising steps."""
    betas = linear_beta_schedule(T=50, beta_start=0.01, beta_end=0.2)
    rng = np.random.default_rng(3)
    x0, n, t = 1.5, 200_000, 30
    x = np.full(n, x0)
    for s in range(t):
        x = math.sqrt(1 - betas[s]) * x + math.sqrt(betas[s]) * rng.standard_normal(n)
    jumped = q_sample(np.full(n, x0), t, rng.standard_normal(n), betas)
    assert jumped.mean() == pytest.approx(x.mean(), abs=0.01)
    assert jumped.var() == pytest.approx(x.var(), abs=0.01)
    with pytest.raises(ValueError):
        q_sample([1.0], 0, [0.0], betas)


def test_noise_prediction_loss_is_mean_squared_error():
    e, p = [[1.0, 2.0], [0.0, -1.0]], [[0.5, 2.0], [1.0, 1.0]]
    assert noise_prediction_loss(e, p) == pytest.approx((0.25 + 0 + 1 + 4) / 4)


@settings(max_examples=50, deadline=None)
@given(st.floats(-5, 5), st.floats(-5, 5), st.floats(0.2, 5))
def test_gaussian_score_is_the_derivative_of_the_log_density(x, mu, sd):
    h = 1e-5
    log_pdf = lambda v: -0.5 * (math.log(2 * math.pi * sd**2) + (v - mu) ** 2 / sd**2)  # noqa: E731  (no underflow)
    fd = (log_pdf(x + h) - log_pdf(x - h)) / (2 * h)
    assert float(gaussian_score([x], mu, sd)[0]) == pytest.approx(fd, abs=1e-5)


def test_optimal_discriminator_beats_every_other_on_a_grid():
    p_data, p_g = [0.5, 0.3, 0.2, 0.0], [0.1, 0.3, 0.4, 0.2]
    d_star = optimal_discriminator(p_data, p_g)
    best = gan_value(p_data, p_g, np.clip(d_star, 0, 1))
    for x in range(4):  # a·log y + b·log(1 − y) is largest at y = a/(a+b), each x on its own
        a, b = p_data[x], p_g[x]
        grid = [k / 1000 for k in range(1, 1000)]
        y = max(grid, key=lambda y: a * math.log(y) + b * math.log(1 - y))
        assert abs(y - d_star[x]) <= 1e-3 or (a == 0 and d_star[x] == 0)
    rng = np.random.default_rng(4)
    for _ in range(200):
        assert gan_value(p_data, p_g, rng.uniform(0.001, 0.999, 4) * np.array([1, 1, 1, 0])) <= best + 1e-12


def test_value_at_the_optimum_is_minus_log_four_plus_twice_js():
    p_data, p_g = [0.5, 0.3, 0.2], [0.2, 0.3, 0.5]
    m = [(a + b) / 2 for a, b in zip(p_data, p_g)]
    js = 0.5 * sum(a * math.log(a / c) for a, c in zip(p_data, m)) + 0.5 * sum(b * math.log(b / c) for b, c in zip(p_g, m))
    assert js_divergence(p_data, p_g) == pytest.approx(js)
    assert gan_value(p_data, p_g, optimal_discriminator(p_data, p_g)) == pytest.approx(-math.log(4) + 2 * js)


def cos(u, v):
    return sum(a * b for a, b in zip(u, v)) / (math.sqrt(sum(a * a for a in u)) * math.sqrt(sum(b * b for b in v)))


def test_info_nce_against_loops():
    rng = np.random.default_rng(5)
    a, p = rng.normal(size=(4, 3)), rng.normal(size=(4, 3))
    tau = 0.2
    got = info_nce(a, p, tau)
    for i in range(4):
        logits = [cos(a[i], p[j]) / tau for j in range(4)]
        expected = -(logits[i] - math.log(math.fsum(math.exp(z) for z in logits)))
        assert got[i] == pytest.approx(expected, rel=1e-10)


def test_nt_xent_against_the_simclr_formula():
    rng = np.random.default_rng(6)
    v1, v2 = rng.normal(size=(3, 4)), rng.normal(size=(3, 4))
    tau = 0.5
    z = list(v1) + list(v2)
    got = nt_xent(v1, v2, tau)
    for i in range(6):
        j = (i + 3) % 6
        denominator = math.fsum(math.exp(cos(z[i], z[k]) / tau) for k in range(6) if k != i)
        assert got[i] == pytest.approx(-math.log(math.exp(cos(z[i], z[j]) / tau) / denominator), rel=1e-10)


def test_chinchilla_constants_and_loss():
    assert CHINCHILLA == {"E": 1.69, "A": 406.4, "B": 410.7, "alpha": 0.34, "beta": 0.28}
    assert float(chinchilla_loss(1e9, 2e10)) == pytest.approx(1.69 + 406.4 / 1e9**0.34 + 410.7 / 2e10**0.28)
    assert float(training_flops(1e9, 2e10)) == 1.2e20


def test_kaplan_power_laws_against_the_formula_and_their_slopes():
    assert KAPLAN["alpha_N"] == 0.076 and KAPLAN["alpha_D"] == 0.095 and KAPLAN["N_opt_exponent"] == 0.73
    for x in (1e6, 1e9, 1e12):
        assert float(kaplan_loss(x, 8.8e13, 0.076)) == pytest.approx(math.pow(8.8e13 / x, 0.076), rel=1e-14)
    # a power law is a straight line of slope −α on log-log axes: ten times N multiplies L by 10^−α
    ratio = float(kaplan_loss(1e10, 8.8e13, 0.076) / kaplan_loss(1e9, 8.8e13, 0.076))
    assert ratio == pytest.approx(10**-0.076, rel=1e-12)
    with pytest.raises(ValueError, match="positive"):
        kaplan_loss(0.0, 8.8e13, 0.076)


@pytest.mark.parametrize("C", [1e20, 5.88e23, 1e25])
def test_compute_optimal_point_beats_a_grid_along_the_budget(C):
    N, D = chinchilla_optimal(C)
    assert 6 * N * D == pytest.approx(C)
    grid = [10 ** (6 + k / 2000) for k in range(0, 14001)]  # N from 1e6 to 1e13
    best = min(grid, key=lambda n: 406.4 / n**0.34 + 410.7 / (C / (6 * n)) ** 0.28)
    assert N == pytest.approx(best, rel=2e-3)


def test_cosine_similarity_matrix_against_loops():
    rng = np.random.default_rng(7)
    a, b = rng.normal(size=(3, 5)), rng.normal(size=(2, 5))
    got = cosine_similarity_matrix(a, b)
    assert got.shape == (3, 2)
    for i in range(3):
        for j in range(2):
            assert got[i, j] == pytest.approx(cos(a[i], b[j]))


@pytest.mark.parametrize(("ab", "s2"), [(0.9, 1.0), (0.5, 0.25), (0.05, 4.0)])
def test_gaussian_data_noise_prediction_is_the_best_predictor(ab, s2):
    rng = np.random.default_rng(8)
    n = 400_000
    x0, eps = rng.normal(0, math.sqrt(s2), n), rng.standard_normal(n)
    x_t = math.sqrt(ab) * x0 + math.sqrt(1 - ab) * eps
    best = gaussian_data_noise_prediction(x_t, ab, s2)
    mse = float(np.mean((eps - best) ** 2))
    assert mse == pytest.approx(ab * s2 / (ab * s2 + 1 - ab), abs=0.01)  # closed-form minimum
    for scale in (0.8, 1.2):  # scaling the optimum either way does worse
        assert float(np.mean((eps - scale * best) ** 2)) > mse
    var_t = ab * s2 + 1 - ab
    assert best == pytest.approx(-math.sqrt(1 - ab) * gaussian_score(x_t, 0.0, math.sqrt(var_t)))


@pytest.mark.parametrize("t", [1, 250, 900])
def test_the_added_noise_is_a_multiple_of_the_conditional_score(t):
    """ε = −√(1 − ᾱ_t) ∇_{x_t} log q(x_t ∣ x_0): the score-function entry's claim, with the
    conditional score written out by hand from the Gaussian density, not from gaussian_score."""
    ab = math.prod(1 - (1e-4 + s * (0.02 - 1e-4) / 999) for s in range(t))
    rng = np.random.default_rng(9)
    x0, eps = rng.normal(size=5), rng.normal(size=5)
    x_t = q_sample(x0, t, eps, linear_beta_schedule())
    for i in range(5):
        conditional_score = -(x_t[i] - math.sqrt(ab) * x0[i]) / (1 - ab)
        assert eps[i] == pytest.approx(-math.sqrt(1 - ab) * conditional_score, rel=1e-9, abs=1e-12)
    assert gaussian_score(x_t, math.sqrt(ab) * x0, math.sqrt(1 - ab)) == pytest.approx(-eps / math.sqrt(1 - ab))
