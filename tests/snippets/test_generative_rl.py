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


def values_for_logits(theta, gamma=GAMMA, sweeps=600):
    """V of the softmax policy with logits theta[s] = (left, right), by value iteration in plain Python."""
    V = [0.0, 0.0, 0.0]
    probs = []
    for left, right in theta:
        e_l, e_r = math.exp(left), math.exp(right)
        probs.append((e_l / (e_l + e_r), e_r / (e_l + e_r)))
    for _ in range(sweeps):
        V = [
            sum(p * (r + gamma * (V[n] if n is not None else 0.0)) for p, (n, r) in zip(probs[s], (corridor_step(s, 0), corridor_step(s, 1))))
            for s in range(3)
        ]
    return V


def test_policy_gradient_three_ways_and_ascent():
    html = run_snippet("policy_gradient_corridor")
    grads, ascent = tables(html)
    theta = [[0.0, math.log(7 / 3)] for _ in range(3)]
    h = 1e-5
    for s in range(3):
        for a, name in ((0, "left"), (1, "right")):
            plus = [row[:] for row in theta]
            minus = [row[:] for row in theta]
            plus[s][a] += h
            minus[s][a] -= h
            fd = (values_for_logits(plus)[0] - values_for_logits(minus)[0]) / (2 * h)
            exact, numeric, sampled = nums(grads.rows[f"\\theta_{{{s},\\text{{{name}}}}}"])
            assert close(exact, fd, 4) and close(numeric, fd, 4)
            assert abs(sampled - fd) < 0.02  # REINFORCE from 2,000 episodes
    rows = [nums(cells) for cells in ascent.rows.values()]
    assert [r[0] for r in rows] == [0, 1, 5, 20, 50]
    assert close(rows[0][1], values_for_logits(theta)[0], 4)
    J = [r[1] for r in rows]
    assert all(a < b for a, b in zip(J, J[1:])) and J[-1] < 0.81
    assert all(all(a < b for a, b in zip(col, col[1:])) for col in zip(*[r[2:] for r in rows]))
    assert close(num(fact(html, "best possible")), 0.81, 4)


def test_ppo_clip_grid_and_corridor_episode():
    html = run_snippet("ppo_clip_grid")
    grid, episode = tables(html)
    for label, cells in grid.rows.items():
        r = float(label.split("=")[1])
        up_raw, up, up_slope, down_raw, down, down_slope = nums(cells)
        assert close(up_raw, r, 2) and close(down_raw, -r, 2)
        assert close(up, min(r, 1.2), 2) and close(down, -max(r, 0.8), 2)
        assert close(up_slope, 1.0 if r < 1.2 - 1e-9 else (0.5 if abs(r - 1.2) < 1e-9 else 0.0), 2)
        assert close(down_slope, 0.0 if r < 0.8 - 1e-9 else (-0.5 if abs(r - 0.8) < 1e-9 else -1.0), 2)
    V = values_by_iteration()
    cells = [int(c) for c in episode.column("s_t")]
    acts = [1 if a == "right" else 0 for a in episode.column("a_t")]
    T = len(cells)
    rewards = [corridor_step(s, a)[1] for s, a in zip(cells, acts)]
    nxt_v = [V[cells[t + 1]] for t in range(T - 1)] + [0.0]
    delta = [rewards[t] + GAMMA * nxt_v[t] - V[cells[t]] for t in range(T)]
    gae95 = [math.fsum((GAMMA * 0.95) ** l * delta[t + l] for l in range(T - t)) for t in range(T)]
    assert all(close(g, e, 4) for g, e in zip(nums(episode.column("\\hat{A}_t (GAE, \\lambda = 0.95)")), gae95))
    for A, r, L in zip(gae95, nums(episode.column("r_t(\\boldsymbol{\\theta})")), nums(episode.column("L^{\\text{CLIP}}_t"))):
        by_cases = min(r, 1.2) * A if A >= 0 else max(r, 0.8) * A
        assert abs(L - by_cases) < 2e-4
    # the update moved too far: every right move's ratio is above 1 + ε, the left move's below 1 − ε
    ratios = nums(episode.column("r_t(\\boldsymbol{\\theta})"))
    assert all((r > 1.2) if a == 1 else (r < 0.8) for r, a in zip(ratios, acts))


def test_dpo_loss_for_the_corridor_pair():
    html = run_snippet("dpo_corridor_pair")
    assert close(num(fact(html, "straight run")), 3 * math.log(0.7), 4)
    assert close(num(fact(html, "detour")), 4 * math.log(0.7) + math.log(0.3), 4)
    (t,) = tables(html)
    for p in (0.7, 0.8, 0.9, 0.6):
        for beta in (0.1, 0.5):
            r_w = beta * 3 * (math.log(p) - math.log(0.7))
            r_l = beta * (4 * (math.log(p) - math.log(0.7)) + math.log(1 - p) - math.log(0.3))
            m = r_w - r_l
            row = nums(t.rows[f"\\pi_\\theta(\\text{{right}}) = {p}, \\beta = {beta}"])
            expected = [r_w, r_l, m, 1 / (1 + math.exp(-m)), math.log1p(math.exp(-m))]
            assert all(close(g, e, 4) for g, e in zip(row, expected)), (p, beta)
    assert close(nums(t.rows["\\pi_\\theta(\\text{right}) = 0.7, \\beta = 0.1"])[-1], math.log(2), 4)
