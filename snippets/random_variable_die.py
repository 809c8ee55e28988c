"""X is the roll of a fair die, x one of its values: P(X = x) = 1/6, and 600 observed rolls estimate it.
Then a continuous X, whose P(X = x) is 0 and whose density p(x) can exceed 1, and a mixed one, ReLU(Z)."""

import numpy as np

from notation import empirical_probability, expectation, normal_pdf, relu, trapezoid
from notation.render import facts, sci, table

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

# A continuous X ~ N(0, 0.1²): the probability of landing within h of 0 is the area under the density.
# It shrinks to 0 with h (so P(X = 0) = 0), while the probability per unit length tends to p(0), above 1.
sigma = 0.1
widths = [0.05, 0.005, 0.0005]
near_zero = []
for h in widths:
    grid = np.linspace(-h, h, 1001)
    near_zero.append(trapezoid(normal_pdf(grid, 0.0, sigma), grid))
print(
    table(
        [[f"{h:g}", sci(a), f"{a / (2 * h):.4f}"] for h, a in zip(widths, near_zero)],
        col_labels=["$h$", "$P(-h \\le X \\le h) = \\int_{-h}^{h} p(x)\\,dx$", "per unit length, $P / 2h$"],
        caption="A continuous $X \\sim \\mathcal{N}(0, 0.1^2)$: the probability of a shrinking interval around 0",
    )
)
wide = np.linspace(-1.0, 1.0, 20001)
print(
    facts(
        {
            "the density at the mean, $p(0)$: above 1, and not a probability": float(normal_pdf(0.0, 0.0, sigma)),
            "its total area, $\\int_{-1}^{1} p(x)\\,dx$ (ten standard deviations either side)": trapezoid(normal_pdf(wide, 0.0, sigma), wide),
        },
        precision=4,
    )
)

# Real values are not enough for P(X = x) = 0: X = ReLU(Z) with Z ~ N(0, 1) takes every value in [0, ∞),
# yet it is exactly 0 whenever Z ≤ 0, which has probability 1/2. It has no density: it is mixed.
activations = relu(np.random.default_rng(4).normal(size=10_000))
print(
    facts(
        {
            "a mixed $X = \\operatorname{ReLU}(Z)$, $Z \\sim \\mathcal{N}(0, 1)$: fraction of 10,000 values exactly 0": empirical_probability(activations, 0.0),
        },
        precision=4,
    )
)
