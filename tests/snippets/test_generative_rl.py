"""Each snippet of the generative-models and RL page prints what its entry promises, checked
against independent computations: explicit sums, value iteration in plain Python, closed forms."""

from __future__ import annotations

import math

import pytest
from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables, vector

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
        assert all(0.5 <= q <= 1 for q in Q[s] + [V[s]])  # the advantage entry: V, Q all in [0.5, 1]
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


def test_policy_gradient_bandit_log_derivative_against_the_closed_form():
    html = run_snippet("policy_gradient_bandit")
    pulls, grads = tables(html)
    r, pi = [1.0, 0.2], [0.5, 0.5]  # the two arms' payoffs, and the softmax of zero logits
    J = sum(p * v for p, v in zip(pi, r))
    for a, label in enumerate(["pull arm A", "pull arm B"]):
        prob, reward, score, contribution = pulls.rows[label]
        e = [1.0 if b == a else 0.0 for b in range(2)]
        assert num(prob) == pi[a] and num(reward) == r[a]
        assert vector(score) == [e[b] - pi[b] for b in range(2)]
        assert vector(contribution) == [r[a] * (e[b] - pi[b]) for b in range(2)]
    exact = [pi[a] * (r[a] - J) for a in range(2)]  # ∂J/∂θ_a = π(a)(r_a − J), by hand
    assert [round(v, 4) for v in exact] == [0.2, -0.2]
    assert all(close(g, e, 4) for g, e in zip(nums(grads.rows["exact, \\pi(a)\\,(r_a - J)"]), exact))
    assert all(close(g, e, 4) for g, e in zip(nums(grads.rows["finite differences of J(\\boldsymbol{\\theta})"]), exact))
    for n in (100, 10_000):
        est = nums(grads.rows[f"log-derivative estimate, average over {n:,} pulls"])
        # k pulls of A out of n give ∂/∂θ_A = (0.5 k − 0.1 (n − k)) / n; the standard deviation is 0.3 / √n
        k = round((est[0] + 0.1) * n / 0.6)
        assert 0 <= k <= n and close(est[0], (0.5 * k - 0.1 * (n - k)) / n, 4) and est[1] == -est[0]
        assert abs(est[0] - exact[0]) < 4 * 0.3 / math.sqrt(n)
    before, after = vector(fact(html, "\\pi(A) before and after"))
    assert before == 0.5 and close(after, 1 / (1 + math.exp(-(0.2 - -0.2))), 4)  # softmax of (0.2, −0.2)
    j_before, j_after = vector(fact(html, "J before and after"))
    assert j_before == J and close(j_after, after * 1.0 + (1 - after) * 0.2, 4)


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
        r = float(label)
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


# -- generative models ------------------------------------------------------------------------


def cos(u, v):
    return sum(a * b for a, b in zip(u, v)) / math.sqrt(sum(a * a for a in u) * sum(b * b for b in v))


def test_infonce_small_batch_is_cross_entropy_over_candidates():
    import numpy as np

    html = run_snippet("infonce_small_batch")
    sims, losses = tables(html)
    rng = np.random.default_rng(0)  # the snippet's data, regenerated
    a = rng.normal(size=(4, 3))
    p = a + 0.3 * rng.normal(size=(4, 3))
    for i in range(4):
        assert all(close(v, cos(a[i], p[j]), 3) for j, v in enumerate(nums(sims.rows[f"anchor {i}"])))
    for tau in (1, 0.1):
        expected = []
        for i in range(4):
            logits = [cos(a[i], p[j]) / tau for j in range(4)]
            expected.append(math.log(math.fsum(math.exp(z) for z in logits)) - logits[i])
        for label in (f"InfoNCE, \\tau = {tau}", f"cross-entropy of \\operatorname{{sim}}/\\tau with target i, \\tau = {tau}"):
            row = nums(losses.rows[label])
            assert all(close(g, e, 4) for g, e in zip(row, expected + [sum(expected) / 4])), label
    assert close(num(fact(html, "chance level")), math.log(4), 4)
    z = list(a) + list(p)
    nt = []
    for i in range(8):
        j = (i + 4) % 8
        den = math.fsum(math.exp(cos(z[i], z[k]) / 0.1) for k in range(8) if k != i)
        nt.append(-(cos(z[i], z[j]) / 0.1 - math.log(den)))
    assert close(num(fact(html, "NT-Xent")), sum(nt) / 8, 4)


