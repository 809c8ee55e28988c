"""Noisy top-k gating: N(0, 1) noise, scaled by a softplus, added to one token's router logits before KeepTopK."""

import numpy as np

from notation import keep_top_k, softmax, softplus
from notation.render import fmt, table

rng = np.random.default_rng(0)
d, n_experts = 8, 4
x = rng.normal(size=d)                         # one token
w_gate = rng.normal(size=(d, n_experts)) * 0.3
w_noise = rng.normal(size=(d, n_experts)) * 0.3

clean = x @ w_gate
scale = softplus(x @ w_noise)                  # how much noise each expert gets, always > 0
rows, labels = [], []
for draw in range(6):
    eps = np.zeros(n_experts) if draw == 0 else rng.standard_normal(n_experts)  # ε ~ N(0, 1)
    h = clean + eps * scale
    gates = softmax(keep_top_k(h, 2))
    chosen = np.flatnonzero(gates > 0) + 1
    rows.append([fmt(v, 2) for v in h] + [", ".join(str(e) for e in chosen)])
    labels.append("no noise" if draw == 0 else f"draw {draw}")

print(
    table(
        rows,
        row_labels=labels,
        col_labels=[f"expert {e + 1}" for e in range(n_experts)] + ["top 2 experts"],
        corner="noisy logit $H(\\mathbf{x})_i$",
        caption="The same token routed six times, $H(\\mathbf{x})_i = (\\mathbf{x}W_g)_i + \\varepsilon_i \\cdot \\operatorname{Softplus}((\\mathbf{x}W_{\\text{noise}})_i)$: fresh noise $\\varepsilon_i \\sim \\mathcal{N}(0, 1)$ sometimes changes which experts it reaches",
    )
)
