"""GELU(x) = x·Φ(x), next to the tanh approximation that GPT-2's code uses."""

import numpy as np

from notation import gelu, standard_normal_cdf
from notation.render import facts, fmt, table

points = np.array([-3.0, -2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 3.0])
exact = gelu(points)
approx = gelu(points, approximate="tanh")

print(
    table(
        np.column_stack([standard_normal_cdf(points), exact, approx, approx - exact]),
        row_labels=[f"${v:g}$" for v in points],
        col_labels=["$\\Phi(x)$", "$x\\,\\Phi(x)$ (exact)", "tanh form", "tanh form − exact"],
        corner="$x$",
        precision=5,
        caption="Exact GELU and its tanh approximation",
    )
)

grid = np.linspace(-6.0, 6.0, 12001)
gap = np.abs(gelu(grid, approximate="tanh") - gelu(grid))
mantissa, exponent = f"{gap.max():.1e}".split("e")
lowest = np.argmin(gelu(grid))
print(
    facts(
        {
            "largest $\\vert \\text{tanh form} - \\text{exact} \\vert$ for $x \\in [-6, 6]$": (
                f"${mantissa} \\times 10^{{{int(exponent)}}}$ at $x = \\pm {abs(grid[np.argmax(gap)]):.2f}$"
            ),
            "lowest value of GELU": f"{fmt(gelu(grid)[lowest], 4)} at $x = {grid[lowest]:.2f}$",
        },
        precision=3,
    )
)
