"""Memorising versus generalising: polynomials fitted to 10 noisy points, scored on points they never saw."""

import numpy as np
from numpy.polynomial import Polynomial

from notation.render import table

rng = np.random.default_rng(0)


def sample(n: int) -> tuple[np.ndarray, np.ndarray]:
    """n points of y = sin(2πx) plus noise of standard deviation 0.2."""
    x = rng.uniform(0, 1, n)
    return x, np.sin(2 * np.pi * x) + rng.normal(0, 0.2, n)


x_train, y_train = sample(10)
x_held, y_held = sample(200)  # held out: never used for fitting

rows = []
for degree in (1, 3, 9):
    model = Polynomial.fit(x_train, y_train, degree)  # least squares on the training points only
    train_mse = np.mean((model(x_train) - y_train) ** 2)
    held_mse = np.mean((model(x_held) - y_held) ** 2)
    rows.append([degree + 1, train_mse, held_mse])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=["degree 1 (a line)", "degree 3", "degree 9"],
        col_labels=["parameters", "training error (MSE)", "held-out error (MSE)"],
        corner="model",
        precision=4,
        caption="10 training points from $y = \\sin(2\\pi x) + \\text{noise}$; 200 held-out points from the same source",
    )
)
