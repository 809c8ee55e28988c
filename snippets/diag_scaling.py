"""np.diag goes both ways, and multiplying by a diagonal matrix scales rows (on the left) or columns (on the right), exactly what broadcasting does without building the matrix."""

import numpy as np

from notation import diag, hadamard, to_bmatrix
from notation.render import display_math, facts

d = np.array([2.0, -1.0, 0.5])
A = np.array([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]])  # 3 × 4
e = np.array([1.0, 0.0, 10.0, -1.0])
print(display_math(f"\\operatorname{{diag}}(2, -1, 0.5) = {to_bmatrix(diag(d))}, \\qquad A = {to_bmatrix(A)}"))
gamma = np.array([1.5, 0.5, 2.0])
x = np.array([0.2, -1.0, 3.0])  # one token's normalised features, a row vector
print(
    facts(
        {
            "diag of a vector: shape": f"{diag(d).shape[0]} × {diag(d).shape[1]}",
            "diag of that matrix gives the vector back": diag(diag(d)),
            "diag of the $3 \\times 4$ matrix $A$ (its diagonal $A_{11}, A_{22}, A_{33}$)": diag(A),
            "$\\operatorname{diag}(\\mathbf{d})\\, A$ (row $i$ times $d_i$)": diag(d) @ A,
            "d[:, None] * A (broadcasting, no matrix built)": d[:, None] * A,
            "$A \\operatorname{diag}(\\mathbf{e})$ for $\\mathbf{e} = [1, 0, 10, -1]$ (column $j$ times $e_j$)": A @ diag(e),
            "A * e (broadcasting along the rows)": A * e,
            "LayerNorm gain: $\\mathbf{x} \\operatorname{diag}(\\boldsymbol{\\gamma})$": x @ diag(gamma),
            "$\\boldsymbol{\\gamma} \\odot \\mathbf{x}$": hadamard(gamma, x),
            "multiply-adds: diag(d) @ A against d[:, None] * A": f"{diag(d).shape[0] * diag(d).shape[1] * A.shape[1]} against {A.size}",
        },
        precision=1,
    )
)
