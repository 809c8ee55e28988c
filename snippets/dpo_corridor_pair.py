"""The DPO loss for one preferred/rejected pair of corridor trajectories, for a few policies and two values of β."""

import numpy as np

from notation import dpo_implicit_reward, dpo_loss, sigmoid, softmax_policy, trajectory_log_prob
from notation.render import facts, table

chosen = ([0, 1, 2], [1, 1, 1])  # y_w: straight to the goal
rejected = ([0, 1, 0, 1, 2], [1, 0, 1, 1, 1])  # y_l: the detour of the Return entry's episode
pi_ref = softmax_policy(np.tile([0.0, np.log(0.7 / 0.3)], (3, 1)))  # the frozen reference: right with probability 0.7
ref_w, ref_l = trajectory_log_prob(pi_ref, *chosen), trajectory_log_prob(pi_ref, *rejected)
print(
    facts(
        {
            "$\\log \\pi_{\\text{ref}}(y_w)$, straight run": ref_w,
            "$\\log \\pi_{\\text{ref}}(y_l)$, detour": ref_l,
        },
        precision=4,
    )
)

rows, labels = [], []
for p_right in (0.7, 0.8, 0.9, 0.6):
    pi = np.tile([1 - p_right, p_right], (3, 1))
    logp_w, logp_l = trajectory_log_prob(pi, *chosen), trajectory_log_prob(pi, *rejected)
    for beta in (0.1, 0.5):
        r_w, r_l = dpo_implicit_reward(logp_w, ref_w, beta), dpo_implicit_reward(logp_l, ref_l, beta)
        loss = dpo_loss(logp_w, logp_l, ref_w, ref_l, beta)
        rows.append([float(r_w), float(r_l), float(r_w - r_l), float(sigmoid(r_w - r_l)), float(loss)])
        labels.append(f"$\\pi_\\theta(\\text{{right}}) = {p_right}$, $\\beta = {beta}$")
print(
    table(
        np.array(rows),
        row_labels=labels,
        col_labels=["$r_w = \\beta \\log \\frac{\\pi_\\theta(y_w)}{\\pi_{\\text{ref}}(y_w)}$", "$r_l$", "margin $r_w - r_l$", "$\\sigma(r_w - r_l)$", "DPO loss $-\\log \\sigma(r_w - r_l)$"],
        precision=4,
        caption="At the start ($\\pi_\\theta = \\pi_{\\text{ref}}$) the loss is $\\log 2 \\approx 0.6931$; walking right more often lowers it, and a larger $\\beta$ makes the same change count more",
    )
)
