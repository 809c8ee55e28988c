"""Σ for data with one example per row is d × d, variances on the diagonal; np.cov(X) reads rows as variables (N × N), np.cov(X, rowvar=False) is the one you want; Σ is an average of outer products and is ⪰ 0."""

import numpy as np

from notation import covariance_matrix, eigenvalues, is_positive_definite, outer_product, trace, variance
from notation.render import facts, table

rng = np.random.default_rng(3)
N = 200
height = rng.normal(170.0, 8.0, N)  # cm
weight = 0.9 * (height - 170.0) + rng.normal(70.0, 6.0, N)  # kg, taller people weigh more
reaction = rng.normal(250.0, 20.0, N)  # ms, unrelated to the other two
X = np.column_stack([height, weight, reaction])  # N × d = 200 × 3, one person per row
S = covariance_matrix(X)
names = ["height", "weight", "reaction time"]
print(
    table(
        S,
        row_labels=names,
        col_labels=names,
        corner="$\\Sigma$",
        precision=1,
        caption="Sample covariance of 200 people × 3 features ($N - 1$ in the denominator)",
    )
)
mu = X.mean(axis=0)
avg_outer = sum(outer_product(x - mu, x - mu) for x in X) / (N - 1)
print(
    facts(
        {
            "shape of np.cov(X), rows read as variables": f"{np.cov(X).shape[0]} × {np.cov(X).shape[1]}",
            "shape of np.cov(X, rowvar=False)": f"{np.cov(X, rowvar=False).shape[0]} × {np.cov(X, rowvar=False).shape[1]}",
            "np.cov(X, rowvar=False) equals $\\Sigma$": bool(np.allclose(np.cov(X, rowvar=False), S)),
            "np.cov(X.T) equals $\\Sigma$ too": bool(np.allclose(np.cov(X.T), S)),
            "diagonal of $\\Sigma$": np.diag(S),
            "variance of each column, $\\operatorname{Var}$ with $N - 1$": variance(X.T, ddof=1),
            "np.cov(X, rowvar=False, bias=True), dividing by $N$ (population formula): its diagonal": np.diag(np.cov(X, rowvar=False, bias=True)),
            "the same, as a share of the $N - 1$ version": f"{np.cov(X, rowvar=False, bias=True)[0, 0] / S[0, 0]:.4f}",
            "$\\frac{1}{N-1}\\sum_n (\\mathbf{x}_n - \\boldsymbol{\\mu})^\\top(\\mathbf{x}_n - \\boldsymbol{\\mu})$ equals $\\Sigma$": bool(np.allclose(avg_outer, S)),
            "eigenvalues of $\\Sigma$ (none negative: $\\Sigma \\succeq 0$)": eigenvalues(S),
            "$\\Sigma \\succeq 0$": is_positive_definite(S, strict=False),
            "total variance $\\operatorname{tr}(\\Sigma)$": trace(S),
        },
        precision=2,
    )
)
