"""A total loss built from named parts: 𝓛 = 𝓛_NLL + α 𝓛_aux for a tiny mixture-of-experts batch."""

import numpy as np

from notation import coefficient_of_variation, cross_entropy_from_logits, softmax
from notation.render import facts, table

rng = np.random.default_rng(0)
logits = rng.normal(size=(4, 5))  # 4 tokens in the batch, a vocabulary of 5
targets = np.array([1, 0, 3, 3])  # the tokens that actually came next
gate_logits = rng.normal(size=(4, 3)) + np.array([1.5, 0.0, -0.5])  # the router prefers expert 1

per_token = cross_entropy_from_logits(logits, targets)
nll = float(per_token.mean())
gates = softmax(gate_logits)  # each token's weights over 3 experts
importance = gates.sum(axis=0)  # how much weight each expert received in this batch
aux = coefficient_of_variation(importance) ** 2  # 0 when the experts are used equally

print(
    facts(
        {
            "per-token $-\\log p(\\text{target})$": per_token,
            "$\\mathcal{L}_{\\text{NLL}}$ (their mean)": nll,
            "expert importance (gate weight summed over the batch)": importance,
            "$\\mathcal{L}_{\\text{aux}} = \\operatorname{CV}(\\text{importance})^2$": aux,
        },
        precision=4,
    )
)
alphas = [0.0, 0.01, 0.1, 1.0]
print(
    table(
        np.array([[nll, a * aux, nll + a * aux] for a in alphas]),
        row_labels=[f"$\\alpha = {a:g}$" for a in alphas],
        col_labels=["$\\mathcal{L}_{\\text{NLL}}$", "$\\alpha\\,\\mathcal{L}_{\\text{aux}}$", "$\\mathcal{L} = \\mathcal{L}_{\\text{NLL}} + \\alpha\\,\\mathcal{L}_{\\text{aux}}$"],
        precision=4,
        caption="The weight $\\alpha$ decides how much the balancing term counts in the one number training minimises",
    )
)
