"""Eigenvectors are the directions a matrix only stretches (Av = λv); a symmetric matrix has real eigenvalues and perpendicular eigenvectors; a rotation has none that are real; repeated multiplication grows or shrinks like λ_max^t."""

import numpy as np

from notation import cosine_similarity, determinant, eigenvalues, symmetric_eigen, trace, vector_norm
from notation.render import facts, fmt, table

A = np.array([[2.0, 1.0], [1.0, 2.0]])
e = symmetric_eigen(A)
rows, names = [], []
for name, x in [
    ("eigenvector $\\mathbf{v}_1$", e.vectors[:, 0]),
    ("eigenvector $\\mathbf{v}_2$", e.vectors[:, 1]),
    ("other direction $[1, 0]$", np.array([1.0, 0.0])),
    ("other direction $[0.6, -0.8]$", np.array([0.6, -0.8])),
]:
    Ax = A @ x
    names.append(name)
    rows.append([f"[{fmt(x[0])}, {fmt(x[1])}]", f"[{fmt(Ax[0])}, {fmt(Ax[1])}]", fmt(vector_norm(Ax) / vector_norm(x)), fmt(cosine_similarity(x, Ax))])
print(
    table(
        rows,
        row_labels=names,
        col_labels=["$\\mathbf{x}$", "$A\\mathbf{x}$", "stretch $\\lVert A\\mathbf{x} \\rVert / \\lVert \\mathbf{x} \\rVert$", "cosine of $\\mathbf{x}$ and $A\\mathbf{x}$"],
        corner="$A = \\begin{bmatrix} 2 & 1 \\\\ 1 & 2 \\end{bmatrix}$",
        caption="An eigenvector keeps its direction (cosine 1 or −1); any other vector is turned",
    )
)
R = np.array([[0.0, -1.0], [1.0, 0.0]])  # a quarter turn
N = np.array([[1.0, 2.0], [0.0, 3.0]])  # not symmetric, yet real eigenvalues
print(
    facts(
        {
            "eigenvalues $\\lambda$ of $A$ (symmetric)": e.values,
            "$\\mathbf{v}_1 \\cdot \\mathbf{v}_2$ (perpendicular)": float(e.vectors[:, 0] @ e.vectors[:, 1]),
            "$\\lambda_1 + \\lambda_2$ and $\\operatorname{tr} A$": f"{fmt(e.values.sum())} and {fmt(trace(A))}",
            "$\\lambda_1 \\lambda_2$ and $\\det A$": f"{fmt(e.values.prod())} and {fmt(determinant(A))}",
            "eigenvalues of the quarter turn $\\begin{bmatrix} 0 & -1 \\\\ 1 & 0 \\end{bmatrix}$": " and ".join(f"{fmt(z.real, 0)} {'+' if z.imag >= 0 else '−'} {fmt(abs(z.imag), 0)}i" for z in eigenvalues(R)),
            "eigenvalues of $\\begin{bmatrix} 1 & 2 \\\\ 0 & 3 \\end{bmatrix}$ (triangular: the diagonal)": eigenvalues(N),
        },
        precision=3,
    )
)
rng = np.random.default_rng(0)
M = rng.standard_normal((4, 4))
M = (M + M.T) / 2
top = float(np.max(np.abs(eigenvalues(M))))
x0 = rng.standard_normal(4)
steps = [1, 5, 10, 20, 40]
growth = []
for lam_max in (0.9, 1.1):
    S = M * (lam_max / top)  # rescaled so that the largest |λ| is lam_max
    growth.append([fmt(vector_norm(np.linalg.matrix_power(S, t) @ x0) / vector_norm(x0), 4) for t in steps])
    growth.append([fmt(lam_max**t, 4) for t in steps])
print(
    table(
        growth,
        row_labels=["$\\lVert S^t \\mathbf{x} \\rVert / \\lVert \\mathbf{x} \\rVert$, largest $\\lvert\\lambda\\rvert = 0.9$", "$0.9^t$", "$\\lVert S^t \\mathbf{x} \\rVert / \\lVert \\mathbf{x} \\rVert$, largest $\\lvert\\lambda\\rvert = 1.1$", "$1.1^t$"],
        col_labels=[f"$t = {t}$" for t in steps],
        corner="symmetric $4 \\times 4$ $S$",
        caption="Multiplying by the same matrix $t$ times: the largest eigenvalue sets the trend (vanishing below 1, exploding above)",
    )
)
