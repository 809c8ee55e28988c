"""Backpropagation through three layers: multiply the local Jacobians from the loss backwards, then check."""

import numpy as np

from notation import chain_rule, gradient, local_jacobians
from notation.render import facts, fmt, fmt_array, shape_str, table

rng = np.random.default_rng(0)
W = rng.normal(size=(3, 2)).round(2)  # d_in × d_out: the site writes a layer as a = xW (row vectors)
x = np.array([0.5, -1.0, 2.0])
t = np.array([0.2, -0.3])  # target

layers = [
    lambda v: v @ W,  # a = x W          (linear)
    np.tanh,  # h = tanh(a)      (element-wise activation)
    lambda h: 0.5 * float((h - t) @ (h - t)),  # L = ½‖h − t‖²  (loss)
]
jacs, values = local_jacobians(layers, x)
names = ["$\\mathbf{a} = \\mathbf{x}W$", "$\\mathbf{h} = \\tanh(\\mathbf{a})$", "$\\mathcal{L} = \\tfrac12\\lVert \\mathbf{h} - \\mathbf{t} \\rVert^2$"]
local = ["$\\partial \\mathbf{a} / \\partial \\mathbf{x} = W^\\top$", "$\\partial \\mathbf{h} / \\partial \\mathbf{a} = \\operatorname{diag}(1 - h_i^2)$", "$\\partial \\mathcal{L} / \\partial \\mathbf{h} = \\mathbf{h} - \\mathbf{t}$, a row"]
print(
    table(
        [[names[k], fmt_array(values[k + 1], 4), local[k], shape_str(jacs[k]), fmt_array(jacs[k], 3)] for k in range(3)],
        col_labels=["layer", "output", "local derivative", "shape", "value"],
        caption=f"Forward pass from $\\mathbf{{x}} = {fmt_array(x, 1)}$, with each layer's local Jacobian",
    )
)

# Backward pass: start at the loss (a 1 × 2 row) and multiply by each Jacobian going back.
g_h = jacs[2]
g_a = chain_rule([jacs[1], jacs[2]])
g_x = chain_rule(jacs)
whole = gradient(lambda v: layers[2](layers[1](layers[0](v))), x)
print(
    facts(
        {
            "$\\partial \\mathcal{L}/\\partial \\mathbf{h}$ (1 × 2)": g_h[0],
            "$\\partial \\mathcal{L}/\\partial \\mathbf{a} = \\partial \\mathcal{L}/\\partial \\mathbf{h} \\cdot \\partial \\mathbf{h}/\\partial \\mathbf{a}$ (1 × 2)": g_a[0],
            "$\\partial \\mathcal{L}/\\partial \\mathbf{x} = \\ldots \\cdot \\partial \\mathbf{a}/\\partial \\mathbf{x}$ (1 × 3)": g_x[0],
            "numerical gradient of the whole composition": whole,
            "max difference (to 6 decimals)": fmt(np.abs(g_x[0] - whole).max(), 6),
            "the linear layer's local Jacobian (2 × 3) minus $W^\\top$, largest entry (to 6 decimals)": fmt(np.abs(jacs[0] - W.T).max(), 6),
            "backprop's last step $\\partial \\mathcal{L}/\\partial \\mathbf{a} \\; W^\\top$ (in code, grad_a @ W.T)": g_a[0] @ W.T,
        },
        precision=5,
    )
)
