"""Each snippet of the transformer page prints the facts its entry promises.

Expected numbers come from independent computations (explicit loops, math, closed forms)
where the snippet's output allows it, not from copying what the snippet printed.
"""

import math
import re

import numpy as np

from conftest import run_snippet, visible_text
import html_output as ho
from html_output import numbers
from notation import TINY_VOCAB, tiny_model


def test_transformer_tokens_to_ids_splits_rare_words_and_repeats_rows():
    text = visible_text(run_snippet("transformer_tokens_to_ids"))
    ids = [TINY_VOCAB.index(w) for w in "the cat saw the dog".split()]
    assert f"token ids [{', '.join(map(str, ids))}]" in text
    assert "shape of X (one row per token) 5 × 8" in text
    assert "(both “the”) are identical True" in text
    assert "“cats” → tokens cat + s (ids 2, 8)" in text
    assert "“catnap” → tokens cat + nap (ids 2, 7)" in text
    # the two "the" rows of the printed table are the same numbers
    rows = re.findall(r"t = \d : the \(id 1\) ((?:[−\d.]+ ){8})", text)
    assert len(rows) == 2 and rows[0] == rows[1]


def test_vocabulary_sizes_and_embedding_matrix_heights():
    text = visible_text(run_snippet("vocabulary_sizes"))
    assert "\\vert V \\vert 10" in text and "largest id, \\vert V \\vert - 1 9" in text
    for v, d in [(50_257, 768), (32_000, 4_096), (256_000, 2_048)]:
        assert f"{v:,}" in text and f"{v * d:,}" in text
        assert f"{round(v * d * 2 / 1e6)}" in text  # bf16: 2 bytes per entry, in MB
    # padded embeddings: rows = the next multiple at or above the token count; 50,304 is Pythia's config.vocab_size
    padded = ho.tables(run_snippet("vocabulary_sizes"))[-1]
    for label, tokens, multiple in [("Pythia-70M to 2.8B (multiple of 128)", 50_277, 128), ("nanoGPT's GPT-2 (multiple of 64)", 50_257, 64)]:
        rows = math.ceil(tokens / multiple) * multiple
        assert rows % multiple == 0 and rows - multiple < tokens <= rows
        assert ho.nums(padded.rows[label]) == [tokens, multiple, rows, rows - tokens]
    assert ho.nums(padded.rows["Pythia-70M to 2.8B (multiple of 128)"])[2] == 50_304


def test_one_hot_picks_a_row_at_toy_and_gpt2_size():
    text = visible_text(run_snippet("one_hot_picks_a_row"))
    m = tiny_model()
    assert "\\mathbf{e}_{2} 0 0 1 0 0 0 0 0 0 0" in text
    row = " ".join(f"{v:.3f}".replace("-", "−") for v in m.w_e[2])
    assert text.count(row) == 2  # e_2^T W_E and W_E[2, :] print the same row
    assert "non-zero entries 1" in text
    assert text.count("True") == 2
    assert f"{50_257 * 768:,}" in text


def test_embedding_lookup_gradient_touches_only_the_rows_of_tokens_present():
    text = visible_text(run_snippet("embedding_lookup_gradient"))
    assert "5 × 10 · 10 × 8 → 5 × 8" in text
    assert "entry for entry True" in text
    counts = {w: "the cat saw the dog".split().count(w) for w in TINY_VOCAB}
    for i, w in enumerate(TINY_VOCAB):
        row = re.search(rf"{i}: {re.escape(w)} (\d+) ([\d.]+) ([\d.]+)", text)
        assert row, w
        assert int(row.group(1)) == counts[w]
        assert (float(row.group(2)) > 0) == (counts[w] > 0)
        assert row.group(2) == row.group(3)  # analytic and finite differences agree
    assert f"rows with non-zero gradient {sum(1 for c in counts.values() if c)}" in text
    assert "(it occurs twice) True" in text and "within 10^{-6} True" in text


