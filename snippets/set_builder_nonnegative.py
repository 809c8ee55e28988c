"""Which candidate matrices belong to {M ∈ R^{n×n} | M_ij ≥ 0}, and to the set of row-stochastic matrices?"""

import numpy as np

from notation import causal_mask, relu, softmax
from notation.render import facts, fmt, table

rng = np.random.default_rng(0)
n = 4
scores = rng.standard_normal((n, n))
candidates = {
    "raw scores $S$ (random normal)": scores,
    "$\\operatorname{ReLU}(S)$": relu(scores),
    "causal mask $M$": causal_mask(n),
    "attention weights $\\operatorname{Softmax}_{\\text{row}}(S + M)$": softmax(scores + causal_mask(n)),
}
rows = []
for M in candidates.values():
    non_negative = bool(np.all(M >= 0))  # the condition after the bar
    row_stochastic = non_negative and bool(np.allclose(M.sum(axis=-1), 1.0))
    rows.append([fmt(M.min()), str(non_negative), str(row_stochastic)])
print(
    table(
        rows,
        row_labels=list(candidates),
        col_labels=["smallest entry", "$M_{ij} \\ge 0$ for all $i, j$?", "also every row sums to 1?"],
        corner="candidate ($4 \\times 4$)",
        caption="Membership tests for two sets built with set-builder notation",
    )
)
print(
    facts(
        {
            "$\\{\\, i \\in \\{0, \\dots, 9\\} \\mid i \\text{ divisible by } 3 \\,\\}$, as {i for i in range(10) if i % 3 == 0}": "{" + ", ".join(str(i) for i in sorted({i for i in range(10) if i % 3 == 0})) + "}",
        }
    )
)
