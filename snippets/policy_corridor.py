"""The corridor's policy π_θ(a ∣ s): a softmax over two logits per cell, sampled, and the probability of a whole trajectory."""

import numpy as np

from notation import corridor, sample_episode, softmax_policy, trajectory_log_prob
from notation.render import facts, table

theta = np.tile([0.0, np.log(0.7 / 0.3)], (3, 1))  # logits θ[s, a]: right leads left by ln(7/3) in every cell
pi = softmax_policy(theta)
print(
    table(
        np.hstack([theta, pi]),
        row_labels=[f"cell $s = {s}$" for s in range(3)],
        col_labels=["$\\theta_{s,\\text{left}}$", "$\\theta_{s,\\text{right}}$", "$\\pi_\\theta(\\text{left} \\mid s)$", "$\\pi_\\theta(\\text{right} \\mid s)$"],
        precision=4,
        caption="The policy as a table: one row per state, a softmax over each row's logits, so each row sums to 1",
    )
)

P, R = corridor()
rng = np.random.default_rng(0)
first_moves = [sample_episode(P, R, pi, rng, max_steps=1)[1][0] for _ in range(10_000)]
straight = trajectory_log_prob(pi, [0, 1, 2], [1, 1, 1])
detour = trajectory_log_prob(pi, [0, 1, 0, 1, 2], [1, 0, 1, 1, 1])
print(
    facts(
        {
            "share of 10,000 sampled first moves that go right": float(np.mean(first_moves)),
            "$\\log \\pi(\\tau)$ of the straight run right, right, right": straight,
            "its probability $\\pi(\\tau) = 0.7^3$": float(np.exp(straight)),
            "$\\log \\pi(\\tau)$ of the detour right, left, right, right, right": detour,
            "its probability $0.7^4 \\times 0.3$": float(np.exp(detour)),
            "$\\pi$ the number (np.pi), for contrast": float(np.pi),
        },
        precision=4,
    )
)
