"""The policy gradient of the corridor three ways: the policy gradient theorem, finite differences of J(θ), and REINFORCE from sampled episodes."""

import numpy as np

from notation import corridor, gradient, policy_gradient, policy_objective, reinforce_gradient, sgd_step, softmax_policy
from notation.render import facts, table

P, R = corridor()
gamma = 0.9
theta = np.tile([0.0, np.log(0.7 / 0.3)], (3, 1))  # the site's policy: right with probability 0.7


def J(th):
    return policy_objective(P, R, th, gamma)  # V^π(0), the expected return from the start


exact = policy_gradient(P, R, theta, gamma)
numeric = gradient(J, theta)
sampled = reinforce_gradient(P, R, theta, gamma, np.random.default_rng(0), episodes=2000)
labels = [f"$\\theta_{{{s},\\text{{{a}}}}}$" for s in range(3) for a in ("left", "right")]
print(
    table(
        np.column_stack([exact.ravel(), numeric.ravel(), sampled.ravel()]),
        row_labels=labels,
        col_labels=["policy gradient theorem (exact)", "finite differences of $J(\\boldsymbol{\\theta})$", "REINFORCE, 2,000 episodes"],
        precision=4,
        caption="$\\partial J / \\partial \\theta_{s,a}$ at $\\pi(\\text{right}) = 0.7$, $\\gamma = 0.9$: the sampled log-derivative estimate needs no model of the world, only episodes",
    )
)

rows, th = [], theta.copy()
for step in range(51):
    if step in (0, 1, 5, 20, 50):
        rows.append([step, J(th), *softmax_policy(th)[:, 1]])
    th = sgd_step(th, -policy_gradient(P, R, th, gamma), lr=5.0)  # ascent: step along +∇J
print(
    table(
        np.array(rows, dtype=object),
        col_labels=["steps", "$J(\\boldsymbol{\\theta})$", "$\\pi(\\text{right} \\mid 0)$", "$\\pi(\\text{right} \\mid 1)$", "$\\pi(\\text{right} \\mid 2)$"],
        precision=4,
        caption="Gradient ascent with learning rate 5: the policy learns to walk right, and $J$ climbs towards $\\gamma^2 = 0.81$",
    )
)
print(facts({"the best possible $J$: always right, $\\gamma^2$": policy_objective(P, R, np.tile([0.0, 50.0], (3, 1)), gamma)}, precision=4))
