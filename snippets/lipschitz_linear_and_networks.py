"""Lipschitz constants: a linear map's is its spectral norm, found by the power method as spectral normalisation does, and a small ReLU network's product bound against what sampled pairs show."""

import numpy as np

from notation import frobenius_norm, lipschitz_lower_bound, power_iteration, relu, spectral_norm
from notation.render import facts, table

rng = np.random.default_rng(0)
W = np.array([[2.0, 0.5], [0.0, 1.0], [1.0, -1.0]])  # x ↦ xW, from ℝ³ to ℝ²
top = np.linalg.svd(W.T)[2][0]  # the input direction that W stretches most
print(
    facts(
        {
            "spectral norm $\\lVert W \\rVert_2 = \\sigma_1(W)$": spectral_norm(W),
            "largest ratio $\\lVert \\mathbf{x}W - \\mathbf{y}W \\rVert / \\lVert \\mathbf{x} - \\mathbf{y} \\rVert$ over 500 random points": lipschitz_lower_bound(lambda x: x @ W, rng.normal(size=(500, 3))),
            "the ratio along the top singular direction": lipschitz_lower_bound(lambda x: x @ W, np.stack([np.zeros(3), top])),
            "Frobenius norm $\\lVert W \\rVert_F$, a looser upper bound": frobenius_norm(W),
        },
        precision=4,
    )
)

estimates = power_iteration(W, 10, np.random.default_rng(1))
print(
    table(
        estimates[[0, 1, 2, 4, 9]][None, :],
        row_labels=["$\\sigma$ estimate"],
        col_labels=[f"after {k} step{'s' if k > 1 else ''}" for k in (1, 2, 3, 5, 10)],
        precision=5,
        caption=f"The power method, as spectral normalisation runs it (one step per training update): it approaches $\\sigma_1 = {spectral_norm(W):.5f}$ from below",
    )
)

W1, W2 = rng.normal(size=(3, 8)), rng.normal(size=(8, 1))
nets = {"as initialised": (W1, W2), "spectrally normalised, $W / \\sigma_1(W)$": (W1 / spectral_norm(W1), W2 / spectral_norm(W2))}
rows = []
for A, B in nets.values():
    f = lambda x, A=A, B=B: relu(x @ A) @ B  # noqa: E731
    rows.append([spectral_norm(A) * spectral_norm(B), lipschitz_lower_bound(f, rng.normal(size=(400, 3)))])
print(
    table(
        np.array(rows),
        row_labels=list(nets),
        col_labels=["bound $\\sigma_1(W_1)\\,\\sigma_1(W_2)$", "largest ratio over 400 random points"],
        precision=3,
        caption="$f(\\mathbf{x}) = \\operatorname{ReLU}(\\mathbf{x}W_1)\\,W_2$: ReLU is 1-Lipschitz, so the product of the layers' spectral norms bounds $f$'s constant; the true constant lies between the two columns",
    )
)
