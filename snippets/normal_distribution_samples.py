"""Seeded draws X ~ N(0, 1): their mean and standard deviation, the 68–95–99.7 shares, and the density curve."""

import numpy as np

from notation import expectation, normal_pdf, standard_deviation
from notation.render import facts, fmt, line_plot, table

rng = np.random.default_rng(0)
n = 100_000
z = rng.standard_normal(n)       # z_i ~ N(0, 1)
x = 3.0 + 0.5 * z                # x_i ~ N(3, 0.5²): shift by μ, scale by σ

print(
    table(
        [[fmt(expectation(z), 3), fmt(standard_deviation(z), 3)], [fmt(expectation(x), 3), fmt(standard_deviation(x), 3)]],
        row_labels=["$z \\sim \\mathcal{N}(0, 1)$", "$x = 3 + 0.5\\,z \\sim \\mathcal{N}(3, 0.5^2)$"],
        col_labels=["sample mean", "sample Std"],
        corner=f"{n:,} seeded draws",
        caption="The samples have the mean and standard deviation their distribution promises",
    )
)
within = [float(np.mean(np.abs(z) <= k)) for k in (1, 2, 3)]
print(
    facts(
        {
            "share of draws within 1, 2, 3 standard deviations of 0": np.array(within),
            "density at the centre, $\\varphi(0) = 1/\\sqrt{2\\pi}$": normal_pdf(0.0),
            "density one and two Std away, $\\varphi(1)$ and $\\varphi(2)$": normal_pdf([1.0, 2.0]),
        },
        precision=3,
    )
)
counts, edges = np.histogram(z, bins=np.linspace(-4, 4, 41), density=True)
centres = (edges[:-1] + edges[1:]) / 2
print(
    line_plot(
        centres,
        {"histogram of the draws": counts, "density φ(x) of N(0, 1)": normal_pdf(centres)},
        title="100,000 draws from N(0, 1) against its density",
        alt="The histogram of the seeded draws follows the bell-shaped density, peaking at 0 with height about 0.4 and nearly vanishing beyond ±3.",
        xlabel="x",
        ylabel="density",
        mark=(0.0, float(normal_pdf(0.0))),
    )
)
