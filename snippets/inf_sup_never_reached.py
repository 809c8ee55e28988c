"""inf over x > 0 of x is 0 and never reached; sup of σ is 1, reached only by rounding; a sup over 1-Lipschitz functions."""

import numpy as np

from notation import sigmoid
from notation.render import facts, sci, table

bounds = [0.1, 1e-3, 1e-6]
print(
    table(
        np.array([[f"{b / 2:g}", str(b / 2 > 0 and b / 2 < b)] for b in bounds], dtype=object),
        row_labels=[f"candidate lower bound $b = {b:g}$" for b in bounds],
        col_labels=["$x = b/2$", "$x > 0$ and $x < b$: $b$ fails"],
        caption="$\\inf_{x > 0} x = 0$: every positive $b$ has a member of the set below it, and 0 is not in the set",
    )
)
zs = [0.0, 5.0, 10.0, 16.0, 17.0, 36.0, 37.0]
rows = []
for z in zs:
    exact = float(np.exp(-z) / (1 + np.exp(-z)))  # 1 − σ(z) = σ(−z), computed without the subtraction
    rows.append([sci(exact), sci(1 - float(sigmoid(np.float64(z)))), sci(1 - float(sigmoid(np.float32(z))))])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[f"$z = {z:g}$" for z in zs],
        col_labels=["$1 - \\sigma(z)$, exact", "float64: $1 - \\sigma(z)$", "float32: $1 - \\sigma(z)$"],
        caption="$\\sup_z \\sigma(z) = 1$: the gap is positive for every $z$, until rounding closes it ($\\sigma$ computed as $1/(1 + e^{-z})$, as the library and torch.sigmoid do)",
    )
)
# A correctly rounded σ(z) reaches 1 only once 1 − σ(z) = σ(−z) is at most half the spacing below 1,
# 2^−(p+1) for a p-bit significand: from z = ln(2^(p+1) − 1). Computing 1/(1 + e^{−z}) rounds twice.
first_one = {t: float(np.log(2.0 ** (np.finfo(t).nmant + 2) - 1)) for t in (np.float32, np.float64)}
print(
    facts(
        {
            "a correctly rounded $\\sigma(z)$ is 1.0 in float32 from $z$ =": first_one[np.float32],
            "a correctly rounded $\\sigma(z)$ is 1.0 in float64 from $z$ =": first_one[np.float64],
        },
        precision=2,
    )
)
slopes = np.linspace(-1.0, 1.0, 9)  # f(x) = a x has Lipschitz constant |a| ≤ 1
values = np.array([a * 0.0 - a * 2.0 for a in slopes])  # E_P[f] − E_Q[f] with P a point at 0, Q a point at 2
print(
    table(
        values[None, :],
        row_labels=["$f(0) - f(2)$"],
        col_labels=[f"$a = {a:g}$" for a in slopes],
        precision=2,
        caption="$\\sup_{\\lVert f \\rVert_L \\le 1} \\mathbb{E}_P[f] - \\mathbb{E}_Q[f]$ over the lines $f(x) = ax$",
    )
)
print(facts({"the sup over these $f$": float(values.max()), "reached at $a$": float(slopes[np.argmax(values)]), "distance between the two points": 2.0}, precision=2))
