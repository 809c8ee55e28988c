"""How many terms an ellipsis stands for (last − first + 1), its sum, and a matrix written with ⋯ ⋮ ⋱ filled in."""

import numpy as np

from notation import index_range
from notation.render import display_math, facts, table

n, t, k = 6, 5, 2
cases = [  # what the text writes, its first and last index, and the Python range of the same indices
    ("$x_1, \\ldots, x_n$", 1, n, "range(1, n + 1)", range(1, n + 1)),
    ("$x_0, \\ldots, x_{n-1}$", 0, n - 1, "range(0, n)", range(0, n)),
    ("$x_2, \\ldots, x_n$", 2, n, "range(2, n + 1)", range(2, n + 1)),
    ("$x_{t-k}, \\ldots, x_t$", t - k, t, "range(t - k, t + 1)", range(t - k, t + 1)),
]
rows = [[code, ", ".join(str(i) for i in indices), len(indices), last - first + 1] for _, first, last, code, indices in cases]
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[label for label, *_ in cases],
        col_labels=["Python", "indices", "terms", "last − first + 1"],
        caption=f"How many terms the dots stand for, with $n = {n}$, $t = {t}$, $k = {k}$",
    )
)

x = np.arange(1.0, n + 1)  # x_i = i
print(
    facts(
        {
            "$x_1 + \\cdots + x_n$ with $x_i = i$": float(x.sum()),
            "the same sum from $x_{1:n}$, the run as one slice": float(index_range(x, 1, n).sum()),
        },
        precision=0,
    )
)

m = 4  # the matrix has m rows and the same n columns as the list above has terms
A = 10 * np.arange(1, m + 1)[:, None] + np.arange(1, n + 1)[None, :]  # a_ij = 10 i + j
corner = lambda i, j: int(A[i - 1, j - 1])  # noqa: E731
print(
    display_math(
        "\\begin{bmatrix} a_{11} & \\cdots & a_{1n} \\\\ \\vdots & \\ddots & \\vdots \\\\ a_{m1} & \\cdots & a_{mn} \\end{bmatrix} = "
        f"\\begin{{bmatrix}} {corner(1, 1)} & \\cdots & {corner(1, n)} \\\\ \\vdots & \\ddots & \\vdots \\\\ {corner(m, 1)} & \\cdots & {corner(m, n)} \\end{{bmatrix}}"
    )
)
print(
    table(
        A,
        row_labels=[f"row {i}" for i in range(1, m + 1)],
        col_labels=[f"col {j}" for j in range(1, n + 1)],
        precision=0,
        caption=f"Every entry the dots stand for: $m = {m}$ rows and $n = {n}$ columns, the indices of the last corner",
    )
)
