"""A small training set 𝒟: its mean loss, an epoch of minibatches ℬ ⊂ 𝒟 (equal, unequal, with the last dropped), every possible batch at once, and pairs drawn from 𝒟 at random."""

import itertools

import numpy as np

from notation import minibatch_indices
from notation.render import facts, table

# 𝒟 = {(x⁽ⁱ⁾, y⁽ⁱ⁾)}, i = 1 … m, with m = 6; the model f_θ(x) = θx with θ = 1.5
x = np.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0])
y = np.array([1.2, 1.9, 3.2, 3.9, 5.1, 5.8])
theta = 1.5
losses = (theta * x - y) ** 2  # ℓ(f_θ(x⁽ⁱ⁾), y⁽ⁱ⁾), one per example
m = len(x)
print(
    table(
        np.vstack([x, y, losses]),
        row_labels=["$x^{(i)}$", "$y^{(i)}$", "$\\ell^{(i)} = (\\theta x^{(i)} - y^{(i)})^2$"],
        col_labels=[f"$i = {i + 1}$" for i in range(m)],
        precision=3,
        caption="$\\mathcal{D}$ holds $\\lvert \\mathcal{D} \\rvert = m = 6$ pairs (maths counts them from 1, the arrays from 0)",
    )
)

epoch = minibatch_indices(m, 2, np.random.default_rng(0))
batch_means = [losses[b].mean() for b in epoch]
uneven = minibatch_indices(m, 4, np.random.default_rng(0))
dropped = minibatch_indices(m, 4, np.random.default_rng(0), drop_last=True)  # the same shuffle, the batch of 2 left out
pairs = list(itertools.combinations(range(m), 2))
draws = np.random.default_rng(1).integers(m, size=20_000)  # (x, y) ∼ 𝒟: an example picked uniformly, with replacement
print(
    facts(
        {
            "mean loss over $\\mathcal{D}$, $\\frac{1}{\\lvert \\mathcal{D} \\rvert} \\sum_i \\ell^{(i)}$": losses.mean(),
            "one epoch, batches of 2: the examples (code's 0-based indices)": str([b.tolist() for b in epoch]),
            "their batch means": np.array(batch_means),
            "the mean of the batch means": np.mean(batch_means),
            "batches of 4 and then 2: the mean of the two batch means": np.mean([losses[b].mean() for b in uneven]),
            "batches of 4 with drop_last=True: the one batch mean, 2 examples skipped": np.mean([losses[b].mean() for b in dropped]),
            f"the average over all {len(pairs)} batches $\\mathcal{{B}} \\subset \\mathcal{{D}}$ of 2": np.mean([losses[list(p)].mean() for p in pairs]),
            "the mean of $\\ell$ over 20,000 draws $(x, y) \\sim \\mathcal{D}$": losses[draws].mean(),
        },
        precision=4,
    )
)
