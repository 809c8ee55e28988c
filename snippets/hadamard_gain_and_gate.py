"""The Hadamard product ⊙: entry by entry, same shape in and out, as in LayerNorm's gain and the SwiGLU gate."""

import numpy as np

from notation import hadamard, layer_norm, silu
from notation.render import facts, shape_str, table

a = np.array([1.0, 2.0, 3.0])
b = np.array([4.0, 0.5, -1.0])
print(
    facts(
        {
            "$\\mathbf{a} \\odot \\mathbf{b}$, a * b": hadamard(a, b),
            "its shape": shape_str(hadamard(a, b)),
            "$\\mathbf{a} \\cdot \\mathbf{b}$, a @ b (a dot product: one number)": a @ b,
        },
        precision=1,
    )
)

x = np.array([2.0, 4.0, 6.0, 8.0])  # one token with 4 features
gamma = np.array([1.0, 0.5, 2.0, 0.0])  # learned gain, one per feature
beta = np.array([0.0, 0.0, 0.0, 1.0])  # learned shift
x_hat = layer_norm(x)
print(
    table(
        np.stack([x_hat, gamma, hadamard(x_hat, gamma) + beta, layer_norm(x, gamma, beta)]),
        row_labels=[
            "$\\hat{\\mathbf{x}}$, the normalised token",
            "$\\boldsymbol{\\gamma}$, gain",
            "$\\boldsymbol{\\gamma} \\odot \\hat{\\mathbf{x}} + \\boldsymbol{\\beta}$",
            "layer_norm(x, gamma, beta)",
        ],
        col_labels=[f"feature {j + 1}" for j in range(4)],
        precision=3,
        caption="LayerNorm's gain scales each feature by its own number",
    )
)

rng = np.random.default_rng(0)
d_model, d_ff = 4, 6
W_gate, W_up = rng.standard_normal((d_model, d_ff)), rng.standard_normal((d_model, d_ff))  # LLaMA's w1, w3
gate, up = silu(x_hat @ W_gate), x_hat @ W_up
print(
    table(
        np.stack([gate, up, hadamard(gate, up)]),
        row_labels=[
            "gate $\\operatorname{SiLU}(\\mathbf{x} W_{\\text{gate}})$",
            "up $\\mathbf{x} W_{\\text{up}}$",
            "$\\operatorname{SiLU}(\\mathbf{x} W_{\\text{gate}}) \\odot \\mathbf{x} W_{\\text{up}}$",
        ],
        col_labels=[f"{j + 1}" for j in range(d_ff)],
        corner="hidden unit",
        precision=2,
        caption=f"The SwiGLU gate (before $W_{{\\text{{down}}}}$): two {d_ff}-number branches multiplied entry by entry",
    )
)

p, q = np.array([1.0, 2.0]), np.array([3.0, 4.0])
try:
    hadamard(np.ones((2, 3)), np.ones(3))
except ValueError as exc:
    refused = str(exc)
print(
    facts(
        {
            "$\\mathbf{p} \\odot \\mathbf{q}$ for $\\mathbf{p} = [1, 2]$, $\\mathbf{q} = [3, 4]$": hadamard(p, q),
            "outer product $\\mathbf{p}^{\\top}\\mathbf{q}$ (a matrix; some texts write it with ⊗), np.outer": np.outer(p, q),
            "this site's $\\mathbf{p} \\otimes \\mathbf{q}$, the Kronecker product of the two rows, np.kron": np.kron(p, q),
            "Kronecker product of two $2 \\times 2$ matrices, np.kron, has shape": shape_str(np.kron(np.eye(2), np.ones((2, 2)))),
            "⊙ on a 2 × 3 and a 3 (a * b would broadcast)": refused,
        },
        precision=0,
    )
)
