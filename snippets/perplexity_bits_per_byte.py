"""Perplexity from per-token NLLs; why it changes with the tokenizer while bits per byte does not."""

import numpy as np

from notation import bits_per_byte, perplexity, token_nll
from notation.render import facts, fmt, table

text = "the cat sat on the mat"
n_bytes = len(text.encode("utf-8"))

# Tokenizer A: six word tokens, and the probability a model gave each one.
tokens_a = ["the", " cat", " sat", " on", " the", " mat"]
p_a = np.array([0.2, 0.05, 0.1, 0.3, 0.6, 0.08])
# Tokenizer B splits three words in two. By the chain rule of probability a word's probability is the
# product of its pieces' probabilities, so the same model gives B's pieces these probabilities:
first_piece = {1: 0.2, 2: 0.25, 5: 0.4}  # P(" c"), P(" s"), P(" m")
p_b, tokens_b = [], []
for i, (tok, p) in enumerate(zip(tokens_a, p_a)):
    if i in first_piece:
        tokens_b += [tok[:2], tok[2:]]
        p_b += [first_piece[i], p / first_piece[i]]  # P(" c") · P("at" | " c") = P(" cat")
    else:
        tokens_b.append(tok)
        p_b.append(p)
p_b = np.array(p_b)
# Model C: tokenizer A, but a better model that gives each real token more probability.
p_c = np.array([0.3, 0.1, 0.2, 0.5, 0.7, 0.2])

rows = []
for p in (p_a, p_b, p_c):
    nll = token_nll(p)
    values = [float(nll.sum()), float(nll.mean()), perplexity(nll), bits_per_byte(float(nll.sum()), n_bytes)]
    rows.append([str(len(p))] + [fmt(v, 3) for v in values])
print(
    table(
        rows,
        row_labels=[
            f"A: {len(tokens_a)} word tokens",
            f"B: {len(tokens_b)} tokens, same model",
            "C: word tokens, better model",
        ],
        col_labels=["tokens", "total NLL (nats)", "mean NLL", "perplexity", "bits per byte"],
        precision=3,
        caption=f"The {n_bytes}-byte text “{text}”",
    )
)
print(
    facts(
        {
            "tokenizer B's pieces": " | ".join(repr(t) for t in tokens_b),
            "uniform guessing over 50,257 tokens: perplexity": perplexity(token_nll(np.full(3, 1 / 50_257))),
        },
        precision=0,
    )
)
