"""Three facts about e^z, computed: always positive, e^(a+b) = e^a e^b (softmax shift invariance), e^(−∞) = 0."""

import numpy as np

from notation import causal_mask, softmax
from notation.render import facts, table

z = np.array([-1000.0, -20.0, -1.0, 0.0, 1.0, 20.0, 709.0])
with np.errstate(under="ignore"):
    ez = np.exp(z)
print(
    table(
        [[f"{v:.4g}" for v in ez]],
        row_labels=["$e^{z}$"],
        col_labels=[f"$z = {v:g}$" for v in z],
        caption="Every value is positive; only $e^{-1000}$, far below the smallest float64, is rounded to 0",
    )
)

a, b = 1.5, -0.25
logits = np.array([2.0, 1.0, 0.5])
c = 100.0
with np.errstate(over="ignore"):
    big = np.exp(logits + 1000.0)
print(
    facts(
        {
            "$e^{a + b}$ with $a = 1.5$, $b = -0.25$": np.exp(a + b),
            "$e^{a} e^{b}$": np.exp(a) * np.exp(b),
            "$\\operatorname{Softmax}(\\mathbf{z})$ for $\\mathbf{z} = [2, 1, 0.5]$": softmax(logits),
            "$\\operatorname{Softmax}(\\mathbf{z} + 100)$: same, the factor $e^{100}$ cancels": softmax(logits + c),
            "$e^{\\mathbf{z} + 1000}$ in float64, without the safe shift": big,
            "$e^{-\\infty}$ in float64": float(np.exp(-np.inf)),
            "softmax row 1 of a 3-token causal mask, $[0, -\\infty, -\\infty]$": softmax(causal_mask(3))[0],
        },
        precision=4,
    )
)
