"""Softmax of small and huge logits: the same distribution, thanks to shift invariance."""

import numpy as np

from notation import softmax
from notation.render import facts, table

z = np.array([1.0, 2.0, 3.0])
rows = np.stack([z, z + 10, z + 1000])
with np.errstate(over="ignore", invalid="ignore"):
    big = np.exp(rows[2])  # e^1001 and friends overflow float64
    naive = big / big.sum()

print(
    table(
        softmax(rows),
        row_labels=["$\\mathbf{z} = [1, 2, 3]$", "$\\mathbf{z} + 10$", "$\\mathbf{z} + 1000$"],
        col_labels=["$p_1$", "$p_2$", "$p_3$"],
        precision=4,
        caption="$\\operatorname{Softmax}$ of three logit vectors that differ by a constant",
    )
)
print(
    facts(
        {
            "each row sums to": softmax(rows).sum(axis=-1),
            "$e^{1001}$ in float64": big[0],
            "naive $e^{z_i} / \\sum_j e^{z_j}$ for $\\mathbf{z} + 1000$": naive,
        },
        precision=4,
    )
)
