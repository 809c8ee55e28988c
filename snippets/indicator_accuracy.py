"""𝕀[ŷ = y] as 0/1 numbers: accuracy is their mean; 𝕀[k ≠ i] is 1 − δ_ik; the one-hot target is 𝕀[k = y].
The maths counts classes from 1 (k = 1, …, K), the code from 0, as the Conventions say."""

import numpy as np

from notation import accuracy, indicator, kronecker_delta
from notation.render import facts, table

logits = np.array([[2.0, 0.1, -1.0], [0.3, 0.2, 1.5], [0.0, 2.2, 0.4], [1.1, 0.9, -0.3], [-0.5, 0.4, 0.1], [0.2, 1.7, 0.3]])
y = np.array([0, 2, 1, 1, 2, 1])          # the true classes, counted from 0 in code
y_hat = logits.argmax(axis=-1)           # the predicted classes
hits = indicator(y_hat == y)             # 𝕀[ŷ_i = y_i]
print(
    table(
        [y + 1, y_hat + 1, hits],  # classes shown as the maths counts them, from 1
        row_labels=["target $y_i$", "prediction $\\hat{y}_i = \\arg\\max_k z_{ik}$", "$\\mathbb{I}[\\hat{y}_i = y_i]$"],
        col_labels=[f"$i = {i}$" for i in range(1, len(y) + 1)],
        precision=0,
        caption="The indicator turns each comparison into a 1 (true) or a 0 (false)",
    )
)
K, i = 5, 3  # the third of five classes
ks = np.arange(1, K + 1)  # k = 1, …, K
print(
    facts(
        {
            "accuracy $\\frac{1}{n}\\sum_i \\mathbb{I}[\\hat{y}_i = y_i]$": accuracy(y_hat, y),
            f"$\\mathbb{{I}}[k \\neq {i}]$ for $k = 1, \\dots, {K}$": indicator(ks != i),
            f"$1 - \\delta_{{{i}k}}$ for the same $k$": 1.0 - kronecker_delta(i, ks),
            f"one-hot target $\\mathbb{{I}}[k = y]$ for $y = {i}$": indicator(ks == i),
        },
        precision=3,
    )
)
