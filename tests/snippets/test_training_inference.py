"""Each snippet of the training-inference page prints the facts its entry promises.

Expected values are recomputed here independently (closed forms, explicit loops, math, NumPy
bit views) rather than copied from the printed output.
"""

import itertools
import math
import re
from collections import Counter

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text
from html_output import numbers_after


# --- parameters -----------------------------------------------------------------------


def test_gpt2_parameter_count_matches_the_formulas_and_124m():
    text = visible_text(run_snippet("gpt2_parameter_count"))
    d, layers, vocab, ctx, ff = 768, 12, 50_257, 1024, 3072
    per_layer = (4 * d * d + 4 * d) + (2 * d * ff + ff + d) + 2 * 2 * d
    total = vocab * d + ctx * d + layers * per_layer + 2 * d
    assert total == 124_439_808
    assert f"{total:,}" in text
    assert f"{vocab * d:,}" in text and f"{layers * per_layer:,}" in text
    assert abs(total - 124e6) / 124e6 < 0.01
    assert f"{100 * (total - 124e6) / 124e6:.2f} %" in text
    assert f"{100 * (vocab * d + ctx * d) / total:.1f} %" in text
    # Llama-2-7B: embeddings + untied output + 32 × (attention + SwiGLU + 2 RMSNorm) + final norm
    llama = 2 * 32_000 * 4096 + 32 * (4 * 4096**2 + 3 * 4096 * 11_008 + 2 * 4096) + 4096
    assert f"{llama:,}" in text


# --- model-memory ----------------------------------------------------------------------


def test_model_memory_by_dtype_is_count_times_bytes():
    text = visible_text(run_snippet("model_memory_by_dtype"))
    n = 124_439_808
    for fmt_name, nbytes in [("fp32", 4), ("bf16", 2), ("fp16", 2), ("int8", 1), ("int4", 0.5)]:
        assert numbers_after(fmt_name, text, 2) == [nbytes, round(n * nbytes / 1e6, 1)]
    assert "124 M weights in bf16 (MB) 248" in text  # the seed's 124 M × 2 bytes ≈ 248 MB
    # Adam in fp32: weights + gradients + m + v = 16 bytes per weight
    assert numbers_after("total", text, 2) == [round(16 * n / 1e6)] * 2
    assert "bytes per weight for training with Adam 16" in text
    assert "times the bf16 weights needed for inference 8" in text


# --- dtypes ----------------------------------------------------------------------------


def _bits(value, np_type, e, m):
    width = 1 + e + m
    raw = int(np.array([value], dtype=np_type).view(np.uint32 if width == 32 else np.uint16)[0])
    return format(raw >> (e + m), "b"), format((raw >> m) & (2**e - 1), f"0{e}b"), format(raw & (2**m - 1), f"0{m}b")


def test_float_formats_table_epsilon_range_and_bits():
    text = visible_text(run_snippet("float_formats_range_precision"))
    # epsilon 2^-p and largest (2 - 2^-p) 2^bias, written m × 10^k
    for eps, big in [(2.0**-23, (2 - 2.0**-23) * 2.0**127), (2.0**-10, 65504.0), (2.0**-7, (2 - 2.0**-7) * 2.0**127)]:
        for x in (eps, big):
            k = math.floor(math.log10(x))
            assert f"{x / 10**k:.2f} \\times 10^{{{k}}}" in text
    assert "reproduce np.finfo for fp32 and fp16 True" in text
    # the stored bits of 0.1 agree with what NumPy stores for float32 and float16
    assert "fp32 " + " ".join(_bits(0.1, np.float32, 8, 23)) in text
    assert "fp16 " + " ".join(_bits(0.1, np.float16, 5, 10)) in text
    # bf16 is the top 16 bits of float32 rounded to nearest even
    raw32 = int(np.array([0.1], dtype=np.float32).view(np.uint32)[0])
    top = (raw32 + 0x7FFF + ((raw32 >> 16) & 1)) >> 16
    assert f"bf16 0 {(top >> 7) & 0xFF:08b} {top & 0x7F:07b}" in text
    # fp16 overflows at 70,000 (max 65,504); bf16 keeps it, to its spacing of 2^(16 - 7) = 512
    assert re.search(r"70\{,\}000 70000 ∞ 70144", text)
    assert 70144 % 512 == 0 and abs(70144 - 70000) <= 256


