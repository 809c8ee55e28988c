"""A batch of B sequences goes through attention at once, yet each result equals the one-at-a-time result."""

import numpy as np

from notation import causal_mask, scaled_dot_product_attention
from notation.render import facts, shape_str, table

rng = np.random.default_rng(0)
B, N, d_model, d_k = 3, 4, 8, 4
X = rng.standard_normal((B, N, d_model))
W_Q, W_K, W_V = (rng.standard_normal((d_model, d_k)) for _ in range(3))


def attend(x):
    """Self-attention with a causal mask on x of shape (..., N, d_model)."""
    return scaled_dot_product_attention(x @ W_Q, x @ W_K, x @ W_V, mask=causal_mask(N))


out, weights = attend(X)
one_at_a_time = np.stack([attend(X[b])[0] for b in range(B)])

X_changed = X.copy()
X_changed[1] = rng.standard_normal((N, d_model))  # replace example 2 only
out_changed, _ = attend(X_changed)
change = np.abs(out_changed - out).max(axis=(1, 2))

print(
    table(
        [
            ["$X$", shape_str(X)],
            ["$Q = X W^Q$ (one matmul for the whole batch)", shape_str(X @ W_Q)],
            ["attention weights", shape_str(weights)],
            ["output", shape_str(out)],
        ],
        col_labels=["tensor", "shape ($B \\times N \\times \\dots$)"],
        caption=f"$B = {B}$ sequences of $N = {N}$ tokens, $d_{{\\text{{model}}}} = {d_model}$, $d_k = {d_k}$",
    )
)
print(
    facts(
        {
            "largest difference, batched vs one sequence at a time": float(np.abs(out - one_at_a_time).max()),
            "batched result equals the per-example results (np.allclose)": bool(np.allclose(out, one_at_a_time, rtol=0, atol=1e-12)),
        },
        precision=3,
    )
)
print(
    table(
        change[np.newaxis, :],
        row_labels=["largest change in its output"],
        col_labels=[f"example {b + 1}" for b in range(B)],
        caption="Replace example 2 with new tokens: only example 2's output moves",
        precision=3,
    )
)
