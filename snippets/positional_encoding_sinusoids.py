"""Sinusoidal positional encodings for the tiny transformer's five tokens, the wavelengths at d_model = 512, and offsets."""

import numpy as np

from notation import rope_frequencies, sinusoidal_encoding, tiny_model
from notation.render import facts, note, table

m = tiny_model()
n, d = len(m.tokens), m.d_model
pe = sinusoidal_encoding(n, d)
cols = [f"$\\sin_{{{j // 2}}}$" if j % 2 == 0 else f"$\\cos_{{{j // 2}}}$" for j in range(d)]
rows = [f"pos {t}: {w}" for t, w in enumerate(m.tokens)]
print(table(pe, row_labels=rows, col_labels=cols, precision=3, caption=f"$\\text{{PE}}$, {n} × {d}: pair $i$ turns at $\\theta_i = 10000^{{-2i/{d}}}$ radians per position"))
x_in = m.x + pe
print(
    facts(
        {
            "$\\theta_i$ for $d_{\\text{model}} = 8$": rope_frequencies(d),
            "the two “the” rows of $X$ are equal": bool(np.array_equal(m.x[0], m.x[3])),
            "the two “the” rows of $X + \\text{PE}$ are equal": bool(np.array_equal(x_in[0], x_in[3])),
        },
        precision=4,
    )
)
wavelengths = 2 * np.pi / rope_frequencies(512)
print(
    facts(
        {
            "$d_{\\text{model}} = 512$: shortest wavelength ($= 2\\pi$)": float(wavelengths[0]),
            "longest wavelength, pair $i = 255$": float(wavelengths[-1]),
            "$10000 \\cdot 2\\pi$": float(10000 * 2 * np.pi),
        },
        precision=2,
    )
)
print(note("The dot product of two encodings depends only on how far apart the positions are, not where they are:"))
big = sinusoidal_encoding(200, 64)
offsets = [0, 1, 5, 20]
starts = [0, 50, 150]
print(
    table(
        np.array([[big[s] @ big[s + k] for k in offsets] for s in starts]),
        row_labels=[f"pos $= {s}$" for s in starts],
        col_labels=[f"$k = {k}$" for k in offsets],
        precision=4,
        caption="$\\text{PE}_{\\text{pos}} \\cdot \\text{PE}_{\\text{pos} + k}$, $d_{\\text{model}} = 64$",
    )
)
