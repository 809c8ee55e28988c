"""Softmax_row: each row of a score matrix becomes a distribution; the wrong axis gives nonsense."""

import numpy as np

from notation import softmax
from notation.render import facts, table

S = np.array(  # scores: 3 queries (rows) against 4 keys (columns)
    [
        [2.0, 1.0, 0.0, -1.0],
        [0.5, 0.5, 0.5, 0.5],
        [-1.0, 3.0, 0.0, 1.0],
    ]
)
P = softmax(S, axis=-1)  # Softmax_row(S): along the last axis, like torch.softmax(S, dim=-1)
wrong = softmax(S, axis=0)  # softmax down each column instead

print(
    table(
        np.column_stack([P, P.sum(axis=-1)]),
        row_labels=[f"row {i + 1}" for i in range(S.shape[0])],
        col_labels=["key 1", "key 2", "key 3", "key 4", "row sum"],
        precision=3,
        caption="$\\operatorname{Softmax}_{\\text{row}}(S)$ for $S$ of shape 3 × 4",
    )
)
print(
    facts(
        {
            "shape in, shape out": f"{S.shape} → {P.shape}",
            "row 2 (all scores equal) becomes uniform": P[1],
            "with axis=0 instead, the row sums are": wrong.sum(axis=-1),
            "and each column sums to": wrong.sum(axis=0),
            "$\\operatorname{Softmax}_{\\text{row}}(S)$ is row-stochastic (entries $\\ge 0$, every row sums to 1)": bool(
                np.all(P >= 0) and np.allclose(P.sum(axis=-1), 1.0)
            ),
            "with axis=0, row-stochastic": bool(np.all(wrong >= 0) and np.allclose(wrong.sum(axis=-1), 1.0)),
        },
        precision=3,
    )
)
