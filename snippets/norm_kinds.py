"""The lengths of a vector and a matrix: ‖·‖₂, ‖·‖₁, Frobenius, unit vectors and cosine similarity."""

import numpy as np

from notation import cosine_similarity, frobenius_norm, unit_vector, vector_norm
from notation.render import facts, table

x = np.array([3.0, -4.0])
print(
    facts(
        {
            "$\\mathbf{x}$": x,
            "$\\lVert \\mathbf{x} \\rVert_2 = \\sqrt{3^2 + 4^2}$": vector_norm(x),
            "$\\lVert \\mathbf{x} \\rVert_1 = \\lvert 3 \\rvert + \\lvert -4 \\rvert$": vector_norm(x, p=1),
            "$\\lVert \\mathbf{x} \\rVert_\\infty$ (largest size)": vector_norm(x, p=np.inf),
            "unit vector $\\mathbf{x} / \\lVert \\mathbf{x} \\rVert_2$": unit_vector(x),
            "its length": vector_norm(unit_vector(x)),
            "np.abs(x), the absolute value of each entry (a vector, not a length)": np.abs(x),
        },
        precision=2,
    )
)

M = np.array([[1.0, 2.0], [3.0, 4.0]])
print(facts({"$M$": M}, precision=0))
print(
    facts(
        {
            "$\\lVert M \\rVert_F = \\sqrt{1 + 4 + 9 + 16}$": frobenius_norm(M),
            "$\\lVert \\cdot \\rVert_2$ of M.ravel(), the matrix read as one vector": vector_norm(M.ravel()),
            "np.linalg.norm(M, 2), the spectral norm (largest singular value)": np.linalg.norm(M, 2),
        },
        precision=4,
    )
)

a = np.array([1.0, 2.0, 3.0])
others = {
    "$2\\mathbf{a}$ (same direction, twice as long)": 2 * a,
    "$-\\mathbf{a}$ (opposite)": -a,
    "$[3, 0, -1]$ (perpendicular)": np.array([3.0, 0.0, -1.0]),
    "$[1, 2, 2.5]$ (nearly the same)": np.array([1.0, 2.0, 2.5]),
}
print(
    table(
        [[a @ b, cosine_similarity(a, b)] for b in others.values()],
        row_labels=list(others),
        col_labels=["dot product $\\mathbf{a} \\cdot \\mathbf{b}$", "cosine similarity"],
        corner="$\\mathbf{b}$, with $\\mathbf{a} = [1, 2, 3]$",
        precision=3,
        caption="Cosine similarity ignores length: only the direction counts",
    )
)
