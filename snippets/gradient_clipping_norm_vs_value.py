"""Clipping a spiky gradient of the tiny transformer's attention weights: by global norm (direction kept) vs by value (direction bent)."""

import numpy as np

from notation import clip_grad_norm, clip_grad_value, cosine_similarity, tiny_model, vector_norm
from notation.render import facts, table

m = tiny_model()
rng = np.random.default_rng(0)
names = ["W^Q", "W^K", "W^V", "W^O"]
grads = [0.05 * rng.standard_normal(w.shape) for w in (m.w_q, m.w_k, m.w_v, m.w_o)]
grads[0][2, 1] = 4.0  # one bad batch: a single huge entry in ∇W^Q


def flat(gs):
    return np.concatenate([g.ravel() for g in gs])


by_norm, total = clip_grad_norm(grads, max_norm=1.0)
by_value = clip_grad_value(grads, clip_value=0.1)
print(
    table(
        np.array([[vector_norm(g.ravel()) for g in gs] + [vector_norm(flat(gs))] for gs in (grads, by_norm, by_value)]),
        row_labels=["raw gradient", "clipped by global norm, $c = 1$", "clipped by value, $c = 0.1$"],
        col_labels=[f"$\\lVert \\nabla_{{{n}}} \\rVert$" for n in names] + ["global $\\lVert \\mathbf{g} \\rVert$"],
        precision=3,
        caption="four 8 × 8 gradients of the tiny model's attention layer, one with a spike",
    )
)
print(
    facts(
        {
            "global norm before clipping (returned by the function)": total,
            "scale applied to every gradient, $\\min(1, c / \\lVert \\mathbf{g} \\rVert)$": float(vector_norm(flat(by_norm)) / vector_norm(flat(grads))),
            "cosine with the raw direction, clipped by norm": float(cosine_similarity(flat(by_norm), flat(grads))),
            "cosine with the raw direction, clipped by value": float(cosine_similarity(flat(by_value), flat(grads))),
            "entries changed by value clipping": int(np.sum(flat(by_value) != flat(grads))),
        },
        precision=4,
    )
)
