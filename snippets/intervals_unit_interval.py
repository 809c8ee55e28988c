"""Square brackets include an end, round ones exclude it: rng.random draws from [0, 1), a sigmoid maps into (0, 1)."""

import numpy as np

from notation import in_interval, sigmoid
from notation.render import facts, sci, table

points = np.array([0.0, 0.5, 1.0])
brackets = {"[0, 1]": "[]", "[0, 1)": "[)", "(0, 1]": "(]", "(0, 1)": "()"}
print(
    table(
        np.array([["yes" if v else "no" for v in in_interval(points, 0, 1, ends)] for ends in brackets.values()]),
        row_labels=[f"${name}$" for name in brackets],
        col_labels=[f"contains {p:g}?" for p in points],
        caption="The four intervals from 0 to 1 differ only at their two ends",
    )
)

rng = np.random.default_rng(0)
draws = rng.random(1_000_000)
logits = np.array([-10.0, 0.0, 10.0, 40.0])
probs = sigmoid(logits)
print(
    facts(
        {
            "one million draws of rng.random(): the smallest": sci(draws.min()),
            "1 minus the largest (never 0: 1 itself is never drawn)": sci(1 - draws.max()),
            "all in $[0, 1)$": bool(in_interval(draws, 0, 1, "[)").all()),
            "$\\sigma(z)$ for $z = -10, 0, 10, 40$ (float64)": probs,
            "all strictly inside $(0, 1)$ once rounded to float64": bool(in_interval(probs, 0, 1, "()").all()),
            "$\\sigma(40)$ rounded to exactly 1.0 in float64": bool(probs[-1] == 1.0),
        },
        precision=6,
    )
)
