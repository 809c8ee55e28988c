"""LoRA: how few numbers a rank-r update needs, and a small check that BA has rank at most r."""

import numpy as np

from notation import lora_params
from notation.render import facts, table

d = 4096
full = d * d
ranks = [1, 4, 8, 16, 64]
print(
    table(
        np.array([[lora_params(d, d, r), f"{100 * lora_params(d, d, r) / full:.2f} %"] for r in ranks], dtype=object),
        row_labels=[f"$r = {r}$" for r in ranks],
        col_labels=["trainable numbers $r(d_{\\text{out}} + d_{\\text{in}})$", "share of the full $W$"],
        corner="rank",
        caption=f"One ${d} \\times {d}$ weight: the full update $\\Delta W$ has {full:,} numbers",
    )
)

# A small seeded example: W0 is 8 × 6, the update has rank r = 2, scaled by alpha / r.
rng = np.random.default_rng(0)
d_out, d_in, r, alpha = 8, 6, 2, 4.0
W0 = rng.normal(size=(d_out, d_in))  # pretrained, frozen
A = rng.normal(size=(r, d_in)) / np.sqrt(d_in)  # random at the start
B = np.zeros((d_out, r))  # zero at the start, so the update starts at 0
x = rng.normal(size=d_in)
start_change = np.abs((W0 + alpha / r * B @ A) @ x - W0 @ x).max()

B = rng.normal(size=(d_out, r))  # stand-in for B after some fine-tuning steps
delta = alpha / r * B @ A
print(
    facts(
        {
            "trainable numbers in $B$ and $A$ (vs $W_0$)": f"{B.size + A.size} (vs {W0.size})",
            "at the start ($B = 0$), largest change in $W x$": start_change,
            "scale $\\alpha / r$": alpha / r,
            "rank of $W_0$": int(np.linalg.matrix_rank(W0)),
            "rank of $\\Delta W = (\\alpha / r) B A$ after training": int(np.linalg.matrix_rank(delta)),
            "rank of $W_0 + \\Delta W$": int(np.linalg.matrix_rank(W0 + delta)),
            "$W_0 x + (\\alpha / r) B (A x)$ equals $(W_0 + \\Delta W) x$": bool(
                np.allclose(W0 @ x + alpha / r * (B @ (A @ x)), (W0 + delta) @ x)
            ),
        }
    )
)