def log_normal(x, mean, var):
    return -0.5 * (math.log(2 * math.pi * var) + (x - mean) ** 2 / var)


def test_elbo_terms_and_gap_on_the_linear_gaussian_model():
    html = run_snippet("elbo_linear_gaussian")
    (t,) = tables(html)
    x, s2 = 1.5, 0.5
    evidence = log_normal(x, 0, 1 + s2)
    qs = [(0.0, 1.0), (0.5, 0.5), (x / (1 + s2), s2 / (1 + s2))]
    for (m, v), cells in zip(qs, t.rows.values()):
        recon = -0.5 * math.log(2 * math.pi * s2) - ((x - m) ** 2 + v) / (2 * s2)
        kl = 0.5 * (v + m * m - 1 - math.log(v))
        row = nums(cells)
        assert all(close(g, e, 4) for g, e in zip(row, [recon, kl, recon - kl, evidence, evidence - recon + kl]))
        assert row[2] <= row[3] + 1e-4
    assert close(nums(list(t.rows.values())[2])[4], 0.0, 4)  # tight at the posterior
    rough = -0.5 * math.log(2 * math.pi * s2) - ((x - 0.5) ** 2 + 0.5) / (2 * s2) - 0.5 * (0.5 + 0.25 - 1 - math.log(0.5))
    assert abs(num(fact(html, "ELBO estimate from 10,000 samples")) - rough) < 0.02
    # one sample at a time, by hand: log N(x; z, s2) − KL(q ‖ p) with z = 0.5 + √0.5 ε; the seeded
    # draws are regenerated, and every estimate is compared with the exact log p(x)
    import numpy as np

    kl = 0.5 * (0.5 + 0.25 - 1 - math.log(0.5))
    eps = np.random.default_rng(0).standard_normal(10_000).tolist()
    single = [log_normal(x, 0.5 + math.sqrt(0.5) * e, s2) - kl for e in eps]
    assert close(num(fact(html, "from a single sample")), single[0], 4)
    assert single[0] > evidence  # the page's own one-sample estimate is above the bound
    share = sum(v > evidence for v in single) / len(single)
    assert fact(html, "one-sample estimates above") == f"{share:.1%} of 10,000" and 0.3 < share < 0.7
    assert close(num(fact(html, "log p(x), for comparison")), evidence, 4)
    mean = sum(single) / len(single)
    assert mean < evidence  # their average, the estimate of the ELBO, respects the bound
    assert close(num(fact(html, "standard deviation of one sample")), math.sqrt(sum((v - mean) ** 2 for v in single) / len(single)), 4)


def test_reparameterised_draws_and_gradient_spreads():
    import numpy as np

    html = run_snippet("reparameterisation_gradients")
    draws, estimates = tables(html)
    eps = np.random.default_rng(0).standard_normal(3)
    for k in range(3):
        e, z = nums(draws.rows[f"draw {k}"])
        assert close(e, eps[k], 4) and close(z, 0.7 + 1.3 * eps[k], 4)
    path = nums(estimates.rows["reparameterised (pathwise)"])
    score = nums(estimates.rows["log-derivative (score function)"])
    assert abs(path[0] - 1.4) < 0.05 and abs(path[2] - 2.6) < 0.05  # exact (2μ, 2σ)
    assert abs(score[0] - 1.4) < 0.1 and abs(score[2] - 2.6) < 0.15
    assert abs(path[1] - 2 * 1.3 / 10) < 0.03  # std of the mean of 100 draws of 2z: 2σ/√100
    assert score[1] > 1.5 * path[1] and score[3] > 1.5 * path[3]
    assert abs(num(fact(html, "spread ratio")) - score[1] / path[1]) < 0.06  # a ratio of rounded spreads


