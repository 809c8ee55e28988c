"""The log-derivative trick on a one-state, two-armed bandit: each pull's ∇ log π times its reward, averaged, against the exact gradient."""

import numpy as np

from notation import bandit, gradient, policy_gradient, policy_objective, reinforce_gradient, softmax_policy
from notation.render import facts, fmt_array, table

P, R = bandit([1.0, 0.2])  # arm A pays 1, arm B pays 0.2; one pull, then the episode ends
theta = np.zeros((1, 2))  # logits: both arms equally likely
pi = softmax_policy(theta)[0]
J = policy_objective(P, R, theta, gamma=0.0)

# What one pull contributes: ∇_θ log π(a) = e_a − π, times the reward it paid
rows = []
for a, name in enumerate(["A", "B"]):
    score = np.eye(2)[a] - pi
    rows.append([pi[a], R[0, a], fmt_array(score, 2), fmt_array(score * R[0, a], 2)])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=["pull arm A", "pull arm B"],
        col_labels=["probability $\\pi(a)$", "reward $r$", "$\\nabla_{\\boldsymbol{\\theta}} \\log \\pi(a) = \\mathbf{e}_a - (\\pi(A), \\pi(B))$", "contribution $r \\, \\nabla_{\\boldsymbol{\\theta}} \\log \\pi(a)$"],
        precision=2,
        caption="One pull of a two-armed bandit with $\\boldsymbol{\\theta} = (0, 0)$: each pull pushes up the logit of the arm pulled, in proportion to its reward",
    )
)

exact = policy_gradient(P, R, theta, gamma=0.0)[0]
numeric = gradient(lambda t: policy_objective(P, R, t.reshape(1, 2), gamma=0.0), theta.ravel())
estimates = {n: reinforce_gradient(P, R, theta, 0.0, np.random.default_rng(0), episodes=n)[0] for n in (100, 10_000)}
print(
    table(
        np.array([exact, numeric, *estimates.values()]),
        row_labels=[
            "exact, $\\pi(a)\\,(r_a - J)$",
            "finite differences of $J(\\boldsymbol{\\theta})$",
            *[f"log-derivative estimate, average over {n:,} pulls" for n in estimates],
        ],
        col_labels=["$\\partial J / \\partial \\theta_A$", "$\\partial J / \\partial \\theta_B$"],
        precision=4,
        caption=f"$J(\\boldsymbol{{\\theta}}) = \\sum_a \\pi(a)\\, r_a = {J:g}$: the sampled average approaches the exact gradient",
    )
)
step = theta + 1.0 * exact  # one step of gradient ascent, learning rate 1
print(
    facts(
        {
            "$\\pi(A)$ before and after one ascent step with $\\eta = 1$": [pi[0], softmax_policy(step)[0, 0]],
            "$J$ before and after": [J, policy_objective(P, R, step, gamma=0.0)],
        },
        precision=4,
    )
)
