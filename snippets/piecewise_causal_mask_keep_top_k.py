"""Two case definitions from transformers: the causal mask and KeepTopK, each followed by softmax."""

import numpy as np

from notation import causal_mask, keep_top_k, softmax
from notation.render import facts, table

N = 4
M = causal_mask(N)
i, j = np.arange(N)[:, None], np.arange(N)[None, :]
conditions_true = (j <= i).astype(int) + (j > i).astype(int)  # how many rows of the brace apply

print(
    table(
        M,
        row_labels=[f"$i = {r + 1}$" for r in range(N)],
        col_labels=[f"$j = {c + 1}$" for c in range(N)],
        precision=0,
        caption="Causal mask $M_{ij}$: 0 if $j \\le i$, $-\\infty$ if $j > i$",
    )
)
scores = np.zeros((N, N))  # equal scores, so the mask alone decides the weights
print(
    table(
        softmax(scores + M),
        row_labels=[f"$i = {r + 1}$" for r in range(N)],
        col_labels=[f"$j = {c + 1}$" for c in range(N)],
        precision=3,
        caption="$\\operatorname{Softmax}_{\\text{row}}(0 + M)$: each token spreads its weight over itself and earlier tokens",
    )
)
print(
    facts(
        {
            "number of true conditions, for every $(i, j)$": f"min {conditions_true.min()}, max {conditions_true.max()}",
            "np.where(j <= i, 0, −∞) equals the library's causal_mask": bool(np.array_equal(np.where(j <= i, 0.0, -np.inf), M)),
        }
    )
)

v = np.array([0.1, 2.0, -1.0, 0.7, 1.2])
k = 2
kept = keep_top_k(v, k)
print(
    table(
        np.stack([v, kept, softmax(kept)]),
        row_labels=["$\\mathbf{v}$ (router scores)", f"$\\operatorname{{KeepTopK}}(\\mathbf{{v}}, {k})$", "softmax of that"],
        col_labels=[f"expert {e + 1}" for e in range(v.size)],
        precision=3,
        caption=f"KeepTopK with $k = {k}$: the two largest scores survive, the rest get weight 0",
    )
)
