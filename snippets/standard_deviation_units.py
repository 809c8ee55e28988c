"""Standard deviation is in the units of the data (variance is in squared units); ddof=0 versus ddof=1."""

import numpy as np

from notation import expectation, standard_deviation, variance
from notation.render import facts, fmt, table

latency_ms = np.array([112.0, 98.0, 135.0, 120.0, 105.0, 150.0, 101.0, 119.0])  # one request each
latency_s = latency_ms / 1000

rows = []
for values, unit, p in ((latency_ms, "ms", 1), (latency_s, "s", 4)):
    rows.append([
        f"{fmt(expectation(values), p)} {unit}",
        f"{fmt(variance(values), 2 * p if unit == 's' else p)} {unit}²",
        f"{fmt(standard_deviation(values), p)} {unit}",
    ])
print(
    table(
        rows,
        row_labels=["in milliseconds", "in seconds"],
        col_labels=["mean $\\mu$", "variance $\\sigma^2$", "standard deviation $\\sigma$"],
        corner="8 response times",
        caption="Change the unit by a factor of 1000: the mean and $\\sigma$ follow it, the variance moves by $1000^2$",
    )
)
mu, sigma = expectation(latency_ms), standard_deviation(latency_ms)
inside = int(np.sum(np.abs(latency_ms - mu) <= sigma))
print(
    facts(
        {
            "the data (ms)": latency_ms,
            "$\\mu \\pm \\sigma$ (ms)": f"{fmt(mu - sigma, 1)} to {fmt(mu + sigma, 1)}",
            "values inside $\\mu \\pm \\sigma$": f"{inside} of {latency_ms.size}",
            "$\\sigma$ dividing by $n$ (ddof = 0: np.std, LayerNorm)": f"{fmt(sigma, 2)} ms",
            "$\\sigma$ dividing by $n - 1$ (ddof = 1: torch.std default)": f"{fmt(standard_deviation(latency_ms, ddof=1), 2)} ms",
        },
        precision=0,
    )
)