def test_linear_schedule_alpha_bar_and_the_jump():
    html = run_snippet("diffusion_forward_schedule")
    schedule, jump = tables(html)
    betas = [1e-4 + k * (0.02 - 1e-4) / 999 for k in range(1000)]
    for t in (1, 10, 100, 250, 500, 750, 1000):
        ab = math.prod(1 - b for b in betas[:t])
        row = nums(schedule.rows[f"t = {t}"])
        expected = [betas[t - 1], 1 - betas[t - 1], ab, math.sqrt(ab), math.sqrt(1 - ab)]
        assert all(close(g, e, 6) for g, e in zip(row, expected)), t
    for t in (10, 100, 500):
        ab = math.prod(1 - b for b in betas[:t])
        m_chain, v_chain, m_jump, v_jump, sig, noise = nums(jump.rows[f"t = {t}"])
        assert close(sig, math.sqrt(ab), 4) and close(noise, 1 - ab, 4)
        for m, v in ((m_chain, v_chain), (m_jump, v_jump)):  # 20,000 samples each
            assert abs(m - math.sqrt(ab)) < 0.03 and abs(v - (1 - ab)) < 0.03


def test_noise_prediction_loss_floors():
    html = run_snippet("noise_prediction_loss")
    (t,) = tables(html)
    betas = [1e-4 + k * (0.02 - 1e-4) / 999 for k in range(1000)]
    for step in (10, 250, 900):
        ab = math.prod(1 - b for b in betas[:step])
        abar, zero, x_t, best, oracle = nums(t.rows[f"t = {step}"])
        assert close(abar, ab, 4) and oracle == 0
        assert abs(zero - 1) < 0.04  # the noise's variance
        assert abs(best - ab * 0.25 / (ab * 0.25 + 1 - ab)) < 0.02  # closed-form minimum for N(0, 0.25) data
        assert abs(x_t - (ab * 0.25 + (math.sqrt(1 - ab) - 1) ** 2)) < 0.04  # E[(ε - x_t)²]
        assert best <= min(zero, x_t)
    # copying the input: worse than predicting zero early, nearly perfect late (the entry's words)
    early, late = nums(t.rows["t = 10"]), nums(t.rows["t = 900"])
    assert early[2] > early[1] and late[2] < 0.01


def test_gaussian_score_matches_the_closed_form_and_finite_differences():
    html = run_snippet("score_gaussian")
    one_d, two_d = tables(html)
    for cells in one_d.rows.values():
        x, logp, score, fd = nums(cells)
        assert close(logp, log_normal(x, 1.0, 0.25), 4)
        assert close(score, -(x - 1.0) / 0.25, 4) and close(fd, -(x - 1.0) / 0.25, 4)
    x = nums(two_d.rows["a point \\mathbf{x}"])
    assert nums(two_d.rows["its score \\nabla_{\\mathbf{x}} \\log p(\\mathbf{x})"]) == [-v for v in x]


def test_gan_optimal_discriminator_and_value():
    html = run_snippet("gan_discriminator_optimum")
    (t,) = tables(html)
    p_data = [0.1, 0.4, 0.4, 0.1]
    gens = [[0.4, 0.1, 0.1, 0.4], [0.2, 0.3, 0.3, 0.2], p_data]
    for p_g, cells in zip(gens, t.rows.values()):
        row = nums(cells)
        d = [a / (a + b) for a, b in zip(p_data, p_g)]
        value = sum(a * math.log(y) + b * math.log(1 - y) for a, b, y in zip(p_data, p_g, d))
        m = [(a + b) / 2 for a, b in zip(p_data, p_g)]
        jsd = 0.5 * sum(a * math.log(a / c) for a, c in zip(p_data, m)) + 0.5 * sum(b * math.log(b / c) for b, c in zip(p_g, m))
        assert all(close(g, e, 4) for g, e in zip(row, d + [value, -math.log(4), -math.log(4) + 2 * jsd]))
    assert num(fact(html, "10,000 random discriminators")) < num(fact(html, "its V(D^*, G)"))
    assert close(num(fact(html, "-\\log 4")), -math.log(4), 4)


