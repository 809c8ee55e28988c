"""Two arrows computed: λ^(T−t) → 0 as T − t grows, and the assignment θ ← θ − η ∇f(θ) repeated."""

import numpy as np

from notation import gradient
from notation.render import table

steps = np.array([1, 10, 50, 100, 200])
lambdas = [0.9, 1.0, 1.1]
print(
    table(
        [[f"{np.float64(lam) ** s:.3g}" for s in steps] for lam in lambdas],
        row_labels=[f"$\\lambda = {lam:g}$" for lam in lambdas],
        col_labels=[f"$T - t = {s}$" for s in steps],
        corner="$\\lambda^{T-t}$",
        caption="$\\lambda^{T-t} \\to 0$ as $T - t \\to \\infty$ only when $\\lambda < 1$",
    )
)


def f(v: np.ndarray) -> float:
    """f(θ) = θ², minimised at θ = 0."""
    return float(v @ v)


eta = 0.1
theta = np.array([3.0])
history = []
for k in range(6):
    g = gradient(f, theta)
    history.append([theta[0], g[0], f(theta)])
    theta = theta - eta * g  # θ ← θ − η ∇f(θ): the old value is overwritten
print(
    table(
        np.array(history),
        row_labels=[f"step {k}" for k in range(len(history))],
        col_labels=["$\\theta$", "$\\nabla f(\\theta)$", "$f(\\theta) = \\theta^2$"],
        precision=4,
        caption="Repeating $\\theta \\leftarrow \\theta - \\eta \\nabla f(\\theta)$ with $\\eta = 0.1$: each step overwrites $\\theta$, and $\\theta \\to 0$",
    )
)
