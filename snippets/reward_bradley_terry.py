"""Rewards from preferences (Bradley–Terry) and a verifiable reward that just checks the answer."""

import numpy as np

from notation import sigmoid, softplus
from notation.render import facts, table

# A reward model gives each of three answers to the same prompt one number.
answers = ["answer A", "answer B", "answer C"]
r = np.array([1.5, 0.5, -1.0])

# Bradley–Terry: P(i preferred to j) = σ(r_i − r_j); only differences of rewards matter.
P = sigmoid(r[:, None] - r[None, :])
print(
    table(
        P,
        row_labels=[f"{a} ($r = {v:g}$)" for a, v in zip(answers, r)],
        col_labels=[f"over {a.split()[1]}" for a in answers],
        corner="P(row preferred)",
        caption="$P(i \\succ j) = \\sigma(r_i - r_j)$ for every pair",
    )
)
print(
    facts(
        {
            "smallest and largest entry of $P + P^\\top$ (each pair's two probabilities add to 1)": [(P + P.T).min(), (P + P.T).max()],
            "$P$ is unchanged when 10 is added to every reward": bool(np.allclose(sigmoid((r + 10)[:, None] - (r + 10)[None, :]), P)),
            "loss when people preferred A over C, $-\\log \\sigma(r_A - r_C)$": softplus(-(r[0] - r[2])),
            "loss if they had preferred C over A, $-\\log \\sigma(r_C - r_A)$": softplus(-(r[2] - r[0])),
        }
    )
)

# A verifiable reward: no model, just a check of the final answer.
question, truth = "17 × 23", 17 * 23
replies = ["391", "381", "about 400"]
reward = [1.0 if reply.strip() == str(truth) else 0.0 for reply in replies]
print(
    table(
        np.array([[reply, rw] for reply, rw in zip(replies, reward)], dtype=object),
        row_labels=[f"sample {i + 1}" for i in range(len(replies))],
        col_labels=["model's answer", "reward $r$"],
        precision=0,
        caption=f"Verifiable reward for “{question} = ?”: $r = 1$ if the answer equals {truth}, else 0",
    )
)
