"""ΔW in LoRA: one object, the same shape as W0, built from two thin matrices, of low rank, and zero at the start."""

import numpy as np

from notation.render import facts, shape_str, table

rng = np.random.default_rng(0)
d, k, r, alpha = 6, 6, 2, 4.0
W0 = rng.standard_normal((d, k))  # pretrained, frozen
A = rng.standard_normal((r, k)) * 0.1
B_init = np.zeros((d, r))  # LoRA starts B at zero ...
B = rng.standard_normal((d, r)) * 0.1  # ... and training moves it (here: random stand-in values)

delta_W = (alpha / r) * (B @ A)  # ΔW: one symbol, one array
W = W0 + delta_W
print(
    table(
        delta_W,
        row_labels=[f"row {i + 1}" for i in range(d)],
        col_labels=[f"col {j + 1}" for j in range(k)],
        precision=3,
        caption=f"$\\Delta W = \\frac{{\\alpha}}{{r}} B A$ with $\\alpha = {alpha:g}$, $r = {r}$",
    )
)
big_d, big_r = 4096, 8
print(
    facts(
        {
            "shapes of $W_0$, $\\Delta W$, $W$": f"{shape_str(W0)}, {shape_str(delta_W)}, {shape_str(W)}",
            "rank of $\\Delta W$ (np.linalg.matrix_rank)": int(np.linalg.matrix_rank(delta_W)),
            "rank of $W_0$": int(np.linalg.matrix_rank(W0)),
            "$W - W_0$ equals $\\Delta W$": bool(np.allclose(W - W0, delta_W)),
            "$\\Delta W$ at the start, when $B = 0$: largest entry": float(np.abs((alpha / r) * (B_init @ A)).max()),
            f"entries of a ${big_d} \\times {big_d}$ update": big_d * big_d,
            f"entries of $B$ and $A$ with $r = {big_r}$": big_d * big_r + big_r * big_d,
        }
    )
)
