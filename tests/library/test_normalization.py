"""notation.normalization against explicit mean / variance loops."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from notation import batch_norm, layer_norm, rms, rms_norm

finite = st.floats(-100, 100, allow_nan=False)


def loop_layer_norm(row, eps):
    mu = sum(row) / len(row)
    var = sum((x - mu) ** 2 for x in row) / len(row)
    return [(x - mu) / math.sqrt(var + eps) for x in row]


@settings(max_examples=50, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)), elements=finite))
def test_layer_norm_equals_loops(x):
    out = layer_norm(x)
    for r, row in enumerate(x.tolist()):
        np.testing.assert_allclose(out[r], loop_layer_norm(row, 1e-5), atol=1e-9)


def test_layer_norm_gives_mean_zero_variance_one_per_token_and_applies_gain_and_shift():
    x = np.random.default_rng(0).normal(3.0, 2.0, size=(4, 16))
    y = layer_norm(x, eps=0.0)
    np.testing.assert_allclose(y.mean(axis=-1), 0.0, atol=1e-12)
    np.testing.assert_allclose(y.var(axis=-1), 1.0)
    gamma, beta = np.linspace(0.5, 2.0, 16), np.linspace(-1.0, 1.0, 16)
    np.testing.assert_allclose(layer_norm(x, gamma, beta, eps=0.0), y * gamma + beta)


def loop_rms_norm(row, eps):
    ms = sum(x * x for x in row) / len(row)
    return [x / math.sqrt(ms + eps) for x in row]


@settings(max_examples=50, deadline=None)
@given(arrays(np.float64, st.tuples(st.integers(1, 4), st.integers(1, 6)), elements=finite))
def test_rms_norm_and_rms_equal_loops(x):
    out = rms_norm(x)
    for r, row in enumerate(x.tolist()):
        np.testing.assert_allclose(out[r], loop_rms_norm(row, 1e-6), atol=1e-9)
        assert rms(x)[r] == pytest.approx(math.sqrt(sum(v * v for v in row) / len(row)))


def test_rms_norm_gives_unit_rms_but_keeps_a_mean_and_equals_layer_norm_on_centred_input():
    x = np.array([[1.0, 2.0, 3.0, 6.0]])
    y = rms_norm(x, eps=0.0)
    assert rms(y)[0] == pytest.approx(1.0)
    assert y.mean() > 0.5
    centred = x - x.mean()
    np.testing.assert_allclose(rms_norm(centred, eps=0.0), layer_norm(centred, eps=0.0))
    np.testing.assert_allclose(rms_norm(x, gamma=[1, 2, 3, 4], eps=0.0), y * [1, 2, 3, 4])


def test_rms_along_another_axis():
    x = np.array([[3.0, 0.0], [4.0, 0.0]])
    np.testing.assert_allclose(rms(x, axis=0), [math.sqrt(12.5), 0.0])
    with pytest.raises(ValueError):
        rms(x, axis=2)


def test_epsilon_guards_a_constant_vector():
    const = np.full(4, 3.0)
    with np.errstate(invalid="ignore"):
        assert np.all(np.isnan(layer_norm(const, eps=0.0)))
        assert np.all(np.isnan(rms_norm(np.zeros(4), eps=0.0)))
    assert np.all(layer_norm(const) == 0.0)
    assert np.all(rms_norm(np.zeros(4)) == 0.0)


def test_batch_norm_normalises_each_feature_across_the_batch_with_loops():
    x = np.random.default_rng(1).normal(size=(5, 3))
    y = batch_norm(x)
    for f in range(3):
        col = x[:, f].tolist()
        mu = sum(col) / 5
        var = sum((c - mu) ** 2 for c in col) / 5
        np.testing.assert_allclose(y[:, f], [(c - mu) / math.sqrt(var + 1e-5) for c in col])
    # a token axis is pooled with the batch axis
    x3 = np.random.default_rng(2).normal(size=(2, 4, 3))
    np.testing.assert_allclose(batch_norm(x3).reshape(8, 3), batch_norm(x3.reshape(8, 3)))
    # one example's output depends on the others (LayerNorm's does not)
    x2 = x.copy()
    x2[4] += 10.0
    assert not np.allclose(batch_norm(x2)[0], y[0])
    np.testing.assert_array_equal(layer_norm(x2)[0], layer_norm(x)[0])
    np.testing.assert_allclose(batch_norm(x, [2, 2, 2], [1, 1, 1]), 2 * y + 1)


def test_bad_input_raises():
    with pytest.raises(ValueError, match="scalar"):
        layer_norm(3.0)
    with pytest.raises(ValueError, match="scalar"):
        rms_norm(3.0)
    with pytest.raises(ValueError, match="eps"):
        layer_norm([1.0, 2.0], eps=-1.0)
    with pytest.raises(ValueError, match="eps"):
        rms_norm([1.0, 2.0], eps=float("nan"))
    with pytest.raises(ValueError, match="gamma"):
        layer_norm([1.0, 2.0], gamma=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="beta"):
        batch_norm([[1.0, 2.0]], beta=[1.0])
    with pytest.raises(ValueError, match="batch axis"):
        batch_norm([1.0, 2.0])
    with pytest.raises(TypeError):
        layer_norm("abc")


def test_float32_is_kept():
    x = np.ones((2, 3), dtype=np.float32)
    for f in (layer_norm, rms_norm, batch_norm, rms):
        assert f(x).dtype == np.float32
