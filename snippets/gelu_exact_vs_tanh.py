"""GELU(x) = x·Φ(x), next to the tanh approximation that GPT-2's code uses, and its slope far from zero."""

import numpy as np

from notation import gelu, gelu_derivative, standard_normal_cdf
from notation.render import facts, fmt, sci, table

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

# The slope Φ(x) + x φ(x): zero at GELU's lowest point, and vanishing again for large negative x,
# unlike leaky ReLU's constant 0.01
slope_points = np.array([-8.0, -5.0, -3.0, -1.0, 0.0, 1.0, 3.0])
slope = gelu_derivative(grid)
sign_change = np.flatnonzero((slope[:-1] < 0) & (slope[1:] >= 0))[0]
zero = grid[sign_change] - slope[sign_change] * (grid[sign_change + 1] - grid[sign_change]) / (slope[sign_change + 1] - slope[sign_change])
print(
    table(
        np.array(
            [[sci(g) if abs(g) < 1e-3 else fmt(g, 3), relu_slope, leaky_slope] for g, relu_slope, leaky_slope in zip(
                gelu_derivative(slope_points), np.where(slope_points > 0, 1.0, 0.0), np.where(slope_points > 0, 1.0, 0.01)
            )],
            dtype=object,
        ),
        row_labels=[f"${v:g}$" for v in slope_points],
        col_labels=["GELU slope $\\Phi(x) + x\\,\\varphi(x)$", "ReLU slope", "leaky ReLU slope"],
        corner="$x$",
        precision=2,
        caption="Slopes: GELU's is of useful size for negative inputs only near 0, and fades towards 0 far below",
    )
)
print(
    facts(
        {
            "GELU's slope is 0 at": f"$x = {zero:.4f}$ (its lowest point)",
            "GELU's slope at $x = -5$": sci(gelu_derivative(-5.0), 2),
        },
    )
)
