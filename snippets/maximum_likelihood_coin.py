"""Maximum likelihood for a coin: 7 heads in 10 flips; the likelihood over p peaks at the observed frequency 0.7."""

import numpy as np

from notation import binomial_likelihood, binomial_log_likelihood
from notation.render import facts, line_plot, table

heads, flips = 7, 10
p_table = np.round(np.arange(1, 10) / 10, 1)
print(
    table(
        np.stack([binomial_likelihood(p_table, heads, flips), binomial_log_likelihood(p_table, heads, flips)], axis=1),
        row_labels=[f"$p = {p:g}$" for p in p_table],
        col_labels=["$L(p)$", "$\\log L(p)$"],
        corner="chance of heads",
        precision=4,
        caption="$L(p) = \\binom{10}{7} p^7 (1-p)^3$: how probable 7 heads in 10 flips would be, for each guess $p$",
    )
)
grid = np.linspace(0.0, 1.0, 1001)
lik = binomial_likelihood(grid, heads, flips)
best = grid[np.argmax(lik)]
print(
    facts(
        {
            "$p$ with the largest likelihood (on a grid of 1,001 values)": best,
            "observed frequency of heads, 7 / 10": heads / flips,
            "the largest likelihood, $L(0.7)$": lik.max(),
        },
        precision=3,
    )
)
print(
    line_plot(
        grid,
        {"L(p)": lik},
        title="Likelihood of 7 heads in 10 flips, as a function of p",
        alt="The likelihood is zero at p = 0 and p = 1 and peaks at p = 0.7, the observed share of heads: that peak is the maximum-likelihood estimate.",
        xlabel="p, the chance of heads",
        ylabel="likelihood L(p)",
        mark=(float(best), float(lik.max())),
    )
)
