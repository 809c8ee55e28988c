"""Bayes' rule on a diagnostic test (a positive result from a good test still means probably healthy), then MAP against maximum likelihood for a coin."""

import numpy as np

from notation import bayes_evidence, bayes_posterior, binomial_likelihood
from notation.render import facts, fmt, table

prevalence, sensitivity, false_positive = 0.01, 0.95, 0.05
prior = np.array([prevalence, 1 - prevalence])        # p(ill), p(healthy)
likelihood = np.array([sensitivity, false_positive])  # p(+ ∣ ill), p(+ ∣ healthy)
posterior = bayes_posterior(prior, likelihood)
again = bayes_posterior(posterior, likelihood)        # a second, independent positive test
people = 10_000
print(
    table(
        [[fmt(a, 3), fmt(b, 3), fmt(c, 0), fmt(d, 3)] for a, b, c, d in zip(prior, likelihood, prior * likelihood * people, posterior)],
        row_labels=["ill", "healthy"],
        col_labels=["prior $p(\\theta)$", "likelihood $p(+ \\mid \\theta)$", f"positives out of {people:,}", "posterior $p(\\theta \\mid +)$"],
        precision=3,
        caption="One positive test: the posterior is each row's prior × likelihood, divided by their total",
    )
)
print(
    facts(
        {
            "evidence $p(+)$, the share of everyone who tests positive": bayes_evidence(prior, likelihood),
            "$p(\\text{ill} \\mid +)$ after one positive test": posterior[0],
            "$p(\\text{ill} \\mid +, +)$ after a second positive test": again[0],
        },
        precision=4,
    )
)
# MAP vs maximum likelihood: 3 heads in 3 flips; prior p(θ) ∝ θ(1 − θ) on a grid of coin biases
theta = np.linspace(0, 1, 101)
coin_prior = theta * (1 - theta)
coin_prior /= coin_prior.sum()
lik = binomial_likelihood(theta, 3, 3)
coin_post = bayes_posterior(coin_prior, lik)
print(
    facts(
        {
            "maximum likelihood $\\arg\\max_\\theta p(\\mathcal{D} \\mid \\theta)$": theta[np.argmax(lik)],
            "MAP $\\arg\\max_\\theta p(\\theta \\mid \\mathcal{D})$, prior $\\propto \\theta(1 - \\theta)$": theta[np.argmax(coin_post)],
            "posterior probability that $\\theta > 0.5$": fmt(coin_post[theta > 0.5].sum(), 3),
        },
        precision=2,
    )
)
