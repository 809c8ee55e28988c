"""The design matrix: example i is row i, written x^(i); the subscript picks a feature, the plain superscript is a power."""

import numpy as np

from notation import example
from notation.render import facts, table

# m = 4 examples (houses), n = 3 features each: area in 100 m², rooms, age in decades
X = np.array([[1.2, 3.0, 2.0], [0.8, 2.0, 5.0], [2.1, 5.0, 1.0], [1.5, 4.0, 3.0]])
y = np.array([310.0, 190.0, 520.0, 400.0])  # the target of each example (price in k€)
m, n = X.shape

print(
    table(
        np.column_stack([X, y]),
        row_labels=[f"$\\mathbf{{x}}^{{({i})}}$, $y^{{({i})}}$" for i in range(1, m + 1)],
        col_labels=["$x_1$ area", "$x_2$ rooms", "$x_3$ age", "$y$ price"],
        precision=1,
        caption=f"$X \\in \\mathbb{{R}}^{{{m} \\times {n}}}$: one example per row, one feature per column, with its target",
    )
)
x3 = example(X, 3)
print(
    facts(
        {
            "$\\mathbf{x}^{(3)}$, the third example: X[2] in Python": x3,
            "$y^{(3)}$, its target: y[2] in Python": y[2],
            "$x^{(3)}_2$, feature 2 of example 3: X[2, 1] in Python": x3[1],
            "$\\mathbf{x}^{(3)} = X_{3,:}$, the same row": bool(np.array_equal(x3, X[2, :])),
            "$(x^{(3)}_1)^2$, a real power of the area (the parentheses make the difference)": x3[0] ** 2,
            "number of examples $m$ and of features $n$": f"{m} and {n}",
        },
        precision=2,
    )
)
