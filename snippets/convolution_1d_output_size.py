"""A 1-D "convolution" as deep learning computes it (a cross-correlation), the flipped true convolution, and the output-size formula."""

import numpy as np

from notation import conv1d, conv_output_size, convolve1d, tiny_model
from notation.render import facts, note, table

x = np.array([0.0, 1.0, 3.0, 6.0, 10.0, 15.0, 21.0])  # n = 7
w = np.array([1.0, 0.0, -1.0])  # k = 3: an antisymmetric kernel (its reverse is -w) shows the flip as a sign change
print(
    facts(
        {
            "$\\mathbf{x}$ ($n = 7$)": x,
            "kernel $\\mathbf{w}$ ($k = 3$)": w,
            "F.conv1d: $y_i = \\sum_j x_{i+j}\\, w_j$ (cross-correlation)": conv1d(x, w),
            "textbook convolution $(\\mathbf{x} \\ast \\mathbf{w})$: kernel flipped": convolve1d(x, w),
            "stride 2, padding 1": conv1d(x, w, stride=2, padding=1),
        },
        precision=1,
    )
)
print(note("The output length is $\\lfloor (n + 2p - k)/s \\rfloor + 1$; each row below also runs the convolution and counts what comes out."))
cases = [(7, 3, 1, 0), (7, 3, 1, 1), (7, 3, 2, 1), (7, 4, 3, 0), (32, 5, 1, 2), (224, 7, 2, 3)]
rows = []
for n, k, s, p in cases:
    produced = conv1d(np.zeros(n), np.ones(k), stride=s, padding=p).shape[-1]
    rows.append([n, k, s, p, conv_output_size(n, k, s, p), produced])
print(
    table(
        np.array(rows),
        col_labels=["$n$", "$k$", "stride $s$", "padding $p$", "formula", "length of the output"],
        precision=0,
    )
)
m = tiny_model()
smooth = conv1d(m.x.T, np.full(3, 1 / 3), padding=1).T  # a moving average over positions, feature by feature
print(
    facts(
        {
            "the tiny model's $X$, convolved along the 5 positions (each feature a channel)": f"{m.x.shape[0]} × {m.x.shape[1]} in, {smooth.shape[0]} × {smooth.shape[1]} out",
            "feature 0 before": m.x[:, 0],
            "feature 0 after a 3-wide average, padding 1": smooth[:, 0],
        },
        precision=3,
    )
)
