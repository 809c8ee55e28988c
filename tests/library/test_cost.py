"""notation.cost against arrays built explicitly, explicit loops and published counts."""

import numpy as np
import pytest

from notation import (
    BYTES_PER_PARAM,
    activation_memory_bytes,
    attention_ops,
    block_activation_shapes,
    generation_attention_ops,
    lora_params,
    model_memory_bytes,
    training_memory_bytes,
    transformer_param_counts,
    transformer_params,
)


def build_weights(d, layers, vocab, d_ff, n_ctx=None, tied=True, biases=True, norm="layernorm", gated=False):
    """Every weight array of a decoder-only transformer, named as in GPT-2 / Llama checkpoints."""
    w = {"wte": np.zeros((vocab, d))}
    if n_ctx:
        w["wpe"] = np.zeros((n_ctx, d))

    def add_norm(name):
        w[f"{name}.weight"] = np.ones(d)
        if norm == "layernorm":
            w[f"{name}.bias"] = np.zeros(d)

    def add_linear(name, d_in, d_out):
        w[f"{name}.weight"] = np.zeros((d_in, d_out))
        if biases:
            w[f"{name}.bias"] = np.zeros(d_out)

    for i in range(layers):
        add_norm(f"h{i}.ln_1")
        for p in ("q", "k", "v", "o"):
            add_linear(f"h{i}.attn.{p}", d, d)
        add_norm(f"h{i}.ln_2")
        add_linear(f"h{i}.mlp.up", d, d_ff)
        if gated:
            add_linear(f"h{i}.mlp.gate", d, d_ff)
        add_linear(f"h{i}.mlp.down", d_ff, d)
    add_norm("ln_f")
    if not tied:
        w["lm_head"] = np.zeros((vocab, d))
    return w


CONFIGS = [
    dict(),
    dict(n_ctx=7),
    dict(tied=False, biases=False, norm="rmsnorm", gated=True),
    dict(n_ctx=5, tied=False),
    dict(biases=False, gated=True),
]


@pytest.mark.parametrize("cfg", CONFIGS)
def test_transformer_params_equals_the_size_of_explicit_arrays(cfg):
    d, layers, vocab, d_ff = 8, 3, 11, 20
    weights = build_weights(d, layers, vocab, d_ff, **cfg)
    expected = sum(a.size for a in weights.values())
    got = transformer_params(
        d, layers, vocab, d_ff,
        n_ctx=cfg.get("n_ctx"),
        tied_embeddings=cfg.get("tied", True),
        biases=cfg.get("biases", True),
        norm=cfg.get("norm", "layernorm"),
        gated_ffn=cfg.get("gated", False),
    )
    assert got == expected


def test_transformer_param_counts_components_match_arrays():
    d, layers, vocab, d_ff = 6, 2, 9, 24
    w = build_weights(d, layers, vocab, d_ff, n_ctx=4)
    counts = transformer_param_counts(d, layers, vocab, d_ff, n_ctx=4)
    assert counts["embedding"] == w["wte"].size
    assert counts["positions"] == w["wpe"].size
    assert counts["attention"] == sum(a.size for k, a in w.items() if ".attn." in k)
    assert counts["feed_forward"] == sum(a.size for k, a in w.items() if ".mlp." in k)
    assert counts["norms"] == sum(a.size for k, a in w.items() if ".ln_" in k)
    assert counts["final_norm"] == w["ln_f.weight"].size + w["ln_f.bias"].size
    assert counts["unembedding"] == 0


def test_gpt2_small_matches_the_published_count():
    # GPT-2 small: 124,439,808 parameters (Hugging Face GPT2Model.num_parameters()),
    # quoted as "124M"
    n = transformer_params(768, 12, 50_257, 3072, n_ctx=1024)
    assert n == 124_439_808
    assert abs(n - 124e6) / 124e6 < 0.01
    assert transformer_params(768, 12, 50_257, n_ctx=1024) == n  # d_ff defaults to 4 d_model


def test_llama2_7b_matches_the_published_count():
    n = transformer_params(4096, 32, 32_000, 11_008, tied_embeddings=False, biases=False, norm="rmsnorm", gated_ffn=True)
    assert n == 6_738_415_616


@pytest.mark.parametrize(
    "args, kwargs, error",
    [
        ((0, 2, 10), {}, ValueError),
        ((8, 2.0, 10), {}, TypeError),
        ((8, 2, True), {}, TypeError),
        ((8, 2, 10), {"norm": "batchnorm"}, ValueError),
        ((8, 2, 10, -4), {}, ValueError),
    ],
)
def test_transformer_params_rejects_bad_input(args, kwargs, error):
    with pytest.raises(error):
        transformer_params(*args, **kwargs)


