"""Three sigmas on the same numbers: the standard deviation σ, the sigmoid σ(x), and singular values σ_i."""

import numpy as np

from notation import sigmoid
from notation.render import facts, table

x = np.array([-2.0, -0.5, 0.0, 1.0, 4.0])
print(
    table(
        np.stack([x, sigmoid(x)]),
        row_labels=["$x_i$", "sigmoid $\\sigma(x_i)$"],
        col_labels=[f"$i = {i + 1}$" for i in range(x.size)],
        precision=4,
        caption="$\\sigma$ as a function: applied to each entry, every output in $(0, 1)$",
    )
)
X = x[:4].reshape(2, 2)
print(
    facts(
        {
            "$\\sigma$ as standard deviation of $\\mathbf{x}$ (np.std, one number)": float(np.std(x)),
            "same units as $\\mathbf{x}$: $\\sigma$ of $10\\,\\mathbf{x}$": float(np.std(10 * x)),
            "mean of $\\sigma(\\mathbf{x})$ (no relation to the above)": float(sigmoid(x).mean()),
            "$X$ = first four entries as a $2 \\times 2$ matrix": X,
            "singular values $\\sigma_1 \\ge \\sigma_2$ of $X$": np.linalg.svd(X, compute_uv=False),
        },
        precision=4,
    )
)
