"""ReLU, GeLU, SiLU and softplus on one chart: the same shape far out, different near 0."""

import numpy as np

from notation import gelu, relu, silu, softplus
from notation.render import line_plot, table

x = np.linspace(-4.0, 4.0, 161)
curves = {"ReLU": relu(x), "GeLU": gelu(x), "SiLU": silu(x), "Softplus": softplus(x)}

print(
    line_plot(
        x,
        curves,
        title="Four activation functions",
        alt=(
            "All four are close to 0 for very negative inputs and close to x for large positive "
            "ones; they differ around 0, where only ReLU has a corner and GeLU and SiLU dip below 0."
        ),
        xlabel="x",
        ylabel="f(x)",
    )
)

points = np.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0])
print(
    table(
        np.stack([f(points) for f in (relu, gelu, silu, softplus)]),
        row_labels=["$\\operatorname{ReLU}(x)$", "$\\operatorname{GeLU}(x)$", "$\\operatorname{SiLU}(x)$", "$\\operatorname{Softplus}(x)$"],
        col_labels=[f"$x = {v:g}$" for v in points],
        corner="",
        precision=3,
        caption="The same functions at a few inputs",
    )
)
