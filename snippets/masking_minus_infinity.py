"""Masking with −∞: exact zeros after softmax, the finite stand-ins code uses, and the all-masked NaN."""

import numpy as np

from notation import causal_mask, softmax
from notation.render import facts, table

# 1. The causal mask for 3 tokens, added to a 3 × 3 matrix of scores, then softmax per row
S = np.array([[1.0, 2.0, 0.5], [0.3, 1.2, 2.0], [-0.5, 0.8, 0.1]])
W = softmax(S + causal_mask(3))
print(
    table(
        W,
        row_labels=["token 1", "token 2", "token 3"],
        col_labels=["attends to 1", "to 2", "to 3"],
        precision=3,
        caption="$\\operatorname{Softmax}_{\\text{row}}(S + M)$ with the causal mask $M$: the −∞ entries become exact zeros",
    )
)

# 2. The same masked row with −∞ and with the finite stand-ins used in code
scores = np.array([2.0, 0.5, 1.0, -0.5])
blocked = np.array([False, False, True, True])
variants = {
    "$-\\infty$": (np.float64, -np.inf),
    "$-10^9$": (np.float64, -1e9),
    "float32 minimum $-3.4 \\times 10^{38}$": (np.float32, np.finfo(np.float32).min),
}
partly, fully = [], []
for dtype, fill in variants.values():
    s = scores.astype(dtype)
    partly.append(softmax(np.where(blocked, dtype(fill), s)))  # keys 3 and 4 blocked
    fully.append(softmax(np.full_like(s, fill)))  # every key blocked
for weights, caption in (
    (partly, "Scores $[2, 0.5, 1, -0.5]$ with keys 3 and 4 blocked"),
    (fully, "The same row with every key blocked"),
):
    print(
        table(
            np.array(weights),
            row_labels=[f"blocked with {name}" for name in variants],
            col_labels=["$p_1$", "$p_2$", "$p_3$", "$p_4$"],
            precision=3,
            caption=caption,
        )
    )
rows = np.array(partly, dtype=np.float64)

# 3. Why code avoids true infinities, and why −1e9 is not safe in float16
with np.errstate(invalid="ignore", over="ignore"):
    print(
        facts(
            {
                "$e^{-\\infty}$": np.exp(-np.inf),
                "blocked keys get exactly 0 in all three rows": bool(np.all(rows[:, 2:4] == 0.0)),
                "$\\infty - \\infty$ and $0 \\times \\infty$": [np.inf - np.inf, 0 * np.inf],
                "$-10^9$ stored as float16 (largest float16 is 65504)": np.float16(-1e9),
                "float16 minimum, and two of them added (two masks on one score)": [
                    np.finfo(np.float16).min,
                    np.finfo(np.float16).min + np.finfo(np.float16).min,
                ],
            },
            precision=1,
        )
    )
