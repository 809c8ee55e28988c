"""The residual stream of the tiny model: each sub-layer's output is added to the stream, and the identity path shows up in the Jacobian."""

import numpy as np

from notation import jacobian, layer_norm, pre_ln_block, tiny_model
from notation.render import facts, shape_str, table

m = tiny_model()
x0 = m.x
x1 = pre_ln_block(x0, m.attention)  # x0 + Attention(LN(x0))
x2 = pre_ln_block(x1, m.ffn)  # x1 + FFN(LN(x1))
a, f = m.attention(layer_norm(x0)), m.ffn(layer_norm(x1))  # the two sub-layer outputs on their own

t = m.tokens.index("cat")
print(
    table(
        np.stack([x0[t], a[t], x1[t], f[t], x2[t]]),
        row_labels=[
            "$\\mathbf{x}_0$ (embedding)",
            "$+ \\operatorname{Attention}(\\operatorname{LN}(\\mathbf{x}_0))$",
            "$= \\mathbf{x}_1$",
            "$+ \\operatorname{FFN}(\\operatorname{LN}(\\mathbf{x}_1))$",
            "$= \\mathbf{x}_2$",
        ],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        corner="stream at “cat”",
        precision=2,
        caption="Two sub-layers write into the stream at the position of “cat”; nothing is overwritten",
    )
)

# Gradient: d(x + FFN(LN(x)))/dx = I + d FFN(LN(x))/dx, for one token's vector
J_block = jacobian(lambda v: pre_ln_block(v, m.ffn), x1[t])
J_branch = jacobian(lambda v: m.ffn(layer_norm(v)), x1[t])
print(
    table(
        np.stack([np.diag(J_block), np.diag(J_branch)]),
        row_labels=["$\\partial \\mathbf{x}_2 / \\partial \\mathbf{x}_1$ (block)", "$\\partial \\operatorname{FFN}(\\operatorname{LN}(\\mathbf{x}_1)) / \\partial \\mathbf{x}_1$ (branch)"],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        precision=2,
        caption="Diagonal of each Jacobian: the block's is the branch's plus 1, the identity path",
    )
)
print(
    facts(
        {
            "shapes of $\\mathbf{x}_0$, both sub-layer outputs and $\\mathbf{x}_2$": ", ".join(shape_str(v) for v in (x0, a, f, x2)),
            "$\\mathbf{x}_2 = \\mathbf{x}_0 + \\text{attention output} + \\text{FFN output}$ (all tokens)": bool(np.allclose(x2, x0 + a + f)),
            "block Jacobian $- I$ equals the branch Jacobian (within $10^{-6}$)": bool(np.abs(J_block - np.eye(m.d_model) - J_branch).max() < 1e-6),
        }
    )
)
