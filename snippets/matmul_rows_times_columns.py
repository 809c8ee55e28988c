"""Matrix multiplication: each entry is a row of A times a column of B, inner sizes must match, order matters."""

import numpy as np

from notation import dot_product, matmul_shape
from notation.render import facts, fmt, fmt_array, note, shape_str, table

A = np.array([[1.0, 2.0, 0.0], [-1.0, 3.0, 1.0]])  # 2 × 3
B = np.array([[2.0, 1.0], [0.0, -1.0], [4.0, 2.0]])  # 3 × 2
AB = A @ B


def par(v):
    """A number for a written-out sum, negatives in brackets: (−1)."""
    return f"({fmt(v, 0)})" if v < 0 else fmt(v, 0)


entries = [[dot_product(A[i], B[:, j]) for j in range(B.shape[1])] for i in range(A.shape[0])]
worked = [
    [" + ".join(f"{par(a)}·{par(b)}" for a, b in zip(A[i], B[:, j])) + f" = {fmt(entries[i][j], 0)}" for j in range(2)]
    for i in range(2)
]

print(
    table(
        worked,
        row_labels=[f"row {i + 1} of $A$ = {fmt_array(A[i], 0)}" for i in range(2)],
        col_labels=[f"column {j + 1} of $B$ = {fmt_array(B[:, j], 0)}" for j in range(2)],
        caption=f"$AB$: ({shape_str(A)}) times ({shape_str(B)}) gives {shape_str(AB)}; each entry is a row times a column",
    )
)
print(
    facts(
        {
            "$AB$ computed with A @ B": AB,
            "$BA$ instead": f"{shape_str(matmul_shape(B.shape, A.shape))}, a different shape altogether",
        },
        precision=0,
    )
)

C = np.array([[1.0, 2.0], [0.0, 1.0]])
D = np.array([[0.0, 1.0], [1.0, 0.0]])
print(note("Even when both orders exist and have the same shape, they usually differ:"))
print(facts({"$C$": C, "$D$": D, "$CD$": C @ D, "$DC$": D @ C, "$CD = DC$?": bool(np.array_equal(C @ D, D @ C))}, precision=0))

rng = np.random.default_rng(0)
N, d_model, d_k = 5, 8, 4
X, W_Q = rng.standard_normal((N, d_model)), rng.standard_normal((d_model, d_k))
one_by_one = np.stack([X[i] @ W_Q for i in range(N)])
try:
    matmul_shape(W_Q.shape, X.shape)
except ValueError as exc:
    wrong_order = f"error: {exc}"
print(
    facts(
        {
            "one projection, $Q = X W^Q$": f"({shape_str(X)}) @ ({shape_str(W_Q)}) → {shape_str(X @ W_Q)}",
            "same as projecting each token row $\\mathbf{x}_i W^Q$ on its own": bool(np.allclose(X @ W_Q, one_by_one, rtol=0, atol=1e-12)),
            "$W^Q X$, the other order": wrong_order,
        }
    )
)
