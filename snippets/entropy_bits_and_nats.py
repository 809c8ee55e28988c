"""Entropy of a few distributions in nats and bits, entropy as a lower bound on code length, and as the floor under cross-entropy."""

import numpy as np

from notation import block_code_bits, cross_entropy, entropy, huffman_code_lengths
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
        caption="Entropy in nats and bits: the average surprise, and a lower bound on the bits per outcome of any uniquely decodable code",
    )
)

coin = dists["biased coin $(0.9, 0.1)$"]
H_coin = float(entropy(coin, base=2))
blocks = [1, 2, 4, 8]
print(
    table(
        np.array([[block_code_bits(coin, n), H_coin, H_coin + 1 / n] for n in blocks]),
        row_labels=[f"blocks of {n} flip{'s' if n > 1 else ''} ({2**n} codewords)" for n in blocks],
        col_labels=["Huffman code: bits per flip", "lower bound $H(P)$", "upper bound $H(P) + 1/n$"],
        corner="coding the $(0.9, 0.1)$ coin in",
        precision=3,
        caption=(
            "No code reaches the entropy one flip at a time: each flip needs a whole bit "
            f"(codeword lengths {huffman_code_lengths(coin).tolist()}). Coding $n$ flips together "
            "brings the average down towards $H(P)$"
        ),
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
        caption="$P = (0.7, 0.2, 0.1)$: scoring it with any other $Q$ costs more bits than $H(P)$",
    )
)
