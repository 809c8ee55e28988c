"""A ⊘ b with b ∈ ℝ^m divides row i by b_i; NumPy needs b[:, None], and the rules step by step."""

import numpy as np

from notation import broadcast_shapes, to_bmatrix
from notation.render import display_math, facts, note, table

A = np.array([[2.0, 4.0, 6.0, 8.0], [3.0, 6.0, 9.0, 12.0], [5.0, 10.0, 15.0, 20.0]])  # m = 3, n = 4
b = np.array([2.0, 3.0, 5.0])  # one number per row
repeated = np.broadcast_to(b[:, None], A.shape)  # b copied along the missing (column) axis
print(display_math(f"A = {to_bmatrix(A)}, \\qquad \\mathbf{{b}} = {to_bmatrix(b[:, None])}"))
print(
    display_math(
        f"A \\oslash \\mathbf{{b}} = {to_bmatrix(A)} \\oslash {to_bmatrix(repeated)} = {to_bmatrix(A / b[:, None])}"
    )
)


def steps_table(*shapes):
    result = broadcast_shapes(*shapes)
    rows = [[str(step.axis)] + ["–" if s is None else str(s) for s in step.sizes] + [str(step.size), step.reason] for step in result.steps]
    return table(
        rows,
        col_labels=["axis"] + [f"{s}" for s in shapes] + ["result", "why"],
        caption=f"Broadcasting {' with '.join(str(s) for s in shapes)} → {result.shape}",
    )


try:
    A / b
except ValueError as exc:
    numpy_error = str(exc)
try:
    broadcast_shapes(A.shape, b.shape)
except ValueError as exc:
    explained = str(exc)
print(note("Written as A / b, NumPy lines the shapes up on the right, so b meets the columns, not the rows:"))
print(facts({"A / b raises": numpy_error, "broadcast_shapes says": explained}))
print(note("Reshaped to a column, b[:, None] has shape (3, 1) and lines up with the rows:"))
print(steps_table(A.shape, b[:, None].shape))
print(note("A vector with one number per column, $\\mathbf{c} \\in \\mathbb{R}^{4}$, needs no reshaping: A / c divides column $j$ by $c_j$."))
print(steps_table(A.shape, (4,)))

S = A[:, :3]  # a square 3 × 3 matrix: now A / b runs, silently wrong
print(
    table(
        np.hstack([S / b[:, None], S / b]),
        row_labels=[f"row {i + 1}, $b_{i + 1} = {b[i]:g}$" for i in range(3)],
        col_labels=[f"correct, col {j}" for j in (1, 2, 3)] + [f"S / b, col {j}" for j in (1, 2, 3)],
        precision=3,
        caption="The classic bug. Correct: S / b[:, None]. With a square matrix S / b also runs, but divides column $j$ by $b_j$",
    )
)
column = A[:, :1]  # a single column, shape (3, 1): A / b runs and builds a 3 × 3 table
print(
    facts(
        {
            "a (3, 1) column divided by b of shape (3,): result shape": str((column / b).shape),
            "what broadcast_shapes gives for the two shapes": str(broadcast_shapes(column.shape, b.shape).shape),
        }
    )
)
