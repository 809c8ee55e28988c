"""delta_ij is the identity matrix, and it folds the softmax Jacobian p_i(delta_ij - p_j) into one formula."""

import numpy as np

from notation import jacobian, kronecker_delta, softmax, softmax_jacobian
from notation.render import facts, table

n = 4
idx = np.arange(1, n + 1)
delta = kronecker_delta(idx[:, None], idx[None, :])
print(
    table(
        delta,
        row_labels=[f"$i = {i}$" for i in idx],
        col_labels=[f"$j = {j}$" for j in idx],
        precision=0,
        caption="$\\delta_{ij}$ for $i, j \\in \\{1, 2, 3, 4\\}$",
    )
)

z = np.array([2.0, 1.0, 0.1])
p = softmax(z)
J = softmax_jacobian(z)
J_numeric = jacobian(softmax, z)  # central differences, no formula involved
labels = [f"$z_{k}$" for k in (1, 2, 3)]
print(
    table(
        J,
        row_labels=[f"$p_{k}$" for k in (1, 2, 3)],
        col_labels=labels,
        corner="$\\partial p_i / \\partial z_j$",
        precision=4,
        caption="Softmax Jacobian $p_i(\\delta_{ij} - p_j)$ at $\\mathbf{z} = [2, 1, 0.1]$",
    )
)
print(
    facts(
        {
            "$\\delta_{ij}$ table equals np.eye(4)": bool(np.array_equal(delta, np.eye(n))),
            "$\\mathbf{p} = \\operatorname{Softmax}(\\mathbf{z})$": p,
            "diagonal of $J$": np.diag(J),
            "$p_i (1 - p_i)$": p * (1 - p),
            "row sums of $J$": J.sum(axis=1),
            "largest gap to the numerical Jacobian": f"{np.max(np.abs(J - J_numeric)):.1e}",
        },
        precision=4,
    )
)
