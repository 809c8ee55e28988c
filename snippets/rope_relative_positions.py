"""RoPE on the tiny transformer's first head: rotate queries and keys, and the scores depend only on m − n."""

import numpy as np

from notation import rope, rope_frequencies, rope_scores, tiny_model, vector_norm
from notation.render import facts, note, table

m = tiny_model()
w_q, w_k, _ = m.head_weights(0)
q, k = m.x @ w_q, m.x @ w_k  # N × d_head = 5 × 4
d = q.shape[-1]
q_rot, k_rot = rope(q), rope(k)  # token t rotated by t·θ_i in pair i
print(
    facts(
        {
            f"$\\theta_i = 10000^{{-2i/{d}}}$, $i = 0, 1$": rope_frequencies(d),
            "lengths $\\lVert \\mathbf{q}_m \\rVert$": vector_norm(q),
            "lengths after rotation $\\lVert R_{\\Theta,m}\\, \\mathbf{q}_m \\rVert$": vector_norm(q_rot),
        },
        precision=4,
    )
)
scores = q_rot @ k_rot.T
labels = [f"{t}: {w}" for t, w in enumerate(m.tokens)]
print(table(q @ k.T, row_labels=labels, col_labels=labels, precision=3, caption="scores $\\mathbf{q}_m \\cdot \\mathbf{k}_n$ without positions: the two “the” keys (columns 0 and 3) score alike"))
print(table(scores, row_labels=labels, col_labels=labels, precision=3, caption="with RoPE: $(R_{\\Theta,m}\\mathbf{q}_m) \\cdot (R_{\\Theta,n}\\mathbf{k}_n)$"))
print(note("Move the whole sentence along by any number of positions: every score stays the same, because it depends only on $m - n$."))
qa, ka = q[4], k[3]  # query "dog", key "the"
shifts = [0, 1, 10, 100, 1000]
print(
    table(
        np.array([[rope_scores(qa, ka, 4 + s, 3 + s) for s in shifts], [rope_scores(qa, ka, 4 + s, 0 + s) for s in shifts]]),
        row_labels=["$m - n = 1$", "$m - n = 4$"],
        col_labels=[f"$m = {4 + s}$" for s in shifts],
        precision=6,
        caption="query “dog” against key “the”, both shifted by the same amount",
    )
)