def test_embedding_weight_tying_gives_one_logit_per_token_and_gpt2_share():
    text = visible_text(run_snippet("embedding_weight_tying"))
    assert "8 · 8 × 10 → 10" in text
    assert "entries saved by tying 80" in text
    embeddings = 50_257 * 768
    total = 12 * 12 * 768**2 + embeddings + 1_024 * 768
    assert f"{embeddings:,}" in text and f"{total:,}" in text
    assert f"{round(100 * embeddings / total)}%" in text
    # the lookup reaches only the rows of ids in the text; the tied output reaches every row
    m = tiny_model()
    assert f"(ids in the text) {len(set(m.token_ids.tolist()))} of {len(m.vocab)}" in text
    # independently: row i of (p − e_target)ᵀ h is (p_i − [i = target]) h, non-zero for a non-zero h
    # whenever 0 < p_i < 1, which holds for the softmax of the printed (finite) logits
    (logit_table,) = ho.tables(run_snippet("embedding_weight_tying"))
    z = ho.nums(logit_table.rows["logit"])
    p = [math.exp(v) / sum(math.exp(w) for w in z) for v in z]
    assert len(p) == len(m.vocab) and all(0 < pi < 1 for pi in p)
    assert f"(loss at “dog”, target “.”) {len(m.vocab)} of {len(m.vocab)}" in text
    assert "agrees with finite differences to within 10^{-6} True" in text


def test_d_model_constant_width_shapes_and_quadratic_growth():
    text = visible_text(run_snippet("d_model_constant_width"))
    assert text.count("5 × 8 residual stream") == 3
    assert "5 × 8 sub-layer input" in text and "5 × 8 sub-layer output" in text
    assert "5 × 4 inside attention" in text and "5 × 16 inside the feed-forward" in text
    for d in (256, 512, 1024, 2048, 4096):
        assert f"{12 * d * d:,}" in text  # 4d² attention + 8d² feed-forward
    assert text.count("12.00") == 5 and text.count("4.00") == 4


def test_qkv_projections_print_every_shape():
    text = visible_text(run_snippet("qkv_projections"))
    for name in "QKV":
        assert f"\\underset{{5 × 4}}{{{name}_1}} = \\underset{{5 × 8}}{{X}} \\; \\underset{{8 × 4}}{{W^{name}_1}}" in text
    m = tiny_model()
    wq, wk, _ = m.head_weights(0)
    q, k = m.x @ wq, m.x @ wk
    qd_kc = sum(q[4, c] * k[1, c] for c in range(4))
    qc_kd = sum(q[1, c] * k[4, c] for c in range(4))
    assert f"{qd_kc:.3f}".replace("-", "−") in text and f"{qc_kd:.3f}".replace("-", "−") in text
    assert abs(qd_kc - qc_kd) > 0.1  # scores are not symmetric
    assert "5 × 8 · 8 × 8 → 5 × 8" in text and "8 × 8" in text


def test_head_dims_split_and_equal_cost():
    text = visible_text(run_snippet("head_dims_split"))
    for label, d, h in [("Transformer base (2017)", 512, 8), ("GPT-2 small", 768, 12), ("LLaMA-2 7B", 4096, 32)]:
        assert f"{label} {d} {h} {d // h}" in text
    n, d = 1024, 512
    assert f"{4 * d * d:,} {4 * d * d:,} 1.00" in text
    assert f"{n * n * d:,} {n * n * d:,} 1.00" in text  # h · N² · d/h = N² d
    assert f"{n * n:,} {8 * n * n:,} 8.00" in text  # h softmax tables of N²


def loop_attention(q, k, v, causal):
    n, m = len(q), len(k)
    weights, out = [], []
    for i in range(n):
        s = [sum(a * b for a, b in zip(q[i], k[j])) / math.sqrt(len(q[i])) for j in range(m)]
        allowed = [j for j in range(m) if not causal or j <= i]
        top = max(s[j] for j in allowed)
        e = [math.exp(s[j] - top) if j in allowed else 0.0 for j in range(m)]
        w = [x / sum(e) for x in e]
        weights.append(w)
        out.append([sum(w[j] * v[j][c] for j in range(m)) for c in range(len(v[0]))])
    return weights, out


def fmt(x, p):
    s = f"{x:.{p}f}"
    return (s.lstrip("-") if float(s) == 0 else s).replace("-", "−")


def test_attention_five_steps_matches_explicit_loops():
    text = visible_text(run_snippet("attention_five_steps"))
    m = tiny_model()
    wq, wk, wv = m.head_weights(0)
    q, k, v = (m.x @ wq).tolist(), (m.x @ wk).tolist(), (m.x @ wv).tolist()
    weights, out = loop_attention(q, k, v, causal=True)
    for tok, w in zip(m.tokens, weights):
        assert f"{tok} {' '.join(fmt(x, 3) for x in w)} 1.000" in text
    for tok, o in zip(m.tokens, out):
        assert f"{tok} {' '.join(fmt(x, 3) for x in o)}" in text
    raw = [sum(a * b for a, b in zip(q[0], k[j])) for j in range(5)]
    assert " ".join(fmt(x, 2) for x in raw) in text
    assert " ".join(fmt(x / 2, 2) for x in raw) in text  # divided by √4 = 2
    assert text.count("5 × 5") == 4 and "5 × 4" in text
    assert "scaled_dot_product_attention(Q, K, V, M) True" in text


