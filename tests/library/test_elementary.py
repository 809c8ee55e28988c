"""notation.elementary: every public function against an independent reference, plus bad input."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from notation import (
    before,
    implies,
    in_real_space,
    index_range,
    jacobian,
    kronecker_delta,
    log_product,
    quotient_remainder,
    softmax,
    softmax_jacobian,
)

finite = st.floats(-30, 30, allow_nan=False, allow_infinity=False)


# -- in_real_space ---------------------------------------------------------------------------


def test_in_real_space_checks_shape_realness_and_finiteness():
    assert in_real_space(np.zeros(64), (64,))
    assert not in_real_space(np.zeros(64), (32,))
    assert not in_real_space(np.zeros(64), (8, 8))
    assert in_real_space(np.zeros((8, 8)), (8, 8))
    assert in_real_space(3.0, ())
    assert in_real_space([1, 2, 3], (3,))  # integers are real numbers
    assert not in_real_space(np.array([1 + 2j, 0j]), (2,))
    assert not in_real_space([1.0, np.nan], (2,))
    assert not in_real_space([1.0, -np.inf], (2,))
    assert not in_real_space("abc", ())
    assert not in_real_space(np.array(["a", "b"]), (2,))


@pytest.mark.parametrize("bad", [(64.0,), [64], (-1,), (True,), "64"])
def test_in_real_space_rejects_a_bad_shape(bad):
    with pytest.raises(TypeError):
        in_real_space(np.zeros(64), bad)


# -- kronecker_delta -------------------------------------------------------------------------


@given(st.integers(-50, 50), st.integers(-50, 50))
def test_kronecker_delta_matches_the_definition(i, j):
    assert kronecker_delta(i, j) == (1.0 if i == j else 0.0)


@pytest.mark.parametrize("n", [1, 2, 5])
def test_kronecker_delta_table_is_the_identity(n):
    idx = np.arange(n)
    table = kronecker_delta(idx[:, None], idx[None, :])
    expected = [[1.0 if a == b else 0.0 for b in range(n)] for a in range(n)]
    assert table.dtype == np.float64
    assert table.tolist() == expected


def test_kronecker_delta_errors():
    with pytest.raises(TypeError):
        kronecker_delta(1.0, 1)
    with pytest.raises(TypeError):
        kronecker_delta(True, 1)
    with pytest.raises(TypeError):
        kronecker_delta("1", 1)
    with pytest.raises(ValueError):
        kronecker_delta(np.arange(3), np.arange(4))


# -- softmax_jacobian ------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(arrays(np.float64, st.integers(1, 6), elements=finite))
def test_softmax_jacobian_matches_central_differences(z):
    analytic = softmax_jacobian(z)
    numeric = jacobian(softmax, z)
    assert analytic.shape == (z.size, z.size)
    np.testing.assert_allclose(analytic, numeric, atol=1e-6)


def test_softmax_jacobian_explicit_loop_and_row_sums():
    z = np.array([0.3, -1.2, 2.0, 0.0])
    p = [math.exp(v) for v in z]
    total = sum(p)
    p = [v / total for v in p]
    expected = [[p[i] * ((1.0 if i == j else 0.0) - p[j]) for j in range(4)] for i in range(4)]
    J = softmax_jacobian(z)
    np.testing.assert_allclose(J, expected, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(J.sum(axis=1), 0.0, atol=1e-15)
    np.testing.assert_allclose(J, J.T)


def test_softmax_jacobian_batches_and_axis():
    z = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]])
    J = softmax_jacobian(z)
    assert J.shape == (2, 3, 3)
    np.testing.assert_allclose(J[1], np.eye(3) / 3 - 1 / 9)
    np.testing.assert_allclose(softmax_jacobian(z.T, axis=0), J)
    assert softmax_jacobian(np.float32([1, 2])).dtype == np.float32


def test_softmax_jacobian_errors():
    with pytest.raises(ValueError):
        softmax_jacobian(1.0)
    with pytest.raises(ValueError):
        softmax_jacobian([1.0, 2.0], axis=1)
    with pytest.raises(TypeError):
        softmax_jacobian("abc")


# -- log_product -----------------------------------------------------------------------------


@given(st.lists(st.floats(1e-3, 10.0), min_size=1, max_size=20))
def test_log_product_equals_log_of_math_prod(xs):
    assert float(log_product(xs)) == pytest.approx(math.log(math.prod(xs)), rel=1e-12, abs=1e-12)


def test_log_product_survives_underflow():
    p = np.full(2000, 0.5)
    assert np.prod(p) == 0.0
    assert float(log_product(p)) == pytest.approx(2000 * math.log(0.5))


def test_log_product_axis_and_zero():
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(log_product(x), [math.log(2), math.log(12)])
    np.testing.assert_allclose(log_product(x, axis=0), [math.log(3), math.log(8)])
    assert log_product([0.5, 0.0]) == -np.inf


def test_log_product_errors():
    with pytest.raises(ValueError):
        log_product([0.5, -0.1])
    with pytest.raises(ValueError):
        log_product([0.5, np.nan])
    with pytest.raises(ValueError):
        log_product(2.0)
    with pytest.raises(TypeError):
        log_product(["a"])




# -- intervals, all-but-one index, composition, example index (issue 24) ---------------------

from notation import all_but_one, compose, example, in_interval, leave_one_out_means  # noqa: E402


@pytest.mark.parametrize(
    "ends, expected",
    [("[]", [False, True, True, True, False]), ("()", [False, False, True, False, False]),
     ("[)", [False, True, True, False, False]), ("(]", [False, False, True, True, False])],
)
def test_in_interval_brackets_include_or_exclude_the_ends(ends, expected):
    xs = [-0.5, 0.0, 0.5, 1.0, 1.5]
    assert in_interval(xs, 0, 1, ends).tolist() == expected
    # independent: chained comparisons, bracket by bracket
    ref = [(0 <= x if ends[0] == "[" else 0 < x) and (x <= 1 if ends[1] == "]" else x < 1) for x in xs]
    assert ref == expected


def test_in_interval_rejects_bad_brackets_and_reversed_ends():
    with pytest.raises(ValueError):
        in_interval([0.0], 0, 1, "[[")
    with pytest.raises(ValueError):
        in_interval([0.0], 1, 0)


def test_numpy_random_draws_lie_in_the_half_open_unit_interval():
    draws = np.random.default_rng(0).random(10_000)
    assert in_interval(draws, 0, 1, "[)").all()


@given(st.lists(finite, min_size=1, max_size=12), st.data())
@settings(max_examples=60, deadline=None)
def test_all_but_one_matches_a_list_comprehension(xs, data):
    i = data.draw(st.integers(0, len(xs) - 1))
    assert all_but_one(xs, i).tolist() == [x for j, x in enumerate(xs) if j != i]


def test_all_but_one_along_an_axis_and_bad_index():
    m = np.arange(12.0).reshape(3, 4)
    assert all_but_one(m, 0, axis=0).tolist() == m[1:].tolist()
    with pytest.raises(IndexError):
        all_but_one([1.0, 2.0], 2)
    with pytest.raises(IndexError, match="negative"):  # Python's -2 would drop the second-to-last entry
        all_but_one([1.0, 2.0, 3.0], -2)
    with pytest.raises(TypeError):
        all_but_one([1.0, 2.0], 1.0)


@given(st.lists(finite, min_size=2, max_size=12))
@settings(max_examples=60, deadline=None)
def test_leave_one_out_means_match_a_loop_with_statistics_mean(xs):
    import statistics

    expected = [statistics.fmean(xs[:i] + xs[i + 1 :]) for i in range(len(xs))]
    assert np.allclose(leave_one_out_means(xs), expected, atol=1e-9)


def test_leave_one_out_needs_two_entries():
    with pytest.raises(ValueError):
        leave_one_out_means([1.0])


def test_compose_applies_the_last_function_first():
    f = compose(math.sqrt, lambda x: x + 7, lambda x: 3 * x)
    assert f(3) == math.sqrt(3 * 3 + 7)
    assert compose(str)(5) == "5"
    with pytest.raises(ValueError):
        compose()
    with pytest.raises(TypeError):
        compose(1)


def test_example_counts_from_one_and_returns_a_row():
    X = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    for i in (1, 2, 3):
        assert example(X, i).tolist() == X[i - 1]
    with pytest.raises(IndexError):
        example(X, 0)
    with pytest.raises(ValueError):
        example([1.0, 2.0], 1)


# -- quotient_remainder, index_range, before, implies ----------------------------------------


@given(st.integers(-10**6, 10**6), st.integers(-1000, 1000).filter(lambda n: n != 0))
@settings(max_examples=200, deadline=None)
def test_quotient_remainder_floor_is_pythons_divmod_and_trunc_is_cs(a, n):
    q, r = quotient_remainder(a, n)
    assert (int(q), int(r)) == divmod(a, n)  # Python's integer // and %
    q, r = quotient_remainder(a, n, rounding="trunc")
    assert int(r) == int(math.fmod(a, n))  # C's remainder: the sign of a
    assert int(q) == abs(a) // abs(n) * (1 if (a >= 0) == (n > 0) else -1)  # rounded towards zero
    assert int(q) * n + int(r) == a


def test_quotient_remainder_on_arrays_and_bad_input():
    q, r = quotient_remainder(np.arange(-4, 5), 2)
    assert r.tolist() == [0, 1, 0, 1, 0, 1, 0, 1, 0]  # even and odd, also below zero
    assert q.tolist() == [-2, -2, -1, -1, 0, 0, 1, 1, 2]
    assert [v.tolist() for v in quotient_remainder(7.5, -2)] == [-4.0, -0.5]  # the sign of n
    with pytest.raises(ValueError, match="mod 0"):
        quotient_remainder(3, 0)
    with pytest.raises(ValueError, match="rounding"):
        quotient_remainder(3, 2, rounding="round")
    with pytest.raises(ValueError, match="finite"):
        quotient_remainder(np.inf, 2)


@given(st.integers(1, 12), st.data())
@settings(max_examples=100, deadline=None)
def test_index_range_includes_both_ends_counting_from_one(n, data):
    x = [10.0 * (i + 1) for i in range(n)]
    a = data.draw(st.integers(1, n))
    b = data.draw(st.integers(a - 1, n))
    assert index_range(x, a, b).tolist() == [x[i - 1] for i in range(a, b + 1)]
    t = data.draw(st.integers(1, n))
    assert before(x, t).tolist() == [x[i - 1] for i in range(1, t)]


def test_index_range_along_an_axis_and_bad_ranges():
    X = np.arange(12.0).reshape(3, 4)
    assert index_range(X, 2, 3, axis=1).tolist() == [[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]]
    assert index_range(X, 1, 3).shape == (3, 4)  # x_{1:T} with T = 3 is the whole sequence
    assert before(X, 1).shape == (0, 4)  # nothing before the first token
    for a, b in [(0, 2), (3, 1), (1, 4)]:
        with pytest.raises(IndexError):
            index_range([1.0, 2.0, 3.0], a, b)
    with pytest.raises(IndexError, match="from 1"):
        before([1.0, 2.0], 0)
    with pytest.raises(TypeError):
        index_range([1.0, 2.0], 1.0, 2)


def test_implies_is_the_truth_table_of_if_then():
    for p in (False, True):
        for q in (False, True):
            assert bool(implies(p, q)) == (q if p else True)
    with pytest.raises(TypeError):
        implies([1, 0], [1, 1])
from notation import clip, clip_gradient  # noqa: E402


@settings(max_examples=80, deadline=None)
@given(st.lists(finite, min_size=1, max_size=8), finite, finite)
def test_clip_is_the_nearest_point_of_the_interval(xs, a, b):
    low, high = min(a, b), max(a, b)
    expected = [low if x < low else high if x > high else x for x in xs]
    assert clip(xs, low, high).tolist() == expected
    slope = [1.0 if low <= x <= high else 0.0 for x in xs]
    assert clip_gradient(xs, low, high).tolist() == slope


def test_clip_gradient_matches_finite_differences_away_from_the_ends():
    xs = np.array([-3.0, -0.5, 0.2, 0.9, 4.0])
    h = 1e-6
    numeric = (clip(xs + h, -1.0, 1.0) - clip(xs - h, -1.0, 1.0)) / (2 * h)
    assert clip_gradient(xs, -1.0, 1.0) == pytest.approx(numeric)


def test_clip_keeps_float32_and_refuses_an_empty_interval():
    assert clip(np.array([2.0], dtype=np.float32), 0.0, 1.0).dtype == np.float32
    with pytest.raises(ValueError, match="low <= high"):
        clip([0.5], 1.0, 0.0)
