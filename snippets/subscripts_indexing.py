"""Row i, column j: a matrix whose entry X_ij is the two-digit number ij, read with 1-based and 0-based indices."""

import numpy as np

from notation.render import facts, table

n_rows, n_cols = 3, 4
i = np.arange(1, n_rows + 1)  # maths indices start at 1
j = np.arange(1, n_cols + 1)
X = 10.0 * i[:, None] + j[None, :]  # X_ij = "ij", so every entry says where it sits

print(
    table(
        X,
        row_labels=[f"$\\mathbf{{x}}_{r}$ (row {r})" for r in i],
        col_labels=[f"$j = {c}$" for c in j],
        precision=0,
        caption="$X \\in \\mathbb{R}^{3 \\times 4}$ with $X_{ij}$ written as the digits $i$ and $j$",
    )
)
print(
    facts(
        {
            "$X_{23}$ (row 2, column 3), X[1, 2] in Python": X[1, 2],
            "$X_{32}$ (row 3, column 2), X[2, 1] in Python": X[2, 1],
            "$\\mathbf{x}_2$ (the whole of row 2), X[1] in Python": X[1],
            "$X_{2,:}$ (row 2, every column), X[1, :] in Python": X[1, :],
            "$X_{:,3}$ (column 3, every row), X[:, 2] in Python": X[:, 2],
            "$(\\mathbf{x}_2)_4$ (entry 4 of that row), X[1][3] in Python": X[1][3],
            "X[2, 3] in Python is $X_{34}$, not $X_{23}$": X[2, 3],
        },
        precision=0,
    )
)
