"""A layer of four neurons reading three inputs: four dot products, done as one matmul."""

import numpy as np

from notation import dense, relu
from notation.render import facts, table

x = np.array([1.0, -2.0, 0.5])  # one input with d_in = 3 features
W = np.array(  # d_out × d_in: row j holds neuron j's weights (as in torch.nn.Linear)
    [
        [0.5, 0.1, -1.0],
        [-0.3, 0.8, 0.2],
        [1.0, 0.0, 1.0],
        [0.2, -0.5, 0.4],
    ]
)
b = np.array([0.1, 0.0, -0.2, 0.3])

# one neuron at a time: a dot product, plus a bias, through the activation
by_neuron = np.array([relu(W[j] @ x + b[j]) for j in range(W.shape[0])])
pre = dense(x, W, b)  # W x + b: all four at once
h = dense(x, W, b, activation=relu)  # ReLU(W x + b)

print(
    table(
        np.column_stack([W, b]),
        row_labels=[f"neuron {j + 1}" for j in range(W.shape[0])],
        col_labels=["$w_{j1}$", "$w_{j2}$", "$w_{j3}$", "bias $b_j$"],
        precision=2,
        caption="The layer's parameters: row $j$ of $W$ is neuron $j$",
    )
)
print(
    table(
        np.column_stack([pre, h, by_neuron]),
        row_labels=[f"neuron {j + 1}" for j in range(W.shape[0])],
        col_labels=["$W\\mathbf{x} + \\mathbf{b}$", "$\\operatorname{ReLU}(W\\mathbf{x} + \\mathbf{b})$", "one neuron at a time"],
        precision=2,
        caption="$\\mathbf{x} = [1, -2, 0.5]$ through a layer of 4 neurons",
    )
)

X = np.array([[1.0, -2.0, 0.5], [0.0, 1.0, 1.0]])  # a batch: B = 2 inputs as rows
H = dense(X, W, b, activation=relu)  # X Wᵀ + b, row by row
print(
    facts(
        {
            "shapes $\\mathbf{x}$, $W$, $\\mathbf{b}$, $\\mathbf{h}$": f"{x.shape}, {W.shape}, {b.shape}, {h.shape}",
            "same numbers both ways": bool(np.allclose(h, by_neuron)),
            "a batch $X$ of shape (2, 3) gives $H$ of shape": str(H.shape),
            "row 1 of $H$ equals $\\mathbf{h}$": bool(np.allclose(H[0], h)),
            "parameters ($4 \\times 3$ weights + 4 biases)": W.size + b.size,
        }
    )
)