def test_int8_symmetric_quantization_error_within_half_a_step():
    text = visible_text(run_snippet("int8_symmetric_quantization"))
    w = np.random.default_rng(0).normal(scale=0.5, size=6)
    s = max(abs(v) for v in w) / 127
    q = [int(np.rint(v / s)) for v in w]
    assert 127 in [abs(v) for v in q]
    assert "(w / \\Delta) " + " ".join(str(v).replace("-", "−") for v in q) in text
    largest_error = max(abs(qi * s - wi) for qi, wi in zip(q, w))
    assert largest_error <= s / 2
    assert f"{s:.5f}" in text and f"{largest_error:.5f}" in text
    assert "(bytes) 10" in text and "(bytes) 24" in text


# --- activations -----------------------------------------------------------------------


def test_activation_memory_counts_and_growth():
    text = visible_text(run_snippet("activation_memory_per_block"))
    B, N, d, h = 2, 6, 16, 2
    assert f"2 × 6 × 16 {B * N * d}" in text
    assert f"2 × 2 × 6 × 6 {B * h * N * N}" in text
    assert f"2 × 6 × 64 {B * N * 4 * d}" in text
    total = 10 * B * N * d + 2 * B * h * N * N + 2 * B * N * 4 * d
    assert f"activations of this block (numbers) {total}" in text
    assert f"in fp32 (bytes) {4 * total:,}" in text
    assert f"weights of the same block (numbers) {12 * d * d + 13 * d}" in text

    def gpt2_mb(b, n):
        d, h, layers, vocab = 768, 12, 12, 50_257
        per_layer = 10 * b * n * d + 2 * b * h * n * n + 2 * b * n * 4 * d
        return round(2 * (layers * per_layer + b * n * vocab) / 1e6)

    assert numbers_after("batch B = 1", text, 4) == [gpt2_mb(1, n) for n in (128, 256, 512, 1024)]
    assert numbers_after("batch B = 8", text, 4) == [gpt2_mb(8, n) for n in (128, 256, 512, 1024)]
    assert gpt2_mb(1, 1024) > 4 * 249  # activations of one long sequence exceed the bf16 weights


# --- big-o -----------------------------------------------------------------------------


def test_attention_cost_growth_is_quadratic():
    html = run_snippet("attention_cost_growth")
    text = visible_text(html)
    d = 768
    for n in (128, 256, 512, 1024, 2048, 4096):
        core, proj = 2 * n * n * d, 4 * n * d * d
        row = numbers_after(f"part {n}" if n == 128 else f"% {n}", text, 1 if n == 128 else 4)
        assert row[0] == round(core / 1e9, 2)
        if n > 128:
            assert row[1] == 4.0 and row[2] == round(proj / 1e9, 2)
            assert row[3] == round(100 * n / (n + 2 * d))
    assert "<svg" in html and "N = 2d = 1536" in text


