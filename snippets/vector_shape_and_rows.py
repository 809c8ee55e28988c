"""A vector has one axis; maths counts its entries from 1, NumPy from 0; x W treats it as a row."""

import numpy as np

from notation import matmul_shape
from notation.render import facts, table

x = np.array([0.5, -1.0, 2.0, 3.0])  # x ∈ ℝ^4
W = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]])  # 4 × 2

print(
    table(
        x,
        col_labels=[f"$x_{i + 1}$ = x[{i}]" for i in range(len(x))],
        caption="$\\mathbf{x} \\in \\mathbb{R}^{4}$: one axis, four entries (maths counts from 1, Python from 0)",
        precision=1,
    )
)
y = x @ W
print(
    facts(
        {
            "x.shape": f"{x.shape}",
            "x.ndim": x.ndim,
            "$x_2$, the second entry, is x[1]": x[1],
            "$\\mathbf{x} W$ with $W \\in \\mathbb{R}^{4 \\times 2}$: shape by the rule": f"{matmul_shape(x.shape, W.shape)}, a vector of {matmul_shape(x.shape, W.shape)[0]} numbers",
            "$\\mathbf{x} W$ computed": y,
            "as an explicit row, x[None, :] has shape": f"{x[None, :].shape}",
            "as an explicit column, x[:, None] has shape": f"{x[:, None].shape}",
        },
        precision=2,
    )
)
