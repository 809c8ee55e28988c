"""Mutual information of a small joint table three ways, zero for independent variables, and InfoNCE's lower bound log N − 𝓛, which cannot pass log N."""

import numpy as np

from notation import conditional_entropy, entropy, info_nce, infonce_bound, kl_divergence, mutual_information
from notation.render import facts, table

# X: rain or dry (rows); Y: umbrella or none (columns)
joint = np.array([[0.30, 0.05], [0.10, 0.55]])
px, py = joint.sum(axis=1), joint.sum(axis=0)
print(
    facts(
        {
            "$H(X)$ in bits, the uncertainty about the weather": entropy(px, base=2),
            "$H(X \\mid Y)$, what is left once the umbrella is seen": conditional_entropy(joint, given_axis=1, base=2),
            "$I(X; Y) = H(X) - H(X \\mid Y)$": entropy(px, base=2) - conditional_entropy(joint, given_axis=1, base=2),
            "$H(Y) - H(Y \\mid X)$, the other way round": entropy(py, base=2) - conditional_entropy(joint, given_axis=0, base=2),
            "$\\operatorname{KL}\\big(p(x, y) \\parallel p(x)\\,p(y)\\big)$": kl_divergence(joint.ravel(), np.outer(px, py).ravel(), base=2),
        },
        precision=4,
    )
)
independent = np.outer(px, py)  # the same marginals, no link between them
print(
    facts(
        {
            "$I(X; Y)$ for $p(x, y) = p(x)\\,p(y)$": mutual_information(independent, base=2),
            "$H(X \\mid Y)$ then, equal to $H(X)$": conditional_entropy(independent, given_axis=1, base=2),
        },
        precision=4,
    )
)

# InfoNCE on pairs (x, y) with y = x, x uniform over k = 8 symbols: I(X; Y) = log 8 nats
k, tau, batches = 8, 0.05, 200
rng = np.random.default_rng(0)
rows = []
for n in (2, 4, 8, 16, 64):
    losses = []
    for _ in range(batches):
        x = rng.integers(k, size=n)
        codes = np.eye(k)[x]  # an encoder that keeps the symbol exactly
        losses.append(info_nce(codes, codes, tau=tau).mean())
    loss = float(np.mean(losses))
    rows.append([np.log(n), loss, infonce_bound(loss, n), np.log(k)])
print(
    table(
        np.array(rows),
        row_labels=[f"$N = {n}$ candidates" for n in (2, 4, 8, 16, 64)],
        col_labels=["$\\log N$", "mean InfoNCE loss $\\mathcal{L}$", "bound $\\log N - \\mathcal{L}$", "true $I(X; Y) = \\log 8$"],
        precision=3,
        caption="The bound never exceeds $\\log N$ or the true mutual information: it takes many more than 8 candidates to certify the 2.08 nats",
    )
)
