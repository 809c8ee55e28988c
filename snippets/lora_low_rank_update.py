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

B = rng.normal(size=(d_out, r))  # a random stand-in for a trained B: no training is run here
delta = B @ A  # ΔW = BA, as in the LoRA paper; the layer adds (alpha / r) ΔW
W = W0 + alpha / r * delta
print(
    facts(
        {
            "trainable numbers in $B$ and $A$ (vs $W_0$)": f"{B.size + A.size} (vs {W0.size})",
            "at the start ($B = 0$), largest change in $W x$": start_change,
            "scale $\\alpha / r$": alpha / r,
            "rank of $W_0$": int(np.linalg.matrix_rank(W0)),
            "rank of $\\Delta W = B A$, with a random stand-in for a trained $B$": int(np.linalg.matrix_rank(delta)),
            "rank of $W = W_0 + \\tfrac{\\alpha}{r} \\Delta W$": int(np.linalg.matrix_rank(W)),
            "$W_0 x + \\tfrac{\\alpha}{r} B (A x)$ equals $W x$": bool(np.allclose(W0 @ x + alpha / r * (B @ (A @ x)), W @ x)),
        }
    )
)
