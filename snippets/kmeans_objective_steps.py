"""k-means on ten points from a poor start: the objective Σ‖x − μ_c(i)‖² after every assignment and
every update step, never increasing, until the labels stop changing."""

import numpy as np

from notation import kmeans
from notation.render import facts, table

X = np.array([[1.0, 1.0], [1.5, 2.0], [2.0, 1.0], [1.0, 1.5], [5.0, 5.0], [6.0, 5.5], [5.5, 6.0], [9.0, 1.0], [9.5, 2.0], [8.5, 1.5]])
init = X[[0, 1, 2]]  # three centres, all in the bottom-left group
run = kmeans(X, init)
steps = ["start: assign"] + [("update centres" if i % 2 else "assign") for i in range(1, len(run.objectives))]
print(
    table(
        np.column_stack([np.array(run.objectives, dtype=object), np.array(["—"] + [f"−{-d:.3f}" if d < 0 else f"+{d:.3f}" for d in np.diff(run.objectives)], dtype=object)]),
        row_labels=[f"{i}. {s}" for i, s in enumerate(steps)],
        col_labels=["objective $\\sum_i \\lVert \\mathbf{x}^{(i)} - \\boldsymbol{\\mu}_{c(i)} \\rVert^2$", "change"],
        precision=3,
        caption="Ten points, $K = 3$, starting from three points of one group",
    )
)
print(
    table(
        run.centres,
        row_labels=[f"$\\boldsymbol{{\\mu}}_{k}$" for k in range(1, 4)],
        col_labels=["first coordinate", "second"],
        precision=3,
        caption="Final centres",
    )
)
print(
    facts(
        {
            "labels $c(i)$ of the ten points, counted from 0 as in code": ", ".join(str(int(c)) for c in run.labels),
            "any step where the objective went up": bool(np.any(np.diff(run.objectives) > 1e-12)),
            "final objective (scikit-learn's inertia_ for these centres)": run.objectives[-1],
        },
        precision=3,
    )
)
