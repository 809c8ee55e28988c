"""Element-wise division ⊘: divide entry by entry, as in Adam's per-parameter step m̂ ⊘ (√v̂ + ε)."""

import numpy as np

from notation import elementwise_divide, hadamard, to_bmatrix
from notation.render import display_math, facts, table

A = np.array([[6.0, 1.0, -3.0], [2.0, 9.0, 0.5]])
B = np.array([[3.0, 4.0, 2.0], [-1.0, 3.0, 0.25]])
Q = elementwise_divide(A, B)
print(display_math(f"A \\oslash B = {to_bmatrix(A)} \\oslash {to_bmatrix(B)} = {to_bmatrix(Q)}"))
try:
    elementwise_divide(A, np.where(B == 4.0, 0.0, B))
except ValueError as exc:
    zero = str(exc)
with np.errstate(divide="ignore"):
    numpy_zero = np.array([1.0, -1.0]) / np.array([0.0, 0.0])
print(
    facts(
        {
            "$(A \\oslash B) \\odot B$ gives back $A$": bool(np.allclose(hadamard(Q, B), A)),
            "a zero in $B$ (library)": zero,
            "a zero in $B$ in NumPy: [1, −1] / [0, 0]": numpy_zero,
        },
        precision=3,
    )
)

m = np.array([0.02, -0.01, 0.001])  # m̂: running mean of the gradient, bias-corrected, one per parameter
v = np.array([4e-4, 1e-6, 1e-8])  # v̂: running mean of its square, bias-corrected
eps, lr = 1e-8, 1e-3
step = lr * elementwise_divide(m, np.sqrt(v) + eps)
print(
    table(
        np.stack([m, np.sqrt(v), step]),
        row_labels=["$\\hat{\\mathbf{m}}$", "$\\sqrt{\\hat{\\mathbf{v}}}$", "step $\\eta\\, \\hat{\\mathbf{m}} \\oslash (\\sqrt{\\hat{\\mathbf{v}}} + \\epsilon)$"],
        col_labels=["parameter 1", "parameter 2", "parameter 3"],
        precision=5,
        caption="Adam divides each parameter's average gradient by its own typical size",
    )
)
