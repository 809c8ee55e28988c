"""The site's row-vector convention computed: xW and its shapes, nn.Linear's stored weight, the Jacobian Wᵀ, and a gradient shaped like W."""

import numpy as np

from notation import dense, gradient, jacobian, matmul_shape
from notation.render import facts, fmt, fmt_array, shape_str

rng = np.random.default_rng(0)
d_in, d_out, n_tokens = 3, 2, 4
W = rng.normal(size=(d_in, d_out)).round(2)  # the site's W: d_in × d_out
x = np.array([1.0, -2.0, 0.5])  # one token, a row of d_in numbers
X = rng.normal(size=(n_tokens, d_in)).round(2)  # N = 4 tokens stacked as rows
weight = W.T  # what nn.Linear(d_in, d_out) stores: d_out × d_in


def clash(a, b):
    """The library's message for a product whose inner sizes do not match."""
    try:
        return shape_str(matmul_shape(a, b))
    except ValueError as err:
        return str(err)


c = np.array([0.5, -1.0])  # a fixed direction, so that L(W) = (xW)·c is one number
J = jacobian(lambda v: v @ W, x)
G = gradient(lambda w: float((x @ w) @ c), W)
print(
    facts(
        {
            "$W$ (this site: $d_{\\text{in}} \\times d_{\\text{out}}$)": shape_str(W),
            "$\\mathbf{x}$, one token (a 1-axis array, used as a 1 × 3 row)": shape_str(x),
            "$\\mathbf{x}W$": f"{fmt_array(x @ W, 3)}, shape {shape_str(matmul_shape(x.shape, W.shape))}",
            "$W\\mathbf{x}$ with the same arrays": clash(W.shape, x.shape),
            "a batch $XW$, $X \\in \\mathbb{R}^{N \\times d_{\\text{in}}}$ with $N = 4$": shape_str(matmul_shape(X.shape, W.shape)),
            "nn.Linear's stored weight (its .weight), $W^\\top$": shape_str(weight),
            "the layer as nn.Linear computes it, x @ weight.T, equals $\\mathbf{x}W$": bool(np.allclose(dense(x, weight), x @ W)),
            "Jacobian of $\\mathbf{x} \\mapsto \\mathbf{x}W$ (output × input)": shape_str(J),
            "…and it equals $W^\\top$, largest difference (to 6 decimals)": fmt(np.abs(J - W.T).max(), 6),
            "gradient of $\\mathcal{L}(W) = (\\mathbf{x}W) \\cdot \\mathbf{c}$ with respect to $W$": shape_str(G),
            "…and it equals $\\mathbf{x}^\\top \\mathbf{c}$, largest difference (to 6 decimals)": fmt(np.abs(G - np.outer(x, c)).max(), 6),
        }
    )
)
