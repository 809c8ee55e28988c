"""A layer of four neurons reading three inputs: four dot products, done as one matmul."""

import numpy as np

from notation import dense, relu
from notation.render import facts, table

x = np.array([1.0, -2.0, 0.5])  # one input (a row) with d_in = 3 features
W = np.array(  # d_in × d_out: column j holds neuron j's weights (row vectors: x W)
    [
        [0.5, -0.3, 1.0, 0.2],
        [0.1, 0.8, 0.0, -0.5],
        [-1.0, 0.2, 1.0, 0.4],
    ]
)
b = np.array([0.1, 0.0, -0.2, 0.3])

# one neuron at a time: a dot product, plus a bias, through the activation
by_neuron = np.array([relu(x @ W[:, j] + b[j]) for j in range(W.shape[1])])
pre = x @ W + b  # x W + b: all four at once
h = dense(x, W.T, b, activation=relu)  # ReLU(x W + b); dense takes nn.Linear's layout, Wᵀ (d_out × d_in)

print(
    table(
        np.column_stack([W.T, b]),
        row_labels=[f"neuron {j + 1}" for j in range(W.shape[1])],
        col_labels=["$w_{1j}$", "$w_{2j}$", "$w_{3j}$", "bias $b_j$"],
        precision=2,
        caption="The layer's parameters: line $j$ is column $j$ of $W$, neuron $j$ (and row $j$ of nn.Linear's weight, $W^\\top$)",
    )
)
print(
    table(
        np.column_stack([pre, h, by_neuron]),
        row_labels=[f"neuron {j + 1}" for j in range(W.shape[1])],
        col_labels=["$\\mathbf{x}W + \\mathbf{b}$", "$\\operatorname{ReLU}(\\mathbf{x}W + \\mathbf{b})$", "one neuron at a time"],
        precision=2,
        caption="$\\mathbf{x} = [1, -2, 0.5]$ through a layer of 4 neurons",
    )
)

X = np.array([[1.0, -2.0, 0.5], [0.0, 1.0, 1.0]])  # a batch: B = 2 inputs as rows
H = dense(X, W.T, b, activation=relu)  # X W + b, row by row
print(
    facts(
        {
            "shapes $\\mathbf{x}$, $W$, $\\mathbf{b}$, $\\mathbf{h}$": f"{x.shape}, {W.shape}, {b.shape}, {h.shape}",
            "same numbers both ways": bool(np.allclose(h, by_neuron)),
            "a batch $X$ of shape (2, 3) gives $H$ of shape": str(H.shape),
            "row 1 of $H$ equals $\\mathbf{h}$": bool(np.allclose(H[0], h)),
            "parameters ($3 \\times 4$ weights + 4 biases)": W.size + b.size,
        }
    )
)
