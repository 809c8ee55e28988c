"""Why divide by √d_k: the variance of q·k grows like d_k, and unscaled scores saturate softmax so its Jacobian (the gradient it passes back) collapses."""

import numpy as np

from notation import attention_scores, softmax, softmax_jacobian
from notation.render import table

rng = np.random.default_rng(0)
dims = [4, 16, 64, 256, 1024]

rows = []
for d_k in dims:
    q = rng.standard_normal((10_000, 1, d_k))  # 10,000 independent query-key pairs,
    k = rng.standard_normal((10_000, 1, d_k))  # entries with mean 0 and variance 1
    raw = attention_scores(q, k, scale=False).ravel()
    scaled = attention_scores(q, k).ravel()
    rows.append([d_k, raw.var(), raw.std(), scaled.var()])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[str(d) for d in dims],
        corner="$d_k$",
        col_labels=["predicted $\\operatorname{Var}(\\mathbf{q} \\cdot \\mathbf{k}) = d_k$", "measured variance", "measured std", "variance after $\\div \\sqrt{d_k}$"],
        precision=2,
        caption="Dot products of random unit-variance vectors: variance $d_k$ before scaling, 1 after",
    )
)

rows = []
for d_k in dims:
    q, k = rng.standard_normal((200, 1, d_k)), rng.standard_normal((200, 8, d_k))  # one query, 8 keys, 200 draws
    row = []
    for scale in (False, True):
        z = attention_scores(q, k, scale=scale)[:, 0, :]
        row.append((softmax(z).max(axis=-1).mean(), np.abs(softmax_jacobian(z)).max(axis=(-2, -1)).mean()))
    (top_raw, jac_raw), (top_scaled, jac_scaled) = row
    rows.append([top_raw, top_scaled, jac_raw, jac_scaled])
print(
    table(
        np.array(rows),
        row_labels=[str(d) for d in dims],
        corner="$d_k$",
        col_labels=[
            "largest weight, unscaled",
            "largest weight, scaled",
            "largest $\\vert \\partial p_i / \\partial z_j \\vert$, unscaled",
            "largest $\\vert \\partial p_i / \\partial z_j \\vert$, scaled",
        ],
        precision=3,
        caption="Softmax over 8 keys (averages of 200 draws): unscaled scores push one weight towards 1 and the Jacobian towards 0",
    )
)
