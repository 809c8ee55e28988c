"""notation.optimizers against plain-Python loops written from the papers' formulas."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    adam_descent,
    adam_step,
    clip_grad_norm,
    clip_grad_value,
    momentum_descent,
    weight_decay_step,
)

floats = st.floats(-10, 10, allow_nan=False)


def ravine_grad(th):
    return np.array([1.0, 50.0]) * th  # L = ½(θ₁² + 50 θ₂²)


def polyak(theta0, lr, mu, steps):
    """Heavy ball as Polyak writes it: θ_{k+1} = θ_k − η∇L(θ_k) + μ(θ_k − θ_{k−1}), θ_{−1} = θ_0."""
    prev, cur, out = list(theta0), list(theta0), [list(theta0)]
    for _ in range(steps):
        g = ravine_grad(np.array(cur))
        nxt = [c - lr * gi + mu * (c - p) for c, gi, p in zip(cur, g, prev)]
        prev, cur = cur, nxt
        out.append(cur)
    return np.array(out)


def test_momentum_both_forms_equal_polyak_with_a_constant_rate():
    for form in ("pytorch", "heavy-ball"):
        path = momentum_descent(ravine_grad, [2.0, 1.0], lr=0.02, mu=0.9, steps=40, form=form)
        np.testing.assert_allclose(path, polyak([2.0, 1.0], 0.02, 0.9, 40), rtol=1e-12, atol=1e-12)


def test_momentum_forms_differ_when_the_rate_changes():
    rates = [0.02] * 5 + [0.002] * 5
    a = momentum_descent(ravine_grad, [2.0, 1.0], lr=rates, mu=0.9, steps=10, form="pytorch")
    b = momentum_descent(ravine_grad, [2.0, 1.0], lr=rates, mu=0.9, steps=10, form="heavy-ball")
    np.testing.assert_allclose(a[:6], b[:6])
    # step 6, by hand: PyTorch's whole velocity is scaled by the new rate, heavy ball keeps the old ones
    v_pt = np.zeros(2)
    v_hb = np.zeros(2)
    th = np.array([2.0, 1.0])
    for k in range(5):
        g = ravine_grad(th)
        v_pt, v_hb = 0.9 * v_pt + g, 0.9 * v_hb + 0.02 * g
        th = th - v_hb
    g = ravine_grad(th)
    np.testing.assert_allclose(a[6], th - 0.002 * (0.9 * v_pt + g))
    np.testing.assert_allclose(b[6], th - (0.9 * v_hb + 0.002 * g))
    assert not np.allclose(a[6], b[6])


def test_momentum_with_mu_zero_is_gradient_descent():
    path = momentum_descent(lambda th: 2 * th, [1.0], lr=0.1, mu=0.0, steps=4)
    np.testing.assert_allclose(path.ravel(), [0.8**k for k in range(5)])


def test_momentum_rejects_bad_input():
    with pytest.raises(ValueError, match="form"):
        momentum_descent(ravine_grad, [1.0, 1.0], 0.1, 0.9, 3, form="nesterov")
    with pytest.raises(ValueError, match="mu"):
        momentum_descent(ravine_grad, [1.0, 1.0], 0.1, 1.0, 3)
    with pytest.raises(ValueError, match="one rate per step"):
        momentum_descent(ravine_grad, [1.0, 1.0], [0.1, 0.1], 0.9, 3)


def adam_loop(theta, grads, lr=1e-3, b1=0.9, b2=0.999, eps=1e-8):
    """Algorithm 1 of Kingma & Ba (2015), scalar by scalar, for one parameter."""
    m = v = 0.0
    out = []
    for t, g in enumerate(grads, start=1):
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mh, vh = m / (1 - b1**t), v / (1 - b2**t)
        theta = theta - lr * mh / (math.sqrt(vh) + eps)
        out.append((theta, m, v, mh, vh))
    return out


@settings(max_examples=50, deadline=None)
@given(st.lists(floats, min_size=1, max_size=8), floats)
def test_adam_step_matches_the_paper_loop(grads, theta0):
    th, m, v = np.array([theta0]), np.zeros(1), np.zeros(1)
    for t, (g, ref) in enumerate(zip(grads, adam_loop(theta0, grads)), start=1):
        s = adam_step(th, [g], m, v, t)
        for ours, theirs in zip((s.theta, s.m, s.v, s.m_hat, s.v_hat), ref):
            assert math.isclose(float(ours[0]), theirs, rel_tol=1e-12, abs_tol=1e-15)
        th, m, v = s.theta, s.m, s.v


def test_adam_bias_correction_makes_m_hat_larger_early():
    run = adam_descent(lambda th: np.ones_like(th), [0.0], steps=3)  # constant gradient 1
    # m_t = 1 − 0.9^t exactly, m̂_t = 1: the correction undoes the pull towards the zero start
    for t, s in enumerate(run, start=1):
        assert math.isclose(float(s.m[0]), 1 - 0.9**t)
        assert math.isclose(float(s.m_hat[0]), 1.0)
        assert s.m_hat[0] > s.m[0]
    assert math.isclose(float(run[0].theta[0]), -1e-3 / (1 + 1e-8))


def test_adam_weight_decay_coupled_and_decoupled():
    th, g, lam, lr = np.array([2.0]), np.array([0.5]), 0.1, 0.01
    coupled = adam_step(th, g, [0.0], [0.0], 1, lr=lr, weight_decay=lam)
    plain_on_l2_grad = adam_step(th, g + lam * th, [0.0], [0.0], 1, lr=lr)
    np.testing.assert_allclose(coupled.theta, plain_on_l2_grad.theta)
    decoupled = adam_step(th, g, [0.0], [0.0], 1, lr=lr, weight_decay=lam, decoupled=True)
    # first step: m̂/√v̂ = sign(g) = 1; AdamW shrinks by (1 − ηλ) then steps η
    np.testing.assert_allclose(decoupled.theta, th * (1 - lr * lam) - lr * 1 / (1 + 1e-8))
    np.testing.assert_allclose(decoupled.m, 0.1 * g)  # the moments never see λθ
    assert not np.allclose(coupled.theta, decoupled.theta)


def test_adam_rejects_bad_input():
    with pytest.raises(ValueError, match="counts steps from 1"):
        adam_step([1.0], [1.0], [0.0], [0.0], 0)
    with pytest.raises(ValueError, match="beta1"):
        adam_step([1.0], [1.0], [0.0], [0.0], 1, beta1=1.0)
    with pytest.raises(ValueError, match="shape"):
        adam_step([1.0], [1.0], [0.0, 0.0], [0.0], 1)


@settings(max_examples=50, deadline=None)
@given(st.lists(floats, min_size=1, max_size=5), st.lists(floats, min_size=1, max_size=5),
       st.floats(1e-4, 1.0), st.floats(0.0, 1.0))
def test_weight_decay_sgd_equals_l2_penalty_gradient(theta, grad, lr, lam):
    n = min(len(theta), len(grad))
    th, g = np.array(theta[:n]), np.array(grad[:n])
    # gradient of L + (λ/2)‖θ‖² is g + λθ; SGD on it, written out per coordinate
    expected = [t - lr * (gi + lam * t) for t, gi in zip(th, g)]
    np.testing.assert_allclose(weight_decay_step(th, g, lr, lam), expected, rtol=1e-12, atol=1e-12)
    # and the same as shrinking first: (1 − ηλ)θ − ηg
    np.testing.assert_allclose(weight_decay_step(th, g, lr, lam), (1 - lr * lam) * th - lr * g, atol=1e-12)


@settings(max_examples=50, deadline=None)
@given(st.lists(floats, min_size=1, max_size=4), st.lists(floats, min_size=1, max_size=4), st.floats(0.01, 20))
def test_clip_grad_norm_against_math(a, b, c):
    total = math.sqrt(sum(x * x for x in a + b))
    clipped, norm = clip_grad_norm([a, b], c)
    assert math.isclose(norm, total, rel_tol=1e-12, abs_tol=1e-12)
    scale = min(1.0, c / (total + 1e-6))
    np.testing.assert_allclose(np.concatenate(clipped), np.array(a + b) * scale, atol=1e-12)
    new_norm = math.sqrt(sum(float(x) ** 2 for g in clipped for x in g))
    assert new_norm <= c + 1e-9


def test_clip_by_value_changes_direction_clip_by_norm_does_not():
    g = np.array([10.0, 1.0])
    by_norm = clip_grad_norm(g, 1.0, eps=0.0)[0][0]
    by_value = clip_grad_value(g, 1.0)[0]
    assert math.isclose(by_norm[0] / by_norm[1], 10.0)
    np.testing.assert_array_equal(by_value, [1.0, 1.0])
    with pytest.raises(ValueError):
        clip_grad_norm([], 1.0)
    with pytest.raises(ValueError, match="clip_value"):
        clip_grad_value([1.0], 0.0)
