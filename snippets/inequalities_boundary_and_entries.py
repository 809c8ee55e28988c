"""< or ≤ at a boundary (the causal mask's diagonal), ≥ 0 entry by entry against ⪰ 0, and ε ≪ 1 in float32."""

import numpy as np

from notation import causal_mask, is_positive_definite, softmax
from notation.render import facts, fmt_array, table

n = 4
i, j = np.indices((n, n)) + 1  # query i, key j, counting from 1
masks = {"$j \\le i$": causal_mask(n), "$j < i$": np.where(j < i, 0.0, -np.inf)}
rows = []
for mask in masks.values():
    weights = softmax(np.zeros((n, n)) + mask)  # equal scores: each query spreads its weight over what it sees
    rows.append([int(v) for v in np.isfinite(mask).sum(axis=1)] + [str(np.isnan(weights[0]).all())])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=list(masks),
        col_labels=[f"query {q}: keys seen" for q in range(1, n + 1)] + ["query 1's weights are NaN"],
        caption="A causal mask with $\\le$ and with $<$: the diagonal is the difference",
    )
)

A = np.array([[1.0, 2.0], [2.0, 1.0]])
B = np.array([[2.0, -1.0], [-1.0, 2.0]])
print(
    table(
        np.array(
            [[str(bool((M >= 0).all())), fmt_array(np.linalg.eigvalsh(M), 3), str(is_positive_definite(M, strict=False))] for M in (A, B)],
            dtype=object,
        ),
        row_labels=["$A = \\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\end{bmatrix}$", "$B = \\begin{bmatrix} 2 & -1 \\\\ -1 & 2 \\end{bmatrix}$"],
        col_labels=["every entry $\\ge 0$", "eigenvalues", "$\\succeq 0$"],
        caption="$\\ge 0$ entry by entry and $\\succeq 0$ are different statements",
    )
)

one = np.float32(1.0)
print(
    facts(
        {f"$1 + 10^{{{k}}} = 1$ in float32": bool(one + np.float32(10.0**k) == one) for k in (-3, -6, -7, -8, -10)}
        | {"$2^{-24}$: for $\\epsilon$ at most this, $1 + \\epsilon$ rounds to 1 in float32": f"{2.0**-24:.3e}"}
    )
)
