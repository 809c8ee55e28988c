"""Pearson correlation is the cosine of the centred vectors, lies in [−1, 1], ignores shifts and positive rescaling, matches np.corrcoef, and misses non-linear dependence."""

import numpy as np

from notation import correlation, cosine_similarity, covariance_matrix, standard_deviation
from notation.render import facts, fmt, table

rng = np.random.default_rng(3)
N = 200
height = rng.normal(170.0, 8.0, N)
weight = 0.9 * (height - 170.0) + rng.normal(70.0, 6.0, N)
x = rng.normal(0.0, 1.0, N)
pairs = {
    "height and weight": (height, weight),
    "height in cm and the same heights in inches": (height, height / 2.54),
    "$x$ and $-3x + 7$": (x, -3 * x + 7),
    "$x$ and independent noise": (x, rng.normal(0.0, 1.0, N)),
    "$x$ and $x^2$ (fully dependent, not linearly)": (x, x**2),
}
rows = []
for a, b in pairs.values():
    rows.append(
        [
            fmt(correlation(a, b), 4),
            fmt(cosine_similarity(a - a.mean(), b - b.mean()), 4),
            fmt(np.corrcoef(a, b)[0, 1], 4),
            fmt(cosine_similarity(a, b), 4),
        ]
    )
print(
    table(
        rows,
        row_labels=list(pairs),
        col_labels=["$\\rho$ (library)", "cosine of the centred vectors", "np.corrcoef", "cosine, not centred"],
        corner="pair, 200 samples",
        caption="Correlation is the cosine similarity after subtracting the means",
    )
)
S = covariance_matrix(np.column_stack([height, weight]))
print(
    facts(
        {
            "$\\operatorname{Cov}(\\text{height}, \\text{weight})$, in cm·kg": S[0, 1],
            "$\\sigma_{\\text{height}}$, $\\sigma_{\\text{weight}}$ ($N - 1$)": f"{fmt(standard_deviation(height, ddof=1), 2)} cm, {fmt(standard_deviation(weight, ddof=1), 2)} kg",
            "$\\operatorname{Cov} / (\\sigma_{\\text{height}}\\, \\sigma_{\\text{weight}})$": S[0, 1] / (standard_deviation(height, ddof=1) * standard_deviation(weight, ddof=1)),
            "$\\rho(\\text{height}, \\text{weight})$": correlation(height, weight),
            "the same with weight in grams": correlation(height, 1000 * weight),
        },
        precision=4,
    )
)
