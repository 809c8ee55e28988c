"""x ∼ 𝒩(μ, σ²) in code: seeded i.i.d. draws whose sample mean and variance close in on μ and σ², and the std-versus-variance slip."""

import numpy as np

from notation import expectation, variance
from notation.render import fmt, note, table

mu, sigma = 2.0, 0.5  # x ∼ 𝒩(2, 0.5²): mean 2, variance 0.25
rng = np.random.default_rng(0)
sizes = [10, 1_000, 100_000]
rows = []
for n in sizes:
    x = rng.normal(mu, sigma, size=n)  # n independent draws from one distribution: i.i.d.
    rows.append([expectation(x), variance(x)])
slip = rng.normal(mu, sigma**2, size=100_000)  # passing the variance where numpy wants the std
rows.append([expectation(slip), variance(slip)])
print(
    table(
        rows,
        row_labels=[f"$n = {n:,}$ draws".replace(",", "{,}") for n in sizes] + ["slip: rng.normal(mu, sigma**2), $n = 100{,}000$"],
        col_labels=["sample mean", "sample variance"],
        corner=f"$x \\sim \\mathcal{{N}}({fmt(mu, 0)}, {fmt(sigma, 1)}^2)$",
        precision=4,
        caption=f"More draws, closer to $\\mu = {fmt(mu, 0)}$ and $\\sigma^2 = {fmt(sigma**2, 2)}$; the slip draws from a different distribution",
    )
)
print(note(f"The slip's variance is close to $\\sigma^4 = {fmt(sigma**4, 4)}$, not $\\sigma^2$: the second argument of rng.normal and torch.normal is the standard deviation."))
