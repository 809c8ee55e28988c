"""The ROC curve of ten scores from a threshold sweep, its area by trapezoids, and the same number as
the share of (positive, negative) pairs the scores put in the right order; and a float64 sigmoid that
rounds large logits to the same 1.0, turning order into ties and lowering the AUC."""

import numpy as np

from notation import auc_pairs, auc_trapezoid, roc_curve, sigmoid
from notation.render import facts, line_plot, table

scores = np.array([0.95, 0.85, 0.80, 0.70, 0.55, 0.50, 0.40, 0.30, 0.20, 0.10])
y = np.array([1, 1, 0, 1, 1, 0, 0, 1, 0, 0])  # 5 positives, 5 negatives
fpr, tpr, thresholds = roc_curve(scores, y)
print(
    table(
        np.column_stack([fpr, tpr]),
        row_labels=["$\\infty$"] + [f"{t:.2f}" for t in thresholds[1:]],
        col_labels=["FPR $= \\mathrm{FP}/(\\mathrm{FP} + \\mathrm{TN})$", "TPR $= \\mathrm{TP}/(\\mathrm{TP} + \\mathrm{FN})$"],
        corner="threshold $t$",
        precision=1,
        caption="Predict positive when the score is at least the threshold",
    )
)
print(line_plot(fpr, {"ROC curve": tpr, "chance (AUC 0.5)": fpr}, title="ROC curve of the ten scores", alt=f"The curve climbs above the diagonal; the area under it is {auc_trapezoid(fpr, tpr):.2f}", xlabel="false positive rate", ylabel="true positive rate"))
pos, neg = scores[y == 1], scores[y == 0]
logits, y_logits = np.array([40.0, 38.0, 45.0, 1.0]), np.array([1, 0, 1, 0])
print(
    facts(
        {
            "AUC by trapezoids under the curve": auc_trapezoid(fpr, tpr),
            "pairs (positive, negative) in the right order": f"{int(np.sum(pos[:, None] > neg[None, :]))} of {pos.size * neg.size}",
            "AUC as $P(s^{+} > s^{-})$": auc_pairs(scores, y),
            "AUC of the scores reversed": auc_pairs(-scores, y),
            "AUC of the logits $(40, 38, 45, 1)$, labels $(1, 0, 1, 0)$": auc_pairs(logits, y_logits),
            "their sigmoids in float64": sigmoid(logits),
            f"AUC of the sigmoids, {int(np.sum(sigmoid(logits) == 1.0))} of them exactly 1.0": auc_pairs(sigmoid(logits), y_logits),
        },
        precision=2,
    )
)
