"""A 2 × 3 × 4 tensor: 24 numbers on 3 axes, and why "rank" can mean two different things."""

import math

import numpy as np

from notation.render import facts, table

T = np.arange(24, dtype=np.float32).reshape(2, 3, 4)  # B × N × d with B=2, N=3, d=4

print(
    facts(
        {
            "T.shape": f"{T.shape}",
            "T.ndim (number of axes)": T.ndim,
            "T.size (numbers held)": T.size,
            "$2 \\cdot 3 \\cdot 4$": math.prod(T.shape),
            "T[1] is one $3 \\times 4$ matrix (the second example)": f"{T[1].shape}",
            "T[1, 2, 3]: example 2, token 3, feature 4 (code counts from 0)": T[1, 2, 3],
            "memory as float32: 24 numbers × 4 bytes (T.nbytes)": T.nbytes,
            "an RGB image, height × width × 3 = 32 × 32 × 3, holds": np.zeros((32, 32, 3)).size,
        },
        precision=0,
    )
)

u = np.array([1.0, 2.0, 3.0])
v = np.array([1.0, 0.0, -1.0])
objects = {
    "$\\mathbf{u} \\in \\mathbb{R}^{3}$": u,
    "$\\mathbf{u}\\mathbf{v}^{\\top}$, a $3 \\times 3$ outer product": np.outer(u, v),
    "$I_3$, the $3 \\times 3$ identity": np.eye(3),
    "$T \\in \\mathbb{R}^{2 \\times 3 \\times 4}$": T,
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