def test_attention_cross_n_by_m_weights():
    text = visible_text(run_snippet("attention_cross_n_by_m"))
    m = tiny_model()
    wq, wk, wv = m.head_weights(0)
    src = m.w_e[[TINY_VOCAB.index(w) for w in "a dog sat".split()]]
    weights, _ = loop_attention((m.x @ wq).tolist(), (src @ wk).tolist(), (src @ wv).tolist(), causal=False)
    assert "scores and weights, N \\times M 5 × 3" in text and "output, N \\times d_v 5 × 4" in text
    for tok, w in zip(m.tokens, weights):
        assert f"{tok} {' '.join(fmt(x, 3) for x in w)} 1.000" in text


def test_attention_scaling_variance_and_saturation():
    text = visible_text(run_snippet("attention_scaling_variance"))
    variance, saturation = text.split("Softmax over 8 keys")
    dims = (4, 16, 64, 256, 1024)
    for d in dims:
        var, std, scaled = re.search(rf"(?<![\d.,]){d} {d} ([\d.]+) ([\d.]+) ([\d.]+)", variance).groups()
        assert abs(float(var) / d - 1) < 0.05  # 10,000 samples: within a few percent
        assert abs(float(std) - math.sqrt(d)) / math.sqrt(d) < 0.03
        assert abs(float(scaled) - 1) < 0.05
    sat = [tuple(map(float, re.search(rf"(?<![\d.,]){d} ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", saturation).groups())) for d in dims]
    top_raw = [r[0] for r in sat]
    jac_raw = [r[2] for r in sat]
    assert top_raw == sorted(top_raw) and top_raw[-1] > 0.95  # saturating towards one-hot
    assert jac_raw == sorted(jac_raw, reverse=True) and jac_raw[-1] < 0.05
    for _, top_scaled, _, jac_scaled in sat:  # scaled: same regime at every width
        assert 0.3 < top_scaled < 0.45 and 0.18 < jac_scaled <= 0.25  # p(1 - p) ≤ 1/4


def test_causal_mask_weights_zero_above_diagonal_and_zero_gradient():
    text = visible_text(run_snippet("causal_mask_weights"))
    m = tiny_model()
    for i, tok in enumerate(m.tokens):
        assert f"{tok} {' '.join('0' if j <= i else '−∞' for j in range(5))}" in text
    wq, wk, wv = m.head_weights(0)
    args = ((m.x @ wq).tolist(), (m.x @ wk).tolist(), (m.x @ wv).tolist())
    for causal in (False, True):
        for tok, w in zip(m.tokens, loop_attention(*args, causal=causal)[0]):
            assert f"{tok} {' '.join(fmt(x, 3) for x in w)}" in text
    grads = re.findall(r"\\partial\\, \\mathbf\{[kv]\}_j ((?:[\d.]+ ?){5})", text)
    assert len(grads) == 2
    for g in grads:
        vals = [float(x) for x in g.split()]
        assert vals[0] > 0 and vals[1] > 0 and vals[2:] == [0.0, 0.0, 0.0]
    assert "gives the same weights True" in text
    assert "[NaN, NaN, NaN, NaN, NaN]" in text


def test_multi_head_concat_width_and_w_o_rows():
    text = visible_text(run_snippet("multi_head_concat"))
    m = tiny_model()
    wq, wk, wv = m.head_weights(1)
    weights, _ = loop_attention((m.x @ wq).tolist(), (m.x @ wk).tolist(), (m.x @ wv).tolist(), causal=True)
    for tok, w in zip(m.tokens, weights):
        assert f"{tok} {' '.join(fmt(x, 3) for x in w)}" in text
    assert "concatenation, h \\cdot d_v wide 5 × 8 (2 · 4 = 8)" in text
    assert "(one row per number of the concatenation) 8 × 8" in text
    assert "equals multi_head_attention(...) True" in text
    assert text.endswith("equals the output True")
    assert len(re.findall(r"head 1: \d", text)) == 4 and len(re.findall(r"head 2: \d", text)) == 4


