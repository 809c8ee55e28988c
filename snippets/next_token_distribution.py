"""A toy language model's next-token distribution P(w_t | w_{<t}): one probability per vocabulary token, at every step."""

import numpy as np

from notation import bigram_logits, softmax
from notation.render import facts, note, table

vocab = ["the", "cat", "dog", "sat", "on", "mat", "."]
contexts = ["<s>", *vocab]  # <s> marks the start; it is never predicted
corpus = "the cat sat on the mat . the dog sat on the mat . the cat sat ."

# A bigram model: θ[a, b] is the logit of "b follows a", set to log(count + 1) from
# the corpus, so softmax turns each row into smoothed observed frequencies.
theta = bigram_logits(corpus.split(), vocab)

sentence = ["the", "cat", "sat", "on", "the", "mat", "."]
prefixes = [["<s>", *sentence[:t]] for t in range(len(sentence))]
probs = softmax(np.stack([theta[contexts.index(p[-1])] for p in prefixes]))

print(
    table(
        probs,
        row_labels=[" ".join(p) for p in prefixes],
        col_labels=vocab,
        corner="$w_{<t}$ ↓   $w_t$ →",
        precision=3,
        caption="Each row is one whole distribution $P(w_t \\mid w_{<t})$ over the $\\vert V \\vert = 7$ tokens",
    )
)
rng = np.random.default_rng(0)
after_on = probs[4]  # the prediction after "on": w_{<5} = <s> the cat sat on
print(
    facts(
        {
            "each row sums to": probs.sum(axis=-1),
            "table shape: steps × $\\vert V \\vert$": f"{probs.shape[0]} × {probs.shape[1]}",
            "most likely token after “<s> the cat sat on”": vocab[int(np.argmax(after_on))],
            "ten tokens sampled from that row": " ".join(vocab[i] for i in rng.choice(len(vocab), size=10, p=after_on)),
        },
        precision=3,
    )
)
print(
    note(
        "This toy model only looks at the last token of $w_{<t}$ (a bigram model); a transformer "
        "reads all of them. Either way the output is a full row of $\\vert V \\vert$ probabilities."
    )
)
