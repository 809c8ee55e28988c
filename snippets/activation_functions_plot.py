"""ReLU, GELU, SiLU and softplus on one chart: the same shape far out, different near 0; sigmoid and tanh level off instead."""

import numpy as np

from notation import gelu, relu, sigmoid, silu, softplus, tanh
from notation.render import line_plot, table

x = np.linspace(-4.0, 4.0, 161)
curves = {"ReLU": relu(x), "GELU": gelu(x), "SiLU": silu(x), "Softplus": softplus(x)}

print(
    line_plot(
        x,
        curves,
        title="Four activation functions",
        alt=(
            "All four are close to 0 for very negative inputs and close to x for large positive "
            "ones; they differ around 0, where only ReLU has a corner and GELU and SiLU dip below 0."
        ),
        xlabel="x",
        ylabel="f(x)",
    )
)

points = np.array([-10.0, -3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 10.0])
print(
    table(
        np.stack([f(points) for f in (relu, gelu, silu, softplus, sigmoid, tanh)]),
        row_labels=[
            "$\\operatorname{ReLU}(x)$",
            "$\\operatorname{GELU}(x)$",
            "$\\operatorname{SiLU}(x)$",
            "$\\operatorname{Softplus}(x)$",
            "$\\sigma(x)$, sigmoid",
            "$\\tanh(x)$",
        ],
        col_labels=[f"$x = {v:g}$" for v in points],
        corner="",
        precision=3,
        caption="The four above at a few inputs, then the squashing functions: far from 0 the first four tend to 0 and to $x$, while sigmoid levels off at 0 and 1 and tanh at −1 and 1",
    )
)
