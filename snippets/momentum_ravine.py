"""Momentum on a ravine: plain gradient descent crawls along the floor, momentum builds up speed; PyTorch's form vs the heavy ball."""

import numpy as np

from notation import gradient_descent, momentum_descent
from notation.render import facts, note, table

curv = np.array([1.0, 50.0])  # L(θ) = ½(θ₁² + 50 θ₂²): a long, narrow valley along θ₁


def loss(theta):
    return 0.5 * float(np.sum(curv * theta**2))


def grad(theta):
    return curv * theta


theta0 = np.array([10.0, 1.0])
lr, mu, steps = 0.02, 0.9, 100
plain = gradient_descent(grad, theta0, lr=lr, steps=steps)
heavy = momentum_descent(grad, theta0, lr=lr, mu=mu, steps=steps, form="heavy-ball")
torch_form = momentum_descent(grad, theta0, lr=lr, mu=mu, steps=steps, form="pytorch")
shown = [0, 5, 20, 50, 100]
print(
    table(
        np.array([[loss(plain[k]), loss(torch_form[k]), plain[k][0], torch_form[k][0]] for k in shown]),
        row_labels=[f"step {k}" for k in shown],
        col_labels=["$\\mathcal{L}$, plain", "$\\mathcal{L}$, momentum", "$\\theta_1$, plain", "$\\theta_1$, momentum"],
        precision=4,
        caption=f"$\\eta = {lr}$; momentum $\\mu = {mu}$",
    )
)
print(
    facts(
        {
            "largest stable $\\eta$ without momentum, $2 / 50$": 2 / float(curv.max()),
            "heavy ball and PyTorch form, same points at constant $\\eta$": bool(np.allclose(heavy, torch_form)),
        },
        precision=3,
    )
)
print(note("Now drop the learning rate tenfold after step 20, as a schedule would. PyTorch's velocity is a sum of raw gradients, so the new rate applies to all of it at once; the heavy ball's velocity already holds the old rate and decays away over several steps."))
rates = [lr] * 20 + [lr / 10] * 10
a = momentum_descent(grad, theta0, lr=rates, mu=mu, steps=30, form="pytorch")
b = momentum_descent(grad, theta0, lr=rates, mu=mu, steps=30, form="heavy-ball")
ks = [19, 20, 21, 22, 25, 30]
print(
    table(
        np.array([[np.linalg.norm(a[k] - a[k - 1]), np.linalg.norm(b[k] - b[k - 1])] for k in ks]),
        row_labels=[f"step {k}" for k in ks],
        col_labels=["step length, PyTorch $\\mathbf{v} \\leftarrow \\mu \\mathbf{v} + \\mathbf{g}$", "step length, heavy ball $\\mathbf{v} \\leftarrow \\mu \\mathbf{v} + \\eta \\mathbf{g}$"],
        precision=4,
        caption="$\\eta = 0.02$ for steps 1–20, then $0.002$",
    )
)
fade = mu ** np.arange(1, 60)
tenth = int(np.argmax(fade < 0.1)) + 1
print(
    facts(
        {
            "first $k$ with $\\mu^k < 0.1$ (old velocity down to a tenth)": tenth,
            "$\\mu^k$ at that step": float(mu**tenth),
        },
        precision=3,
    )
)
