"""I leaves every matrix unchanged from either side, its entries are delta_ij, and N(0, I) draws independent unit-variance coordinates."""

import numpy as np

from notation import covariance_matrix, kronecker_delta, to_bmatrix
from notation.render import display_math, facts, table

A = np.array([[2.0, -1.0, 0.5], [3.0, 0.0, 4.0]])  # 2 × 3
I2, I3 = np.eye(2), np.eye(3)
idx = np.arange(3)
print(display_math(f"I_3 = {to_bmatrix(I3)}, \\qquad A = {to_bmatrix(A)}"))
print(
    facts(
        {
            "$A I_3$ equals $A$ (identity on the right: $3 \\times 3$)": bool(np.array_equal(A @ I3, A)),
            "$I_2 A$ equals $A$ (identity on the left: $2 \\times 2$)": bool(np.array_equal(I2 @ A, A)),
            "$(I_3)_{ij} = \\delta_{ij}$ for every $i, j$": bool(np.array_equal(I3, kronecker_delta(idx[:, None], idx[None, :]))),
            "$I_3 \\mathbf{x}$ for $\\mathbf{x} = [4, -2, 7]$": I3 @ np.array([4.0, -2.0, 7.0]),
        },
        precision=1,
    )
)

rng = np.random.default_rng(0)
eps = rng.standard_normal((100_000, 3))  # 100,000 draws of ε ~ 𝒩(0, I_3), one per row
print(
    table(
        covariance_matrix(eps),
        row_labels=[f"$\\epsilon_{k}$" for k in (1, 2, 3)],
        col_labels=[f"$\\epsilon_{k}$" for k in (1, 2, 3)],
        precision=3,
        caption="Sample covariance of 100,000 draws $\\boldsymbol{\\epsilon} \\sim \\mathcal{N}(\\mathbf{0}, I_3)$: close to $I_3$",
    )
)
