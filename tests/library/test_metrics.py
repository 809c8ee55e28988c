"""notation.metrics against independent references: counts by explicit loops, exact fractions,
the ROC curve's area against the pair count, impurities from their definitions and a brute-force
search over thresholds. scikit-learn is compared in tests/reference/test_sklearn_classical.py."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from notation import (
    auc_pairs,
    auc_trapezoid,
    best_threshold_split,
    class_proportions,
    confusion_counts,
    entropy_impurity,
    f1_average,
    gini_impurity,
    information_gain,
    precision_recall_f1,
    roc_curve,
)

rng = np.random.default_rng(29)


def test_confusion_counts_by_a_loop_and_the_ratios_as_fractions():
    y = rng.integers(0, 2, 50)
    p = rng.integers(0, 2, 50)
    tp = fp = fn = tn = 0
    for a, b in zip(y, p):
        tp += a == 1 and b == 1
        fp += a == 0 and b == 1
        fn += a == 1 and b == 0
        tn += a == 0 and b == 0
    c = confusion_counts(y, p)
    assert (c.tp, c.fp, c.fn, c.tn) == (tp, fp, fn, tn) and sum(c) == 50
    P, R, F = precision_recall_f1(y, p)
    assert P == float(Fraction(tp, tp + fp)) and R == float(Fraction(tp, tp + fn))
    assert F == pytest.approx(2 * P * R / (P + R))


def test_nothing_to_count_gives_zero_and_the_trivial_classifier_has_no_recall():
    y = np.array([1] * 5 + [0] * 95)
    assert precision_recall_f1(y, np.zeros(100)) == (0.0, 0.0, 0.0)
    assert confusion_counts(y, np.zeros(100)).tn == 95


def test_macro_and_micro_f1_by_hand():
    y = [0, 0, 0, 0, 1, 1, 2]
    p = [0, 0, 1, 0, 1, 0, 0]
    per_class = []
    for k in range(3):
        tp = sum(a == k and b == k for a, b in zip(y, p))
        fp = sum(a != k and b == k for a, b in zip(y, p))
        fn = sum(a == k and b != k for a, b in zip(y, p))
        per_class.append(2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0)
    assert f1_average(y, p, "macro") == pytest.approx(sum(per_class) / 3)
    assert f1_average(y, p, "micro") == pytest.approx(np.mean(np.array(y) == np.array(p)))  # = accuracy
    with pytest.raises(ValueError, match="average"):
        f1_average(y, p, "weighted")


def test_roc_curve_points_by_a_threshold_loop_and_its_area_equals_the_pair_count():
    s = np.round(rng.normal(size=40), 1)  # rounding makes ties
    y = (s + rng.normal(size=40) > 0).astype(int)
    fpr, tpr, thr = roc_curve(s, y)
    assert thr[0] == np.inf and fpr[0] == tpr[0] == 0 and fpr[-1] == tpr[-1] == 1
    for f, t, h in zip(fpr[1:], tpr[1:], thr[1:]):
        assert t == sum(1 for a, b in zip(s, y) if a >= h and b == 1) / y.sum()
        assert f == sum(1 for a, b in zip(s, y) if a >= h and b == 0) / (1 - y).sum()
    pairs = [(a, b) for a, ya in zip(s, y) if ya == 1 for b, yb in zip(s, y) if yb == 0]
    count = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in pairs) / len(pairs)
    assert auc_pairs(s, y) == pytest.approx(count)
    assert auc_trapezoid(fpr, tpr) == pytest.approx(count)  # ties give slanted steps, still exact
    assert auc_pairs(-s, y) == pytest.approx(1 - count)
    assert auc_pairs(np.exp(s), y) == pytest.approx(count)  # only the order matters
    with pytest.raises(ValueError, match="both classes"):
        auc_pairs([0.1, 0.2], [1, 1])


def test_gini_and_entropy_from_their_definitions():
    for counts in ([5, 5], [9, 1], [3, 3, 3], [7, 0, 2], [4]):
        n = sum(counts)
        p = [c / n for c in counts]
        assert gini_impurity(counts) == pytest.approx(1 - sum(q * q for q in p))
        assert gini_impurity(counts) == pytest.approx(sum(q * (1 - q) for q in p))  # scikit-learn's form
        assert entropy_impurity(counts, base=2) == pytest.approx(-sum(q * math.log2(q) for q in p if q > 0))
    assert gini_impurity([1, 1, 1, 1]) == pytest.approx(1 - 1 / 4)  # the largest for K = 4
    assert class_proportions(["b", "a", "b"]).tolist() == [1 / 3, 2 / 3]


def test_information_gain_and_the_best_split_by_brute_force():
    x = np.round(rng.uniform(0, 10, 25), 1)
    y = (x + rng.normal(scale=2, size=25) > 5).astype(int)
    def counts(mask):
        return [int(np.sum(y[mask] == 0)), int(np.sum(y[mask] == 1))]

    def gain(mask, imp):
        parent, left, right = counts(np.ones(25, bool)), counts(mask), counts(~mask)
        n = 25
        return imp(parent) - sum(sum(c) / n * imp(c) for c in (left, right) if sum(c))

    for name, imp in (("gini", gini_impurity), ("entropy", entropy_impurity)):
        values = np.unique(x)
        gains = {(a + b) / 2: gain(x <= (a + b) / 2, imp) for a, b in zip(values, values[1:])}
        t, g = best_threshold_split(x, y, name)
        assert g == pytest.approx(max(gains.values()))
        assert t == min(k for k, v in gains.items() if v > max(gains.values()) - 1e-12)
        assert information_gain(counts(np.ones(25, bool)), [counts(x <= t), counts(x > t)], name) == pytest.approx(g)
    with pytest.raises(ValueError, match="add up"):
        information_gain([3, 3], [[1, 1], [1, 1]])
