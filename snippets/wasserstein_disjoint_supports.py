"""The Wasserstein distance against KL and JS when two distributions share no outcome, transport plans (couplings) and their costs, and the one-dimensional distance from sorted samples."""

import numpy as np

from notation import js_divergence, kl_divergence, quantile_coupling, transport_cost, wasserstein_1d
from notation.render import facts, line_plot, table

support = np.array([0.0, 1.0, 2.0])
p = np.array([0.2, 0.5, 0.3])  # P on 0, 1, 2; Q_θ is the same shape moved right by θ


def divergences(theta):
    points = np.union1d(support, support + theta)  # every outcome either distribution can produce
    on = lambda xs, w: np.array([w[np.flatnonzero(np.isclose(xs, x))].sum() for x in points])  # noqa: E731
    pv, qv = on(support, p), on(support + theta, p)
    return kl_divergence(pv, qv), js_divergence(pv, qv), wasserstein_1d(support, support + theta, p, p)


thetas = [2.5, 1.5, 0.5, 0.1, 0.0]
print(
    table(
        np.array([divergences(t) for t in thetas]),
        row_labels=[f"$\\theta = {t}$" for t in thetas],
        col_labels=["$\\operatorname{KL}(P \\Vert Q_\\theta)$", "$\\mathrm{JSD}(P \\Vert Q_\\theta)$", "$W(P, Q_\\theta)$"],
        precision=4,
        caption="$P$ on $\\{0, 1, 2\\}$ and its copy moved by $\\theta$: for these shifts, no outcome in common unless $\\theta = 0$",
    )
)
grid = np.sort(np.append(np.round(np.arange(-1.95, 2.0, 0.1), 10), 0.0))  # no whole shift but 0: no overlap
values = np.array([divergences(t) for t in grid])
at_zero = grid == 0.0
jsd_line = np.where(at_zero, np.nan, values[:, 1])  # a gap at θ = 0: the JS divergence jumps there, a dot shows its value
print(
    line_plot(
        grid,
        {"$\\mathrm{JSD}(P \\,\\|\\, Q_\\theta)$": jsd_line, "$W(P, Q_\\theta)$": values[:, 2]},
        title="P and its copy shifted by θ: the JS divergence against W",
        alt="The JS divergence stays at log 2 for every shift except 0, where it drops to 0 at that single point (the dot), so its slope is zero; the Wasserstein distance is |θ|, smaller as the copy comes closer",
        xlabel="shift θ",
        mark=(0.0, float(values[at_zero, 1][0])),
    )
)

x, px = np.array([0.0, 1.0]), np.array([0.5, 0.5])
y, qy = np.array([0.5, 3.0]), np.array([0.25, 0.75])
best = quantile_coupling(px, qy)
print(
    table(
        best,
        row_labels=[f"from $x = {v}$" for v in x],
        col_labels=[f"to $y = {v}$" for v in y],
        precision=3,
        caption="The cheapest transport plan $\\gamma$: rows sum to $P = (0.5, 0.5)$, columns to $Q = (0.25, 0.75)$",
    )
)
print(
    facts(
        {
            "cost $\\mathbb{E}_{(x, y) \\sim \\gamma}|x - y|$ of that plan": transport_cost(best, x, y),
            "cost of moving mass independently, $\\gamma = P \\times Q$": transport_cost(np.outer(px, qy), x, y),
            "$W(P, Q)$ from the two CDFs": wasserstein_1d(x, y, px, qy),
        },
        precision=4,
    )
)

rng = np.random.default_rng(0)
u, v = rng.standard_normal(1000), 1.0 + rng.standard_normal(1000)
print(
    facts(
        {
            "$W$ between 1,000 draws of $\\mathcal{N}(0, 1)$ and of $\\mathcal{N}(1, 1)$, $\\frac{1}{n}\\sum_i \\lvert u_{(i)} - v_{(i)} \\rvert$": wasserstein_1d(u, v),
            "the exact $W(\\mathcal{N}(0, 1), \\mathcal{N}(1, 1))$, the shift": 1.0,
        },
        precision=4,
    )
)