def test_chinchilla_optimal_split_and_two_models():
    html = run_snippet("scaling_law_chinchilla")
    budgets, models, kaplan = tables(html)
    L = lambda n, d: 1.69 + 406.4 / n**0.34 + 410.7 / d**0.28  # noqa: E731
    for cells in budgets.rows.values():
        C, N, D, ratio, loss = nums(cells)
        grid = [10 ** (7 + k / 1000) for k in range(6001)]  # N from 1e7 to 1e13
        best = min(grid, key=lambda n: L(n, C / (6 * n)))
        assert abs(N / best - 1) < 0.01 and abs(6 * N * D / C - 1) < 0.01
        assert abs(ratio - D / N) < 0.2 and close(loss, L(best, C / (6 * best)), 3)
    gopher, chinchilla = (nums(c) for c in models.rows.values())
    assert close(gopher[1], L(280e9, 300e9), 4) and close(chinchilla[1], L(70e9, 1.4e12), 4)
    assert chinchilla[1] < gopher[1]
    assert close(num(fact(html, "exponent a")), 0.28 / 0.62, 3)
    # Kaplan et al. (2020), eqs. 1.1 and 1.2, written out: L(N) = (8.8e13 / N)^0.076, L(D) = (5.4e13 / D)^0.095
    for label, (loss_n, loss_d) in ((k, nums(v)) for k, v in kaplan.rows.items() if k):
        x = num(label)
        assert close(loss_n, (8.8e13 / x) ** 0.076, 3) and close(loss_d, (5.4e13 / x) ** 0.095, 3)
    assert close(num(fact(html, "tenfold N")), 10**-0.076, 3) and close(num(fact(html, "tenfold D")), 10**-0.095, 3)
    assert num(fact(html, "Kaplan et al.'s a")) == 0.73
    assert vector(fact(html, "ten times the compute")) == [round(10**0.73, 3), round(10 ** (0.28 / 0.62), 3)]



def test_td_learning_one_update_td_zero_and_q_learning_against_sarsa():
    html = run_snippet("td_learning_corridor")
    assert close(num(fact(html, "TD target")), 0.0 + GAMMA * 0.8, 3)
    assert close(num(fact(html, "TD error")), 0.0 + GAMMA * 0.8 - 0.6, 3)
    assert close(num(fact(html, "new V(s)")), 0.6 + 0.1 * (GAMMA * 0.8 - 0.6), 3)
    prediction, control = tables(html)
    exact = values_by_iteration()
    for cells, v in zip(prediction.rows.values(), exact):
        solved, fast, slow = nums(cells)
        assert close(solved, v, 3)
        assert abs(fast - v) < 0.08 and abs(slow - v) < 0.03  # jitter shrinks with the step size
    q_star = q_values(values_by_iteration(p_right=1.0))
    q_eps = q_values(values_by_iteration(p_right=1 - 0.3 / 2))  # ε-greedy with ε = 0.3 around "right"
    for (label, cells), (s, a) in zip(control.rows.items(), [(s, a) for s in range(3) for a in range(2)]):
        learnt_q, optimal, learnt_sarsa, exploring = nums(cells)
        assert close(learnt_q, q_star[s][a], 3) and close(optimal, q_star[s][a], 3)
        assert close(exploring, q_eps[s][a], 3) and abs(learnt_sarsa - q_eps[s][a]) < 0.03
    assert max(abs(q_star[s][a] - q_eps[s][a]) for s in range(3) for a in range(2)) > 0.06  # far enough apart to tell



def test_target_network_hard_copies_jump_and_soft_updates_glide():
    html = run_snippet("target_network_updates")
    (t,) = tables(html)
    C, tau = 1000, 0.001
    rows = {label: nums(cells) for label, cells in t.rows.items()}
    online_500, hard_500, soft_500 = rows["step 500"]
    assert hard_500 == 0.0 and 0 < soft_500 < online_500  # no copy yet; the soft copy has started to move
    assert rows["step 999"][1] == 0.0 and rows["step 1,000"][1] == rows["step 1,000"][0]  # copied at step C
    assert rows["step 2,500"][1] != rows["step 2,500"][0]  # mid-period the copy is stale
    assert abs(rows["step 999"][2] - rows["step 1,000"][2]) < 0.002  # the soft copy barely moves in one step
    assert num(fact(html, "largest change of \\theta^{-}")) > 0.5 and num(fact(html, "largest change of \\theta'")) < 0.01
    assert close(num(fact(html, "last 1,000 steps")), 1 - (1 - tau) ** C, 4)
    assert num(fact(html, "average age")) == round((1 - tau) / tau)
    weights = [tau * (1 - tau) ** k for k in range(200_000)]
    assert close(math.fsum(k * w for k, w in enumerate(weights)), (1 - tau) / tau, 3)  # the mean age of an EMA



