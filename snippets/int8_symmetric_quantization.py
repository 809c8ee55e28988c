"""Symmetric int8 quantisation of a small weight vector: integers plus one scale, and the error it costs."""

import numpy as np

from notation import dequantize_int8, quantize_int8
from notation.render import facts, fmt, table

rng = np.random.default_rng(0)
w = rng.normal(scale=0.5, size=6)
q, scale = quantize_int8(w)
w_hat = dequantize_int8(q, scale)

print(
    table(
        np.array([list(w), [fmt(float(v), 0) for v in q], list(w_hat), list(w_hat - w)], dtype=object),
        row_labels=["weights $w$", "stored int8 $q = \\operatorname{round}(w / \\Delta)$", "recovered $\\hat{w} = q \\cdot \\Delta$", "error $\\hat{w} - w$"],
        col_labels=[f"$w_{i + 1}$" for i in range(w.size)],
        precision=5,
        caption="Six weights stored as int8 with one shared scale $\\Delta$",
    )
)
print(
    facts(
        {
            "scale $\\Delta = \\max_i \\lvert w_i \\rvert / 127$": scale,
            "largest error $\\max_i \\lvert \\hat{w}_i - w_i \\rvert$": np.abs(w_hat - w).max(),
            "half a step, $\\Delta / 2$ (the most rounding can cost)": scale / 2,
            "memory: 6 int8 numbers + one fp32 scale (bytes)": q.nbytes + 4,
            "memory of the same weights in fp32 (bytes)": w.astype(np.float32).nbytes,
        },
        precision=5,
    )
)
