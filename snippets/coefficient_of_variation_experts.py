"""Coefficient of variation of expert loads: 0 when balanced, the same in any unit, and the MoE importance loss w·CV²."""

import numpy as np

from notation import coefficient_of_variation, expectation, keep_top_k, softmax, standard_deviation
from notation.render import fmt, fmt_array, table

# A router for 4 experts scores a batch of 16 tokens and keeps the top 2 per token;
# an expert's importance is the sum of its gate values over the batch.
rng = np.random.default_rng(0)
tokens, w_gate = rng.normal(size=(16, 8)), rng.normal(size=(8, 4))
gates = softmax(keep_top_k(tokens @ w_gate, 2))
importance = gates.sum(axis=0)

loads = {
    "balanced": np.array([25.0, 25.0, 25.0, 25.0]),
    "unbalanced": np.array([70.0, 10.0, 10.0, 10.0]),
    "unbalanced, counted ×10": np.array([700.0, 100.0, 100.0, 100.0]),
    "router importance, 16 tokens": importance,
}
w = 0.1  # weight of the importance loss, set by hand
rows = [
    [
        fmt_array(v, 0 if np.all(v == np.round(v)) else 1),
        fmt(expectation(v), 2),
        fmt(standard_deviation(v), 2),
        fmt(coefficient_of_variation(v), 3),
        fmt(w * coefficient_of_variation(v) ** 2, 4),
    ]
    for v in loads.values()
]
print(
    table(
        rows,
        row_labels=list(loads),
        col_labels=["load per expert", "$\\mathbb{E}$", "$\\operatorname{Std}$", "$\\operatorname{CV}$", f"loss ${w:g} \\cdot \\operatorname{{CV}}^2$"],
        corner="4 experts",
        caption="CV = Std / mean: zero when every expert gets the same share, and unchanged when every load is multiplied by 10",
    )
)
