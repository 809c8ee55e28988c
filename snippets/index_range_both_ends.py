"""x_{1:T}, x_{<t} and x_{t−k:t} against their Python slices, and the context x_{<t} of each factor of the chain rule."""

import numpy as np

from notation import before, index_range
from notation.render import facts, table

tokens = np.array(["the", "cat", "sat", "on", "the", "mat"])
T, t, k = len(tokens), 4, 2
position = np.arange(1.0, T + 1)  # position i holds tokens[i - 1]
words = lambda idx: " ".join(tokens[int(i) - 1] for i in idx) or "(nothing)"  # noqa: E731
cases = [
    ("$x_{1:T}$", index_range(position, 1, T), "x[0:T]", tokens[0:T]),
    ("$x_{2:4}$", index_range(position, 2, 4), "x[1:4]", tokens[1:4]),
    (f"$x_{{<t}}$, $t = {t}$", before(position, t), "x[:t-1]", tokens[: t - 1]),
    (f"$x_{{t-k:t}}$, $t = {t}$, $k = {k}$", index_range(position, t - k, t), "x[t-k-1:t]", tokens[t - k - 1 : t]),
    ("$x_{<1}$", before(position, 1), "x[:0]", tokens[:0]),
]
print(
    table(
        np.array([[words(maths), code, " ".join(py) or "(nothing)", len(maths)] for _, maths, code, py in cases], dtype=object),
        row_labels=[label for label, *_ in cases],
        col_labels=["the entries, both ends included", "Python slice", "what it gives", "count"],
        caption=f"Index ranges on $x_{{1:T}}$ = “{' '.join(tokens)}”, $T = {T}$",
    )
)
print(
    facts(
        {
            "x[1:T], the off-by-one slice": " ".join(tokens[1:T]),
            "its count, one short of $T$": len(tokens[1:T]),
        }
    )
)
print(
    table(
        np.array([[f"$p(x_{{{s}}} \\mid x_{{<{s}}})$", words(before(position, s)), tokens[s - 1]] for s in range(1, T + 1)], dtype=object),
        row_labels=[f"$t = {s}$" for s in range(1, T + 1)],
        col_labels=["factor", "context $x_{<t}$", "predicted $x_t$"],
        caption="$p(x_{1:T}) = \\prod_{t} p(x_t \\mid x_{<t})$: each factor sees the tokens before it, the first sees none",
    )
)
