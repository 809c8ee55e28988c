"""Cross-entropy with a one-hot target is the negative log-likelihood of that target: the language-model loss."""

import numpy as np

from notation import cross_entropy, cross_entropy_from_logits, cross_entropy_logits_gradient, one_hot, softmax, token_nll
from notation.render import facts, table

z = np.array([2.0, 0.5, -1.0, 1.0])  # logits over a 4-token vocabulary
target = 3  # the token that actually came next
q = softmax(z)
print(
    facts(
        {
            "model distribution $Q = \\operatorname{Softmax}(\\mathbf{z})$": q,
            "target $P = \\mathbf{e}_4$ (one-hot)": one_hot(target, 4),
            "$H(P, Q) = -\\sum_i p_i \\log q_i$": float(cross_entropy(one_hot(target, 4), q)),
            "$-\\log q_{\\text{target}}$": float(token_nll(q[target])),
            "from the logits, $\\log \\sum_j e^{z_j} - z_{\\text{target}}$": float(cross_entropy_from_logits(z, target)),
            "gradient with respect to $\\mathbf{z}$, $\\operatorname{Softmax}(\\mathbf{z}) - \\mathbf{e}_4$": cross_entropy_logits_gradient(
                z, target
            ),
        },
        precision=4,
    )
)

# A five-token sequence: the model's distribution at each position and the token that came next.
rng = np.random.default_rng(0)
logits = rng.normal(size=(5, 4)) * 1.5
next_tokens = np.array([0, 2, 2, 1, 3])
q_next = softmax(logits)[np.arange(5), next_tokens]
losses = cross_entropy_from_logits(logits, next_tokens)
print(
    table(
        np.column_stack([q_next, losses]),
        row_labels=[f"position $t = {t + 1}$" for t in range(5)],
        col_labels=["$q_t(w_t)$, probability of the real next token", "$-\\log q_t(w_t)$"],
        precision=4,
        caption="Per-token cross-entropy along a sequence",
    )
)
print(
    facts(
        {
            "LM loss: mean over the 5 positions": float(losses.mean()),
            "likelihood of the whole sequence $\\prod_t q_t(w_t)$": float(np.prod(q_next)),
            "$-\\frac{1}{5}\\log$ of that likelihood": float(-np.log(np.prod(q_next)) / 5),
        },
        precision=4,
    )
)
