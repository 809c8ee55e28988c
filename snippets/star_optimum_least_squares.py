"""θ* = arg min L(θ) for a least-squares fit on the training-step example's inputs: closed form, the zero gradient there, and gradient descent closing in."""

import numpy as np

from notation import gradient, gradient_descent, vector_norm
from notation.render import facts, sci, table

rng = np.random.default_rng(0)
features = rng.normal(size=(12, 2)).round(2)
X = np.column_stack([np.ones(12), features])  # the same 12 inputs as the training-step example
theta_true = np.array([0.3, 2.0, -1.0])  # the rule that generated the targets
y = X @ theta_true + 0.2 * rng.normal(size=12)  # targets with noise


def loss(th):
    r = X @ th - y
    return 0.5 * float(r @ r) / len(y)


theta_star = np.linalg.lstsq(X, y, rcond=None)[0]  # arg min of the loss, in closed form
others = theta_star + 0.1 * rng.normal(size=(1000, 3))  # 1,000 nearby parameter vectors
print(
    facts(
        {
            "$\\boldsymbol{\\theta}^* = \\arg\\min_{\\boldsymbol{\\theta}} \\mathcal{L}(\\boldsymbol{\\theta})$ (where the minimum is)": theta_star,
            "$\\min_{\\boldsymbol{\\theta}} \\mathcal{L} = \\mathcal{L}(\\boldsymbol{\\theta}^*)$ (how low it gets)": loss(theta_star),
            "$\\nabla \\mathcal{L}(\\boldsymbol{\\theta}^*)$, numerically": gradient(loss, theta_star),
            "lowest loss among 1,000 nearby vectors": min(loss(th) for th in others),
            "the true rule that made the data": theta_true,
            "$\\mathcal{L}$ at the true rule (higher: $\\boldsymbol{\\theta}^*$ also fits the noise)": loss(theta_true),
        },
        precision=4,
    )
)
path = gradient_descent(lambda th: gradient(loss, th), np.zeros(3), lr=0.5, steps=200)
shown = [0, 10, 50, 100, 200]
print(
    table(
        [[sci(float(vector_norm(path[k] - theta_star))), sci(loss(path[k]) - loss(theta_star))] for k in shown],
        row_labels=[f"step {k}" for k in shown],
        col_labels=["$\\lVert \\boldsymbol{\\theta}_k - \\boldsymbol{\\theta}^* \\rVert$", "$\\mathcal{L}(\\boldsymbol{\\theta}_k) - \\mathcal{L}(\\boldsymbol{\\theta}^*)$"],
        precision=6,
        caption="gradient descent from $\\mathbf{0}$, $\\eta = 0.5$, approaches $\\boldsymbol{\\theta}^*$",
    )
)
