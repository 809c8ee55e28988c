"""A⁻¹ undoes A (A A⁻¹ = I), is not the element-wise 1/A, does not exist for a singular matrix, and solve() beats multiplying by the inverse."""

import numpy as np

from notation import condition_number, determinant, hilbert_matrix, inverse, solve, to_bmatrix, vector_norm
from notation.render import display_math, facts, sci, table

A = np.array([[4.0, 7.0], [2.0, 6.0]])
A_inv = inverse(A)
print(display_math(f"A = {to_bmatrix(A)}, \\qquad A^{{-1}} = {to_bmatrix(A_inv, precision=2)}"))
print(
    facts(
        {
            "$A A^{-1}$": A @ A_inv,
            "$A^{-1} A$": A_inv @ A,
            "element-wise reciprocal 1 / A": 1.0 / A,
            "$A \\odot (1/A)$, times $A$ entry by entry": A * (1.0 / A),
            "$A \\, (1/A)$, as a matrix product (not $I$)": A @ (1.0 / A),
        },
        precision=2,
    )
)

S = np.array([[1.0, 2.0], [2.0, 4.0]])  # second row = 2 × first row
try:
    inverse(S)
    message = "no error"
except ValueError as err:
    message = f"ValueError: {err}"
print(facts({"inverse of $\\begin{bmatrix} 1 & 2 \\\\ 2 & 4 \\end{bmatrix}$": message}))

rows = []
for n in (4, 8, 10):
    H = hilbert_matrix(n)
    x_true = np.ones(n)
    b = H @ x_true
    x_solve, x_inv = solve(H, b), inverse(H) @ b
    rows.append(
        [
            sci(condition_number(H), 2),
            sci(vector_norm(H @ x_solve - b), 2),
            sci(vector_norm(H @ x_inv - b), 2),
            sci(vector_norm(x_solve - x_true), 2),
            sci(vector_norm(x_inv - x_true), 2),
        ]
    )
print(
    table(
        rows,
        row_labels=[f"$n = {n}$" for n in (4, 8, 10)],
        col_labels=[
            "condition number",
            "residual, solve",
            "residual, inverse",
            "error, solve",
            "error, inverse",
        ],
        corner="Hilbert matrix",
        caption="$H\\mathbf{x} = \\mathbf{b}$ with true $\\mathbf{x} = [1, \\dots, 1]$: residual $\\lVert H\\hat{\\mathbf{x}} - \\mathbf{b} \\rVert$ and error $\\lVert \\hat{\\mathbf{x}} - \\mathbf{x} \\rVert$",
    )
)

# One size further the library refuses: not because H_11 is singular (it is invertible, with a tiny but
# non-zero determinant), but because rounding leaves it numerically rank-deficient.
H11 = hilbert_matrix(11)
try:
    inverse(H11)
    refusal = "no error"
except ValueError as err:
    refusal = f"ValueError: {err}"
print(
    facts(
        {
            "$n = 11$: condition number": sci(condition_number(H11), 2),
            "$n = 11$: determinant, not 0": sci(determinant(H11), 2),
            "$n = 11$: numerical rank (np.linalg.matrix_rank)": int(np.linalg.matrix_rank(H11)),
            "$n = 11$: inverse(H)": refusal,
        }
    )
)
