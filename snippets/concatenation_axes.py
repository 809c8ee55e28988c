"""[a; b]: joining along an axis. Heads side by side, token rows stacked, and a fused QKV projection."""

import numpy as np

from notation.render import facts, shape_str, table

a, b = np.array([1.0, 2.0]), np.array([3.0, 4.0])
print(
    facts(
        {
            "$[\\mathbf{a}; \\mathbf{b}]$, np.concatenate([a, b])": np.concatenate([a, b]),
            "np.stack([a, b]) adds a new axis instead": np.stack([a, b]),
        },
        precision=0,
    )
)

rng = np.random.default_rng(0)
N, d_model, h, d_v = 3, 8, 4, 2
heads = [rng.standard_normal((N, d_v)) for _ in range(h)]
K_cache = rng.standard_normal((5, d_v))
k_new = rng.standard_normal((1, d_v))
X_img, X_text = rng.standard_normal((4, d_model)), rng.standard_normal((N, d_model))
print(
    table(
        [
            ["$[\\operatorname{head}_1; \\dots; \\operatorname{head}_4]$", f"{h} × ({shape_str(heads[0])})", "last (features)", shape_str(np.concatenate(heads, axis=-1))],
            ["KV cache: $[K_{\\text{cache}}; \\mathbf{k}_{\\text{new}}]$", f"({shape_str(K_cache)}) and ({shape_str(k_new)})", "first (tokens)", shape_str(np.concatenate([K_cache, k_new], axis=0))],
            ["$[X_{\\text{img}}; X_{\\text{text}}]$", f"({shape_str(X_img)}) and ({shape_str(X_text)})", "first (tokens)", shape_str(np.concatenate([X_img, X_text], axis=0))],
        ],
        col_labels=["concatenation", "pieces", "joined along", "result"],
        caption=f"Side by side or one below the other ($d_v = {d_v}$, $d_{{\\text{{model}}}} = {d_model}$)",
    )
)

d_k = 4
X = rng.standard_normal((N, d_model))
W_Q, W_K, W_V = (rng.standard_normal((d_model, d_k)) for _ in range(3))
W_QKV = np.concatenate([W_Q, W_K, W_V], axis=1)  # fused weights: d_model × 3 d_k
Q, K, V = np.split(X @ W_QKV, 3, axis=-1)  # one matmul, then cut the result into three
print(
    facts(
        {
            "$W^{QKV} = [W^Q \\; W^K \\; W^V]$ has shape": shape_str(W_QKV),
            "$X W^{QKV}$ has shape": shape_str(X @ W_QKV),
            "largest difference from three separate matmuls": max(
                float(np.abs(Q - X @ W_Q).max()), float(np.abs(K - X @ W_K).max()), float(np.abs(V - X @ W_V).max())
            ),
            "same queries, keys and values (np.allclose)": all(
                np.allclose(P, X @ W, rtol=0, atol=1e-12) for P, W in ((Q, W_Q), (K, W_K), (V, W_V))
            ),
        },
        precision=3,
    )
)
