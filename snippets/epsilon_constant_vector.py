"""What ε does in LayerNorm and RMSNorm: it stops 0/0 on a constant (or zero) vector and is invisible on an ordinary one."""

import numpy as np

from notation import layer_norm, rms_norm, tiny_model
from notation.render import facts, sci, table

m = tiny_model()
d = m.d_model
constant = np.full(d, 3.0)
cat = m.x[m.tokens.index("cat")]
nearly = 3.0 + 1e-3 * np.random.default_rng(0).standard_normal(d)  # variance about 1e-6
epsilons = [0.0, 1e-6, 1e-5]
eps_labels = ["$\\epsilon = 0$", "$\\epsilon = 10^{-6}$", "$\\epsilon = 10^{-5}$"]
mantissa, exponent = f"{nearly.var():.1e}".split("e")

with np.errstate(invalid="ignore", divide="ignore"):  # ε = 0 on a constant vector is 0 / 0
    first = [
        [layer_norm(constant, eps=e)[0] for e in epsilons],
        [rms_norm(np.zeros(d), eps=e)[0] for e in epsilons],
        [rms_norm(constant, eps=e)[0] for e in epsilons],
    ]
    spread = [[layer_norm(v, eps=e).std() for e in epsilons] for v in (cat, nearly)]
print(
    table(
        np.array(first),
        row_labels=[
            "$\\operatorname{LayerNorm}(3, \\ldots, 3)$: $\\sigma^2 = 0$",
            "$\\operatorname{RMSNorm}(0, \\ldots, 0)$: mean square 0",
            "$\\operatorname{RMSNorm}(3, \\ldots, 3)$: RMS 3, no problem",
        ],
        col_labels=eps_labels,
        precision=4,
        caption="First entry of the output (all 8 entries are equal): without $\\epsilon$, $0 / \\sqrt{0}$ gives NaN",
    )
)
print(
    table(
        np.array(spread),
        row_labels=[f"“cat”, $\\sigma^2 = {cat.var():.2f}$", f"nearly constant, $\\sigma^2 = {mantissa} \\times 10^{{{int(exponent)}}}$"],
        col_labels=eps_labels,
        precision=4,
        caption="Standard deviation of $\\operatorname{LayerNorm}(\\mathbf{x})$: 1 when $\\sigma^2 \\gg \\epsilon$, pulled towards 0 when $\\sigma^2$ is as small as $\\epsilon$",
    )
)
# In float64 a constant vector's mean need not round back to its value: for (0.7, 0.7, 0.7) it is off by
# one unit in the last place, so x − μ is not exactly 0 and ε leaves a rounding-sized output, not a clean 0.
sevens = np.full(3, 0.7)
print(
    facts(
        {
            "largest change $\\epsilon = 10^{-5}$ makes to LayerNorm(“cat”)": float(np.abs(layer_norm(cat) - layer_norm(cat, eps=0.0)).max()),
            "float64 mean of $(0.7, 0.7, 0.7)$, minus 0.7": sci(float(sevens.mean() - 0.7)),
            "first entry of $\\operatorname{LayerNorm}(0.7, 0.7, 0.7)$, $\\epsilon = 10^{-5}$: 0 up to rounding": sci(float(layer_norm(sevens, eps=1e-5)[0])),
        },
        precision=6,
    )
)
