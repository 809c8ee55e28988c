"""π(·∣s) is a whole row of the policy table; its dot product with Q(s, ·) is V(s). ‖·‖ is a function, applied to several vectors."""

import numpy as np

from notation import action_values, corridor, softmax_policy, state_values, vector_norm
from notation.render import facts, table

P, R = corridor()
pi = softmax_policy(np.tile([0.0, np.log(0.7 / 0.3)], (3, 1)))  # right with probability 0.7 in every cell
Q = action_values(P, R, pi, 0.9)
V = state_values(P, R, pi, 0.9)
rows = np.column_stack([pi, Q, (pi * Q).sum(axis=1), V])
print(
    table(
        rows,
        row_labels=[f"$s = {s}$" for s in range(3)],
        col_labels=[
            "$\\pi(\\text{left} \\mid s)$",
            "$\\pi(\\text{right} \\mid s)$",
            "$Q(s, \\text{left})$",
            "$Q(s, \\text{right})$",
            "$\\pi(\\cdot \\mid s) \\cdot Q(s, \\cdot)$",
            "$V(s)$",
        ],
        precision=4,
        caption="Each row: $\\pi(\\cdot \\mid s)$ (two numbers), $Q(s, \\cdot)$ (two numbers), their dot product, and $V(s)$",
    )
)
s = 1
rng = np.random.default_rng(0)
draws = rng.choice(2, size=10_000, p=pi[s])  # sampling a ∼ π(·∣s) needs the whole distribution
print(
    facts(
        {
            "$\\pi(\\cdot \\mid s)$ for $s = 1$, one row of the table": pi[s],
            "$\\pi(\\text{right} \\mid s)$, one number": float(pi[s, 1]),
            "share of 10,000 draws $a \\sim \\pi(\\cdot \\mid s)$ that went right": float(draws.mean()),
        },
        precision=4,
    )
)
norm = vector_norm  # ‖·‖: the function itself, waiting for a vector
vectors = {"$(3, 4)$": [3.0, 4.0], "$(1, 1)$": [1.0, 1.0], "$(0, -2)$": [0.0, -2.0]}
print(facts({f"$\\lVert \\cdot \\rVert$ at {label}": float(norm(v)) for label, v in vectors.items()}, precision=4))
