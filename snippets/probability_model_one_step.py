"""P_θ(w_t | w_{t-1}) of a tiny bigram model, before and after one gradient step on "the cat"."""

import numpy as np

from notation import gradient, log_softmax, softmax
from notation.render import facts, table

vocab = ["the", "cat", "dog", "sat", "mat"]
the, cat = vocab.index("the"), vocab.index("cat")

# θ: one row of logits per previous token; P_θ(w_t | w_{t-1}) = Softmax(θ[w_{t-1}])
rng = np.random.default_rng(0)
theta = rng.normal(0.0, 1.0, size=(len(vocab), len(vocab)))


def nll(row):
    """Loss on the training pair (the, cat): −log P_θ(cat | the)."""
    return -log_softmax(row)[cat]


eta = 1.0
grad = gradient(nll, theta[the])  # only row "the" of θ affects this loss
theta_new = theta.copy()
theta_new[the] = theta[the] - eta * grad

before, after = softmax(theta[the]), softmax(theta_new[the])
print(
    table(
        np.stack([before, after]),
        row_labels=["$P_{\\boldsymbol{\\theta}}(w_t \\mid \\text{the})$", "$P_{\\boldsymbol{\\theta}'}(w_t \\mid \\text{the})$"],
        col_labels=vocab,
        corner="next token $w_t$",
        precision=3,
        caption="The same model at two settings of its weights: $\\boldsymbol{\\theta}$, then $\\boldsymbol{\\theta}' = \\boldsymbol{\\theta} - \\eta \\nabla_{\\boldsymbol{\\theta}} \\mathcal{L}$ after one step on the pair (the, cat), $\\eta = 1$",
    )
)
print(
    facts(
        {
            "loss $-\\log P_{\\boldsymbol{\\theta}}(\\text{cat} \\mid \\text{the})$ before the step": nll(theta[the]),
            "loss $-\\log P_{\\boldsymbol{\\theta}'}(\\text{cat} \\mid \\text{the})$ after the step": nll(theta_new[the]),
            "gradient on row “the” of $\\boldsymbol{\\theta}$": grad,
            "rows of $\\boldsymbol{\\theta}$ the step changed": int(np.sum(np.any(theta_new != theta, axis=1))),
            "each distribution sums to": np.array([before.sum(), after.sum()]),
        },
        precision=3,
    )
)
