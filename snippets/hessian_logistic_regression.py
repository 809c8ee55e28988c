"""The Hessian of the logistic-regression loss from the training-step example: closed form vs finite differences, and what its eigenvalues say."""

import numpy as np

from notation import hessian, logistic_loss, logistic_loss_hessian, to_bmatrix
from notation.render import display_math, facts, sci

rng = np.random.default_rng(0)
features = rng.normal(size=(12, 2)).round(2)
X = np.column_stack([np.ones(12), features])  # the same 12 examples as the training-step example
y = (features @ np.array([2.0, -1.0]) + 0.3 > 0).astype(float)
theta = np.array([0.3, 1.5, -0.8])

H = logistic_loss_hessian(theta, X, y)  # Xᵀ diag(p(1 − p)) X / B
H_fd = hessian(lambda th: logistic_loss(th, X, y), theta)  # 4 loss evaluations per entry
print(display_math(f"H = \\nabla^2 \\mathcal{{L}} = {to_bmatrix(H, 4)} \\quad \\text{{(closed form)}}"))
print(display_math(f"H_{{\\text{{finite diff.}}}} = {to_bmatrix(H_fd, 4)}"))
eig = np.linalg.eigvalsh(H)
print(
    facts(
        {
            "largest $\\lvert H - H_{\\text{finite diff.}} \\rvert$": sci(float(np.abs(H - H_fd).max())),
            "symmetric: $H = H^\\top$": bool(np.allclose(H, H.T)),
            "eigenvalues (curvatures along the principal directions)": eig,
            "all $\\ge 0$, so the loss is convex here": bool(np.all(eig >= 0)),
            "near this point, gradient descent is stable only for $\\eta < 2 / (\\text{largest eigenvalue})$": float(2 / eig.max()),
        },
        precision=4,
    )
)
