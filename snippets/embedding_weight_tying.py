"""Weight tying: the same W_E turns the final hidden vector back into one score per vocabulary token."""

import numpy as np

from notation import (
    block_param_count,
    cross_entropy_from_logits,
    cross_entropy_logits_gradient,
    embedding_grad,
    gradient,
    layer_norm,
    pre_ln_block,
    tiny_model,
)
from notation.render import facts, shape_str, table

m = tiny_model()
stream = pre_ln_block(m.x, m.attention)  # one attention block of the tiny model
h_last = layer_norm(stream[-1])  # final hidden vector at the last position ("dog")
logits = h_last @ m.w_e.T  # tied output layer: W_E transposed
print(
    facts(
        {
            "$\\mathbf{h}$ (last position)": shape_str(h_last),
            "$\\mathbf{h} \\, W_E^\\top$": f"{shape_str(h_last)} · {shape_str(m.w_e.T)} → {shape_str(logits)}",
        }
    )
)
print(
    table(
        logits,
        row_labels=["logit"],
        col_labels=list(m.vocab),
        precision=2,
        caption="One score per vocabulary token, from the same matrix that embedded the input (untrained weights)",
    )
)

# The loss at the last position, with target "." (id 9): through the tied output layer every row
# of W_E receives gradient, (p − e_target)ᵀ h, since softmax gives every token some probability.
V, d = m.w_e.shape
target = m.vocab.index(".")
through_output = np.outer(cross_entropy_logits_gradient(logits, target), h_last)
numeric = gradient(lambda w: float(cross_entropy_from_logits(h_last @ w.reshape(V, d).T, target)), m.w_e.ravel()).reshape(V, d)
through_lookup = embedding_grad(m.token_ids, np.ones_like(m.x), V)  # which rows any gradient from the input side reaches
rows = lambda g: int(np.count_nonzero(np.linalg.norm(g, axis=1)))  # noqa: E731
print(
    facts(
        {
            "rows of $W_E$ with gradient through the lookup (ids in the text)": f"{rows(through_lookup)} of {V}",
            "rows with gradient through the tied output $\\mathbf{h} W_E^\\top$ (loss at “dog”, target “.”)": f"{rows(through_output)} of {V}",
            "output-side gradient $(\\mathbf{p} - \\mathbf{e}_{\\text{target}})^\\top \\mathbf{h}$ agrees with finite differences to within $10^{-6}$": bool(
                np.abs(through_output - numeric).max() < 1e-6
            ),
        }
    )
)

gpt2_blocks = 12 * block_param_count(768, 3072, gated=False)
gpt2_embeddings = 50_257 * 768
gpt2_total = gpt2_blocks + gpt2_embeddings + 1_024 * 768  # + position embeddings
print(
    facts(
        {
            "tiny model: entries saved by tying": m.w_e.size,
            "GPT-2 small: $\\vert V \\vert \\cdot d_{\\text{model}}$ saved": gpt2_embeddings,
            "GPT-2 small: all weight matrices (tied)": gpt2_total,
            "share of GPT-2 small that is $W_E$": f"{gpt2_embeddings / gpt2_total:.0%}",
        }
    )
)
