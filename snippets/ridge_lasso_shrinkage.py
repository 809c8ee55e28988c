"""Ridge and lasso on twelve examples of four features (two of them useless): as λ grows, ridge shrinks
the length of w but keeps every weight non-zero, lasso sets some to exactly 0; and the λ each scikit-learn class wants."""

import numpy as np

from notation import lasso_regression, ridge_regression
from notation.render import facts, table

rng = np.random.default_rng(3)
N = 12
X = rng.normal(size=(N, 4)).round(2)
y = (X @ np.array([3.0, -2.0, 0.0, 0.0]) + rng.normal(0, 0.5, N)).round(2)  # features 3 and 4 do nothing
lams = [0.0, 10.0, 50.0, 200.0]
rows, labels = [], []
for lam in lams:
    rows.append(ridge_regression(X, y, lam)[0])
    labels.append(f"ridge, $\\lambda = {lam:g}$")
for lam in lams:
    rows.append(lasso_regression(X, y, lam)[0])
    labels.append(f"lasso, $\\lambda = {lam:g}$")
W = np.array(rows)
print(
    table(
        W,
        row_labels=labels,
        col_labels=["$w_1$", "$w_2$", "$w_3$", "$w_4$"],
        precision=3,
        caption="Weights fitted to $y \\approx 3x_1 - 2x_2$ plus noise",
    )
)
lam = 10.0
print(
    facts(
        {
            "weights exactly 0, ridge at $\\lambda = 200$": int(np.sum(W[3] == 0)),
            "weights exactly 0, lasso at $\\lambda = 50$": int(np.sum(W[6] == 0)),
            "$\\lVert \\mathbf{w} \\rVert_2$ of ridge as $\\lambda$ grows": np.linalg.norm(W[:4], axis=1),
            f"$\\lambda = {lam:g}$ is Ridge(alpha=…)": lam,
            f"$\\lambda = {lam:g}$ is Lasso(alpha=$\\lambda / (2N)$) with $N = {N}$": lam / (2 * N),
            f"$\\lambda = {lam:g}$ is LogisticRegression(C=$1/(2\\lambda)$), for $\\lambda\\lVert \\mathbf{{w}} \\rVert_2^2$": 1 / (2 * lam),
        },
        precision=3,
    )
)
