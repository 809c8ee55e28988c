"""A⁺ of a tall 5×2 matrix fits a line by least squares; it agrees with np.linalg.lstsq, and exists where A⁻¹ does not."""

import numpy as np

from notation import pseudoinverse, vector_norm
from notation.render import facts, sci, table

t = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
b = np.array([1.1, 2.9, 5.2, 6.8, 9.1])  # five measurements, roughly on a line
A = np.column_stack([np.ones_like(t), t])  # 5 equations, 2 unknowns (intercept, slope): no exact solution

A_plus = pseudoinverse(A)
x = A_plus @ b
x_lstsq = np.linalg.lstsq(A, b, rcond=None)[0]
print(
    table(
        A_plus,
        row_labels=["intercept row", "slope row"],
        col_labels=[f"$b_{k}$" for k in range(1, 6)],
        precision=3,
        caption="$A^{+} \\in \\mathbb{R}^{2 \\times 5}$ for $A \\in \\mathbb{R}^{5 \\times 2}$: the shape is transposed",
    )
)

S = np.array([[1.0, 2.0], [2.0, 4.0]])  # square but singular: its second row is twice the first
try:
    np.linalg.inv(S)
    inverse_exists = "yes"
except np.linalg.LinAlgError:
    inverse_exists = "no: np.linalg.inv raises LinAlgError"
print(
    facts(
        {
            "$\\mathbf{x} = A^{+}\\mathbf{b}$ (intercept, slope)": x,
            "np.linalg.lstsq(A, b) gives": x_lstsq,
            "largest difference between the two": sci(np.abs(x - x_lstsq).max()),
            "residual $\\lVert A\\mathbf{x} - \\mathbf{b} \\rVert_2$": vector_norm(A @ x - b),
            "$A^{+}A$ (2×2)": A_plus @ A,
            "trace of $AA^{+}$ (5×5, a projection, not $I_5$)": np.trace(A @ A_plus),
            "singular $S$: does $S^{-1}$ exist?": inverse_exists,
            "$S^{+}$ exists all the same": pseudoinverse(S),
        },
        precision=3,
    )
)
