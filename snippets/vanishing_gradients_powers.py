"""How λ^(T−t) vanishes or explodes over 10, 50 and 100 steps, as a table, a plot and a product of matrices."""

import numpy as np

from notation import chain_rule, gradient_through_time
from notation.render import facts, line_plot, sci, table


lams, gaps = [0.9, 1.0, 1.1], [10, 50, 100]
curves = {lam: gradient_through_time(lam, max(gaps)) for lam in lams}
print(
    table(
        [[sci(curves[lam][k]) for k in gaps] for lam in lams],
        row_labels=[f"$\\lambda = {lam}$" for lam in lams],
        col_labels=[f"$T - t = {k}$" for k in gaps],
        caption="Factor $\\lambda^{T-t}$ on the gradient that reaches step $t$ from step $T$",
    )
)
k = np.arange(max(gaps) + 1)
print(
    line_plot(
        k,
        {f"λ = {lam}": curves[lam] for lam in lams},
        title="Gradient scale after T − t steps back (log scale)",
        alt=f"On a log scale the three curves are straight lines: λ = 0.9 falls to {curves[0.9][-1]:.6f} "
        f"after 100 steps, λ = 1.1 climbs to {curves[1.1][-1]:,.0f}, and only λ = 1 stays at 1.",
        xlabel="steps back, T − t",
        ylabel="λ^(T − t)",
        logy=True,
    )
)

# The same with matrices, on row vectors: a linear recurrence h_t = h_{t-1} W has the Jacobian
# ∂h_t/∂h_{t-1} = Wᵀ at every step, so ∂h_50/∂h_0 = (Wᵀ)⁵⁰. W = 0.9 × (an orthogonal matrix, which preserves lengths).
rng = np.random.default_rng(0)
Q, _ = np.linalg.qr(rng.normal(size=(4, 4)))
W = 0.9 * Q
J = chain_rule([W.T] * 50)
print(
    facts(
        {
            "$W = 0.9\\,Q$ ($Q$ a random 4 × 4 orthogonal matrix): largest stretch of $W$": float(np.linalg.norm(W, 2)),
            "largest stretch of $\\partial \\mathbf{h}_{50} / \\partial \\mathbf{h}_0 = (W^\\top)^{50}$": sci(float(np.linalg.norm(J, 2))),
            "$0.9^{50}$": sci(curves[0.9][50]),
        },
        precision=4,
    )
)

# A non-normal W: it stretches some vector by about 10 in one step, yet both eigenvalues are 0.5,
# and its powers vanish. The largest singular value only bounds the product from above; ρ gives the rate,
# ‖Wᵏ‖^(1/k) → ρ, but not the size: ‖Wᵏ‖ / ρᵏ grows, only more slowly than any exponential.
W = np.array([[0.5, 10.0], [0.0, 0.5]])
sigma_max = float(np.linalg.norm(W, 2))
rho = float(np.abs(np.linalg.eigvals(W)).max())
steps = [1, 2, 5, 10, 20, 50]
print(
    facts(
        {
            "$W = \\begin{bmatrix} 0.5 & 10 \\\\ 0 & 0.5 \\end{bmatrix}$: largest singular value $\\sigma_{\\max}$": sigma_max,
            "spectral radius $\\rho(W)$, the largest $\\lvert \\text{eigenvalue} \\rvert$": rho,
        },
        precision=4,
    )
)
stretch = {k: float(np.linalg.norm(chain_rule([W.T] * k), 2)) for k in steps}
print(
    table(
        [
            [sci(stretch[k]), sci(sigma_max**k), sci(rho**k), sci(stretch[k] / rho**k), f"${stretch[k] ** (1 / k):.4f}$"]
            for k in steps
        ],
        row_labels=[f"$T - t = {k}$" for k in steps],
        col_labels=[
            "$\\lVert (W^\\top)^{T-t} \\rVert_2$, the gradient's factor",
            "$\\sigma_{\\max}^{T-t}$, the upper bound",
            "$\\rho^{T-t}$",
            "factor $/\\, \\rho^{T-t}$",
            "factor$^{1/(T-t)}$, tending to $\\rho$",
        ],
        caption="Largest stretch of $\\partial \\mathbf{h}_T / \\partial \\mathbf{h}_t$ for the non-normal $W$: "
        "$\\sigma_{\\max} > 1$, yet the gradient vanishes, at the rate $\\rho$ but not at the size $\\rho^{T-t}$",
    )
)
