"""notation.attention against explicit Python loops."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import attention_scores, causal_mask, scaled_dot_product_attention, softmax


def loop_attention(q, k, v, mask=None):
    """Attention one query at a time, with math.exp and plain sums."""
    n, d_k = len(q), len(q[0])
    out, weights = [], []
    for i in range(n):
        scores = []
        for j in range(len(k)):
            s = sum(q[i][c] * k[j][c] for c in range(d_k)) / math.sqrt(d_k)
            if mask is not None:
                s += mask[i][j]
            scores.append(s)
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        w = [x / sum(e) for x in e]
        weights.append(w)
        out.append([sum(w[j] * v[j][c] for j in range(len(v))) for c in range(len(v[0]))])
    return np.array(out), np.array(weights)


def test_causal_mask_values_and_shape():
    for n in (1, 2, 5):
        m = causal_mask(n)
        assert m.shape == (n, n)
        for i in range(n):
            for j in range(n):
                assert m[i, j] == (0.0 if j <= i else -math.inf)


@pytest.mark.parametrize("bad, err", [(0, ValueError), (-3, ValueError), (2.0, TypeError), (True, TypeError), ("3", TypeError)])
def test_causal_mask_rejects_bad_sizes(bad, err):
    with pytest.raises(err):
        causal_mask(bad)


def test_scores_match_loops_with_and_without_scaling():
    rng = np.random.default_rng(1)
    q, k = rng.standard_normal((3, 4)), rng.standard_normal((5, 4))
    raw = attention_scores(q, k, scale=False)
    for i in range(3):
        for j in range(5):
            dot = sum(q[i, c] * k[j, c] for c in range(4))
            assert raw[i, j] == pytest.approx(dot)
            assert attention_scores(q, k)[i, j] == pytest.approx(dot / 2.0)  # sqrt(4) = 2
    masked = attention_scores(q, k, mask=np.full((3, 5), -1.0))
    np.testing.assert_allclose(masked, attention_scores(q, k) - 1.0)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(1, 4), st.integers(1, 3), st.integers(0, 2**32 - 1))
def test_attention_equals_explicit_loops(n, m, d_k, d_v, seed):
    rng = np.random.default_rng(seed)
    q, k, v = rng.standard_normal((n, d_k)), rng.standard_normal((m, d_k)), rng.standard_normal((m, d_v))
    out, w = scaled_dot_product_attention(q, k, v)
    ref_out, ref_w = loop_attention(q.tolist(), k.tolist(), v.tolist())
    np.testing.assert_allclose(w, ref_w, atol=1e-12)
    np.testing.assert_allclose(out, ref_out, atol=1e-12)
    assert out.shape == (n, d_v) and w.shape == (n, m)


def test_causal_attention_equals_loops_and_ignores_the_future():
    rng = np.random.default_rng(2)
    q, k, v = (rng.standard_normal((4, 3)) for _ in range(3))
    out, w = scaled_dot_product_attention(q, k, v, causal_mask(4))
    ref_out, ref_w = loop_attention(q.tolist(), k.tolist(), v.tolist(), causal_mask(4).tolist())
    np.testing.assert_allclose(w, ref_w, atol=1e-12)
    np.testing.assert_allclose(out, ref_out, atol=1e-12)
    assert np.all(w[np.triu_indices(4, 1)] == 0.0)
    np.testing.assert_allclose(w.sum(axis=-1), 1.0)
    # changing a later token's key and value does not change an earlier output
    k2, v2 = k.copy(), v.copy()
    k2[3] += 5.0
    v2[3] -= 5.0
    out2, _ = scaled_dot_product_attention(q, k2, v2, causal_mask(4))
    np.testing.assert_array_equal(out2[:3], out[:3])


def test_batched_heads_equal_one_at_a_time():
    rng = np.random.default_rng(3)
    q, k, v = rng.standard_normal((2, 3, 4, 5)), rng.standard_normal((2, 3, 6, 5)), rng.standard_normal((2, 3, 6, 2))
    out, w = scaled_dot_product_attention(q, k, v)
    for b in range(2):
        for h in range(3):
            o, ww = scaled_dot_product_attention(q[b, h], k[b, h], v[b, h])
            np.testing.assert_allclose(out[b, h], o)
            np.testing.assert_allclose(w[b, h], ww)


def test_fully_masked_row_is_nan_and_float32_is_kept():
    q = k = v = np.eye(2)
    mask = np.array([[-np.inf, -np.inf], [0.0, 0.0]])
    _, w = scaled_dot_product_attention(q, k, v, mask)
    assert np.all(np.isnan(w[0])) and np.allclose(w[1].sum(), 1.0)
    f32 = np.eye(2, dtype=np.float32)
    out, w = scaled_dot_product_attention(f32, f32, f32)
    assert out.dtype == np.float32 and w.dtype == np.float32


def test_bad_shapes_raise():
    a = np.ones((3, 4))
    with pytest.raises(ValueError, match="d_k"):
        scaled_dot_product_attention(a, np.ones((3, 5)), a)
    with pytest.raises(ValueError, match="same number of keys"):
        scaled_dot_product_attention(a, a, np.ones((2, 4)))
    with pytest.raises(ValueError, match="at least 2 axes"):
        scaled_dot_product_attention(np.ones(4), a, a)
    with pytest.raises(ValueError, match="at least 2 axes"):
        attention_scores(a, np.ones(4))
    with pytest.raises(ValueError, match="does not broadcast"):
        scaled_dot_product_attention(a, a, a, mask=causal_mask(4))
    with pytest.raises(ValueError, match="does not broadcast"):
        attention_scores(a, np.ones((5, 4)), mask=np.zeros((3, 3)))
    with pytest.raises(TypeError):
        attention_scores("abc", a)


# A fully masked row: the mask replaces the scores, or is added to them (issue 13).


def test_additive_finite_mask_on_a_fully_masked_row_leaves_the_weights_unchanged_in_float64():
    rng = np.random.default_rng(3)
    q, k, v = rng.normal(size=(3, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 2))
    mask = np.zeros((3, 5))
    mask[1, :] = -1e9  # query 2 may see no key: -1e9 added to every one of its scores
    _, w = scaled_dot_product_attention(q, k, v, mask)
    _, unmasked = loop_attention(q.tolist(), k.tolist(), v.tolist())
    # the shift is a constant per row, so softmax undoes it; only the scores' rounding
    # near 1e9 (spacing 2**-23 ≈ 1.2e-7) is left
    np.testing.assert_allclose(w[1], unmasked[1], rtol=0, atol=1e-6)
    assert not np.allclose(w[1], 1 / 5)  # and it is not the uniform row


def test_replacing_finite_mask_gives_a_uniform_row_and_minus_inf_gives_nan():
    rng = np.random.default_rng(4)
    scores = rng.normal(size=(2, 6)) * 3
    every = np.ones(6, dtype=bool)
    replaced = softmax(np.where(every, -1e9, scores))
    np.testing.assert_array_equal(replaced, np.full((2, 6), 1 / 6))
    assert np.isnan(softmax(np.where(every, -np.inf, scores))).all()
    assert np.isnan(softmax(scores + np.where(every, -np.inf, 0.0))).all()


def test_additive_finite_mask_in_float32_rounds_the_scores_away():
    # float32's spacing near 1e9 is 64: -1e9 + s rounds to -1e9 for every |s| < 32
    scores = np.array([2.0, 0.5, 1.0, -0.5], dtype=np.float32)
    assert all(float(np.float32(-1e9) + s) == float(np.float32(-1e9)) for s in scores)
    w = softmax(scores + np.float32(-1e9))
    assert w.dtype == np.float32
    np.testing.assert_array_equal(w, np.full(4, 0.25, dtype=np.float32))
