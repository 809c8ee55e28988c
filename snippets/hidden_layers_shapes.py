"""A small network 4 → 8 → 8 → 3: the shape of every weight and every hidden layer."""

import numpy as np

from notation import relu
from notation.render import facts, shape_str, table

rng = np.random.default_rng(0)
widths = [4, 8, 8, 3]  # input, hidden 1, hidden 2, output
layers = [
    (rng.normal(size=(d_in, d_out)) / np.sqrt(d_in), np.zeros(d_out))  # W is d_in × d_out (row vectors)
    for d_in, d_out in zip(widths[:-1], widths[1:])
]

B = 5
X = rng.normal(size=(B, widths[0]))  # a batch of 5 inputs, one per row
rows, h = [], X
for i, (W, b) in enumerate(layers):
    last = i == len(layers) - 1
    h = h @ W + b if last else relu(h @ W + b)  # H W + b, one row per input; no activation on the output layer
    rows.append([shape_str(W), shape_str(b), shape_str(h), str(W.size + b.size)])

print(
    table(
        np.array(rows, dtype=object),
        row_labels=["hidden layer 1", "hidden layer 2", "output layer"],
        col_labels=["$W$", "$\\mathbf{b}$", "output for $B = 5$", "parameters"],
        caption="Input width 4, two hidden layers of width 8, output width 3",
    )
)

d_model, d_ff = 512, 2048  # the original Transformer's feed-forward block
print(
    facts(
        {
            "input batch $X$": shape_str(X),
            "network output": shape_str(h),
            "total parameters": sum(W.size + b.size for W, b in layers),
            "Transformer FFN: hidden width $d_{\\text{ff}} = 4\\,d_{\\text{model}}$": d_ff,
            "its parameters, $2\\,d_{\\text{model}} d_{\\text{ff}} + d_{\\text{ff}} + d_{\\text{model}}$": 2 * d_model * d_ff + d_ff + d_model,
        }
    )
)
