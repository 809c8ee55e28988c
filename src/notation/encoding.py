"""Turning text into token ids, and token ids into vectors."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray

__all__ = ["one_hot", "tokenize", "check_token_ids", "bpe_vocabulary"]


def check_token_ids(ids: ArrayLike, n: int, name: str = "token ids") -> NDArray[np.integer]:
    """Return ``ids`` as an integer array after checking every id is in ``0..n-1``.

    >>> check_token_ids([0, 3], 4)
    array([0, 3])
    >>> check_token_ids([4], 4)
    Traceback (most recent call last):
    ...
    ValueError: token ids must be in 0..3, got values in 4..4
    """
    arr = np.asarray(ids)
    if not np.issubdtype(arr.dtype, np.integer) or arr.dtype == np.bool_:
        raise TypeError(f"{name} must be integers, got dtype {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() >= n):
        raise ValueError(f"{name} must be in 0..{n - 1}, got values in {arr.min()}..{arr.max()}")
    return arr


def one_hot(i: ArrayLike, n: int) -> FloatArray:
    """The one-hot vector ``e_i`` of length ``n``: 1 at index ``i``, 0 elsewhere.

    An array of ids gives one row per id, like ``torch.nn.functional.one_hot`` (but float).

    >>> one_hot(2, 4)
    array([0., 0., 1., 0.])
    >>> one_hot([0, 3], 4)
    array([[1., 0., 0., 0.],
           [0., 0., 0., 1.]])
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"n must be an integer, got {type(n).__name__}")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    ids = check_token_ids(i, n)
    out = np.zeros((*ids.shape, n))  # not np.eye(n)[ids]: that builds an n × n matrix first
    np.put_along_axis(out, ids[..., np.newaxis], 1.0, axis=-1)
    return out


def tokenize(text: str, vocab: Sequence[str], unk: str | None = None) -> NDArray[np.int64]:
    """Token ids of ``text``: split on whitespace, then take the longest vocabulary piece each time.

    A toy greedy longest-match tokenizer. A word in the vocabulary becomes one token; a
    rarer word is split into several pieces. A character no piece covers becomes ``unk``
    (when given and in ``vocab``); otherwise it raises ``ValueError``.

    >>> vocab = ["<unk>", "the", "cat", "s", "nap"]
    >>> tokenize("the cats", vocab).tolist()
    [1, 2, 3]
    >>> tokenize("catnap!", vocab, unk="<unk>").tolist()
    [2, 4, 0]
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    if isinstance(vocab, str) or not all(isinstance(v, str) and v for v in vocab):
        raise TypeError("vocab must be a sequence of non-empty strings")
    index = {piece: i for i, piece in reversed(list(enumerate(vocab)))}  # first id wins
    if unk is not None and unk not in index:
        raise ValueError(f"unk token {unk!r} is not in the vocabulary")
    longest = max((len(v) for v in vocab), default=0)
    ids: list[int] = []
    for word in text.split():
        pos = 0
        while pos < len(word):
            for size in range(min(longest, len(word) - pos), 0, -1):
                piece = word[pos : pos + size]
                if piece in index:
                    ids.append(index[piece])
                    pos += size
                    break
            else:
                if unk is None:
                    raise ValueError(f"no vocabulary piece matches {word[pos:]!r} in {word!r}")
                ids.append(index[unk])
                pos += 1
    return np.array(ids, dtype=np.int64)


def bpe_vocabulary(text: str, merges: int) -> tuple[str, ...]:
    """The vocabulary of a toy byte-pair-encoding tokenizer trained on ``text``.

    Start from the characters of the whitespace-separated words; ``merges`` times, join the
    most frequent adjacent pair of tokens (counted over all words; ties go to the pair that
    sorts first) into a new token. Returns the characters in sorted order, then the merged
    tokens in the order they were made (each string once). Stops early when no pair is left. Real tokenizers
    work the same way with tens of thousands of merges, on bytes (GPT-2, LLaMA 3) or on characters
    with a fallback to bytes (LLaMA and LLaMA 2, through SentencePiece).

    >>> bpe_vocabulary("low low low lower lowest", 3)
    ('e', 'l', 'o', 'r', 's', 't', 'w', 'lo', 'low', 'lowe')
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a string, got {type(text).__name__}")
    if isinstance(merges, bool) or not isinstance(merges, (int, np.integer)) or merges < 0:
        raise ValueError(f"merges must be a non-negative integer, got {merges!r}")
    words: Counter[tuple[str, ...]] = Counter(tuple(w) for w in text.split())
    vocab = sorted({c for w in words for c in w})
    for _ in range(int(merges)):
        pairs: Counter[tuple[str, str]] = Counter()
        for w, n in words.items():
            for a, b in zip(w, w[1:]):
                pairs[(a, b)] += n
        if not pairs:
            break
        best = min(pairs, key=lambda pair: (-pairs[pair], pair))
        merged: Counter[tuple[str, ...]] = Counter()
        for w, n in words.items():
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and (w[i], w[i + 1]) == best:
                    out.append(w[i] + w[i + 1])
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            merged[tuple(out)] += n
        words = merged
        if best[0] + best[1] not in vocab:  # ('a', 'bc') and ('ab', 'c') make the same string
            vocab.append(best[0] + best[1])
    return tuple(vocab)
