"""Gradient descent on a small quadratic bowl with two learning rates: one settles, one overshoots and blows up."""

import numpy as np

from notation import gradient_descent
from notation.render import facts, table

A = np.diag([1.0, 10.0])  # L(θ) = ½ θᵀ A θ = ½(θ₁² + 10 θ₂²): gentle along θ₁, steep along θ₂


def loss(theta):
    return 0.5 * float(theta @ A @ theta)


def grad(theta):
    return A @ theta  # ∇L = Aθ, the same shape as θ


theta0 = np.array([2.0, 1.0])
steps = 6
print(
    facts(
        {
            "start $\\boldsymbol{\\theta}_0$": theta0,
            "$\\nabla_{\\boldsymbol{\\theta}} \\mathcal{L}(\\boldsymbol{\\theta}_0)$": grad(theta0),
            "first step $-\\eta \\nabla \\mathcal{L}$ with $\\eta = 0.15$": -0.15 * grad(theta0),
        },
        precision=2,
    )
)
for lr, verdict in [(0.15, "converges"), (0.25, "overshoots along the steep axis and diverges")]:
    path = gradient_descent(grad, theta0, lr=lr, steps=steps)
    rows = np.column_stack([path, [loss(th) for th in path]])
    print(
        table(
            rows,
            row_labels=[f"step {k}" for k in range(steps + 1)],
            col_labels=["$\\theta_1$", "$\\theta_2$", "$\\mathcal{L}(\\boldsymbol{\\theta})$"],
            precision=3,
            caption=f"$\\eta = {lr}$: {verdict}",
        )
    )
print(
    facts(
        {
            "largest curvature (eigenvalue of $A$)": float(np.linalg.eigvalsh(A).max()),
            "stable only if $\\eta < 2 / \\text{curvature}$": 2 / float(np.linalg.eigvalsh(A).max()),
        },
        precision=2,
    )
)