@pytest.mark.parametrize("dtype, np_dtype", [("fp64", np.float64), ("fp32", np.float32), ("fp16", np.float16), ("int8", np.int8)])
def test_model_memory_bytes_equals_numpy_nbytes(dtype, np_dtype):
    for n in (0, 1, 1000, 12_345):
        assert model_memory_bytes(n, dtype) == np.zeros(n, dtype=np_dtype).nbytes


def test_model_memory_bytes_arithmetic_and_errors():
    assert model_memory_bytes(124_000_000, "bf16") == 248_000_000
    assert model_memory_bytes(124_000_000, "int4") == 62_000_000
    assert set(BYTES_PER_PARAM) >= {"fp32", "bf16", "fp16", "int8"}
    with pytest.raises(ValueError):
        model_memory_bytes(10, "fp12")
    for bad in (-1, "10", True):
        with pytest.raises(ValueError):
            model_memory_bytes(bad, "fp32")


def test_training_memory_bytes_is_16_bytes_per_weight_with_adam():
    n = 1_000_003
    fp32 = training_memory_bytes(n, "fp32")
    assert fp32 == {"weights": 4 * n, "gradients": 4 * n, "optimizer_states": 8 * n, "master_weights": 0}
    bf16 = training_memory_bytes(n, "bf16")
    assert sum(bf16.values()) == (2 + 2 + 4 + 4 + 4) * n
    assert sum(training_memory_bytes(n, "fp32", "sgd").values()) == 8 * n
    assert training_memory_bytes(n, "fp32", "momentum")["optimizer_states"] == 4 * n
    with pytest.raises(ValueError):
        training_memory_bytes(n, "fp32", "lion")
    with pytest.raises(ValueError):
        training_memory_bytes(n, "fp7")
    with pytest.raises(TypeError):
        training_memory_bytes(1.5, "fp32")


def forward_block(x, n_heads, d_ff, rng):
    """One pre-LN block written out with NumPy; returns every intermediate tensor it computes."""
    b, n, d = x.shape
    dk = d // n_heads
    acts = {"block_input": x}

    def ln(t):
        return (t - t.mean(-1, keepdims=True)) / np.sqrt(t.var(-1, keepdims=True) + np.float32(1e-5))

    def lin(t, d_out):
        return t @ rng.normal(size=(t.shape[-1], d_out)).astype(np.float32)

    acts["ln1_output"] = h = ln(x)
    acts["queries"], acts["keys"], acts["values"] = q, k, v = lin(h, d), lin(h, d), lin(h, d)
    split = lambda t: t.reshape(b, n, n_heads, dk).transpose(0, 2, 1, 3)  # noqa: E731
    acts["scores"] = s = split(q) @ split(k).transpose(0, 1, 3, 2) / np.float32(np.sqrt(dk)) + np.triu(np.full((n, n), -np.inf, dtype=np.float32), 1)
    e = np.exp(s - s.max(-1, keepdims=True))
    acts["attention_weights"] = a = e / e.sum(-1, keepdims=True)
    acts["heads_concat"] = c = (a @ split(v)).transpose(0, 2, 1, 3).reshape(b, n, d)
    acts["attention_output"] = o = lin(c, d)
    acts["residual"] = r = x + o
    acts["ln2_output"] = h2 = ln(r)
    acts["ffn_hidden"] = f = lin(h2, d_ff)
    acts["ffn_activated"] = g = np.maximum(f, 0)
    acts["ffn_output"] = lin(g, d)
    return r + acts["ffn_output"], acts


def test_block_activation_shapes_match_an_explicit_forward_pass():
    rng = np.random.default_rng(0)
    b, n, d, h, ff = 2, 5, 12, 3, 20
    _, acts = forward_block(rng.normal(size=(b, n, d)).astype(np.float32), h, ff, rng)
    assert block_activation_shapes(b, n, d, h, ff) == {k: a.shape for k, a in acts.items()}
    assert block_activation_shapes(b, n, d, h)["ffn_hidden"] == (b, n, 4 * d)


