"""Shapes written under each term: the rules for + and @ checked before any number is computed."""

import numpy as np

from notation import broadcast_shapes, matmul_shape
from notation.render import display_math, facts, note, shape_str, table

N, d_model, d_k = 10, 512, 64
shapes = {"X": (N, d_model), "W^Q": (d_model, d_k), "b": (d_k,), "Q": (N, d_k), "K": (N, d_k), "K^T": (d_k, N)}

print(
    display_math(
        "\\underbrace{X}_{N \\times d_{\\text{model}}}\\,"
        "\\underbrace{W^Q}_{d_{\\text{model}} \\times d_k}"
        " + \\underbrace{\\mathbf{b}}_{d_k}"
        " = \\underbrace{Q}_{N \\times d_k}"
    )
)

xw = matmul_shape(shapes["X"], shapes["W^Q"])
rows = [
    ["$X W^Q$", f"({shape_str(shapes['X'])}) @ ({shape_str(shapes['W^Q'])})", shape_str(xw)],
    ["$X W^Q + \\mathbf{b}$", f"({shape_str(xw)}) + ({shape_str(shapes['b'])})", shape_str(broadcast_shapes(xw, shapes["b"]).shape)],
    ["$Q K^{\\top}$", f"({shape_str(shapes['Q'])}) @ ({shape_str(shapes['K^T'])})", shape_str(matmul_shape(shapes["Q"], shapes["K^T"]))],
    ["$\\mathbf{x} + \\operatorname{SubLayer}(\\mathbf{x})$", f"({shape_str((N, d_model))}) + ({shape_str((N, d_model))})", shape_str(broadcast_shapes((N, d_model), (N, d_model)).shape)],
]
try:
    matmul_shape(shapes["Q"], shapes["K"])
except ValueError as exc:
    rows.append(["$Q K$ (no transpose)", f"({shape_str(shapes['Q'])}) @ ({shape_str(shapes['K'])})", f"error: {exc}"])
print(
    table(
        rows,
        col_labels=["formula", "shapes under each term", "result"],
        caption=f"With $N = {N}$, $d_{{\\text{{model}}}} = {d_model}$, $d_k = {d_k}$",
    )
)

A = np.arange(6.0).reshape(2, 3)
print(note("Reducing along an axis removes that axis: summing a $2 \\times 3$ matrix."))
print(
    facts(
        {
            "A": A,
            "A.sum(axis=0): down the rows, one total per column": A.sum(axis=0),
            "A.sum(axis=1): across the columns, one total per row": A.sum(axis=1),
            "A.sum(axis=-1, keepdims=True).shape": f"{A.sum(axis=-1, keepdims=True).shape}",
        },
        precision=0,
    )
)
