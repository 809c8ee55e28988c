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
    deterministic_policy_gradient,
    discounted_returns,
    discounted_visits,
    dpo_implicit_reward,
    dpo_loss,
    effective_horizon,
    epsilon_greedy,
    gae,
    gaussian_score_gradient,
    monte_carlo_values,
    monte_carlo_visits,
    periodic_copy,
    polyak_update,
    policy_gradient,
    policy_objective,
    ppo_clip_objective,
    q_learning,
    reinforce_gradient,
    sample_episode,
    sarsa,
    softmax_policy,
    state_values,
    td_error,
    td_zero,
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


# --- TD learning, Q-learning and SARSA ------------------------------------------------------


def optimal_q(P, R, gamma, sweeps=2000):
    """Q* by repeating the Bellman optimality backup with explicit loops."""
    S, A = len(R), len(R[0])
    Q = [[0.0] * A for _ in range(S)]
    for _ in range(sweeps):
        Q = [[R[s][a] + gamma * sum(P[s][a][t] * max(Q[t]) for t in range(S)) for a in range(A)] for s in range(S)]
    return Q


def policy_q(P, R, pi, gamma, sweeps=3000):
    """Q^π by repeating the Bellman expectation backup with explicit loops."""
    S, A = len(R), len(R[0])
    Q = [[0.0] * A for _ in range(S)]
    for _ in range(sweeps):
        V = [sum(pi[t][b] * Q[t][b] for b in range(A)) for t in range(S)]
        Q = [[R[s][a] + gamma * sum(P[s][a][t] * V[t] for t in range(S)) for a in range(A)] for s in range(S)]
    return Q


def test_td_error_is_target_minus_estimate_and_ignores_the_next_value_at_the_end():
    assert float(td_error(0.5, 2.0, 3.0, 0.9)) == pytest.approx(0.5 + 0.9 * 3.0 - 2.0)
    assert float(td_error(0.5, 2.0, 3.0, 0.9, done=True)) == pytest.approx(0.5 - 2.0)
    got = td_error([1.0, 0.0], [0.2, 0.4], [0.7, 0.9], 0.5, done=[False, True])
    assert got.tolist() == pytest.approx([1.0 + 0.35 - 0.2, -0.4])


def test_td_zero_is_exact_when_world_and_policy_are_deterministic():
    P, R = corridor(4)
    V = td_zero(P, R, [[0.0, 1.0]] * 4, 0.9, alpha=0.5, episodes=60, rng=np.random.default_rng(0))
    assert V == pytest.approx([0.9**3, 0.9**2, 0.9, 1.0], abs=1e-9)


def test_td_zero_averages_to_the_values_of_a_random_policy():
    P, R = corridor()
    pi = [[0.3, 0.7]] * 3
    runs = np.array([td_zero(P, R, pi, 0.9, 0.05, 1000, np.random.default_rng(k)) for k in range(8)])
    exact = value_iteration(P.tolist(), R.tolist(), pi, 0.9)
    assert runs.mean(axis=0) == pytest.approx(exact, abs=0.02)
    assert runs.std(axis=0).max() < 0.05  # a constant step size leaves some jitter, not much


def test_epsilon_greedy_spreads_epsilon_and_shares_ties():
    pi = epsilon_greedy([[1.0, 3.0, 2.0], [0.0, 0.0, -1.0]], 0.3)
    assert pi.sum(axis=1) == pytest.approx([1.0, 1.0])
    assert pi[0].tolist() == pytest.approx([0.1, 0.8, 0.1])
    assert pi[1].tolist() == pytest.approx([0.1 + 0.35, 0.1 + 0.35, 0.1])


@pytest.mark.parametrize("n_cells", [3, 5])
def test_q_learning_finds_the_optimal_values_while_exploring(n_cells):
    P, R = corridor(n_cells)
    Q = q_learning(P, R, 0.9, alpha=0.5, epsilon=0.3, episodes=400, rng=np.random.default_rng(1))
    assert Q == pytest.approx(np.array(optimal_q(P.tolist(), R.tolist(), 0.9)), abs=1e-6)


def test_sarsa_learns_the_values_of_its_own_epsilon_greedy_policy_not_the_optimal_ones():
    P, R = corridor()
    eps = 0.3
    Q = sarsa(P, R, 0.9, alpha=0.02, epsilon=eps, episodes=6000, rng=np.random.default_rng(2))
    q_star = np.array(optimal_q(P.tolist(), R.tolist(), 0.9))
    # the ε-greedy policy of Q*: right with probability 1 − ε/2 in every cell
    q_eps = np.array(policy_q(P.tolist(), R.tolist(), [[eps / 2, 1 - eps / 2]] * 3, 0.9))
    assert np.abs(q_star - q_eps).max() > 0.06  # the two answers are far enough apart to tell
    assert Q == pytest.approx(q_eps, abs=0.03)
    assert np.all(Q[:, 1] > Q[:, 0])  # the greedy action is right, as for Q*


def test_learning_rejects_bad_settings():
    P, R = corridor()
    with pytest.raises(ValueError, match="alpha"):
        q_learning(P, R, 0.9, alpha=0.0, epsilon=0.1, episodes=1, rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="epsilon"):
        sarsa(P, R, 0.9, alpha=0.1, epsilon=1.5, episodes=1, rng=np.random.default_rng(0))
    with pytest.raises(ValueError, match="state"):
        td_zero(P, R, [[0.5, 0.5]] * 3, 0.9, 0.1, 1, np.random.default_rng(0), start=3)


# --- target networks --------------------------------------------------------------------------


