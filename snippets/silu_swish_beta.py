"""Swish x·σ(βx) for several β: β = 1 is SiLU, large β approaches ReLU, β = 0 is x/2."""

import numpy as np

from notation import relu, silu, swish
from notation.render import facts, fmt, table

points = np.array([-4.0, -2.0, -1.0, 0.0, 1.0, 2.0, 4.0])
betas = [0.0, 0.5, 1.0, 2.0, 10.0]

rows = [swish(points, beta=b) for b in betas] + [relu(points)]
labels = [f"$\\beta = {b:g}$" + (" (SiLU)" if b == 1 else "") for b in betas] + ["$\\operatorname{ReLU}(x)$"]
print(
    table(
        np.stack(rows),
        row_labels=labels,
        col_labels=[f"$x = {v:g}$" for v in points],
        precision=3,
        caption="$\\operatorname{Swish}_\\beta(x) = x\\,\\sigma(\\beta x)$",
    )
)

grid = np.linspace(-6.0, 6.0, 120001)
y = silu(grid)
lowest = np.argmin(y)
print(
    facts(
        {
            "lowest value of SiLU": f"{fmt(y[lowest], 4)} at $x = {grid[lowest]:.2f}$",
            "$\\operatorname{SiLU}(-1.278) < \\operatorname{SiLU}(-4)$: not monotonic": bool(silu(-1.278) < silu(-4.0)),
            "$\\operatorname{SiLU}(x) = \\operatorname{Swish}_1(x)$ on the grid": bool(np.array_equal(y, swish(grid, beta=1.0))),
            "largest gap between $\\operatorname{Swish}_{10}$ and ReLU": np.max(np.abs(swish(grid, beta=10.0) - relu(grid))),
        },
        precision=4,
    )
)
