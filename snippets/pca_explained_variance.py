"""PCA of ten points in three dimensions: the variance along each principal direction and its share,
the same numbers from the covariance matrix's eigenvalues and from the SVD of the centred data, and the
sign that either may flip."""

import numpy as np

from notation import covariance_matrix, pca, symmetric_eigen
from notation.render import facts, table

rng = np.random.default_rng(5)
t = rng.normal(0, 2.0, 10)
X = np.column_stack([t, 0.5 * t + rng.normal(0, 0.4, 10), rng.normal(0, 0.3, 10)]).round(2)  # mostly along one line
fit = pca(X, k=3)
print(
    table(
        np.column_stack([fit.components.T, fit.explained_variance, fit.explained_variance_ratio]),
        row_labels=[f"$\\mathbf{{w}}_{j}$" for j in range(1, 4)],
        col_labels=["along $x_1$", "along $x_2$", "along $x_3$", "variance $\\lambda_j$", "share $\\lambda_j / \\sum_l \\lambda_l$"],
        precision=3,
        caption="Principal directions of ten points in $\\mathbb{R}^3$, one per row (the columns of $W$), by their coordinates",
    )
)
lam, V = symmetric_eigen(covariance_matrix(X))  # eigenvalues largest first
X1 = pca(X, k=1).scores[:, 0]
print(
    facts(
        {
            "eigenvalues of $\\Sigma$, largest first": lam,
            "gap from $W$ to eigh's, signs matched": float(np.abs(np.abs(V) - np.abs(fit.components)).max()),
            "$\\mathbf{w}_1$ from np.linalg.eigh (either sign)": V[:, 0],
            "share kept by $k = 1$": float(fit.explained_variance_ratio[0]),
            "scores $(X - \\bar{\\mathbf{x}}) W_1$": X1,
            "their variance ($= \\lambda_1$)": float(X1.var(ddof=1)),
        },
        precision=3,
    )
)
