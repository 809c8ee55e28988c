"""The Jensen–Shannon divergence against KL: symmetric, at most log 2 even where KL is infinite, and the GAN value at the optimal discriminator."""

import numpy as np

from notation import gan_value, js_divergence, kl_divergence, optimal_discriminator
from notation.render import facts, note, table

pairs = {
    "$P = (0.5, 0.5, 0)$, $Q = (0.25, 0.5, 0.25)$": ([0.5, 0.5, 0.0], [0.25, 0.5, 0.25]),
    "$P = (0.9, 0.1, 0)$, $Q = (0.1, 0.1, 0.8)$": ([0.9, 0.1, 0.0], [0.1, 0.1, 0.8]),
    "no outcome in common: $P = (1, 0, 0)$, $Q = (0, 0.5, 0.5)$": ([1.0, 0.0, 0.0], [0.0, 0.5, 0.5]),
}
rows = []
for p, q in pairs.values():
    rows.append([kl_divergence(p, q), kl_divergence(q, p), js_divergence(p, q), js_divergence(q, p), js_divergence(p, q, base=2)])
print(
    table(
        np.array(rows),
        row_labels=list(pairs),
        col_labels=["$\\operatorname{KL}(P \\Vert Q)$", "$\\operatorname{KL}(Q \\Vert P)$", "$\\mathrm{JSD}(P \\Vert Q)$", "$\\mathrm{JSD}(Q \\Vert P)$", "$\\mathrm{JSD}$ in bits"],
        precision=4,
        caption="KL is lopsided and can be infinite; JSD is symmetric and never exceeds $\\log 2 \\approx 0.6931$ nats, 1 bit",
    )
)

p, q, r = [1.0, 0.0], [0.5, 0.5], [0.0, 1.0]
print(note("$P = (1, 0)$, $Q = (0.5, 0.5)$, $R = (0, 1)$: going through $Q$ gives a smaller JSD, so JSD breaks the triangle inequality; its square root, larger through $Q$, keeps it, as a distance must."))
print(
    facts(
        {
            "$\\mathrm{JSD}(P \\Vert R)$": js_divergence(p, r),
            "$\\mathrm{JSD}(P \\Vert Q) + \\mathrm{JSD}(Q \\Vert R)$: smaller": js_divergence(p, q) + js_divergence(q, r),
            "$\\sqrt{\\mathrm{JSD}(P \\Vert R)}$": np.sqrt(js_divergence(p, r)),
            "$\\sqrt{\\mathrm{JSD}(P \\Vert Q)} + \\sqrt{\\mathrm{JSD}(Q \\Vert R)}$: larger": np.sqrt(js_divergence(p, q)) + np.sqrt(js_divergence(q, r)),
        },
        precision=4,
    )
)

p_data = np.array([0.1, 0.4, 0.4, 0.1])
rows = []
generators = {"$p_g = (0.4, 0.1, 0.1, 0.4)$": [0.4, 0.1, 0.1, 0.4], "$p_g = (0.2, 0.3, 0.3, 0.2)$": [0.2, 0.3, 0.3, 0.2], "$p_g = p_{\\text{data}}$": p_data}
for p_g in generators.values():
    rows.append([js_divergence(p_data, p_g), gan_value(p_data, p_g, optimal_discriminator(p_data, p_g)), 2 * js_divergence(p_data, p_g) - np.log(4)])
print(
    table(
        np.array(rows),
        row_labels=list(generators),
        col_labels=["$\\mathrm{JSD}(p_{\\text{data}} \\Vert p_g)$", "GAN value $V(D^*, G)$", "$2\\,\\mathrm{JSD} - \\log 4$"],
        precision=4,
        caption="$p_{\\text{data}} = (0.1, 0.4, 0.4, 0.1)$: with the best discriminator, the GAN value is the JSD, doubled and shifted by $-\\log 4$",
    )
)
