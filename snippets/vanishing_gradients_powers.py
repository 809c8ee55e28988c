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

# The same with matrices: a linear recurrence h_t = W h_{t-1} with W = 0.9 × (an orthogonal matrix, which preserves lengths).
rng = np.random.default_rng(0)
Q, _ = np.linalg.qr(rng.normal(size=(4, 4)))
W = 0.9 * Q
J = chain_rule([W] * 50)  # ∂h_50 / ∂h_0 = W⁵⁰
print(
    facts(
        {
            "$W = 0.9\\,Q$ ($Q$ a random 4 × 4 orthogonal matrix): largest stretch of $W$": float(np.linalg.norm(W, 2)),
            "largest stretch of $\\partial \\mathbf{h}_{50} / \\partial \\mathbf{h}_0 = W^{50}$": sci(float(np.linalg.norm(J, 2))),
            "$0.9^{50}$": sci(curves[0.9][50]),
        },
        precision=4,
    )
)
