"""tr(AB) = tr(BA) even when AB and BA have different sizes, ‖A‖_F² = tr(AᵀA), and the trace is the sum of the eigenvalues."""

import numpy as np

from notation import eigenvalues, frobenius_norm, to_bmatrix, trace
from notation.render import display_math, facts

A = np.array([[1.0, 2.0, 0.0], [-1.0, 3.0, 4.0]])  # 2 × 3
B = np.array([[2.0, 1.0], [0.0, -1.0], [5.0, 2.0]])  # 3 × 2
print(display_math(f"A = {to_bmatrix(A)}, \\qquad B = {to_bmatrix(B)}"))
print(
    facts(
        {
            "$AB$ ($2 \\times 2$)": A @ B,
            "$BA$ ($3 \\times 3$)": B @ A,
            "$\\operatorname{tr}(AB)$": trace(A @ B),
            "$\\operatorname{tr}(BA)$": trace(B @ A),
            "$\\lVert A \\rVert_F^2$, the sum of the squared entries": frobenius_norm(A) ** 2,
            "$\\operatorname{tr}(A^\\top A)$": trace(A.T @ A),
            "$\\operatorname{tr}(A A^\\top)$": trace(A @ A.T),
        },
        precision=1,
    )
)
C = np.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])
lam = eigenvalues(C)
print(
    facts(
        {
            f"$\\operatorname{{tr}}(C)$ for $C = {to_bmatrix(C)}$": trace(C),
            "its eigenvalues $\\lambda_i$": lam,
            "$\\sum_i \\lambda_i$": float(np.sum(lam)),
        },
        precision=4,
    )
)
