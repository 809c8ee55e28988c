"""Three deliberate approximations, each with its error measured: tanh GELU, a rounded count, int8 rounding."""

import numpy as np

from notation import dequantize_int8, gelu, quantize_int8
from notation.render import facts, fmt, table

x = np.linspace(-6.0, 6.0, 12_001)  # a grid with step 0.001
err = np.abs(gelu(x) - gelu(x, approximate="tanh"))
print(
    facts(
        {
            "largest $\\lvert \\operatorname{GELU}(x) - \\text{tanh formula} \\rvert$ on $[-6, 6]$": f"{err.max():.2e}",
            "reached at $x$": x[err.argmax()],
            "mean error on the grid": f"{err.mean():.2e}",
        }
    )
)

entries = 4096 * 4096
rounded = round(entries / 1e6, 1) * 1e6
print(
    facts(
        {
            "entries of a $4096 \\times 4096$ matrix": entries,
            "said as": f"≈ {rounded / 1e6:g} million",
            "relative error of the rounding": f"{abs(rounded - entries) / entries:.2%}",
        }
    )
)

rng = np.random.default_rng(0)
w = rng.normal(0.0, 0.02, size=4096)  # weights of a typical scale
q, scale = quantize_int8(w)
w_hat = dequantize_int8(q, scale)
show = slice(0, 5)
print(
    table(
        [
            [fmt(v, 6) for v in w[show]],
            [fmt(float(c), 0) for c in q[show]],
            [fmt(v, 6) for v in w_hat[show]],
            [fmt(v, 6) for v in w_hat[show] - w[show]],
        ],
        row_labels=["$w$", "int8 code $q = \\operatorname{round}(w / \\Delta)$", "$\\hat{w} = q\\,\\Delta$", "error $\\hat{w} - w$"],
        col_labels=[f"$w_{i + 1}$" for i in range(5)],
        caption=f"Symmetric int8 quantisation of 4096 weights: scale $\\Delta = \\max \\lvert w \\rvert / 127 = {fmt(scale, 6)}$",
    )
)
print(
    facts(
        {
            "largest error $\\max \\lvert \\hat{w} - w \\rvert$": f"{np.max(np.abs(w_hat - w)):.2e}",
            "bound $\\Delta / 2$": f"{scale / 2:.2e}",
            "np.allclose($\\hat{w}$, $w$) with default tolerances": bool(np.allclose(w_hat, w)),
            "np.allclose($\\hat{w}$, $w$, atol = $\\Delta/2$)": bool(np.allclose(w_hat, w, rtol=0, atol=scale / 2)),
        }
    )
)
