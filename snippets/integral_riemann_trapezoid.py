"""∫ as a limit of sums: rectangles (Riemann) and trapezoids against np.trapezoid and closed forms, for a probability and an expectation."""

import math

import numpy as np

from notation import normal_pdf, riemann_sum, trapezoid
from notation.render import table

exact_area = math.erf(2 / math.sqrt(2)) / 2  # P(0 ≤ X ≤ 2) for X ∼ 𝒩(0, 1), in closed form
rows = []
for n in [5, 11, 101, 1001]:
    x = np.linspace(0.0, 2.0, n)
    y = normal_pdf(x)
    rows.append([riemann_sum(y, x), trapezoid(y, x), np.trapezoid(y, x), exact_area])
print(
    table(
        rows,
        row_labels=[f"{n:,} points" for n in [5, 11, 101, 1001]],
        col_labels=["left Riemann sum", "trapezoid rule", "np.trapezoid", "exact $\\tfrac{1}{2}\\operatorname{erf}(\\sqrt{2})$"],
        corner="$\\int_{0}^{2} \\varphi(x)\\,dx$",
        precision=6,
        caption="The probability that a standard normal lands between 0 and 2: the left sum overshoots (the density falls), the trapezoids are far closer, and both close in as the grid gets finer",
    )
)
x = np.linspace(-10.0, 10.0, 2001)
print(
    table(
        [[trapezoid(normal_pdf(x), x), 1.0], [trapezoid(x * normal_pdf(x), x), 0.0], [trapezoid(x**2 * normal_pdf(x), x), 1.0]],
        row_labels=["$\\int \\varphi(x)\\,dx$ (total probability)", "$\\int x\\,\\varphi(x)\\,dx = \\mathbb{E}[X]$", "$\\int x^2 \\varphi(x)\\,dx = \\mathbb{E}[X^2]$"],
        col_labels=["trapezoid rule, 2,001 points on $[-10, 10]$", "exact"],
        precision=6,
        caption="An expectation is an integral of value × density",
    )
)
