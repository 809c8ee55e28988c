"""The chain rule of probability: a sentence's probability as a product of next-token probabilities, and as a sum of logs."""

import numpy as np

from notation import bigram_logits, sequence_log_prob, sequence_probability, softmax, token_probabilities
from notation.render import facts, table

# The toy bigram model of the next-token entry: logits log(count + 1) from a tiny corpus.
vocab = ["the", "cat", "dog", "sat", "on", "mat", "."]
contexts = ["<s>", *vocab]
corpus = "the cat sat on the mat . the dog sat on the mat . the cat sat ."
theta = bigram_logits(corpus.split(), vocab)

sentence = ["the", "cat", "sat", "on", "the", "mat", "."]
tokens = np.array([vocab.index(w) for w in sentence])
probs = softmax(np.stack([theta[contexts.index(c)] for c in ["<s>", *sentence[:-1]]]))  # N × |V|: row t predicts token t
p_t = token_probabilities(probs, tokens)

print(
    table(
        np.stack([p_t, np.log(p_t)], axis=1),
        row_labels=[f"$t = {t + 1}$: {w}" for t, w in enumerate(sentence)],
        col_labels=["$P(w_t \\mid w_{<t})$", "$\\log P(w_t \\mid w_{<t})$"],
        corner="token",
        precision=4,
        caption="One factor per token of “the cat sat on the mat .”",
    )
)
product = sequence_probability(probs, tokens)
log_sum = sequence_log_prob(probs, tokens)
print(
    facts(
        {
            "product $\\prod_t P(w_t \\mid w_{<t})$": f"{product:.4e}",
            "sum of logs $\\sum_t \\log P(w_t \\mid w_{<t})$": log_sum,
            "$\\exp$ of the sum of logs": f"{np.exp(log_sum):.4e}",
        },
        precision=4,
    )
)

# Exact, not an approximation: rebuild an arbitrary joint distribution over three
# yes/no tokens from its own conditionals.
rng = np.random.default_rng(0)
joint = rng.random((2, 2, 2))
joint /= joint.sum()
p1 = joint.sum(axis=(1, 2))                                      # P(w1)
p2 = joint.sum(axis=2) / p1[:, None]                             # P(w2 | w1)
p3 = joint / joint.sum(axis=2, keepdims=True)                    # P(w3 | w1, w2)
rows = []
for a, b, c in np.ndindex(2, 2, 2):
    rows.append([joint[a, b, c], p1[a], p2[a, b], p3[a, b, c], p1[a] * p2[a, b] * p3[a, b, c]])
rows = np.array(rows)
print(
    table(
        rows,
        row_labels=[f"{a}{b}{c}" for a, b, c in np.ndindex(2, 2, 2)],
        col_labels=["$P(w_1, w_2, w_3)$", "$P(w_1)$", "$P(w_2 \\mid w_1)$", "$P(w_3 \\mid w_1, w_2)$", "product"],
        corner="$w_1 w_2 w_3$",
        precision=4,
        caption="Any joint distribution equals the product of its conditionals, row by row",
    )
)

long_text = np.tile(tokens, 300)                                 # 2,100 tokens
long_probs = np.tile(probs, (300, 1))
print(
    facts(
        {
            "largest gap between the joint and the product above": f"{np.max(np.abs(rows[:, 0] - rows[:, 4])):.1e}",
            "300 such sentences in a row: number of tokens": len(long_text),
            "their probability as a float64 product": repr(sequence_probability(long_probs, long_text)),
            "their log-probability as a sum of logs": sequence_log_prob(long_probs, long_text),
        },
        precision=2,
    )
)
