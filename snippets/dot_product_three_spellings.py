"""One dot product, three spellings, and the geometric form ‖u‖ ‖v‖ cos θ."""

import math

import numpy as np

from notation import angle_between, dot_product, vector_norm
from notation.render import facts, table

u = np.array([1.0, 2.0, 3.0])
v = np.array([4.0, -5.0, 6.0])
print(
    facts(
        {
            "$\\mathbf{u}$, $\\mathbf{v}$": np.stack([u, v]),
            "$\\langle \\mathbf{u}, \\mathbf{v} \\rangle = \\sum_i u_i v_i$": dot_product(u, v),
            "$\\mathbf{u} \\cdot \\mathbf{v}$, u @ v": u @ v,
            "$\\mathbf{u}\\mathbf{v}^\\top$: the row $\\mathbf{u}$ ($1 \\times 3$) times the column $\\mathbf{v}^\\top$ ($3 \\times 1$)": u[None, :] @ v[None, :].T,
            "its shape": f"{(u[None, :] @ v[None, :].T).shape}: a 1 × 1 matrix holding the same number",
        },
        precision=0,
    )
)

# Vectors of lengths 2 and 3 at known angles, built from polar coordinates.
r_u, r_v = 2.0, 3.0
uu = r_u * np.array([1.0, 0.0])
rows, labels = [], []
for deg in (0, 60, 90, 120, 180):
    t = math.radians(deg)
    vv = r_v * np.array([math.cos(t), math.sin(t)])
    rows.append([dot_product(uu, vv), vector_norm(uu) * vector_norm(vv) * math.cos(t), math.degrees(angle_between(uu, vv))])
    labels.append(f"$\\theta = {deg}^\\circ$")
print(
    table(
        rows,
        row_labels=labels,
        col_labels=["$\\sum_i u_i v_i$", "$\\lVert \\mathbf{u} \\rVert \\lVert \\mathbf{v} \\rVert \\cos\\theta$", "angle recovered (degrees)"],
        precision=2,
        caption="$\\lVert \\mathbf{u} \\rVert = 2$, $\\lVert \\mathbf{v} \\rVert = 3$: same direction, perpendicular, opposite",
    )
)
