"""tanh next to sigmoid: range (−1, 1) against (0, 1), the link between them, and tanh inside GELU."""

import math

import numpy as np

from notation import gelu, sigmoid, tanh
from notation.render import facts, line_plot

x = np.linspace(-6.0, 6.0, 241)
print(
    line_plot(
        x,
        {"tanh(x)": tanh(x), "σ(x)": sigmoid(x)},
        title="tanh and the sigmoid",
        alt=(
            "Both are S-shaped; tanh runs from −1 to 1 and passes through 0 at x = 0, "
            "the sigmoid runs from 0 to 1 and passes through 0.5."
        ),
        xlabel="x",
        ylabel="value",
    )
)

# Mathematically tanh never reaches 1: 1 - tanh(x) = 2σ(-2x) > 0. A float64 can still round it to 1.
gap_at_20 = 2 * sigmoid(-40.0)
mantissa, exponent = f"{gap_at_20:.1e}".split("e")

x1 = 1.0
u = math.sqrt(2 / math.pi) * (x1 + 0.044715 * x1**3)  # the argument GELU's approximation feeds to tanh
print(
    facts(
        {
            "$\\tanh(-3)$, $\\tanh(0)$, $\\tanh(3)$": tanh([-3.0, 0.0, 3.0]),
            "$\\tanh(x) = 2\\sigma(2x) - 1$ for every $x$ plotted": bool(np.allclose(tanh(x), 2 * sigmoid(2 * x) - 1, rtol=0, atol=1e-15)),
            "true gap $1 - \\tanh(20) = 2\\sigma(-40)$": f"${mantissa} \\times 10^{{{int(exponent)}}}$",
            "float64 rounds $\\tanh(20)$ to exactly 1": bool(tanh(20.0) == 1.0),
            "GELU at $x = 1$: $u = \\sqrt{2/\\pi}\\,(x + 0.044715\\,x^3)$": u,
            "$\\tanh(u)$": tanh(u),
            "$\\tfrac{1}{2} x\\,(1 + \\tanh u)$ and the library's tanh-form GELU": [0.5 * x1 * (1 + tanh(u)), gelu(x1, approximate="tanh")],
        },
        precision=4,
    )
)
