"""What the site says Hugging Face Transformers does, on the version ``make test-reference`` installs
(TRANSFORMERS_VERSION in the Makefile), with a tokenizer built here, so nothing is downloaded:

- ``tokenizer.vocab_size`` leaves out added tokens and ``len(tokenizer)`` counts them
  (``absolute-value``, ``vocabulary``);
- ``TemperatureLogitsWarper`` refuses a temperature of 0 and points to ``do_sample=False`` (``limits``).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.reference


def _tokenizer(transformers, words):
    from tokenizers import Tokenizer, models, pre_tokenizers  # installed with transformers

    base = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token=words[0]))
    base.pre_tokenizer = pre_tokenizers.Whitespace()
    return transformers.PreTrainedTokenizerFast(tokenizer_object=base, unk_token=words[0])


def test_vocab_size_leaves_out_added_tokens_and_len_counts_them(transformers):
    words = ["[UNK]", "the", "cat", "sat"]
    tok = _tokenizer(transformers, words)
    assert tok.vocab_size == len(tok) == len(words)
    tok.add_special_tokens({"additional_special_tokens": ["<|start|>", "<|end|>"]})
    tok.add_tokens(["mat"])
    assert tok.vocab_size == len(words) and len(tok) == len(words) + 3
    ids = tok("the cat sat <|end|> mat")["input_ids"]
    assert max(ids) == len(tok) - 1 >= tok.vocab_size  # an added token's id is beyond vocab_size


def test_temperature_warper_refuses_zero_and_points_to_greedy_decoding(transformers):
    for t in (0.0, -0.5):
        with pytest.raises(ValueError, match="strictly positive"):
            transformers.TemperatureLogitsWarper(t)
    with pytest.raises(ValueError, match="do_sample=False"):
        transformers.TemperatureLogitsWarper(0.0)
    transformers.TemperatureLogitsWarper(1e-6)  # any positive temperature is accepted
