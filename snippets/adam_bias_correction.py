"""Adam's first steps on one parameter with a steady gradient: the raw moments start near 0, the corrected ones do not."""

import numpy as np

from notation import adam_descent, adam_step
from notation.render import facts, note, table

g = 0.5  # the same gradient every step: the true running mean is 0.5, the true mean square 0.25
grad_fn = lambda th: np.full_like(th, g)  # noqa: E731
# defaults: η = 1e-3, β₁ = 0.9, β₂ = 0.999, ε = 1e-8
run = adam_descent(grad_fn, [0.0], steps=5000)
raw = adam_descent(grad_fn, [0.0], steps=1000, bias_correction=False)
shown = [1, 2, 3, 5, 10, 50, 1000]


def step(path, t):
    before = path[t - 2].theta[0] if t > 1 else 0.0
    return abs(path[t - 1].theta[0] - before) * 1e3  # in units of η = 1e-3


rows = [
    [run[t - 1].m[0], run[t - 1].m_hat[0], np.sqrt(run[t - 1].v[0]), np.sqrt(run[t - 1].v_hat[0]), step(run, t), step(raw, t)]
    for t in shown
]
print(
    table(
        np.array(rows),
        row_labels=[f"$t = {t}$" for t in shown],
        col_labels=["$m_t$", "$\\hat{m}_t$", "$\\sqrt{v_t}$", "$\\sqrt{\\hat{v}_t}$", "step / $\\eta$", "step / $\\eta$ without correction"],
        precision=4,
        caption=f"constant gradient $g = {g}$, defaults $\\beta_1 = 0.9$, $\\beta_2 = 0.999$, $\\eta = 10^{{-3}}$",
    )
)
first = adam_step([0.0], [g], [0.0], [0.0], t=1)
print(
    facts(
        {
            "at $t = 1$: $\\hat{m}_1 / m_1 = 1 / (1 - \\beta_1)$": float(first.m_hat[0] / first.m[0]),
            "at $t = 1$: $\\hat{v}_1 / v_1 = 1 / (1 - \\beta_2)$": float(first.v_hat[0] / first.v[0]),
            "first step with $\\hat{m}_t / m_t < 1.01$": next(t for t, s in enumerate(run, 1) if s.m_hat[0] / s.m[0] < 1.01),
            "first step with $\\hat{v}_t / v_t < 1.01$": next(t for t, s in enumerate(run, 1) if s.v_hat[0] / s.v[0] < 1.01),
        },
        precision=1,
    )
)
print(note("Adam rescales each parameter on its own: two parameters whose gradients differ by a factor of 10,000 take first steps of the same size."))
two = adam_step([0.0, 0.0], [100.0, 0.01], [0.0, 0.0], [0.0, 0.0], t=1)
print(
    facts(
        {
            "gradients $\\mathbf{g}_1$": np.array([100.0, 0.01]),
            "first step $-\\eta\\, \\hat{m}_1 / (\\sqrt{\\hat{v}_1} + \\epsilon)$, in units of $\\eta$": two.theta * 1e3,
        },
        precision=4,
    )
)
