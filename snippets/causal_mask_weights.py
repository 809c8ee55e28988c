"""The causal mask on the tiny model's first head: weights with and without it, and zero gradient to future tokens."""

import numpy as np

from notation import causal_mask, jacobian, scaled_dot_product_attention, tiny_model
from notation.render import facts, table

m = tiny_model()
w_q, w_k, w_v = m.head_weights(0)
Q, K, V = m.x @ w_q, m.x @ w_k, m.x @ w_v
N = len(Q)
M = causal_mask(N)
labels = m.tokens

print(table(M, row_labels=labels, col_labels=labels, corner="$i$ ↓ $j$ →", precision=0, caption="$M_{ij} = 0$ for $j \\le i$ and $-\\infty$ for $j > i$"))
_, unmasked = scaled_dot_product_attention(Q, K, V)
out, masked = scaled_dot_product_attention(Q, K, V, mask=M)
print(table(unmasked, row_labels=labels, col_labels=labels, corner="query ↓ key →", precision=3, caption="Weights without the mask: every token sees the whole sentence"))
print(table(masked, row_labels=labels, col_labels=labels, corner="query ↓ key →", precision=3, caption="Weights with the causal mask: exact zeros above the diagonal, rows still sum to 1"))

# How much does the output at "cat" (position 2) move when token j's key or value moves?
i = 1
J_k = jacobian(lambda f: scaled_dot_product_attention(Q, f.reshape(K.shape), V, mask=M)[0][i], K.ravel())
J_v = jacobian(lambda f: scaled_dot_product_attention(Q, K, f.reshape(V.shape), mask=M)[0][i], V.ravel())
grads = [[np.abs(J.reshape(-1, N, J.shape[1] // N)[:, j, :]).max() for j in range(N)] for J in (J_k, J_v)]
print(
    table(
        np.array(grads),
        row_labels=["$\\partial\\, \\text{out}_2 / \\partial\\, \\mathbf{k}_j$", "$\\partial\\, \\text{out}_2 / \\partial\\, \\mathbf{v}_j$"],
        col_labels=[f"$j = {j + 1}$: {t}" for j, t in enumerate(labels)],
        precision=4,
        caption="Largest entry of each gradient block for the output at “cat”: zero for every later token",
    )
)

big_negative = np.triu(np.full((N, N), -1e9), k=1)
_, w_finite = scaled_dot_product_attention(Q, K, V, mask=big_negative)
all_masked = M.copy()
all_masked[0, 0] = -np.inf
with np.errstate(invalid="ignore"):
    _, w_nan = scaled_dot_product_attention(Q, K, V, mask=all_masked)
print(
    facts(
        {
            "a mask of $-10^{9}$ instead of $-\\infty$ gives the same weights": bool(np.array_equal(w_finite, masked)),
            "weights of a row masked entirely with $-\\infty$": w_nan[0],
        }
    )
)
