"""Two more case definitions: the repetition penalty on the logits of tokens already generated, and the label mask that leaves image positions out of the loss."""

import numpy as np

from notation import IGNORE_INDEX, masked_labels, mean_nll_ignoring, repetition_penalty, softmax
from notation.render import facts, table

# 1. Repetition penalty with θ = 1.15: tokens 1 and 3 (1-based) were generated already
theta = 1.15
z = np.array([3.0, 1.2, -0.5, 0.8, -2.0])
previous = np.array([0, 2, 0])  # token 1 twice, token 3 once: each is penalised once
penalised = repetition_penalty(z, previous, theta)
print(
    table(
        np.stack([z, penalised, softmax(z), softmax(penalised)]),
        row_labels=["logits $z_i$", f"after the penalty, $\\theta = {theta:g}$", "probabilities before", "probabilities after"],
        col_labels=[f"token {i + 1}" + (" (seen)" if i in previous else "") for i in range(z.size)],
        precision=3,
        caption=f"Repetition penalty, $\\theta = {theta:g}$: the seen positive logit is divided by $\\theta$, the seen negative one multiplied; both go down",
    )
)
print(
    facts(
        {
            "CTRL's original rule $z_i / \\theta$ on the seen negative logit $-0.5$ (it goes up)": z[2] / theta,
            "the sign-aware rule on the same logit (it goes down)": penalised[2],
        },
        precision=3,
    )
)

# 2. Multimodal label mask: image positions and the prompt get −100, so only the answer is scored
tokens = ["<img>", "<img>", "<img>", "what", "is", "it", "a", "cat"]
ids = np.array([0, 0, 0, 5, 6, 7, 3, 2])
scored = np.array([False] * 6 + [True] * 2)  # only the answer "a cat" is scored
labels = masked_labels(ids, scored)
logits = np.random.default_rng(0).normal(size=(len(tokens), 8))  # a model's logits, one row per position
print(
    table(
        np.array([tokens, ["yes" if s else "no" for s in scored], [str(v) for v in labels]], dtype=object),
        row_labels=["token", "scored?", "label"],
        col_labels=[f"$t = {t + 1}$" for t in range(len(tokens))],
        caption=f"Label mask: $\\text{{label}}_t = x_t$ where the position is scored, ${IGNORE_INDEX}$ (ignore_index) elsewhere",
    )
)
print(
    facts(
        {
            "positions in the loss": int(np.sum(labels != IGNORE_INDEX)),
            "loss: mean NLL over the scored positions only (F.cross_entropy's default)": mean_nll_ignoring(logits, labels),
        },
        precision=4,
    )
)
