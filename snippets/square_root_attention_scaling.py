"""Why attention divides by √d_k: the empirical variance of q·k is ≈ d_k; /√d_k gives ≈ 1, /d_k gives ≈ 1/d_k."""

import numpy as np

from notation import entropy, scaled_dot_product_attention, softmax, softmax_jacobian
from notation.render import facts, table

rng = np.random.default_rng(0)
d_k, n_pairs = 64, 20_000
q = rng.standard_normal((n_pairs, d_k))  # entries: mean 0, variance 1, independent
k = rng.standard_normal((n_pairs, d_k))
scores = np.einsum("nd,nd->n", q, k)  # one dot product q·k per pair

scalings = {"none": 1.0, "$\\div \\sqrt{d_k} = 8$": np.sqrt(d_k), "$\\div d_k = 64$": float(d_k)}
print(
    table(
        np.array([[np.var(scores / c), np.std(scores / c)] for c in scalings.values()]),
        row_labels=list(scalings),
        col_labels=["variance", "standard deviation"],
        corner="scaling of $\\mathbf{q} \\cdot \\mathbf{k}$",
        precision=4,
        caption=f"{n_pairs:,} random dot products with $d_k = {d_k}$ (theory: 64 and 8, then 1 and 1, then 1/64 and 1/8)",
    )
)

# 2,000 queries, each against its own 16 keys: how peaked are the weights, and how much slope is left?
n_q, n_keys = 2_000, 16
Qs = rng.standard_normal((n_q, 1, d_k))
Ks = rng.standard_normal((n_q, n_keys, d_k))
raw = (Qs @ np.swapaxes(Ks, -1, -2))[:, 0, :]  # n_q × 16 scores
rows = []
for c in scalings.values():
    p = softmax(raw / c)
    slope = np.trace(softmax_jacobian(raw / c), axis1=-2, axis2=-1)  # Σ_i p_i (1 − p_i) per query
    rows.append([p.max(axis=-1).mean(), entropy(p, base=2).mean(), slope.mean()])
print(
    table(
        np.array(rows),
        row_labels=list(scalings),
        col_labels=["largest weight", "entropy (bits, at most 4)", "$\\sum_i p_i (1 - p_i)$"],
        corner="average over 2,000 queries",
        precision=3,
        caption="Unscaled: a few keys take almost everything and the slope shrinks. Divided by $d_k$: nearly uniform (1/16 = 0.0625, 4 bits), so keys are barely told apart.",
    )
)
Q1, K16 = Qs[0], Ks[0]
V16 = rng.standard_normal((16, 8))
_, weights = scaled_dot_product_attention(Q1, K16, V16)
print(
    facts(
        {
            "library attention weights equal $\\operatorname{Softmax}(\\mathbf{q} K^{\\top} / \\sqrt{d_k})$": bool(
                np.allclose(weights[0], softmax(raw[0] / np.sqrt(d_k)))
            ),
        }
    )
)
