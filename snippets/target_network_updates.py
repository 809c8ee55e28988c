"""A target network two ways: DQN's copy every C steps and DDPG's soft (Polyak) update, tracking the same moving parameter."""

import numpy as np

from notation import periodic_copy, polyak_update
from notation.render import facts, line_plot, table

rng = np.random.default_rng(0)
steps, C, tau = 5000, 1000, 0.001
online = 0.001 * np.arange(1, steps + 1) + 0.2 * rng.standard_normal(steps)  # a drifting, jittery parameter
hard, soft = np.zeros(steps), np.zeros(steps)
h, s = np.zeros(1), np.zeros(1)  # both targets start as copies of θ_0 = 0
for k in range(steps):
    h = periodic_copy(h, online[k : k + 1], step=k + 1, period=C)
    s = polyak_update(s, online[k : k + 1], tau)
    hard[k], soft[k] = h[0], s[0]

every = np.arange(49, steps, 50)
print(
    line_plot(
        every + 1,
        {"online parameter": online[every], f"hard copy every C = {C:,} steps": hard[every], f"soft update, τ = {tau}": soft[every]},
        title="Two target networks following one moving parameter",
        alt="The hard-copied target is a staircase that jumps to the online value every 1,000 steps; the soft target is a smooth curve lagging about 1,000 steps behind",
        xlabel="update step",
        ylabel="parameter value",
    )
)
shown = (499, 998, 999, 2499, 4998)  # mid-period, the step before a copy, the copy itself, …
rows = [[online[k], hard[k], soft[k]] for k in shown]
print(
    table(
        np.array(rows),
        row_labels=[f"step {k + 1:,}" for k in shown],
        col_labels=["online $\\theta$", "$\\theta^{-}$ (copy every $C$)", "$\\theta'$ (soft, $\\tau$)"],
        precision=3,
    )
)
print(
    facts(
        {
            "largest change of $\\theta^{-}$ in one step": np.abs(np.diff(hard)).max(),
            "largest change of $\\theta'$ in one step": np.abs(np.diff(soft)).max(),
            "weight of the newest $\\theta$ in $\\theta'$, $\\tau$": tau,
            "weight of the last 1,000 steps together, $1 - (1 - \\tau)^{1000}$": 1 - (1 - tau) ** 1000,
            "average age of what $\\theta'$ remembers, $(1 - \\tau)/\\tau$, in steps": round((1 - tau) / tau),
        },
        precision=4,
    )
)
