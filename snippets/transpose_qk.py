"""Transpose swaps rows and columns, (Aᵀ)_ij = A_ji, and it is what makes Q Kᵀ a valid product."""

import numpy as np

from notation import matmul_shape
from notation.render import facts, shape_str, table

A = np.arange(1.0, 16.0).reshape(3, 5)
At = A.T
print(table(A, row_labels=[f"row {i + 1}" for i in range(3)], col_labels=[f"col {j + 1}" for j in range(5)], precision=0, caption=f"$A$, {shape_str(A)}"))
print(table(At, row_labels=[f"row {i + 1}" for i in range(5)], col_labels=[f"col {j + 1}" for j in range(3)], precision=0, caption=f"$A^\\top$, {shape_str(At)}: row $i$ of $A^\\top$ is column $i$ of $A$"))
print(
    facts(
        {
            "$(A^\\top)_{42}$ = At[3, 1]": At[3, 1],
            "$A_{24}$ = A[1, 3]": A[1, 3],
            "$(A^\\top)_{ij} = A_{ji}$ for every $i, j$": all(At[i, j] == A[j, i] for i in range(5) for j in range(3)),
        },
        precision=0,
    )
)

rng = np.random.default_rng(0)
N, M, d_k = 4, 6, 3  # 4 queries, 6 keys (cross-attention: M ≠ N)
Q, K = rng.standard_normal((N, d_k)), rng.standard_normal((M, d_k))
try:
    matmul_shape(Q.shape, K.shape)
except ValueError as exc:
    without = f"error: {exc}"
B = rng.standard_normal((d_k, 2))
print(
    facts(
        {
            "$Q$ and $K$": f"{shape_str(Q)} and {shape_str(K)}",
            "$Q K^\\top$: one score per (query, key)": f"({shape_str(Q)}) @ ({shape_str(K.T)}) → {shape_str(matmul_shape(Q.shape, K.T.shape))}",
            "score (2, 5) is query 2 · key 5": bool(np.isclose((Q @ K.T)[1, 4], Q[1] @ K[4])),
            "$Q K$ without the transpose": without,
            "$(QB)^\\top = B^\\top Q^\\top$ (order reverses)": bool(np.allclose((Q @ B).T, B.T @ Q.T)),
        }
    )
)
