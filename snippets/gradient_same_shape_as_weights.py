"""The gradient of a loss with respect to a 2 × 3 weight matrix is itself 2 × 3, and it points uphill fastest."""

import numpy as np

from notation import cross_entropy_from_logits, cross_entropy_logits_gradient, directional_derivative, gradient
from notation.render import facts, fmt, shape_str, table

rng = np.random.default_rng(0)
W = rng.normal(size=(2, 3)).round(2)  # parameters θ = W: 2 input features × 3 classes (logits z = xW, row vectors)
x = np.array([1.0, -0.5])
target = 2


def loss(weights):
    return float(cross_entropy_from_logits(x @ weights, target))


G = gradient(loss, W)  # numerical, one nudge per entry of W
analytic = np.outer(x, cross_entropy_logits_gradient(x @ W, target))  # chain rule: xᵀ (p − e_y)

labels = ["row 1", "row 2"]
cols = ["col 1", "col 2", "col 3"]
print(table(W, row_labels=labels, col_labels=cols, precision=3, caption="Parameters $W$"))
print(
    table(
        G,
        row_labels=labels,
        col_labels=cols,
        precision=3,
        caption="$\\nabla_W \\mathcal{L}$: entry $(i, j)$ is $\\partial \\mathcal{L} / \\partial W_{ij}$",
    )
)
print(
    facts(
        {
            "loss $\\mathcal{L}(W)$": loss(W),
            "shape of $W$": shape_str(W),
            "shape of $\\nabla_W \\mathcal{L}$": shape_str(G),
            "max difference (to 6 decimals) from the chain-rule formula $\\mathbf{x}^\\top (\\mathbf{p} - \\mathbf{e}_y)$": fmt(np.abs(G - analytic).max(), 6),
        },
        precision=4,
    )
)

# Steepest ascent: the slope along the unit gradient direction beats every other unit direction.
flat_loss = lambda w: loss(w.reshape(W.shape))  # noqa: E731
g = G.ravel()
up = g / np.linalg.norm(g)
randoms = rng.normal(size=(4, g.size))
directions = [up, -up] + [r / np.linalg.norm(r) for r in randoms]
slopes = [float(directional_derivative(flat_loss, W.ravel(), d)) for d in directions]
names = ["along $\\nabla \\mathcal{L}$ (uphill)", "along $-\\nabla \\mathcal{L}$ (downhill)"] + [
    f"random direction {i + 1}" for i in range(len(randoms))
]
print(
    table(
        np.array(slopes)[:, None],
        row_labels=names,
        col_labels=["slope of $\\mathcal{L}$ per unit step"],
        precision=4,
        caption=f"Unit directions in the 6-number space of $W$; $\\lVert \\nabla \\mathcal{{L}} \\rVert = {np.linalg.norm(g):.4f}$",
    )
)
