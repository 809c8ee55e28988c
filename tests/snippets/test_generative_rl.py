"""Each snippet of the generative-models and RL page prints what its entry promises, checked
against independent computations: explicit sums, value iteration in plain Python, closed forms."""

from __future__ import annotations

import math

import pytest
from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables

GAMMA, P_RIGHT = 0.9, 0.7


def corridor_step(s, a):
    """(next cell or None at the goal, reward) in the 3-cell corridor, written out by hand."""
    if a == 1:
        return (None, 1.0) if s == 2 else (s + 1, 0.0)
    return max(s - 1, 0), 0.0


def values_by_iteration(p_right=P_RIGHT, gamma=GAMMA, sweeps=3000):
    V = [0.0, 0.0, 0.0]
    for _ in range(sweeps):
        new = []
        for s in range(3):
            total = 0.0
            for a, p in ((0, 1 - p_right), (1, p_right)):
                nxt, r = corridor_step(s, a)
                total += p * (r + gamma * (V[nxt] if nxt is not None else 0.0))
            new.append(total)
        V = new
    return V


def q_values(V, gamma=GAMMA):
    out = []
    for s in range(3):
        row = []
        for a in (0, 1):
            nxt, r = corridor_step(s, a)
            row.append(r + gamma * (V[nxt] if nxt is not None else 0.0))
        out.append(row)
    return out


def test_policy_table_samples_and_trajectory_probabilities():
    html = run_snippet("policy_corridor")
    (t,) = tables(html)
    for cells in t.rows.values():
        left, right = nums(cells)[2:]
        assert close(left, 0.3, 4) and close(right, 0.7, 4)
        assert close(nums(cells)[1] - nums(cells)[0], math.log(7 / 3), 4)
    assert abs(num(fact(html, "sampled first moves")) - 0.7) < 0.015  # 10,000 draws: sd ≈ 0.0046
    assert close(num(fact(html, "straight run")), 3 * math.log(0.7), 4)
    assert close(num(fact(html, "= 0.7^3")), 0.7**3, 4)
    assert close(num(fact(html, "detour right")), 4 * math.log(0.7) + math.log(0.3), 4)
    assert close(num(fact(html, "0.7^4 \\times 0.3")), 0.7**4 * 0.3, 4)
    assert close(num(fact(html, "np.pi")), math.pi, 4)


def test_returns_discount_the_single_reward_and_horizons():
    html = run_snippet("return_discount_corridor")
    episode, horizon = tables(html)
    rewards = nums(episode.column("reward r_{t+1}"))
    assert rewards[-1] == 1 and sum(rewards) == 1
    T = len(rewards)
    for gamma, col in ((0.9, "G_t, \\gamma = 0.9"), (0.99, "G_t, \\gamma = 0.99")):
        expected = [math.fsum(gamma**k * rewards[t + k] for k in range(T - t)) for t in range(T)]
        assert all(close(g, e, 4) for g, e in zip(nums(episode.column(col)), expected))
    # the episode really is a walk in the corridor: each move is one cell (or a bump at the wall)
    cells = [int(c) for c in episode.column("cell s_t")]
    moves = episode.column("action a_t")
    for t in range(T - 1):
        assert cells[t + 1] == corridor_step(cells[t], 1 if moves[t] == "right" else 0)[0]
    for gamma in (0.5, 0.9, 0.99):
        row = nums(horizon.rows[f"\\gamma = {gamma}"])
        H = 1 / (1 - gamma)
        assert close(row[0], H, 4) and close(row[1], gamma**10, 4) and close(row[2], gamma**100, 4)
        assert close(row[3], math.fsum(gamma**k for k in range(round(H))) / H, 4)
    assert close(num(fact(html, "\\gamma = 0.9: G_0")), 10, 4)
    assert close(num(fact(html, "the same at")), 100, 3)


def test_bellman_values_match_value_iteration_and_monte_carlo():
    html = run_snippet("value_functions_bellman")
    main, policies = tables(html)
    V = values_by_iteration()
    Q = q_values(V)
    for s in range(3):
        row = nums(main.rows[f"cell s = {s}"])
        assert close(row[0], V[s], 4) and abs(row[1] - V[s]) < 0.02  # Monte Carlo, 2,000 episodes
        assert close(row[2], Q[s][0], 4) and close(row[3], Q[s][1], 4) and close(row[4], V[s], 4)
    assert all(close(v, e, 4) for v, e in zip(nums(policies.rows["always right"]), [0.81, 0.9, 1.0]))
    assert all(close(v, e, 4) for v, e in zip(nums(policies.rows["coin flip"]), values_by_iteration(0.5)))


def test_advantages_exact_and_gae():
    html = run_snippet("advantage_gae")
    exact, estimates = tables(html)
    V = values_by_iteration()
    Q = q_values(V)
    A = [[Q[s][a] - V[s] for a in (0, 1)] for s in range(3)]
    for s in range(3):
        row = nums(exact.rows[f"cell s = {s}"])
        assert close(row[0], A[s][0], 4) and close(row[1], A[s][1], 4) and close(row[2], 0, 4)
        assert row[1] > 0 > row[0]
    cells = [int(c) for c in estimates.column("s_t")]
    acts = [1 if a == "right" else 0 for a in estimates.column("a_t")]
    T = len(cells)
    rewards = [corridor_step(s, a)[1] for s, a in zip(cells, acts)]
    nxt_v = [V[cells[t + 1]] for t in range(T - 1)] + [0.0]
    delta = [rewards[t] + GAMMA * nxt_v[t] - V[cells[t]] for t in range(T)]
    for lam, header in ((0.0, "\\hat{A}_t, \\lambda = 0 (\\delta_t)"), (0.95, "\\hat{A}_t, \\lambda = 0.95"), (1.0, "\\hat{A}_t, \\lambda = 1 (G_t - V(s_t))")):
        expected = [math.fsum((GAMMA * lam) ** l * delta[t + l] for l in range(T - t)) for t in range(T)]
        assert all(close(g, e, 4) for g, e in zip(nums(estimates.column(header)), expected)), lam
    assert all(close(g, A[s][a], 4) for g, s, a in zip(nums(estimates.column("exact A(s_t, a_t)")), cells, acts))
