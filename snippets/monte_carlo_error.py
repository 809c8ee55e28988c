"""𝔼_{x∼𝒩(0,1)}[ReLU(x)] = 1/√(2π) estimated from seeded draws: the standard error shrinks like 1/√N, so SE·√N stays put."""

import math

import numpy as np

from notation import monte_carlo_estimate, relu
from notation.render import fmt, table

exact = 1 / math.sqrt(2 * math.pi)           # E[max(0, x)] for x ∼ 𝒩(0, 1), in closed form
rng = np.random.default_rng(0)
sizes = [100, 1_000, 10_000, 100_000, 1_000_000]
rows = []
for n in sizes:
    est, se = monte_carlo_estimate(relu(rng.standard_normal(n)))
    rows.append([fmt(est, 4), fmt(se, 4), fmt(abs(est - exact), 4), fmt(se * math.sqrt(n), 3)])
print(
    table(
        rows,
        row_labels=[f"$N = {n:,}$".replace(",", "{,}") for n in sizes],
        col_labels=["estimate $\\frac{1}{N}\\sum_i \\operatorname{ReLU}(x_i)$", "standard error $s/\\sqrt{N}$", "actual error", "$\\text{SE} \\times \\sqrt{N}$"],
        caption=f"Estimating $\\mathbb{{E}}_{{x \\sim \\mathcal{{N}}(0,1)}}[\\operatorname{{ReLU}}(x)] = 1/\\sqrt{{2\\pi}} = {fmt(exact, 4)}$: ten times the draws, about a third of the error",
    )
)
