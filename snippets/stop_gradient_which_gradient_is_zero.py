"""VQ-VAE's codebook and commitment terms: same values, but sg[·] leaves one gradient of each at zero."""

import numpy as np

from notation import vq_loss_gradients
from notation.render import facts, fmt, fmt_array, table

z_e = np.array([1.0, 2.0, -1.0, 0.5])  # an encoder output z_e(x)
e = np.array([0.0, 1.5, 0.0, 1.0])  # its nearest codebook vector
beta = 0.25
grads = vq_loss_gradients(z_e, e, beta)
sq = float((z_e - e) @ (z_e - e))
terms = {
    "codebook: $\\lVert \\operatorname{sg}[z_e(x)] - e \\rVert_2^2$": ("codebook", sq),
    "commitment: $\\beta \\lVert z_e(x) - \\operatorname{sg}[e] \\rVert_2^2$": ("commitment", beta * sq),
    "both terms": ("total", (1 + beta) * sq),
    "both, with no $\\operatorname{sg}$ anywhere": ("plain", (1 + beta) * sq),
}
print(
    table(
        np.array([[fmt(value, 4), fmt_array(grads[key][0], 2), fmt_array(grads[key][1], 2)] for key, value in terms.values()], dtype=object),
        row_labels=list(terms),
        col_labels=["value", "gradient for $z_e(x)$ (the encoder)", "gradient for $e$ (the codebook)"],
        caption=f"$z_e(x)$ = {fmt_array(z_e, 1)}, $e$ = {fmt_array(e, 1)}, $\\beta = {beta}$: the value counts in the loss, the gradient does not",
    )
)
# how much harder each side is pulled when the stop-gradients are dropped (every coordinate alike)
encoder_ratio = grads["plain"][0] / grads["total"][0]
codebook_ratio = grads["plain"][1] / grads["total"][1]
print(
    facts(
        {
            "with no $\\operatorname{sg}$, the codebook vector's gradient over its own term's, $1 + \\beta$": float(codebook_ratio[0]),
            "with no $\\operatorname{sg}$, the encoder's gradient over its own term's, $(1 + \\beta)/\\beta$": float(encoder_ratio[0]),
        },
        precision=2,
    )
)
