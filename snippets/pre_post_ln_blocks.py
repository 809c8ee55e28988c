"""Pre-LN and Post-LN stacks built from the tiny model: where the LayerNorm sits changes what the residual stream carries."""

import numpy as np

from notation import post_ln_block, pre_ln_block, rms, tiny_model
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
        caption=f"{len(layers)} layers, each an attention and a feed-forward sub-layer; RMS averaged over the {len(x0)} tokens",
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
