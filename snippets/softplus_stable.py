"""Softplus log(1 + e^x): the naive formula overflows or loses tiny values; the library does not."""

import numpy as np

from notation import relu, softplus
from notation.render import facts, fmt, sci, table


def shown(v: float) -> str:
    """Fixed decimals where they fit, powers of ten where they do not."""
    return fmt(v, 4) if not np.isfinite(v) or v == 0 or 1e-3 <= abs(v) < 1e4 else sci(v)


x = np.array([-700.0, -40.0, -1.0, 0.0, 1.0, 40.0, 800.0])
with np.errstate(over="ignore"):
    naive = np.log(1 + np.exp(x))  # e^800 overflows to inf; 1 + e^-40 rounds to exactly 1
stable = softplus(x)

print(
    table(
        np.array([[shown(a), shown(b), shown(c)] for a, b, c in zip(naive, stable, relu(x))], dtype=object),
        row_labels=[f"${v:g}$" for v in x],
        col_labels=["$\\log(1 + e^x)$ typed as is", "library softplus", "$\\operatorname{ReLU}(x)$"],
        corner="$x$",
        caption="Softplus in float64",
    )
)

rng = np.random.default_rng(0)
noise_logits = rng.normal(scale=2.0, size=4)  # (x W_noise)_i for 4 experts: any sign
scale = softplus(noise_logits)  # the noise's standard deviation per expert: must be > 0
print(
    facts(
        {
            "noisy MoE gating: $(\\mathbf{x} W_{\\text{noise}})_i$ for 4 experts": noise_logits,
            "$\\operatorname{Softplus}$ of them, the noise scale of each expert": scale,
            "all scales positive": bool(np.all(scale > 0)),
            "$\\operatorname{Softplus}(x) - \\operatorname{ReLU}(x)$ is largest at $x = 0$, where it is $\\ln 2$": softplus(0.0) - relu(0.0),
        },
        precision=4,
    )
)
