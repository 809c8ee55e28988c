"""A 2 × 3 × 4 tensor: 24 numbers on 3 axes, and why "rank" can mean two different things."""

import math

import numpy as np

from notation.render import facts, table

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)  # B × N × d_model with B=2, N=3, d_model=4

print(
    facts(
        {
            "X.shape": f"{X.shape}",
            "X.ndim (number of axes)": X.ndim,
            "X.size (numbers held)": X.size,
            "$2 \\cdot 3 \\cdot 4$": math.prod(X.shape),
            "X[1] is one $3 \\times 4$ matrix (the second example)": f"{X[1].shape}",
            "X[1, 2, 3]: example 2, token 3, feature 4 (code counts from 0)": X[1, 2, 3],
            "memory as float32: 24 numbers × 4 bytes (X.nbytes)": X.nbytes,
            "an RGB image, height × width × 3 = 32 × 32 × 3, holds": np.zeros((32, 32, 3)).size,
        },
        precision=0,
    )
)

u = np.array([1.0, 2.0, 3.0])
v = np.array([1.0, 0.0, -1.0])
objects = {
    "$\\mathbf{u} \\in \\mathbb{R}^{3}$": u,
    "$\\mathbf{u}^{\\top}\\mathbf{v}$, a $3 \\times 3$ outer product of two rows": np.outer(u, v),
    "$I_3$, the $3 \\times 3$ identity": np.eye(3),
    "$X \\in \\mathbb{R}^{2 \\times 3 \\times 4}$": X,
}
print(
    table(
        [[str(a.ndim), str(np.linalg.matrix_rank(a)) if a.ndim == 2 else "not defined"] for a in objects.values()],
        row_labels=list(objects),
        col_labels=['number of axes (ndim; "tensor rank" or order)', "matrix rank (independent directions)"],
        corner="object",
        caption='Two different numbers that are both called "rank"',
    )
)
