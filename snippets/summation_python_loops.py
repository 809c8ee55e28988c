"""Σ_{i=1}^{d} x_i as Python loops: the 1-based formula, the 0-based array, and which loops agree with x.sum()."""

import numpy as np

from notation.render import facts, table

x = np.array([3.0, 1.0, 4.0, 1.0, 5.0])  # x_1 .. x_5 in the formula, x[0] .. x[4] in Python
d = len(x)

try:
    literal = str(sum(x[i] for i in range(1, d + 1)))  # the formula's numbers, copied literally
except IndexError as err:
    literal = f"IndexError: {err}"

print(
    facts(
        {
            "$\\mathbf{x}$, with $d = 5$": x,
            "x.sum()": float(x.sum()),
            "sum(x[i - 1] for i in range(1, d + 1)): shift the index": float(sum(x[i - 1] for i in range(1, d + 1))),
            "sum(x[i] for i in range(d)): shift the loop": float(sum(x[i] for i in range(d))),
            "sum(x[i] for i in range(1, d + 1)): copied literally": literal,
            "sum(x[i] for i in range(1, d)): runs, but silently drops $x_1$": float(sum(x[i] for i in range(1, d))),
        },
        precision=1,
    )
)

M = np.arange(1.0, 7.0).reshape(2, 3)
print(table(M, row_labels=["row 1", "row 2"], col_labels=["col 1", "col 2", "col 3"], precision=0, caption="$M \\in \\mathbb{R}^{2 \\times 3}$"))
print(
    facts(
        {
            "$\\sum_{\\text{row}=1}^{2} M_{\\text{row}}$ (add the rows): M.sum(axis=0)": M.sum(axis=0),
            "sum along each row: M.sum(axis=1)": M.sum(axis=1),
            "$\\sum_{i} \\sum_{j} M_{ij}$ (every entry): M.sum()": M.sum(),
        },
        precision=0,
    )
)
