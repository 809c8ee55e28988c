"""Choosing a split on ten examples: Gini impurity and entropy of the parent and of the children, the
information gain of each candidate split, and Gini against entropy over the share p of one class."""

import numpy as np

from notation import best_threshold_split, class_proportions, entropy_impurity, gini_impurity, information_gain
from notation.render import facts, table

# ten days: temperature and wind, and whether they played outside (1) or not (0)
temperature = np.array([12.0, 14.0, 15.0, 18.0, 20.0, 21.0, 23.0, 25.0, 27.0, 30.0])
windy = np.array([1, 1, 0, 1, 0, 0, 1, 0, 0, 0])
played = np.array([0, 0, 0, 1, 1, 1, 0, 1, 1, 1])


def counts(mask):
    return np.array([np.sum(played[mask] == 0), np.sum(played[mask] == 1)], dtype=float)


parent = counts(np.ones(10, bool))
splits = {"windy = 1?": windy == 1, "temperature $\\le 16.5$?": temperature <= 16.5, "temperature $\\le 22$?": temperature <= 22}
rows = []
for mask in splits.values():
    left, right = counts(mask), counts(~mask)
    rows.append([*left.astype(int).tolist(), *right.astype(int).tolist(), information_gain(parent, [left, right], "gini"), information_gain(parent, [left, right], "entropy", base=2)])
print(
    table(
        np.array(rows, dtype=object),
        row_labels=list(splits),
        col_labels=["yes: 0s", "yes: 1s", "no: 0s", "no: 1s", "gain (Gini)", "gain (entropy, bits)"],
        precision=3,
        caption=f"Parent node: {int(parent[0])} days not played, {int(parent[1])} played",
    )
)
t, gain = best_threshold_split(temperature, played, "gini")
ps = np.array([0.0, 0.1, 0.2, 0.3, 0.4, 0.5])
print(
    table(
        np.vstack([ps, [gini_impurity([1 - p, p]) for p in ps], [entropy_impurity([1 - p, p], base=2) for p in ps]]),
        row_labels=["share $p$ of one class", "Gini $1 - \\sum_k p_k^2$", "entropy $-\\sum_k p_k \\log_2 p_k$"],
        precision=3,
        caption="Both are 0 for a pure node and largest at $p = \\frac{1}{2}$",
    )
)
print(
    facts(
        {
            "parent: class shares $p_k$": class_proportions(parent, counts=True),
            "parent: Gini impurity": gini_impurity(parent),
            "parent: entropy in bits": entropy_impurity(parent, base=2),
            "best temperature threshold by Gini, and its gain": f"{t:g}, {gain:.3f}",
        },
        precision=3,
    )
)
