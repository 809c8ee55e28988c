"""Weight decay vs an L2 penalty: the same update for SGD, different ones for Adam (Adam + L2 vs AdamW)."""

import numpy as np

from notation import adam_descent, gradient, sgd_step, weight_decay_step
from notation.render import facts, note, table

lam, lr = 0.1, 0.01
theta = np.array([1.0, -2.0, 0.5])
target = np.array([0.0, 1.0, 1.0])


def loss(th):
    return 0.5 * float(np.sum((th - target) ** 2))


def penalised(th):  # L(θ) + (λ/2)‖θ‖²
    return loss(th) + 0.5 * lam * float(th @ th)


l2 = sgd_step(theta, gradient(penalised, theta), lr)  # SGD on the penalised loss
decay = weight_decay_step(theta, gradient(loss, theta), lr, lam)  # SGD on L, then shrink by (1 − ηλ)
print(
    facts(
        {
            "SGD on $\\mathcal{L} + \\tfrac{\\lambda}{2}\\lVert \\boldsymbol{\\theta} \\rVert^2$": l2,
            "SGD on $\\mathcal{L}$ with weight decay $\\lambda$": decay,
            "the same update": bool(np.allclose(l2, decay)),
        },
        precision=6,
    )
)
print(note("With Adam they part ways. Two parameters start at 1: the first has a steady loss gradient of 1, the second none at all (it is unused), so only the regulariser moves it."))
grad_fn = lambda th: np.array([1.0, 0.0])  # noqa: E731
steps = 100
runs = {
    "Adam + L2, $\\lambda = 0.1$": adam_descent(grad_fn, [1.0, 1.0], steps, lr=lr, weight_decay=0.1),
    "Adam + L2, $\\lambda = 0.001$": adam_descent(grad_fn, [1.0, 1.0], steps, lr=lr, weight_decay=0.001),
    "AdamW, $\\lambda = 0.1$": adam_descent(grad_fn, [1.0, 1.0], steps, lr=lr, weight_decay=0.1, decoupled=True),
    "AdamW, $\\lambda = 0.001$": adam_descent(grad_fn, [1.0, 1.0], steps, lr=lr, weight_decay=0.001, decoupled=True),
}
shown = [1, 10, 50, 100]
print(
    table(
        np.array([[run[k - 1].theta[1] for k in shown] for run in runs.values()]),
        row_labels=list(runs),
        col_labels=[f"step {k}" for k in shown],
        precision=4,
        caption=f"the unused parameter $\\theta_2$ (no loss gradient), $\\eta = {lr}$",
    )
)
print(
    facts(
        {
            "AdamW, $\\lambda = 0.1$: $(1 - \\eta\\lambda)^{100}$": (1 - lr * 0.1) ** steps,
            "Adam + L2, either $\\lambda$: distance $\\theta_2$ moved in 100 steps of at most about $\\eta$": float(1 - runs["Adam + L2, $\\lambda = 0.1$"][-1].theta[1]),
        },
        precision=4,
    )
)