def test_deterministic_policy_gradient_on_the_one_step_toy():
    html = run_snippet("deterministic_policy_gradient_toy")
    states, rho = [0.5, 1.0, 1.5], [0.2, 0.5, 0.3]
    second_moment = math.fsum(w * s * s for s, w in zip(states, rho))

    def exact(theta):  # d/dθ of 𝔼[−(θ s − 2 s)²] = −2 (θ − 2) 𝔼[s²]
        return -2 * (theta - 2) * second_moment

    assert close(num(fact(html, "deterministic policy gradient")), exact(0.5), 4)
    assert close(num(fact(html, "finite differences")), exact(0.5), 4)
    sampled, ascent = tables(html)
    errors = []
    for cells in sampled.rows.values():
        estimate, stderr, deterministic = nums(cells)
        assert close(deterministic, exact(0.5), 3)
        assert abs(estimate - exact(0.5)) < 4 * stderr  # unbiased: the same slope on average
        errors.append(stderr)
    assert errors[0] < errors[1] < errors[2]  # σ = 1, 0.3, 0.1: noisier as σ shrinks
    theta = 0.5
    for cells in ascent.rows.values():
        step, th, J, grad = nums(cells)
        assert close(th, theta, 4) and close(J, -((theta - 2) ** 2) * second_moment, 4) and close(grad, exact(theta), 4)
        theta += 0.2 * exact(theta)



def discounted_visits_by_steps(p_right=P_RIGHT, gamma=GAMMA, start=(1.0, 0.0, 0.0), steps=3000):
    """Σ_t γ^t Pr(s_t = s), stepping the distribution over cells forward by hand."""
    dist, total = list(start), [0.0, 0.0, 0.0]
    for t in range(steps):
        total = [a + gamma**t * b for a, b in zip(total, dist)]
        new = [0.0, 0.0, 0.0]
        for s, mass in enumerate(dist):
            for a, p in ((0, 1 - p_right), (1, p_right)):
                nxt, _ = corridor_step(s, a)
                if nxt is not None:  # right from cell 2 ends the episode
                    new[nxt] += mass * p
        dist = new
    return total


def test_state_distribution_visits_solved_counted_normalised_and_from_another_start():
    html = run_snippet("state_distribution_corridor")
    visits_table, starts = tables(html)
    rho = discounted_visits_by_steps()
    counts = discounted_visits_by_steps(gamma=1.0)
    for cells, r, n in zip(visits_table.rows.values(), rho, counts):
        solved, counted, d, per_episode, share = nums(cells)
        assert close(solved, r, 3) and abs(counted - r) < 0.1
        assert close(d, r / sum(rho), 3) and close(per_episode, n, 3) and close(share, n / sum(counts), 3)
    assert close(num(fact(html, "total of")), sum(rho), 3)
    assert close(num(fact(html, "every step pays 1")), sum(rho), 3)
    assert close(num(fact(html, "never ended")), 1 / (1 - GAMMA), 3)
    uniform = discounted_visits_by_steps(start=(1 / 3, 1 / 3, 1 / 3))
    assert all(close(x, y, 3) for x, y in zip(nums(starts.rows["\\rho_0 = (1/3, 1/3, 1/3)"]), uniform))
    # the policy gradient of the softmax table: ρ^π(s) π(right | s) A^π(s, right)
    V = values_by_iteration()
    Q = q_values(V)
    expected = [rho[s] * P_RIGHT * (Q[s][1] - V[s]) for s in range(3)]
    assert all(close(g, e, 4) for g, e in zip(vector(fact(html, "policy gradient")), expected))
