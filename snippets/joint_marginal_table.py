"""Marginalising: the row and column totals of a joint table are p(x) and p(y); for a density, ∫ p(x, y) dy gives p(x) back."""

import numpy as np

from notation import marginal, normal_pdf, trapezoid
from notation.render import facts, table

# p(x, y): x = number of tokens in a reply (rows), y = the reply's rating (columns); made-up counts / 200
counts = np.array([[20, 14, 6], [12, 30, 18], [4, 26, 70]])
joint = counts / counts.sum()
p_x, p_y = marginal(joint, axis=1), marginal(joint, axis=0)
with_margins = np.vstack([np.column_stack([joint, p_x]), np.append(p_y, p_y.sum())])
print(
    table(
        with_margins,
        row_labels=["short", "medium", "long", "$p(y) = \\sum_x p(x, y)$"],
        col_labels=["rated 1", "rated 2", "rated 3", "$p(x) = \\sum_y p(x, y)$"],
        corner="length $x$ \\ rating $y$",
        precision=3,
        caption="The marginals are literally written in the margins: sums along each axis of the joint table",
    )
)
# Continuous: x ∼ 𝒩(0, 1) and y ∣ x ∼ 𝒩(ρx, 1 − ρ²), so p(x, y) = p(x) p(y ∣ x); integrate y out on a grid.
rho = 0.8
y = np.linspace(-8, 8, 1601)
xs = np.array([-1.0, 0.0, 1.5])
integrated = np.array([trapezoid(normal_pdf(x) * normal_pdf(y, rho * x, np.sqrt(1 - rho**2)), y) for x in xs])
print(
    facts(
        {
            "$\\int p(x, y)\\,dy$ at $x = -1, 0, 1.5$ (trapezoid rule, 1,601 points)": integrated,
            "$p(x)$, the standard normal density at the same points": normal_pdf(xs),
            "total of the joint table": with_margins[-1, -1],
        },
        precision=4,
    )
)
