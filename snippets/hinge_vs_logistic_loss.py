"""The hinge and logistic losses on the same scores, y = +1; then a linear SVM on eight points with a
large and a small C: the margin 2/‖w‖ widens and more points become support vectors."""

import numpy as np

from notation import hinge_loss, logistic_margin_loss, svm_fit
from notation.render import facts, table

scores = np.array([-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 3.0])
ones = np.ones_like(scores)
print(
    table(
        np.vstack([scores, hinge_loss(scores, ones), logistic_margin_loss(scores, ones)]),
        row_labels=["score $f(x)$, with $y = +1$", "hinge $\\max(0, 1 - y f(x))$", "logistic $\\log(1 + e^{-y f(x)})$"],
        precision=3,
        caption="The two losses of one positive example as its score grows",
    )
)
X = np.array([[1.0, 1.0], [2.0, 1.0], [1.0, 2.0], [2.5, 2.0], [3.0, 3.5], [4.0, 3.0], [3.5, 4.5], [2.0, 3.0]])
y = np.array([-1, -1, -1, -1, 1, 1, 1, 1])
rows = []
for C in (100.0, 0.1):
    fit = svm_fit(X @ X.T, y, C=C)
    w = (fit.alpha * y) @ X  # w = Σ α_i y_i x_i
    f = X @ w + fit.b
    rows.append([w[0], w[1], fit.b, 2 / np.linalg.norm(w), int(np.sum(fit.alpha > 1e-8)), int(np.sum(y * f < 1 - 1e-9)), float(hinge_loss(f, y).sum())])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=["$C = 100$", "$C = 0.1$"],
        col_labels=["$w_1$", "$w_2$", "$b$", "margin $2/\\lVert \\mathbf{w} \\rVert$", "support vectors", "inside the margin, $y f(x) < 1$", "$\\sum_i$ hinge"],
        precision=3,
        caption="A linear SVM on eight points, four of each class: $C = 100$ is nearly a hard margin, $C = 0.1$ a soft one",
    )
)
print(
    facts(
        {
            "scores where the hinge is exactly 0": ", ".join(f"{s:g}" for s in scores[hinge_loss(scores, ones) == 0]),
            "logistic loss at score 3 (never exactly 0)": float(logistic_margin_loss([3.0], [1])[0]),
            "both at score 0, on the boundary": f"{hinge_loss([0.0], [1])[0]:.3f} and {logistic_margin_loss([0.0], [1])[0]:.3f} (log 2)",
        },
        precision=4,
    )
)
