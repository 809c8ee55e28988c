"""A product of many probabilities underflows to 0.0 in float64; the sum of their logs does not."""

import numpy as np

from notation import log_product
from notation.render import facts, fmt, table

rng = np.random.default_rng(0)
p = rng.uniform(0.01, 0.5, size=1000)  # per-token probabilities of a 1000-token text

lengths = [10, 100, 200, 400, 500, 1000]
rows = []
for n in lengths:
    with np.errstate(under="ignore"):
        direct = np.prod(p[:n])
    rows.append([f"{direct:.3e}" if direct > 0 else "0.0 (underflow)", fmt(log_product(p[:n]), 1)])
print(
    table(
        rows,
        row_labels=[f"$N = {n}$" for n in lengths],
        col_labels=["np.prod(p[:N])", "$\\sum_t \\log p_t$ = log_product(p[:N])"],
        corner="tokens",
        caption="The product shrinks past the smallest float64 and becomes 0.0; its log stays an ordinary number",
    )
)
first_zero = next(n for n in range(1, p.size + 1) if np.prod(p[:n]) == 0.0)
print(
    facts(
        {
            "smallest positive float64 (subnormal)": f"{np.finfo(np.float64).smallest_subnormal:.1e}",
            "first $N$ at which np.prod gives exactly 0.0": first_zero,
            "$\\log_{10}$ of the product of all 1000, from the log-sum": float(log_product(p)) / np.log(10),
        },
        precision=1,
    )
)
