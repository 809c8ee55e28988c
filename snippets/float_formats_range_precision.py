"""fp32, fp16 and bf16 side by side: bit layout, machine epsilon, range, and what rounding does."""

import math

import numpy as np

from notation import FLOAT_FORMATS, float_fields, float_format_info, round_to_format
from notation.render import facts, fmt, sci, table


def shown(x: float) -> str:
    """Seven significant digits (powers of ten for tiny values); infinity and zero as symbols."""
    if math.isinf(x) or x == 0:
        return fmt(x, 0)
    return sci(x, 7) if abs(x) < 1e-3 else f"{x:.7g}"


names = ["fp32", "fp16", "bf16"]
numpy_type = {"fp32": np.float32, "fp16": np.float16}
rows = []
for name in names:
    e, m = FLOAT_FORMATS[name]
    if name in numpy_type:  # NumPy knows these two
        fi = np.finfo(numpy_type[name])
        eps, big, tiny = float(fi.eps), float(fi.max), float(fi.smallest_normal)
    else:  # NumPy has no bf16: derive it from the layout
        info = float_format_info(e, m)
        eps, big, tiny = info.eps, info.max, info.min_normal
    rows.append([f"1 / {e} / {m}", sci(eps), sci(big), sci(tiny)])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=names,
        col_labels=["bits: sign / exponent / mantissa", "epsilon $\\varepsilon$", "largest", "smallest normal"],
        corner="format",
        caption="Precision ($\\varepsilon$) and range: fp32 and fp16 from np.finfo, bf16 from its bit layout",
    )
)
agree = all(
    float_format_info(*FLOAT_FORMATS[n])[2:5] == (float(np.finfo(t).eps), float(np.finfo(t).max), float(np.finfo(t).smallest_normal))
    for n, t in numpy_type.items()
)
print(facts({"the layout formulas reproduce np.finfo for fp32 and fp16": agree}))

value = 0.1
layout_rows = []
for name in names:
    e, m = FLOAT_FORMATS[name]
    sign, exponent, mantissa = float_fields(value, e, m)
    stored = round_to_format([value], e, m)[0]
    layout_rows.append([str(sign), f"{exponent:0{e}b}", f"{mantissa:0{m}b}", f"{stored:.10f}", sci(abs(stored - value), 2)])
print(
    table(
        np.array(layout_rows, dtype=object),
        row_labels=names,
        col_labels=["sign", "exponent", "mantissa", "stored value", "error"],
        caption="$0.1$ as each format stores it: value $= 1.\\text{mantissa}_2 \\times 2^{\\text{exponent} - \\text{bias}}$, bias 127 for fp32 and bf16, 15 for fp16",
    )
)

tests = [1 + 2.0**-9, 70_000.0, 1e-8]
with np.errstate(over="ignore"):
    cells = [[shown(round_to_format([v], *FLOAT_FORMATS[n])[0]) for n in names] for v in tests]
print(
    table(
        np.array(cells, dtype=object),
        row_labels=["$1 + 2^{-9}$", "$70{,}000$", "$10^{-8}$"],
        col_labels=names,
        corner="true value",
        caption="Where the formats part ways: bf16 loses the small step, fp16 overflows to infinity and underflows sooner",
    )
)
