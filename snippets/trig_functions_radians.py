"""Sine and cosine in radians: a table of angles, the degrees mistake, and where they appear in machine learning (positional encodings, RoPE, cosine schedules, the normal density)."""

import math

import numpy as np

from notation import normal_pdf, rope, rope_frequencies, rope_scores, vector_norm, warmup_cosine_schedule
from notation.render import facts, table

degrees = np.array([0, 30, 45, 60, 90, 180, 270, 360])
radians = np.deg2rad(degrees)
print(
    table(
        np.column_stack([radians, radians / math.pi, np.sin(radians), np.cos(radians), np.sin(radians) ** 2 + np.cos(radians) ** 2]),
        row_labels=[f"{d} degrees" for d in degrees],
        col_labels=["radians", "radians $/\\,\\pi$", "$\\sin$", "$\\cos$", "$\\sin^2 + \\cos^2$"],
        precision=4,
        caption="One full turn is $2\\pi$ radians; $(\\cos\\theta, \\sin\\theta)$ is the point at angle $\\theta$ on the unit circle, so $\\sin^2\\theta + \\cos^2\\theta = 1$",
    )
)
print(
    facts(
        {
            "$\\pi$ (math.pi, np.pi, torch.pi)": math.pi,
            "np.sin(90): 90 read as radians, not degrees": np.sin(90.0),
            "np.sin(np.deg2rad(90))": np.sin(np.deg2rad(90.0)),
            "$\\sin(1 + 2\\pi) - \\sin(1)$: one period later, the same value": np.sin(1.0 + 2 * math.pi) - np.sin(1.0),
        },
        precision=4,
    )
)

theta = rope_frequencies(512)  # the sinusoidal encoding's and RoPE's frequencies for d = 512
q, k = np.array([1.0, 2.0, 0.5, -1.0]), np.array([0.3, -0.7, 1.0, 0.2])
print(
    facts(
        {
            "wavelength $2\\pi/\\theta_0$ of the fastest pair, $d_{\\text{model}} = 512$, in positions": 2 * math.pi / theta[0],
            "wavelength of the slowest pair, $2\\pi/\\theta_{255}$": 2 * math.pi / theta[-1],
            "RoPE: length of $\\mathbf{q}$ before and after rotating it to position 7": np.array([vector_norm(q), vector_norm(rope(q[None, :], [7])[0])]),
            "RoPE scores for positions $(5, 2)$ and $(103, 100)$, the same $m - n$": np.array([rope_scores(q, k, 5, 2), rope_scores(q, k, 103, 100)]),
            "cosine schedule $\\tfrac12(1 + \\cos(\\pi t / T))$ at $t = 0, T/2, T$": warmup_cosine_schedule([0, 50, 100], total_steps=100, warmup_steps=0, peak_lr=1.0),
            "the normal density's peak $1/\\sqrt{2\\pi}$": normal_pdf(0.0),
        },
        precision=4,
    )
)
