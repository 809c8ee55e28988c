"""A ⊗ B is a block matrix of copies of B scaled by the entries of A, of size mp × nq; on two 2 × 2 matrices it gives 4 × 4, where the element-wise product keeps 2 × 2; (A ⊗ B)(C ⊗ D) = AC ⊗ BD, and A ⊗ B applied to a flattened X is A X Bᵀ."""

import numpy as np

from notation import hadamard, kronecker_product
from notation.render import facts, table

A = np.array([[1.0, 2.0], [-1.0, 0.0]])  # 2 × 2
B = np.array([[1.0, 10.0, 0.0], [0.0, 1.0, 5.0]])  # 2 × 3
K = kronecker_product(A, B)
print(
    table(
        K,
        row_labels=[f"{r + 1}" for r in range(K.shape[0])],
        col_labels=[f"{c + 1}" for c in range(K.shape[1])],
        corner="row \\ column",
        precision=0,
        caption="$A \\otimes B$ for $A = \\begin{bmatrix} 1 & 2 \\\\ -1 & 0 \\end{bmatrix}$ and $B = \\begin{bmatrix} 1 & 10 & 0 \\\\ 0 & 1 & 5 \\end{bmatrix}$: blocks $A_{11}B, A_{12}B$ on top, $A_{21}B, A_{22}B$ below",
    )
)
C = np.array([[3.0, 1.0], [2.0, 4.0]])
print(
    facts(
        {
            "shape of $A \\otimes B$ ($m \\times n = 2 \\times 2$, $p \\times q = 2 \\times 3$)": f"{K.shape[0]} × {K.shape[1]}",
            "top-right block equals $A_{12} B = 2B$": bool(np.array_equal(K[:2, 3:], 2 * B)),
            "bottom-right block equals $A_{22} B = 0$": bool(np.array_equal(K[2:, 3:], np.zeros((2, 3)))),
            "same as np.kron(A, B)": bool(np.array_equal(K, np.kron(A, B))),
            "$B \\otimes A$ has the same shape; same entries in the same places?": bool(np.array_equal(kronecker_product(B, A), K)),
            "shape of $I_2 \\otimes B$ (block-diagonal: $B$ twice)": f"{kronecker_product(np.eye(2), B).shape[0]} × {kronecker_product(np.eye(2), B).shape[1]}",
            "$A \\otimes C$ for two $2 \\times 2$ matrices: shape": f"{kronecker_product(A, C).shape[0]} × {kronecker_product(A, C).shape[1]}",
            "$A \\odot C$ (what ⊗ means in the SwiGLU paper): shape": f"{hadamard(A, C).shape[0]} × {hadamard(A, C).shape[1]}",
            "$A \\odot C$": hadamard(A, C),
        },
        precision=0,
    )
)
D = np.array([[1.0, 0.0], [2.0, -1.0], [0.0, 3.0]])  # 3 × 2, so BD exists
X = np.array([[1.0, -2.0, 0.5], [3.0, 0.0, 1.0]])  # 2 × 3, flattened row by row into a vector of 6
print(
    facts(
        {
            "$(A \\otimes B)(C \\otimes D)$ with $D = \\begin{bmatrix} 1 & 0 \\\\ 2 & -1 \\\\ 0 & 3 \\end{bmatrix}$ ($4 \\times 6$ times $6 \\times 4$)": kronecker_product(A, B) @ kronecker_product(C, D),
            "$AC \\otimes BD$ (mixed-product property: only $2 \\times 2$ products)": kronecker_product(A @ C, B @ D),
            "$(A \\otimes B)$ times $X$ flattened, for a $2 \\times 3$ matrix $X$": kronecker_product(A, B) @ X.reshape(-1),
            "$A X B^\\top$ flattened: the same, without forming $A \\otimes B$": (A @ X @ B.T).reshape(-1),
        },
        precision=1,
    )
)
