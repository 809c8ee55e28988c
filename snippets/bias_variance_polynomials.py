"""Bias² + variance + σ² against the test error, by simulation: 2,000 training sets of ten noisy points,
a polynomial of degree 1, 3 or 9 fitted to each, all scored at the same test points."""

import numpy as np

from notation import bias_variance, polynomial_fit, polynomial_predict
from notation.render import facts, table

rng = np.random.default_rng(0)
sigma, trials = 0.3, 2000
x_train = np.linspace(0.0, 1.0, 10)
x_test = np.linspace(0.05, 0.95, 19)


def f(x):
    return np.sin(2 * np.pi * x)  # the true function


rows = []
for degree in (1, 3, 9):
    preds = np.empty((trials, x_test.size))
    errors = np.empty((trials, x_test.size))
    for t in range(trials):  # a fresh training set each time: the expectation is over these
        coef = polynomial_fit(x_train, f(x_train) + rng.normal(0, sigma, x_train.size), degree)
        preds[t] = polynomial_predict(coef, x_test)
        y_test = f(x_test) + rng.normal(0, sigma, x_test.size)  # a fresh noisy target at each test point
        errors[t] = (y_test - preds[t]) ** 2
    bias2, var = bias_variance(preds, f(x_test))
    rows.append([bias2, var, sigma**2, bias2 + var + sigma**2, errors.mean()])
print(
    table(
        np.array(rows),
        row_labels=["degree 1 (too simple)", "degree 3", "degree 9 (interpolates the 10 points)"],
        col_labels=["Bias²", "Var", "$\\sigma^2$", "sum", "measured $\\mathbb{E}[(y - \\hat{f}(x))^2]$"],
        precision=3,
        caption=f"$y = \\sin(2\\pi x) + \\varepsilon$, $\\varepsilon \\sim \\mathcal{{N}}(0, {sigma}^2)$; {trials:,} training sets of 10 points",
    )
)
R = np.array(rows)
print(
    facts(
        {
            "largest gap between the sum and the measured error": float(np.abs(R[:, 3] - R[:, 4]).max()),
            "degree with the lowest test error": ["1", "3", "9"][int(np.argmin(R[:, 4]))],
        },
        precision=3,
    )
)
