"""p_i ∝ e^{z_i}: the ratio p_i / e^{z_i} is one constant c = 1 / Σ_j e^{z_j}, shared by every i."""

import numpy as np

from notation import softmax
from notation.render import table

z = np.array([2.0, 1.0, 0.5, -1.0])
rows, labels = [], []
for shift in (0.0, 3.0):
    zs = z + shift
    e = np.exp(zs)
    p = softmax(zs)
    rows += [e, p, p / e]
    tag = "$\\mathbf{z}$" if shift == 0 else "$\\mathbf{z} + 3$"
    labels += [f"$e^{{z_i}}$ for {tag}", f"$p_i$ for {tag}", f"$p_i / e^{{z_i}}$ for {tag}"]
print(
    table(
        np.array(rows),
        row_labels=labels,
        col_labels=[f"$i = {i + 1}$" for i in range(z.size)],
        precision=4,
        caption="The ratio $p_i / e^{z_i}$ is one constant per row; shifting the logits changes it, not $p$",
    )
)
print(
    table(
        np.array([[1 / np.exp(z).sum(), 1 / np.exp(z + 3).sum()]]),
        row_labels=["$c = 1 / \\sum_j e^{z_j}$"],
        col_labels=["for $\\mathbf{z}$", "for $\\mathbf{z} + 3$"],
        precision=4,
    )
)

# ∝ holds across i, with z fixed: doubling e^{z_1} alone also changes c, so p_1 does not double.
z_doubled = z.copy()
z_doubled[0] += np.log(2.0)  # e^{z_1} becomes twice as large
p, p_doubled = softmax(z), softmax(z_doubled)
print(
    table(
        np.array([[p[0], p_doubled[0], p_doubled[0] / p[0]]]),
        row_labels=["$p_1$"],
        col_labels=["for $\\mathbf{z}$", "with $e^{z_1}$ doubled", "ratio"],
        precision=4,
        caption="Doubling $e^{z_1}$ alone does not double $p_1$: the constant depends on $\\mathbf{z}$",
    )
)
