"""SwiGLU in the tiny model: a SiLU-activated gate branch times a value branch, feature by feature, then projected back to d_model."""

import numpy as np

from notation import layer_norm, pre_ln_block, silu, swiglu, tiny_model
from notation.render import facts, fmt, shape_str, table

m = tiny_model()
x1 = pre_ln_block(m.x, m.attention)  # the stream after the attention block
h = layer_norm(x1)[m.tokens.index("cat")]  # the feed-forward layer's input at "cat"
gate = h @ m.w_gate
value = h @ m.w_up
product = silu(gate) * value
out = product @ m.w_down
print(
    table(
        np.column_stack([gate, silu(gate), value, product]),
        row_labels=[f"$j = {j + 1}$" for j in range(m.d_ff)],
        col_labels=[
            "gate $(\\mathbf{x} W_{\\text{gate}})_j$",
            "$\\operatorname{SiLU}$ of the gate",
            "value $(\\mathbf{x} W_{\\text{up}})_j$",
            "gate $\\odot$ value",
        ],
        corner="feature",
        precision=3,
        caption=f"The {m.d_ff} hidden features at “cat”: the gate scales each value, shutting it off where $\\operatorname{{SiLU}}$ is near 0 and flipping its sign where $\\operatorname{{SiLU}}$ is negative",
    )
)
# SiLU is not a 0-to-1 switch: it dips below 0 for every negative input, with one minimum.
grid = np.linspace(-6.0, 6.0, 1_200_001)
curve = silu(grid)
negative = silu(gate) < 0
flipped = negative & (value != 0) & (np.sign(product) != np.sign(value))
print(
    facts(
        {
            "lowest value of $\\operatorname{SiLU}$ (on a grid of step $10^{-5}$)": f"{fmt(curve.min(), 4)} at $x = {grid[curve.argmin()]:.3f}$",
            "features whose gate $\\operatorname{SiLU}((\\mathbf{x} W_{\\text{gate}})_j)$ is negative": f"{int(negative.sum())} of {m.d_ff}",
            "…in each of them, gate $\\odot$ value has the opposite sign of the value": bool(flipped.sum() == negative.sum()),
            "largest gate, which amplifies its value": fmt(silu(gate).max(), 3),
        }
    )
)
llama_d, llama_ff = 4096, 11008
print(
    facts(
        {
            "$\\mathbf{x}$, $W_{\\text{gate}}$, $W_{\\text{up}}$, $W_{\\text{down}}$": ", ".join(shape_str(a) for a in (h, m.w_gate, m.w_up, m.w_down)),
            "output $(\\operatorname{SiLU}(\\mathbf{x} W_{\\text{gate}}) \\odot \\mathbf{x} W_{\\text{up}}) W_{\\text{down}}$": out,
            "equals swiglu(x, $W_{\\text{gate}}$, $W_{\\text{up}}$, $W_{\\text{down}}$)": bool(np.allclose(out, swiglu(h, m.w_gate, m.w_up, m.w_down))),
            "LLaMA-2 7B: SwiGLU weights, $3 \\cdot 4096 \\cdot 11008$": 3 * llama_d * llama_ff,
            "a 2-matrix FFN with $d_{\\text{ff}} = 4 \\cdot 4096$, for comparison": 2 * llama_d * 4 * llama_d,
        }
    )
)