def test_kv_cache_generation_cost_cubic_versus_quadratic():
    text = visible_text(run_snippet("kv_cache_generation_cost"))
    d = 768

    def loops(n):
        no_cache = sum(2 * t * t * d for t in range(1, n + 1))
        cache = sum(2 * t * d for t in range(1, n + 1))
        return no_cache, cache

    for n in (256, 4096):
        no_cache, cache = loops(n)
        prev_no, prev_cache = loops(n // 2)
        k = math.floor(math.log10(no_cache))
        assert f"{no_cache / 10**k:.2f} \\times 10^{{{k}}}" in text
        assert round(no_cache / prev_no, 1) == 8.0 and round(cache / prev_cache, 1) == 4.0
        assert f"{no_cache / cache:.1f}" in text
    assert text.count(" 8.0 ") == 5 and text.count(" 4.0 ") == 5
    assert f"{(2 * 4096 + 1) / 3:.1f}" in text  # the ratio is (2N + 1) / 3


# --- inference -------------------------------------------------------------------------


def test_greedy_decoding_follows_the_most_frequent_next_word_and_keeps_weights():
    text = visible_text(run_snippet("greedy_decoding_frozen_model"))
    corpus = "the cat sat on the mat . the dog sat on the rug . the cat sat by the door .".split()
    follows = {}
    for a, b in zip(corpus, corpus[1:]):
        follows.setdefault(a, Counter())[b] += 1
    words = ["the"]
    for _ in range(6):
        words.append(follows[words[-1]].most_common(1)[0][0])
    assert "generated text " + " ".join(words) in text
    # with logits log(count + 0.1), softmax gives (count + 0.1) / (row total + 0.1 |V|)
    vocab = len(set(corpus))
    p_cat = (2 + 0.1) / (sum(follows["the"].values()) + 0.1 * vocab)
    assert f"step 1 the cat {p_cat:.3f}" in text
    assert "weights unchanged after generating True" in text
    assert f"number of parameters {vocab * vocab}" in text


# --- generalization --------------------------------------------------------------------


def test_polynomial_degree_nine_memorises_and_generalises_worse():
    text = visible_text(run_snippet("polynomial_train_vs_heldout"))
    line = numbers_after("degree 1 (a line)", text, 3)
    cubic = numbers_after("degree 3", text, 3)
    nine = numbers_after("degree 9", text, 3)
    assert [line[0], cubic[0], nine[0]] == [2, 4, 10]
    assert nine[1] == 0.0  # ten coefficients through ten points
    assert nine[2] > cubic[2] and line[2] > cubic[2]
    assert nine[2] > 5 * cubic[2]
    assert cubic[2] > 0.04 * 0.8  # cannot beat the noise variance 0.2² by much on 200 points


# --- hyperparameter --------------------------------------------------------------------


def test_hyperparameter_sweep_picks_the_lowest_validation_loss():
    text = visible_text(run_snippet("hyperparameter_validation_sweep"))
    rows = {k: numbers_after(f"degree {k}", text, 2) for k in range(10)}
    best = min(rows, key=lambda k: rows[k][1])
    assert re.search(rf"degree {best} [\d.]+ [\d.]+ ← lowest", text)
    assert text.count("← lowest") == 1
    assert f"chosen degree {best}" in text
    assert f"degree with the lowest training loss {min(rows, key=lambda k: rows[k][0])}" in text
    assert min(rows, key=lambda k: rows[k][0]) != best  # training loss would choose differently
    test_loss = numbers_after("used once)", text, 1)[0]
    assert test_loss < rows[9][1]


# --- self-supervised -------------------------------------------------------------------


def test_self_supervised_targets_are_the_shifted_tokens():
    text = visible_text(run_snippet("self_supervised_labels"))
    tokens = "the cat sat on the mat because it was warm".split()
    assert "input w_t " + " ".join(tokens[:-1]) in text
    assert "target w_{t+1} " + " ".join(tokens[1:]) in text
    assert f"next-token training examples from it {len(tokens) - 1}" in text
    masked = re.search(r"position 1 2 3 4 5 6 7 8 9 10 input ((?:\S+ ){10})target ((?:\S+ ){10})", text)
    assert masked
    shown, targets = masked.group(1).split(), masked.group(2).split()
    hidden = [i for i, w in enumerate(shown) if w == "[MASK]"]
    assert len(hidden) == round(0.15 * len(tokens))
    assert all(targets[i] == tokens[i] for i in hidden)
    assert all(targets[i] == "·" and shown[i] == tokens[i] for i in range(10) if i not in hidden)
    assert "labels written by a person 0" in text


# --- reward ----------------------------------------------------------------------------


def test_bradley_terry_probabilities_and_losses():
    text = visible_text(run_snippet("reward_bradley_terry"))
    r = [1.5, 0.5, -1.0]

    def sig(z):
        return 1 / (1 + math.exp(-z))

    for i, name in enumerate("ABC"):
        row = numbers_after(f"answer {name} ( r = {r[i]:g} )", text, 3)
        assert row == [round(sig(r[i] - r[j]), 3) for j in range(3)]
    assert "[1.000, 1.000]" in text
    assert "unchanged when 10 is added to every reward True" in text
    assert f"{-math.log(sig(r[0] - r[2])):.3f}" in text and f"{-math.log(sig(r[2] - r[0])):.3f}" in text
    assert f"equals {17 * 23}" in text
    assert "sample 1 391 1 sample 2 381 0 sample 3 about 400 0" in text


# --- lora ------------------------------------------------------------------------------


def test_lora_saving_and_rank():
    text = visible_text(run_snippet("lora_low_rank_update"))
    full = 4096 * 4096
    assert f"{full:,}" in text
    for r in (4, 8, 16, 64):
        assert f"r = {r} {2 * 4096 * r:,} {100 * 2 * 4096 * r / full:.2f} %" in text
    assert "r = 8 65,536 0.39 %" in text
    assert re.search(r"B = 0 \)?\s*,? largest change in W x 0\.000", text)
    assert "rank of W_0 6" in text
    assert "with a random stand-in for a trained B 2" in text  # rank(BA) ≤ r = 2
    assert "rank of W = W_0 + \\tfrac{\\alpha}{r} \\Delta W 6" in text
    assert f"trainable numbers in B and A (vs W_0 ) {2 * (8 + 6)} (vs {8 * 6})" in text
    assert text.endswith("True")


def test_stop_gradient_which_gradient_is_zero_term_by_term():
    html = run_snippet("stop_gradient_which_gradient_is_zero")
    (t,) = ho.tables(html)
    z, e, beta = [1.0, 2.0, -1.0, 0.5], [0.0, 1.5, 0.0, 1.0], 0.25
    d = [a - b for a, b in zip(z, e)]
    sq = sum(v * v for v in d)
    zero = [0.0] * 4
    # by hand: d/de ‖z − e‖² = −2(z − e); d/dz β‖z − e‖² = 2β(z − e); sg zeroes the other one
    expected = {
        "codebook": (sq, zero, [-2 * v for v in d]),
        "commitment": (beta * sq, [2 * beta * v for v in d], zero),
        "both terms": ((1 + beta) * sq, [2 * beta * v for v in d], [-2 * v for v in d]),
        "both, with no": ((1 + beta) * sq, [2 * (1 + beta) * v for v in d], [-2 * (1 + beta) * v for v in d]),
    }
    for start, (value, dz, de) in expected.items():
        (label,) = [k for k in t.rows if k.startswith(start)]
        cells = t.rows[label]
        assert ho.close(ho.num(cells[0]), value, 4)
        assert ho.vector(cells[1]) == [round(v, 2) for v in dz] and ho.vector(cells[2]) == [round(v, 2) for v in de]
    # dropping sg: the codebook vector is pulled (1 + β) times as hard, the encoder (1 + β)/β times
    assert ho.close(ho.num(ho.fact(html, "the codebook vector's gradient")), 1 + beta, 2)
    assert ho.close(ho.num(ho.fact(html, "the encoder's gradient")), (1 + beta) / beta, 2)

def test_dataset_mean_loss_epoch_every_batch_and_draws():
    from html_output import close, fact, num, tables, vector

    html = run_snippet("dataset_mean_loss_and_minibatches")
    (t,) = tables(html)
    x, y = [0.5, 1.0, 1.5, 2.0, 2.5, 3.0], [1.2, 1.9, 3.2, 3.9, 5.1, 5.8]
    losses = [(1.5 * a - b) ** 2 for a, b in zip(x, y)]
    assert list(t.rows) == ["x^{(i)}", "y^{(i)}", "\\ell^{(i)} = (\\theta x^{(i)} - y^{(i)})^2"]
    assert all(close(float(c.replace("−", "-")), l, 3) for c, l in zip(t.rows["\\ell^{(i)} = (\\theta x^{(i)} - y^{(i)})^2"], losses))
    mean = sum(losses) / 6
    assert close(num(fact(html, "mean loss over")), mean, 4)
    epoch = eval(fact(html, "one epoch"))  # noqa: S307 - the printed list of index lists
    assert sorted(i for b in epoch for i in b) == list(range(6)) and all(len(b) == 2 for b in epoch)
    means = vector(fact(html, "their batch means"))
    assert all(close(v, (losses[b[0]] + losses[b[1]]) / 2, 4) for v, b in zip(means, epoch))
    assert close(num(fact(html, "the mean of the batch means")), mean, 4)  # equal batches: exactly the mean
    uneven = num(fact(html, "batches of 4 and then 2"))
    assert abs(uneven - mean) > 0.05  # unequal batches weight their examples unequally
    # drop_last keeps the batch of 4 of the same shuffle: 4·b₄ + 2·b₂ = 6·mean and (b₄ + b₂)/2 = uneven give
    # b₄ = 3·mean − 2·uneven, the mean of some 4 of the 6 losses, and not the mean loss
    dropped = num(fact(html, "drop_last=True"))
    assert close(dropped, 3 * mean - 2 * uneven, 3) and abs(dropped - mean) > 0.05
    assert any(close(dropped, sum(losses[i] for i in four) / 4, 4) for four in itertools.combinations(range(6), 4))
    assert close(num(fact(html, "all 15 batches")), mean, 4)  # every batch of 2 once: unbiased
    assert abs(num(fact(html, "20,000 draws")) - mean) < 0.03
