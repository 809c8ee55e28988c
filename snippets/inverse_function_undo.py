"""f⁻¹ undoes f: x³ + x inverted by bisection, the logit undoes the sigmoid (and differs from 1/σ), x² has two preimages."""

import numpy as np

from notation import inverse_function, logit, sigmoid
from notation.render import facts, table

f = lambda x: x**3 + x  # noqa: E731  strictly increasing, so one-to-one
ys = np.array([2.0, 10.0, 30.0, 0.5])
xs = inverse_function(f, ys, -5.0, 5.0)
print(
    table(
        np.column_stack([xs, f(xs)]),
        row_labels=[f"$y = {y:g}$" for y in ys],
        col_labels=["$f^{-1}(y)$ by bisection", "$f(f^{-1}(y))$"],
        precision=6,
        caption="$f(x) = x^3 + x$: its inverse has no simple formula; bisection finds it",
    )
)
ps = np.array([0.1, 0.5, 0.8, 0.99])
sig = lambda z: float(sigmoid(z))  # noqa: E731
print(
    table(
        np.column_stack([logit(ps), inverse_function(sig, ps, -20.0, 20.0), sigmoid(logit(ps)), 1 / sigmoid(ps)]),
        row_labels=[f"$p = {p:g}$" for p in ps],
        col_labels=["$\\sigma^{-1}(p)$, the logit", "by bisection", "$\\sigma(\\sigma^{-1}(p))$", "$1 / \\sigma(p)$, not the inverse"],
        precision=4,
        caption="The sigmoid undone by the logit; the reciprocal is a different number",
    )
)
square = lambda x: x * x  # noqa: E731
print(
    facts(
        {
            "$x^2$ at $x = -2$ and at $x = 2$": [square(-2.0), square(2.0)],
            "inputs of $x^2$ that give 4 (roots of $x^2 - 4$), so no single $f^{-1}(4)$": np.sort(np.roots([1.0, 0.0, -4.0])),
            "on $x \\ge 0$ it is one-to-one: the inverse at 4 by bisection": float(inverse_function(square, 4.0, 0.0, 10.0)),
        },
        precision=4,
    )
)
