"""A scalar, a vector and a matrix: the font in the formula, the number of axes in code."""

import numpy as np

from notation.render import facts, shape_str, table

rng = np.random.default_rng(0)
x = np.float64(2.0)  # plain x: one number
x_vec = np.array([2.0, 7.0, 1.0])  # bold x: a vector
X = rng.integers(1, 10, size=(3, 4)).astype(np.float64)  # capital X: 3 tokens (rows) × 4 features

objects = {"$x$": x, "$\\mathbf{x}$": x_vec, "$X$": X}
kinds = {"$x$": "scalar", "$\\mathbf{x}$": "vector", "$X$": "matrix"}
print(
    table(
        [[kinds[k], str(np.ndim(v)), shape_str(np.shape(v)), str(np.shape(v))] for k, v in objects.items()],
        row_labels=list(objects),
        col_labels=["kind", "axes (ndim)", "shape", "NumPy .shape"],
        corner="symbol",
        caption="The font in the formula and the number of axes in code",
    )
)
print(table(X, row_labels=[f"$\\mathbf{{x}}_{i}$" for i in (1, 2, 3)], col_labels=["1", "2", "3", "4"], precision=0, caption="$X$, one token per row"))
print(
    facts(
        {
            "bold $\\mathbf{x}_2$ = row 2 of $X$ (a vector); X[1] in Python": X[1],
            "plain $x_2$ = entry 2 of $\\mathbf{x}$ (a number); x_vec[1] in Python": x_vec[1],
            "shape of $\\mathbf{x}_2$": shape_str(X[1].shape),
            "shape of $x_2$": shape_str(np.shape(x_vec[1])),
        },
        precision=0,
    )
)
