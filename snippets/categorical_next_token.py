"""Sampling the next token from Cat(π): π is the softmax of the logits; the frequencies of 10,000 seeded draws approach π, and their counts are one multinomial draw."""

import numpy as np

from notation import categorical_sample, category_frequencies, softmax
from notation.render import facts, fmt, table

vocab = ["the", "a", "cat", "dog", "sat"]
logits = np.array([2.0, 1.0, 0.5, 0.2, -1.0])
pi = softmax(logits)                                   # Cat(π): one probability per token
rng = np.random.default_rng(0)
first = categorical_sample(pi, 12, rng)                # twelve separate next-token draws
draws = categorical_sample(pi, 10_000, rng)
freq = category_frequencies(draws, len(vocab))
print(
    table(
        [[fmt(v, 4) for v in pi], [fmt(v, 4) for v in freq], [fmt(int(round(v * len(draws))), 0) for v in freq]],
        row_labels=["$\\pi_k = \\operatorname{Softmax}(\\mathbf{z})_k$", "frequency in 10,000 draws", "count (one multinomial draw)"],
        col_labels=vocab,
        caption="The sampled frequencies approach the probabilities; the counts together are a draw from $\\operatorname{Mult}(10{,}000, \\boldsymbol{\\pi})$",
    )
)
print(
    facts(
        {
            "twelve draws, as tokens": " ".join(vocab[k] for k in first),
            "$\\sum_k \\pi_k$": pi.sum(),
            "largest gap between frequency and $\\pi_k$": float(np.max(np.abs(freq - pi))),
        },
        precision=4,
    )
)
