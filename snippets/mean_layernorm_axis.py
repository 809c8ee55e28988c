"""LayerNorm's μ is a per-token mean over the features (axis −1), not a mean across the batch (axis 0)."""

import numpy as np

from notation import expectation, layer_norm, variance
from notation.render import facts, fmt, table

rng = np.random.default_rng(0)
B, d = 3, 4
x = rng.normal(size=(B, d)) * np.array([[1.0], [3.0], [0.5]]) + np.array([[0.0], [5.0], [-2.0]])

mu_token = expectation(x, axis=-1)  # one μ per token: B numbers
mu_batch = expectation(x, axis=0)   # one mean per feature across the batch: d numbers (BatchNorm's axis)

cells = [[fmt(v, 2) for v in row] + [fmt(m, 2)] for row, m in zip(x, mu_token)]
cells.append([fmt(m, 2) for m in mu_batch] + [""])
print(
    table(
        cells,
        row_labels=[f"token {b + 1}" for b in range(B)] + ["mean across the batch (axis 0)"],
        col_labels=[f"feature {j + 1}" for j in range(d)] + ["$\\mu$ per token (axis −1)"],
        corner=f"$X$: $B \\times d = {B} \\times {d}$",
        caption="The same array averaged along its two axes gives different numbers, and a different count of them",
    )
)

y = layer_norm(x)
x_other = x.copy()
x_other[2] = rng.normal(size=d) * 10  # a different third example in the batch
print(
    facts(
        {
            "after LayerNorm: mean of each token": expectation(y, axis=-1),
            "after LayerNorm: variance of each token": variance(y, axis=-1),
            "after LayerNorm: mean of each feature across the batch": expectation(y, axis=0),
            "swap token 3 for another: does token 1's LayerNorm output change?": bool(
                np.any(layer_norm(x_other)[0] != y[0])
            ),
            "swap token 3 for another: does the batch mean change?": bool(np.any(expectation(x_other, axis=0) != mu_batch)),
        },
        precision=2,
    )
)
