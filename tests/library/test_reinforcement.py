"""notation.reinforcement against independent references: explicit sums, value iteration,
Monte Carlo, finite differences and the cases written out by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.calculus import gradient
from notation.reinforcement import (
    action_values,
    bandit,
    corridor,
    discounted_returns,
    dpo_implicit_reward,
    dpo_loss,
    effective_horizon,
    gae,
    monte_carlo_values,
    policy_gradient,
    policy_objective,
    ppo_clip_objective,
    reinforce_gradient,
    sample_episode,
    softmax_policy,
    state_values,
    trajectory_log_prob,
)

rewards_st = st.lists(st.floats(-10, 10, allow_nan=False), min_size=1, max_size=12)
gamma_st = st.floats(0.0, 0.999)


@settings(max_examples=60, deadline=None)
@given(rewards_st, gamma_st)
def test_returns_are_the_discounted_sums(rewards, gamma):
    got = discounted_returns(rewards, gamma)
    for t in range(len(rewards)):
        expected = math.fsum(gamma**k * rewards[t + k] for k in range(len(rewards) - t))
        assert got[t] == pytest.approx(expected, abs=1e-9)


def test_effective_horizon_is_the_total_weight_of_the_future():
    for gamma in (0.5, 0.9, 0.99):
        assert effective_horizon(gamma) == pytest.approx(math.fsum(gamma**k for k in range(20_000)))
    with pytest.raises(ValueError):
        effective_horizon(1.0)


def value_iteration(P, R, pi, gamma, sweeps=2000):
    """V by repeating the Bellman backup with explicit loops (no linear algebra)."""
    S, A = len(R), len(R[0])
    V = [0.0] * S
    for _ in range(sweeps):
        V = [
            sum(pi[s][a] * (R[s][a] + gamma * sum(P[s][a][t] * V[t] for t in range(S))) for a in range(A))
            for s in range(S)
        ]
    return V


@pytest.mark.parametrize("p_right", [0.5, 0.7, 1.0])
@pytest.mark.parametrize("gamma", [0.9, 0.99])
def test_bellman_solve_matches_value_iteration(p_right, gamma):
    P, R = corridor()
    pi = np.array([[1 - p_right, p_right]] * 3)
    V = state_values(P, R, pi, gamma)
    assert V == pytest.approx(value_iteration(P.tolist(), R.tolist(), pi.tolist(), gamma), abs=1e-9)
    Q = action_values(P, R, pi, gamma)
    assert (pi * Q).sum(axis=1) == pytest.approx(V)  # V is the policy's average of Q


def test_always_right_values_in_closed_form():
    P, R = corridor(4)
    V = state_values(P, R, [[0.0, 1.0]] * 4, 0.9)
    assert V == pytest.approx([0.9**3, 0.9**2, 0.9, 1.0])


def test_gamma_one_without_an_end_is_refused():
    P, R = corridor()
    with pytest.raises(ValueError, match="singular"):
        state_values(P, R, [[1.0, 0.0]] * 3, 1.0)  # always left: the episode never ends


def test_monte_carlo_agrees_with_the_bellman_solve():
    P, R = corridor()
    pi = softmax_policy(np.zeros((3, 2)))
    mc = monte_carlo_values(P, R, pi, 0.9, np.random.default_rng(1), episodes=3000)
    assert mc == pytest.approx(state_values(P, R, pi, 0.9), abs=0.03)


def test_sample_episode_follows_the_world():
    P, R = corridor()
    s, a, r = sample_episode(P, R, softmax_policy(np.zeros((3, 2))), np.random.default_rng(3))
    assert s[0] == 0 and s[-1] == 2 and a[-1] == 1 and r[-1] == 1 and r[:-1].sum() == 0
    for t in range(len(s) - 1):  # each move is one cell left (or a bump) or one right
        expected = min(s[t] + 1, 2) if a[t] == 1 else max(s[t] - 1, 0)
        assert s[t + 1] == expected


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(st.floats(-5, 5), st.floats(-5, 5)), min_size=1, max_size=8),
    st.floats(0.0, 0.99),
    st.floats(0.0, 1.0),
    st.floats(-5, 5),
)
def test_gae_is_the_discounted_sum_of_td_errors(pairs, gamma, lam, last):
    r = [p[0] for p in pairs]
    v = [p[1] for p in pairs]
    nxt = v[1:] + [last]
    delta = [r[t] + gamma * nxt[t] - v[t] for t in range(len(r))]
    got = gae(r, v, gamma, lam, last_value=last)
    for t in range(len(r)):
        expected = math.fsum((gamma * lam) ** l * delta[t + l] for l in range(len(r) - t))
        assert got[t] == pytest.approx(expected, abs=1e-9)


def test_gae_ends_one_step_and_monte_carlo():
    r, v = [0.0, 0.0, 1.0], [0.4, 0.6, 0.8]
    assert gae(r, v, 0.9, 1.0) == pytest.approx(discounted_returns(r, 0.9) - np.array(v))
    assert gae(r, v, 0.9, 0.0) == pytest.approx([0 + 0.9 * 0.6 - 0.4, 0 + 0.9 * 0.8 - 0.6, 1 - 0.8])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_policy_gradient_theorem_matches_finite_differences(seed):
    P, R = corridor()
    theta = np.random.default_rng(seed).normal(size=(3, 2))
    exact = policy_gradient(P, R, theta, 0.9)
    numeric = gradient(lambda th: policy_objective(P, R, th, 0.9), theta)
    assert exact == pytest.approx(numeric, abs=1e-7)


def test_reinforce_estimate_is_close_to_the_exact_gradient():
    P, R = corridor()
    theta = np.zeros((3, 2))
    estimate = reinforce_gradient(P, R, theta, 0.9, np.random.default_rng(0), episodes=4000)
    assert estimate == pytest.approx(policy_gradient(P, R, theta, 0.9), abs=0.02)


def ppo_by_cases(r, adv, eps):
    if adv >= 0:
        return min(r, 1 + eps) * adv
    return max(r, 1 - eps) * adv


@settings(max_examples=100, deadline=None)
@given(st.floats(0.0, 3.0), st.floats(-3, 3), st.floats(0.01, 0.5))
def test_ppo_clip_is_the_pessimistic_cases(r, adv, eps):
    assert float(ppo_clip_objective(r, adv, eps)) == pytest.approx(ppo_by_cases(r, adv, eps), abs=1e-12)


def test_ppo_rejects_bad_input():
    with pytest.raises(ValueError):
        ppo_clip_objective(-0.1, 1.0)
    with pytest.raises(ValueError):
        ppo_clip_objective(1.0, 1.0, eps=1.5)


@settings(max_examples=60, deadline=None)
@given(st.floats(-30, 0), st.floats(-30, 0), st.floats(-30, 0), st.floats(-30, 0), st.floats(0.01, 1.0))
def test_dpo_loss_is_minus_log_sigmoid_of_the_reward_margin(lw, ll, rw, rl, beta):
    margin = beta * (lw - rw) - beta * (ll - rl)
    expected = -math.log(1 / (1 + math.exp(-margin)))
    assert float(dpo_loss(lw, ll, rw, rl, beta)) == pytest.approx(expected, rel=1e-9, abs=1e-12)
    assert float(dpo_implicit_reward(lw, rw, beta)) == pytest.approx(beta * (lw - rw))


def test_dpo_loss_starts_at_log_two_and_falls_when_the_chosen_answer_gains():
    assert float(dpo_loss(-4.0, -6.0, -4.0, -6.0, 0.1)) == pytest.approx(math.log(2))
    assert dpo_loss(-3.0, -6.0, -4.0, -6.0, 0.1) < math.log(2) < dpo_loss(-5.0, -6.0, -4.0, -6.0, 0.1)
    with pytest.raises(ValueError):
        dpo_loss(-1.0, -1.0, -1.0, -1.0, beta=0.0)


def test_trajectory_log_prob_is_the_log_of_the_product():
    pi = [[0.3, 0.7], [0.6, 0.4], [0.1, 0.9]]
    states, actions = [0, 1, 0, 1, 2], [1, 0, 1, 1, 1]
    product = 0.7 * 0.6 * 0.7 * 0.4 * 0.9
    assert trajectory_log_prob(pi, states, actions) == pytest.approx(math.log(product))


def test_the_kl_regularised_optimum_and_its_implicit_reward():
    """The dpo entry's starting fact, on five answers: π* ∝ π_ref e^{r/β} maximises
    E_π[r] − β KL(π ‖ π_ref), and β log(π*/π_ref) gives back r up to one constant."""
    ref = np.array([0.1, 0.2, 0.3, 0.15, 0.25])
    r = np.array([1.0, -0.5, 0.3, 2.0, 0.0])
    beta = 0.5

    def objective(p):
        return math.fsum(p[i] * r[i] - beta * p[i] * math.log(p[i] / ref[i]) for i in range(5))

    weights = [ref[i] * math.exp(r[i] / beta) for i in range(5)]
    best = np.array([w / math.fsum(weights) for w in weights])
    rng = np.random.default_rng(11)
    for _ in range(500):
        other = rng.dirichlet(np.ones(5))
        assert objective(other) <= objective(best) + 1e-12
    implicit = dpo_implicit_reward(np.log(best), np.log(ref), beta)
    assert implicit - r == pytest.approx(np.full(5, (implicit - r)[0]), abs=1e-12)


def test_dropping_the_gamma_t_factor_changes_the_direction():
    """The policy-gradient entry: Σ_t G_t ∇ log π(a_t ∣ s_t), without γ^t, estimates
    Σ_s n(s) Σ_a π ∇ log π Q with n the undiscounted visit counts, not ∇J (discounted visits)."""
    P, R = corridor()
    theta = np.tile([0.0, math.log(7 / 3)], (3, 1))
    gamma = 0.9
    pi = softmax_policy(theta)
    Q = np.array(action_values(P, R, pi, gamma))
    V = (pi * Q).sum(axis=1)
    P_pi = np.einsum("sa,sat->st", pi, P)
    visits = np.linalg.solve((np.eye(3) - P_pi).T, [1.0, 0.0, 0.0])  # expected visits, no discount
    undiscounted = visits[:, None] * pi * (Q - V[:, None])
    exact = policy_gradient(P, R, theta, gamma)
    assert np.abs(undiscounted - exact).max() > 0.02  # a different vector …
    rng = np.random.default_rng(12)
    total = np.zeros((3, 2))
    n = 4000
    for _ in range(n):  # … and the one the estimator without γ^t really averages to
        states, actions, rewards = sample_episode(P, R, pi, rng)
        G = discounted_returns(rewards, gamma)
        for t, (s, a) in enumerate(zip(states, actions)):
            score = -pi[s].copy()
            score[a] += 1.0
            total[s] += G[t] * score
    assert total / n == pytest.approx(undiscounted, abs=0.02)


def test_bandit_gradient_is_pi_times_reward_minus_mean_for_any_logits():
    # a one-state world ending after one pull: J = Σ π_a r_a, and ∂J/∂θ_a = π_a (r_a − J)
    rng = np.random.default_rng(3)
    for _ in range(5):
        payoffs, logits = rng.normal(size=4), rng.normal(size=(1, 4))
        P, R = bandit(payoffs)
        pi = [math.exp(v) / sum(math.exp(w) for w in logits[0]) for v in logits[0]]
        J = math.fsum(p * r for p, r in zip(pi, payoffs))
        assert policy_objective(P, R, logits, gamma=0.0) == pytest.approx(J, rel=1e-12)
        expected = [p * (r - J) for p, r in zip(pi, payoffs)]
        np.testing.assert_allclose(policy_gradient(P, R, logits, gamma=0.0)[0], expected, atol=1e-12)
    with pytest.raises(ValueError, match="one entry per arm"):
        bandit([1.0])
