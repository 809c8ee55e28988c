"""The activations one transformer block keeps for backprop, and how their memory grows with the input."""

import numpy as np

from notation import activation_memory_bytes, block_activation_shapes, model_memory_bytes, transformer_param_counts, transformer_params
from notation.render import facts, shape_str, table

B, N, d, h = 2, 6, 16, 2  # a small config: 2 sequences of 6 tokens, width 16, 2 heads
shapes = block_activation_shapes(B, N, d, h)
names = {
    "block_input": "block input $X$",
    "ln1_output": "LayerNorm output",
    "queries": "queries $Q$",
    "keys": "keys $K$",
    "values": "values $V$",
    "scores": "scores $QK^\\top / \\sqrt{d_k}$, per head",
    "attention_weights": "softmax weights, per head",
    "heads_concat": "heads concatenated",
    "attention_output": "after $W^O$",
    "residual": "residual sum $X + \\ldots$",
    "ln2_output": "second LayerNorm output",
    "ffn_hidden": "feed-forward hidden, before GELU",
    "ffn_activated": "feed-forward hidden, after GELU",
    "ffn_output": "feed-forward output",
}
counts = transformer_param_counts(d, 1, 1)
block_weights = counts["attention"] + counts["feed_forward"] + counts["norms"]
sizes = {k: int(np.prod(s)) for k, s in shapes.items()}
print(
    table(
        np.array([[shape_str(shapes[k]), sizes[k]] for k in names], dtype=object),
        row_labels=list(names.values()),
        col_labels=["shape", "numbers"],
        corner="tensor kept for backprop",
        caption=f"One block, $B = {B}$, $N = {N}$, $d_{{\\text{{model}}}} = {d}$, $h = {h}$, $d_{{\\text{{ff}}}} = {4 * d}$",
    )
)
print(
    facts(
        {
            "activations of this block (numbers)": sum(sizes.values()),
            "in fp32 (bytes)": activation_memory_bytes(B, N, d, h, 1, dtype="fp32"),
            "weights of the same block (numbers)": block_weights,
        }
    )
)

# GPT-2 small: 12 layers, d = 768, 12 heads, vocabulary 50,257; bf16 throughout
weights_mb = model_memory_bytes(transformer_params(768, 12, 50_257, 3072, n_ctx=1024), "bf16") / 1e6
lengths = [128, 256, 512, 1024]
rows = [
    [activation_memory_bytes(b, n, 768, 12, 12, vocab=50_257, dtype="bf16") / 1e6 for n in lengths]
    for b in (1, 8)
]
print(
    table(
        np.array(rows),
        row_labels=["batch $B = 1$", "batch $B = 8$"],
        col_labels=[f"$N = {n}$" for n in lengths],
        precision=0,
        caption=f"GPT-2 small activations in MB (bf16), against {weights_mb:.0f} MB of bf16 weights",
    )
)