def test_periodic_copy_changes_the_target_only_every_period_steps():
    target, online = np.zeros(2), np.zeros(2)
    seen = []
    for step in range(1, 11):
        online = online + 1.0  # the online network moves every step
        target = periodic_copy(target, online, step, period=4)
        seen.append(target[0])
    assert seen == [0, 0, 0, 4, 4, 4, 4, 8, 8, 8]


@settings(max_examples=40, deadline=None)
@given(st.floats(0.001, 1.0), st.integers(1, 60), st.floats(-5, 5), st.floats(-5, 5))
def test_polyak_updates_are_an_exponential_moving_average(tau, k, start, online):
    target = np.array([start])
    for _ in range(k):
        target = polyak_update(target, [online], tau)
    # with a fixed online value the gap shrinks by (1 − τ) each step
    assert target[0] == pytest.approx(online + (1 - tau) ** k * (start - online), abs=1e-9)


def test_polyak_weights_on_past_values_are_tau_times_powers_of_one_minus_tau():
    tau, history = 0.1, np.array([3.0, -1.0, 2.0, 5.0])
    target = np.array([0.0])
    for theta in history:
        target = polyak_update(target, [theta], tau)
    weights = [tau * (1 - tau) ** (len(history) - 1 - j) for j in range(len(history))]
    assert target[0] == pytest.approx(math.fsum(w * h for w, h in zip(weights, history)))


def test_target_updates_check_their_arguments():
    with pytest.raises(ValueError):
        polyak_update([0.0], [1.0], tau=0.0)
    with pytest.raises(ValueError):
        periodic_copy([0.0], [1.0], step=1, period=0)
    with pytest.raises(ValueError):
        polyak_update([0.0, 1.0], [1.0], tau=0.5)


# --- the deterministic policy gradient ------------------------------------------------------------


def test_deterministic_policy_gradient_matches_finite_differences_on_a_one_step_task():
    # one action per state, then the episode ends: Q(s, a) is the reward r(s, a) = −(a − 2s)²,
    # and the policy μ_θ(s) = θ_0 + θ_1 s.
    states, rho = np.array([0.5, 1.0, 1.5]), np.array([0.2, 0.5, 0.3])
    theta = np.array([0.3, 0.8])

    def J(th):
        return sum(w * -((th[0] + th[1] * s) - 2 * s) ** 2 for s, w in zip(states, rho))

    a = theta[0] + theta[1] * states
    dq_da = -2 * (a - 2 * states)
    dmu = np.stack([np.ones_like(states), states], axis=1)
    got = deterministic_policy_gradient(dq_da, dmu, rho)
    assert got == pytest.approx(gradient(J, theta), abs=1e-7)


def test_deterministic_policy_gradient_with_vector_actions():
    rng = np.random.default_rng(0)
    g, jac, w = rng.normal(size=(4, 2)), rng.normal(size=(4, 2, 3)), np.array([0.1, 0.2, 0.3, 0.4])
    expected = sum(w[s] * g[s] @ jac[s] for s in range(4))
    assert deterministic_policy_gradient(g, jac, w) == pytest.approx(expected)


def test_gaussian_score_gradient_averages_to_the_gradient_of_the_expected_reward():
    # a ∼ 𝒩(θ s, σ²) with reward −(a − 2s)²: 𝔼[r] = −(θ s − 2 s)² − σ², the same slope as the deterministic policy
    rng = np.random.default_rng(3)
    s, theta, std, n = 1.0, 0.5, 0.3, 200_000
    actions = theta * s + std * rng.standard_normal(n)
    rewards = -((actions - 2 * s) ** 2)
    terms = gaussian_score_gradient(rewards, actions, np.full(n, theta * s), std, np.full((n, 1), s))
    exact = -2 * (theta * s - 2 * s) * s
    assert terms.mean() == pytest.approx(exact, abs=4 * terms.std() / math.sqrt(n))


# --- the state-visitation distribution ------------------------------------------------------------


@pytest.mark.parametrize("gamma", [0.5, 0.9, 1.0])
def test_discounted_visits_are_the_discounted_sum_of_state_probabilities(gamma):
    P, _ = corridor()
    pi = np.array([[0.3, 0.7]] * 3)
    P_pi = np.einsum("sa,sat->st", pi, P)
    row, total = np.array([1.0, 0.0, 0.0]), np.zeros(3)
    for t in range(3000):  # Pr(s_t = ·) is ρ_0 P_π^t; the rest of the mass has ended
        total += gamma**t * row
        row = row @ P_pi
    assert discounted_visits(P, pi, gamma) == pytest.approx(total, abs=1e-9)


def test_discounted_visits_from_a_start_distribution_mix_the_start_states():
    P, _ = corridor()
    pi = softmax_policy(np.zeros((3, 2)))
    rho0 = np.array([0.5, 0.0, 0.5])
    mixed = 0.5 * discounted_visits(P, pi, 0.9, 0) + 0.5 * discounted_visits(P, pi, 0.9, 2)
    assert discounted_visits(P, pi, 0.9, rho0) == pytest.approx(mixed)


def test_discounted_visits_total_the_expected_discounted_length_and_monte_carlo_agrees():
    P, R = corridor()
    pi = [[0.3, 0.7]] * 3
    d = discounted_visits(P, pi, 0.9)
    # the visits add up to V^π of a world that pays 1 on every step
    ones = np.ones_like(R)
    assert d.sum() == pytest.approx(state_values(P, ones, pi, 0.9)[0])
    mc = monte_carlo_visits(P, R, pi, 0.9, np.random.default_rng(5), episodes=4000)
    assert mc == pytest.approx(d, abs=0.06)


def test_discounted_visits_refuse_a_policy_that_never_ends_with_gamma_one():
    P, _ = corridor()
    with pytest.raises(ValueError, match="infinite"):
        discounted_visits(P, [[1.0, 0.0]] * 3, 1.0)
