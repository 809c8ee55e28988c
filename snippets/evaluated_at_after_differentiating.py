"""Differentiate, then evaluate: d/dx x² at x = 3; the deterministic policy gradient's ∇_a Q|_{a=μ(s)}; [F(x)]_0^1 against a numerical integral."""

import numpy as np

from notation import bracket, gradient, trapezoid
from notation.render import facts, table

square = lambda v: float(np.sum(v**2))  # noqa: E731
print(
    facts(
        {
            "$\\left. \\frac{d}{dx} x^2 \\right|_{x = 3}$: differentiate, then put in 3": float(gradient(square, [3.0])[0]),
            "$\\frac{d}{dx}(3^2)$: put in 3 first, then differentiate a constant": float(gradient(lambda v: 9.0, [3.0])[0]),
        },
        precision=4,
    )
)

Q = lambda s, a: -((a - 2.0 * s) ** 2)  # noqa: E731  a critic whose best action in state s is 2s
mu = lambda theta, s: theta * s  # noqa: E731  a deterministic policy a = θ s
rows = []
for s, theta in [(1.0, 0.5), (1.0, 2.0), (-1.5, 1.0)]:
    a = mu(theta, s)
    dq_da = float(gradient(lambda v: Q(s, v[0]), [a])[0])  # ∇_a Q(s, a), then a = μ_θ(s)
    dmu_dtheta = float(gradient(lambda v: mu(v[0], s), [theta])[0])
    direct = float(gradient(lambda v: Q(s, mu(v[0], s)), [theta])[0])  # θ ↦ Q(s, μ_θ(s)) as one function
    rows.append([s, theta, a, dq_da, dmu_dtheta, dmu_dtheta * dq_da, direct])
print(
    table(
        np.array(rows),
        row_labels=[f"case {i}" for i in range(1, len(rows) + 1)],
        col_labels=[
            "$s$",
            "$\\theta$",
            "$a = \\mu_\\theta(s)$",
            "$\\nabla_a Q(s, a) \\big|_{a = \\mu_\\theta(s)}$",
            "$\\nabla_\\theta \\mu_\\theta(s)$",
            "their product",
            "$\\frac{d}{d\\theta} Q(s, \\mu_\\theta(s))$ directly",
        ],
        precision=4,
        caption="$Q(s, a) = -(a - 2s)^2$ and $\\mu_\\theta(s) = \\theta s$: the deterministic policy gradient at one state",
    )
)

x = np.linspace(0.0, 1.0, 1001)
print(
    facts(
        {
            "$\\bigl[x^3 / 3\\bigr]_0^1 = F(1) - F(0)$": float(bracket(lambda v: v**3 / 3, 0.0, 1.0)),
            "$\\int_0^1 x^2 \\, dx$ by the trapezoid rule, 1,001 points": trapezoid(x**2, x),
        },
        precision=6,
    )
)
