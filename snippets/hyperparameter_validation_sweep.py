"""Choosing a hyperparameter (the polynomial degree) by validation loss, then reporting the test loss once."""

import numpy as np
from numpy.polynomial import Polynomial

from notation.render import facts, table

rng = np.random.default_rng(0)


def sample(n: int) -> tuple[np.ndarray, np.ndarray]:
    """n points of y = sin(2πx) plus noise of standard deviation 0.2."""
    x = rng.uniform(0, 1, n)
    return x, np.sin(2 * np.pi * x) + rng.normal(0, 0.2, n)


(x_tr, y_tr), (x_val, y_val), (x_te, y_te) = sample(15), sample(30), sample(200)


def mse(model: Polynomial, x: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((model(x) - y) ** 2))


degrees = list(range(10))
models = {k: Polynomial.fit(x_tr, y_tr, k) for k in degrees}  # parameters: fitted on the training set
train_loss = [mse(models[k], x_tr, y_tr) for k in degrees]
val_loss = [mse(models[k], x_val, y_val) for k in degrees]
best = degrees[int(np.argmin(val_loss))]  # hyperparameter: picked on the validation set

print(
    table(
        np.array([[train_loss[k], val_loss[k], "← lowest" if k == best else ""] for k in degrees], dtype=object),
        row_labels=[f"degree {k}" for k in degrees],
        col_labels=["training loss", "validation loss", "choice"],
        corner="candidate",
        precision=4,
        caption="Sweep: each degree is fitted on 15 training points and scored on 30 validation points",
    )
)
print(
    facts(
        {
            "chosen degree": best,
            "test loss of the chosen model (200 points, used once)": mse(models[best], x_te, y_te),
            "degree with the lowest training loss": degrees[int(np.argmin(train_loss))],
        },
        precision=4,
    )
)
