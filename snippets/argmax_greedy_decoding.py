"""max gives the largest logit, argmax gives its position: greedy decoding reads the argmax at every step."""

import numpy as np

from notation import softmax
from notation.render import facts, table

vocab = [".", "cat", "mat", "on", "sat", "the"]  # token ids 0 to 5
Z = np.array(  # suppose the model produced these logits at six successive steps
    [
        [-2.0, 0.2, 0.1, 0.5, -1.0, 3.1],
        [-1.0, 2.4, 1.9, -0.5, 0.1, 0.3],
        [0.4, -1.2, -0.3, 0.9, 1.6, -0.7],
        [1.8, -0.9, -1.1, 2.2, -0.4, 0.2],
        [-0.6, 0.3, 0.8, -1.5, -2.0, 1.7],
        [0.1, 1.2, 2.9, -0.8, -1.3, 0.6],
    ]
)
values = Z.max(axis=-1)  # max_k z_k: a number
indices = Z.argmax(axis=-1)  # arg max_k z_k: a position
P = softmax(Z)

cells = [
    *Z.T,  # one row per token: its logit at each step
    values,
    [str(int(k)) for k in indices],
    [vocab[k] for k in indices],
    P[np.arange(len(Z)), indices],
]
print(
    table(
        np.array(cells, dtype=object),
        row_labels=[f"logit of “{t}” (id {i})" for i, t in enumerate(vocab)]
        + ["$\\max_k z_k$", "$\\arg\\max_k z_k$", "token picked", "its probability"],
        col_labels=[f"step {s + 1}" for s in range(len(Z))],
        precision=2,
        caption="Greedy decoding: take the argmax of the logits at every step",
    )
)
print(
    facts(
        {
            "greedy output": " ".join(vocab[k] for k in indices),
            "argmax of the probabilities is the same": bool(np.array_equal(P.argmax(axis=-1), indices)),
            "largest entry of $\\mathbf{z} - \\max_k z_k$ at each step (safe softmax)": (Z - values[:, None]).max(axis=-1),
            "a tie, $\\arg\\max [1, 3, 3]$ (the first one wins)": int(np.argmax([1.0, 3.0, 3.0])),
        },
        precision=2,
    )
)
