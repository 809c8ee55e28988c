"""The Gram matrix of the Gaussian kernel on five points: symmetric, ones on the diagonal, no negative
eigenvalue; the kernel trick for (x · x′)²; a similarity that is not a kernel; and a valid Gram matrix
on 50 close points whose float64 eigenvalues dip below 0 by rounding, until a jitter is added."""

import numpy as np

from notation import eigenvalues, pairwise_sq_distances, symmetric_eigen, polynomial_kernel, quadratic_features, rbf_kernel
from notation.render import facts, sci, table

X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [2.0, 2.0], [3.0, 1.0]])
sigma = 1.0
K = rbf_kernel(X, sigma=sigma)
names = [f"$\\mathbf{{x}}_{i}$" for i in range(1, 6)]
print(table(K, row_labels=names, col_labels=names, precision=3, corner="$K_{ij}$", caption=f"$k(\\mathbf{{x}}, \\mathbf{{x}}') = \\exp(-\\lVert \\mathbf{{x}} - \\mathbf{{x}}' \\rVert^2 / 2\\sigma^2)$ with $\\sigma = {sigma:g}$"))
phi = quadratic_features(X)
not_a_kernel = -pairwise_sq_distances(X)  # −‖x − x′‖²: a similarity, but not a kernel
close = rbf_kernel(np.linspace(0, 1, 50)[:, None], sigma=1.0)  # a valid kernel, numerically singular
lam_close = symmetric_eigen(close).values
jitter = 1e-10  # what scikit-learn's GaussianProcessRegressor adds to the diagonal by default (alpha)
print(
    facts(
        {
            "$K$ symmetric": bool(np.array_equal(K, K.T)),
            "eigenvalues of $K$ (none negative: $K \\succeq 0$)": eigenvalues(K),
            "scikit-learn's gamma $= 1/(2\\sigma^2)$": 1 / (2 * sigma**2),
            "$\\varphi(\\mathbf{x}) = (x_1^2, \\sqrt{2}x_1x_2, x_2^2)$ for $\\mathbf{x}_4 = (2, 2)$": phi[3],
            "largest gap between $(\\mathbf{x} \\cdot \\mathbf{x}')^2$ and $\\varphi(\\mathbf{x}) \\cdot \\varphi(\\mathbf{x}')$ over all pairs": float(np.abs(polynomial_kernel(X, degree=2) - phi @ phi.T).max()),
            "eigenvalues of $-\\lVert \\mathbf{x}_i - \\mathbf{x}_j \\rVert^2$ (one is negative: not a kernel)": eigenvalues(not_a_kernel),
            "smallest eigenvalue, 50 points in $[0, 1]$, $\\sigma = 1$ (float64)": sci(lam_close[-1], 2),
            "float64's rounding scale there, $N \\varepsilon \\lambda_{\\max}$": sci(50 * np.finfo(float).eps * lam_close[0], 2),
            f"the same after adding {sci(jitter, 1)} to the diagonal": sci(symmetric_eigen(close + jitter * np.eye(50)).values[-1], 2),
        },
        precision=3,
    )
)
