"""Each token's probability as the temperature sweeps from 0.05 to 5: one-hot at one end, uniform at the other."""

import numpy as np

from notation import softmax
from notation.render import facts, line_plot

z = np.array([2.0, 1.0, 0.5, -1.0])
T = np.linspace(0.05, 5.0, 199)
P = np.stack([softmax(z, temperature=t) for t in T])  # one row per temperature

print(
    line_plot(
        T,
        {f"token {i + 1} (z = {v:g})": P[:, i] for i, v in enumerate(z)},
        title="Softmax(z / T) as the temperature changes",
        alt=(
            "Near T = 0 the top token takes almost all the probability; as T grows the four "
            "curves move together towards 1/4, and they never cross."
        ),
        xlabel="temperature T",
        ylabel="probability",
        mark=(1.0, float(softmax(z)[0])),
    )
)
print(
    facts(
        {
            "$T = 0.05$": softmax(z, temperature=0.05),
            "$T = 1$ (dot on the chart)": softmax(z),
            "$T = 100$": softmax(z, temperature=100.0),
            "token with the largest logit (what greedy decoding picks)": f"token {int(np.argmax(z)) + 1}",
            "order of the tokens the same at every $T$": bool(np.all(np.argsort(-P, axis=1) == np.argsort(-z))),
        },
        precision=4,
    )
)
