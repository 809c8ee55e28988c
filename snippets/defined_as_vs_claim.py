"""A definition cannot fail; a claim can: sigma := 1/(1 + e^-z), then test two equations."""

import numpy as np

from notation import sigmoid
from notation.render import facts, table

z = np.array([-3.0, -1.0, 0.0, 0.5, 2.0])
sigma = sigmoid  # σ(z) := 1 / (1 + e^{-z}); nothing to check, it just names the function

print(
    table(
        np.stack([z, sigma(z), sigma(-z), 1 - sigma(z), sigma(2 * z), 2 * sigma(z)], axis=1),
        col_labels=["$z$", "$\\sigma(z)$", "$\\sigma(-z)$", "$1 - \\sigma(z)$", "$\\sigma(2z)$", "$2\\sigma(z)$"],
        precision=4,
        caption="One definition, two claims to check",
    )
)
print(
    facts(
        {
            "claim $\\sigma(-z) = 1 - \\sigma(z)$ holds at every $z$": bool(np.allclose(sigma(-z), 1 - sigma(z))),
            "largest gap $\\lvert \\sigma(-z) - (1 - \\sigma(z)) \\rvert$ (rounding only)": f"{np.max(np.abs(sigma(-z) - (1 - sigma(z)))):.1e}",
            "claim $\\sigma(2z) = 2\\sigma(z)$ holds at every $z$": bool(np.allclose(sigma(2 * z), 2 * sigma(z))),
            "largest gap $\\lvert \\sigma(2z) - 2\\sigma(z) \\rvert$": np.max(np.abs(sigma(2 * z) - 2 * sigma(z))),
        },
        precision=4,
    )
)
