"""The tiny model's vocabulary, the vocabulary sizes of three real models with the embedding matrix each implies, and embeddings padded past the tokenizer."""

import numpy as np

from notation import model_memory_bytes, tiny_model
from notation.render import facts, table

m = tiny_model()
print(
    table(
        np.array([list(m.vocab)]),
        row_labels=["token"],
        col_labels=[str(i) for i in range(len(m.vocab))],
        corner="id",
        caption="The tiny vocabulary $V$: ids $0$ to $\\vert V \\vert - 1$",
    )
)
print(facts({"$\\vert V \\vert$": len(m.vocab), "largest id, $\\vert V \\vert - 1$": len(m.vocab) - 1}))

models = {"GPT-2 (small)": (50_257, 768), "LLaMA-2 7B": (32_000, 4_096), "Gemma 2B": (256_000, 2_048)}
rows = []
for v, d in models.values():
    n = v * d
    rows.append([v, d, n, model_memory_bytes(n, "bf16") / 1e6])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=list(models),
        col_labels=["$\\vert V \\vert$", "$d_{\\text{model}}$", "$W_E$ entries, $\\vert V \\vert \\cdot d_{\\text{model}}$", "$W_E$ in bf16 (MB)"],
        corner="model",
        precision=0,
        caption="Vocabulary size sets the height of the embedding matrix",
    )
)

# Embedding heights are often rounded up to a multiple of 64 or 128 rows: rows that belong to no token
padded = {"Pythia-70M to 2.8B (multiple of 128)": (50_277, 128), "nanoGPT's GPT-2 (multiple of 64)": (50_257, 64)}
print(
    table(
        np.array([[tokens, multiple, -(-tokens // multiple) * multiple, -(-tokens // multiple) * multiple - tokens] for tokens, multiple in padded.values()], dtype=object),
        row_labels=list(padded),
        col_labels=["tokens, len(tokenizer)", "rounded up to a multiple of", "embedding rows, config.vocab_size", "rows with no token"],
        corner="model",
        precision=0,
        caption="The embedding can be taller than the tokenizer's vocabulary",
    )
)
