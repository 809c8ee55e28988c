"""Floats are a finite stand-in for the reals: whether 0.1 + 0.2 == 0.3 depends on the format, and the gap between floats grows with size."""

import numpy as np

from notation import FLOAT_FORMATS, round_to_format
from notation.render import facts, table

s = 0.1 + 0.2
print(
    facts(
        {
            "0.1 + 0.2 in float64, all 17 significant digits": f"{s:.17g}",
            "0.1 + 0.2 == 0.3": s == 0.3,
            "np.isclose(0.1 + 0.2, 0.3)": bool(np.isclose(s, 0.3)),
            "float($2^{53} + 1$) == float($2^{53}$): whole numbers stop being exact": float(2**53 + 1) == float(2**53),
        }
    )
)

# The same sum in each format: round 0.1, 0.2 and 0.3 to the format, add, round the sum
sums = []
for name, (e, m) in FLOAT_FORMATS.items():
    a, b, c = (float(round_to_format(v, e, m)) for v in (0.1, 0.2, 0.3))
    total = float(round_to_format(a + b, e, m))  # exact in float64, then rounded once to the format
    sums.append([f"{total:.17g}", f"{c:.17g}", str(total == c)])
print(
    table(
        sums,
        row_labels=[{"fp64": "float64", "fp32": "float32", "fp16": "float16", "bf16": "bfloat16"}[n] for n in FLOAT_FORMATS],
        col_labels=["0.1 + 0.2 in the format", "0.3 in the format", "equal?"],
        corner="format",
        caption="$0.1 + 0.2 = 0.3$ is False in float64 but True in float32: the rounding errors cancel or not, by format",
    )
)

dtypes = [np.float16, np.float32, np.float64]
points = [1.0, 1000.0, 1e6]
rows = []
for dt in dtypes:
    info = np.finfo(dt)
    with np.errstate(over="ignore", invalid="ignore"):
        gaps = [np.spacing(dt(p)) for p in points]  # float16 cannot hold 10^6: it overflows to inf
    cells = [f"{float(g):.2e}" if np.isfinite(g) else "overflow (inf)" for g in gaps]
    rows.append([str(info.bits), *cells, f"{float(info.max):.2e}"])
print(
    table(
        rows,
        row_labels=[np.dtype(dt).name for dt in dtypes],
        col_labels=["bits", "gap next to 1", "next to 1000", "next to $10^6$", "largest value"],
        corner="format",
        caption="Distance to the next representable number (np.spacing) and the largest number (np.finfo)",
    )
)
