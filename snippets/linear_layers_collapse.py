"""Two linear layers collapse into one matrix; a ReLU between them stops the collapse."""

import numpy as np

from notation import dense, relu
from notation.render import facts, table

rng = np.random.default_rng(0)
W1 = rng.normal(size=(4, 3))  # layer 1: 3 inputs → 4 hidden
W2 = rng.normal(size=(2, 4))  # layer 2: 4 hidden → 2 outputs
x = rng.normal(size=3)
M = W2 @ W1  # the single matrix a linear stack is equal to


def linear_stack(v):
    return dense(dense(v, W1), W2)  # W2 (W1 v)


def relu_stack(v):
    return dense(dense(v, W1, activation=relu), W2)  # W2 ReLU(W1 v)


# The best single matrix for each network, fitted by least squares on 200 inputs
inputs = rng.normal(size=(200, 3))
rows = []
for f in (linear_stack, relu_stack):
    outputs = np.array([f(v) for v in inputs])
    best, *_ = np.linalg.lstsq(inputs, outputs, rcond=None)
    rows.append(
        [
            np.max(np.abs(f(x) - M @ x)),
            np.max(np.abs(f(-x) + f(x))),
            np.max(np.abs(outputs - inputs @ best)),
        ]
    )

print(
    table(
        np.array(rows),
        row_labels=["$W_2(W_1\\mathbf{x})$", "$W_2\\operatorname{ReLU}(W_1\\mathbf{x})$"],
        col_labels=[
            "gap to $(W_2W_1)\\mathbf{x}$",
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
            "shapes of $W_1$, $W_2$, $W_2W_1$": f"{W1.shape}, {W2.shape}, {M.shape}",
            "$W_2(W_1\\mathbf{x})$": linear_stack(x),
            "$(W_2W_1)\\mathbf{x}$": M @ x,
            "$W_2\\operatorname{ReLU}(W_1\\mathbf{x})$": relu_stack(x),
        },
        precision=4,
    )
)
