"""Attention's cost as the sequence length N grows: the projections grow like N, the score table like N²."""

import numpy as np

from notation import attention_cost, tiny_model
from notation.render import facts, line_plot, table

m = tiny_model()
tiny = attention_cost(len(m.x), m.d_model, m.n_heads)
print(facts({f"tiny model, $N = {len(m.x)}$: scores per head, $N \\times N$": tiny["softmax_exps"] // m.n_heads}))

d, h = 768, 12  # GPT-2 small's width and heads
lengths = [256, 512, 1024, 2048, 4096, 8192]
costs = [attention_cost(n, d, h) for n in lengths]
linear = np.array([c["projection_mults"] for c in costs])
quadratic = np.array([c["score_mults"] + c["mix_mults"] for c in costs])
print(
    table(
        np.array(
            [[n * n, lin, quad, quad / lin] for n, lin, quad in zip(lengths, linear, quadratic)],
            dtype=object,
        ),
        row_labels=[str(n) for n in lengths],
        corner="$N$",
        col_labels=[
            "scores per head, $N^2$",
            "multiplications: projections",
            "multiplications: $QK^\\top$ and weights $\\times V$",
            "quadratic ÷ linear",
        ],
        precision=2,
        caption=f"One attention layer with $d_{{\\text{{model}}}} = {d}$, $h = {h}$: each doubling of $N$ doubles the projections and quadruples the score work",
    )
)
print(
    line_plot(
        lengths,
        {"projections (grow like N)": linear / 1e9, "QKᵀ and weights × V (grow like N²)": quadratic / 1e9},
        title="Multiplications in one attention layer (d_model = 768)",
        alt=f"The projection cost is a straight line in N; the score cost is a parabola that overtakes it at N = 2 d_model = {2 * d} and then dominates.",
        xlabel="sequence length N",
        ylabel="billions of multiplications",
    )
)
