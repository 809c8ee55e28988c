"""Operation counts of one attention layer for N = 128 … 4096: the N² part takes over."""

import numpy as np

from notation import attention_ops
from notation.render import line_plot, table

d = 768  # GPT-2 small's width
lengths = [128 * 2**k for k in range(6)]  # 128, 256, …, 4096
ops = [attention_ops(n, d) for n in lengths]
core = np.array([o["scores"] + o["weighted_sum"] for o in ops], dtype=float)  # the N × N part
proj = np.array([o["projections"] for o in ops], dtype=float)

rows = []
for i, n in enumerate(lengths):
    growth = core[i] / core[i - 1] if i else "—"
    rows.append([core[i] / 1e9, growth, proj[i] / 1e9, f"{core[i] / (core[i] + proj[i]):.0%}"])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[str(n) for n in lengths],
        col_labels=["$N \\times N$ part (billions)", "× previous row", "projections (billions)", "share of the $N \\times N$ part"],
        corner="$N$",
        precision=2,
        caption=f"Multiply-adds of one attention layer, $d_{{\\text{{model}}}} = {d}$: $2N^2 d$ for $QK^\\top$ and the weighted sum of $V$, $4 N d^2$ for $W^Q, W^K, W^V, W^O$",
    )
)
grid = np.arange(64, 4097, 64)  # a finer grid for the picture
fine = [attention_ops(int(n), d) for n in grid]
print(
    line_plot(
        grid,
        {
            "N × N part: 2N²d": np.array([o["scores"] + o["weighted_sum"] for o in fine]) / 1e9,
            "projections: 4Nd²": np.array([o["projections"] for o in fine]) / 1e9,
        },
        title="Attention cost against sequence length",
        alt="The projections grow in a straight line, the N × N part as a parabola; they cross at N = 2d = 1536.",
        xlabel="sequence length N",
        ylabel="billions of multiply-adds",
    )
)
