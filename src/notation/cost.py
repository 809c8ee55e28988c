"""Model size and memory arithmetic, and operation counts that show how cost scales.

Every count here comes from the shapes of the weight matrices and activations, so it can
be checked by building the arrays and adding up their sizes (the tests do exactly that).
Operation counts are multiply-adds (one multiplication and one addition); FLOPs, as papers
quote them, are twice as many.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "BYTES_PER_PARAM",
    "model_memory_bytes",
    "transformer_param_counts",
    "transformer_params",
    "training_memory_bytes",
    "block_activation_shapes",
    "activation_memory_bytes",
    "attention_ops",
    "generation_attention_ops",
    "lora_params",
]

BYTES_PER_PARAM: dict[str, float] = {
    "fp64": 8,
    "fp32": 4,
    "tf32": 4,
    "fp16": 2,
    "bf16": 2,
    "fp8": 1,
    "int8": 1,
    "int4": 0.5,
}
"""Bytes one stored number takes in each format (tf32 is stored in 32 bits)."""


def _check_dtype(dtype: str) -> None:
    if dtype not in BYTES_PER_PARAM:
        raise ValueError(f"unknown dtype {dtype!r}; expected one of {', '.join(BYTES_PER_PARAM)}")


def _check_count(value: Any, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def model_memory_bytes(n_params: int | float, dtype: str) -> int:
    """Bytes to hold ``n_params`` numbers of type ``dtype`` (weights only, no activations).

    >>> model_memory_bytes(124_000_000, "bf16")
    248000000
    """
    _check_dtype(dtype)
    if isinstance(n_params, bool) or not isinstance(n_params, (int, float)) or n_params < 0:
        raise ValueError(f"n_params must be a non-negative number, got {n_params!r}")
    return int(round(n_params * BYTES_PER_PARAM[dtype]))


def transformer_param_counts(
    d_model: int,
    n_layers: int,
    vocab: int,
    d_ff: int | None = None,
    *,
    n_ctx: int | None = None,
    tied_embeddings: bool = True,
    biases: bool = True,
    norm: str = "layernorm",
    gated_ffn: bool = False,
) -> dict[str, int]:
    """Parameters of a decoder-only transformer, component by component (totals over all layers).

    - ``embedding``: the token table $W_E$, ``vocab × d_model``;
    - ``positions``: a learned position table, ``n_ctx × d_model`` (0 if ``n_ctx`` is None,
      as with rotary or sinusoidal positions);
    - ``attention``: $W^Q, W^K, W^V, W^O$, four ``d_model × d_model`` matrices per layer,
      plus ``4 d_model`` biases;
    - ``feed_forward``: ``d_model × d_ff`` and ``d_ff × d_model`` per layer (three matrices
      if ``gated_ffn``, as in SwiGLU), plus ``d_ff + d_model`` biases;
    - ``norms``: two norms per layer, each a gain (and a shift for LayerNorm) of length
      ``d_model``;
    - ``final_norm``: one more norm after the last layer;
    - ``unembedding``: the output matrix, 0 when it is tied to $W_E$.

    ``d_ff`` defaults to ``4 d_model``. GPT-2 small (124 M):

    >>> counts = transformer_param_counts(768, 12, 50_257, 3072, n_ctx=1024)
    >>> counts["embedding"], counts["attention"] // 12, sum(counts.values())
    (38597376, 2362368, 124439808)
    """
    d = _check_count(d_model, "d_model")
    layers = _check_count(n_layers, "n_layers")
    v = _check_count(vocab, "vocab")
    ff = 4 * d if d_ff is None else _check_count(d_ff, "d_ff")
    ctx = 0 if n_ctx is None else _check_count(n_ctx, "n_ctx")
    if norm not in ("layernorm", "rmsnorm"):
        raise ValueError(f"norm must be 'layernorm' or 'rmsnorm', got {norm!r}")
    norm_size = 2 * d if norm == "layernorm" else d
    b = 1 if biases else 0
    attention = 4 * d * d + b * 4 * d
    feed_forward = (3 if gated_ffn else 2) * d * ff + b * ((2 if gated_ffn else 1) * ff + d)
    return {
        "embedding": v * d,
        "positions": ctx * d,
        "attention": layers * attention,
        "feed_forward": layers * feed_forward,
        "norms": layers * 2 * norm_size,
        "final_norm": norm_size,
        "unembedding": 0 if tied_embeddings else v * d,
    }


def transformer_params(
    d_model: int,
    n_layers: int,
    vocab: int,
    d_ff: int | None = None,
    **options: Any,
) -> int:
    """Total parameters of a decoder-only transformer; see `transformer_param_counts`.

    Llama-2-7B: no biases, RMSNorm, SwiGLU, rotary positions, separate output matrix.

    >>> transformer_params(4096, 32, 32_000, 11_008, tied_embeddings=False, biases=False,
    ...                    norm="rmsnorm", gated_ffn=True)
    6738415616
    """
    return sum(transformer_param_counts(d_model, n_layers, vocab, d_ff, **options).values())


def training_memory_bytes(n_params: int, dtype: str = "fp32", optimizer: str = "adam") -> dict[str, int]:
    """Bytes that training needs for the parameters alone, before any activations.

    Weights and gradients are stored in ``dtype``; optimizer states are kept in fp32
    (Adam keeps two per weight, the moments m and v; SGD with momentum one; plain SGD
    none). A 16-bit ``dtype`` means mixed precision, which also keeps an fp32 master
    copy of the weights.

    >>> mem = training_memory_bytes(1_000_000, "bf16")
    >>> mem["weights"], mem["optimizer_states"], sum(mem.values()) // 1_000_000
    (2000000, 8000000, 16)
    """
    n = _check_count(n_params, "n_params", minimum=0)
    _check_dtype(dtype)
    states = {"adam": 2, "momentum": 1, "sgd": 0}
    if optimizer not in states:
        raise ValueError(f"optimizer must be one of {', '.join(states)}, got {optimizer!r}")
    mixed = BYTES_PER_PARAM[dtype] < 4
    return {
        "weights": model_memory_bytes(n, dtype),
        "gradients": model_memory_bytes(n, dtype),
        "optimizer_states": states[optimizer] * model_memory_bytes(n, "fp32"),
        "master_weights": model_memory_bytes(n, "fp32") if mixed else 0,
    }


def block_activation_shapes(
    batch: int, seq_len: int, d_model: int, n_heads: int, d_ff: int | None = None
) -> dict[str, tuple[int, ...]]:
    """The tensors one pre-LN transformer block computes for a batch and keeps for backprop.

    A simple accounting of the main tensors (real frameworks save somewhat different
    sets): the block input, LayerNorm output, Q, K and V, the attention scores and the
    softmax weights (one ``N × N`` matrix per head), the heads' concatenated output, the
    output projection, the residual sum, the second LayerNorm, the feed-forward hidden
    layer before and after its activation function, and the feed-forward output.

    >>> shapes = block_activation_shapes(2, 16, 64, 4)
    >>> shapes["scores"], shapes["ffn_hidden"]
    ((2, 4, 16, 16), (2, 16, 256))
    """
    b = _check_count(batch, "batch")
    n = _check_count(seq_len, "seq_len")
    d = _check_count(d_model, "d_model")
    h = _check_count(n_heads, "n_heads")
    ff = 4 * d if d_ff is None else _check_count(d_ff, "d_ff")
    if d % h:
        raise ValueError(f"d_model ({d}) must be divisible by n_heads ({h})")
    tokens = (b, n, d)
    return {
        "block_input": tokens,
        "ln1_output": tokens,
        "queries": tokens,
        "keys": tokens,
        "values": tokens,
        "scores": (b, h, n, n),
        "attention_weights": (b, h, n, n),
        "heads_concat": tokens,
        "attention_output": tokens,
        "residual": tokens,
        "ln2_output": tokens,
        "ffn_hidden": (b, n, ff),
        "ffn_activated": (b, n, ff),
        "ffn_output": tokens,
    }


def activation_memory_bytes(
    batch: int,
    seq_len: int,
    d_model: int,
    n_heads: int,
    n_layers: int,
    d_ff: int | None = None,
    *,
    vocab: int | None = None,
    dtype: str = "fp32",
) -> int:
    """Bytes of activations kept for backprop: `block_activation_shapes` × layers (+ logits).

    Grows with ``batch × seq_len`` (and with ``seq_len²`` through the attention scores),
    not with the number of weights. ``vocab`` adds the final ``batch × seq_len × vocab`` logits.

    >>> activation_memory_bytes(1, 1024, 768, 12, 12, vocab=50_257, dtype="bf16")
    1046644736
    """
    layers = _check_count(n_layers, "n_layers")
    _check_dtype(dtype)
    shapes = block_activation_shapes(batch, seq_len, d_model, n_heads, d_ff)
    per_layer = sum(int(np.prod(s)) for s in shapes.values())
    logits = 0 if vocab is None else batch * seq_len * _check_count(vocab, "vocab")
    return model_memory_bytes(layers * per_layer + logits, dtype)


def attention_ops(seq_len: int, d_model: int) -> dict[str, int]:
    """Multiply-adds of one self-attention layer over ``seq_len`` tokens.

    - ``projections``: $Q, K, V$ and the output $W^O$, four ``(N × d) @ (d × d)`` products,
      ``4 N d²`` (linear in N);
    - ``scores``: $QK^\\top$, ``N × N`` dot products of length ``d``, ``N² d``;
    - ``weighted_sum``: the ``N × N`` weights times $V$, ``N² d``.

    Split into h heads of size d/h the totals are the same. Doubling N doubles the
    projections and quadruples the other two.

    >>> ops = attention_ops(1024, 768)
    >>> ops["scores"], ops["projections"]
    (805306368, 2415919104)
    """
    n = _check_count(seq_len, "seq_len")
    d = _check_count(d_model, "d_model")
    return {"projections": 4 * n * d * d, "scores": n * n * d, "weighted_sum": n * n * d}


def generation_attention_ops(n_tokens: int, d_model: int, kv_cache: bool) -> dict[str, int]:
    """Multiply-adds of one attention layer while generating ``n_tokens`` one at a time.

    Step t (t = 1 … N) needs attention over the t tokens so far.

    - Without a KV cache every step recomputes everything for all t tokens: projections
      ``4 t d²`` and a full ``t × t`` attention, ``2 t² d``. Summed over the steps the
      attention part grows like N³.
    - With a KV cache the keys and values of earlier tokens are kept, so a step projects
      one new token (``4 d²``) and compares one query with t keys (``2 t d``): N² in total.

    >>> generation_attention_ops(100, 64, kv_cache=False)["attention"]
    43308800
    >>> generation_attention_ops(100, 64, kv_cache=True)["attention"]
    646400
    """
    n = _check_count(n_tokens, "n_tokens")
    d = _check_count(d_model, "d_model")
    if not isinstance(kv_cache, (bool, np.bool_)):
        raise TypeError(f"kv_cache must be True or False, got {type(kv_cache).__name__}")
    sum_t = n * (n + 1) // 2
    sum_t2 = n * (n + 1) * (2 * n + 1) // 6
    if kv_cache:
        return {"projections": 4 * d * d * n, "attention": 2 * d * sum_t}
    return {"projections": 4 * d * d * sum_t, "attention": 2 * d * sum_t2}


def lora_params(d_out: int, d_in: int, rank: int) -> int:
    """Trainable parameters of a rank-r LoRA update ``ΔW = B A`` of a ``d_out × d_in`` weight.

    ``B`` is ``d_out × r`` and ``A`` is ``r × d_in``, so ``r (d_out + d_in)`` numbers instead
    of ``d_out d_in``.

    >>> lora_params(4096, 4096, 8), 4096 * 4096
    (65536, 16777216)
    """
    m = _check_count(d_out, "d_out")
    n = _check_count(d_in, "d_in")
    r = _check_count(rank, "rank")
    if r > min(m, n):
        raise ValueError(f"rank must be at most min(d_out, d_in) = {min(m, n)}, got {r}")
    return r * (m + n)
