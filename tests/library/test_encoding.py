"""notation.encoding: one-hot vectors and the toy tokenizer."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation import check_token_ids, one_hot, tokenize


@given(st.integers(1, 30).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1))))
def test_one_hot_has_a_single_one_and_picks_a_row(n_i):
    n, i = n_i
    e = one_hot(i, n)
    assert e.shape == (n,) and e.sum() == 1.0 and e[i] == 1.0
    w = np.arange(n * 3, dtype=float).reshape(n, 3)
    np.testing.assert_array_equal(e @ w, w[i])


def test_one_hot_of_many_ids_is_one_row_each():
    ids = [3, 0, 3]
    e = one_hot(ids, 4)
    for row, i in zip(e, ids):
        assert row.tolist() == [1.0 if j == i else 0.0 for j in range(4)]


@pytest.mark.parametrize(
    "i, n, err",
    [(4, 4, ValueError), (-1, 4, ValueError), (0, 0, ValueError), (1.0, 4, TypeError), (True, 4, TypeError), (1, 4.0, TypeError)],
)
def test_one_hot_bad_input(i, n, err):
    with pytest.raises(err):
        one_hot(i, n)


VOCAB = ["<unk>", "the", "cat", "dog", "s", "nap", "ca", "c"]


def test_tokenize_known_words_are_one_token_rare_words_split():
    assert tokenize("the cat", VOCAB).tolist() == [1, 2]
    assert tokenize("cats", VOCAB).tolist() == [2, 4]
    assert tokenize("catnap", VOCAB).tolist() == [2, 5]
    assert tokenize("cab", VOCAB, unk="<unk>").tolist() == [6, 0]
    assert tokenize("", VOCAB).tolist() == []


LETTERS = VOCAB + sorted(set("thecatdogsnap") - set(VOCAB))


@given(st.lists(st.sampled_from(["the", "cat", "dog", "s", "nap", "ca", "c"]), min_size=1, max_size=6))
def test_tokenize_pieces_rebuild_the_word_and_are_longest_matches(pieces):
    word = "".join(pieces)
    ids = tokenize(word, LETTERS).tolist()  # every letter is a piece, so greedy never gets stuck
    assert "".join(LETTERS[i] for i in ids) == word
    pos = 0
    for i in ids:  # no longer vocabulary piece would have matched at this point
        piece = LETTERS[i]
        assert not any(len(v) > len(piece) and word.startswith(v, pos) for v in LETTERS)
        pos += len(piece)


def test_greedy_can_get_stuck_where_another_split_exists():
    # "ca" + "the" would work, but greedy takes "cat" first and "he" has no piece
    with pytest.raises(ValueError, match="'he'"):
        tokenize("cathe", VOCAB)


def test_tokenize_bad_input():
    with pytest.raises(ValueError, match="no vocabulary piece"):
        tokenize("xyz", VOCAB)
    with pytest.raises(ValueError, match="not in the vocabulary"):
        tokenize("the", VOCAB, unk="[UNK]")
    with pytest.raises(TypeError):
        tokenize(["the"], VOCAB)
    with pytest.raises(TypeError):
        tokenize("the", "the cat")


def test_one_hot_at_gpt2_vocabulary_size_builds_only_the_rows_asked_for():
    e = one_hot(1000, 50_257)
    assert e.shape == (50_257,) and e[1000] == 1.0 and e.sum() == 1.0
    batch = one_hot(np.array([[1, 2], [3, 50_256]]), 50_257)
    assert batch.shape == (2, 2, 50_257) and batch[1, 1, 50_256] == 1.0


def test_check_token_ids():
    assert check_token_ids(np.array([[0, 9]]), 10).tolist() == [[0, 9]]
    assert check_token_ids(np.array([], dtype=int), 10).size == 0
    for bad, err in [([10], ValueError), ([-1], ValueError), ([0.0], TypeError), ([True], TypeError)]:
        with pytest.raises(err):
            check_token_ids(bad, 10)


# ---------------------------------------------------------------- bpe_vocabulary


def _pair_counts_by_slicing(text):
    """Adjacent character pairs of every word, counted with plain string slicing."""
    counts = {}
    for word in text.split():
        for i in range(len(word) - 1):
            counts[word[i : i + 2]] = counts.get(word[i : i + 2], 0) + 1
    return counts


def test_bpe_first_merge_is_the_most_frequent_character_pair():
    from notation import bpe_vocabulary

    text = "the cat sat on the mat with the hat that the rat ate"
    counts = _pair_counts_by_slicing(text)
    top = max(counts.values())
    expected = min(p for p, n in counts.items() if n == top)
    chars = sorted(set(text.replace(" ", "")))
    vocab = bpe_vocabulary(text, 1)
    assert list(vocab[: len(chars)]) == chars
    assert vocab[len(chars)] == expected == "at"  # "at" appears in cat, sat, mat, hat, that, rat, ate


def test_bpe_every_merged_token_joins_two_earlier_tokens_and_sizes_add_up():
    from notation import bpe_vocabulary

    text = "def forward(self, x): return self.linear(x) + self.bias " * 3
    n_chars = len(set(text.replace(" ", "")))
    vocab = bpe_vocabulary(text, 25)
    assert len(vocab) == len(set(vocab)) <= n_chars + 25
    for k, token in enumerate(vocab[n_chars:], start=n_chars):
        earlier = set(vocab[:k])
        assert any(token[:i] in earlier and token[i:] in earlier for i in range(1, len(token))), token
        assert token in text  # a merged token never crosses a word boundary
    assert bpe_vocabulary(text, 0) == tuple(sorted(set(text.replace(" ", ""))))
    # with enough merges every word becomes a single token, and then it stops
    assert set(text.split()) <= set(bpe_vocabulary(text, 1000))


def test_bpe_rejects_bad_input():
    from notation import bpe_vocabulary

    with pytest.raises(ValueError):
        bpe_vocabulary("abc", -1)
    with pytest.raises(TypeError):
        bpe_vocabulary(["abc"], 1)
