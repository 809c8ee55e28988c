"""Predicting the logistic-regression loss after a gradient step: first- vs second-order Taylor, and how their errors shrink."""

import numpy as np

from notation import gradient, hessian, logistic_loss, logistic_loss_gradient, taylor_approximation
from notation.render import facts, fmt, sci, table

rng = np.random.default_rng(0)
features = rng.normal(size=(12, 2)).round(2)
X = np.column_stack([np.ones(12), features])  # the training-step example's data
y = (features @ np.array([2.0, -1.0]) + 0.3 > 0).astype(float)
theta = np.array([0.3, 1.5, -0.8])


def loss(th):
    return logistic_loss(th, X, y)


f0, g = loss(theta), logistic_loss_gradient(theta, X, y)
H = hessian(loss, theta)
rows, labels = [], []
for lr in [4.0, 2.0, 1.0, 0.5, 0.25]:
    delta = -lr * g  # a gradient-descent step
    true = loss(theta + delta)
    first = taylor_approximation(f0, g, delta)
    second = taylor_approximation(f0, g, delta, H)
    rows.append([fmt(true, 5), fmt(first, 5), fmt(second, 5), sci(abs(true - first)), sci(abs(true - second))])
    labels.append(f"$\\eta = {lr}$")
print(
    table(
        rows,
        row_labels=labels,
        col_labels=["$f(\\mathbf{x} + \\boldsymbol{\\delta})$", "1st order", "2nd order", "error, 1st", "error, 2nd"],
        precision=5,
        caption="$\\boldsymbol{\\delta} = -\\eta \\nabla f$: halving the step divides the first-order error by about 4, the second-order one by about 8",
    )
)
print(
    facts(
        {
            "$f(\\mathbf{x})$": f0,
            "$\\nabla f(\\mathbf{x})$ (closed form)": g,
            "matches the finite-difference gradient": bool(np.allclose(g, gradient(loss, theta), atol=1e-8)),
        },
        precision=5,
    )
)
