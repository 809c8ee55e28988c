"""A one-hot vector times the embedding matrix picks out one row, at toy size and at GPT-2's vocabulary size."""

import numpy as np

from notation import embed, one_hot, tiny_model
from notation.render import facts, table

m = tiny_model()
i = m.vocab.index("cat")
e = one_hot(i, len(m.vocab))
print(
    table(
        e,
        row_labels=[f"$\\mathbf{{e}}_{{{i}}}$"],
        col_labels=list(m.vocab),
        precision=0,
        caption=f"The one-hot vector for “cat” (id {i}): a single 1 among $\\vert V \\vert = {len(m.vocab)}$ entries",
    )
)
print(
    table(
        np.stack([e @ m.w_e, m.w_e[i]]),
        row_labels=[f"$\\mathbf{{e}}_{{{i}}} W_E$", f"$W_E[{i}, :]$"],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        precision=3,
        caption="Multiplying by $\\mathbf{e}_i$ returns row $i$ of $W_E$, unchanged",
    )
)

# the same at GPT-2's vocabulary size, with a seeded 50,257 × 8 matrix
V, token = 50_257, 1_000
w_big = np.random.default_rng(0).standard_normal((V, m.d_model))
e_big = one_hot(token, V)
print(
    facts(
        {
            "$\\mathbf{e}_{1000} \\in \\{0,1\\}^{50257}$: non-zero entries": int(np.count_nonzero(e_big)),
            "$\\mathbf{e}_{1000} W_E$ equals $W_E[1000, :]$": bool(np.array_equal(e_big @ w_big, w_big[token])),
            "…and equals the lookup embed([1000], $W_E$)": bool(np.array_equal(e_big @ w_big, embed([token], w_big)[0])),
            "multiplications in $\\mathbf{e}_i W_E$ at $d_{\\text{model}} = 768$": V * 768,
            "of which are not multiplications by 0": 768,
            "numbers a lookup reads": 768,
        }
    )
)
