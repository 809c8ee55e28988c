"""A 4 by 2 matrix: rows first, X_ij is row i and column j, and the LaTeX that draws it."""

import numpy as np

from notation import to_bmatrix
from notation.render import display_math, facts, table

X = np.array([[1, 2], [3, 4], [5, 6], [7, 8]])  # 4 rows, 2 columns
rows, cols = X.shape

print(
    table(
        X,
        row_labels=[f"row {i + 1}" for i in range(rows)],
        col_labels=[f"column {j + 1}" for j in range(cols)],
        caption=f"$X \\in \\mathbb{{R}}^{{{rows} \\times {cols}}}$: {rows} by {cols}, {X.size} numbers",
    )
)
source = to_bmatrix(X)
try:
    X[1, 2]
except IndexError as exc:
    error = f"IndexError: {exc}"
print(
    facts(
        {
            "X.shape (rows, columns)": f"{X.shape}",
            "$X_{32}$ (row 3, column 2) is X[2, 1]": X[2, 1],
            "$X_{23}$ (row 2, column 3) does not exist: X[1, 2] raises": error,
            "LaTeX source (& between columns, \\\\ between rows)": source,
        }
    )
)
print(display_math("X = " + source))

x = np.array([1.0, 0.0, -1.0, 2.0])  # a 4-number input, as a row
print(
    facts(
        {
            "as weights: a 4-number row $\\mathbf{x}$": x,
            "$\\mathbf{x} X$ has 2 numbers": x @ X,
        },
        precision=1,
    )
)
