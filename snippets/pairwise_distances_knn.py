"""Six points and a query: Euclidean, Manhattan and cosine distances, the pairwise matrix from
‖x‖² − 2xyᵀ + ‖y‖² (one matrix product), and the 3 nearest neighbours' vote; then that expansion's
rounding on 200 rows near 1000, where the diagonal of D should be 0."""

import numpy as np

from notation import knn_predict, pairwise_distances, pairwise_sq_distances
from notation.render import facts, note, sci, table

X = np.array([[1.0, 1.0], [2.0, 1.0], [1.0, 3.0], [4.0, 4.0], [5.0, 3.0], [6.0, 5.0]])
labels = np.array(["red", "red", "red", "blue", "blue", "blue"])
q = np.array([[3.0, 3.0]])
names = [f"$\\mathbf{{x}}_{i}$" for i in range(1, 7)]
D = pairwise_distances(X)
print(table(D, row_labels=names, col_labels=names, precision=2, corner="$D_{ij}$", caption="Euclidean distances $\\lVert \\mathbf{x}_i - \\mathbf{x}_j \\rVert_2$ between the six points"))
rows = np.column_stack([pairwise_distances(q, X, m)[0] for m in ("euclidean", "manhattan", "cosine")])
print(
    table(
        rows,
        row_labels=[f"{n} = ({a:g}, {b:g}), {c}" for n, (a, b), c in zip(names, X, labels)],
        col_labels=["Euclidean $\\lVert \\cdot \\rVert_2$", "Manhattan $\\lVert \\cdot \\rVert_1$", "cosine $1 - \\cos$"],
        precision=3,
        caption="From the query $\\mathbf{q} = (3, 3)$ to each point",
    )
)
loops = np.array([[sum((a - b) ** 2 for a, b in zip(u, v)) for v in X] for u in X])
order = np.argsort(rows[:, 0], kind="stable")
print(
    facts(
        {
            "largest gap between $\\lVert \\mathbf{x} \\rVert^2 - 2\\mathbf{x}\\mathbf{y}^\\top + \\lVert \\mathbf{y} \\rVert^2$ and a loop over coordinates": float(np.abs(pairwise_sq_distances(X) - loops).max()),
            "the three nearest to $\\mathbf{q}$ (Euclidean)": ", ".join(f"$\\mathbf{{x}}_{i + 1}$ ({labels[i]})" for i in order[:3]),
            "3-nearest-neighbour vote for $\\mathbf{q}$": str(knn_predict(X, labels, q, k=3)[0]),
            "at cosine distance 0 from $\\mathbf{q}$ (the same direction, any length)": ", ".join(f"$\\mathbf{{x}}_{i + 1}$" for i in np.flatnonzero(np.isclose(rows[:, 2], 0, atol=1e-12))),
        },
        precision=3,
    )
)
far = 1000 + np.random.default_rng(0).normal(size=(200, 5))  # 200 rows of 5 features near 1000, float64
expanded = np.diag((far**2).sum(1)[:, None] - 2 * far @ far.T + (far**2).sum(1)[None, :])  # the code line, not clipped
print(note("Rounding in the expansion: 200 rows of 5 features near 1000 in float64, where the diagonal of $D$ is 0 in exact arithmetic."))
print(
    facts(
        {
            "smallest $D^2_{ii}$ from the expansion": sci(expanded.min(), 2),
            "largest $D^2_{ii}$ from the expansion": sci(expanded.max(), 2),
            "largest $D_{ii}$ after the clip and the square root": sci(np.diag(pairwise_distances(far)).max(), 2),
        },
        precision=3,
    )
)
