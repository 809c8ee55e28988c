"""Sigmoid is the two-class softmax: σ(a − b) = Softmax([a, b])₁. Also Bradley–Terry and MoE gates."""

import numpy as np

from notation import sigmoid, softmax
from notation.render import facts, table

pairs = np.array([[2.0, 1.0], [0.0, 0.0], [-1.0, 3.0], [5.0, -5.0]])  # two scores [a, b] per row
two_class = softmax(pairs)[:, 0]  # first entry of the softmax of each row
print(
    table(
        np.array(
            [[int(a), int(b), s, p] for (a, b), s, p in zip(pairs, sigmoid(pairs[:, 0] - pairs[:, 1]), two_class)],
            dtype=object,
        ),
        col_labels=["$a$", "$b$", "$\\sigma(a - b)$", "$\\operatorname{Softmax}([a, b])_1$"],
        precision=4,
        caption="Two scores: the sigmoid of their difference is the softmax's first entry",
    )
)

x = 1.5
r_chosen, r_rejected = 1.3, 0.4  # a reward model's scores for two answers to the same prompt
router_logits = np.array([1.2, -0.3, 0.8, -2.0])  # one token's scores for 4 experts
print(
    facts(
        {
            "all four rows agree": bool(np.allclose(sigmoid(pairs[:, 0] - pairs[:, 1]), two_class)),
            f"$\\sigma({x})$ and $1 - \\sigma(-{x})$": [sigmoid(x), 1 - sigmoid(-x)],
            "Bradley–Terry: $P(\\text{A preferred to B}) = \\sigma(r_A - r_B)$ with $r_A = 1.3$, $r_B = 0.4$": sigmoid(r_chosen - r_rejected),
            "its loss $-\\log \\sigma(r_A - r_B)$": -np.log(sigmoid(r_chosen - r_rejected)),
            "MoE gate scores $\\sigma(\\mathbf{s})$ for $\\mathbf{s} = [1.2, -0.3, 0.8, -2]$": sigmoid(router_logits),
            "their sum (not 1: each expert is scored on its own)": sigmoid(router_logits).sum(),
            "$\\operatorname{Softmax}(\\mathbf{s})$, for comparison, sums to": softmax(router_logits).sum(),
        },
        precision=4,
    )
)
