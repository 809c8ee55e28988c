"""A latent z picks one of two Gaussians: p(x) = Σ_z p(x ∣ z) p(z) integrates to 1, p(z ∣ x) is Bayes' rule, a Monte Carlo average over z ∼ p(z) estimates p(x), and exact sums blow up with many latents."""

import numpy as np

from notation import bayes_posterior, categorical_sample, mixture_density, monte_carlo_estimate, normal_pdf, trapezoid
from notation.render import facts, sci, table

prior_z = np.array([0.3, 0.7])                   # p(z): which component
means, stds = np.array([-2.0, 1.0]), np.array([0.5, 1.0])  # p(x ∣ z = k) = 𝒩(means[k], stds[k]²)
xs = np.array([-2.0, -0.8, 0.0, 2.0])
rows = []
for x in xs:
    lik = np.array([normal_pdf(x, m, s) for m, s in zip(means, stds)])  # p(x ∣ z = k) for each k
    post = bayes_posterior(prior_z, lik)        # p(z ∣ x): what an encoder tries to approximate
    rows.append([mixture_density(x, prior_z, means, stds), post[0], post[1]])
print(
    table(
        rows,
        row_labels=[f"$x = {x:g}$" for x in xs],
        col_labels=["$p(x) = \\sum_z p(x \\mid z)\\,p(z)$", "$p(z = 1 \\mid x)$", "$p(z = 2 \\mid x)$"],
        precision=4,
        caption="Marginal density of $x$, and the posterior over the hidden component",
    )
)
grid = np.linspace(-10, 10, 4001)
rng = np.random.default_rng(0)
z = categorical_sample(prior_z, 100_000, rng)   # z_i ∼ p(z)
at_zero = np.array([normal_pdf(0.0, m, s) for m, s in zip(means, stds)])  # p(x = 0 ∣ z = k)
est, se = monte_carlo_estimate(at_zero[z])     # the average of p(x = 0 ∣ z_i) over the draws
print(
    facts(
        {
            "$\\int p(x)\\,dx$ (trapezoid rule)": trapezoid(mixture_density(grid, prior_z, means, stds), grid),
            "Monte Carlo $\\frac{1}{N}\\sum_i p(x = 0 \\mid z_i)$, $z_i \\sim p(z)$, $N = 100{,}000$": f"{est:.4f} ± {se:.4f}",
            "terms in $\\sum_{\\mathbf{z}}$ for 30 binary latents": sci(2.0**30),
            "terms for 100 binary latents": sci(2.0**100),
        },
        precision=4,
    )
)
