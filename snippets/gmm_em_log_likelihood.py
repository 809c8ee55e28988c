"""EM for a mixture of two Gaussians on ten points in the plane: the log-likelihood after every step
(never lower than before), the responsibilities γ_ik at the end, and the fitted π_k, μ_k, Σ_k."""

import numpy as np

from notation import gmm_em_step, gmm_log_likelihood, gmm_responsibilities
from notation.render import facts, table

X = np.array([[0.0, 0.2], [0.5, -0.3], [1.0, 0.4], [0.3, 1.0], [-0.4, 0.5], [4.0, 3.5], [4.6, 4.2], [5.1, 3.6], [4.4, 2.9], [2.2, 2.0]])


def run_em(means):
    """EM from equal weights, identity covariances and the given means, until the gain is below 1e-8."""
    params = (np.array([0.5, 0.5]), np.array(means), np.array([np.eye(2), np.eye(2)]))
    history = [gmm_log_likelihood(X, *params)]
    while len(history) < 2 or history[-1] - history[-2] > 1e-8:
        params = gmm_em_step(X, *params)
        history.append(gmm_log_likelihood(X, *params))
    return params, history


params, history = run_em([[2.0, 2.0], [3.0, 3.0]])
other, other_history = run_em([[1.0, 2.0], [2.0, 1.0]])
change = np.array(["—"] + [f"+{d:.4f}" if d >= 0 else f"−{-d:.4f}" for d in np.diff(history)], dtype=object)
print(
    table(
        np.column_stack([np.array(history, dtype=object), change]),
        row_labels=["start"] + [f"after step {s}" for s in range(1, len(history))],
        col_labels=["$\\sum_i \\log \\sum_k \\pi_k \\mathcal{N}(\\mathbf{x}_i; \\boldsymbol{\\mu}_k, \\Sigma_k)$", "change"],
        precision=4,
        caption="Log-likelihood of the ten points, one E step and one M step per row",
    )
)
gamma = gmm_responsibilities(X, *params)
print(
    table(
        np.column_stack([X, gamma]),
        row_labels=[f"$i = {i}$" for i in range(1, 11)],
        col_labels=["$x_{i1}$", "$x_{i2}$", "$\\gamma_{i1}$", "$\\gamma_{i2}$"],
        precision=3,
        caption="Responsibilities after the last step: each row sums to 1",
    )
)
weights, means, covs = params
print(
    facts(
        {
            "mixing weights $\\pi_1, \\pi_2$ (not the number $\\pi$)": weights,
            "$\\boldsymbol{\\mu}_1$": means[0],
            "$\\boldsymbol{\\mu}_2$": means[1],
            "$\\Sigma_1$ (a covariance matrix, not a sum)": covs[0],
            "any step where the log-likelihood went down": bool(np.any(np.diff(history) < -1e-12)),
            f"from another start, EM stops after {len(other_history) - 1} steps at a lower maximum": other_history[-1],
            "its mixing weights": other.weights,
            "$\\sum_k \\gamma_{ik}$ for every $i$": gamma.sum(axis=1),
        },
        precision=3,
    )
)
