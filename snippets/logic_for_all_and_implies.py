"""p ⇒ q as a truth table; A ≻ 0 ⇒ a positive diagonal but not the converse; ∀ refuted by one ∃ counterexample."""

import numpy as np

from notation import implies, is_positive_definite
from notation.render import facts, fmt, fmt_array, table

p = np.array([True, True, False, False])
q = np.array([True, False, True, False])
print(
    table(
        np.array([[str(a), str(b), str(a and b), str(a or b), str(bool(implies(a, b))), str(a == b)] for a, b in zip(p, q)], dtype=object),
        row_labels=[f"row {i}" for i in range(1, 5)],
        col_labels=["$p$", "$q$", "$p \\land q$", "$p \\lor q$", "$p \\Rightarrow q$", "$p \\iff q$"],
        caption="$p \\Rightarrow q$ is false only when $p$ is true and $q$ false",
    )
)

A = np.array([[1.0, 2.0], [2.0, 1.0]])  # positive diagonal, not positive definite
B = np.array([[2.0, -1.0], [-1.0, 2.0]])  # positive definite
rng = np.random.default_rng(0)
xs = rng.normal(size=(10_000, 2))
xs /= np.linalg.norm(xs, axis=1, keepdims=True)  # unit vectors: the sign of x M xᵀ is all that matters
results = {}
for name, M in (("A", A), ("B", B)):
    quad = np.einsum("ni,ij,nj->n", xs, M, xs)  # x M xᵀ for each sampled row x
    worst = xs[np.argmin(quad)]
    results[name] = [
        str(bool((np.diag(M) > 0).all())),
        str(is_positive_definite(M)),
        int((quad <= 0).sum()),
        fmt(quad.min(), 4),
        fmt_array(worst, 3),
    ]
print(
    table(
        np.array(list(results.values()), dtype=object),
        row_labels=["$A = \\begin{bmatrix} 1 & 2 \\\\ 2 & 1 \\end{bmatrix}$", "$B = \\begin{bmatrix} 2 & -1 \\\\ -1 & 2 \\end{bmatrix}$"],
        col_labels=[
            "$\\forall i: M_{ii} > 0$",
            "$M \\succ 0$",
            "of 10,000 random unit $\\mathbf{x}$: $\\mathbf{x} M \\mathbf{x}^\\top \\le 0$",
            "smallest $\\mathbf{x} M \\mathbf{x}^\\top$ (near the smallest eigenvalue)",
            "the $\\mathbf{x}$ that gives it",
        ],
        caption="$M \\succ 0 \\Rightarrow \\forall i: M_{ii} > 0$, but not the other way: $A$ has a positive diagonal and counterexamples",
    )
)
print(
    facts(
        {
            "$\\exists \\mathbf{x}: \\mathbf{x} A \\mathbf{x}^\\top \\le 0$ (so not $\\forall$)": results["A"][2] != 0,
            "the counterexample $\\mathbf{x} = (1, -1)$: $\\mathbf{x} A \\mathbf{x}^\\top$": float(np.array([1.0, -1.0]) @ A @ np.array([1.0, -1.0])),
        }
    )
)
