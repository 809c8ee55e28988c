"""PPO's clipped surrogate on a grid of probability ratios (ε = 0.2), for a good and a bad action, and on one corridor episode."""

import numpy as np

from notation import (
    corridor,
    gae,
    gradient,
    policy_gradient,
    ppo_clip_objective,
    sample_episode,
    sgd_step,
    softmax_policy,
    state_values,
)
from notation.render import table

eps = 0.2
ratios = np.round(np.arange(0.5, 1.51, 0.1), 1)
rows = []
for r in ratios:
    row = []
    for adv in (1.0, -1.0):
        slope = gradient(lambda x, adv=adv: float(ppo_clip_objective(x[0], adv, eps)), [r])[0]
        row += [r * adv, float(ppo_clip_objective(r, adv, eps)), slope]
    rows.append(row)
print(
    table(
        np.array(rows),
        row_labels=[f"{r:.1f}" for r in ratios],
        corner="ratio $r$",
        col_labels=[
            "$r\\hat{A}$, $\\hat{A} = +1$", "$L^{\\text{CLIP}}$, $\\hat{A} = +1$", "slope $\\partial L / \\partial r$, $\\hat{A} = +1$",
            "$r\\hat{A}$, $\\hat{A} = -1$", "$L^{\\text{CLIP}}$, $\\hat{A} = -1$", "slope $\\partial L / \\partial r$, $\\hat{A} = -1$",
        ],
        precision=2,
        caption="$\\varepsilon = 0.2$: a good action stops earning once $r > 1.2$, a bad one stops being punished once $r < 0.8$; a slope of 0 means no gradient (at the corners $r = 0.8$ and $1.2$ the two-sided difference averages the slopes on either side)",
    )
)

# One PPO-style update in the corridor: old policy 0.7 to the right, new policy one big gradient step later.
P, R = corridor()
gamma = 0.9
theta_old = np.tile([0.0, np.log(0.7 / 0.3)], (3, 1))
theta_new = sgd_step(theta_old, -policy_gradient(P, R, theta_old, gamma), lr=20.0)
pi_old, pi_new = softmax_policy(theta_old), softmax_policy(theta_new)
states, actions, rewards = sample_episode(P, R, pi_old, np.random.default_rng(0))  # the 5-step episode
adv = gae(rewards, state_values(P, R, pi_old, gamma)[states], gamma, lam=0.95)
ratio = pi_new[states, actions] / pi_old[states, actions]
print(
    table(
        np.array([[int(s), "right" if a else "left", A, r, r * A, float(ppo_clip_objective(r, A, eps))] for s, a, A, r in zip(states, actions, adv, ratio)], dtype=object),
        row_labels=[f"$t = {t}$" for t in range(len(states))],
        col_labels=["$s_t$", "$a_t$", "$\\hat{A}_t$ (GAE, $\\lambda = 0.95$)", "$r_t(\\boldsymbol{\\theta})$", "$r_t \\hat{A}_t$", "$L^{\\text{CLIP}}_t$"],
        precision=4,
        caption="The corridor episode under an update that moved too far: where $r_t$ left $[0.8, 1.2]$ in the direction the advantage favours, the clipped term takes over",
    )
)
