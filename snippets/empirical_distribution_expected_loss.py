"""p_data is the loaded die; p̂_data is the training set's histogram. The expected loss under p̂_data is the mean loss over the set."""

import numpy as np

from notation import empirical_distribution, expectation
from notation.render import facts, table

faces = np.arange(1.0, 7.0)
p_data = np.array([0.1, 0.1, 0.1, 0.1, 0.2, 0.4])  # the true distribution; in practice nobody knows it
rng = np.random.default_rng(7)
train = rng.choice(faces, size=20, p=p_data)  # the training set: m = 20 draws from p_data

values, p_hat = empirical_distribution(train)
p_hat_all = np.array([p_hat[values == v].sum() for v in faces])  # faces never drawn get 0
print(
    table(
        np.vstack([p_data, p_hat_all]),
        row_labels=["$p_{\\text{data}}(y)$", "$\\hat{p}_{\\text{data}}(y)$, from 20 draws"],
        col_labels=[f"$y = {int(v)}$" for v in faces],
        precision=2,
        caption="The true distribution and the empirical one the training set defines",
    )
)

c = 4.5  # a model that always predicts 4.5


def loss(y):
    return (y - c) ** 2  # squared error of that prediction


print(
    facts(
        {
            "$\\mathbb{E}_{y \\sim \\hat{p}_{\\text{data}}}[L(y)] = \\sum_y \\hat{p}_{\\text{data}}(y)\\, L(y)$": expectation(loss(values), probs=p_hat),
            "mean loss over the training set, $\\frac{1}{m}\\sum_i L(y^{(i)})$": expectation(loss(train)),
            "$\\mathbb{E}_{y \\sim p_{\\text{data}}}[L(y)]$, the expected loss on new data": expectation(loss(faces), probs=p_data),
        },
        precision=4,
    )
)
