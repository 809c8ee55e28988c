"""GPT-2 small's 124 M parameters, counted component by component from its configuration."""

import numpy as np

from notation import transformer_param_counts, transformer_params
from notation.render import facts, table

config = dict(d_model=768, n_layers=12, vocab=50_257, d_ff=3072, n_ctx=1024)
counts = transformer_param_counts(**config)
total = sum(counts.values())
layers = config["n_layers"]

rows = [
    ("token embedding $W_E$", "$\\vert V \\vert \\cdot d_{\\text{model}}$", counts["embedding"]),
    ("position embedding $W_P$", "$N_{\\max} \\cdot d_{\\text{model}}$", counts["positions"]),
    ("attention, per layer", "$4 d_{\\text{model}}^2 + 4 d_{\\text{model}}$", counts["attention"] // layers),
    ("feed-forward, per layer", "$2 d_{\\text{model}} d_{\\text{ff}} + d_{\\text{ff}} + d_{\\text{model}}$", counts["feed_forward"] // layers),
    ("two LayerNorms, per layer", "$2 \\cdot 2 d_{\\text{model}}$", counts["norms"] // layers),
    (f"all {layers} layers", f"${layers} \\times$ (the three rows above)", counts["attention"] + counts["feed_forward"] + counts["norms"]),
    ("final LayerNorm", "$2 d_{\\text{model}}$", counts["final_norm"]),
    ("output layer", "tied: reuses $W_E^\\top$", counts["unembedding"]),
]
cells = np.array([[formula, n] for _, formula, n in rows], dtype=object)
print(
    table(
        cells,
        row_labels=[name for name, _, _ in rows],
        col_labels=["formula", "parameters"],
        corner="component",
        caption="GPT-2 small: $d_{\\text{model}} = 768$, 12 layers, $\\vert V \\vert = 50{,}257$, "
        "$N_{\\max} = 1024$, $d_{\\text{ff}} = 3072$",
    )
)
published = 124_000_000
print(
    facts(
        {
            "total: the length of $\\boldsymbol{\\theta}$": total,
            "published size": "124 M",
            "difference from 124 M": f"{100 * (total - published) / published:.2f} %",
            "share held by the embedding tables": f"{100 * (counts['embedding'] + counts['positions']) / total:.1f} %",
            "Llama-2-7B, same counter (no biases, RMSNorm, SwiGLU, untied output)": transformer_params(
                4096, 32, 32_000, 11_008, tied_embeddings=False, biases=False, norm="rmsnorm", gated_ffn=True
            ),
        }
    )
)
