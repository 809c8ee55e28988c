"""Returns in the corridor: one episode's G_t at γ = 0.9 and 0.99, and the effective horizon 1/(1 − γ)."""

import numpy as np

from notation import corridor, discounted_returns, effective_horizon, sample_episode
from notation.render import facts, table

P, R = corridor()  # cells 0, 1, 2 and a goal right of cell 2; reward 1 on entering the goal
pi = np.array([[0.3, 0.7]] * 3)  # the site's policy: right with probability 0.7 in every cell
states, actions, rewards = sample_episode(P, R, pi, np.random.default_rng(0))
G_09, G_099 = discounted_returns(rewards, 0.9), discounted_returns(rewards, 0.99)
rows = [[int(s), "right" if a else "left", float(r), g1, g2] for s, a, r, g1, g2 in zip(states, actions, rewards, G_09, G_099)]
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[f"$t = {t}$" for t in range(len(rewards))],
        col_labels=["cell $s_t$", "action $a_t$", "reward $r_{t+1}$", "$G_t$, $\\gamma = 0.9$", "$G_t$, $\\gamma = 0.99$"],
        precision=4,
        caption=f"One episode of the corridor ({len(rewards)} steps): the single reward of 1 arrives at the end, and each earlier step sees it discounted once more",
    )
)

gammas = [0.5, 0.9, 0.99]
print(
    table(
        np.array([[effective_horizon(g), g**10, g**100, discounted_returns(np.ones(round(effective_horizon(g))), g)[0] / effective_horizon(g)] for g in gammas]),
        row_labels=[f"$\\gamma = {g}$" for g in gammas],
        col_labels=["$1/(1-\\gamma)$", "weight $\\gamma^{10}$", "weight $\\gamma^{100}$", "share of all weight in the first $1/(1-\\gamma)$ steps"],
        precision=4,
        caption="How far ahead an agent looks: as $\\gamma \\to 1$ the first $1/(1-\\gamma)$ rewards carry $1 - 1/e \\approx 63\\%$ of the total weight",
    )
)
print(
    facts(
        {
            "a reward of 1 on every step forever, $\\gamma = 0.9$: $G_0 = \\sum_k 0.9^k$ (10,000 terms)": float(discounted_returns(np.ones(10_000), 0.9)[0]),
            "the same at $\\gamma = 0.99$": float(discounted_returns(np.ones(10_000), 0.99)[0]),
        },
        precision=4,
    )
)
