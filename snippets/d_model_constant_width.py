"""d_model is the width that stays fixed: shapes through one block of the tiny model, and parameters growing with d_model²."""

import numpy as np

from notation import (
    block_param_count,
    causal_mask,
    layer_norm,
    multi_head_attention,
    split_heads,
    swiglu,
    tiny_model,
)
from notation.render import shape_str, table

m = tiny_model()
x0 = m.x
n0 = layer_norm(x0)
q_heads = split_heads(n0 @ m.w_q, m.n_heads)
attn, _ = multi_head_attention(n0, m.w_q, m.w_k, m.w_v, m.w_o, m.n_heads, causal_mask(len(x0)))
x1 = x0 + attn
n1 = layer_norm(x1)
gate = n1 @ m.w_gate
x2 = x1 + swiglu(n1, m.w_gate, m.w_up, m.w_down)

steps = [
    ("input $X$", x0, "residual stream"),
    ("$\\operatorname{LayerNorm}(X)$", n0, "sub-layer input"),
    ("queries of one head, $Q_1$", q_heads[0], "inside attention"),
    ("attention output, after $W^O$", attn, "sub-layer output"),
    ("$X + \\text{attention}$", x1, "residual stream"),
    ("gate branch, $d_{\\text{ff}}$ wide", gate, "inside the feed-forward"),
    ("$+ \\, \\text{feed-forward}$", x2, "residual stream"),
]
print(
    table(
        np.array([[shape_str(a), where] for _, a, where in steps], dtype=object),
        row_labels=[label for label, _, _ in steps],
        col_labels=["shape", "where"],
        corner="tensor",
        caption="One block of the tiny model: inside it widths change, but whatever is added to the stream is $N \\times d_{\\text{model}}$",
    )
)

widths = [256, 512, 1024, 2048, 4096]
params = [block_param_count(d, 4 * d, gated=False) for d in widths]
print(
    table(
        np.array([[p, p / d**2, p / params[i - 1] if i else "—"] for i, (d, p) in enumerate(zip(widths, params))], dtype=object),
        row_labels=[f"$d_{{\\text{{model}}}} = {d}$" for d in widths],
        col_labels=["weights per block", "$\\div \\, d_{\\text{model}}^2$", "× previous row"],
        precision=2,
        caption="Weights in one block ($4 d^2$ attention $+ \\, 8 d^2$ feed-forward with $d_{\\text{ff}} = 4d$): doubling the width quadruples them",
    )
)
