"""Bernoulli(p) draws: their mean and variance against p and p(1 − p), and a dropout mask whose 1/(1 − p) scaling keeps the expected activation."""

import numpy as np

from notation import bernoulli_mean_variance, bernoulli_sample, expectation, variance
from notation.render import facts, table

rng = np.random.default_rng(0)
ps = [0.1, 0.5, 0.9]
n = 100_000
rows = []
for p in ps:
    flips = bernoulli_sample(p, n, rng)
    mean, var = bernoulli_mean_variance(p)
    rows.append([mean, expectation(flips), var, variance(flips)])
print(
    table(
        rows,
        row_labels=[f"$\\operatorname{{Bernoulli}}({p})$" for p in ps],
        col_labels=["mean $p$", f"mean of {n:,} draws", "variance $p(1-p)$", "variance of the draws"],
        precision=4,
        caption="One coin flip, many times: the draws have the moments the formulas promise",
    )
)
drop = 0.1                                            # nn.Dropout(p=0.1): P(an entry is zeroed)
h = rng.normal(1.0, 0.5, size=(4, 8))                 # a batch of activations
mask = bernoulli_sample(1 - drop, h.shape, rng)       # keep each entry with probability 0.9
big = rng.normal(1.0, 0.5, size=200_000)
big_out = big * bernoulli_sample(1 - drop, big.shape, rng) / (1 - drop)
print(table(mask, row_labels=[f"example {i + 1}" for i in range(4)], precision=0, caption="A dropout mask for a 4 × 8 batch: entries $m_{ij} \\sim \\operatorname{Bernoulli}(0.9)$"))
print(
    facts(
        {
            "share of the mask that is 1": expectation(mask.ravel()),
            "mean activation without dropout (200,000 entries)": expectation(big),
            "mean of $h \\odot m / (1 - p)$ with $m \\sim \\operatorname{Bernoulli}(0.9)$": expectation(big_out),
        },
        precision=4,
    )
)
