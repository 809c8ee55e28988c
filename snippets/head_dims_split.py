"""Head width d_k = d_model / h for real models, and the cost of h narrow heads against one full-width head."""

import numpy as np

from notation import attention_cost, head_dim, tiny_model
from notation.render import table

m = tiny_model()
models = {
    "Transformer base (2017)": (512, 8),
    "GPT-2 small": (768, 12),
    "LLaMA-2 7B": (4096, 32),
    "tiny model (this page)": (m.d_model, m.n_heads),
}
print(
    table(
        np.array([[d, h, head_dim(d, h)] for d, h in models.values()], dtype=object),
        row_labels=list(models),
        col_labels=["$d_{\\text{model}}$", "$h$", "$d_k = d_v = d_{\\text{model}} / h$"],
        corner="model",
        caption="Splitting the width among the heads",
    )
)

n, d = 1024, 512
costs = {h: attention_cost(n, d, h) for h in (1, 8)}
labels = {
    "parameters": "parameters ($W^Q, W^K, W^V, W^O$)",
    "projection_mults": "multiplications: projections",
    "score_mults": "multiplications: $Q K^\\top$",
    "mix_mults": "multiplications: weights $\\times V$",
    "softmax_exps": "exponentials in the softmax",
}
print(
    table(
        np.array([[costs[1][k], costs[8][k], costs[8][k] / costs[1][k]] for k in labels], dtype=object),
        row_labels=list(labels.values()),
        col_labels=["1 head, $d_k = 512$", "8 heads, $d_k = 64$", "ratio"],
        precision=2,
        caption=f"One attention layer at $N = {n}$ tokens, $d_{{\\text{{model}}}} = {d}$",
    )
)
