"""Generating N tokens: attention work grows like N³ without a KV cache and like N² with one."""

import numpy as np

from notation import generation_attention_ops
from notation.render import facts, sci, table

d = 768
lengths = [128 * 2**k for k in range(6)]
without = np.array([generation_attention_ops(n, d, kv_cache=False)["attention"] for n in lengths], dtype=float)
with_cache = np.array([generation_attention_ops(n, d, kv_cache=True)["attention"] for n in lengths], dtype=float)

rows = []
for i in range(len(lengths)):
    rows.append(
        [
            sci(without[i]),
            without[i] / without[i - 1] if i else "—",
            sci(with_cache[i]),
            with_cache[i] / with_cache[i - 1] if i else "—",
            without[i] / with_cache[i],
        ]
    )
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[str(n) for n in lengths],
        corner="$N$",
        col_labels=["no KV cache", "× previous row", "with KV cache", "× previous row", "no cache ÷ cache"],
        precision=1,
        caption=f"Attention multiply-adds to generate $N$ tokens one at a time, one layer, $d_{{\\text{{model}}}} = {d}$",
    )
)
print(
    facts(
        {
            "no cache: step $t$ redoes a $t \\times t$ attention, total $2d \\sum_t t^2$": "grows like $N^3$ (×8 per doubling)",
            "KV cache: step $t$ compares 1 query with $t$ keys, total $2d \\sum_t t$": "grows like $N^2$ (×4 per doubling)",
        }
    )
)
