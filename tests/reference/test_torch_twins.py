"""The ``notation`` library against PyTorch (CPU), an independent implementation of the same maths.

Run by ``make test-reference``, which installs torch into .venv; the default ``make test``
deselects these tests (marker ``reference``). Without torch they skip, unless
``NOTATION_REQUIRE_TORCH=1`` (set by ``make test-reference``) makes a missing torch a failure.

Every function with a PyTorch twin is compared on seeded random inputs and on edge inputs
(very large and very small values, ``-inf``, a single element), in float64 and float32.
PyTorch computes in float64 throughout (see ``t``). The largest relative error allowed is
1e-6 for the library's float64 results and 1e-4 for its float32 ones; the errors measured
are written to ``tests/artifacts/reference-errors.json``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import numpy as np
import pytest

import notation as nt
from conftest import ROOT

pytestmark = pytest.mark.reference

RTOL = {np.float64: 1e-6, np.float32: 1e-4}
ERRORS: dict[str, float] = {}


@pytest.fixture(scope="module", autouse=True)
def _write_errors():
    yield
    if ERRORS:
        out = ROOT / "tests/artifacts/reference-errors.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(dict(sorted(ERRORS.items())), indent=1) + "\n", encoding="utf-8")


# The denominator's floor, as a fraction of the largest |value| of the reference array:
# with RTOL this is an absolute tolerance of 1e-15 (float64) or 1e-7 (float32) of the array's
# scale for entries that are zero up to rounding.
FLOOR = {np.float64: 1e-9, np.float32: 1e-3}


def relative_error(ours: np.ndarray, theirs: np.ndarray, floor: float = 1e-12) -> float:
    """Largest ``|ours − theirs| / |theirs|`` over the finite entries.

    The denominator has a floor of ``floor`` × the largest ``|theirs|`` (and of the smallest
    normal number), so entries that are zero up to rounding, such as a LayerNorm output
    at the mean or the log-probability of a near-certain token, are judged against the
    array's scale instead of against zero; ``floor=0`` asks for every entry's own relative
    precision. Non-finite entries (inf, −inf, NaN) must match exactly.
    """
    ours, theirs = np.asarray(ours, dtype=np.float64), np.asarray(theirs, dtype=np.float64)
    assert ours.shape == theirs.shape, (ours.shape, theirs.shape)
    finite = np.isfinite(theirs)
    same_nonfinite = np.array_equal(np.isnan(ours), np.isnan(theirs)) and np.array_equal(
        np.where(finite, 0, np.nan_to_num(ours, nan=0.0, posinf=1, neginf=-1)),
        np.where(finite, 0, np.nan_to_num(theirs, nan=0.0, posinf=1, neginf=-1)),
    )
    assert same_nonfinite, f"inf/NaN entries differ:\nours   {ours[~finite]}\ntheirs {theirs[~finite]}"
    if not finite.any():
        return 0.0
    a, b = ours[finite], theirs[finite]
    assert np.all(np.isfinite(a)), f"ours is not finite where PyTorch is: {a[~np.isfinite(a)]}"
    least = max(floor * float(np.max(np.abs(b))), np.finfo(np.float64).tiny)
    return float(np.max(np.abs(a - b) / np.maximum(np.abs(b), least)))


def check(name: str, ours, theirs, dtype, floor: float | None = None) -> None:
    """Compare, record the error under ``name`` and assert it is within the tolerance."""
    ours = np.asarray(ours)
    theirs = theirs.detach().numpy() if hasattr(theirs, "detach") else np.asarray(theirs)
    assert ours.dtype == np.dtype(dtype), f"{name}: {dtype.__name__} in, {ours.dtype} out"
    err = relative_error(ours, theirs, FLOOR[dtype] if floor is None else floor)
    key = f"{name} [{np.dtype(dtype).name}]"
    ERRORS[key] = max(ERRORS.get(key, 0.0), err)
    assert err <= RTOL[dtype], f"{name}: relative error {err:.3g} > {RTOL[dtype]:g}"


def t(torch, a):
    """A tensor of ``a``; floating inputs become float64.

    PyTorch always computes in float64 here, on exactly the values the library gets. In the
    float32 runs the library's float32 result is then judged against that float64 answer
    (to float32 accuracy): PyTorch's own float32 kernels are not a reference, e.g. its
    float32 GELU is off by 10 % at x = −5 where the library's is correct to 7 digits.
    """
    arr = np.asarray(a)
    if np.issubdtype(arr.dtype, np.floating):
        arr = arr.astype(np.float64)
    return torch.from_numpy(np.ascontiguousarray(arr))


DTYPES = [np.float64, np.float32]
SEEDS = [0, 1, 2]


def random_input(seed: int, dtype, shape=(3, 5, 16), scale=3.0) -> np.ndarray:
    return (np.random.default_rng(seed).normal(size=shape) * scale).astype(dtype)


def edge_values(dtype) -> np.ndarray:
    """Large, small, signed zero, subnormal-adjacent and infinite inputs for element-wise functions."""
    big = 1e4 if dtype == np.float32 else 1e6
    tiny = np.finfo(dtype).tiny
    return np.array(
        [-np.inf, -big, -1000.0, -100.0, -40.0, -20.0, -5.0, -1.0, -1e-8, -tiny, -0.0, 0.0,
         tiny, 1e-8, 0.5, 1.0, 5.0, 20.0, 40.0, 100.0, 1000.0, big, np.inf],
        dtype=dtype,
    )


# -- element-wise activations ---------------------------------------------------------------

ELEMENTWISE: dict[str, tuple[Callable, Callable]] = {
    "relu": (nt.relu, lambda torch, x: torch.relu(x)),
    "sigmoid": (nt.sigmoid, lambda torch, x: torch.sigmoid(x)),
    "tanh": (nt.tanh, lambda torch, x: torch.tanh(x)),
    "softplus": (nt.softplus, lambda torch, x: torch.nn.functional.softplus(x)),
    "silu": (nt.silu, lambda torch, x: torch.nn.functional.silu(x)),
    "swish(beta=1.7)": (lambda x: nt.swish(x, beta=1.7), lambda torch, x: x * torch.sigmoid(1.7 * x)),
    "gelu": (nt.gelu, lambda torch, x: torch.nn.functional.gelu(x)),
    "gelu(tanh)": (lambda x: nt.gelu(x, approximate="tanh"), lambda torch, x: torch.nn.functional.gelu(x, approximate="tanh")),
    "standard_normal_cdf": (nt.standard_normal_cdf, lambda torch, x: torch.special.ndtr(x)),
}


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_elementwise_on_random_inputs(torch, name, seed, dtype):
    ours, theirs = ELEMENTWISE[name]
    x = random_input(seed, dtype)
    check(name, ours(x), theirs(torch, t(torch, x)), dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("name", ELEMENTWISE)
def test_elementwise_on_edge_inputs(torch, name, dtype):
    ours, theirs = ELEMENTWISE[name]
    x = edge_values(dtype)
    with np.errstate(all="ignore"):
        mine = ours(x)
    check(f"{name} (edge)", mine, theirs(torch, t(torch, x)), dtype)
    check(f"{name} (single element)", ours(x[14:15]), theirs(torch, t(torch, x[14:15])), dtype)


def test_normal_cdf_and_gelu_keep_every_digit_in_the_left_tail(torch):
    """Each entry to its own relative precision (no floor), against ``torch.erfc``.

    PyTorch's float64 ``F.gelu`` and ``torch.special.ndtr`` compute ``1 + erf``, which
    cancels in the left tail (``ndtr(-8)`` is 2 % low, ``ndtr(-10)`` is 0), so the tail
    reference is ``erfc(−x/√2) / 2``, which PyTorch computes accurately.
    """
    x = -np.geomspace(1e-3, 37.0, 200)
    X = t(torch, x)
    phi = torch.erfc(-X / math.sqrt(2)) / 2
    check("standard_normal_cdf (left tail)", nt.standard_normal_cdf(x), phi, np.float64, floor=0)
    check("gelu (left tail)", nt.gelu(x), X * phi, np.float64, floor=0)
    u = math.sqrt(2 / math.pi) * (X + 0.044715 * X**3)
    check("gelu(tanh) (left tail)", nt.gelu(x, approximate="tanh"), X * torch.sigmoid(2 * u), np.float64, floor=0)


def _autograd_gelu_slope(torch, x):
    X = t(torch, x).requires_grad_(True)
    torch.nn.functional.gelu(X).sum().backward()
    return X.grad


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_gelu_derivative_matches_autograd(torch, seed, dtype):
    x = random_input(seed, dtype)
    check("gelu_derivative", nt.gelu_derivative(x), _autograd_gelu_slope(torch, x), dtype)


def test_gelu_derivative_far_from_zero_and_at_its_zero_matches_autograd(torch):
    # the gelu and relu entries: the slope is tiny far below 0 (about −7.1e-6 at x = −5) and
    # changes sign at GELU's lowest point, x ≈ −0.7518; each value to its own precision
    x = np.array([-6.0, -5.0, -3.0, -1.0, -0.7518, -0.7517, 0.0, 1.0])
    theirs = _autograd_gelu_slope(torch, x)
    check("gelu_derivative (far from zero)", nt.gelu_derivative(x), theirs, np.float64, floor=0)
    assert -7.2e-6 < float(theirs[1]) < -7.1e-6
    assert float(theirs[4]) < 0 < float(theirs[5])


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_logit(torch, dtype):
    p = np.concatenate([[0.0, 1e-30, 1e-8, 0.5, 1 - 1e-8, 1.0], np.random.default_rng(3).uniform(size=40)]).astype(dtype)
    with np.errstate(all="ignore"):
        check("logit", nt.logit(p), torch.logit(t(torch, p)), dtype)


# -- softmax family -------------------------------------------------------------------------------


def softmax_edges(dtype) -> list[np.ndarray]:
    big = 1e4 if dtype == np.float32 else 1e300
    return [
        np.array([1000.0, 1001.0, 999.0], dtype=dtype),  # overflows without the max shift
        np.array([-big, 0.0, big], dtype=dtype),
        np.array([-1000.0, -1000.5, -2000.0], dtype=dtype),
        np.array([0.0, -np.inf, 1.0, -np.inf], dtype=dtype),  # masked entries
        np.array([[-np.inf, -np.inf, -np.inf], [0.0, 0.0, 0.0]], dtype=dtype),  # a fully masked row: NaN
        np.array([3.0], dtype=dtype),  # a single element
        np.array([1e-30, 2e-30, -1e-30], dtype=dtype),
    ]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_softmax_and_log_softmax_on_random_inputs(torch, seed, dtype):
    z = random_input(seed, dtype, scale=10.0)
    for axis in (-1, 0, 1):
        check("softmax", nt.softmax(z, axis=axis), torch.softmax(t(torch, z), dim=axis), dtype)
        check("log_softmax", nt.log_softmax(z, axis=axis), torch.nn.functional.log_softmax(t(torch, z), dim=axis), dtype)
    for temp in (0.1, 0.7, 2.5):
        check("softmax(temperature)", nt.softmax(z, temperature=temp), torch.softmax(t(torch, z) / temp, dim=-1), dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_softmax_and_log_softmax_on_edge_inputs(torch, dtype):
    for z in softmax_edges(dtype):
        check("softmax (edge)", nt.softmax(z), torch.softmax(t(torch, z), dim=-1), dtype)
        check("log_softmax (edge)", nt.log_softmax(z), torch.nn.functional.log_softmax(t(torch, z), dim=-1), dtype)


# -- normalisation ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_layer_norm_rms_norm_batch_norm_on_random_inputs(torch, seed, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(100 + seed)
    x = (rng.normal(size=(4, 6, 32)) * 5 + 3).astype(dtype)
    gamma, beta = rng.normal(size=32).astype(dtype), rng.normal(size=32).astype(dtype)
    X, G, B = t(torch, x), t(torch, gamma), t(torch, beta)
    check("layer_norm", nt.layer_norm(x), F.layer_norm(X, (32,), eps=1e-5), dtype)
    check("layer_norm(gamma, beta)", nt.layer_norm(x, gamma, beta, eps=1e-3), F.layer_norm(X, (32,), G, B, eps=1e-3), dtype)
    check("rms_norm", nt.rms_norm(x), F.rms_norm(X, (32,), eps=1e-6), dtype)
    check("rms_norm(gamma)", nt.rms_norm(x, gamma, eps=1e-4), F.rms_norm(X, (32,), G, eps=1e-4), dtype)
    flat = x.reshape(-1, 32)
    check(
        "batch_norm",
        nt.batch_norm(flat, gamma, beta),
        F.batch_norm(t(torch, flat), None, None, G, B, training=True, eps=1e-5),
        dtype,
    )


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_norms_on_edge_inputs(torch, dtype):
    F = torch.nn.functional
    big = 1e15 if dtype == np.float64 else 1e15
    cases = {
        "large values": np.array([[big, -big, big / 2, 0.0]], dtype=dtype),
        "small values": np.array([[1e-20, -3e-20, 2e-20, 5e-21]], dtype=dtype),
        "constant row": np.array([[7.0, 7.0, 7.0, 7.0]], dtype=dtype),
        "single feature": np.array([[2.5], [-1.0]], dtype=dtype),
        "large offset": np.array([[1e6 + 1, 1e6 - 1, 1e6 + 2, 1e6 - 2]], dtype=dtype),
    }
    for label, x in cases.items():
        d = x.shape[-1]
        check(f"layer_norm ({label})", nt.layer_norm(x), F.layer_norm(t(torch, x), (d,), eps=1e-5), dtype)
        check(f"rms_norm ({label})", nt.rms_norm(x), F.rms_norm(t(torch, x), (d,), eps=1e-6), dtype)


# -- attention -----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("causal", [False, True], ids=["no mask", "causal"])
def test_scaled_dot_product_attention(torch, seed, causal, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(200 + seed)
    b, h, n, d_k, d_v = 2, 3, 7, 8, 5
    q, k, v = (rng.normal(size=s).astype(dtype) for s in ((b, h, n, d_k), (b, h, n, d_k), (b, h, n, d_v)))
    mask = nt.causal_mask(n).astype(dtype) if causal else None
    out, weights = nt.scaled_dot_product_attention(q, k, v, mask=mask)
    Q, K, V = t(torch, q), t(torch, k), t(torch, v)
    check(f"scaled_dot_product_attention ({'causal' if causal else 'no mask'})", out, F.scaled_dot_product_attention(Q, K, V, is_causal=causal), dtype)
    scores = Q @ K.transpose(-1, -2) / math.sqrt(d_k)
    if causal:
        scores = scores.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
    check("attention weights", weights, torch.softmax(scores, dim=-1), dtype)
    if causal:
        # the same mask given as an additive float mask
        check("scaled_dot_product_attention (additive mask)", out, F.scaled_dot_product_attention(Q, K, V, attn_mask=t(torch, mask)), dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_attention_edge_inputs(torch, dtype):
    F = torch.nn.functional
    one = np.array([[[0.3, -1.2]]], dtype=dtype)  # a single token attending to itself
    out, w = nt.scaled_dot_product_attention(one, one, one)
    check("scaled_dot_product_attention (single token)", out, F.scaled_dot_product_attention(t(torch, one), t(torch, one), t(torch, one)), dtype)
    assert w.shape == (1, 1, 1) and w[0, 0, 0] == 1
    rng = np.random.default_rng(5)
    q = (rng.normal(size=(1, 4, 3)) * 30).astype(dtype)  # large scores: softmax near one-hot
    check("scaled_dot_product_attention (large scores)", nt.scaled_dot_product_attention(q, q, q)[0], F.scaled_dot_product_attention(t(torch, q), t(torch, q), t(torch, q)), dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_multi_head_attention_against_nn_multiheadattention(torch, seed, dtype):
    rng = np.random.default_rng(300 + seed)
    n, d_model, heads = 6, 8, 2
    x = rng.normal(size=(n, d_model)).astype(dtype)
    w_q, w_k, w_v, w_o = (rng.normal(size=(d_model, d_model)).astype(dtype) / 3 for _ in range(4))
    mha = torch.nn.MultiheadAttention(d_model, heads, bias=False, batch_first=True, dtype=torch.float64)
    with torch.no_grad():
        # torch computes x Wᵀ: its weights are the transposes of the library's d_in × d_out matrices
        mha.in_proj_weight.copy_(t(torch, np.concatenate([w_q.T, w_k.T, w_v.T])))
        mha.out_proj.weight.copy_(t(torch, w_o.T))
    X = t(torch, x[None])
    for causal in (False, True):
        mask = nt.causal_mask(n).astype(dtype) if causal else None
        out, weights = nt.multi_head_attention(x, w_q, w_k, w_v, w_o, heads, mask=mask)
        their_out, their_w = mha(X, X, X, attn_mask=None if mask is None else t(torch, mask), need_weights=True, average_attn_weights=False)
        check("multi_head_attention", out, their_out[0], dtype)
        check("multi_head_attention weights", weights, their_w[0], dtype)


# -- losses and divergences --------------------------------------------------------------------


def _distributions(rng, shape, dtype) -> np.ndarray:
    p = rng.dirichlet(np.full(shape[-1], 0.7), size=shape[:-1])
    return p.astype(dtype) / p.astype(dtype).sum(axis=-1, keepdims=True)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_kl_divergence_cross_entropy_entropy(torch, seed, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(400 + seed)
    p, q = _distributions(rng, (5, 12), np.float64), _distributions(rng, (5, 12), np.float64)
    p, q = p.astype(dtype), q.astype(dtype)
    P, Q = t(torch, p), t(torch, q)
    # F.kl_div takes log q as input and p as target: Σ p (log p − log q)
    check("kl_divergence", nt.kl_divergence(p, q), F.kl_div(torch.log(Q), P, reduction="none").sum(-1), dtype)
    check("kl_divergence (base 2)", nt.kl_divergence(p, q, base=2), F.kl_div(torch.log(Q), P, reduction="none").sum(-1) / math.log(2), dtype)
    # F.cross_entropy with probability targets: −Σ p log softmax(input); input = log q gives −Σ p log q
    check("cross_entropy", nt.cross_entropy(p, q), F.cross_entropy(torch.log(Q), P, reduction="none"), dtype)
    check("entropy", nt.entropy(p), torch.distributions.Categorical(probs=P).entropy(), dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_cross_entropy_from_logits_and_its_gradient(torch, seed, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(500 + seed)
    z = (rng.normal(size=(6, 10)) * 4).astype(dtype)
    target = rng.integers(0, 10, size=6)
    Z = t(torch, z).requires_grad_(True)
    loss = F.cross_entropy(Z, torch.from_numpy(target), reduction="none")
    check("cross_entropy_from_logits", nt.cross_entropy_from_logits(z, target), loss, dtype)
    loss.sum().backward()
    grad = nt.cross_entropy_logits_gradient(z, target)
    check("cross_entropy_logits_gradient", grad.astype(dtype), Z.grad, dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_losses_on_edge_inputs(torch, dtype):
    F = torch.nn.functional
    # a target the model gives (almost) no probability, large logits, a single class
    z = np.array([[1000.0, -1000.0, 0.0], [50.0, 49.0, -np.inf], [0.0, 0.0, 0.0]], dtype=dtype)
    target = np.array([1, 0, 2])
    check("cross_entropy_from_logits (edge)", nt.cross_entropy_from_logits(z, target), F.cross_entropy(t(torch, z), torch.from_numpy(target), reduction="none"), dtype)
    single = np.array([[3.0]], dtype=dtype)
    check("cross_entropy_from_logits (single class)", nt.cross_entropy_from_logits(single, np.array([0])), F.cross_entropy(t(torch, single), torch.tensor([0]), reduction="none"), dtype)
    # zeros in p contribute 0 (0 log 0 = 0); F.kl_div agrees while q > 0
    p = np.array([[1.0, 0.0, 0.0], [0.5, 0.5, 0.0], [1e-12, 1 - 1e-12, 0.0]], dtype=dtype)
    q = np.array([[0.9, 0.05, 0.05], [0.25, 0.25, 0.5], [0.5, 0.25, 0.25]], dtype=dtype)
    P, Q = t(torch, p), t(torch, q)
    check("kl_divergence (zeros in p)", nt.kl_divergence(p, q), F.kl_div(torch.log(Q), P, reduction="none").sum(-1), dtype)
    check("cross_entropy (zeros in p)", nt.cross_entropy(p, q), F.cross_entropy(torch.log(Q), P, reduction="none"), dtype)
    # where q is 0 too, F.kl_div returns NaN (0 · −inf); the convention 0 log(0/0) = 0 is xlogy's
    q0 = np.array([[0.5, 0.5, 0.0]], dtype=dtype)
    P0, Q0 = t(torch, p[2:]), t(torch, q0)
    xlogy = torch.special.xlogy
    check("kl_divergence (zeros in p and q)", nt.kl_divergence(p[2:], q0), (xlogy(P0, P0) - xlogy(P0, Q0)).sum(-1), dtype)
    check("cross_entropy (zeros in p and q)", nt.cross_entropy(p[2:], q0), -xlogy(P0, Q0).sum(-1), dtype)


# -- layers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_dense_swiglu_embedding_one_hot(torch, seed, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(600 + seed)
    x = rng.normal(size=(5, 8)).astype(dtype)
    w, b = rng.normal(size=(4, 8)).astype(dtype), rng.normal(size=4).astype(dtype)
    check("dense", nt.dense(x, w, b, activation=nt.gelu), F.gelu(F.linear(t(torch, x), t(torch, w), t(torch, b))), dtype)
    wg, wu, wd = rng.normal(size=(8, 16)).astype(dtype), rng.normal(size=(8, 16)).astype(dtype), rng.normal(size=(16, 8)).astype(dtype)
    X = t(torch, x)
    check("swiglu", nt.swiglu(x, wg, wu, wd), (F.silu(X @ t(torch, wg)) * (X @ t(torch, wu))) @ t(torch, wd), dtype)
    ids = rng.integers(0, 11, size=9)
    w_e = rng.normal(size=(11, 6)).astype(dtype)
    check("embed", nt.embed(ids, w_e), F.embedding(torch.from_numpy(ids), t(torch, w_e)), dtype)
    assert np.array_equal(nt.one_hot(ids, 11), F.one_hot(torch.from_numpy(ids), 11).numpy())


def test_every_required_twin_was_compared_in_both_precisions():
    required = [
        "softmax", "log_softmax", "gelu", "gelu(tanh)", "silu", "softplus", "layer_norm", "rms_norm",
        "scaled_dot_product_attention (no mask)", "scaled_dot_product_attention (causal)",
        "kl_divergence", "cross_entropy", "cross_entropy_from_logits", "multi_head_attention",
    ]
    if not ERRORS:
        pytest.skip("no comparison ran (torch missing)")
    for name in required:
        for dtype in ("float64", "float32"):
            key = f"{name} [{dtype}]"
            assert key in ERRORS, f"{key} was never compared"


# -- optimisers, clipping, dropout, 1-D convolution, RoPE ------------------------------------------
# The optimisers compare whole trajectories of torch.optim steps, with the gradients set by hand
# so that both sides see the same ones. Dropout uses two different random generators, so it
# compares what both promise (kept values scaled by 1/(1 − p), the drop rate, identity at eval).


def _run_torch(torch, opt_cls, theta0, grads, lrs=None, **kw):
    p = torch.nn.Parameter(t(torch, theta0).clone())
    opt = opt_cls([p], **kw)
    out = []
    for k, g in enumerate(grads):
        if lrs is not None:
            opt.param_groups[0]["lr"] = lrs[k]
        p.grad = t(torch, g).clone()
        opt.step()
        out.append(p.detach().clone().numpy())
    return np.stack(out)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", ["adam", "adam+l2", "adamw"])
def test_adam_and_adamw_steps(torch, seed, variant):
    rng = np.random.default_rng(700 + seed)
    theta0 = rng.normal(size=6)
    grads = rng.normal(size=(8, 6)) * 10.0 ** rng.integers(-3, 2, size=(8, 1))
    kw = {"lr": 0.01, "betas": (0.9, 0.999), "eps": 1e-8}
    if variant == "adamw":
        theirs = _run_torch(torch, torch.optim.AdamW, theta0, grads, weight_decay=0.1, **kw)
        ours_kw = {"weight_decay": 0.1, "decoupled": True}
    else:
        wd = 0.1 if variant == "adam+l2" else 0.0
        theirs = _run_torch(torch, torch.optim.Adam, theta0, grads, weight_decay=wd, **kw)
        ours_kw = {"weight_decay": wd}
    th, m, v, ours = theta0, np.zeros(6), np.zeros(6), []
    for step, g in enumerate(grads, start=1):
        s = nt.adam_step(th, g, m, v, step, lr=0.01, **ours_kw)
        th, m, v = s.theta, s.m, s.v
        ours.append(th)
    check(variant, np.stack(ours), theirs, np.float64)


@pytest.mark.parametrize("seed", SEEDS)
def test_sgd_momentum_and_weight_decay(torch, seed):
    rng = np.random.default_rng(800 + seed)
    theta0 = rng.normal(size=2)
    A = np.array([1.0, 50.0])
    lrs = [0.02] * 6 + [0.004] * 6  # a rate that changes mid-run: the PyTorch form is the one that matches
    # torch needs the gradients at its own iterates; the ravine is linear, so feed them back in a loop
    p = torch.nn.Parameter(t(torch, theta0).clone())
    opt = torch.optim.SGD([p], lr=lrs[0], momentum=0.9)
    theirs = [theta0]
    for lr in lrs:
        opt.param_groups[0]["lr"] = lr
        p.grad = t(torch, A * p.detach().numpy())
        opt.step()
        theirs.append(p.detach().clone().numpy())
    ours = nt.momentum_descent(lambda th: A * th, theta0, lr=lrs, mu=0.9, steps=len(lrs))
    check("sgd momentum", ours, np.stack(theirs), np.float64)
    grads = rng.normal(size=(4, 2))
    theirs_wd = _run_torch(torch, torch.optim.SGD, theta0, grads, lr=0.1, weight_decay=0.3)
    th, ours_wd = theta0, []
    for g in grads:
        th = nt.weight_decay_step(th, g, 0.1, 0.3)
        ours_wd.append(th)
    check("sgd weight_decay", np.stack(ours_wd), theirs_wd, np.float64)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("max_norm", [0.5, 5.0, 1e3])
def test_clip_grad_norm_and_value(torch, seed, max_norm):
    rng = np.random.default_rng(900 + seed)
    shapes = [(3, 4), (4,), (2, 2, 2)]
    grads = [rng.normal(size=s) * 2 for s in shapes]
    params = [torch.nn.Parameter(torch.zeros(s, dtype=torch.float64)) for s in shapes]
    for p, g in zip(params, grads):
        p.grad = t(torch, g).clone()
    total = torch.nn.utils.clip_grad_norm_(params, max_norm)
    clipped, norm = nt.clip_grad_norm(grads, max_norm)
    check("clip_grad_norm (norm)", np.array(norm), total, np.float64)
    for k, (ours, p) in enumerate(zip(clipped, params)):
        check("clip_grad_norm", ours, p.grad, np.float64)
    for p, g in zip(params, grads):
        p.grad = t(torch, g).clone()
    torch.nn.utils.clip_grad_value_(params, 0.7)
    for ours, p in zip(nt.clip_grad_value(grads, 0.7), params):
        check("clip_grad_value", ours, p.grad, np.float64)


@pytest.mark.parametrize("p", [0.1, 0.5, 0.9])
def test_dropout_scaling_statistics(torch, p):
    """Different random generators, so the masks differ: compare what the two promise."""
    torch.manual_seed(0)
    x = np.random.default_rng(1).uniform(0.5, 2.0, size=400_000)
    theirs = torch.nn.functional.dropout(t(torch, x), p=p, training=True).numpy()
    ours, mask = nt.dropout(x, p, rng=np.random.default_rng(2))
    for name, out in (("torch", theirs), ("ours", ours)):
        kept = out != 0
        np.testing.assert_allclose(out[kept], x[kept] / (1 - p), rtol=1e-15, err_msg=name)
        assert abs(kept.mean() - (1 - p)) < 4 * np.sqrt(p * (1 - p) / x.size), name
        assert abs(out.mean() / x.mean() - 1) < 0.02, name
    np.testing.assert_array_equal(mask != 0, ours != 0)
    ERRORS["dropout (kept values scaled by 1/(1-p)) [float64]"] = 0.0
    off = torch.nn.functional.dropout(t(torch, x), p=p, training=False).numpy()
    np.testing.assert_array_equal(nt.dropout(x, p, training=False)[0], off)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("stride,padding", [(1, 0), (2, 1), (3, 2)])
@pytest.mark.parametrize("seed", SEEDS)
def test_conv1d(torch, seed, stride, padding, dtype):
    rng = np.random.default_rng(1000 + seed)
    x = rng.normal(size=(4, 17)).astype(dtype)
    w = rng.normal(size=5).astype(dtype)
    theirs = torch.nn.functional.conv1d(t(torch, x)[:, None, :], t(torch, w)[None, None, :], stride=stride, padding=padding)[:, 0, :]
    check("conv1d", nt.conv1d(x, w, stride, padding), theirs, dtype)
    assert theirs.shape[-1] == nt.conv_output_size(17, 5, stride, padding)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_rope_against_complex_multiplication(torch, seed, dtype):
    """RoPE as Meta's LLaMA code computes it: pairs as complex numbers times e^{i m θ_j}."""
    rng = np.random.default_rng(1100 + seed)
    n, d = 12, 16
    x = rng.normal(size=(3, n, d)).astype(dtype)
    freqs = 1.0 / (10000.0 ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    angles = torch.outer(torch.arange(n, dtype=torch.float64), freqs)
    rot = torch.polar(torch.ones_like(angles), angles)
    X = torch.view_as_complex(t(torch, x).reshape(3, n, d // 2, 2).contiguous())
    theirs = torch.view_as_real(X * rot).reshape(3, n, d)
    check("rope", nt.rope(x), theirs, dtype)


def test_every_optimiser_and_layer_twin_was_compared():
    if not ERRORS:
        pytest.skip("no comparison ran (torch missing)")
    for key in ["adam [float64]", "adam+l2 [float64]", "adamw [float64]", "sgd momentum [float64]",
                "sgd weight_decay [float64]", "clip_grad_norm [float64]", "clip_grad_value [float64]",
                "dropout (kept values scaled by 1/(1-p)) [float64]", "conv1d [float64]", "conv1d [float32]",
                "rope [float64]", "rope [float32]"]:
        assert key in ERRORS, f"{key} was never compared"
# -- generative models and reinforcement learning (section 14) -------------------------------------


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_section_14_losses(torch, seed, dtype):
    F = torch.nn.functional
    rng = np.random.default_rng(900 + seed)
    # DPO: −log σ(β[(log π_w − log ref_w) − (log π_l − log ref_l)]), as F.logsigmoid computes it
    lw, ll, rw, rl = (rng.normal(-20, 15, size=16).astype(dtype) for _ in range(4))
    for beta in (0.1, 0.5):
        theirs = -F.logsigmoid(beta * ((t(torch, lw) - t(torch, rw)) - (t(torch, ll) - t(torch, rl))))
        check("dpo_loss", nt.dpo_loss(lw, ll, rw, rl, beta), theirs, dtype)
    # PPO: min(r A, clamp(r, 1 − ε, 1 + ε) A)
    ratio = np.exp(rng.normal(0, 0.5, size=32)).astype(dtype)
    adv = rng.normal(size=32).astype(dtype)
    R, A = t(torch, ratio), t(torch, adv)
    check("ppo_clip_objective", nt.ppo_clip_objective(ratio, adv, 0.2), torch.min(R * A, R.clamp(0.8, 1.2) * A), dtype)
    # InfoNCE: cross-entropy of cosine similarities over the batch, the pair on the diagonal
    a, p = rng.normal(size=(8, 5)).astype(dtype), rng.normal(size=(8, 5)).astype(dtype)
    for tau in (0.07, 1.0):
        logits = F.normalize(t(torch, a), dim=-1) @ F.normalize(t(torch, p), dim=-1).T / tau
        check("info_nce", nt.info_nce(a, p, tau), F.cross_entropy(logits, torch.arange(8), reduction="none"), dtype)
        # NT-Xent: 2B views, self-similarity masked out, the partner B rows away
        z = F.normalize(torch.cat([t(torch, a), t(torch, p)]), dim=-1)
        sim = (z @ z.T / tau).masked_fill(torch.eye(16, dtype=torch.bool), float("-inf"))
        partner = torch.cat([torch.arange(8, 16), torch.arange(8)])
        check("nt_xent", nt.nt_xent(a, p, tau), F.cross_entropy(sim, partner, reduction="none"), dtype)
    # VAE: KL(N(μ, σ²) ‖ N(0, 1)) summed over the latent dimensions
    mu, logvar = rng.normal(size=(4, 6)).astype(dtype), rng.normal(0, 0.7, size=(4, 6)).astype(dtype)
    Normal = torch.distributions.Normal
    kl = torch.distributions.kl_divergence(Normal(t(torch, mu), torch.exp(0.5 * t(torch, logvar))), Normal(torch.zeros(4, 6, dtype=torch.float64), torch.ones(4, 6, dtype=torch.float64))).sum(-1)
    check("gaussian_kl_standard", nt.gaussian_kl_standard(mu, logvar), kl, dtype)
    # diffusion: L_simple as F.mse_loss, and q(x_t | x_0) with torch.cumprod
    eps, pred = rng.normal(size=(3, 4, 4)).astype(dtype), rng.normal(size=(3, 4, 4)).astype(dtype)
    check("noise_prediction_loss", nt.noise_prediction_loss(eps, pred), F.mse_loss(t(torch, pred), t(torch, eps)), dtype)
    abar = torch.cumprod(1 - torch.linspace(1e-4, 0.02, 1000, dtype=torch.float64), 0)
    check("alpha_bar", nt.alpha_bar(nt.linear_beta_schedule()), abar, np.float64)
    x0 = rng.normal(size=(4, 4)).astype(dtype)
    for step in (1, 500, 1000):
        theirs = abar[step - 1].sqrt() * t(torch, x0) + (1 - abar[step - 1]).sqrt() * t(torch, eps[0])
        check("q_sample", nt.q_sample(x0, step, eps[0], nt.linear_beta_schedule()), theirs, dtype)
    # the score of a Gaussian by autograd through Normal.log_prob
    x = rng.normal(size=10).astype(dtype)
    X = t(torch, x).requires_grad_(True)
    (grad,) = torch.autograd.grad(Normal(torch.tensor(1.0, dtype=torch.float64), torch.tensor(0.5, dtype=torch.float64)).log_prob(X).sum(), X)
    check("gaussian_score", nt.gaussian_score(x, 1.0, 0.5), grad, dtype)


@pytest.mark.parametrize("seed", SEEDS)
def test_reparameterised_gradient_matches_autograd(torch, seed):
    """The pathwise estimate is what autograd computes through mu + std * eps."""
    eps = np.random.default_rng(950 + seed).standard_normal(64)
    mu = torch.tensor(0.7, dtype=torch.float64, requires_grad=True)
    std = torch.tensor(1.3, dtype=torch.float64, requires_grad=True)
    z = mu + std * t(torch, eps)
    (z**3).mean().backward()
    ours = nt.pathwise_gradient(lambda v: 3 * v**2, 0.7, 1.3, eps)
    check("pathwise_gradient", np.array(ours), torch.stack([mu.grad, std.grad]), np.float64)
    check("reparameterise", nt.reparameterise(0.7, 1.3, eps), z, np.float64)


def test_every_section_14_twin_was_compared():
    required = {
        "dpo_loss": ("float64", "float32"), "ppo_clip_objective": ("float64", "float32"), "info_nce": ("float64", "float32"),
        "nt_xent": ("float64", "float32"), "gaussian_kl_standard": ("float64", "float32"),
        "noise_prediction_loss": ("float64", "float32"), "q_sample": ("float64", "float32"), "alpha_bar": ("float64",),
        "gaussian_score": ("float64", "float32"), "pathwise_gradient": ("float64",), "reparameterise": ("float64",),
    }
    if not ERRORS:
        pytest.skip("no comparison ran (torch missing)")
    for name, dtypes in required.items():
        for dtype in dtypes:
            assert f"{name} [{dtype}]" in ERRORS, f"{name} [{dtype}] was never compared"
