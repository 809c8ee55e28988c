"""Partial derivatives of f(x, y) = x²y: nudge one input, hold the other still; then ∂ versus d."""

import numpy as np

from notation import gradient, secant_slope
from notation.render import facts, table


def f(p):
    x, y = p
    return x**2 * y


point = np.array([3.0, 2.0])
steps = [0.1, 0.01, 0.001]
slopes = np.array(
    [[secant_slope(f, point, [1.0, 0.0], h), secant_slope(f, point, [0.0, 1.0], h)] for h in steps]
)
print(
    table(
        slopes,
        row_labels=[f"nudge $h = {h:g}$" for h in steps],
        col_labels=["move $x$ only (slope in $x$)", "move $y$ only (slope in $y$)"],
        precision=4,
        caption="Rise over run of $f(x, y) = x^2 y$ at $(x, y) = (3, 2)$, one input at a time",
    )
)

partials = gradient(f, point)
# If y is tied to x by y = x − 1, then x cannot move alone: the total derivative df/dx adds both paths.
total = gradient(lambda v: f([v[0], v[0] - 1.0]), [point[0]])[0]
print(
    facts(
        {
            "$\\partial f / \\partial x$ (y held at 2)": partials[0],
            "$\\partial f / \\partial y$ (x held at 3)": partials[1],
            "$df/dx$ when $y = x - 1$ moves with $x$": total,
            "$\\partial f/\\partial x + \\partial f/\\partial y \\cdot dy/dx$ with $dy/dx = 1$": partials[0] + partials[1] * 1.0,
        },
        precision=4,
    )
)
