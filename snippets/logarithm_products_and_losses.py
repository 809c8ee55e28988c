"""log turns products into sums, rescues underflowing products, and gives losses their minus sign."""

import numpy as np

from notation import log_product, log_softmax, softmax
from notation.render import facts, table

a, b = 0.3, 0.02
print(
    facts(
        {
            "$\\log(ab)$ with $a = 0.3$, $b = 0.02$": np.log(a * b),
            "$\\log a + \\log b$": np.log(a) + np.log(b),
            "$\\log_2 8$ (bits)": np.log2(8.0),
            "$\\ln 8 / \\ln 2$": np.log(8.0) / np.log(2.0),
        },
        precision=4,
    )
)

p_correct = np.array([1.0, 0.9, 0.5, 0.1, 0.01])
print(
    table(
        np.stack([p_correct, np.log(p_correct), -np.log(p_correct)]),
        row_labels=["probability of the right token $p$", "$\\log p$ (never above 0)", "loss $-\\log p$ (never below 0)"],
        col_labels=["certain and right", "confident", "unsure", "mostly wrong", "badly wrong"],
        precision=3,
        caption="The minus sign makes the loss positive, and 0 only for a perfect prediction",
    )
)

rng = np.random.default_rng(0)
logits = rng.standard_normal((600, 50)) * 2.0  # 600 tokens, a 50-token vocabulary
targets = rng.integers(0, 50, size=600)
p = softmax(logits)[np.arange(600), targets]
with np.errstate(under="ignore"):
    direct = float(np.prod(p))
print(
    facts(
        {
            "probability of the 600-token text, multiplied directly": repr(direct),
            "its log, as a sum of logs (log_product)": float(log_product(p)),
            "the same from logits with log_softmax": float(log_softmax(logits)[np.arange(600), targets].sum()),
            "negative log-likelihood per token": -float(log_product(p)) / 600,
        },
        precision=3,
    )
)
