"""Masking with −∞: exact zeros after softmax, the finite stand-ins code uses, and what a fully masked row gives."""

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

# 2. The same row with keys 3 and 4 blocked: −∞ and the finite stand-ins used in code
scores = np.array([2.0, 0.5, 1.0, -0.5])
blocked = np.array([False, False, True, True])
variants = {
    "$-\\infty$": (np.float64, -np.inf),
    "$-10^9$": (np.float64, -1e9),
    "float32 minimum $-3.4 \\times 10^{38}$": (np.float32, np.finfo(np.float32).min),
}
partly = [softmax(np.where(blocked, dtype(fill), scores.astype(dtype))) for dtype, fill in variants.values()]
rows = np.array(partly, dtype=np.float64)
print(
    table(
        rows,
        row_labels=[f"blocked with {name}" for name in variants],
        col_labels=["$p_1$", "$p_2$", "$p_3$", "$p_4$"],
        precision=3,
        caption="Scores $[2, 0.5, 1, -0.5]$ with keys 3 and 4 blocked: every variant gives the blocked keys 0",
    )
)

# 3. Every key blocked: what comes out depends on whether the mask replaces the scores or is added to them
every = np.ones_like(blocked)
fully = {
    "no mask (for comparison)": softmax(scores),
    "replaced by $-\\infty$ (masked_fill, np.where)": softmax(np.where(every, -np.inf, scores)),
    "replaced by $-10^9$": softmax(np.where(every, -1e9, scores)),
    "$-\\infty$ added": softmax(scores + np.where(every, -np.inf, 0.0)),
    "$-10^9$ added, float64": softmax(scores + np.where(every, -1e9, 0.0)),
    "$-10^9$ added, float32": softmax(scores.astype(np.float32) + np.where(every, np.float32(-1e9), np.float32(0))),
}
print(
    table(
        np.array(list(fully.values()), dtype=np.float64),
        row_labels=list(fully),
        col_labels=["$p_1$", "$p_2$", "$p_3$", "$p_4$"],
        precision=3,
        caption="The same row with every key blocked: NaN, equal weights, or the unmasked weights as if there were no mask",
    )
)

# 4. Why code avoids true infinities, and why −1e9 is not safe in float16
with np.errstate(invalid="ignore", over="ignore"):
    print(
        facts(
            {
                "$e^{-\\infty}$": np.exp(-np.inf),
                "blocked keys get exactly 0 in all three rows": bool(np.all(rows[:, 2:4] == 0.0)),
                "fully masked row, $-10^9$ added in float64: largest change from the unmasked weights": float(
                    np.max(np.abs(fully["$-10^9$ added, float64"] - fully["no mask (for comparison)"]))
                ),
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
