"""Why divide by √d_k: the variance of q·k grows like d_k, and unscaled scores saturate softmax so its Jacobian (the gradient it passes back) collapses."""

import numpy as np

from notation import attention_scores, jacobian, softmax
from notation.render import table

rng = np.random.default_rng(0)
dims = [4, 16, 64, 256, 1024]

rows = []
for d_k in dims:
    q = rng.standard_normal((20_000, 1, d_k))  # 20,000 independent query-key pairs,
    k = rng.standard_normal((20_000, 1, d_k))  # entries with mean 0 and variance 1
    raw = attention_scores(q, k, scale=False).ravel()
    scaled = attention_scores(q, k).ravel()
    rows.append([d_k, raw.var(), raw.std(), scaled.var()])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[str(d) for d in dims],
        corner="$d_k$",
        col_labels=["predicted $\\operatorname{Var}(\\mathbf{q}^\\top \\mathbf{k}) = d_k$", "measured variance", "measured std", "variance after $\\div \\sqrt{d_k}$"],
        precision=2,
        caption="Dot products of random unit-variance vectors: variance $d_k$ before scaling, 1 after",
    )
)

rows = []
for d_k in dims:
    stats = []
    for _ in range(200):  # one query against 8 keys, 200 times
        q, k = rng.standard_normal((1, d_k)), rng.standard_normal((8, d_k))
        for scale in (False, True):
            z = attention_scores(q, k, scale=scale)[0]
            stats.append((scale, softmax(z).max(), np.abs(jacobian(softmax, z)).max()))
    stats = np.array(stats)
    raw, scaled = stats[stats[:, 0] == 0], stats[stats[:, 0] == 1]
    rows.append([raw[:, 1].mean(), scaled[:, 1].mean(), raw[:, 2].mean(), scaled[:, 2].mean()])
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
