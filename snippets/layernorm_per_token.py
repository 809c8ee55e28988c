"""LayerNorm on the tiny model's embeddings: each token normalised over its own 8 features; then gain and shift; then the contrast with BatchNorm."""

import numpy as np

from notation import batch_norm, embed, layer_norm, tiny_model
from notation.render import facts, table

m = tiny_model()
X = m.x
Y = layer_norm(X)
print(
    table(
        np.column_stack([X.mean(axis=-1), X.var(axis=-1), Y.mean(axis=-1), Y.var(axis=-1)]),
        row_labels=m.tokens,
        col_labels=["mean $\\mu$ of $\\mathbf{x}$", "variance $\\sigma^2$ of $\\mathbf{x}$", "mean after", "variance after"],
        corner="token",
        precision=4,
        caption="Statistics of each row (token) before and after $\\operatorname{LayerNorm}$ with $\\boldsymbol{\\gamma} = \\mathbf{1}$, $\\boldsymbol{\\beta} = \\mathbf{0}$ ($\\epsilon = 10^{-5}$)",
    )
)

rng = np.random.default_rng(0)
gamma = rng.uniform(0.5, 1.5, m.d_model)  # stand-ins for learned values
beta = rng.normal(0.0, 0.5, m.d_model)
t = m.tokens.index("cat")
print(
    table(
        np.stack([X[t], Y[t], gamma, beta, layer_norm(X, gamma, beta)[t]]),
        row_labels=[
            "$\\mathbf{x}$ (“cat”)",
            "normalised $\\hat{\\mathbf{x}}$",
            "gain $\\boldsymbol{\\gamma}$",
            "shift $\\boldsymbol{\\beta}$",
            "$\\operatorname{LayerNorm}(\\mathbf{x})$",
        ],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        precision=2,
        caption="$\\hat{\\mathbf{x}} = (\\mathbf{x} - \\mu) / \\sqrt{\\sigma^2 + \\epsilon}$, then the learned gain and shift act feature by feature",
    )
)

# Change one other token and see which normalisation notices at "cat"
X2 = X.copy()
X2[-1] = embed([m.vocab.index("sat")], m.w_e)[0]  # "the cat saw the sat"
B = batch_norm(X)
print(
    facts(
        {
            "BatchNorm: largest per-feature mean over the 5 tokens": float(np.abs(B.mean(axis=0)).max()),
            "BatchNorm: largest per-token mean (not 0)": float(np.abs(B.mean(axis=-1)).max()),
            "replace “dog” by “sat”: change in LayerNorm output at “cat”": float(np.abs(layer_norm(X2)[t] - Y[t]).max()),
            "replace “dog” by “sat”: change in BatchNorm output at “cat”": float(np.abs(batch_norm(X2)[t] - B[t]).max()),
        }
    )
)