def test_activation_memory_bytes_equals_nbytes_of_the_forward_pass():
    rng = np.random.default_rng(1)
    b, n, d, h, ff, layers, vocab = 2, 6, 8, 2, 16, 3, 13
    x = rng.normal(size=(b, n, d)).astype(np.float32)
    total = 0
    for _ in range(layers):
        x, acts = forward_block(x, h, ff, rng)
        assert all(a.dtype == np.float32 for a in acts.values())
        total += sum(a.nbytes for a in acts.values())
    logits = x @ rng.normal(size=(d, vocab)).astype(np.float32)
    assert activation_memory_bytes(b, n, d, h, layers, ff, vocab=vocab, dtype="fp32") == total + logits.nbytes
    assert activation_memory_bytes(b, n, d, h, layers, ff, dtype="fp32") == total
    assert activation_memory_bytes(b, n, d, h, layers, ff, dtype="bf16") == total // 2


def test_activation_memory_grows_with_batch_and_quadratically_through_scores():
    one = activation_memory_bytes(1, 64, 32, 4, 2)
    assert activation_memory_bytes(3, 64, 32, 4, 2) == 3 * one
    shapes = block_activation_shapes(1, 64, 32, 4)
    per_layer_scores = 2 * 4 * 64 * 64
    assert sum(int(np.prod(s)) for s in shapes.values()) == 10 * 64 * 32 + 2 * 64 * 128 + per_layer_scores


def test_block_activation_shapes_rejects_bad_heads():
    with pytest.raises(ValueError):
        block_activation_shapes(1, 4, 10, 3)
    with pytest.raises(ValueError):
        block_activation_shapes(0, 4, 12, 3)
    with pytest.raises(ValueError):
        activation_memory_bytes(1, 4, 12, 3, 2, dtype="fp9")


def count_attention_by_loops(n, d):
    """Multiply-adds of attention, counted one multiplication at a time."""
    proj = scores = weighted = 0
    for _ in range(4):  # Q, K, V, O projections: each output entry is a length-d dot product
        for _row in range(n):
            for _col in range(d):
                proj += d
    for _i in range(n):
        for _j in range(n):
            scores += d  # q_i · k_j
    for _i in range(n):
        for _c in range(d):
            weighted += n  # sum_j a_ij v_jc
    return {"projections": proj, "scores": scores, "weighted_sum": weighted}


@pytest.mark.parametrize("n, d", [(1, 1), (5, 3), (7, 4)])
def test_attention_ops_match_loop_counts(n, d):
    assert attention_ops(n, d) == count_attention_by_loops(n, d)


def test_attention_ops_scaling():
    small, big = attention_ops(512, 64), attention_ops(1024, 64)
    assert big["scores"] == 4 * small["scores"]
    assert big["projections"] == 2 * small["projections"]
    with pytest.raises(ValueError):
        attention_ops(0, 64)
    with pytest.raises(TypeError):
        attention_ops(10.0, 64)


@pytest.mark.parametrize("n, d", [(1, 3), (6, 2), (13, 5)])
def test_generation_attention_ops_match_step_by_step_loops(n, d):
    no_cache = {"projections": 0, "attention": 0}
    cache = {"projections": 0, "attention": 0}
    for t in range(1, n + 1):
        full = count_attention_by_loops(t, d)
        no_cache["projections"] += full["projections"]
        no_cache["attention"] += full["scores"] + full["weighted_sum"]
        cache["projections"] += 4 * d * d  # one new token through four d × d matrices
        cache["attention"] += t * d + t * d  # one query against t keys, then t values
    assert generation_attention_ops(n, d, kv_cache=False) == no_cache
    assert generation_attention_ops(n, d, kv_cache=True) == cache


def test_generation_attention_ops_cubic_versus_quadratic():
    a = generation_attention_ops(1000, 64, kv_cache=False)["attention"]
    b = generation_attention_ops(2000, 64, kv_cache=False)["attention"]
    c = generation_attention_ops(1000, 64, kv_cache=True)["attention"]
    e = generation_attention_ops(2000, 64, kv_cache=True)["attention"]
    assert 7.9 < b / a < 8.1 and 3.9 < e / c < 4.1
    with pytest.raises(TypeError):
        generation_attention_ops(10, 4, kv_cache="yes")


def test_lora_params_equals_sizes_of_a_and_b():
    for d_out, d_in, r in [(4096, 4096, 8), (10, 6, 2), (3, 5, 3)]:
        b, a = np.zeros((d_out, r)), np.zeros((r, d_in))
        assert lora_params(d_out, d_in, r) == b.size + a.size
    assert lora_params(4096, 4096, 8) / (4096 * 4096) == pytest.approx(0.00390625)
    with pytest.raises(ValueError):
        lora_params(4, 6, 5)
    with pytest.raises(ValueError):
        lora_params(4, 6, 0)
    with pytest.raises(TypeError):
        lora_params(4, 6, 2.0)
