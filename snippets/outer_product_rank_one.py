"""u vᵀ is an m × n table of products u_i v_j with rank 1; its trace is the dot product; a matrix product is a sum of outer products; a linear layer's weight gradient for one example is one."""

import numpy as np

from notation import dot_product, gradient, kronecker_product, outer_product, to_bmatrix, trace
from notation.render import display_math, facts, table

u = np.array([1.0, 2.0, -1.0])
v = np.array([3.0, 0.5, 2.0, -2.0])
O = outer_product(u, v)
print(
    table(
        O,
        row_labels=[f"$u_{i} = {x:g}$" for i, x in enumerate(u, 1)],
        col_labels=[f"$v_{j} = {x:g}$" for j, x in enumerate(v, 1)],
        corner="$u_i v_j$",
        precision=1,
        caption="$\\mathbf{u}\\mathbf{v}^\\top$: a $3 \\times 4$ table, every row a multiple of $\\mathbf{v}$",
    )
)
w = np.array([4.0, -1.0, 0.5])
A = np.array([[1.0, 2.0], [0.0, 1.0], [3.0, -1.0]])
B = np.array([[2.0, 0.0, 1.0], [1.0, 1.0, -1.0]])
by_outer = sum(outer_product(A[:, k], B[k, :]) for k in range(A.shape[1]))

# one example x through y = x W (row form), loss 𝓛 = y · g for a fixed upstream gradient g
x = np.array([0.5, -1.0, 2.0])
g = np.array([1.0, -2.0])
W0 = np.zeros((3, 2))
kron = kronecker_product(u[None, :], v[None, :])  # the site's ⊗: a 1 × mn row, not an m × n matrix
dL_dW = gradient(lambda W: float(dot_product(x @ W, g)), W0)  # finite differences, no formula
print(
    facts(
        {
            "shape and rank of $\\mathbf{u}\\mathbf{v}^\\top$": f"{O.shape[0]} × {O.shape[1]}, rank {np.linalg.matrix_rank(O)}",
            "Kronecker $\\mathbf{u} \\otimes \\mathbf{v}$ of the same rows": f"{kron.shape[0]} × {kron.shape[1]}; the entries of $\\mathbf{{u}}\\mathbf{{v}}^\\top$ row by row: {bool(np.array_equal(kron.ravel(), O.ravel()))}",
            "$\\mathbf{u}^\\top\\mathbf{w}$ for $\\mathbf{w} = [4, -1, 0.5]$ (dot product, one number)": dot_product(u, w),
            "$\\operatorname{tr}(\\mathbf{u}\\mathbf{w}^\\top)$ (the same number)": trace(outer_product(u, w)),
            "$AB$ as a matrix product": A @ B,
            "$\\sum_k (\\text{column } k \\text{ of } A)(\\text{row } k \\text{ of } B)$": by_outer,
            "$\\partial \\mathcal{L} / \\partial W$ by finite differences, for $\\mathcal{L} = (\\mathbf{x}W) \\cdot \\mathbf{g}$": dL_dW,
            "$\\mathbf{x}^\\top \\mathbf{g}$, the outer product of input and upstream gradient": outer_product(x, g),
        },
        precision=3,
    )
)
print(display_math(f"\\mathbf{{x}}^\\top \\mathbf{{g}} = {to_bmatrix(x[:, None])} {to_bmatrix(g)} = {to_bmatrix(outer_product(x, g))}"))
