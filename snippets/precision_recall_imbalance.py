"""A rare class, 5 positives in 100: the classifier that always says "no" scores 95% accuracy and 0
recall; a real one scores lower accuracy and far better recall and F1. Then macro vs micro F1 on three classes."""

import numpy as np

from notation import accuracy, confusion_counts, f1_average, precision_recall_f1
from notation.render import facts, table

y = np.zeros(100, dtype=int)
y[:5] = 1  # 5 positives (ill), 95 negatives
always_no = np.zeros(100, dtype=int)
model = np.zeros(100, dtype=int)
model[:4] = 1  # finds 4 of the 5 ...
model[10:17] = 1  # ... and raises 7 false alarms
rows = []
for pred in (always_no, model):
    c = confusion_counts(y, pred)
    rows.append([c.tp, c.fp, c.fn, c.tn, accuracy(pred, y), *precision_recall_f1(y, pred)])
print(
    table(
        np.array(rows, dtype=object),  # counts as whole numbers
        row_labels=["always predicts 0", "a real model"],
        col_labels=["TP", "FP", "FN", "TN", "accuracy", "precision $P$", "recall $R$", "$F_1$"],
        precision=3,
        caption="100 patients, 5 of them ill (the positive class)",
    )
)
y3 = np.array([0] * 8 + [1] * 3 + [2] * 1)  # 12 examples, class 2 is rare
p3 = np.array([0] * 8 + [1, 1, 0] + [0])
per_class = [precision_recall_f1(y3, p3, positive=k)[2] for k in range(3)]
print(
    facts(
        {
            "three classes, 8/3/1 examples: $F_1$ of each class": np.array(per_class),
            "macro $F_1$, the mean over classes": f1_average(y3, p3, "macro"),
            "micro $F_1$, from pooled counts": f1_average(y3, p3, "micro"),
            "accuracy (equal to micro $F_1$ with one label each)": accuracy(p3, y3),
        },
        precision=3,
    )
)
