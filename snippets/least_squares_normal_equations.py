"""Least squares on eight points: the normal equations XᵀXw = Xᵀy solved (not inverted), the same
w and b as np.linalg.lstsq, residuals orthogonal to every column, and why lstsq is safer: cond(XᵀX) = cond(X)²."""

import numpy as np

from notation import condition_number, least_squares, singular_values
from notation.render import facts, sci, table

rng = np.random.default_rng(7)
hours = np.arange(1.0, 9.0)  # x, one feature: hours of study
score = 40 + 6 * hours + rng.normal(0, 4, hours.size).round(1)  # y, an exam score
X = hours[:, None]  # N × d = 8 × 1
w, b = least_squares(X, score)
fitted = X @ w + b
print(
    table(
        np.column_stack([hours, score, fitted, score - fitted]),
        row_labels=[f"$i = {i}$" for i in range(1, 9)],
        col_labels=["$x_i$", "$y_i$", "$\\hat{y}_i = x_i w + b$", "residual $y_i - \\hat{y}_i$"],
        precision=2,
        caption="Eight students: hours studied and exam score",
    )
)
A = np.column_stack([np.ones_like(hours), hours])  # the bias as a column of ones
(b_ls, w_ls), *_ = np.linalg.lstsq(A, score, rcond=None)
near = np.column_stack([hours, hours + 1e-4 * rng.normal(size=hours.size)])  # two almost equal columns
print(
    facts(
        {
            "slope $w$ and intercept $b$, solving $X^\\top X \\mathbf{w} = X^\\top \\mathbf{y}$ (centred)": f"{w[0]:.4f}, {b:.4f}",
            "the same from np.linalg.lstsq on $[\\mathbf{1}, \\mathbf{x}]$": f"{w_ls:.4f}, {b_ls:.4f}",
            "$\\lVert \\mathbf{y} - \\hat{\\mathbf{y}} \\rVert_2^2$, the smallest any line achieves": float(((score - fitted) ** 2).sum()),
            "$A^\\top(\\mathbf{y} - \\hat{\\mathbf{y}})$: residuals orthogonal to both columns": A.T @ (score - fitted),
            "two nearly equal features: $\\kappa(X) = \\sigma_{\\max} / \\sigma_{\\min}$": sci(singular_values(near)[0] / singular_values(near)[-1], 2),
            "and $\\kappa(X^\\top X)$, its square": sci(condition_number(near.T @ near), 2),
        },
        precision=4,
    )
)
