"""Expectation of dice rolls: exact values, the linearity and product rules (independence is enough, not needed), and sample means."""

import numpy as np

from notation import expectation
from notation.render import fmt, table

faces = np.arange(1, 7)
p = np.full(6, 1 / 6)
# Two independent dice: all 36 outcomes (x, y), each with probability 1/36.
xs, ys = np.meshgrid(faces, faces, indexing="ij")
x36, y36, p36 = xs.ravel(), ys.ravel(), np.full(36, 1 / 36)

ex = expectation(faces, p)
rng = np.random.default_rng(0)
n = 100_000
x = rng.integers(1, 7, size=n)
y = rng.integers(1, 7, size=n)

rows = [
    ["$\\mathbb{E}[X]$", ex, "—", expectation(x)],
    ["$\\mathbb{E}[2X + 3Y]$", expectation(2 * x36 + 3 * y36, p36), f"$2\\,\\mathbb{{E}}[X] + 3\\,\\mathbb{{E}}[Y] = {fmt(2 * ex + 3 * ex, 4)}$", expectation(2 * x + 3 * y)],
    ["$\\mathbb{E}[XY]$, $X$ and $Y$ independent", expectation(x36 * y36, p36), f"$\\mathbb{{E}}[X]\\,\\mathbb{{E}}[Y] = {fmt(ex * ex, 4)}$ ✓", expectation(x * y)],
    ["$\\mathbb{E}[XY]$ with $Y = X$", expectation(faces**2, p), f"$\\mathbb{{E}}[X]\\,\\mathbb{{E}}[X] = {fmt(ex * ex, 4)}$ ✗", expectation(x * x)],
    # dependent but uncorrelated: U = X − 3.5 and V = U² (V is fixed by U), yet E[UV] = E[U³] = 0 = E[U] E[V]
    [
        "$\\mathbb{E}[UV]$, $U = X - 3.5$ and $V = U^2$, dependent",
        expectation((faces - ex) ** 3, p),
        f"$\\mathbb{{E}}[U]\\,\\mathbb{{E}}[V] = {fmt(expectation(faces - ex, p) * expectation((faces - ex) ** 2, p), 4)}$ ✓",
        expectation((x - ex) ** 3),
    ],
]
print(
    table(
        [[fmt(r[1], 4), r[2], fmt(r[3], 4)] for r in rows],
        row_labels=[r[0] for r in rows],
        col_labels=["exact", "what the rule predicts", f"mean of {n:,} seeded rolls"],
        corner="$X, Y$: fair dice",
        caption="Linearity always holds; the product rule exactly when the covariance is 0, as for independent variables",
    )
)
sizes = [10, 100, 1_000, 10_000, 100_000]
print(
    table(
        [[expectation(x[:k]) for k in sizes]],
        row_labels=["sample mean $\\frac{1}{n}\\sum_i x_i$"],
        col_labels=[f"$n = {k:,}$".replace(",", "{,}") for k in sizes],
        precision=3,
        caption=f"The sample mean closes in on $\\mathbb{{E}}[X] = {fmt(ex, 1)}$ as the number of rolls grows",
    )
)
