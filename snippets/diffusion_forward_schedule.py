"""DDPM's linear schedule (β from 1e-4 to 0.02 over T = 1000): β_t, ᾱ_t and the signal and noise weights at a few steps; jumping to step t vs running the chain."""

import numpy as np

from notation import alpha_bar, expectation, linear_beta_schedule, q_sample, variance
from notation.render import table

betas = linear_beta_schedule(T=1000, beta_start=1e-4, beta_end=0.02)
abar = alpha_bar(betas)
steps = [1, 10, 100, 250, 500, 750, 1000]
print(
    table(
        np.array([[betas[t - 1], 1 - betas[t - 1], abar[t - 1], np.sqrt(abar[t - 1]), np.sqrt(1 - abar[t - 1])] for t in steps]),
        row_labels=[f"$t = {t}$" for t in steps],
        col_labels=["$\\beta_t$", "$\\alpha_t = 1 - \\beta_t$", "$\\bar{\\alpha}_t = \\prod_{s \\le t} \\alpha_s$", "signal weight $\\sqrt{\\bar{\\alpha}_t}$", "noise weight $\\sqrt{1 - \\bar{\\alpha}_t}$"],
        precision=6,
        caption="Each step adds a little noise, but the products compound: about half the signal's variance is gone by step 250, and by $t = 1000$ almost none is left",
    )
)

# One pixel with x_0 = 1, 20,000 times: run t single steps, or jump straight to t with q(x_t | x_0).
rng = np.random.default_rng(0)
n, x0 = 20_000, np.ones(20_000)
x, rows = x0.copy(), []
for t in range(1, 501):
    x = q_sample(x, 1, rng.standard_normal(n), betas[t - 1 : t])  # one step: q(x_t | x_{t-1})
    if t in (10, 100, 500):
        jumped = q_sample(x0, t, rng.standard_normal(n), betas)
        rows.append([float(expectation(x)), float(variance(x)), float(expectation(jumped)), float(variance(jumped)), np.sqrt(abar[t - 1]), 1 - abar[t - 1]])
print(
    table(
        np.array(rows),
        row_labels=["$t = 10$", "$t = 100$", "$t = 500$"],
        col_labels=["mean, $t$ steps", "variance, $t$ steps", "mean, one jump", "variance, one jump", "$\\sqrt{\\bar{\\alpha}_t}$", "$1 - \\bar{\\alpha}_t$"],
        precision=4,
        caption="20,000 copies of $x_0 = 1$: the chain of small steps and the single jump give the same distribution, $\\mathcal{N}(\\sqrt{\\bar{\\alpha}_t}\\, x_0, 1 - \\bar{\\alpha}_t)$",
    )
)
