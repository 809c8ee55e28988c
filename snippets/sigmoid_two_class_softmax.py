"""Sigmoid is the two-class softmax: σ(a − b) = Softmax([a, b])₁. Also Bradley–Terry and MoE gates."""

import numpy as np

from notation import sigmoid, softmax
from notation.render import facts, fmt, table

pairs = np.array([[2.0, 1.0], [0.0, 0.0], [-1.0, 3.0], [5.0, -5.0]])  # two scores [a, b] per row
via_sigmoid = sigmoid(pairs[:, 0] - pairs[:, 1])
via_softmax = softmax(pairs)[:, 0]  # first entry of the softmax of each row
print(
    table(
        np.array(
            [[fmt(a, 0), fmt(b, 0), s, p] for (a, b), s, p in zip(pairs, via_sigmoid, via_softmax)],
            dtype=object,
        ),
        col_labels=["$a$", "$b$", "$\\sigma(a - b)$", "$\\operatorname{Softmax}([a, b])_1$"],
        precision=4,
        caption="Two scores: the sigmoid of their difference is the softmax's first entry",
    )
)

r_a, r_b = 1.3, 0.4  # a reward model's scores for two answers to the same prompt
print(
    facts(
        {
            "all four rows agree": bool(np.allclose(via_sigmoid, via_softmax, rtol=1e-12, atol=0)),
            "$\\sigma(1.5)$ and $1 - \\sigma(-1.5)$": [sigmoid(1.5), 1 - sigmoid(-1.5)],
            f"Bradley–Terry with $r_A = {r_a}$, $r_B = {r_b}$: $\\sigma(r_A - r_B)$": sigmoid(r_a - r_b),
            "reward-model loss $-\\log \\sigma(r_A - r_B)$": -np.log(sigmoid(r_a - r_b)),
        },
        precision=4,
    )
)

s = np.array([1.2, -0.3, 0.8, -2.0])  # one token's router scores for 4 experts
gates = np.stack([sigmoid(s), softmax(s)])
print(
    table(
        np.column_stack([gates, gates.sum(axis=1)]),
        row_labels=["$\\sigma(s_i)$, each on its own", "$\\operatorname{Softmax}(\\mathbf{s})_i$"],
        col_labels=["E1", "E2", "E3", "E4", "sum"],
        precision=4,
        caption="Gate scores for 4 experts, $\\mathbf{s} = [1.2, -0.3, 0.8, -2]$",
    )
)
