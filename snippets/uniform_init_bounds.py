"""𝒰(−a, a) weight initialisation: Xavier, Kaiming and PyTorch's nn.Linear default bounds for a 768 → 3072 layer, checked against the variance (2a)²/12 of the drawn weights."""

import math

import numpy as np

from notation import kaiming_uniform_bound, uniform_mean_variance, variance, xavier_uniform_bound
from notation.render import table

fan_in, fan_out = 768, 3072                            # GPT-2 small's first MLP matrix
rng = np.random.default_rng(0)
schemes = {
    "Xavier/Glorot: $\\sqrt{6/(n_\\text{in} + n_\\text{out})}$": xavier_uniform_bound(fan_in, fan_out),
    "Kaiming/He, ReLU: $\\sqrt{6/n_\\text{in}}$": kaiming_uniform_bound(fan_in),
    "PyTorch nn.Linear default: $1/\\sqrt{n_\\text{in}}$": kaiming_uniform_bound(fan_in, gain=math.sqrt(1 / 3)),
}
rows = []
for a in schemes.values():
    w = rng.uniform(-a, a, size=(fan_in, fan_out))     # every entry ∼ 𝒰(−a, a)
    rows.append([a, uniform_mean_variance(-a, a)[1], variance(w.ravel()), float(w.min()), float(w.max())])
print(
    table(
        rows,
        row_labels=list(schemes),
        col_labels=["bound $a$", "variance $a^2/3$", "variance of the drawn $W$", "smallest entry", "largest entry"],
        precision=6,
        caption=f"$W \\in \\mathbb{{R}}^{{{fan_in} \\times {fan_out}}}$ drawn from $\\mathcal{{U}}(-a, a)$: the variance is $(2a)^2/12 = a^2/3$, and no entry leaves $[-a, a]$",
    )
)
