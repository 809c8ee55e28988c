"""Labels for free: next-token targets are the text shifted by one; masked-token targets are the hidden words."""

import numpy as np

from notation.render import facts, table

tokens = "the cat sat on the mat because it was warm".split()

# Next-token prediction (GPT): the input is every token but the last, the target every token but the first.
inputs, targets = tokens[:-1], tokens[1:]
print(
    table(
        np.array([inputs, targets], dtype=object),
        row_labels=["input $w_t$", "target $w_{t+1}$"],
        col_labels=[f"$t = {t + 1}$" for t in range(len(inputs))],
        caption="Next-token prediction: position $t$ sees $w_1, \\ldots, w_t$ and must predict $w_{t+1}$",
    )
)

# Masked-token prediction (BERT): hide about 15 % of positions at random; only those positions are scored.
rng = np.random.default_rng(0)
hidden = np.sort(rng.choice(len(tokens), size=round(0.15 * len(tokens)), replace=False))
masked = ["[MASK]" if i in hidden else w for i, w in enumerate(tokens)]
labels = [w if i in hidden else "·" for i, w in enumerate(tokens)]
print(
    table(
        np.array([masked, labels], dtype=object),
        row_labels=["input", "target"],
        col_labels=[str(i + 1) for i in range(len(tokens))],
        corner="position",
        caption="Masked-token prediction: the model sees both sides of each gap; “·” means no loss at that position",
    )
)
print(
    facts(
        {
            "tokens in the sentence": len(tokens),
            "next-token training examples from it": len(targets),
            "masked-token examples from one masking": len(hidden),
            "labels written by a person": 0,
        }
    )
)
