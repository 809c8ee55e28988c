"""A hat, a tilde and a bar on real numbers: an estimate, a perturbed copy, an average and a running product."""

import numpy as np

from notation import dropout, expectation, log_product, standard_deviation, tiny_model
from notation.render import facts, note, table

rng = np.random.default_rng(0)
mu, sigma = 2.0, 0.5  # the true parameters, unknown to the estimator
sizes = [10, 100, 10_000]
rows = []
for n in sizes:
    x = rng.normal(mu, sigma, size=n)
    x_bar = float(expectation(x))  # x̄: the average of the sample, which is also the estimate μ̂
    rows.append([x_bar, float(standard_deviation(x, ddof=1)), abs(x_bar - mu)])
print(
    table(
        np.array(rows),
        row_labels=[f"$n = {n:,}$".replace(",", "{,}") for n in sizes],  # {,}: no space after the comma in math
        col_labels=["$\\bar{x} = \\hat{\\mu}$", "$\\hat{\\sigma}$", "$\\lvert \\hat{\\mu} - \\mu \\rvert$"],
        precision=4,
        caption=f"hats are estimates from data: samples from $\\mathcal{{N}}(\\mu = {mu}, \\sigma = {sigma})$",
    )
)
m = tiny_model()
y = m.x[1]  # the embedding of "cat"
y_tilde, _ = dropout(y, 0.25, rng=rng)
print(facts({"$\\mathbf{y}$ (“cat”)": y, "$\\tilde{\\mathbf{y}}$, a dropped-out copy": y_tilde}, precision=2))
print(note("A bar can also be a running product: in DDPM, $\\bar{\\alpha}_t = \\prod_{s=1}^{t} \\alpha_s$ with $\\alpha_s = 1 - \\beta_s$ and $\\beta_s$ rising linearly from $10^{-4}$ to $0.02$ over $T = 1000$ steps."))
beta = np.linspace(1e-4, 0.02, 1000)
steps = [1, 10, 100, 500, 1000]
print(
    table(
        np.array([[beta[t - 1], 1 - beta[t - 1], float(np.exp(log_product(1 - beta[:t])))] for t in steps]),
        row_labels=[f"$t = {t}$" for t in steps],
        col_labels=["$\\beta_t$", "$\\alpha_t$", "$\\bar{\\alpha}_t$"],
        precision=5,
    )
)
