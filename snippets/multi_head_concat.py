"""Multi-head attention with h = 2 on the tiny model: two heads, concatenated h·d_v wide, then projected by W^O."""

import numpy as np

from notation import causal_mask, multi_head_attention, scaled_dot_product_attention, tiny_model
from notation.render import facts, shape_str, table

m = tiny_model()
M = causal_mask(len(m.x))
heads, weights = [], []
for h in range(m.n_heads):
    w_q, w_k, w_v = m.head_weights(h)
    out_h, w_h = scaled_dot_product_attention(m.x @ w_q, m.x @ w_k, m.x @ w_v, mask=M)
    heads.append(out_h)
    weights.append(w_h)
concat = np.concatenate(heads, axis=-1)
out = concat @ m.w_o

print(
    table(
        weights[1],
        row_labels=m.tokens,
        col_labels=m.tokens,
        corner="query ↓ key →",
        precision=3,
        caption="Head 2's weights: its own pattern, different from head 1's (see the attention entry)",
    )
)
print(
    table(
        concat,
        row_labels=m.tokens,
        col_labels=[f"head {h + 1}: {c + 1}" for h in range(m.n_heads) for c in range(m.d_head)],
        corner="token",
        precision=2,
        caption="$[\\operatorname{head}_1; \\operatorname{head}_2]$: each row is two 4-number outputs side by side",
    )
)
lib, _ = multi_head_attention(m.x, m.w_q, m.w_k, m.w_v, m.w_o, m.n_heads, mask=M)
d_v = m.d_head
print(
    facts(
        {
            "each head": shape_str(heads[0]),
            "concatenation, $h \\cdot d_v$ wide": f"{shape_str(concat)}  ({m.n_heads} · {d_v} = {concat.shape[1]})",
            "$W^O$ (one row per number of the concatenation)": shape_str(m.w_o),
            "output $[\\ldots] W^O$": shape_str(out),
            "equals multi_head_attention(...)": bool(np.allclose(out, lib)),
            "$\\operatorname{head}_1 W^O_{1:4} + \\operatorname{head}_2 W^O_{5:8}$ equals the output": bool(
                np.allclose(heads[0] @ m.w_o[:d_v] + heads[1] @ m.w_o[d_v:], out)
            ),
        }
    )
)
