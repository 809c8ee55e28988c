"""Advantages in the corridor: exact A = Q − V, and GAE on one sampled episode for three values of λ."""

import numpy as np

from notation import action_values, corridor, expectation, gae, sample_episode, state_values
from notation.render import table

P, R = corridor()
pi = np.array([[0.3, 0.7]] * 3)
gamma = 0.9
V = state_values(P, R, pi, gamma)
A = action_values(P, R, pi, gamma) - V[:, None]
print(
    table(
        np.column_stack([A, expectation(A, pi)]),
        row_labels=[f"cell $s = {s}$" for s in range(3)],
        col_labels=["$A(s, \\text{left})$", "$A(s, \\text{right})$", "$\\sum_a \\pi(a \\mid s)\\, A(s, a)$"],
        precision=4,
        caption="Exact advantages, $\\gamma = 0.9$, $\\pi(\\text{right}) = 0.7$: right is better than average everywhere, and the policy-weighted mean is 0",
    )
)

states, actions, rewards = sample_episode(P, R, pi, np.random.default_rng(0))  # the episode of the Return entry
values = V[states]  # a perfect critic, for the example
columns = [gae(rewards, values, gamma, lam) for lam in (0.0, 0.95, 1.0)]
print(
    table(
        np.array([[int(s), "right" if a else "left", *(c[t] for c in columns), A[s, a]] for t, (s, a) in enumerate(zip(states, actions))], dtype=object),
        row_labels=[f"$t = {t}$" for t in range(len(states))],
        col_labels=["$s_t$", "$a_t$", "$\\hat{A}_t$, $\\lambda = 0$ ($\\delta_t$)", "$\\hat{A}_t$, $\\lambda = 0.95$", "$\\hat{A}_t$, $\\lambda = 1$ ($G_t - V(s_t)$)", "exact $A(s_t, a_t)$"],
        precision=4,
        caption="GAE on one 5-step episode with the critic $V = V^\\pi$: with a perfect critic and moves that are certain, $\\lambda = 0$ gives the exact advantage of each step taken; $\\lambda = 1$ uses the whole sampled return",
    )
)
