"""The embedding lookup equals a one-hot product, and only the rows of tokens that occur receive gradient."""

import numpy as np

from notation import embed, embedding_grad, gradient, one_hot, tiny_model
from notation.render import facts, note, shape_str, table

m = tiny_model()
V, d = m.w_e.shape
E = one_hot(m.token_ids, V)
X = embed(m.token_ids, m.w_e)
print(
    facts(
        {
            "one-hot rows $E$": shape_str(E),
            "$E \\, W_E$": f"{shape_str(E)} · {shape_str(m.w_e)} → {shape_str(E @ m.w_e)}",
            "lookup embed(ids, $W_E$)": shape_str(X),
            "$E \\, W_E$ equals the lookup, entry for entry": bool(np.array_equal(E @ m.w_e, X)),
        }
    )
)

# Suppose the layers above send back dL/dX = G. Then dL/dW_E = E^T G: analytic, and by finite differences.
G = np.random.default_rng(1).standard_normal(X.shape)
analytic = embedding_grad(m.token_ids, G, V)
numeric = gradient(lambda w: float((embed(m.token_ids, w.reshape(V, d)) * G).sum()), m.w_e.ravel()).reshape(V, d)
counts = np.bincount(m.token_ids, minlength=V)
print(
    note(
        "Suppose the layers above send back the gradient $G = \\partial \\mathcal{L} / \\partial X$ (seeded, one row "
        "$\\mathbf{g}_t$ per position). Then $\\partial \\mathcal{L} / \\partial W_E = E^\\top G$: row $i$ collects the "
        "$\\mathbf{g}_t$ of every position holding token $i$."
    )
)
print(
    table(
        np.array(
            [[int(c), a, n] for c, a, n in zip(counts, np.linalg.norm(analytic, axis=1), np.linalg.norm(numeric, axis=1))],
            dtype=object,
        ),
        row_labels=[f"{i}: {tok}" for i, tok in enumerate(m.vocab)],
        col_labels=["times in the text", "$\\lVert \\partial \\mathcal{L} / \\partial W_E[i,:] \\rVert$", "same, by finite differences"],
        corner="row $i$",
        precision=3,
        caption="Gradient reaching each row of $W_E$",
    )
)
print(
    facts(
        {
            "rows with non-zero gradient": int(np.count_nonzero(np.linalg.norm(analytic, axis=1))),
            "row “the” equals $\\mathbf{g}_1 + \\mathbf{g}_4$ (it occurs twice)": bool(np.allclose(analytic[1], G[0] + G[3])),
            "analytic and finite differences agree to within $10^{-6}$": bool(np.abs(analytic - numeric).max() < 1e-6),
        }
    )
)
