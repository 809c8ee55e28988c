"""Weight tying: the same W_E turns the final hidden vector back into one score per vocabulary token."""

from notation import block_param_count, layer_norm, pre_ln_block, tiny_model
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
