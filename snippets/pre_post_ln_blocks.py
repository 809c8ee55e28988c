"""Pre-LN and Post-LN stacks built from the tiny model: where the LayerNorm sits changes what the residual stream carries."""

import numpy as np

from notation import layer_norm, post_ln_block, pre_ln_block, rms, tiny_model
from notation.render import facts, table

layers = [tiny_model(seed) for seed in range(6)]  # layer l uses the weights of tiny_model(seed=l)
x0 = layers[0].x

pre, post = [x0], [x0]
pre_branches, post_branches = np.zeros_like(x0), np.zeros_like(x0)
for m in layers:
    for sub in (m.attention, m.ffn):
        after = pre_ln_block(pre[-1], sub)  # x + SubLayer(LN(x))
        pre_branches += after - pre[-1]  # what the sub-layer added
        pre.append(after)
        post_branches += sub(post[-1])
        post.append(post_ln_block(post[-1], sub))  # LN(x + SubLayer(x))

print(
    table(
        np.array([[rms(p).mean(), rms(q).mean(), np.abs(q.mean(axis=-1)).max()] for p, q in zip(pre[::2], post[::2])]),
        row_labels=["embeddings"] + [f"after layer {i}" for i in range(1, len(layers) + 1)],
        col_labels=["Pre-LN: RMS of the stream", "Post-LN: RMS of the stream", "Post-LN: largest per-token mean"],
        corner="stream",
        precision=3,
        caption=f"{len(layers)} layers, each an attention and a feed-forward sub-layer, LayerNorm at its initial $\\boldsymbol{{\\gamma}} = \\mathbf{{1}}, \\boldsymbol{{\\beta}} = \\mathbf{{0}}$; RMS averaged over the {len(x0)} tokens",
    )
)
print(
    facts(
        {
            "Pre-LN: final stream $=$ embeddings $+$ the sum of all 12 sub-layer outputs": bool(np.allclose(pre[-1], x0 + pre_branches)),
            "Post-LN: the same sum": bool(np.allclose(post[-1], x0 + post_branches)),
        }
    )
)

# The Post-LN stream has mean 0 and variance 1 per token only while the LayerNorm's gain and
# shift are at their initial values γ = 1, β = 0. A trained LayerNorm has learned others: here
# a trained-like γ (between 0.5 and 2) and β (spread 0.3), the same in every block.
rng = np.random.default_rng(0)
d = x0.shape[-1]
gamma, beta = rng.uniform(0.5, 2.0, d), rng.normal(0.0, 0.3, d)
settings = {
    "$\\boldsymbol{\\gamma} = \\mathbf{1}, \\boldsymbol{\\beta} = \\mathbf{0}$ (at initialisation)": layer_norm,
    "trained-like $\\boldsymbol{\\gamma}, \\boldsymbol{\\beta}$": lambda h: layer_norm(h, gamma, beta),
}
stats = []
for norm in settings.values():
    h = x0
    for m in layers:
        for sub in (m.attention, m.ffn):
            h = post_ln_block(h, sub, norm=norm)
    mean, var = h.mean(axis=-1), h.var(axis=-1)
    stats.append([np.abs(mean).max(), var.min(), var.max()])
print(
    table(
        np.array(stats),
        row_labels=list(settings),
        col_labels=["largest per-token mean", "smallest per-token variance", "largest per-token variance"],
        corner="Post-LN, LayerNorm with",
        precision=3,
        caption=f"The Post-LN stream after {len(layers)} layers: mean 0 and variance 1 per token only while $\\boldsymbol{{\\gamma}} = \\mathbf{{1}}$ and $\\boldsymbol{{\\beta}} = \\mathbf{{0}}$",
    )
)
