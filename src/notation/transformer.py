"""Transformer layers: embeddings, multi-head attention, SwiGLU, Pre-LN and Post-LN blocks.

:func:`tiny_model` builds one small seeded model (10 tokens, ``d_model = 8``, two heads)
that the transformer page follows from tokens to the feed-forward layer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray, as_float_array
from notation.activations import silu
from notation.attention import causal_mask, scaled_dot_product_attention
from notation.encoding import check_token_ids, tokenize
from notation.normalization import layer_norm

__all__ = [
    "TINY_VOCAB",
    "TinyModel",
    "tiny_model",
    "embed",
    "embedding_grad",
    "head_dim",
    "split_heads",
    "merge_heads",
    "multi_head_attention",
    "attention_cost",
    "block_param_count",
    "swiglu",
    "pre_ln_block",
    "post_ln_block",
]

TINY_VOCAB: tuple[str, ...] = ("<unk>", "the", "cat", "dog", "saw", "sat", "a", "nap", "s", ".")
"""The tiny model's vocabulary: token id ``i`` is ``TINY_VOCAB[i]``."""

Sublayer = Callable[[FloatArray], ArrayLike]


def _int_arg(value: int, name: str, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return int(value)


def _matrix(w: ArrayLike, name: str) -> FloatArray:
    arr = as_float_array(w, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be a matrix, got shape {arr.shape}")
    return arr


@dataclass(frozen=True)
class TinyModel:
    """The weights and the input of one small transformer layer (see :func:`tiny_model`).

    Weight matrices act on row vectors (``x @ W``). ``w_q``, ``w_k`` and ``w_v`` hold every
    head side by side: head ``i`` uses columns ``i·d_head`` to ``(i+1)·d_head − 1``.
    """

    vocab: tuple[str, ...]
    text: str
    token_ids: NDArray[np.int64]
    d_model: int
    n_heads: int
    d_head: int
    d_ff: int
    w_e: FloatArray
    w_q: FloatArray
    w_k: FloatArray
    w_v: FloatArray
    w_o: FloatArray
    w_gate: FloatArray
    w_up: FloatArray
    w_down: FloatArray

    @property
    def tokens(self) -> list[str]:
        """The text's tokens, one string per id."""
        return [self.vocab[i] for i in self.token_ids]

    @property
    def x(self) -> FloatArray:
        """The embedded input: row ``t`` is ``W_E`` row ``token_ids[t]``, shape ``N × d_model``."""
        return embed(self.token_ids, self.w_e)

    def head_weights(self, head: int) -> tuple[FloatArray, FloatArray, FloatArray]:
        """``(W^Q_i, W^K_i, W^V_i)`` of one head (0-based), each ``d_model × d_head``."""
        _int_arg(head, "head", 0)
        if head >= self.n_heads:
            raise ValueError(f"head must be below n_heads = {self.n_heads}, got {head}")
        cols = slice(head * self.d_head, (head + 1) * self.d_head)
        return self.w_q[:, cols], self.w_k[:, cols], self.w_v[:, cols]

    def attention(self, x: ArrayLike, causal: bool = True) -> FloatArray:
        """The attention sub-layer: multi-head self-attention of ``x`` (``N × d_model``), causal by default."""
        arr = as_float_array(x)
        if arr.ndim < 2:
            raise ValueError(f"x must have at least 2 axes (tokens × d_model), got {arr.shape}")
        mask = causal_mask(arr.shape[-2]) if causal else None
        return multi_head_attention(arr, self.w_q, self.w_k, self.w_v, self.w_o, self.n_heads, mask)[0]

    def ffn(self, x: ArrayLike) -> FloatArray:
        """The feed-forward sub-layer: SwiGLU of each token vector, ``(..., d_model)`` to the same shape."""
        return swiglu(x, self.w_gate, self.w_up, self.w_down)


def tiny_model(seed: int = 0) -> TinyModel:
    """A small seeded transformer layer and its input, the same on every call with the same seed.

    Vocabulary of 10 tokens (:data:`TINY_VOCAB`), ``d_model = 8``, ``h = 2`` heads of width
    ``d_head = 4``, a SwiGLU feed-forward layer of width ``d_ff = 16``, and the text
    "the cat saw the dog" (5 tokens). ``W_E`` has entries drawn from N(0, 1); every other
    matrix from N(0, 1/fan_in), so each layer keeps values of about unit size.

    >>> m = tiny_model()
    >>> m.tokens, m.token_ids.tolist()
    (['the', 'cat', 'saw', 'the', 'dog'], [1, 2, 4, 1, 3])
    >>> m.x.shape, m.w_q.shape, m.w_gate.shape
    ((5, 8), (8, 8), (8, 16))
    >>> pre_ln_block(m.x, m.attention).shape  # its sub-layers plug into the residual blocks
    (5, 8)
    """
    rng = np.random.default_rng(_int_arg(seed, "seed", 0))
    d_model, n_heads, d_ff = 8, 2, 16
    text = "the cat saw the dog"

    def normal(rows: int, cols: int) -> FloatArray:
        return rng.standard_normal((rows, cols)) / np.sqrt(rows)

    w_e = rng.standard_normal((len(TINY_VOCAB), d_model))
    return TinyModel(
        vocab=TINY_VOCAB,
        text=text,
        token_ids=tokenize(text, TINY_VOCAB),
        d_model=d_model,
        n_heads=n_heads,
        d_head=d_model // n_heads,
        d_ff=d_ff,
        w_e=w_e,
        w_q=normal(d_model, d_model),
        w_k=normal(d_model, d_model),
        w_v=normal(d_model, d_model),
        w_o=normal(d_model, d_model),
        w_gate=normal(d_model, d_ff),
        w_up=normal(d_model, d_ff),
        w_down=normal(d_ff, d_model),
    )


def embed(token_ids: ArrayLike, w_e: ArrayLike) -> FloatArray:
    """Embedding lookup: row ``i`` of ``W_E`` for each token id ``i`` (``nn.Embedding``).

    ``W_E`` is ``|V| × d_model``; ids of shape ``(N,)`` give ``N × d_model``. The result
    equals ``one_hot(ids, |V|) @ W_E`` without doing the multiplication.

    >>> embed([2, 0, 2], [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    array([[4., 5.],
           [0., 1.],
           [4., 5.]])
    """
    w = _matrix(w_e, "w_e")
    return w[check_token_ids(token_ids, w.shape[0])]


def embedding_grad(token_ids: ArrayLike, grad_out: ArrayLike, vocab_size: int) -> FloatArray:
    """Gradient of the loss with respect to ``W_E``, given its gradient at the looked-up rows.

    Row ``i`` collects the gradients of every position that holds token ``i`` (summed);
    every other row is exactly zero. Shape ``vocab_size × d_model``.

    >>> embedding_grad([1, 1], [[1.0, 0.0], [0.5, 2.0]], 3)
    array([[0. , 0. ],
           [1.5, 2. ],
           [0. , 0. ]])
    """
    v = _int_arg(vocab_size, "vocab_size")
    ids = check_token_ids(token_ids, v)
    g = as_float_array(grad_out, "grad_out")
    if g.shape[:-1] != ids.shape or g.ndim != ids.ndim + 1:
        raise ValueError(f"grad_out must have shape {ids.shape} + (d_model,), got {g.shape}")
    out = np.zeros((v, g.shape[-1]), dtype=g.dtype)
    np.add.at(out, ids.reshape(-1), g.reshape(-1, g.shape[-1]))
    return out


def head_dim(d_model: int, n_heads: int) -> int:
    """Width of one head, ``d_k = d_v = d_model / h``; raises if ``h`` does not divide ``d_model``.

    >>> head_dim(512, 8)
    64
    """
    d, h = _int_arg(d_model, "d_model"), _int_arg(n_heads, "n_heads")
    if d % h:
        raise ValueError(f"n_heads = {h} does not divide d_model = {d}")
    return d // h


def split_heads(x: ArrayLike, n_heads: int) -> FloatArray:
    """Cut the last axis into ``h`` heads: ``(..., N, h·d)`` becomes ``(..., h, N, d)``.

    >>> split_heads(np.arange(8.0).reshape(2, 4), 2)[1]
    array([[2., 3.],
           [6., 7.]])
    """
    arr = as_float_array(x)
    if arr.ndim < 2:
        raise ValueError(f"x must have at least 2 axes (tokens × features), got {arr.shape}")
    d = head_dim(arr.shape[-1], n_heads)
    return np.swapaxes(arr.reshape(*arr.shape[:-1], n_heads, d), -2, -3)


def merge_heads(x: ArrayLike) -> FloatArray:
    """Concatenate heads side by side: ``(..., h, N, d)`` becomes ``(..., N, h·d)``.

    >>> merge_heads(split_heads(np.arange(8.0).reshape(2, 4), 2))
    array([[0., 1., 2., 3.],
           [4., 5., 6., 7.]])
    """
    arr = as_float_array(x)
    if arr.ndim < 3:
        raise ValueError(f"x must have at least 3 axes (heads × tokens × features), got {arr.shape}")
    moved = np.swapaxes(arr, -2, -3)
    return moved.reshape(*moved.shape[:-2], moved.shape[-2] * moved.shape[-1])


def multi_head_attention(
    x: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    w_v: ArrayLike,
    w_o: ArrayLike,
    n_heads: int,
    mask: ArrayLike | None = None,
    source: ArrayLike | None = None,
) -> tuple[FloatArray, FloatArray]:
    """``[head_1; …; head_h] W^O`` with ``head_i = Attention(X W^Q_i, S W^K_i, S W^V_i)``.

    ``x`` is ``(..., N, d_model)``. Keys and values come from ``source`` (``M × d_model``,
    cross-attention) or, by default, from ``x`` itself (self-attention). ``w_q`` and ``w_k``
    are ``d_model × h·d_k``, ``w_v`` is ``d_model × h·d_v`` and ``w_o`` is ``h·d_v × d_out``:
    head ``i`` uses the ``i``-th block of columns. ``mask`` broadcasts to ``(..., h, N, M)``.
    Returns ``(output, weights)``: ``(..., N, d_out)`` and ``(..., h, N, M)``.

    >>> m = tiny_model()
    >>> out, w = multi_head_attention(m.x, m.w_q, m.w_k, m.w_v, m.w_o, 2)
    >>> out.shape, w.shape
    ((5, 8), (2, 5, 5))
    """
    h = _int_arg(n_heads, "n_heads")
    xs = as_float_array(x)
    src = xs if source is None else as_float_array(source, "source")
    for name, arr in (("x", xs), ("source", src)):
        if arr.ndim < 2:
            raise ValueError(f"{name} must have at least 2 axes (tokens × d_model), got {arr.shape}")
    wq, wk, wv, wo = (_matrix(w, n) for w, n in ((w_q, "w_q"), (w_k, "w_k"), (w_v, "w_v"), (w_o, "w_o")))
    if wq.shape != wk.shape:
        raise ValueError(f"w_q and w_k must have the same shape, got {wq.shape} and {wk.shape}")
    for name, w, rows in (("w_q", wq, xs.shape[-1]), ("w_k", wk, src.shape[-1]), ("w_v", wv, src.shape[-1])):
        if w.shape[0] != rows:
            raise ValueError(f"{name} must have {rows} rows (the input width), got shape {w.shape}")
    if wo.shape[0] != wv.shape[1]:
        raise ValueError(f"w_o must have h·d_v = {wv.shape[1]} rows, got shape {wo.shape}")
    q = split_heads(xs @ wq, h)
    k = split_heads(src @ wk, h)
    v = split_heads(src @ wv, h)
    heads, weights = scaled_dot_product_attention(q, k, v, mask)
    return merge_heads(heads) @ wo, weights


def attention_cost(
    n_tokens: int, d_model: int, n_heads: int, d_head: int | None = None, n_keys: int | None = None
) -> dict[str, int]:
    """Parameters and multiply-adds of one multi-head attention layer (no biases).

    ``d_head`` defaults to ``d_model / n_heads``; ``n_keys`` (M) defaults to ``n_tokens`` (N,
    self-attention). Keys: ``parameters`` (W^Q, W^K, W^V, W^O), ``projection_mults``,
    ``score_mults`` (Q Kᵀ), ``mix_mults`` (weights times V) and ``softmax_exps``.

    >>> c8, c1 = attention_cost(10, 512, 8), attention_cost(10, 512, 1)
    >>> c8["parameters"] == c1["parameters"], c8["score_mults"] == c1["score_mults"]
    (True, True)
    >>> c8["softmax_exps"] // c1["softmax_exps"]
    8
    """
    n = _int_arg(n_tokens, "n_tokens")
    m = n if n_keys is None else _int_arg(n_keys, "n_keys")
    d, h = _int_arg(d_model, "d_model"), _int_arg(n_heads, "n_heads")
    dh = head_dim(d, h) if d_head is None else _int_arg(d_head, "d_head")
    inner = h * dh
    return {
        "parameters": 4 * d * inner,
        "projection_mults": (n + 2 * m) * d * inner + n * inner * d,
        "score_mults": h * n * m * dh,
        "mix_mults": h * n * m * dh,
        "softmax_exps": h * n * m,
    }


def block_param_count(d_model: int, d_ff: int, gated: bool = True) -> int:
    """Weights in one transformer block: attention ``4·d_model²`` plus the feed-forward layer.

    The feed-forward layer has 3 matrices of ``d_model × d_ff`` when ``gated`` (SwiGLU) and
    2 otherwise (ReLU/GELU). Biases and normalisation gains are left out; they are
    ``O(d_model)``, small next to the ``d_model²`` terms.

    >>> block_param_count(768, 3072, gated=False) == 12 * 768**2
    True
    """
    d, f = _int_arg(d_model, "d_model"), _int_arg(d_ff, "d_ff")
    if not isinstance(gated, bool):
        raise TypeError(f"gated must be True or False, got {type(gated).__name__}")
    return 4 * d * d + (3 if gated else 2) * d * f


def swiglu(x: ArrayLike, w_gate: ArrayLike, w_up: ArrayLike, w_down: ArrayLike) -> FloatArray:
    """SwiGLU feed-forward layer: ``(SiLU(x W_gate) ⊙ (x W_up)) W_down``.

    ``x`` is ``(..., d_model)``; ``w_gate`` and ``w_up`` are ``d_model × d_ff`` (the gate
    and value branches) and ``w_down`` is ``d_ff × d_model``. The output has ``x``'s shape.

    >>> swiglu([[1.0, 0.0]], [[1.0], [0.0]], [[2.0], [0.0]], [[1.0, 1.0]]).round(4)
    array([[1.4621, 1.4621]])
    """
    arr = as_float_array(x)
    wg, wu, wd = _matrix(w_gate, "w_gate"), _matrix(w_up, "w_up"), _matrix(w_down, "w_down")
    if arr.ndim == 0 or arr.shape[-1] != wg.shape[0]:
        raise ValueError(f"x's last axis must match w_gate's {wg.shape[0]} rows, got x of shape {arr.shape}")
    if wu.shape != wg.shape:
        raise ValueError(f"w_up must have w_gate's shape {wg.shape}, got {wu.shape}")
    if wd.shape[0] != wg.shape[1]:
        raise ValueError(f"w_down must have d_ff = {wg.shape[1]} rows, got shape {wd.shape}")
    return (silu(arr @ wg) * (arr @ wu)) @ wd


def _residual(x: FloatArray, branch: ArrayLike, where: str) -> FloatArray:
    out = as_float_array(branch, "sublayer output")
    if out.shape != x.shape:
        raise ValueError(
            f"{where}: the sub-layer must return the stream's shape {x.shape} to be added, got {out.shape}"
        )
    return x + out


def pre_ln_block(x: ArrayLike, sublayer: Sublayer, norm: Sublayer = layer_norm) -> FloatArray:
    """Pre-LN residual block: ``x + SubLayer(Norm(x))``; the direct path ``x`` is never normalised.

    >>> pre_ln_block([[1.0, 3.0]], lambda h: 2 * h).round(4)
    array([[-1.,  5.]])
    """
    arr = as_float_array(x)
    return _residual(arr, sublayer(as_float_array(norm(arr))), "pre_ln_block")


def post_ln_block(x: ArrayLike, sublayer: Sublayer, norm: Sublayer = layer_norm) -> FloatArray:
    """Post-LN residual block: ``Norm(x + SubLayer(x))``, normalising the stream after each addition.

    >>> post_ln_block([[1.0, 3.0]], lambda h: 2 * h).round(4)
    array([[-1.,  1.]])
    """
    arr = as_float_array(x)
    return as_float_array(norm(_residual(arr, sublayer(arr), "post_ln_block")))
