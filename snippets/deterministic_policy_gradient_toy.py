"""The deterministic policy gradient on a one-dimensional toy: the chain rule through the critic, against finite differences and against a Gaussian policy's sampled gradient."""

import numpy as np

from notation import deterministic_policy_gradient, gaussian_score_gradient, gradient
from notation.render import facts, table

# one step per episode: a state s from ρ_0, an action a, the reward r(s, a) = −(a − 2s)², then the end,
# so Q(s, a) = r(s, a); the policy is the line μ_θ(s) = θ s, and the best one is θ = 2
states = np.array([0.5, 1.0, 1.5])
rho0 = np.array([0.2, 0.5, 0.3])


def J(theta):  # the expected reward of μ_θ, 𝔼_{s∼ρ_0}[Q(s, μ_θ(s))]
    return float(np.sum(rho0 * -((theta[0] * states - 2 * states) ** 2)))


def dpg(theta):
    a = theta * states  # a = μ_θ(s)
    return deterministic_policy_gradient(-2 * (a - 2 * states), states[:, None], rho0)[0]  # ∇_a Q at a, times ∇_θ μ = s


theta = 0.5
print(
    facts(
        {
            "deterministic policy gradient at $\\theta = 0.5$": dpg(theta),
            "finite differences of $J(\\theta)$": gradient(J, np.array([theta]))[0],
        },
        precision=4,
    )
)

rng = np.random.default_rng(0)
n = 2000
rows = []
for std in (1.0, 0.3, 0.1):
    s = rng.choice(states, size=n, p=rho0)
    mean = theta * s
    a = mean + std * rng.standard_normal(n)  # a Gaussian policy around the same line
    terms = gaussian_score_gradient(-((a - 2 * s) ** 2), a, mean, std, s[:, None])[:, 0]
    rows.append([terms.mean(), terms.std() / np.sqrt(n), dpg(theta)])
print(
    table(
        np.array(rows),
        row_labels=[f"Gaussian policy, $\\sigma = {std}$" for std in (1.0, 0.3, 0.1)],
        col_labels=["REINFORCE estimate, 2,000 samples", "its standard error", "deterministic gradient"],
        precision=3,
        caption="The same slope, estimated by sampling actions: the smaller $\\sigma$, the noisier the estimate; the deterministic gradient needs no sampled actions",
    )
)

steps, th = [], theta
for k in range(6):
    steps.append([k, th, J(np.array([th])), dpg(th)])
    th = th + 0.2 * dpg(th)  # gradient ascent on J with the deterministic gradient
print(
    table(
        np.array(steps, dtype=object),
        col_labels=["step", "$\\theta$", "$J(\\theta)$", "$\\nabla_\\theta J$"],
        precision=4,
        caption="Gradient ascent with step 0.2: $\\mu_\\theta(s) = \\theta s$ heads for the best policy, $\\theta = 2$",
    )
)
