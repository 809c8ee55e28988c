"""What ε does in LayerNorm and RMSNorm: it stops 0/0 on a constant (or zero) vector and is invisible on an ordinary one."""

import numpy as np

from notation import layer_norm, rms_norm, tiny_model
from notation.render import facts, table

m = tiny_model()
d = m.d_model
constant = np.full(d, 3.0)
cat = m.x[m.tokens.index("cat")]
nearly = 3.0 + 1e-3 * np.random.default_rng(0).standard_normal(d)  # variance about 1e-6
epsilons = [0.0, 1e-6, 1e-5]
eps_labels = ["$\\epsilon = 0$", "$\\epsilon = 10^{-6}$", "$\\epsilon = 10^{-5}$"]
mantissa, exponent = f"{nearly.var():.1e}".split("e")

with np.errstate(invalid="ignore", divide="ignore"):  # ε = 0 on a constant vector is 0 / 0
    print(
        table(
            layer_norm(constant, eps=0.0),
            row_labels=["$\\epsilon = 0$"],
            col_labels=[f"{c + 1}" for c in range(d)],
            caption="$\\operatorname{LayerNorm}$ of the constant vector $(3, 3, \\ldots, 3)$ without $\\epsilon$: $\\sigma^2 = 0$, so $0 / \\sqrt{0}$",
        )
    )
    rows = [[layer_norm(v, eps=e).std() for e in epsilons] for v in (constant, cat, nearly)]
    zero_rms = [rms_norm(np.zeros(d), eps=e)[0] for e in epsilons]
print(
    table(
        np.array(rows),
        row_labels=["constant $(3, \\ldots, 3)$, $\\sigma^2 = 0$", f"“cat”, $\\sigma^2 = {cat.var():.2f}$", f"nearly constant, $\\sigma^2 = {mantissa} \\times 10^{{{int(exponent)}}}$"],
        col_labels=eps_labels,
        precision=4,
        caption="Standard deviation of $\\operatorname{LayerNorm}(\\mathbf{x})$: 1 when $\\sigma^2 \\gg \\epsilon$, pulled towards 0 when $\\sigma^2$ is as small as $\\epsilon$",
    )
)
print(
    facts(
        {
            "RMSNorm of the zero vector, first entry, for $\\epsilon = 0, 10^{-6}, 10^{-5}$": np.array(zero_rms),
            "RMSNorm of the constant vector $(3, \\ldots, 3)$ with $\\epsilon = 0$ (no problem: its RMS is 3)": rms_norm(constant, eps=0.0),
        }
    )
)
print(
    facts(
        {"largest change $\\epsilon = 10^{-5}$ makes to LayerNorm(“cat”)": float(np.abs(layer_norm(cat) - layer_norm(cat, eps=0.0)).max())},
        precision=6,
    )
)
