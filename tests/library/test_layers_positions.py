"""notation.layers and notation.positions against loops, np.convolve, math and rotation matrices."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    conv1d,
    conv_output_size,
    convolve1d,
    dropout,
    hessian,
    rope,
    rope_frequencies,
    rope_scores,
    sinusoidal_encoding,
    taylor_approximation,
)


def test_dropout_statistics_and_inference():
    rng = np.random.default_rng(0)
    x = np.ones(200_000)
    y, r = dropout(x, p=0.3, rng=rng)
    assert abs(r.mean() - 0.7) < 0.005  # kept with probability 1 − p
    assert set(np.unique(y)) == {0.0, 1 / 0.7}
    assert abs(y.mean() - 1.0) < 0.01  # inverted scaling keeps the mean
    same, ones = dropout(x, p=0.3, training=False)
    np.testing.assert_array_equal(same, x)
    np.testing.assert_array_equal(ones, 1.0)
    assert not dropout(x[:10], p=1.0, rng=rng)[0].any()
    with pytest.raises(ValueError, match="drop probability"):
        dropout(x, p=1.5, rng=rng)
    with pytest.raises(ValueError, match="rng"):
        dropout(x, p=0.5)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 40), st.integers(1, 9), st.integers(1, 4), st.integers(0, 4))
def test_conv_output_size_counts_the_windows(n, k, s, p):
    if n + 2 * p < k:
        with pytest.raises(ValueError):
            conv_output_size(n, k, s, p)
        return
    starts = [i for i in range(0, n + 2 * p) if i % s == 0 and i + k <= n + 2 * p]
    assert conv_output_size(n, k, s, p) == len(starts) == math.floor((n + 2 * p - k) / s) + 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=1, max_size=12), st.lists(st.floats(-5, 5), min_size=1, max_size=4),
       st.integers(1, 3), st.integers(0, 2))
def test_conv1d_is_a_sliding_dot_product(x, w, s, p):
    xp = [0.0] * p + x + [0.0] * p
    if len(xp) < len(w):
        return
    expected = [sum(xp[i + j] * w[j] for j in range(len(w))) for i in range(0, len(xp) - len(w) + 1, s)]
    np.testing.assert_allclose(conv1d(x, w, s, p), expected, atol=1e-12)


def test_convolve1d_is_numpys_convolution_and_conv1d_its_correlation():
    rng = np.random.default_rng(1)
    x, w = rng.normal(size=10), rng.normal(size=3)
    np.testing.assert_allclose(convolve1d(x, w), np.convolve(x, w, mode="valid"))
    np.testing.assert_allclose(conv1d(x, w), np.correlate(x, w, mode="valid"))
    assert not np.allclose(conv1d(x, w), convolve1d(x, w))


def test_sinusoidal_encoding_matches_the_paper_formula():
    pe = sinusoidal_encoding(50, 8)
    for pos in range(50):
        for i in range(4):
            angle = pos / 10000 ** (2 * i / 8)
            assert math.isclose(pe[pos, 2 * i], math.sin(angle), abs_tol=1e-12)
            assert math.isclose(pe[pos, 2 * i + 1], math.cos(angle), abs_tol=1e-12)
    wavelengths = 2 * math.pi / rope_frequencies(512)
    assert math.isclose(wavelengths[0], 2 * math.pi)
    assert 2 * math.pi * 10000 ** (510 / 512) == pytest.approx(wavelengths[-1])


def rotation(angle):
    return np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])


def test_rope_applies_the_block_diagonal_rotation_matrix():
    rng = np.random.default_rng(2)
    d, n = 6, 5
    x = rng.normal(size=(n, d))
    out = rope(x)
    for m in range(n):
        R = np.zeros((d, d))
        for i in range(d // 2):
            R[2 * i:2 * i + 2, 2 * i:2 * i + 2] = rotation(m * 10000 ** (-2 * i / d))
        np.testing.assert_allclose(out[m], R @ x[m], atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(out, axis=-1), np.linalg.norm(x, axis=-1))


def test_rope_pairs_adjacent_dimensions_as_metas_llama_and_is_a_permuted_rotate_half():
    """The pairing the docstring and the rope entry state, against two independent write-ups.

    Meta's LLaMA code views (x_{2i}, x_{2i+1}) as one complex number and multiplies it by
    e^{i m θ_i}; GPT-NeoX and Hugging Face's ``rotate_half`` pair x_j with x_{j+d/2}. The first
    must equal ``rope`` exactly; the second must equal it after moving the even dimensions
    to the first half and the odd ones to the second (the permutation converted checkpoints
    apply to W_Q and W_K).
    """
    rng = np.random.default_rng(4)
    n, d = 7, 8
    x = rng.normal(size=(n, d))
    theta = np.array([10000.0 ** (-2 * i / d) for i in range(d // 2)])
    angles = np.arange(n)[:, None] * theta[None, :]
    # Meta's LLaMA: complex multiplication of adjacent pairs
    z = (x[:, 0::2] + 1j * x[:, 1::2]) * np.exp(1j * angles)
    meta = np.empty_like(x)
    meta[:, 0::2], meta[:, 1::2] = z.real, z.imag
    np.testing.assert_allclose(rope(x), meta, atol=1e-12)
    # GPT-NeoX / HF: x * cos + rotate_half(x) * sin on the half-split layout
    perm = np.r_[0:d:2, 1:d:2]  # even dimensions first, then odd
    xh = x[:, perm]
    cos, sin = np.cos(np.tile(angles, 2)), np.sin(np.tile(angles, 2))
    rotate_half = np.concatenate([-xh[:, d // 2:], xh[:, : d // 2]], axis=1)
    neox = xh * cos + rotate_half * sin
    np.testing.assert_allclose(neox, rope(x)[:, perm], atol=1e-12)
    # without the permutation the two layouts disagree: mixing them is a silent bug
    naive = x * cos + np.concatenate([-x[:, d // 2:], x[:, : d // 2]], axis=1) * sin
    assert not np.allclose(naive, rope(x))


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 500), st.integers(0, 500), st.integers(-200, 200))
def test_rope_score_depends_only_on_the_offset(m, n, shift):
    rng = np.random.default_rng(3)
    q, k = rng.normal(size=8), rng.normal(size=8)
    a = rope_scores(q, k, m, n)
    b = rope_scores(q, k, m + shift + 200, n + shift + 200)
    assert math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def test_hessian_finite_differences_match_the_closed_form():
    A = np.array([[3.0, 1.0, 0.0], [1.0, 2.0, -1.0], [0.0, -1.0, 4.0]])
    np.testing.assert_allclose(hessian(lambda v: 0.5 * v @ A @ v, [0.3, -1.0, 2.0]), A, atol=1e-6)

    def f(v):  # Rosenbrock, whose Hessian is known in closed form
        return (1 - v[0]) ** 2 + 100 * (v[1] - v[0] ** 2) ** 2

    x, y = 0.5, 0.7
    exact = np.array([[2 - 400 * (y - x * x) + 800 * x * x, -400 * x], [-400 * x, 200.0]])
    np.testing.assert_allclose(hessian(f, [x, y]), exact, rtol=1e-6)


def test_taylor_errors_shrink_like_powers_of_the_step():
    f = math.exp  # every derivative of exp at 0 is 1
    errs1, errs2 = [], []
    for h in (0.1, 0.05, 0.025):
        errs1.append(abs(f(h) - taylor_approximation(1.0, [1.0], [h])))
        errs2.append(abs(f(h) - taylor_approximation(1.0, [1.0], [h], [[1.0]])))
    assert 3.6 < errs1[0] / errs1[1] < 4.4 and 7.2 < errs2[0] / errs2[1] < 8.8  # h² and h³
    with pytest.raises(ValueError, match="hess"):
        taylor_approximation(0.0, [1.0, 1.0], [0.1, 0.1], [[1.0]])


def test_logistic_loss_hessian_against_finite_differences_and_a_loop():
    from notation import logistic_loss, logistic_loss_hessian

    rng = np.random.default_rng(4)
    X = np.column_stack([np.ones(6), rng.normal(size=(6, 2))])
    y = np.array([1, 0, 1, 1, 0, 0])
    theta = np.array([0.3, -0.5, 1.2])
    H = logistic_loss_hessian(theta, X, y)
    np.testing.assert_allclose(H, hessian(lambda th: logistic_loss(th, X, y), theta), atol=1e-6)
    loop = np.zeros((3, 3))
    for xi in X:
        p = 1 / (1 + math.exp(-float(xi @ theta)))
        loop += p * (1 - p) * np.outer(xi, xi) / 6
    np.testing.assert_allclose(H, loop, rtol=1e-12)
    assert np.all(np.linalg.eigvalsh(H) >= 0)
