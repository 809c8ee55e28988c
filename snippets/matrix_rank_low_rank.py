"""A 4096 × 4096 matrix of rank 8: how many numbers it holds, how few it needs, and LoRA's low-rank update."""

import numpy as np

from notation import matmul_rank_bounds
from notation.render import facts, line_plot, table

rng = np.random.default_rng(0)

# The full-size claim: a 4096 × 4096 product of a 4096 × 8 and an 8 × 4096 matrix.
d, r = 4096, 8
B_big, A_big = rng.standard_normal((d, r)), rng.standard_normal((r, d))
rank_bounds = matmul_rank_bounds(int(np.linalg.matrix_rank(B_big)), int(np.linalg.matrix_rank(A_big)), r)
print(
    facts(
        {
            "numbers in a $4096 \\times 4096$ matrix, $4096^2$": d * d,
            "numbers in the thin factors, $4096 \\cdot 8 + 8 \\cdot 4096$": B_big.size + A_big.size,
            "how many times fewer": (d * d) // (B_big.size + A_big.size),
            "rank of the $4096 \\times 8$ factor, of the $8 \\times 4096$ factor": f"{np.linalg.matrix_rank(B_big)}, {np.linalg.matrix_rank(A_big)}",
            "so $\\operatorname{rank}(BA)$ lies between (Sylvester's bounds)": f"{rank_bounds[0]} and {rank_bounds[1]}",
        }
    )
)

# The same construction at 256 × 256, small enough to decompose directly.
n = 256
W0 = rng.standard_normal((n, n))  # a pretrained weight: full rank
B, A = rng.standard_normal((n, r)), rng.standard_normal((r, n))
delta = B @ A  # LoRA's update ΔW = B A
outputs = delta @ rng.standard_normal((n, 100))  # 100 outputs of ΔW
mats = {
    "$W_0$ (random, like pretrained weights)": W0,
    "$\\Delta W = BA$, $B \\in \\mathbb{R}^{256 \\times 8}$, $A \\in \\mathbb{R}^{8 \\times 256}$": delta,
    "$W_0 + \\Delta W$ (the fine-tuned weights)": W0 + delta,
    "100 outputs $\\Delta W \\mathbf{x}$, side by side": outputs,
}
print(
    table(
        [[f"{m.shape[0]} × {m.shape[1]}", str(np.linalg.matrix_rank(m))] for m in mats.values()],
        row_labels=list(mats),
        col_labels=["shape", "np.linalg.matrix_rank"],
        corner="matrix",
        caption="Rank counted directly, with $r = 8$",
    )
)
s = np.linalg.svd(delta, compute_uv=False)
k = np.arange(1, 17)
print(
    line_plot(
        k,
        {"singular values of ΔW": s[:16]},
        title="The first 16 singular values of ΔW = BA (log scale)",
        alt=f"Eight singular values are large (the 8th is {s[7]:.1f}) and the 9th drops to rounding noise ({s[8]:.0e}): the rank is 8.",
        xlabel="index",
        ylabel="singular value",
        logy=True,
    )
)
