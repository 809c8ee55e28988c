"""A mixture-of-experts router: keep the top 2 of 8 expert scores, set the rest to −∞, then softmax."""

import numpy as np

from notation import keep_top_k, softmax, softplus
from notation.render import facts, table

rng = np.random.default_rng(7)
n_experts, k, d_model = 8, 2, 16
x = rng.normal(size=d_model)  # one token's hidden vector
W_g = rng.normal(size=(d_model, n_experts)) / np.sqrt(d_model)  # router weights
v = x @ W_g  # one score per expert

kept = keep_top_k(v, k)
gates = softmax(kept)
print(
    table(
        np.column_stack([v, kept, gates, softmax(v)]),
        row_labels=[f"E{i + 1}" for i in range(n_experts)],
        col_labels=[
            "score $v_i$",
            "$\\operatorname{KeepTopK}(\\mathbf{v}, 2)_i$",
            "gate $G_i$",
            "$\\operatorname{Softmax}(\\mathbf{v})_i$, for comparison",
        ],
        corner="expert",
        precision=3,
        caption="Top-2 routing over 8 experts: $G = \\operatorname{Softmax}(\\operatorname{KeepTopK}(\\mathbf{v}, 2))$",
    )
)

chosen = np.flatnonzero(gates)
full = softmax(v)
W_noise = rng.normal(size=(d_model, n_experts)) / np.sqrt(d_model)
H = v + rng.normal(size=n_experts) * softplus(x @ W_noise)  # noisy top-k gating: noise with a learned positive scale
print(
    facts(
        {
            "experts that run": ", ".join(f"E{i + 1}" for i in chosen),
            "their gate weights, summing to 1": gates[chosen],
            "the full softmax's shares for them, rescaled to sum to 1": full[chosen] / full[chosen].sum(),
            "experts with weight exactly 0": int(np.sum(gates == 0.0)),
            "with noise added to the scores, the experts chosen are": ", ".join(
                f"E{i + 1}" for i in np.flatnonzero(softmax(keep_top_k(H, k)))
            ),
        },
        precision=3,
    )
)
