"""notation.optimization against explicit loops and closed forms."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    gradient,
    gradient_descent,
    gradient_through_time,
    logistic_loss,
    logistic_loss_gradient,
    sgd_step,
    vq_loss_gradients,
    warmup_cosine_schedule,
)


def test_sgd_step_moves_against_the_gradient():
    np.testing.assert_allclose(sgd_step([[1.0, 2.0]], [[10.0, -10.0]], 0.01), [[0.9, 2.1]])


def test_sgd_step_rejects_bad_input():
    with pytest.raises(ValueError, match="shape"):
        sgd_step([1.0, 2.0], [1.0], 0.1)
    with pytest.raises(ValueError, match="lr"):
        sgd_step([1.0], [1.0], -0.1)
    with pytest.raises(TypeError):
        sgd_step([1.0], [1.0], "0.1")


@given(st.floats(0.01, 1.5), st.floats(-3, 3), st.integers(0, 20))
@settings(max_examples=60, deadline=None)
def test_gradient_descent_on_a_quadratic_matches_the_closed_form(lr, theta0, steps):
    # L = a θ² / 2 with a = 1.5: each step multiplies θ by (1 - lr a)
    a = 1.5
    path = gradient_descent(lambda th: a * th, [theta0], lr, steps)
    assert path.shape == (steps + 1, 1)
    np.testing.assert_allclose(path[:, 0], [theta0 * (1 - lr * a) ** k for k in range(steps + 1)], rtol=1e-12, atol=1e-12)


def test_gradient_descent_converges_below_two_over_curvature_and_diverges_above():
    a = 4.0  # threshold 2 / a = 0.5
    ok = gradient_descent(lambda th: a * th, [1.0], 0.45, 50)[-1, 0]
    bad = gradient_descent(lambda th: a * th, [1.0], 0.55, 50)[-1, 0]
    assert abs(ok) < 1e-3 and abs(bad) > 1e2


def test_gradient_descent_rejects_bad_input():
    with pytest.raises(ValueError, match="shape"):
        gradient_descent(lambda th: np.ones(3), [1.0, 2.0], 0.1, 2)
    with pytest.raises(ValueError):
        gradient_descent(lambda th: th, [1.0], 0.1, -1)
    with pytest.raises(TypeError):
        gradient_descent(lambda th: th, [1.0], 0.1, 2.5)
    with pytest.raises(ValueError, match="lr"):
        gradient_descent(lambda th: th, [1.0], 0.0, 2)


def test_warmup_cosine_schedule_matches_the_formula_step_by_step():
    total, warm, peak, low = 50, 8, 3e-4, 3e-5
    lrs = warmup_cosine_schedule(np.arange(total + 1), total, warm, peak, low)
    for s, lr in enumerate(lrs):
        if s < warm:
            expected = peak * s / warm
        else:
            expected = low + 0.5 * (peak - low) * (1 + math.cos(math.pi * (s - warm) / (total - warm)))
        assert lr == pytest.approx(expected, rel=1e-12, abs=1e-18)
    assert lrs.max() == pytest.approx(peak) and lrs[warm] == pytest.approx(peak)
    assert np.all(np.diff(lrs[: warm + 1]) > 0) and np.all(np.diff(lrs[warm:]) < 0)
    assert float(warmup_cosine_schedule(10_000, total, warm, peak, low)) == pytest.approx(low)


def test_warmup_cosine_schedule_without_warmup_starts_at_peak():
    assert float(warmup_cosine_schedule(0, 10, 0, 1.0)) == pytest.approx(1.0)


def test_warmup_cosine_schedule_rejects_bad_input():
    with pytest.raises(ValueError, match="less than"):
        warmup_cosine_schedule(0, 10, 10, 1.0)
    with pytest.raises(ValueError, match="min_lr"):
        warmup_cosine_schedule(0, 10, 2, 1.0, min_lr=2.0)
    with pytest.raises(ValueError, match="step"):
        warmup_cosine_schedule(-1, 10, 2, 1.0)
    with pytest.raises(TypeError):
        warmup_cosine_schedule(0, 10.0, 2, 1.0)


def _bce_by_loop(theta, X, y):
    total = 0.0
    for xi, yi in zip(X, y):
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(xi, theta))))
        total += -(yi * math.log(p) + (1 - yi) * math.log(1 - p))
    return total / len(y)


def test_logistic_loss_and_gradient_match_loops_and_finite_differences():
    rng = np.random.default_rng(3)
    X = np.column_stack([np.ones(6), rng.normal(size=(6, 2))])
    y = np.array([1, 0, 1, 1, 0, 0])
    theta = np.array([0.1, -0.4, 0.8])
    assert logistic_loss(theta, X, y) == pytest.approx(_bce_by_loop(theta, X, y), rel=1e-12)
    g = logistic_loss_gradient(theta, X, y)
    assert g.shape == theta.shape
    np.testing.assert_allclose(g, gradient(lambda t: logistic_loss(t, X, y), theta), atol=1e-8)


def test_logistic_loss_is_stable_for_huge_logits():
    assert logistic_loss([1000.0], [[1.0]], [1]) == pytest.approx(0.0, abs=1e-300)
    assert logistic_loss([1000.0], [[1.0]], [0]) == pytest.approx(1000.0)


def test_logistic_rejects_bad_shapes_and_labels():
    with pytest.raises(ValueError, match="X must be"):
        logistic_loss([0.0, 0.0], [[1.0, 2.0, 3.0]], [1])
    with pytest.raises(ValueError, match="0/1"):
        logistic_loss([0.0], [[1.0]], [0.5])
    with pytest.raises(ValueError):
        logistic_loss_gradient([0.0], [[1.0]], [[1.0]])


@pytest.mark.parametrize("lam", [0.9, 1.0, 1.1])
def test_gradient_through_time_is_lambda_to_the_k(lam):
    out = gradient_through_time(lam, 100)
    assert out.shape == (101,)
    for k in (0, 10, 50, 100):
        assert out[k] == pytest.approx(lam**k, rel=1e-12)


def test_gradient_through_time_overflows_to_inf_and_rejects_bad_input():
    assert math.isinf(gradient_through_time(10.0, 400)[-1])
    with pytest.raises(ValueError):
        gradient_through_time(0.9, -1)
    with pytest.raises(ValueError):
        gradient_through_time(float("nan"), 3)
    with pytest.raises(TypeError):
        gradient_through_time("0.9", 3)


# -- vq_loss_gradients ------------------------------------------------------------------------


def test_vq_loss_gradients_are_partial_derivatives_with_the_stopped_argument_held_fixed():
    rng = np.random.default_rng(3)
    z_e, e, beta = rng.normal(size=4), rng.normal(size=4), 0.25
    g = vq_loss_gradients(z_e, e, beta)
    sq = lambda v: float(v @ v)  # noqa: E731
    # sg[·] is a constant to the gradient: differentiate each term in its free argument only
    assert np.allclose(g["codebook"][0], 0.0) and np.allclose(g["commitment"][1], 0.0)
    assert g["codebook"][1] == pytest.approx(gradient(lambda c: sq(z_e - c), e), abs=1e-6)
    assert g["commitment"][0] == pytest.approx(gradient(lambda z: beta * sq(z - e), z_e), abs=1e-6)
    assert g["total"][0] == pytest.approx(g["commitment"][0]) and g["total"][1] == pytest.approx(g["codebook"][1])
    plain = lambda z, c: (1 + beta) * sq(z - c)  # noqa: E731  the same value with no sg anywhere
    assert g["plain"][0] == pytest.approx(gradient(lambda z: plain(z, e), z_e), abs=1e-6)
    assert g["plain"][1] == pytest.approx(gradient(lambda c: plain(z_e, c), e), abs=1e-6)


def test_vq_loss_gradients_bad_input():
    with pytest.raises(ValueError, match="same length"):
        vq_loss_gradients([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="beta"):
        vq_loss_gradients([1.0], [0.0], beta=-1.0)
from notation import minibatch_indices  # noqa: E402


@pytest.mark.parametrize("n, batch_size", [(10, 3), (6, 2), (5, 5), (3, 8)])
def test_minibatches_are_a_shuffled_partition_of_the_data_set(n, batch_size):
    batches = minibatch_indices(n, batch_size, np.random.default_rng(0))
    assert sorted(np.concatenate(batches).tolist()) == list(range(n))  # every example once
    assert [len(b) for b in batches] == [batch_size] * (n // batch_size) + ([n % batch_size] if n % batch_size else [])
    kept = minibatch_indices(n, batch_size, np.random.default_rng(0), drop_last=True)
    assert all(len(b) == batch_size for b in kept)


def test_minibatch_sizes_are_checked():
    with pytest.raises(ValueError):
        minibatch_indices(0, 2, np.random.default_rng(0))
    with pytest.raises(TypeError):
        minibatch_indices(4, 2.0, np.random.default_rng(0))
