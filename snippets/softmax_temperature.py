"""The same logits at three temperatures: T < 1 sharpens, T > 1 flattens."""

import numpy as np

from notation import entropy, softmax
from notation.render import table

z = np.array([2.0, 1.0, 0.5, -1.0])
temperatures = [0.5, 1.0, 2.0]
probs = np.stack([softmax(z, temperature=t) for t in temperatures])

print(
    table(
        probs,
        row_labels=[f"$T = {t:g}$" for t in temperatures],
        col_labels=[f"$z_{i + 1} = {v:g}$" for i, v in enumerate(z)],
        corner="logits",
        precision=3,
        caption="$\\operatorname{Softmax}(\\mathbf{z} / T)$: probability of each token",
    )
)
print(
    table(
        np.array([[probs[i, 0], probs[i, 0] / probs[i, 1], entropy(probs[i], base=2)] for i in range(len(temperatures))]),
        row_labels=[f"$T = {t:g}$" for t in temperatures],
        col_labels=["top token $p_1$", "ratio $p_1 / p_2$", "entropy (bits)"],
        precision=3,
        caption="Sharper or flatter: the top share, the ratio $e^{(z_1 - z_2)/T}$, and the spread in bits",
    )
)
