"""Scaled dot-product attention for the tiny model's first head, one step at a time, with the shape after each step."""

import numpy as np

from notation import attention_scores, causal_mask, scaled_dot_product_attention, softmax, tiny_model
from notation.render import facts, shape_str, table

m = tiny_model()
w_q, w_k, w_v = m.head_weights(0)
Q, K, V = m.x @ w_q, m.x @ w_k, m.x @ w_v
N, d_k = Q.shape
M = causal_mask(N)

raw = attention_scores(Q, K, scale=False)  # step 1
scaled = attention_scores(Q, K)  # step 2
masked = attention_scores(Q, K, mask=M)  # step 3
weights = softmax(masked)  # step 4
out = weights @ V  # step 5

print(
    table(
        np.array(
            [
                ["$Q K^\\top$", "how well each query matches each key", shape_str(raw)],
                [f"$\\div \\sqrt{{d_k}} = \\sqrt{{{d_k}}}$", "keep the scores near unit size", shape_str(scaled)],
                ["$+ \\, M$", "block the positions a token must not see", shape_str(masked)],
                ["$\\operatorname{Softmax}$ each row", "turn each row into weights summing to 1", shape_str(weights)],
                ["$\\times \\, V$", "blend the value vectors with those weights", shape_str(out)],
            ],
            dtype=object,
        ),
        row_labels=[f"{i}." for i in range(1, 6)],
        col_labels=["operation", "why", "shape"],
        corner="step",
        caption=f"$\\operatorname{{Attention}}(Q, K, V)$ with $N = {N}$ tokens and $d_k = {d_k}$",
    )
)
labels = [f"{t}" for t in m.tokens]
print(table(raw, row_labels=labels, col_labels=labels, corner="query ↓ key →", precision=2, caption="Step 1: $Q K^\\top$"))
print(table(scaled, row_labels=labels, col_labels=labels, corner="query ↓ key →", precision=2, caption=f"Step 2: $Q K^\\top / \\sqrt{{{d_k}}}$, every score halved"))
print(
    table(
        np.column_stack([weights, weights.sum(axis=1)]),
        row_labels=labels,
        col_labels=[*labels, "row sum"],
        corner="query ↓ key →",
        precision=3,
        caption="Steps 3 and 4: masked, then softmax of each row: the attention weights",
    )
)
print(table(out, row_labels=labels, col_labels=[f"{c + 1}" for c in range(out.shape[1])], precision=3, caption="Step 5: the output, one blended value vector per token"))
lib_out, lib_w = scaled_dot_product_attention(Q, K, V, mask=M)
print(facts({"the five steps equal scaled_dot_product_attention(Q, K, V, M)": bool(np.allclose(out, lib_out) and np.allclose(weights, lib_w))}))
