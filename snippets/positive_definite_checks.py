"""A ≻ 0 means xᵀAx > 0 for every x ≠ 0: tested by eigenvalues, by Cholesky and by random directions; in floating point Cholesky passes a singular Gram matrix, so the test needs a tolerance; positive entries are neither needed nor enough; for a non-symmetric matrix only the symmetric part counts."""

import numpy as np

from notation import covariance_matrix, eigenvalues, is_positive_definite, quadratic_form, unit_vector
from notation.render import facts, fmt, fmt_array, sci, table

rng = np.random.default_rng(0)
X = rng.standard_normal((50, 3)) @ np.array([[1.0, 0.5, 0.0], [0.0, 1.0, 0.3], [0.0, 0.0, 0.2]])
G = rng.standard_normal((2, 4))
mats = {
    "$\\begin{bmatrix} 2 & -1 \\\\ -1 & 2 \\end{bmatrix}$ (negative entries)": np.array([[2.0, -1.0], [-1.0, 2.0]]),
    "$\\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\end{bmatrix}$ (all entries positive)": np.array([[1.0, 2.0], [2.0, 1.0]]),
    "$\\begin{bmatrix} 1 & 1 \\\\ 1 & 1 \\end{bmatrix}$": np.array([[1.0, 1.0], [1.0, 1.0]]),
    "covariance of 50 points in $\\mathbb{R}^3$": covariance_matrix(X),
    "Gram matrix $G^\\top G$, $G \\in \\mathbb{R}^{2 \\times 4}$": G.T @ G,
    "$-I_2$": -np.eye(2),
}
def cholesky_works(M: np.ndarray) -> bool:
    try:
        np.linalg.cholesky(M)
    except np.linalg.LinAlgError:
        return False
    return True


rows = []
for M in mats.values():
    n = M.shape[0]
    xs = unit_vector(rng.standard_normal((10_000, n)))  # 10,000 random unit directions
    q = quadratic_form(xs, M)
    rows.append(
        [
            fmt_array(np.round(eigenvalues(M), 12), 3),
            fmt(float(q.min()), 3),
            "yes" if cholesky_works(M) else "no",
            "yes" if is_positive_definite(M) else "no",
            "yes" if is_positive_definite(M, strict=False) else "no",
        ]
    )
print(
    table(
        rows,
        row_labels=list(mats),
        col_labels=[
            "eigenvalues",
            "smallest $\\mathbf{x}^\\top A \\mathbf{x}$ over 10,000 unit $\\mathbf{x}$",
            "np.linalg.cholesky succeeds",
            "$A \\succ 0$ (every eigenvalue above $10^{-10}$ of the largest)",
            "$A \\succeq 0$ (no eigenvalue below $-10^{-10}$ of the largest)",
        ],
        corner="symmetric $A$",
        caption="Definiteness is about the quadratic form, not the signs of the entries; Cholesky alone is fooled by rounding",
    )
)

# The Gram matrix has rank 2, so two eigenvalues are exactly 0; rounding makes them tiny positive
# numbers, and Cholesky goes through with two tiny pivots instead of failing. diag(1, 1e-11) is
# positive definite, but below the library's relative tolerance.
gram = mats["Gram matrix $G^\\top G$, $G \\in \\mathbb{R}^{2 \\times 4}$"]
tiny = np.diag([1.0, 1e-11])
rows = []
for M in (gram, tiny):
    lam = np.linalg.eigvalsh(M)
    rows.append(
        [
            int(np.linalg.matrix_rank(M)),
            ", ".join(sci(v, 2) for v in lam[:2]),
            ", ".join(sci(v, 3) for v in np.diag(np.linalg.cholesky(M))[-2:]),
            "yes" if np.all(lam > 0) else "no",
            "yes" if is_positive_definite(M) else "no",
        ]
    )
print(
    table(
        np.array(rows, dtype=object),
        row_labels=["$G^\\top G$ from the table, $4 \\times 4$", "$\\operatorname{diag}(1, 10^{-11})$"],
        col_labels=["rank (np.linalg.matrix_rank)", "two smallest eigenvalues (eigvalsh)", "last two diagonal entries of Cholesky's $L$", "every eigenvalue $> 0$, no tolerance", "$A \\succ 0$ (library)"],
        corner="symmetric $A$",
        caption="Near the boundary a test needs a tolerance: rounding lets the singular $G^\\top G$ through, and the tolerance turns away a badly conditioned positive definite matrix",
    )
)

N = np.array([[1.0, 3.0], [0.0, 1.0]])  # not symmetric
try:
    is_positive_definite(N)
    refused = "no error"
except ValueError:
    refused = "ValueError: not symmetric"
try:
    np.linalg.cholesky(N)
    chol = "succeeds (it reads only the lower triangle)"
except np.linalg.LinAlgError:
    chol = "fails"
print(
    facts(
        {
            "eigenvalues of the non-symmetric $N = \\begin{bmatrix} 1 & 3 \\\\ 0 & 1 \\end{bmatrix}$": eigenvalues(N),
            "$\\mathbf{x}^\\top N \\mathbf{x}$ for $\\mathbf{x} = [1, -1]$": float(quadratic_form(np.array([1.0, -1.0]), N)),
            "np.linalg.cholesky(N)": chol,
            "is_positive_definite(N)": refused,
            "eigenvalues of the symmetric part $\\tfrac{1}{2}(N + N^\\top)$, which decides": eigenvalues((N + N.T) / 2),
        },
        precision=3,
    )
)
