"""Cosine similarity: the angle between two vectors whatever their lengths, the dot product of unit vectors, PyTorch's eps for zero and tiny vectors, and cosine distance."""

import numpy as np

from notation import angle_between, cosine_similarity, dot_product, unit_vector, vector_norm
from notation.render import facts, table

u = np.array([3.0, 4.0])
others = {
    "$\\mathbf{v} = 10\\,\\mathbf{u}$, same direction": 10 * u,
    "$\\mathbf{v} = (4, 3)$, a small turn": np.array([4.0, 3.0]),
    "$\\mathbf{v} = (-4, 3)$, at a right angle": np.array([-4.0, 3.0]),
    "$\\mathbf{v} = -\\mathbf{u}$, opposite": -u,
}
rows = [[dot_product(u, v), cosine_similarity(u, v), np.degrees(angle_between(u, v)), 1 - cosine_similarity(u, v)] for v in others.values()]
print(
    table(
        np.array(rows),
        row_labels=list(others),
        col_labels=["$\\mathbf{u} \\cdot \\mathbf{v}$", "$\\cos(\\mathbf{u}, \\mathbf{v})$", "angle (degrees)", "cosine distance $1 - \\cos$"],
        precision=4,
        caption="$\\mathbf{u} = (3, 4)$: the dot product grows with the lengths; the cosine only sees the angle",
    )
)

a, b = np.array([1.0, 2.0, 2.0]), np.array([2.0, 0.0, 1.0])
print(
    facts(
        {
            "$\\cos(\\mathbf{a}, \\mathbf{b})$ for $\\mathbf{a} = (1, 2, 2)$, $\\mathbf{b} = (2, 0, 1)$": cosine_similarity(a, b),
            "dot product of the unit vectors $\\mathbf{a}/\\lVert\\mathbf{a}\\rVert \\cdot \\mathbf{b}/\\lVert\\mathbf{b}\\rVert$": dot_product(unit_vector(a), unit_vector(b)),
            "half the squared distance between the unit vectors, $\\tfrac12 \\lVert \\mathbf{a}/\\lVert\\mathbf{a}\\rVert - \\mathbf{b}/\\lVert\\mathbf{b}\\rVert \\rVert^2$": 0.5 * vector_norm(unit_vector(a) - unit_vector(b)) ** 2,
            "cosine distance $1 - \\cos(\\mathbf{a}, \\mathbf{b})$": 1 - cosine_similarity(a, b),
        },
        precision=4,
    )
)

eps = 1e-8  # F.cosine_similarity's default
print(
    facts(
        {
            "with PyTorch's $\\epsilon = 10^{-8}$: a zero vector with $(3, 4)$": cosine_similarity([0.0, 0.0], u, eps=eps),
            "of $(3, 4) \\times 10^{-9}$, length $5 \\times 10^{-9} < \\epsilon$, with $(3, 4)$": cosine_similarity(u * 1e-9, u, eps=eps),
            "the same pair without $\\epsilon$: the true cosine": cosine_similarity(u * 1e-9, u),
        },
        precision=4,
    )
)

x, y, z = np.array([1.0, 0.0]), np.array([1.0, 1.0]), np.array([0.0, 1.0])  # 0°, 45° and 90°
dist = lambda p, q: 1 - cosine_similarity(p, q)  # noqa: E731
print(
    facts(
        {
            "cosine distance from $(1, 0)$ to $(0, 1)$": dist(x, z),
            "through $(1, 1)$: $d(x, y) + d(y, z)$, less, so no triangle inequality": dist(x, y) + dist(y, z),
            "the angles themselves, $45° + 45°$ against $90°$, do add up": np.degrees(angle_between(x, y) + angle_between(y, z)),
        },
        precision=4,
    )
)
