"""notation.transformer against separate, explicit computations."""

import math

import numpy as np
import pytest

from notation import (
    TINY_VOCAB,
    attention_cost,
    block_param_count,
    causal_mask,
    embed,
    embedding_grad,
    gradient,
    head_dim,
    layer_norm,
    merge_heads,
    multi_head_attention,
    one_hot,
    post_ln_block,
    pre_ln_block,
    rms_norm,
    scaled_dot_product_attention,
    split_heads,
    swiglu,
    tiny_model,
)


def test_tiny_model_is_deterministic_and_shaped_as_documented():
    a, b, c = tiny_model(), tiny_model(0), tiny_model(1)
    for name in ("w_e", "w_q", "w_k", "w_v", "w_o", "w_gate", "w_up", "w_down"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
        assert not np.array_equal(getattr(a, name), getattr(c, name))
    assert (a.d_model, a.n_heads, a.d_head, a.d_ff) == (8, 2, 4, 16)
    assert a.w_e.shape == (len(TINY_VOCAB), 8) == (10, 8)
    assert a.w_gate.shape == a.w_up.shape == (8, 16) and a.w_down.shape == (16, 8)
    assert " ".join(a.tokens) == a.text == "the cat saw the dog"
    assert a.token_ids.tolist() == [TINY_VOCAB.index(t) for t in a.text.split()]
    np.testing.assert_array_equal(a.x, a.w_e[a.token_ids])
    wq1, wk1, wv1 = a.head_weights(1)
    np.testing.assert_array_equal(wq1, a.w_q[:, 4:8])
    np.testing.assert_array_equal(wk1, a.w_k[:, 4:8])
    np.testing.assert_array_equal(wv1, a.w_v[:, 4:8])
    with pytest.raises(ValueError):
        a.head_weights(2)
    with pytest.raises(TypeError):
        tiny_model(0.5)
    with pytest.raises(ValueError):
        tiny_model(-1)


def test_tiny_model_sub_layers_are_causal_attention_and_swiglu():
    m = tiny_model()
    out, _ = multi_head_attention(m.x, m.w_q, m.w_k, m.w_v, m.w_o, 2, mask=causal_mask(5))
    np.testing.assert_array_equal(m.attention(m.x), out)
    np.testing.assert_array_equal(m.attention(m.x, causal=False), multi_head_attention(m.x, m.w_q, m.w_k, m.w_v, m.w_o, 2)[0])
    # causal: the first token's output ignores every later token
    x2 = m.x.copy()
    x2[1:] += 1.0
    np.testing.assert_array_equal(m.attention(x2)[0], m.attention(m.x)[0])
    np.testing.assert_array_equal(m.ffn(m.x), swiglu(m.x, m.w_gate, m.w_up, m.w_down))
    with pytest.raises(ValueError, match="2 axes"):
        m.attention(m.x[0])


def test_embed_equals_one_hot_product_and_a_loop():
    m = tiny_model()
    x = embed(m.token_ids, m.w_e)
    np.testing.assert_allclose(x, one_hot(m.token_ids, 10) @ m.w_e)
    for t, i in enumerate(m.token_ids):
        assert x[t].tolist() == [m.w_e[i, c] for c in range(8)]
    assert embed(np.array([[1, 2], [3, 4]]), m.w_e).shape == (2, 2, 8)


@pytest.mark.parametrize("ids, err", [([10], ValueError), ([-1], ValueError), ([1.0], TypeError), ([True], TypeError)])
def test_embed_bad_ids(ids, err):
    with pytest.raises(err):
        embed(ids, np.ones((10, 3)))


def test_embed_needs_a_matrix():
    with pytest.raises(ValueError, match="matrix"):
        embed([0], np.ones(3))


def test_embedding_grad_matches_finite_differences_and_touches_only_used_rows():
    m = tiny_model()
    g_out = np.random.default_rng(5).standard_normal((5, 8))

    def loss(flat):
        return float((embed(m.token_ids, flat.reshape(10, 8)) * g_out).sum())

    numeric = gradient(loss, m.w_e.ravel()).reshape(10, 8)
    analytic = embedding_grad(m.token_ids, g_out, 10)
    np.testing.assert_allclose(analytic, numeric, atol=1e-6)
    used = set(m.token_ids.tolist())
    for i in range(10):
        assert np.any(analytic[i] != 0) == (i in used)
    # "the" appears at positions 0 and 3: its row gets both gradients
    np.testing.assert_allclose(analytic[1], g_out[0] + g_out[3])


def test_embedding_grad_bad_input():
    with pytest.raises(ValueError, match="grad_out"):
        embedding_grad([1, 2], np.ones((3, 4)), 5)
    with pytest.raises(ValueError):
        embedding_grad([7], np.ones((1, 4)), 5)
    with pytest.raises(ValueError):
        embedding_grad([0], np.ones((1, 4)), 0)


def test_head_dim():
    assert head_dim(512, 8) == 64 and head_dim(768, 12) == 64 and head_dim(4096, 32) == 128
    with pytest.raises(ValueError, match="does not divide"):
        head_dim(512, 7)
    with pytest.raises(TypeError):
        head_dim(512.0, 8)


def test_split_and_merge_heads_with_loops():
    x = np.arange(2 * 3 * 6, dtype=float).reshape(2, 3, 6)
    s = split_heads(x, 3)
    assert s.shape == (2, 3, 3, 2)
    for b in range(2):
        for h in range(3):
            for t in range(3):
                assert s[b, h, t].tolist() == x[b, t, 2 * h : 2 * h + 2].tolist()
    np.testing.assert_array_equal(merge_heads(s), x)
    with pytest.raises(ValueError):
        split_heads(x, 4)
    with pytest.raises(ValueError):
        split_heads(np.ones(4), 2)
    with pytest.raises(ValueError):
        merge_heads(np.ones((2, 3)))


def loop_single_head(q, k, v, mask):
    n, m, d = len(q), len(k), len(q[0])
    out = []
    for i in range(n):
        s = [sum(q[i][c] * k[j][c] for c in range(d)) / math.sqrt(d) + mask[i][j] for j in range(m)]
        top = max(s)
        e = [math.exp(x - top) for x in s]
        w = [x / sum(e) for x in e]
        out.append([sum(w[j] * v[j][c] for j in range(m)) for c in range(len(v[0]))])
    return out


@pytest.mark.parametrize("masked", [False, True])
def test_multi_head_equals_separate_heads_concatenated_then_projected(masked):
    m = tiny_model()
    mask = causal_mask(5) if masked else np.zeros((5, 5))
    out, w = multi_head_attention(m.x, m.w_q, m.w_k, m.w_v, m.w_o, 2, mask=mask if masked else None)
    heads = []
    for h in range(2):
        wq, wk, wv = m.head_weights(h)
        heads.append(loop_single_head((m.x @ wq).tolist(), (m.x @ wk).tolist(), (m.x @ wv).tolist(), mask.tolist()))
        _, w_h = scaled_dot_product_attention(m.x @ wq, m.x @ wk, m.x @ wv, mask)
        np.testing.assert_allclose(w[h], w_h)
    concat = np.concatenate([np.array(hd) for hd in heads], axis=1)
    assert concat.shape == (5, 2 * 4)
    np.testing.assert_allclose(out, concat @ m.w_o, atol=1e-12)


def test_one_head_is_plain_attention_and_cross_attention_has_n_by_m_weights():
    rng = np.random.default_rng(4)
    x, src = rng.standard_normal((3, 6)), rng.standard_normal((7, 6))
    wq, wk, wv, wo = (rng.standard_normal((6, 6)) for _ in range(4))
    out, w = multi_head_attention(x, wq, wk, wv, wo, 1)
    ref, ref_w = scaled_dot_product_attention(x @ wq, x @ wk, x @ wv)
    np.testing.assert_allclose(out, ref @ wo)
    np.testing.assert_allclose(w[0], ref_w)
    out, w = multi_head_attention(x, wq, wk, wv, wo, 3, source=src)
    assert out.shape == (3, 6) and w.shape == (3, 3, 7)
    np.testing.assert_allclose(w.sum(axis=-1), 1.0)
    # batched input gives the same as one sequence at a time
    xb = rng.standard_normal((2, 3, 6))
    ob, _ = multi_head_attention(xb, wq, wk, wv, wo, 2)
    for b in range(2):
        np.testing.assert_allclose(ob[b], multi_head_attention(xb[b], wq, wk, wv, wo, 2)[0])


def test_multi_head_bad_shapes_raise():
    m = tiny_model()
    args = (m.x, m.w_q, m.w_k, m.w_v, m.w_o)
    with pytest.raises(ValueError, match="does not divide"):
        multi_head_attention(*args, 3)
    with pytest.raises(ValueError, match="does not broadcast"):
        multi_head_attention(*args, 2, mask=causal_mask(4))
    with pytest.raises(ValueError, match="w_q and w_k"):
        multi_head_attention(m.x, m.w_q, m.w_k[:, :4], m.w_v, m.w_o, 2)
    with pytest.raises(ValueError, match="rows"):
        multi_head_attention(m.x[:, :6], *args[1:], 2)
    with pytest.raises(ValueError, match="w_o"):
        multi_head_attention(*args[:4], m.w_o[:6], 2)
    with pytest.raises(ValueError, match="matrix"):
        multi_head_attention(m.x, m.w_q.ravel(), m.w_k, m.w_v, m.w_o, 2)
    with pytest.raises(ValueError, match="axes"):
        multi_head_attention(m.x[0], *args[1:], 2)


def mults(a_shape, b_shape):
    """Scalar multiplications in an (m × n) @ (n × p) product, counted one output at a time."""
    (rows, inner), (inner2, cols) = a_shape, b_shape
    assert inner == inner2
    return sum(inner for _ in range(rows) for _ in range(cols))


@pytest.mark.parametrize("n, m, d, h", [(5, 5, 8, 2), (7, 3, 12, 4), (4, 4, 6, 1)])
def test_attention_cost_counts_the_actual_products(n, m, d, h):
    dh = d // h
    weights = [(d, h * dh)] * 3 + [(h * dh, d)]
    proj = mults((n, d), (d, h * dh)) + 2 * mults((m, d), (d, h * dh)) + mults((n, h * dh), (h * dh, d))
    scores = sum(mults((n, dh), (dh, m)) for _ in range(h))
    mix = sum(mults((n, m), (m, dh)) for _ in range(h))
    cost = attention_cost(n, d, h, n_keys=m)
    assert cost == {
        "parameters": sum(r * c for r, c in weights),
        "projection_mults": proj,
        "score_mults": scores,
        "mix_mults": mix,
        "softmax_exps": h * n * m,
    }


def test_h_heads_cost_the_same_as_one_full_head_except_softmax():
    many, one = attention_cost(1024, 512, 8), attention_cost(1024, 512, 1)
    assert {k: v for k, v in many.items() if k != "softmax_exps"} == {k: v for k, v in one.items() if k != "softmax_exps"}
    assert many["softmax_exps"] == 8 * one["softmax_exps"]
    m = tiny_model()
    assert attention_cost(5, 8, 2)["parameters"] == m.w_q.size + m.w_k.size + m.w_v.size + m.w_o.size
    with pytest.raises(ValueError):
        attention_cost(0, 8, 2)
    with pytest.raises(ValueError):
        attention_cost(5, 8, 3)
    assert attention_cost(5, 8, 3, d_head=2)["parameters"] == 4 * 8 * 6


def test_block_param_count_matches_the_tiny_model_and_gpt2_small():
    m = tiny_model()
    sizes = sum(getattr(m, n).size for n in ("w_q", "w_k", "w_v", "w_o", "w_gate", "w_up", "w_down"))
    assert block_param_count(8, 16) == sizes
    # GPT-2 small: 12 blocks, d_model 768, d_ff 3072, plus token and position embeddings
    total = 12 * block_param_count(768, 3072, gated=False) + 50257 * 768 + 1024 * 768
    assert abs(total - 124_439_808) / 124_439_808 < 0.002  # the rest is biases and LayerNorm gains
    assert block_param_count(16, 64, gated=False) == 4 * block_param_count(8, 32, gated=False)
    with pytest.raises(TypeError):
        block_param_count(8, 16, gated=1)


def test_swiglu_equals_silu_gate_times_value_then_down():
    m = tiny_model()
    out = swiglu(m.x, m.w_gate, m.w_up, m.w_down)
    g, u = m.x @ m.w_gate, m.x @ m.w_up
    silu = np.vectorize(lambda z: z / (1 + math.exp(-z)))(g)
    np.testing.assert_allclose(out, (silu * u) @ m.w_down)
    assert out.shape == m.x.shape
    with pytest.raises(ValueError, match="last axis"):
        swiglu(m.x[:, :6], m.w_gate, m.w_up, m.w_down)
    with pytest.raises(ValueError, match="w_up"):
        swiglu(m.x, m.w_gate, m.w_up[:, :8], m.w_down)
    with pytest.raises(ValueError, match="w_down"):
        swiglu(m.x, m.w_gate, m.w_up, m.w_down[:8])


def test_pre_and_post_ln_blocks_follow_their_formulas():
    m = tiny_model()

    def ffn(h):
        return swiglu(h, m.w_gate, m.w_up, m.w_down)

    x = m.x
    np.testing.assert_allclose(pre_ln_block(x, ffn), x + ffn(layer_norm(x)))
    np.testing.assert_allclose(post_ln_block(x, ffn), layer_norm(x + ffn(x)))
    np.testing.assert_allclose(pre_ln_block(x, ffn, norm=rms_norm), x + ffn(rms_norm(x)))
    post = post_ln_block(x, ffn)
    np.testing.assert_allclose(post.mean(axis=-1), 0.0, atol=1e-12)
    np.testing.assert_allclose(post.var(axis=-1), 1.0, atol=1e-3)
    with pytest.raises(ValueError, match="stream's shape"):
        pre_ln_block(x, lambda h: h[:, :4])
    with pytest.raises(ValueError, match="stream's shape"):
        post_ln_block(x, lambda h: h.sum())


def test_post_ln_stream_statistics_follow_gamma_and_beta_not_zero_and_one():
    """Post-LN gives per-token mean 0 / variance 1 only at γ = 1, β = 0 (issue 13):
    with a learned γ, β each token is γ ⊙ x̂ + β, checked here with plain loops."""
    m = tiny_model()
    rng = np.random.default_rng(5)
    gamma, beta = rng.uniform(0.5, 2.0, 8), rng.normal(0.0, 0.3, 8)

    def ffn(h):
        return swiglu(h, m.w_gate, m.w_up, m.w_down)

    post = post_ln_block(m.x, ffn, norm=lambda h: layer_norm(h, gamma, beta))
    s = m.x + ffn(m.x)
    for row, out in zip(s.tolist(), post):
        mu = sum(row) / len(row)
        sd = math.sqrt(sum((v - mu) ** 2 for v in row) / len(row) + 1e-5)
        y = [g * (v - mu) / sd + b for v, g, b in zip(row, gamma, beta)]
        np.testing.assert_allclose(out, y, rtol=1e-12, atol=1e-12)
        mean_y = sum(y) / len(y)
        assert abs(mean_y) > 1e-3 or abs(sum((v - mean_y) ** 2 for v in y) / len(y) - 1) > 1e-2
