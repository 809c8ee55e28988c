"""V^π and Q^π in the corridor: the Bellman equation solved as a linear system, checked by Monte Carlo."""

import numpy as np

from notation import action_values, corridor, expectation, monte_carlo_values, state_values
from notation.render import table

P, R = corridor()
pi = np.array([[0.3, 0.7]] * 3)  # right with probability 0.7 in every cell
gamma = 0.9
V = state_values(P, R, pi, gamma)
Q = action_values(P, R, pi, gamma)
V_mc = monte_carlo_values(P, R, pi, gamma, np.random.default_rng(0), episodes=2000)
print(
    table(
        np.column_stack([V, V_mc, Q, expectation(Q, pi)]),
        row_labels=[f"cell $s = {s}$" for s in range(3)],
        col_labels=[
            "$V^\\pi(s)$ (Bellman, solved)",
            "$V^\\pi(s)$ (2,000 episodes, averaged)",
            "$Q^\\pi(s, \\text{left})$",
            "$Q^\\pi(s, \\text{right})$",
            "$\\sum_a \\pi(a \\mid s)\\, Q^\\pi(s, a)$",
        ],
        precision=4,
        caption="$\\gamma = 0.9$, $\\pi(\\text{right} \\mid s) = 0.7$: the last column rebuilds $V^\\pi$ from $Q^\\pi$",
    )
)
always_right = np.array([[0.0, 1.0]] * 3)
print(
    table(
        np.vstack([state_values(P, R, always_right, gamma), state_values(P, R, pi, gamma), state_values(P, R, np.full((3, 2), 0.5), gamma)]),
        row_labels=["always right", "right with probability 0.7", "coin flip"],
        col_labels=[f"$V^\\pi({s})$" for s in range(3)],
        precision=4,
        caption="The same world, three policies: a value belongs to a policy, not to the state alone",
    )
)
