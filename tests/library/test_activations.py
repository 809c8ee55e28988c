"""notation.activations against independent references: the math module, loops, closed forms."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from notation.activations import (
    dense,
    gelu,
    gelu_derivative,
    keep_top_k,
    repetition_penalty,
    log_softmax,
    logit,
    relu,
    sigmoid,
    silu,
    softmax,
    softplus,
    standard_normal_cdf,
    swish,
    tanh,
)

finite = st.floats(min_value=-50, max_value=50, allow_nan=False, allow_infinity=False)
vectors = arrays(np.float64, st.integers(1, 8), elements=finite)
GRID = np.linspace(-8.0, 8.0, 161)

ELEMENTWISE = [relu, gelu, gelu_derivative, silu, swish, sigmoid, softplus, tanh, standard_normal_cdf]


# ---------- element-wise functions against the math module ----------


def test_relu_matches_max_zero_x():
    assert relu(GRID).tolist() == [max(0.0, float(v)) for v in GRID]
    assert relu([-0.0, 0.0, 2.5]).tolist() == [0.0, 0.0, 2.5]


def test_sigmoid_matches_closed_form_and_is_stable():
    expected = [1 / (1 + math.exp(-float(v))) for v in GRID]
    np.testing.assert_allclose(sigmoid(GRID), expected, rtol=1e-14, atol=0)
    with np.errstate(over="raise", invalid="raise", divide="raise"):  # no overflow warning at huge inputs
        out = sigmoid([-1000.0, 1000.0])
    assert out.tolist() == [0.0, 1.0]


@settings(deadline=None)
@given(vectors)
def test_sigmoid_symmetry_and_range(x):
    s = sigmoid(x)
    np.testing.assert_allclose(sigmoid(-x), 1 - s, atol=1e-15)
    assert np.all((s >= 0) & (s <= 1))


def test_sigmoid_open_interval_for_moderate_inputs():
    s = sigmoid(np.linspace(-30, 30, 61))
    assert np.all((s > 0) & (s < 1))
    # float64 rounds sigma(40) = 1 - 4.2e-18 to exactly 1.0 (the sigmoid entry says so)
    assert sigmoid(40.0) == 1.0 and 1 / (1 + math.exp(-40.0)) == 1.0


def test_tanh_matches_math_tanh_and_sigmoid_identity():
    np.testing.assert_allclose(tanh(GRID), [math.tanh(float(v)) for v in GRID], rtol=1e-15, atol=1e-16)
    # tanh(x) = 2 sigma(2x) - 1
    np.testing.assert_allclose(tanh(GRID), 2 * sigmoid(2 * GRID) - 1, atol=1e-15)
    t = tanh(np.linspace(-15, 15, 31))
    assert np.all((t > -1) & (t < 1))


def test_standard_normal_cdf_matches_erf_and_known_values():
    # erfc(−x/√2)/2 is (1 + erf(x/√2))/2 without the cancellation of 1 + erf in the left tail
    expected = [0.5 * math.erfc(-float(v) / math.sqrt(2)) for v in GRID]
    np.testing.assert_allclose(standard_normal_cdf(GRID), expected, rtol=1e-15)
    np.testing.assert_allclose(standard_normal_cdf(GRID[GRID > 0]), [0.5 * (1 + math.erf(float(v) / math.sqrt(2))) for v in GRID[GRID > 0]], rtol=1e-15)
    # the left tail keeps its digits (regression: 1 + erf lost 2 % of Phi(-8))
    assert standard_normal_cdf(-8.0) == pytest.approx(6.220960574271785e-16, rel=1e-13)
    assert standard_normal_cdf(-20.0) == pytest.approx(2.7536241186062337e-89, rel=1e-13)
    # Phi(1.959964) = 0.975, the two-sided 95% point
    assert standard_normal_cdf(1.959963984540054) == pytest.approx(0.975, abs=1e-12)
    np.testing.assert_allclose(standard_normal_cdf(-GRID), 1 - standard_normal_cdf(GRID), atol=1e-15)


def test_gelu_exact_matches_erf_formula():
    expected = [float(v) * 0.5 * math.erfc(-float(v) / math.sqrt(2)) for v in GRID]
    np.testing.assert_allclose(gelu(GRID), expected, rtol=1e-14, atol=1e-300)


def test_gelu_tanh_matches_tanh_formula_and_is_close_to_exact():
    c = math.sqrt(2 / math.pi)
    expected = [0.5 * v * (1 + math.tanh(c * (v + 0.044715 * v**3))) for v in map(float, GRID)]
    np.testing.assert_allclose(gelu(GRID, approximate="tanh"), expected, rtol=1e-12, atol=1e-15)
    fine = np.linspace(-10, 10, 20001)
    gap = np.max(np.abs(gelu(fine) - gelu(fine, approximate="tanh")))
    assert 1e-4 < gap < 1e-3  # about 4.7e-4: close, but not equal


def test_gelu_tanh_keeps_float32_precision_for_negative_inputs():
    # regression: 0.5 x (1 + tanh u) cancels for negative x; float32 lost 3-4 digits at x = -5
    c = math.sqrt(2 / math.pi)
    x = np.array([-9.0, -7.0, -5.0, -3.0, -1.0], dtype=np.float32)
    exact = [float(v) / (1 + math.exp(-2 * c * (float(v) + 0.044715 * float(v) ** 3))) for v in x]
    got = gelu(x, approximate="tanh")
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, exact, rtol=1e-5)  # the old formula: 2e-4 at x = -5, 0 at x = -9
    np.testing.assert_allclose(gelu(x.astype(np.float64), approximate="tanh"), exact, rtol=1e-13)


def test_gelu_derivative_matches_central_differences_of_the_erf_formula():
    def g(v: float) -> float:
        return v * 0.5 * math.erfc(-v / math.sqrt(2))

    h = 1e-5
    expected = [(g(float(v) + h) - g(float(v) - h)) / (2 * h) for v in GRID]
    np.testing.assert_allclose(gelu_derivative(GRID), expected, rtol=0, atol=1e-9)
    # far below zero the slope is tiny but not zero, and negative
    assert -7.2e-6 < float(gelu_derivative(-5.0)) < -7.1e-6
    assert gelu_derivative(np.float32(-5.0)).dtype == np.float32


def test_gelu_derivative_is_zero_at_gelus_lowest_point():
    fine = np.linspace(-1.0, -0.5, 50001)
    lowest = fine[np.argmin([float(v) * 0.5 * math.erfc(-float(v) / math.sqrt(2)) for v in fine])]
    assert abs(lowest - (-0.7518)) < 1e-4
    assert gelu_derivative(lowest - 1e-4) < 0 < gelu_derivative(lowest + 1e-4)


def test_gelu_rejects_unknown_approximation():
    with pytest.raises(ValueError, match="approximate"):
        gelu([1.0], approximate="sigmoid")


def test_softplus_matches_log1p_exp_where_safe_and_x_for_large_x():
    safe = np.linspace(-30, 30, 121)
    np.testing.assert_allclose(softplus(safe), [math.log1p(math.exp(float(v))) for v in safe], rtol=1e-14)
    big = np.array([50.0, 800.0, 1e6])
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        out = softplus(big)
        tiny = softplus(np.array([-800.0]))
    np.testing.assert_allclose(out, big, rtol=1e-15)
    assert tiny[0] == 0.0 or tiny[0] == pytest.approx(math.exp(-800.0))
    # tiny positive inputs keep their precision: softplus(-40) = e^-40 to first order
    assert softplus(-40.0) == pytest.approx(math.exp(-40.0), rel=1e-12)


@settings(deadline=None)
@given(vectors)
def test_softplus_positive_and_above_relu(x):
    s = softplus(x)
    assert np.all(s > 0) or np.all(s[x < -700] == 0)
    assert np.all(s >= relu(x))
    assert np.all(s <= relu(x) + math.log(2) + 1e-12)


def test_silu_is_x_times_sigmoid_and_swish_family():
    expected = [float(v) / (1 + math.exp(-float(v))) for v in GRID]
    np.testing.assert_allclose(silu(GRID), expected, rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(swish(GRID, beta=1.0), silu(GRID), rtol=0, atol=0)
    np.testing.assert_allclose(swish(GRID, beta=0.0), GRID / 2)
    beta = 1.702
    expected_b = [float(v) / (1 + math.exp(-beta * float(v))) for v in GRID]
    np.testing.assert_allclose(swish(GRID, beta=beta), expected_b, rtol=1e-14, atol=1e-300)
    # large beta approaches ReLU
    np.testing.assert_allclose(swish(GRID, beta=100.0), relu(GRID), atol=1e-3)


def test_silu_minimum_is_near_minus_0_278():
    x = np.linspace(-3, 0, 300001)
    y = silu(x)
    assert y.min() == pytest.approx(-0.27846454, abs=1e-7)
    assert x[y.argmin()] == pytest.approx(-1.2784645, abs=1e-4)


def test_swish_rejects_bad_beta():
    with pytest.raises(TypeError):
        swish([1.0], beta="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        swish([1.0], beta=float("inf"))


def test_logit_inverts_sigmoid():
    p = np.linspace(0.01, 0.99, 99)
    np.testing.assert_allclose(logit(p), [math.log(v / (1 - v)) for v in p], rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(sigmoid(logit(p)), p, rtol=1e-13)
    np.testing.assert_allclose(logit(sigmoid(GRID)), GRID, atol=1e-9)
    assert logit([0.0, 1.0]).tolist() == [-math.inf, math.inf]
    for bad in ([-0.1], [1.5], [math.nan]):
        with pytest.raises(ValueError):
            logit(bad)


@pytest.mark.parametrize("f", ELEMENTWISE, ids=lambda f: f.__name__)
def test_elementwise_functions_keep_shape_and_float32(f):
    x32 = np.linspace(-3, 3, 12, dtype=np.float32).reshape(3, 4)
    out = f(x32)
    assert out.shape == (3, 4) and out.dtype == np.float32
    assert f(np.arange(-2, 3)).dtype == np.float64  # integers are promoted
    np.testing.assert_allclose(out, f(x32.astype(np.float64)), rtol=1e-5, atol=1e-6)


def test_gelu_tanh_keeps_float32():
    assert gelu(np.ones(3, dtype=np.float32), approximate="tanh").dtype == np.float32


@pytest.mark.parametrize("f", ELEMENTWISE + [softmax, log_softmax], ids=lambda f: f.__name__)
def test_non_numeric_input_raises_type_error(f):
    with pytest.raises(TypeError):
        f("abc")
    with pytest.raises(TypeError):
        f([1 + 2j])


# ---------- softmax and log_softmax ----------


def _softmax_reference(z):
    m = max(z)
    e = [math.exp(v - m) for v in z]
    return [v / sum(e) for v in e]


@settings(deadline=None)
@given(vectors)
def test_softmax_matches_loop_and_rows_sum_to_one(z):
    p = softmax(z)
    np.testing.assert_allclose(p, _softmax_reference(list(map(float, z))), rtol=1e-12, atol=1e-300)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert np.all(p >= 0)


@settings(deadline=None)
@given(vectors, st.floats(min_value=-1e3, max_value=1e3))
def test_softmax_shift_invariance(z, c):
    np.testing.assert_allclose(softmax(z + c), softmax(z), rtol=1e-9, atol=1e-12)


def test_softmax_of_huge_logits_is_finite_and_correct():
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        p = softmax([1000.0, 1001.0])
    np.testing.assert_allclose(p, [1 / (1 + math.e), math.e / (1 + math.e)], rtol=1e-15)


def test_softmax_works_along_the_chosen_axis():
    rng = np.random.default_rng(0)
    m = rng.normal(size=(3, 4))
    rows = softmax(m)  # axis=-1 by default
    np.testing.assert_allclose(rows.sum(axis=1), np.ones(3))
    for i in range(3):
        np.testing.assert_allclose(rows[i], _softmax_reference(list(m[i])))
    cols = softmax(m, axis=0)
    np.testing.assert_allclose(cols.sum(axis=0), np.ones(4))
    with pytest.raises(ValueError, match="axis"):
        softmax(m, axis=2)
    with pytest.raises(ValueError, match="scalar"):
        softmax(3.0)


def test_softmax_temperature_divides_first():
    z = np.array([2.0, 1.0, 0.5, -1.0])
    for t in (0.25, 0.5, 2.0, 10.0):
        np.testing.assert_allclose(softmax(z, temperature=t), _softmax_reference(list(z / t)), rtol=1e-13)
        p = softmax(z, temperature=t)
        # ratios are e^{(z_i - z_j)/T}, i.e. the T = 1 ratio raised to 1/T
        assert p[0] / p[1] == pytest.approx(math.exp(1.0) ** (1 / t), rel=1e-12)
    np.testing.assert_allclose(softmax(z, temperature=1e-3), [1.0, 0.0, 0.0, 0.0], atol=1e-300)


@pytest.mark.parametrize("t", [0.0, -1.0, math.nan])
def test_softmax_nonpositive_temperature_raises(t):
    with pytest.raises(ValueError, match="temperature"):
        softmax([1.0, 2.0], temperature=t)


def test_softmax_all_minus_inf_row_is_nan_and_others_are_untouched():
    with np.errstate(over="raise", invalid="raise", divide="raise"):  # documented NaN, without a warning
        p = softmax(np.array([[-math.inf, -math.inf], [0.0, -math.inf]]))
    assert np.isnan(p[0]).all()
    assert p[1].tolist() == [1.0, 0.0]


def test_softmax_minus_inf_gives_exact_zero():
    p = softmax([1.0, -math.inf, 2.0])
    assert p[1] == 0.0
    np.testing.assert_allclose(p[[0, 2]], _softmax_reference([1.0, 2.0]))


def test_softmax_and_log_softmax_keep_float32():
    z = np.array([[1.0, 2.0, 3.0]], dtype=np.float32)
    assert softmax(z).dtype == np.float32
    assert softmax(z, temperature=0.5).dtype == np.float32
    assert log_softmax(z).dtype == np.float32


@settings(deadline=None)
@given(vectors)
def test_log_softmax_is_log_of_softmax(z):
    np.testing.assert_allclose(log_softmax(z), np.log(softmax(z)), rtol=1e-9, atol=1e-9)


def test_log_softmax_is_stable_where_log_of_softmax_is_not():
    z = np.array([0.0, -1000.0])
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        ls = log_softmax(z)
    np.testing.assert_allclose(ls, [-math.log1p(math.exp(-1000.0)), -1000.0], rtol=1e-15)
    with np.errstate(divide="ignore"):
        assert np.log(softmax(z))[1] == -math.inf  # the naive route loses it
    np.testing.assert_allclose(log_softmax([1000.0, 1000.0]), [-math.log(2)] * 2)
    with pytest.raises(ValueError, match="axis"):
        log_softmax([[1.0]], axis=-3)


# ---------- keep_top_k ----------


@settings(max_examples=200, deadline=None)
@given(vectors, st.data())
def test_keep_top_k_matches_sorting(v, data):
    k = data.draw(st.integers(1, v.size))
    out = keep_top_k(v, k)
    # reference: sort positions by (value descending, index ascending), keep the first k
    keep = sorted(range(v.size), key=lambda i: (-v[i], i))[:k]
    expected = [float(v[i]) if i in keep else -math.inf for i in range(v.size)]
    assert out.tolist() == expected


def test_keep_top_k_breaks_ties_towards_lower_index_and_works_per_row():
    assert keep_top_k([1.0, 3.0, 3.0, 3.0], 2).tolist() == [-math.inf, 3.0, 3.0, -math.inf]
    out = keep_top_k(np.array([[0.1, 0.9, 0.5], [3.0, 1.0, 2.0]]), 1)
    assert out.tolist() == [[-math.inf, 0.9, -math.inf], [3.0, -math.inf, -math.inf]]


def test_keep_top_k_then_softmax_gives_renormalised_router_probabilities():
    v = np.array([0.3, 2.0, -1.0, 1.2, 0.0])
    p = softmax(keep_top_k(v, 2))
    full = softmax(v)
    assert np.count_nonzero(p) == 2
    np.testing.assert_allclose(p[[1, 3]], full[[1, 3]] / full[[1, 3]].sum(), rtol=1e-14)


@pytest.mark.parametrize("k", [0, -1, 5])
def test_keep_top_k_k_out_of_range_raises(k):
    with pytest.raises(ValueError, match="k must be between"):
        keep_top_k([1.0, 2.0, 3.0, 4.0], k)


def test_keep_top_k_bad_types_raise():
    with pytest.raises(TypeError):
        keep_top_k([1.0, 2.0], 1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        keep_top_k([1.0, 2.0], True)
    with pytest.raises(ValueError, match="scalar"):
        keep_top_k(3.0, 1)
    assert keep_top_k(np.array([1.0, 2.0], dtype=np.float32), 1).dtype == np.float32


# ---------- dense ----------


def test_dense_is_one_dot_product_per_neuron():
    rng = np.random.default_rng(0)
    x = rng.normal(size=3)
    w = rng.normal(size=(4, 3))
    b = rng.normal(size=4)
    out = dense(x, w, b, activation=relu)
    loops = [max(0.0, sum(float(w[j, i] * x[i]) for i in range(3)) + float(b[j])) for j in range(4)]
    np.testing.assert_allclose(out, loops, rtol=1e-13, atol=1e-15)


def test_dense_on_a_batch_is_row_by_row():
    rng = np.random.default_rng(1)
    xb = rng.normal(size=(5, 3))
    w = rng.normal(size=(2, 3))
    out = dense(xb, w)
    assert out.shape == (5, 2)
    for r in range(5):
        np.testing.assert_allclose(out[r], dense(xb[r], w))
    assert dense(xb.astype(np.float32), w.astype(np.float32)).dtype == np.float32


def test_dense_bad_shapes_raise():
    w = np.ones((2, 3))
    with pytest.raises(ValueError, match="features"):
        dense(np.ones(4), w)
    with pytest.raises(ValueError, match="bias"):
        dense(np.ones(3), w, bias=np.ones(3))
    with pytest.raises(ValueError, match="d_out × d_in"):
        dense(np.ones(3), np.ones(3))
    with pytest.raises(ValueError, match="scalar"):
        dense(1.0, w)
    with pytest.raises(TypeError, match="activation"):
        dense(np.ones(3), w, activation="relu")  # type: ignore[arg-type]


# ---------------------------------------------------------------- repetition_penalty


@settings(max_examples=100)
@given(
    st.lists(st.floats(-20, 20), min_size=1, max_size=8),
    st.lists(st.integers(0, 7), max_size=10),
    st.floats(0.5, 3.0),
)
def test_repetition_penalty_matches_the_two_case_rule_in_a_loop(z, prev, theta):
    prev = [i for i in prev if i < len(z)]
    out = repetition_penalty(z, np.array(prev, dtype=np.int64), theta)
    for i, v in enumerate(z):
        if i in prev:
            expected = v / theta if v > 0 else v * theta
        else:
            expected = v
        assert out[i] == pytest.approx(expected, rel=1e-12, abs=1e-300)


def test_repetition_penalty_lowers_every_seen_logit_for_theta_above_one():
    z = np.array([3.0, -2.0, 0.0, 1.0])
    out = repetition_penalty(z, [0, 1, 1], 1.15)  # a repeated id is penalised once
    assert out.tolist() == [3.0 / 1.15, -2.0 * 1.15, 0.0, 1.0]
    assert np.all(out[:2] < z[:2])
    assert repetition_penalty(np.stack([z, -z]), [0], 2.0)[:, 0].tolist() == [1.5, -6.0]  # batched
    with pytest.raises(ValueError, match="theta"):
        repetition_penalty(z, [0], 0.0)
    with pytest.raises(ValueError, match="0..3"):
        repetition_penalty(z, [4], 1.2)
    with pytest.raises(TypeError):
        repetition_penalty(z, [0.5], 1.2)


def test_silu_goes_negative_with_its_minimum_near_minus_0_278_at_minus_1_278():
    """SiLU's only minimum solves d/dx [x σ(x)] = σ(x)(1 + x(1 − σ(x))) = 0, i.e. 1 + x(1 − σ(x)) = 0.

    Found by bisection with the math module, then compared with the library on a fine grid:
    a SwiGLU gate can be negative, down to this value, and flips the sign of its value.
    """

    def s(v: float) -> float:
        return 1 / (1 + math.exp(-v))

    lo, hi = -3.0, -0.5  # 1 + x(1 - σ(x)) is negative at -3 and positive at -0.5
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if 1 + mid * (1 - s(mid)) < 0 else (lo, mid)
    x_min = (lo + hi) / 2
    y_min = x_min * s(x_min)
    assert round(x_min, 3) == -1.278 and round(y_min, 3) == -0.278
    grid = np.linspace(-6.0, 6.0, 1_200_001)
    values = silu(grid)
    assert math.isclose(values.min(), y_min, abs_tol=1e-10)
    assert abs(grid[values.argmin()] - x_min) < 2e-5
    assert np.all(values[grid < 0] < 0) and np.all(values[grid > 0] > 0)  # negative for every x < 0


# -- positive part (issue 24) -------------------------------------------------------------------

from notation import negative_part, positive_part  # noqa: E402


def test_positive_part_is_relu_and_splits_x_with_the_negative_part():
    xs = np.linspace(-3, 3, 13)
    assert positive_part(xs).tolist() == [max(0.0, float(v)) for v in xs]
    assert np.array_equal(positive_part(xs), relu(xs))
    assert np.allclose(positive_part(xs) - negative_part(xs), xs)
    assert np.allclose(positive_part(xs) + negative_part(xs), np.abs(xs))
    assert positive_part(np.float32([-1, 2])).dtype == np.float32
