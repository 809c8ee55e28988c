"""The GAN value V(D, G) on four outcomes: the optimal discriminator D* = p_data/(p_data + p_g), and V(D*, G) = −log 4 + 2 JSD."""

import numpy as np

from notation import gan_value, js_divergence, optimal_discriminator
from notation.render import facts, table

p_data = np.array([0.1, 0.4, 0.4, 0.1])
generators = {
    "poor $p_g = (0.4, 0.1, 0.1, 0.4)$": np.array([0.4, 0.1, 0.1, 0.4]),
    "closer $p_g = (0.2, 0.3, 0.3, 0.2)$": np.array([0.2, 0.3, 0.3, 0.2]),
    "perfect $p_g = p_{\\text{data}}$": p_data.copy(),
}
rows = []
for p_g in generators.values():
    d_star = optimal_discriminator(p_data, p_g)
    rows.append([*d_star, gan_value(p_data, p_g, d_star), gan_value(p_data, p_g, np.full(4, 0.5)), -np.log(4) + 2 * js_divergence(p_data, p_g)])
print(
    table(
        np.array(rows),
        row_labels=list(generators),
        col_labels=["$D^*(x_1)$", "$D^*(x_2)$", "$D^*(x_3)$", "$D^*(x_4)$", "$V(D^*, G)$", "$V(D = \\tfrac12, G)$", "$-\\log 4 + 2\\,\\mathrm{JSD}(p_{\\text{data}} \\Vert p_g)$"],
        precision=4,
        caption="$p_{\\text{data}} = (0.1, 0.4, 0.4, 0.1)$: the best discriminator's value falls as the generator improves, down to $-\\log 4$ when $D^* = \\tfrac12$ everywhere",
    )
)
rng = np.random.default_rng(0)
p_g = generators["closer $p_g = (0.2, 0.3, 0.3, 0.2)$"]
others = [gan_value(p_data, p_g, rng.uniform(0.01, 0.99, 4)) for _ in range(10_000)]
print(
    facts(
        {
            "closer generator: best value among 10,000 random discriminators": max(others),
            "its $V(D^*, G)$, for comparison": gan_value(p_data, p_g, optimal_discriminator(p_data, p_g)),
            "$-\\log 4$": float(-np.log(4)),
        },
        precision=4,
    )
)
