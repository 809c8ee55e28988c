"""X is the roll of a fair die, x one of its values: P(X = x) = 1/6, and 600 observed rolls estimate it."""

import numpy as np

from notation import empirical_probability, expectation
from notation.render import facts, table

values = np.arange(1.0, 7.0)  # the values x that X can take
P = np.full(6, 1 / 6)  # P(X = x) for each of them
rolls = np.random.default_rng(3).integers(1, 7, size=600).astype(float)  # 600 observed values of X

print(
    table(
        np.vstack([P, [empirical_probability(rolls, v) for v in values]]),
        row_labels=["$P(X = x)$", "fraction of 600 rolls equal to $x$"],
        col_labels=[f"$x = {int(v)}$" for v in values],
        precision=3,
        caption="One random variable $X$, six possible values $x$",
    )
)
print(
    facts(
        {
            "$P(X \\le 2) = P(X = 1) + P(X = 2)$": P[values <= 2].sum(),
            "$\\mathbb{E}[X] = \\sum_x x\\,P(X = x)$": expectation(values, probs=P),
            "mean of the 600 observed values": expectation(rolls),
        },
        precision=3,
    )
)
