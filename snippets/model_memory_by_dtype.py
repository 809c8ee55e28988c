"""Memory of GPT-2 small's weights in each number format, and what training adds on top."""

import numpy as np

from notation import BYTES_PER_PARAM, model_memory_bytes, training_memory_bytes, transformer_params
from notation.render import facts, table

n = transformer_params(768, 12, 50_257, 3072, n_ctx=1024)  # GPT-2 small
formats = ["fp32", "bf16", "fp16", "int8", "int4"]
print(
    table(
        np.array([[BYTES_PER_PARAM[f], model_memory_bytes(n, f) / 1e6] for f in formats]),
        row_labels=formats,
        col_labels=["bytes per weight", "weights (MB)"],
        corner="format",
        precision=1,
        caption=f"{n:,} weights × bytes per weight (1 MB = $10^6$ bytes)",
    )
)
print(facts({"the rounded figure, 124 M weights in bf16 (MB)": model_memory_bytes(124_000_000, "bf16") / 1e6}, precision=0))

modes = {"fp32": training_memory_bytes(n, "fp32", optimizer="adam"), "bf16": training_memory_bytes(n, "bf16", optimizer="adam")}
labels = {
    "weights": "weights $\\boldsymbol{\\theta}$",
    "gradients": "gradients $\\nabla_{\\boldsymbol{\\theta}} \\mathcal{L}$",
    "optimizer_states": "Adam moments $m$ and $v$ (fp32)",
    "master_weights": "fp32 master copy of the weights",
}
rows = [[modes[m][k] / 1e6 for m in modes] for k in labels]
rows.append([sum(modes[m].values()) / 1e6 for m in modes])
print(
    table(
        np.array(rows),
        row_labels=[*labels.values(), "total"],
        col_labels=["fp32 training (MB)", "bf16 mixed precision (MB)"],
        precision=0,
        caption="Training GPT-2 small with Adam needs this much before any activations",
    )
)
print(
    facts(
        {
            "bytes per weight for training with Adam": sum(modes["fp32"].values()) / n,
            "times the bf16 weights needed for inference": sum(modes["bf16"].values()) / model_memory_bytes(n, "bf16"),
        },
        precision=0,
    )
)