def test_sequence_length_cost_grows_linearly_and_quadratically():
    text = visible_text(run_snippet("sequence_length_cost"))
    assert "scores per head, N \\times N 25" in text
    d = 768
    for n in (256, 512, 1024, 2048, 4096, 8192):
        lin, quad = 4 * n * d * d, 2 * n * n * d
        assert f" {n} {n * n:,} {lin:,} {quad:,} {quad / lin:.2f}" in text
    assert f"N = 2 d_model = {2 * d}" in text
    assert "<svg" in run_snippet("sequence_length_cost")


def test_residual_stream_adds_and_keeps_the_identity():
    text = visible_text(run_snippet("residual_stream_adds"))
    rows = {}
    for label in ["(embedding)", "\\operatorname{LN}(\\mathbf{x}_0))", "= \\mathbf{x}_1", "\\operatorname{LN}(\\mathbf{x}_1))", "= \\mathbf{x}_2"]:
        after = text.split(label, 1)[1]
        rows[label] = numbers(after)[:8]
    x0, a, x1, f, x2 = rows.values()
    np.testing.assert_allclose(np.add(x0, a), x1, atol=0.011)  # printed to 2 decimals
    np.testing.assert_allclose(np.add(x1, f), x2, atol=0.011)
    diag = re.findall(r"\(block\) ((?:[−\d.]+ ){8})|\(branch\) ((?:[−\d.]+ ){8})", text)
    block = numbers(diag[0][0])
    branch = numbers(diag[1][1])
    np.testing.assert_allclose(np.subtract(block, branch), 1.0, atol=0.011)
    assert "5 × 8, 5 × 8, 5 × 8, 5 × 8" in text
    assert text.count("True") == 2


def test_pre_post_ln_blocks_stream_statistics():
    text = visible_text(run_snippet("pre_post_ln_blocks"))
    rows = re.findall(r"after layer \d ([\d.]+) ([\d.]+) ([\d.]+)", text)
    assert len(rows) == 6
    for pre_rms, post_rms, post_mean in rows:
        assert float(post_rms) == 1.0 and float(post_mean) == 0.0
    pre = [float(r[0]) for r in rows]
    assert pre[-1] > 2 * float(re.search(r"embeddings ([\d.]+)", text).group(1))  # the Pre-LN stream grows
    assert "sum of all 12 sub-layer outputs True" in text
    assert "Post-LN: the same sum False" in text


def test_pre_post_ln_stream_is_standardised_only_at_gamma_one_beta_zero():
    out = run_snippet("pre_post_ln_blocks")
    t = ho.tables(out)[-1]
    init, trained = (ho.nums(cells) for cells in t.rows.values())
    # γ = 1, β = 0: every token's mean is 0 and its variance 1 − ε/(σ² + ε), within 1e-3 of 1
    assert init[0] == 0.0 and init[1] == init[2] == 1.0
    # learned γ, β: the stream is γ ⊙ x̂ + β, so neither statistic is pinned any more
    assert trained[0] > 0.05 and trained[2] > trained[1] and abs(trained[1] - 1.0) > 0.05


def test_layernorm_per_token_and_batchnorm_contrast():
    text = visible_text(run_snippet("layernorm_per_token"))
    m = tiny_model()
    for tok, row in zip(m.tokens, m.x.tolist()):
        mu = sum(row) / len(row)
        var = sum((x - mu) ** 2 for x in row) / len(row)
        assert f"{tok} {fmt(mu, 4)} {fmt(var, 4)} 0.0000 1.0000" in text
    assert "largest per-feature mean over the 5 tokens 0.000" in text
    per_token = float(re.search(r"largest per-token mean \(not 0\) ([\d.]+)", text).group(1))
    assert per_token > 0.1
    assert "change in LayerNorm output at “cat” 0.000" in text
    assert float(re.search(r"change in BatchNorm output at “cat” ([\d.]+)", text).group(1)) > 0.1


def test_rmsnorm_vs_layernorm_unit_rms_and_nonzero_mean():
    text = visible_text(run_snippet("rmsnorm_vs_layernorm"))
    m = tiny_model()
    for tok, row in zip(m.tokens, m.x.tolist()):
        mu = sum(row) / len(row)
        r = math.sqrt(sum(x * x for x in row) / len(row))
        rms_mean = mu / math.sqrt(r * r + 1e-6)
        assert f"{tok} {fmt(mu, 3)} {fmt(r, 3)} 0.000 1.000 {fmt(rms_mean, 3)} 1.000" in text
    assert "equals LayerNorm of \\mathbf{x} (up to their different \\epsilon ) True" in text
    assert text.endswith("RMSNorm of \\mathbf{x} equals LayerNorm of \\mathbf{x} False")


