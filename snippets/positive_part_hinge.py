"""x⁺ = max(0, x) is ReLU; with x⁻ it splits x and |x|; the hinge loss (1 − y s)⁺ is written with it."""

import numpy as np

from notation import negative_part, positive_part, relu
from notation.render import facts, table

x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])
print(
    table(
        np.vstack([x, positive_part(x), negative_part(x), relu(x)]),
        row_labels=["$x$", "$x^{+} = \\max(0, x)$", "$x^{-} = \\max(0, -x)$", "$\\operatorname{ReLU}(x)$"],
        precision=1,
        caption="The positive part, the negative part and ReLU on five numbers",
    )
)

y = np.array([1.0, 1.0, -1.0, -1.0])  # labels ±1
s = np.array([2.5, 0.4, -0.3, 1.2])  # a classifier's scores
print(
    facts(
        {
            "$x^{+} = \\operatorname{ReLU}(x)$ on every entry": bool(np.array_equal(positive_part(x), relu(x))),
            "$x^{+} - x^{-}$ gives back $x$": positive_part(x) - negative_part(x),
            "$x^{+} + x^{-}$ gives $\\lvert x \\rvert$": positive_part(x) + negative_part(x),
            "hinge loss $(1 - y\\,s)^{+}$ for $y = (1, 1, -1, -1)$, $s = (2.5, 0.4, -0.3, 1.2)$": positive_part(1 - y * s),
        },
        precision=2,
    )
)
