"""Cross-attention: queries from the tiny model's 5 tokens, keys and values from another sequence of 3, giving an N × M table."""

import numpy as np

from notation import embed, scaled_dot_product_attention, tiny_model, tokenize
from notation.render import facts, shape_str, table

m = tiny_model()
w_q, w_k, w_v = m.head_weights(0)
source_text = "a dog sat"
source_ids = tokenize(source_text, m.vocab)
S = embed(source_ids, m.w_e)  # stands in for an encoder's output: M × d_model

Q, K, V = m.x @ w_q, S @ w_k, S @ w_v
out, weights = scaled_dot_product_attention(Q, K, V)
print(
    facts(
        {
            "queries $Q = X W^Q$ (target, $N$ tokens)": shape_str(Q),
            f"keys $K = S W^K$ (source “{source_text}”, $M$ tokens)": shape_str(K),
            "values $V = S W^V$": shape_str(V),
            "scores and weights, $N \\times M$": shape_str(weights),
            "output, $N \\times d_v$": shape_str(out),
        }
    )
)
print(
    table(
        np.column_stack([weights, weights.sum(axis=1)]),
        row_labels=m.tokens,
        col_labels=[*source_text.split(), "row sum"],
        corner="query ↓ key →",
        precision=3,
        caption="Cross-attention weights: each target token spreads 1 unit of attention over the 3 source tokens (no causal mask)",
    )
)
