"""KL divergence for two small distributions: H(P,Q) = H(P) + KL(P‖Q), KL is not symmetric, KL ≥ 0; the RLHF penalty."""

import numpy as np

from notation import cross_entropy, entropy, kl_divergence
from notation.render import facts, table

P = np.array([0.7, 0.2, 0.1])
Q = np.array([0.4, 0.4, 0.2])
quantities = {
    "$H(P)$": lambda b: entropy(P, base=b),
    "$H(P, Q)$": lambda b: cross_entropy(P, Q, base=b),
    "$\\operatorname{KL}(P \\,\\Vert\\, Q)$": lambda b: kl_divergence(P, Q, base=b),
    "$H(P) + \\operatorname{KL}(P \\,\\Vert\\, Q)$": lambda b: entropy(P, base=b) + kl_divergence(P, Q, base=b),
    "$\\operatorname{KL}(Q \\,\\Vert\\, P)$": lambda b: kl_divergence(Q, P, base=b),
    "$\\operatorname{KL}(P \\,\\Vert\\, P)$": lambda b: kl_divergence(P, P, base=b),
}
print(
    table(
        np.array([[float(fn(None)), float(fn(2))] for fn in quantities.values()]),
        row_labels=list(quantities),
        col_labels=["nats", "bits"],
        precision=4,
        caption="$P = (0.7, 0.2, 0.1)$, $Q = (0.4, 0.4, 0.2)$",
    )
)

rng = np.random.default_rng(0)
many_p, many_q = rng.dirichlet(np.ones(5), size=10_000), rng.dirichlet(np.ones(5), size=10_000)
kls = kl_divergence(many_p, many_q)
print(
    facts(
        {
            "10,000 random pairs of 5-outcome distributions: smallest KL": float(kls.min()),
            "pairs where $\\operatorname{KL}(P \\Vert Q) \\ne \\operatorname{KL}(Q \\Vert P)$ (to 4 decimals)": int(
                np.sum(np.round(kls, 4) != np.round(kl_divergence(many_q, many_p), 4))
            ),
        },
        precision=4,
    )
)

# RLHF: reward minus beta times the drift from the reference model, here on one next-token distribution.
beta = 0.1
reference = np.array([0.5, 0.3, 0.15, 0.05])
policies = {
    "mildly tuned $\\pi = (0.4, 0.3, 0.2, 0.1)$": (np.array([0.4, 0.3, 0.2, 0.1]), 1.0),
    "collapsed $\\pi = (0.01, 0.01, 0.01, 0.97)$": (np.array([0.01, 0.01, 0.01, 0.97]), 1.2),
}
rows = []
for pi, reward in policies.values():
    kl = float(kl_divergence(pi, reference))
    rows.append([reward, kl, reward - beta * kl])
print(
    table(
        np.array(rows),
        row_labels=list(policies),
        col_labels=["reward $r$", "$\\operatorname{KL}(\\pi \\,\\Vert\\, \\pi_{\\text{ref}})$", "$r - \\beta\\,\\operatorname{KL}$, $\\beta = 0.1$"],
        precision=3,
        caption="Reference model $\\pi_{\\text{ref}} = (0.5, 0.3, 0.15, 0.05)$: the penalty undoes the collapsed policy's higher reward",
    )
)
