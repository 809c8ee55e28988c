"""Inference: a tiny trained model generates text by greedy decoding, and its weights do not change."""

import numpy as np

from notation import softmax
from notation.render import facts, table

# Training (done once): count which word follows which in a small corpus.
corpus = "the cat sat on the mat . the dog sat on the rug . the cat sat by the door .".split()
vocab = sorted(set(corpus))
index = {w: i for i, w in enumerate(vocab)}
counts = np.zeros((len(vocab), len(vocab)))
np.add.at(counts, ([index[w] for w in corpus[:-1]], [index[w] for w in corpus[1:]]), 1)
W = np.log(counts + 0.1)  # the weights: one row of next-word logits per word
W.setflags(write=False)  # inference only reads them
before = W.copy()

# Inference: feed the last word, turn its logits into probabilities, take the most likely word.
words, rows = ["the"], []
for step in range(6):
    p = softmax(W[index[words[-1]]])
    best = int(np.argmax(p))
    rows.append([words[-1], vocab[best], p[best]])
    words.append(vocab[best])

print(
    table(
        np.array(rows, dtype=object),
        row_labels=[f"step {i + 1}" for i in range(len(rows))],
        col_labels=["last word", "most likely next word", "its probability"],
        caption=f"Greedy decoding from “the” with a {len(vocab)}-word bigram model",
    )
)
print(
    facts(
        {
            "generated text": " ".join(words),
            "weights unchanged after generating": bool(np.array_equal(W, before)),
            "number of parameters": W.size,
        }
    )
)
