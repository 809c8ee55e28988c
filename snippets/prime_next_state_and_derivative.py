"""Two readings of a prime: s′ the next state in a Q-learning target, f′ and f″ the derivatives of f(x) = x³."""

import numpy as np

from notation import action_values, corridor, gradient, hessian
from notation.render import facts, table

P, R = corridor()
gamma = 0.9
Q = action_values(P, R, [[0.0, 1.0]] * 3, gamma)  # always right: the best policy in the corridor
s, a = 0, 1  # in cell 0, move right
s_next = int(np.argmax(P[s, a]))  # the cell the move leads to: s′
y = R[s, a] + gamma * Q[s_next].max()
print(
    table(
        Q,
        row_labels=[f"cell {c}" + (" $= s'$" if c == s_next else " $= s$" if c == s else "") for c in range(3)],
        col_labels=["$Q(\\cdot, \\text{left})$", "$Q(\\cdot, \\text{right})$"],
        precision=4,
        caption="$Q$ of the always-right policy ($\\gamma = 0.9$); the target reads the row of $s'$",
    )
)
print(
    facts(
        {
            "$s$, the cell the step starts in": s,
            "$s'$, the cell it reaches (s_next in code)": s_next,
            "$\\max_{a'} Q(s', a')$, the best action value there": Q[s_next].max(),
            "$a'$ that attains it (a_next in code)": "right" if int(Q[s_next].argmax()) == 1 else "left",
            "target $y = r + \\gamma \\max_{a'} Q(s', a')$": y,
            "$Q(s, a)$ itself, which the target equals for this policy": Q[s, a],
        },
        precision=4,
    )
)

f = lambda v: float(v[0] ** 3)  # noqa: E731
xs = [-1.0, 0.5, 2.0]
rows = [[float(gradient(f, [x])[0]), 3 * x**2, float(hessian(f, [x])[0, 0]), 6 * x] for x in xs]
print(
    table(
        np.array(rows),
        row_labels=[f"$x = {x:g}$" for x in xs],
        col_labels=["$f'(x)$ by finite differences", "$3x^2$", "$f''(x)$ by finite differences", "$6x$"],
        precision=4,
        caption="$f(x) = x^3$: on a function of one variable the primes are derivatives",
    )
)