def test_epsilon_guards_a_constant_vector():
    out = run_snippet("epsilon_constant_vector")
    text = visible_text(out)
    assert "\\operatorname{LayerNorm}(3, \\ldots, 3) : \\sigma^2 = 0 NaN 0.0000 0.0000" in text
    assert "\\operatorname{RMSNorm}(0, \\ldots, 0) : mean square 0 NaN 0.0000 0.0000" in text
    assert "RMS 3, no problem 1.0000 1.0000 1.0000" in text
    assert re.search(r"“cat”, \\sigma\^2 = [\d.]+ 1\.0000 1\.0000 1\.0000", text)
    near = re.search(r"nearly constant, \\sigma\^2 = ([\d.]+) \\times 10\^\{([−-]?\d+)\} ([\d.]+) ([\d.]+) ([\d.]+)", text)
    var = float(near.group(1)) * 10 ** int(near.group(2).replace("−", "-"))
    std0, std6, std5 = (float(near.group(i)) for i in (3, 4, 5))
    assert std0 == 1.0
    # LayerNorm's output std is sqrt(var / (var + eps)); the printed variance has 2 digits
    assert abs(std6 - math.sqrt(var / (var + 1e-6))) < 0.02
    assert abs(std5 - math.sqrt(var / (var + 1e-5))) < 0.02
    change = float(re.search(r"LayerNorm\(“cat”\) ([\d.]+)", text).group(1))
    assert 0 < change < 1e-4
    # (0.7, 0.7, 0.7): in plain floats the mean is (0.7 + 0.7 + 0.7) / 3, one ulp below 0.7, so each
    # x − μ is that ulp and LayerNorm gives ulp / √(ulp² + ε), about 3.5e−14, rather than 0
    mu = (0.7 + 0.7 + 0.7) / 3
    dev = 0.7 - mu
    assert dev != 0 and ho.num(ho.fact(out, "minus 0.7")) == float(f"{mu - 0.7:.2e}")
    assert ho.num(ho.fact(out, "0 up to rounding")) == float(f"{dev / math.sqrt(dev * dev + 1e-5):.2e}")


def test_swiglu_gate_times_value():
    text = visible_text(run_snippet("swiglu_gate_times_value"))
    rows = re.findall(r"j = (\d+) ([−\d.]+) ([−\d.]+) ([−\d.]+) ([−\d.]+)", text)
    assert len(rows) == 16
    for _, g, s, v, p in rows:
        g, s, v, p = (float(x.replace("−", "-")) for x in (g, s, v, p))
        assert abs(s - g / (1 + math.exp(-g))) < 2e-3  # SiLU(g) = g·σ(g), from the printed gate
        assert abs(p - s * v) < 2e-3 + 1e-3 * (abs(s) + abs(v))
    assert "8, 8 × 16, 8 × 16, 16 × 8" in text
    assert "equals swiglu(x, W_{\\text{gate}} , W_{\\text{up}} , W_{\\text{down}} ) True" in text
    assert f"{3 * 4096 * 11008:,}" in text and f"{2 * 4096 * 4 * 4096:,}" in text
    # SiLU dips below 0: its minimum solves 1 + x(1 − σ(x)) = 0 (bisection with math, not the library)
    lo, hi = -3.0, -0.5
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if 1 + mid * (1 - 1 / (1 + math.exp(-mid))) < 0 else (lo, mid)
    x_min = (lo + hi) / 2
    y_min = x_min / (1 + math.exp(-x_min))
    assert "lowest value of \\operatorname{SiLU} (on a grid of step 10^{-5} ) " + f"{y_min:.4f}".replace("-", "−") in text
    assert f"x = {x_min:.3f}" in text
    # negative gates in the printed table: count them, and each flips the sign of its value
    gates = [(float(s.replace("−", "-")), float(v.replace("−", "-"))) for _, _, s, v, _ in rows]
    negative = [(s, v) for s, v in gates if s < 0]
    assert negative and all(s * v * v <= 0 for s, v in negative)  # s·v has the opposite sign of v
    assert f"is negative {len(negative)} of 16" in text
    assert "opposite sign of the value True" in text
    assert "amplifies its value" in text and max(s for s, _ in gates) > 1
