"""A function or a condition applied to every entry: σ(A), ReLU(A) and the statement A ≥ 0."""

import math

import numpy as np

from notation import relu, sigmoid
from notation.render import facts, table

A = np.array([[-2.0, 0.0, 1.5], [3.0, -0.5, 4.0]])
cols = ["col 1", "col 2", "col 3"]
print(table(A, row_labels=["row 1", "row 2"], col_labels=cols, precision=2, caption="$A$"))
print(table(sigmoid(A), row_labels=["row 1", "row 2"], col_labels=cols, precision=3, caption="$\\sigma(A)$: the sigmoid of each entry, same shape"))
print(
    table(
        np.where(A >= 0, "True", "False"),
        row_labels=["row 1", "row 2"],
        col_labels=cols,
        caption="A >= 0 in NumPy: one True/False per entry",
    )
)
print(
    facts(
        {
            "$\\sigma(A)_{11} = 1 / (1 + e^{2})$ by hand": 1 / (1 + math.exp(2.0)),
            "the statement $A \\ge 0$ (every entry), (A >= 0).all()": bool((A >= 0).all()),
            "$\\operatorname{ReLU}(A)$": relu(A),
            "the statement $\\operatorname{ReLU}(A) \\ge 0$": bool((relu(A) >= 0).all()),
        },
        precision=3,
    )
)
