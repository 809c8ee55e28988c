"""Softmax(z / T) as T shrinks: from above it tends to the one-hot argmax (greedy decoding), from below to the argmin."""

import numpy as np

from notation import softmax
from notation.render import facts, fmt, table

z = np.array([2.0, 1.0, 0.5, -1.0])
temps = [1.0, 0.5, 0.25, 0.1, 0.05, 0.01]
probs = [softmax(z, temperature=t) for t in temps]
print(
    table(
        [[fmt(v, 4) for v in p] + [f"{p[1:].sum():.1e}"] for p in probs],
        row_labels=[f"$T = {t:g}$" for t in temps],
        col_labels=[f"$z_{i + 1} = {v:g}$" for i, v in enumerate(z)] + ["left for the rest, $p_2 + p_3 + p_4$"],
        corner="from above",
        caption="$T \\to 0^{+}$: all the probability moves to the largest logit",
    )
)
negative = [-1.0, -0.1, -0.01]
print(
    table(
        np.stack([softmax(z / t) for t in negative]),  # the library refuses T ≤ 0, so divide by hand
        row_labels=[f"$T = {t:g}$" for t in negative],
        col_labels=[f"$z_{i + 1} = {v:g}$" for i, v in enumerate(z)],
        corner="from below",
        precision=4,
        caption="$T \\to 0^{-}$: the same formula from the negative side picks the smallest logit",
    )
)
print(
    facts(
        {
            "greedy choice $\\arg\\max_i z_i$ (1-based)": int(np.argmax(z)) + 1,
            "token with most probability at $T = 0.01$": int(np.argmax(softmax(z, temperature=0.01))) + 1,
            "token with most probability at $T = -0.01$": int(np.argmax(softmax(z / -0.01))) + 1,
            "a tie, $\\mathbf{z} = (2, 2, 1, 2)$, at $T = 0.01$: $1/k$ for each of the $k = 3$ largest": softmax(
                np.array([2.0, 2.0, 1.0, 2.0]), temperature=0.01
            ).round(4).tolist(),
        }
    )
)
