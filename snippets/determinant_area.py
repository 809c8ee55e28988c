"""det(A) is the factor by which A scales areas (negative when it flips orientation, 0 when it flattens); det(AB) = det A det B; det = product of eigenvalues."""

import numpy as np

from notation import determinant, eigenvalues, polygon_area, to_bmatrix
from notation.render import facts, fmt, table

square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])  # the unit square, corners counter-clockwise
mats = {
    "stretch": np.array([[2.0, 0.0], [0.0, 3.0]]),
    "shear": np.array([[1.0, 1.5], [0.0, 1.0]]),
    "rotation by 30°": np.array([[np.cos(np.pi / 6), -np.sin(np.pi / 6)], [np.sin(np.pi / 6), np.cos(np.pi / 6)]]),
    "mixed": np.array([[2.0, 1.0], [0.5, 1.5]]),
    "reflection (swap axes)": np.array([[0.0, 1.0], [1.0, 0.0]]),
    "singular (rank 1)": np.array([[1.0, 2.0], [2.0, 4.0]]),
}
rows = []
for M in mats.values():
    image = square @ M.T  # each corner is a row x; A applied to it is x Aᵀ
    rows.append([f"${to_bmatrix(M, precision=None if np.all(M == np.round(M, 2)) else 3)}$", fmt(determinant(M), 3), fmt(polygon_area(image), 3)])
print(
    table(
        rows,
        row_labels=list(mats),
        col_labels=["$A$", "$\\det A$", "signed area of the image of the unit square"],
        corner="matrix",
        precision=3,
        caption="The determinant is the area of the unit square after $A$ (shoelace formula on the four moved corners)",
    )
)

rng = np.random.default_rng(0)
P, Q = rng.standard_normal((3, 3)), rng.standard_normal((3, 3))
lam = eigenvalues(P)
print(
    facts(
        {
            "$\\det P \\cdot \\det Q$ (random $3 \\times 3$)": determinant(P) * determinant(Q),
            "$\\det(PQ)$": determinant(P @ Q),
            "$\\det(P + Q)$, for contrast: not $\\det P + \\det Q$": determinant(P + Q),
            "$\\det P + \\det Q$": determinant(P) + determinant(Q),
            "product of the eigenvalues of $P$": float(np.prod(lam).real),
            "$\\det P$": determinant(P),
            "$\\det(2P)$ and $2^3 \\det P$": f"{determinant(2 * P):.4f} and {2**3 * determinant(P):.4f}",
        },
        precision=4,
    )
)
