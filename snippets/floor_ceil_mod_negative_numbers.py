"""⌊x⌋, ⌈x⌉ and int(x) on negative numbers; a mod n floored and truncated, and a float remainder rounded up to n; j mod 2 and ⌊j/2⌋ in the sinusoidal encoding."""

import math

import numpy as np

from notation import conv_output_size, quotient_remainder, rope_frequencies, sinusoidal_encoding
from notation.render import facts, fmt, table

xs = [2.7, 2.0, -2.5, -3.0]
print(
    table(
        np.array([[np.floor(x), np.ceil(x), int(x)] for x in xs]),
        row_labels=[f"$x = {x:g}$" for x in xs],
        col_labels=["$\\lfloor x \\rfloor$, np.floor", "$\\lceil x \\rceil$, np.ceil", "int(x), towards zero"],
        precision=0,
        caption="Floor and ceiling round down and up; int() truncates, which differs from the floor below zero",
    )
)
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2)]
rows = []
for a, n in pairs:
    (qf, rf), (qt, rt) = quotient_remainder(a, n), quotient_remainder(a, n, rounding="trunc")
    rows.append([float(qf), float(rf), float(qt), float(rt)])
print(
    table(
        np.array(rows),
        row_labels=[f"$a = {a}$, $n = {n}$" for a, n in pairs],
        col_labels=["$\\lfloor a/n \\rfloor$ (//)", "$a \\bmod n$ (%)", "truncated quotient", "math.fmod"],
        precision=0,
        caption="Two remainders: floored (Python, np.mod, torch.remainder) and truncated (C, np.fmod, torch.fmod)",
    )
)
tiny = -1e-20  # a mod 2 = 2 − 10⁻²⁰ exactly, nearer 2 than the float64 below it
print(
    facts(
        {
            "$-10^{-20} \\bmod 2$ in float64, Python's %": tiny % 2.0,
            "the same with np.mod": float(np.mod(tiny, 2.0)),
            "is it below $n = 2$?": bool(tiny % 2.0 < 2.0),
        },
        precision=1,
    )
)

d_model, pos = 8, 3
pe = sinusoidal_encoding(pos + 1, d_model)[pos]
theta = rope_frequencies(d_model)
rows = []
for j in range(d_model):
    i, parity = j // 2, j % 2
    rebuilt = math.sin(pos * theta[i]) if parity == 0 else math.cos(pos * theta[i])
    rows.append([i, parity, "sin" if parity == 0 else "cos", fmt(pe[j], 4), fmt(rebuilt, 4)])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=[f"dimension $j = {j}$" for j in range(d_model)],
        col_labels=["$i = \\lfloor j/2 \\rfloor$", "$j \\bmod 2$", "function", f"$\\text{{PE}}_{{({pos}, j)}}$", "rebuilt from the two"],
        caption=f"The sinusoidal encoding at position {pos}, $d_{{\\text{{model}}}} = {d_model}$: the parity picks sin or cos, the floor the frequency",
    )
)
print(
    facts(
        {
            "conv output length, $n = 32$, $k = 3$, $s = 2$, $p = 1$": conv_output_size(32, kernel_size=3, stride=2, padding=1),
            "$\\lfloor (32 + 2 - 3) / 2 \\rfloor + 1$ by hand": math.floor((32 + 2 - 3) / 2) + 1,
        }
    )
)
