"""Clipping to an interval: the values and the gradient that passes through, the one-sided clamp that is ReLU, and three other things called clipping (a gradient's norm, its entries, PPO's ratio, DQN's TD error)."""

import numpy as np

from notation import clip, clip_grad_norm, clip_grad_value, clip_gradient, gradient, ppo_clip_objective, relu
from notation.render import facts, table

x = np.array([-3.0, -1.0, -0.4, 0.0, 0.7, 1.0, 2.5])
print(
    table(
        np.vstack([x, clip(x, -1.0, 1.0), clip_gradient(x, -1.0, 1.0), clip(x, 0.0, np.inf), relu(x)]),
        row_labels=["$x$", "$\\operatorname{clip}(x, -1, 1)$", "its slope in $x$ (autograd's gradient)", "$\\operatorname{clip}(x, 0, \\infty)$, torch.clamp(x, min=0)", "$\\operatorname{ReLU}(x)$"],
        precision=2,
        caption="Outside $[a, b]$ the output is flat, so no gradient flows back; clamping only from below at 0 is ReLU",
    )
)

g = np.array([3.0, -4.0])  # a gradient of length 5
(by_norm,), _ = clip_grad_norm([g], max_norm=1.0, eps=0.0)
(by_value,) = clip_grad_value([g], clip_value=1.0)
print(
    facts(
        {
            "$\\mathbf{g} = (3, -4)$ clipped by its norm to length 1 (direction kept)": by_norm,
            "$\\mathbf{g}$ clipped entry by entry to $[-1, 1]$ (direction changed)": by_value,
            "PPO: the ratio $r = 1.5$ clipped to $[1 - \\varepsilon, 1 + \\varepsilon]$, $\\varepsilon = 0.2$": clip(1.5, 0.8, 1.2),
            "PPO's objective for $r = 1.5$ and advantage 1, $\\min(r\\hat{A}, \\operatorname{clip}(r, 0.8, 1.2)\\,\\hat{A})$": ppo_clip_objective(1.5, 1.0),
        },
        precision=4,
    )
)

delta = np.array([-2.5, -0.3, 0.6, 4.0])  # TD errors


def huber(d):  # Huber loss with threshold 1: ½δ² inside [−1, 1], |δ| − ½ outside
    return np.where(np.abs(d) <= 1, 0.5 * d**2, np.abs(d) - 0.5).sum()


print(
    table(
        np.vstack([delta, clip(delta, -1.0, 1.0), gradient(huber, delta)]),
        row_labels=["TD error $\\delta$", "$\\operatorname{clip}(\\delta, -1, 1)$, DQN's clipped error term", "slope of the Huber loss at $\\delta$"],
        precision=3,
        caption="Clipping the error term inside the update is the same as training on the Huber loss; clipping the loss itself would give zero gradient for large errors",
    )
)
