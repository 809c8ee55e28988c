"""Scoring a classifier and choosing a split: confusion counts, precision, recall and F1 with
their macro and micro averages, the ROC curve and its area, Gini impurity, entropy and the
information gain of a split.

Binary labels are 0/1 with 1 the positive class; scores are any real numbers, larger meaning
"more positive". Impurities take class counts or labels and are in nats unless ``base=2``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = [
    "Confusion",
    "confusion_counts",
    "precision_recall_f1",
    "f1_average",
    "roc_curve",
    "auc_trapezoid",
    "auc_pairs",
    "class_proportions",
    "gini_impurity",
    "entropy_impurity",
    "information_gain",
    "best_threshold_split",
]


class Confusion(NamedTuple):
    tp: int
    fp: int
    fn: int
    tn: int


def _labels(y_true: ArrayLike, y_pred: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    t, p = np.asarray(y_true), np.asarray(y_pred)
    if t.ndim != 1 or t.shape != p.shape or t.size == 0:
        raise ValueError(f"y_true and y_pred must be non-empty vectors of one length, got {t.shape} and {p.shape}")
    return t, p


def confusion_counts(y_true: ArrayLike, y_pred: ArrayLike, positive: object = 1) -> Confusion:
    """``TP, FP, FN, TN``: predicted positive and right, predicted positive and wrong, missed, rightly negative.

    >>> confusion_counts([1, 1, 0, 0, 0], [1, 0, 1, 0, 0])
    Confusion(tp=1, fp=1, fn=1, tn=2)
    """
    t, p = _labels(y_true, y_pred)
    pos_t, pos_p = t == positive, p == positive
    return Confusion(int(np.sum(pos_t & pos_p)), int(np.sum(~pos_t & pos_p)), int(np.sum(pos_t & ~pos_p)), int(np.sum(~pos_t & ~pos_p)))


def _ratio(a: int, b: int) -> float:
    return a / b if b else 0.0


def precision_recall_f1(y_true: ArrayLike, y_pred: ArrayLike, positive: object = 1) -> tuple[float, float, float]:
    """``P = TP/(TP + FP)``, ``R = TP/(TP + FN)``, ``F1 = 2PR/(P + R)`` for one class.

    A ratio with nothing to count (no positive predictions, say) is 0, as scikit-learn's
    ``zero_division`` default reports it (with a warning).

    >>> precision_recall_f1([1, 1, 0, 0], [1, 0, 1, 0])
    (0.5, 0.5, 0.5)
    """
    c = confusion_counts(y_true, y_pred, positive)
    precision, recall = _ratio(c.tp, c.tp + c.fp), _ratio(c.tp, c.tp + c.fn)
    return precision, recall, _ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn)


def f1_average(y_true: ArrayLike, y_pred: ArrayLike, average: str = "macro") -> float:
    """F1 over several classes: ``macro`` averages each class's F1 (every class counts the same),
    ``micro`` pools the counts first (every example counts the same; for single-label data it
    equals the accuracy).

    >>> f1_average([0, 0, 0, 1], [0, 0, 0, 0], "micro"), round(f1_average([0, 0, 0, 1], [0, 0, 0, 0], "macro"), 4)
    (0.75, 0.4286)
    """
    t, p = _labels(y_true, y_pred)
    classes = np.union1d(t, p)
    counts = [confusion_counts(t, p, c) for c in classes]
    if average == "macro":
        return float(np.mean([_ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn) for c in counts]))
    if average == "micro":
        tp, fp, fn = (sum(getattr(c, f) for c in counts) for f in ("tp", "fp", "fn"))
        return _ratio(2 * tp, 2 * tp + fp + fn)
    raise ValueError(f"average must be 'macro' or 'micro', got {average!r}")


def _scored(scores: ArrayLike, y_true: ArrayLike) -> tuple[FloatArray, np.ndarray]:
    s = as_float_array(scores, "scores").astype(np.float64)
    y = np.asarray(y_true)
    if s.ndim != 1 or y.shape != s.shape:
        raise ValueError(f"scores and y_true must be vectors of one length, got {s.shape} and {y.shape}")
    if not np.all((y == 0) | (y == 1)) or y.min() == y.max():
        raise ValueError("y_true must hold 0/1 labels with both classes present")
    return s, y.astype(int)


def roc_curve(scores: ArrayLike, y_true: ArrayLike) -> tuple[FloatArray, FloatArray, FloatArray]:
    """``(FPR, TPR, thresholds)``: predict positive when ``score ≥ threshold``, for every distinct score
    from the highest down, starting at ``(0, 0)`` with the threshold ``+∞``.

    >>> fpr, tpr, thr = roc_curve([0.9, 0.8, 0.3, 0.1], [1, 0, 1, 0])
    >>> fpr.tolist(), tpr.tolist()
    ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
    """
    s, y = _scored(scores, y_true)
    thresholds = np.concatenate([[np.inf], np.unique(s)[::-1]])
    P, N = y.sum(), (1 - y).sum()
    tpr = np.array([np.sum((s >= t) & (y == 1)) / P for t in thresholds])
    fpr = np.array([np.sum((s >= t) & (y == 0)) / N for t in thresholds])
    return fpr, tpr, thresholds


def auc_trapezoid(fpr: ArrayLike, tpr: ArrayLike) -> float:
    """The area under a curve through the points ``(fpr, tpr)``, by trapezoids.

    >>> auc_trapezoid([0.0, 0.0, 1.0], [0.0, 1.0, 1.0])
    1.0
    """
    x, y = as_float_array(fpr, "fpr").astype(np.float64), as_float_array(tpr, "tpr").astype(np.float64)
    if x.ndim != 1 or x.shape != y.shape or x.size < 2:
        raise ValueError(f"fpr and tpr must be vectors of one length ≥ 2, got {x.shape} and {y.shape}")
    return float(np.sum((y[1:] + y[:-1]) / 2 * np.diff(x)))


def auc_pairs(scores: ArrayLike, y_true: ArrayLike) -> float:
    """``P(s⁺ > s⁻) + ½ P(s⁺ = s⁻)`` over every (positive, negative) pair: the AUC counted directly.

    >>> auc_pairs([0.9, 0.8, 0.3, 0.1], [1, 0, 1, 0])  # 3 of the 4 pairs are in order
    0.75
    """
    s, y = _scored(scores, y_true)
    pos, neg = s[y == 1][:, None], s[y == 0][None, :]
    return float(np.mean((pos > neg) + 0.5 * (pos == neg)))


def class_proportions(labels_or_counts: ArrayLike, counts: bool = False) -> FloatArray:
    """``p_k``, the share of each class: from labels (classes in sorted order) or, with ``counts=True``, from counts.

    >>> class_proportions(["a", "b", "b", "b"]).tolist(), class_proportions([1, 3], counts=True).tolist()
    ([0.25, 0.75], [0.25, 0.75])
    """
    if counts:
        c = as_float_array(labels_or_counts, "counts").astype(np.float64)
        if c.ndim != 1 or np.any(c < 0) or c.sum() == 0:
            raise ValueError("counts must be a vector of non-negative numbers, not all zero")
    else:
        labels = np.asarray(labels_or_counts)
        if labels.ndim != 1 or labels.size == 0:
            raise ValueError(f"labels must be a non-empty vector, got shape {labels.shape}")
        c = np.unique(labels, return_counts=True)[1].astype(np.float64)
    return c / c.sum()


def gini_impurity(p: ArrayLike) -> float:
    """``1 − Σ_k p_k²``: the chance that two labels drawn at random from the node differ.

    >>> gini_impurity([0.5, 0.5]), gini_impurity([1.0, 0.0])
    (0.5, 0.0)
    """
    arr = class_proportions(p, counts=True)
    return float(1.0 - np.sum(arr**2))


def entropy_impurity(p: ArrayLike, base: float | None = None) -> float:
    """``−Σ_k p_k log p_k`` of the class shares (``0 log 0 = 0``); ``base=2`` for bits.

    >>> entropy_impurity([0.5, 0.5], base=2), entropy_impurity([1.0, 0.0])
    (1.0, 0.0)
    """
    from notation.information import entropy

    return float(entropy(class_proportions(p, counts=True), base=base)) + 0.0  # + 0.0: no −0.0


def information_gain(parent: ArrayLike, children: list[ArrayLike], impurity: str = "entropy", base: float | None = None) -> float:
    """``H(parent) − Σ_j (n_j / n) H(child_j)`` from the class counts of the parent and of each child
    (``impurity='gini'`` uses the Gini impurity in place of the entropy).

    >>> information_gain([2, 2], [[2, 0], [0, 2]], base=2)  # a perfect split of a 50/50 node: one bit
    1.0
    """
    measure = {"entropy": lambda c: entropy_impurity(c, base), "gini": gini_impurity}.get(impurity)
    if measure is None:
        raise ValueError(f"impurity must be 'entropy' or 'gini', got {impurity!r}")
    parent_c = as_float_array(parent, "parent").astype(np.float64)
    child_c = [as_float_array(c, "child").astype(np.float64) for c in children]
    if any(c.shape != parent_c.shape for c in child_c) or not np.allclose(sum(child_c), parent_c):
        raise ValueError("the children's class counts must add up to the parent's")
    n = parent_c.sum()
    return float(measure(parent_c) - sum(c.sum() / n * measure(c) for c in child_c if c.sum() > 0))


def best_threshold_split(x: ArrayLike, y: ArrayLike, impurity: str = "gini") -> tuple[float, float]:
    """The split ``x ≤ t`` of one feature with the largest information gain: ``(t, gain)``, ``t``
    halfway between neighbouring values (as decision trees place it; ties: the smallest ``t``).

    >>> best_threshold_split([1.0, 2.0, 3.0, 4.0], [0, 0, 1, 1])
    (2.5, 0.5)
    """
    x_ = as_float_array(x, "x").astype(np.float64)
    labels = np.asarray(y)
    if x_.ndim != 1 or labels.shape != x_.shape:
        raise ValueError(f"x and y must be vectors of one length, got {x_.shape} and {labels.shape}")
    classes = np.unique(labels)
    counts = lambda mask: np.array([np.sum(labels[mask] == c) for c in classes], dtype=float)  # noqa: E731
    values = np.unique(x_)
    if values.size < 2:
        raise ValueError("x needs at least two distinct values to split")
    best = (np.nan, -np.inf)
    for t in (values[:-1] + values[1:]) / 2:
        gain = information_gain(counts(np.ones_like(x_, bool)), [counts(x_ <= t), counts(x_ > t)], impurity)
        if gain > best[1] + 1e-12:
            best = (float(t), gain)
    return best
