"""InfoNCE on a batch of four pairs: a softmax over "which candidate is my pair", at two temperatures; SimCLR's NT-Xent on the same batch."""

import numpy as np

from notation import cosine_similarity_matrix, cross_entropy_from_logits, info_nce, nt_xent
from notation.render import facts, table

rng = np.random.default_rng(0)
B, d = 4, 3
anchors = rng.normal(size=(B, d))  # e.g. image embeddings
positives = anchors + 0.3 * rng.normal(size=(B, d))  # their partners: captions, or a second augmented view
sim = cosine_similarity_matrix(anchors, positives)
print(
    table(
        sim,
        row_labels=[f"anchor {i}" for i in range(B)],
        col_labels=[f"candidate {j}" for j in range(B)],
        precision=3,
        caption="Cosine similarities $\\operatorname{sim}(\\mathbf{z}_i, \\mathbf{z}_j^+)$: the pairs are on the diagonal, every other column is a negative",
    )
)
rows = []
for tau in (1.0, 0.1):
    losses = info_nce(anchors, positives, tau)
    as_cross_entropy = cross_entropy_from_logits(sim / tau, np.arange(B))  # target of row i is column i
    rows += [list(losses) + [float(losses.mean())], list(as_cross_entropy) + [float(as_cross_entropy.mean())]]
print(
    table(
        np.array(rows),
        row_labels=[
            "InfoNCE, $\\tau = 1$", "cross-entropy of $\\operatorname{sim}/\\tau$ with target $i$, $\\tau = 1$",
            "InfoNCE, $\\tau = 0.1$", "cross-entropy of $\\operatorname{sim}/\\tau$ with target $i$, $\\tau = 0.1$",
        ],
        col_labels=[f"anchor {i}" for i in range(B)] + ["mean"],
        precision=4,
        caption="Per-anchor losses: InfoNCE is exactly the classification loss of picking the diagonal; a small $\\tau$ sharpens the softmax",
    )
)
same = np.ones((B, d))
print(
    facts(
        {
            "chance level: every candidate looks the same, loss $= \\log B$": float(info_nce(same, same, 0.1).mean()),
            "$\\log 4$": float(np.log(B)),
            "NT-Xent (SimCLR) on the same 4 pairs, $\\tau = 0.1$: mean over the $2B = 8$ views": float(nt_xent(anchors, positives, 0.1).mean()),
        },
        precision=4,
    )
)
