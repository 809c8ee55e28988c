"""Entropy of a few distributions in nats and bits, and entropy as the floor under cross-entropy."""

import numpy as np

from notation import cross_entropy, entropy
from notation.render import table

V = 50_257  # GPT-2's vocabulary size
dists = {
    "fair coin $(0.5, 0.5)$": np.array([0.5, 0.5]),
    "biased coin $(0.9, 0.1)$": np.array([0.9, 0.1]),
    "fair four-sided die": np.full(4, 0.25),
    "certain outcome $(1, 0, 0)$": np.array([1.0, 0.0, 0.0]),
    f"uniform over {V:,} tokens": np.full(V, 1.0 / V),
}
print(
    table(
        np.array([[float(entropy(p)), float(entropy(p, base=2))] for p in dists.values()]),
        row_labels=list(dists),
        col_labels=["$H(P)$ in nats ($\\ln$)", "$H(P)$ in bits ($\\log_2$)"],
        precision=3,
        caption="Entropy: how many bits a perfect code needs per outcome, on average",
    )
)

P = np.array([0.7, 0.2, 0.1])
guesses = {
    "$Q = P$": P,
    "$Q = (0.6, 0.3, 0.1)$": np.array([0.6, 0.3, 0.1]),
    "$Q = (0.4, 0.4, 0.2)$": np.array([0.4, 0.4, 0.2]),
    "$Q$ uniform": np.full(3, 1 / 3),
    "$Q = (0.1, 0.2, 0.7)$": np.array([0.1, 0.2, 0.7]),
}
print(
    table(
        np.array([[float(cross_entropy(P, q, base=2)), float(entropy(P, base=2))] for q in guesses.values()]),
        row_labels=list(guesses),
        col_labels=["$H(P, Q)$ in bits", "floor $H(P)$ in bits"],
        precision=4,
        caption="$P = (0.7, 0.2, 0.1)$: coding it with any other $Q$ costs more bits than $H(P)$",
    )
)
