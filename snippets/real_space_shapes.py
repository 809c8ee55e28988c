"""What the raised part of ℝ says: the length of each axis, rows first, never a power."""

import math

import numpy as np

from notation.render import facts, shape_str, table

spaces = {
    "$\\mathbb{R}$": np.zeros(()),
    "$\\mathbb{R}^{3}$": np.zeros(3),
    "$\\mathbb{R}^{768}$": np.zeros(768),
    "$\\mathbb{R}^{4 \\times 2}$": np.zeros((4, 2)),
    "$\\mathbb{R}^{2 \\times 3 \\times 4}$": np.zeros((2, 3, 4)),
}
rows = [
    [f"{a.shape}", shape_str(a), f"{a.ndim}", f"{a.size}"]
    for a in spaces.values()
]
print(
    table(
        rows,
        row_labels=list(spaces),
        col_labels=["NumPy .shape", "said as", "axes (ndim)", "numbers (size)"],
        corner="space",
        caption="Each raised size is the length of one axis; the count of numbers is their product",
    )
)
X = spaces["$\\mathbb{R}^{4 \\times 2}$"]
print(
    facts(
        {
            "$\\mathbf{x} \\in \\mathbb{R}^{768}$: len(x), a length, not a power": len(spaces["$\\mathbb{R}^{768}$"]),
            "$X \\in \\mathbb{R}^{4 \\times 2}$: X.shape[0] (rows, said first)": X.shape[0],
            "X.shape[1] (columns)": X.shape[1],
            "$2 \\times 3 \\times 4$ as a product of the sizes": math.prod((2, 3, 4)),
        }
    )
)
