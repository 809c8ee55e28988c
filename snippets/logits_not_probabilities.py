"""A tiny language-model head: one logit per vocabulary token, then softmax to get probabilities."""

import numpy as np

from notation import log_softmax, logit, softmax
from notation.render import facts, table

vocab = ["the", "cat", "sat", "on", "mat", "."]
rng = np.random.default_rng(3)
d_model = 4
h = rng.normal(size=d_model)  # the last hidden vector, for the position being predicted
lm_head_weight = rng.normal(size=(len(vocab), d_model))  # as nn.Linear(d_model, |V|) stores it: |V| × d_model
W_out = lm_head_weight.T  # the site's row-vector form: d_model × |V|, one column per token

z = h @ W_out  # logits z = h W_out: one score per token, shape (|V|,)
p = softmax(z)
log_p = log_softmax(z)

print(
    table(
        np.column_stack([z, p, log_p, log_p - z]),
        row_labels=[f"“{t}”" for t in vocab],
        col_labels=["logit $z_i$", "$p_i = \\operatorname{Softmax}(\\mathbf{z})_i$", "$\\log p_i$", "$\\log p_i - z_i$"],
        corner="token",
        precision=3,
        caption="Logits and the probabilities softmax makes of them",
    )
)

pair = np.array([2.0, 0.5])
print(
    facts(
        {
            "shapes of $\\mathbf{h}$, $W_{\\text{out}}$, $\\mathbf{z}$": f"{h.shape}, {W_out.shape}, {z.shape}",
            "sum of the logits": z.sum(),
            "negative logits": int(np.sum(z < 0)),
            "sum of the probabilities": p.sum(),
            "most likely next token (largest logit)": vocab[int(np.argmax(z))],
            "two tokens with logits $[2, 0.5]$: $\\operatorname{logit}(p_1) = \\log \\frac{p_1}{1 - p_1}$": logit(softmax(pair)[0]),
        },
        precision=3,
    )
)
