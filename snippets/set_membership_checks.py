"""Membership statements from a paper, checked in code: shapes for R^d, a range for token ids."""

import numpy as np

from notation import in_real_space
from notation.render import table

rng = np.random.default_rng(0)
q = rng.standard_normal(64)
vocab_size = 50_257  # |V| for GPT-2


checks = [
    ("$\\mathbf{q} \\in \\mathbb{R}^{64}$", "q.shape == (64,)", in_real_space(q, (64,))),
    ("$\\mathbf{q} \\in \\mathbb{R}^{32}$", "q.shape == (32,)", in_real_space(q, (32,))),
    ("$\\mathbf{q} \\in \\mathbb{R}^{8 \\times 8}$", "q.shape == (8, 8)", in_real_space(q, (8, 8))),
    ("$\\mathbf{q}$ reshaped $\\in \\mathbb{R}^{8 \\times 8}$", "q.reshape(8, 8)", in_real_space(q.reshape(8, 8), (8, 8))),
    ("$50256 \\in \\{0, \\dots, \\vert V \\vert - 1\\}$", "50256 in range(V)", 50_256 in range(vocab_size)),
    ("$50257 \\in \\{0, \\dots, \\vert V \\vert - 1\\}$", "50257 in range(V)", 50_257 in range(vocab_size)),
    ("$-1 \\in \\{0, \\dots, \\vert V \\vert - 1\\}$", "-1 in range(V)", -1 in range(vocab_size)),
]
print(
    table(
        [[code, str(result)] for _, code, result in checks],
        row_labels=[statement for statement, _, _ in checks],
        col_labels=["Python check", "true?"],
        corner="statement",
        caption="Each $\\in$ as a test; GPT-2's vocabulary has $\\vert V \\vert = 50257$ tokens",
    )
)
