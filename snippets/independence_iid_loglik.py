"""X ⊥ Y means p(x, y) = p(x) p(y): one table passes, one fails; i.i.d. data make the likelihood a product, so its log is a sum."""

import numpy as np

from notation import bernoulli_sample, independence_gap, sequence_log_prob, sequence_probability
from notation.render import facts, note, sci

two_coins = np.outer([0.5, 0.5], [0.3, 0.7])           # two separate coins: built as p(x) p(y)
weather_umbrella = [[0.45, 0.05], [0.20, 0.10], [0.04, 0.16]]
# n i.i.d. flips of a coin with P(heads) = 0.7, and the model's probability for each flip
p, n = 0.7, 2_000
flips = bernoulli_sample(p, n, np.random.default_rng(0)).astype(int)
per_flip = np.tile([1 - p, p], (n, 1))                    # row t: P(tails), P(heads) for flip t
print(
    facts(
        {
            "two coins: $\\max \\vert p(x, y) - p(x)\\,p(y) \\vert$": independence_gap(two_coins),
            "weather and umbrella: $\\max \\vert p(x, y) - p(x)\\,p(y) \\vert$": independence_gap(weather_umbrella),
            f"likelihood of {n:,} i.i.d. flips, $\\prod_t p(x_t)$, in float64": sci(sequence_probability(per_flip, flips)),
            "log-likelihood $\\sum_t \\log p(x_t)$": sequence_log_prob(per_flip, flips),
            "mean log-likelihood per flip": sequence_log_prob(per_flip, flips) / n,
        },
        precision=4,
    )
)
print(note("Independence turns the joint probability of the whole dataset into a product; the product underflows to 0 in floating point, and its logarithm, a sum, does not."))
