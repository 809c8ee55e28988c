"""Text to tokens to ids to vectors: the sentence the transformer page follows, and rare words split into pieces."""

import numpy as np

from notation import tiny_model, tokenize
from notation.render import facts, note, shape_str, table

m = tiny_model()
pieces = {word: tokenize(word, m.vocab) for word in ["cat", "cats", "catnap"]}

print(
    facts(
        {
            "text": m.text,
            "tokens": " | ".join(m.tokens),
            "token ids": m.token_ids,
            "$N$ (number of tokens)": len(m.token_ids),
            "shape of $X$ (one row per token)": shape_str(m.x),
        }
    )
)
print(
    table(
        m.x,
        row_labels=[f"$t = {t + 1}$: {tok} (id {i})" for t, (tok, i) in enumerate(zip(m.tokens, m.token_ids))],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        corner="token ↓ feature →",
        precision=2,
        caption="$X \\in \\mathbb{R}^{5 \\times 8}$: row $t$ is the embedding of token $t$",
    )
)
print(
    facts(
        {
            "rows $t = 1$ and $t = 4$ (both “the”) are identical": bool(np.array_equal(m.x[0], m.x[3])),
            **{
                f"“{word}” → tokens": " + ".join(m.vocab[i] for i in ids) + f"  (ids {', '.join(map(str, ids))})"
                for word, ids in pieces.items()
            },
        }
    )
)
print(note("A common word is one token; a rarer word costs several tokens, and so several rows of $X$, one per piece."))
