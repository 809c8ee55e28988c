"""⊙ against ⊗ on the same two vectors, and log as the natural logarithm (nats) against log₂ (bits)."""

import numpy as np

from notation import entropy, hadamard
from notation.render import facts, fmt_array, shape_str

a = np.array([1.0, 2.0, 3.0])
b = np.array([10.0, 0.0, -1.0])
coin = np.array([0.5, 0.5])
print(
    facts(
        {
            "$\\mathbf{a}$, $\\mathbf{b}$": f"{fmt_array(a, 1)}, {fmt_array(b, 1)}",
            "$\\mathbf{a} \\odot \\mathbf{b}$ (Hadamard, entry by entry)": f"{fmt_array(hadamard(a, b), 1)}, shape {shape_str(hadamard(a, b))}",
            "$\\mathbf{a} \\otimes \\mathbf{b}$ (Kronecker, np.kron: every pair)": f"{fmt_array(np.kron(a, b), 1)}, shape {shape_str(np.kron(a, b))}",
            "entropy of a fair coin with log (natural: nats)": entropy(coin),
            "the same with $\\log_2$ (bits)": entropy(coin, base=2),
        },
        precision=4,
    )
)
