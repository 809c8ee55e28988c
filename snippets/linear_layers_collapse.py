"""Two linear layers collapse into one matrix; a ReLU between them stops the collapse."""

import numpy as np

from notation import relu
from notation.render import facts, table

rng = np.random.default_rng(0)
W1 = rng.normal(size=(3, 4))  # layer 1: 3 inputs → 4 hidden (row vectors: x W1)
W2 = rng.normal(size=(4, 2))  # layer 2: 4 hidden → 2 outputs
x = rng.normal(size=3)
M = W1 @ W2  # the single matrix a linear stack is equal to


def linear_stack(v):
    return (v @ W1) @ W2  # (v W1) W2


def relu_stack(v):
    return relu(v @ W1) @ W2  # ReLU(v W1) W2


# The best single matrix for each network, fitted by least squares on 200 inputs
inputs = rng.normal(size=(200, 3))
rows = []
for f in (linear_stack, relu_stack):
    outputs = np.array([f(v) for v in inputs])
    best, *_ = np.linalg.lstsq(inputs, outputs, rcond=None)
    rows.append(
        [
            np.max(np.abs(f(x) - x @ M)),
            np.max(np.abs(f(-x) + f(x))),
            np.max(np.abs(outputs - inputs @ best)),
        ]
    )

print(
    table(
        np.array(rows),
        row_labels=["$(\\mathbf{x}W_1)W_2$", "$\\operatorname{ReLU}(\\mathbf{x}W_1)W_2$"],
        col_labels=[
            "gap to $\\mathbf{x}(W_1W_2)$",
            "gap between $f(-\\mathbf{x})$ and $-f(\\mathbf{x})$",
            "error of the best single matrix",
        ],
        precision=3,
        caption="Largest absolute gap, over the output entries, for each two-layer network $f$",
    )
)
print(
    facts(
        {
            "shapes of $W_1$, $W_2$, $W_1W_2$": f"{W1.shape}, {W2.shape}, {M.shape}",
            "$(\\mathbf{x}W_1)W_2$": linear_stack(x),
            "$\\mathbf{x}(W_1W_2)$": x @ M,
            "$\\operatorname{ReLU}(\\mathbf{x}W_1)W_2$": relu_stack(x),
        },
        precision=4,
    )
)
