"""p_data is the loaded die; p̂_data is the training set's histogram. The expected loss under p̂_data is the mean loss
over the set, and a model fitted to that set does systematically worse on new data: the generalisation gap."""

import numpy as np

from notation import empirical_distribution, expectation
from notation.render import facts, table

faces = np.arange(1.0, 7.0)
p_data = np.array([0.1, 0.1, 0.1, 0.1, 0.2, 0.4])  # the true distribution; in practice nobody knows it
m = 20
rng = np.random.default_rng(7)
train = rng.choice(faces, size=m, p=p_data)  # the training set: m = 20 draws from p_data

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

# The model: one number c, fitted to the training set by least squares, which makes c the training mean.
c = expectation(train)


def loss(y, c):
    return (y - c) ** 2  # the per-example loss ℓ: squared error of the prediction c


print(
    facts(
        {
            "fitted model $c$, the mean of the 20 training rolls": c,
            "$\\mathbb{E}_{y \\sim \\hat{p}_{\\text{data}}}[\\ell(y)] = \\sum_y \\hat{p}_{\\text{data}}(y)\\, \\ell(y)$": expectation(loss(values, c), probs=p_hat),
            "mean loss over the training set, $\\frac{1}{m}\\sum_i \\ell(y^{(i)})$": expectation(loss(train, c)),
            "$\\mathbb{E}_{y \\sim p_{\\text{data}}}[\\ell(y)]$, the expected loss on new data": expectation(loss(faces, c), probs=p_data),
            "this set's gap, new data minus training": expectation(loss(faces, c), probs=p_data) - expectation(loss(train, c)),
        },
        precision=4,
    )
)

# One training set could be lucky. Over 10,000 training sets, each with its own fitted c, the gap stays positive
# on average: for squared error and c the training mean it is 2 Var(y) / m.
sets = rng.choice(faces, size=(10_000, m), p=p_data)
fitted = sets.mean(axis=1)
train_losses = ((sets - fitted[:, None]) ** 2).mean(axis=1)
new_losses = (p_data * (faces[None, :] - fitted[:, None]) ** 2).sum(axis=1)
mean_y = expectation(faces, probs=p_data)
var_y = expectation((faces - mean_y) ** 2, probs=p_data)
print(
    facts(
        {
            "over 10,000 training sets: mean training loss": train_losses.mean(),
            "mean expected loss on new data": new_losses.mean(),
            "mean gap, new data minus training": (new_losses - train_losses).mean(),
            "sets in which the training loss is the lower": f"{np.mean(train_losses < new_losses):.1%}",
            "sets in which it is the higher": f"{np.mean(train_losses > new_losses):.1%}",
            "$2\\operatorname{Var}_{p_{\\text{data}}}[y] / m$, the gap's expected size": 2 * var_y / m,
        },
        precision=4,
    )
)
