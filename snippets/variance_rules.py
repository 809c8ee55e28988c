"""Variance rules checked on seeded samples: E[X²] − E[X]², adding independent variances, and Var(cX) = c² Var(X)."""

import numpy as np

from notation import expectation, variance
from notation.render import fmt, table

rng = np.random.default_rng(0)
n = 100_000
x = rng.normal(0.0, 2.0, size=n)      # Var(X) = 2² = 4
y = rng.uniform(0.0, 12.0, size=n)    # Var(Y) = 12² / 12 = 12, independent of X
var_x, var_y = variance(x), variance(y)

rows = [
    ["$\\operatorname{Var}(X)$", variance(x), f"$\\mathbb{{E}}[X^2] - \\mathbb{{E}}[X]^2 = {fmt(expectation(x**2) - expectation(x) ** 2, 3)}$", 2.0**2],
    ["$\\operatorname{Var}(X + Y)$, independent", variance(x + y), f"$\\operatorname{{Var}}(X) + \\operatorname{{Var}}(Y) = {fmt(var_x + var_y, 3)}$ ✓", 2.0**2 + 12.0**2 / 12],
    ["$\\operatorname{Var}(X + X)$, not independent", variance(x + x), f"$\\operatorname{{Var}}(X) + \\operatorname{{Var}}(X) = {fmt(2 * var_x, 3)}$ ✗", 4 * 2.0**2],
    ["$\\operatorname{Var}(3X)$", variance(3 * x), f"$3^2 \\operatorname{{Var}}(X) = {fmt(9 * var_x, 3)}$ ✓", 9 * 2.0**2],
    ["$\\operatorname{Var}(X + 5)$", variance(x + 5), f"$\\operatorname{{Var}}(X) = {fmt(var_x, 3)}$ ✓", 2.0**2],
]
print(
    table(
        [[fmt(r[1], 3), r[2], fmt(r[3], 0)] for r in rows],
        row_labels=[r[0] for r in rows],
        col_labels=[f"from {n:,} seeded samples", "what the rule predicts", "exact"],
        corner="$X \\sim \\mathcal{N}(0, 2^2)$, $Y \\sim \\mathcal{U}(0, 12)$",
        caption="Variances add for independent variables; a factor $c$ comes out squared; a shift changes nothing",
    )
)
