"""Single bars on a number, on a set and on a matrix, and double bars on a vector: four different things."""

import numpy as np

from notation import determinant, vector_norm
from notation.render import fmt, table

V = {"the", "cat", "sat", "on", "mat", "<eos>"}  # a toy vocabulary: a set of tokens
token_ids = list(range(len(V)))  # i ∈ {0, 1, …, |V| − 1}
x = np.array([3.0, -4.0])
A = np.array([[0.0, 1.0], [1.0, 0.0]])  # swaps two coordinates

rows = [
    ["$\\lvert -3 \\rvert$", "a number", "abs(-3)", f"{abs(-3)}"],
    ["$\\lvert 2.5 \\rvert$", "a number", "abs(2.5)", f"{abs(2.5)}"],
    ["$\\vert V \\vert$", "a set of tokens", "len(V)", f"{len(V)}"],
    ["token ids $0, \\dots, \\vert V \\vert - 1$", "a set", "range(len(V))", f"{token_ids}"],
    ["$\\lVert \\mathbf{x} \\rVert$, $\\mathbf{x} = [3, -4]$", "a vector", "np.linalg.norm(x)", f"{vector_norm(x):g}"],
    ["entry-wise absolute value of $\\mathbf{x}$", "a vector", "np.abs(x)", f"{np.abs(x).tolist()}"],
    ["$\\lvert A \\rvert = \\det A$, $A = \\begin{bmatrix} 0 & 1 \\\\ 1 & 0 \\end{bmatrix}$", "a square matrix", "np.linalg.det(A)", fmt(determinant(A), 0)],
]
print(
    table(
        rows,
        col_labels=["written", "applied to", "code", "result"],
        caption="What the bars mean depends on what is inside them",
    )
)
