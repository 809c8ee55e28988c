"""Logistic regression on ten students: p = σ(xw + b) per point, the boundary xw + b = 0 where p = ½,
and the mean binary cross-entropy with labels {0, 1} equal to log(1 + e^{−y f}) with labels {−1, +1}."""

import numpy as np

from notation import logistic_margin_loss, logistic_regression, sigmoid
from notation.render import facts, fmt, table

hours = np.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0])
passed = np.array([0, 0, 0, 1, 0, 1, 0, 1, 1, 1])  # y ∈ {0, 1}
lam = 0.1
fit = logistic_regression(hours[:, None], passed, lam=lam)
logits = hours * fit.w[0] + fit.b  # f(x) = xw + b
p = sigmoid(logits)
bce = -(passed * np.log(p) + (1 - passed) * np.log(1 - p))
print(
    table(
        np.column_stack([hours, passed.astype(str).astype(object), logits, p, bce]),
        row_labels=[f"$i = {i}$" for i in range(1, 11)],
        col_labels=["$x_i$", "$y_i$", "$x_i w + b$", "$p(y = 1 \\mid x_i)$", "BCE"],
        precision=3,
        caption=f"Hours studied and pass (1) or fail (0); fitted with $\\lambda = {lam}$",
    )
)
signed = 2 * passed - 1  # the same labels as −1 and +1
print(
    facts(
        {
            "$w$ and $b$": f"{fmt(fit.w[0])}, {fmt(fit.b)}",
            "decision boundary $x = -b / w$, where $p = \\frac{1}{2}$": -fit.b / fit.w[0],
            "mean BCE, labels $y \\in \\{0, 1\\}$": float(bce.mean()),
            "mean $\\log(1 + e^{-y f(x)})$, labels $y \\in \\{-1, +1\\}$": float(logistic_margin_loss(logits, signed).mean()),
            "accuracy of predicting 1 where $p > \\frac{1}{2}$": float(np.mean((p > 0.5) == (passed == 1))),
        },
        precision=3,
    )
)
