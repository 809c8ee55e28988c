"""Dropout on the tiny transformer's embeddings: a fresh mask each training call, scaled by 1/(1 − p); nothing at inference."""

import numpy as np

from notation import dropout, hadamard, tiny_model
from notation.render import facts, note, table

m = tiny_model()
x = m.x[:2]  # the first two tokens, "the cat": 2 × d_model
p = 0.25  # drop probability (PyTorch's p)
rng = np.random.default_rng(0)
y, r = dropout(x, p, rng=rng)
labels = [f"{w}" for w in m.tokens[:2]]
cols = [f"${j}$" for j in range(m.d_model)]
print(table(x, row_labels=labels, col_labels=cols, precision=2, caption="$\\mathbf{y}$: the embeddings of “the cat”"))
print(table(r, row_labels=labels, col_labels=cols, precision=0, caption=f"$\\mathbf{{r}} \\sim \\text{{Bernoulli}}(1 - p)$, $p = {p}$"))
print(table(y, row_labels=labels, col_labels=cols, precision=2, caption="training: $\\tilde{\\mathbf{y}} = \\mathbf{r} \\odot \\mathbf{y} / (1 - p)$"))
y_eval, _ = dropout(x, p, training=False)
print(
    facts(
        {
            "kept entries are multiplied by $1/(1 - p)$": float(np.unique(y[r == 1] / x[r == 1]).round(12)[0]),
            "a second training call draws a different mask": bool(np.any(dropout(x, p, rng=rng)[1] != r)),
            "inference ($\\texttt{model.eval()}$): output equals input": bool(np.array_equal(y_eval, x)),
        },
        precision=4,
    )
)
print(note("Averaged over many training calls, the scaled output matches the input; without the scaling it would be $(1 - p)$ times too small, and the network would see smaller activations in training than at inference."))
draws = [dropout(x[0], p, rng=rng) for _ in range(20_000)]
mean_scaled = np.mean([d[0] for d in draws], axis=0)
mean_unscaled = np.mean([hadamard(d[1], x[0]) for d in draws], axis=0)
print(
    table(
        np.vstack([x[0], mean_scaled, mean_unscaled]),
        row_labels=["$\\mathbf{y}$ (“the”)", "mean of $\\mathbf{r} \\odot \\mathbf{y} / (1 - p)$", "mean of $\\mathbf{r} \\odot \\mathbf{y}$"],
        col_labels=cols,
        precision=2,
        caption="20,000 training calls",
    )
)
print(facts({"fraction of entries dropped, over all calls": float(1 - np.mean([d[1] for d in draws]))}, precision=3))
