"""A scalar has no axes: shape (), ndim 0, and multiplying by it scales every entry."""

import numpy as np

from notation.render import facts, table

s = np.float64(2.5)
x = np.array([1.0, -2.0, 4.0])
W = np.array([[1.0, 0.5], [-1.0, 2.0]])

print(
    table(
        [[f"{np.shape(a)}", f"{np.ndim(a)}", f"{np.size(a)}"] for a in (s, np.array([2.5]), np.array([[2.5]]))],
        row_labels=["$s = 2.5$ (scalar)", "[2.5] (vector of length 1)", "[[2.5]] ($1 \\times 1$ matrix)"],
        col_labels=["shape", "ndim", "numbers"],
        caption="One number, three different shapes: only the first is a scalar",
    )
)
try:
    np.array(2.5)[0]
except IndexError as exc:
    error = f"IndexError: {exc}"
print(
    facts(
        {
            "$\\mathbf{x}$": x,
            "$s\\,\\mathbf{x}$ (every entry times 2.5)": s * x,
            "$s\\,W$, row 1": (s * W)[0],
            "$s\\,W$, row 2": (s * W)[1],
            "indexing a scalar, np.array(2.5)[0], raises": error,
        },
        precision=2,
    )
)
