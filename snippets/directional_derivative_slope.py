"""Directional derivative ∇f · v beside the rise-over-run slope along v; then J v for a vector output."""

import numpy as np

from notation import directional_derivative, gradient, jacobian, secant_slope, softmax
from notation.render import facts, table


def f(p):
    return p[0] ** 2 + 3 * p[0] * p[1]


x = np.array([1.0, 2.0])
v = np.array([0.6, 0.8])  # a unit vector
grad = gradient(f, x)
steps = [0.1, 0.01, 0.001]
print(
    table(
        np.array([[float(secant_slope(f, x, v, h))] for h in steps]),
        row_labels=[f"$h = {h:g}$" for h in steps],
        col_labels=["$(f(\\mathbf{x} + h\\mathbf{v}) - f(\\mathbf{x})) / h$"],
        precision=5,
        caption="Walking from $\\mathbf{x} = (1, 2)$ along $\\mathbf{v} = (0.6, 0.8)$ on $f = x_1^2 + 3x_1x_2$",
    )
)
print(
    facts(
        {
            "$\\nabla f(\\mathbf{x})$": grad,
            "$D_{\\mathbf{v}} f = \\nabla f \\cdot \\mathbf{v}$": float(grad @ v),
            "library $\\texttt{directional\\_derivative}$": float(directional_derivative(f, x, v)),
        },
        precision=5,
    )
)

unit = grad / np.linalg.norm(grad)
perp = np.array([-unit[1], unit[0]])
dirs = {"$\\mathbf{v} = (0.6, 0.8)$": v, "$\\nabla f / \\lVert \\nabla f \\rVert$": unit, "$-\\nabla f / \\lVert \\nabla f \\rVert$": -unit, "perpendicular to $\\nabla f$": perp}
print(
    table(
        np.array([[float(directional_derivative(f, x, d))] for d in dirs.values()]),
        row_labels=list(dirs),
        col_labels=["$D_{\\mathbf{v}} f$"],
        precision=4,
        caption=f"Four unit directions: the gradient's own is steepest, with slope $\\lVert \\nabla f \\rVert = {np.linalg.norm(grad):.4f}$",
    )
)

z = np.array([1.0, 2.0, 0.5])
u = np.array([1.0, -1.0, 0.0]) / np.sqrt(2.0)
Jv = u @ jacobian(softmax, z).T  # v Jᵀ with v a row (J v in column form)
print(
    facts(
        {
            "vector output: $\\mathbf{v}J^\\top$ for softmax at $\\mathbf{z} = (1, 2, 0.5)$, $\\mathbf{v} = (1, -1, 0)/\\sqrt{2}$": Jv,
            "rise over run of each $p_i$, $h = 10^{-4}$": secant_slope(softmax, z, u, 1e-4),
            "entries of $\\mathbf{v}J^\\top$ sum to": float(Jv.sum()),
        },
        precision=4,
    )
)
