"""Queries, keys and values of the tiny model's first head: three projections of the same token rows, with every shape."""

import numpy as np

from notation import tiny_model
from notation.render import display_math, facts, shape_str, table

m = tiny_model()
X = m.x
w_q, w_k, w_v = m.head_weights(0)
Q, K, V = X @ w_q, X @ w_k, X @ w_v

for out, name, w, w_name in [(Q, "Q_1", w_q, "W^Q_1"), (K, "K_1", w_k, "W^K_1"), (V, "V_1", w_v, "W^V_1")]:
    # each factor with its shape written underneath it
    print(
        display_math(
            f"\\underset{{{shape_str(out)}}}{{{name}}} = \\underset{{{shape_str(X)}}}{{X}} \\; \\underset{{{shape_str(w)}}}{{{w_name}}}"
        )
    )

print(
    table(
        np.hstack([Q, K, V]),
        row_labels=m.tokens,
        col_labels=[f"${r}_{{{c + 1}}}$" for r in "qkv" for c in range(m.d_head)],
        corner="token",
        precision=2,
        caption="Row $t$ holds $\\mathbf{q}_t$ (what token $t$ looks for), $\\mathbf{k}_t$ (what it offers) and $\\mathbf{v}_t$ (what it passes on)",
    )
)
print(
    facts(
        {
            "score of query “dog” against key “cat”, $\\mathbf{q}_5 \\cdot \\mathbf{k}_2$": float(Q[4] @ K[1]),
            "score of query “cat” against key “dog”, $\\mathbf{q}_2 \\cdot \\mathbf{k}_5$": float(Q[1] @ K[4]),
            "all heads at once: $X W^Q$ with $W^Q$": f"{shape_str(X)} · {shape_str(m.w_q)} → {shape_str(X @ m.w_q)}",
            "output projection $W^O$ ($h \\, d_v \\times d_{\\text{model}}$)": shape_str(m.w_o),
        },
        precision=3,
    )
)
