"""p(k; θ) for a coin flipped 5 times: for each θ it is a distribution over the data k (rows sum to 1), but as a function of θ (the likelihood) it is not a distribution over θ."""

import numpy as np

from notation import binomial_likelihood, trapezoid
from notation.render import facts, table

n = 5
thetas = [0.2, 0.5, 0.8]
ks = range(n + 1)
rows = [[float(binomial_likelihood(t, k, n)) for k in ks] for t in thetas]
print(
    table(
        [r + [sum(r)] for r in rows],
        row_labels=[f"$\\theta = {t}$" for t in thetas],
        col_labels=[f"$k = {k}$" for k in ks] + ["row sum $\\sum_k$"],
        precision=4,
        caption="$p(k; \\theta)$, the probability of $k$ heads in 5 flips: for every fixed $\\theta$ it sums to 1 over $k$",
    )
)
grid = np.linspace(0.0, 1.0, 2001)
print(
    facts(
        {
            "$\\int_0^1 p(k = 3; \\theta)\\,d\\theta$, the likelihood integrated over $\\theta$": trapezoid(binomial_likelihood(grid, 3, n), grid),
            "$\\int_0^1 p(k = 5; \\theta)\\,d\\theta$": trapezoid(binomial_likelihood(grid, 5, n), grid),
            "sum over the three $\\theta$ rows at $k = 3$": sum(r[3] for r in rows),
        },
        precision=4,
    )
)
