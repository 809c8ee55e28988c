"""How often a policy visits each cell of the corridor: the discounted visits ρ^π solved exactly and counted in episodes, normalised to d^π, and the start distribution ρ_0."""

import numpy as np

from notation import corridor, discounted_visits, monte_carlo_visits, policy_gradient, softmax_policy, state_values
from notation.render import facts, table

P, R = corridor()
gamma = 0.9
theta = np.tile([0.0, np.log(0.7 / 0.3)], (3, 1))  # right with probability 0.7 in every cell
pi = softmax_policy(theta)

rho = discounted_visits(P, pi, gamma, start=0)  # s_0 = 0 always: ρ_0 = (1, 0, 0)
counted = monte_carlo_visits(P, R, pi, gamma, np.random.default_rng(0), episodes=2000)
visits = discounted_visits(P, pi, 1.0, start=0)  # γ = 1: the expected number of visits
print(
    table(
        np.column_stack([rho, counted, rho / rho.sum(), visits, visits / visits.sum()]),
        row_labels=[f"cell $s = {s}$" for s in range(3)],
        col_labels=[
            "$\\rho^\\pi(s)$, solved",
            "counted in 2,000 episodes",
            "$d^\\pi(s) = \\rho^\\pi(s) / \\sum_{s'} \\rho^\\pi(s')$",
            "visits per episode ($\\gamma = 1$)",
            "share of all visits",
        ],
        precision=3,
        caption="Start in cell 0, go right with probability 0.7, $\\gamma = 0.9$: later visits count for less in $\\rho^\\pi$",
    )
)
ones = np.ones_like(R)  # a reward of 1 on every step: its value is the expected discounted length
print(
    facts(
        {
            "total of $\\rho^\\pi$, the expected discounted number of steps": rho.sum(),
            "$V^\\pi(0)$ when every step pays 1": state_values(P, ones, pi, gamma)[0],
            "$1/(1 - \\gamma)$, the total if the episode never ended": 1 / (1 - gamma),
        },
        precision=3,
    )
)

uniform = discounted_visits(P, pi, gamma, start=np.full(3, 1 / 3))
print(
    table(
        np.vstack([rho, uniform]),
        row_labels=["$\\rho_0 = (1, 0, 0)$", "$\\rho_0 = (1/3, 1/3, 1/3)$"],
        col_labels=[f"$\\rho^\\pi({s})$" for s in range(3)],
        precision=3,
        caption="The start distribution $\\rho_0$ says where episodes begin; it changes the visits, and so the weights of the policy gradient",
    )
)
grad = policy_gradient(P, R, theta, gamma)
print(facts({"policy gradient $\\partial J / \\partial \\theta_{s,\\text{right}} = \\rho^\\pi(s)\\, \\pi(\\text{right} \\mid s)\\, A^\\pi(s, \\text{right})$, $s = 0, 1, 2$": grad[:, 1]}, precision=4))
