"""The ELBO on a model small enough to know log p(x) exactly: three choices of q(z ∣ x), the two terms, and the gap."""

import numpy as np

from notation import elbo_estimate, gaussian_kl_standard, linear_gaussian_elbo, linear_gaussian_evidence
from notation.render import facts, note, table

s2, x = 0.5, 1.5  # z ~ N(0, 1), x | z ~ N(z, 0.5); we observe x = 1.5
post_mean, post_var = x / (1 + s2), s2 / (1 + s2)  # the true posterior p(z | x), known here in closed form
choices = {
    "$q = $ the prior $\\mathcal{N}(0, 1)$": (0.0, 1.0),
    "$q = \\mathcal{N}(0.5, 0.5)$, a rough guess": (0.5, 0.5),
    f"$q = $ the posterior $\\mathcal{{N}}({post_mean:g}, {post_var:.4f})$": (post_mean, post_var),
}
evidence = float(linear_gaussian_evidence(x, s2))
rows = []
for m, v in choices.values():
    elbo = float(linear_gaussian_elbo(x, m, v, s2))
    kl = float(gaussian_kl_standard([m], [np.log(v)]))
    rows.append([elbo + kl, kl, elbo, evidence, evidence - elbo])
print(
    table(
        np.array(rows),
        row_labels=list(choices),
        col_labels=[
            "reconstruction $\\mathbb{E}_q[\\log p(x \\mid z)]$",
            "regulariser $\\operatorname{KL}(q \\,\\Vert\\, p(z))$",
            "ELBO",
            "$\\log p(x)$",
            "gap $\\log p(x) - \\text{ELBO}$",
        ],
        precision=4,
        caption="$p(z) = \\mathcal{N}(0, 1)$, $p(x \\mid z) = \\mathcal{N}(z, 0.5)$, $x = 1.5$: the ELBO never exceeds $\\log p(x)$ and touches it at the true posterior",
    )
)
eps = np.random.default_rng(0).standard_normal(10_000)
# One sample at a time: each estimate is unbiased but noisy, so many land above log p(x);
# only their average, the ELBO itself, is bounded.
single = np.array([elbo_estimate(x, 0.5, 0.5, s2, eps[k : k + 1]) for k in range(len(eps))])
print(note("Monte Carlo estimates for the rough guess $q = \\mathcal{N}(0.5, 0.5)$, from reparameterised samples $z = 0.5 + \\sqrt{0.5}\\,\\epsilon$:"))
print(
    facts(
        {
            "ELBO estimate from 10,000 samples": elbo_estimate(x, 0.5, 0.5, s2, eps),
            "from a single sample, as a VAE step often uses": single[0],
            "$\\log p(x)$, for comparison": evidence,
            "one-sample estimates above $\\log p(x)$": f"{np.mean(single > evidence):.1%} of 10,000",
            "standard deviation of one sample": float(np.std(single)),
        },
        precision=4,
    )
)
