"""Var(q·k) = d_k for random unit-variance vectors, and dividing by √d_k brings it back to 1."""

import numpy as np

from notation import standard_deviation, variance
from notation.render import table

rng = np.random.default_rng(0)
n = 10_000  # pairs (q, k) per width
widths = (16, 64, 256)
rows = []
for d_k in widths:
    q = rng.standard_normal((n, d_k))  # entries: mean 0, variance 1, independent
    k = rng.standard_normal((n, d_k))
    scores = np.einsum("nd,nd->n", q, k)  # one dot product q·k per pair
    rows.append([variance(scores), standard_deviation(scores), np.sqrt(d_k), variance(scores / np.sqrt(d_k))])

print(
    table(
        rows,
        row_labels=[f"$d_k = {d}$" for d in widths],
        col_labels=[
            "$\\operatorname{Var}(\\mathbf{q} \\cdot \\mathbf{k})$",
            "$\\operatorname{Std}(\\mathbf{q} \\cdot \\mathbf{k})$",
            "$\\sqrt{d_k}$",
            "$\\operatorname{Var}(\\mathbf{q} \\cdot \\mathbf{k} / \\sqrt{d_k})$",
        ],
        precision=2,
        caption=f"{n:,} seeded pairs of random vectors per width: the variance of the dot product tracks $d_k$; after dividing by $\\sqrt{{d_k}}$ it is about 1",
    )
)
