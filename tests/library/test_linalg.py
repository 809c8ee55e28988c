"""notation.linalg against independent references: NumPy's own rules, explicit loops, closed forms."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    angle_between,
    broadcast_shapes,
    cosine_similarity,
    dot_product,
    elementwise_divide,
    frobenius_norm,
    hadamard,
    matmul_rank_bounds,
    matmul_shape,
    to_bmatrix,
    unit_vector,
    vector_norm,
)

small_shapes = st.lists(st.integers(0, 4), min_size=0, max_size=4).map(tuple)
finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)


def _numpy_broadcast(*shapes):
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        return None


# ---------------------------------------------------------------- broadcast_shapes


@settings(max_examples=400)
@given(st.lists(small_shapes, min_size=1, max_size=3))
def test_broadcast_shapes_agrees_with_numpy_including_errors(shapes):
    expected = _numpy_broadcast(*shapes)
    if expected is None:
        with pytest.raises(ValueError, match="do not broadcast"):
            broadcast_shapes(*shapes)
    else:
        assert broadcast_shapes(*shapes).shape == expected


@given(small_shapes, small_shapes)
def test_broadcast_steps_describe_each_axis_from_the_right(a, b):
    if _numpy_broadcast(a, b) is None:
        return
    result = broadcast_shapes(a, b)
    assert len(result.steps) == len(result.shape)
    for k, step in enumerate(result.steps, start=1):
        assert step.axis == -k
        assert step.size == result.shape[-k]
        assert step.sizes == (a[-k] if k <= len(a) else None, b[-k] if k <= len(b) else None)


def test_broadcast_steps_reasons_in_words():
    steps = broadcast_shapes((3, 4), (4,)).steps
    assert steps[0].reason == "sizes equal (4)"
    assert steps[1].sizes == (3, None)
    assert "missing axis counts as 1" in steps[1].reason and "repeated to 3" in steps[1].reason
    assert broadcast_shapes((3, 4), (3, 1)).steps[0].reason == "size 1 is repeated to 4"


def test_broadcast_error_names_the_failing_axis():
    with pytest.raises(ValueError, match=r"axis -1 \(the last\) the sizes are 4 and 3"):
        broadcast_shapes((3, 4), (3,))
    with pytest.raises(ValueError, match=r"axis -2 the sizes are 2 and 3"):
        broadcast_shapes((2, 5), (3, 5))


def test_broadcast_bad_input():
    with pytest.raises(ValueError):
        broadcast_shapes()
    with pytest.raises(TypeError):
        broadcast_shapes("34")
    with pytest.raises(TypeError):
        broadcast_shapes((3, 4.0))
    with pytest.raises(ValueError):
        broadcast_shapes((3, -1))


# ---------------------------------------------------------------- matmul_shape


@settings(max_examples=400)
@given(st.lists(st.integers(1, 3), min_size=1, max_size=4), st.lists(st.integers(1, 3), min_size=1, max_size=4))
def test_matmul_shape_agrees_with_numpy_including_errors(a, b):
    try:
        expected = np.matmul(np.zeros(a), np.zeros(b)).shape
    except ValueError:
        with pytest.raises(ValueError):
            matmul_shape(a, b)
    else:
        assert matmul_shape(a, b) == expected


def test_matmul_shape_message_and_scalar():
    with pytest.raises(ValueError, match="64 columns of the left with 10 rows of the right"):
        matmul_shape((10, 64), (10, 64))
    with pytest.raises(ValueError, match="scalar"):
        matmul_shape((), (3,))
    with pytest.raises(TypeError):
        matmul_shape(3, (3,))


# ---------------------------------------------------------------- matmul_rank_bounds


@settings(max_examples=60)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 2**16))
def test_rank_of_random_product_lies_within_sylvester_bounds(m, n, p, ra, rb, seed):
    ra, rb = min(ra, m, n), min(rb, n, p)
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, ra)) @ rng.standard_normal((ra, n))  # rank ra (almost surely)
    b = rng.standard_normal((n, rb)) @ rng.standard_normal((rb, p))
    lo, hi = matmul_rank_bounds(int(np.linalg.matrix_rank(a)), int(np.linalg.matrix_rank(b)), n)
    assert lo <= np.linalg.matrix_rank(a @ b) <= hi


def test_rank_bounds_meet_for_thin_factors_and_bad_input():
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((40, 8)), rng.standard_normal((8, 40))
    assert matmul_rank_bounds(8, 8, 8) == (8, 8) == (np.linalg.matrix_rank(a @ b),) * 2
    with pytest.raises(ValueError):
        matmul_rank_bounds(9, 8, 8)
    with pytest.raises(ValueError):
        matmul_rank_bounds(-1, 0, 3)
    with pytest.raises(TypeError):
        matmul_rank_bounds(1.0, 1, 2)


# ---------------------------------------------------------------- dot, norms, angles


@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=8))
def test_dot_product_is_the_sum_of_products(pairs):
    u = [p[0] for p in pairs]
    v = [p[1] for p in pairs]
    assert dot_product(u, v) == pytest.approx(math.fsum(x * y for x, y in pairs), rel=1e-9, abs=1e-6)


def test_dot_product_along_an_axis_and_errors():
    u = np.arange(6.0).reshape(2, 3)
    v = np.ones((2, 3))
    assert dot_product(u, v).tolist() == [3.0, 12.0]
    assert dot_product(u, v, axis=0).tolist() == [3.0, 5.0, 7.0]
    with pytest.raises(ValueError):
        dot_product([1.0, 2.0], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError):
        dot_product([], [])
    with pytest.raises(TypeError):
        dot_product("ab", "cd")


@given(st.lists(finite, min_size=1, max_size=8))
def test_vector_norms_match_their_formulas(xs):
    assert vector_norm(xs) == pytest.approx(math.hypot(*xs), rel=1e-12)  # hypot avoids under/overflow
    assert vector_norm(xs, p=1) == pytest.approx(math.fsum(abs(x) for x in xs))
    assert vector_norm(xs, p=math.inf) == max(abs(x) for x in xs)
    assert vector_norm(xs, p=3) == pytest.approx(math.fsum(abs(x) ** 3 for x in xs) ** (1 / 3), rel=1e-9)


def test_vector_norm_does_not_overflow_and_rejects_bad_p():
    assert vector_norm([3e200, 4e200]) == pytest.approx(5e200)
    assert float(vector_norm([0.0, 0.0])) == 0.0
    with pytest.raises(ValueError):
        vector_norm([1.0], p=0.5)
    with pytest.raises(TypeError):
        vector_norm([1.0], p="2")
    with pytest.raises(ValueError):
        vector_norm(3.0)


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 2**16))
def test_frobenius_is_the_two_norm_of_the_flattened_matrix(m, n, seed):
    a = np.random.default_rng(seed).standard_normal((m, n))
    by_loops = math.sqrt(math.fsum(a[i, j] ** 2 for i in range(m) for j in range(n)))
    assert frobenius_norm(a) == pytest.approx(by_loops, rel=1e-12)
    assert frobenius_norm(a) == pytest.approx(np.linalg.norm(a, "fro"), rel=1e-12)


def test_frobenius_batches_over_leading_axes_and_rejects_vectors():
    stack = np.stack([np.eye(2), 2 * np.eye(2)])
    assert frobenius_norm(stack) == pytest.approx([math.sqrt(2), math.sqrt(8)])
    with pytest.raises(ValueError, match="vector_norm"):
        frobenius_norm([1.0, 2.0])


@given(st.lists(finite, min_size=1, max_size=6))
def test_unit_vector_has_length_one_and_same_direction(xs):
    if max(abs(x) for x in xs) < 1e-6:
        return
    u = unit_vector(xs)
    assert vector_norm(u) == pytest.approx(1.0)
    assert cosine_similarity(u, xs) == pytest.approx(1.0)


def test_unit_vector_of_zero_raises():
    with pytest.raises(ValueError, match="zero vector"):
        unit_vector([0.0, 0.0])


@given(st.floats(0, 2 * math.pi), st.floats(0, 2 * math.pi), st.floats(0.1, 10), st.floats(0.1, 10))
def test_cosine_similarity_and_angle_from_polar_coordinates(a, b, r, s):
    u = [r * math.cos(a), r * math.sin(a)]
    v = [s * math.cos(b), s * math.sin(b)]
    assert cosine_similarity(u, v) == pytest.approx(math.cos(a - b), abs=1e-9)
    expected_angle = abs(math.remainder(a - b, 2 * math.pi))
    assert angle_between(u, v) == pytest.approx(expected_angle, abs=1e-6)
    # ‖u‖‖v‖cos θ is the dot product
    assert dot_product(u, v) == pytest.approx(r * s * math.cos(a - b), abs=1e-9)


def test_cosine_similarity_errors():
    with pytest.raises(ValueError, match="zero vector"):
        cosine_similarity([0.0, 0.0], [1.0, 2.0])
    with pytest.raises(ValueError, match="zero vector"):
        angle_between([1.0, 2.0], [0.0, 0.0])
    with pytest.raises(ValueError):
        cosine_similarity([1.0], [1.0, 2.0])


# ---------------------------------------------------------------- element-wise


@given(st.integers(1, 3), st.integers(1, 3), st.integers(0, 2**16))
def test_hadamard_and_division_entry_by_entry(m, n, seed):
    rng = np.random.default_rng(seed)
    a, b = rng.standard_normal((m, n)), rng.uniform(0.5, 2.0, (m, n))
    h, q = hadamard(a, b), elementwise_divide(a, b)
    assert h.shape == q.shape == (m, n)
    for i in range(m):
        for j in range(n):
            assert h[i, j] == a[i, j] * b[i, j]
            assert q[i, j] == a[i, j] / b[i, j]


def test_hadamard_and_division_refuse_to_broadcast_and_zero_divisors():
    with pytest.raises(ValueError, match="same shape"):
        hadamard(np.ones((2, 3)), np.ones(3))
    with pytest.raises(ValueError, match="same shape"):
        elementwise_divide(np.ones((2, 3)), np.ones((3, 2)))
    with pytest.raises(ValueError, match=r"zero at index \(1, 0\)"):
        elementwise_divide(np.ones((2, 2)), [[1.0, 2.0], [0.0, 3.0]])
    with pytest.raises(TypeError):
        hadamard("ab", "cd")
    assert hadamard(np.ones(2, dtype=np.float32), np.ones(2, dtype=np.float32)).dtype == np.float32


# ---------------------------------------------------------------- to_bmatrix


def test_to_bmatrix_uses_ampersands_and_double_backslashes():
    src = to_bmatrix([[1, -2], [0.5, 4]])
    assert src == r"\begin{bmatrix} 1 & -2 \\ 0.5 & 4 \end{bmatrix}"
    assert to_bmatrix([1.23456, -0.0001], precision=2) == r"\begin{bmatrix} 1.23 & 0.00 \end{bmatrix}"
    rows = src.removeprefix(r"\begin{bmatrix} ").removesuffix(r" \end{bmatrix}").split(r" \\ ")
    assert [r.split(" & ") for r in rows] == [["1", "-2"], ["0.5", "4"]]
    with pytest.raises(ValueError):
        to_bmatrix(np.zeros((2, 2, 2)))
    with pytest.raises(TypeError):
        to_bmatrix(["a", "b"])


def test_broadcast_three_shapes_with_two_equal_sizes_and_a_one():
    # "all but one must be 1" would reject this; NumPy accepts any number of 1s
    assert broadcast_shapes((3,), (3,), (1,)).shape == np.broadcast_shapes((3,), (3,), (1,)) == (3,)
    with pytest.raises(ValueError, match="other than 1 must be the same"):
        broadcast_shapes((3,), (4,), (1,))


# -- Moore–Penrose pseudoinverse (issue 24) ----------------------------------------------------

from notation import pseudoinverse  # noqa: E402


@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4), (1, 3)])
def test_pseudoinverse_satisfies_the_four_penrose_conditions(shape):
    a = np.random.default_rng(sum(shape)).normal(size=shape)
    p = pseudoinverse(a)
    assert p.shape == shape[::-1]
    assert np.allclose(a @ p @ a, a)
    assert np.allclose(p @ a @ p, p)
    assert np.allclose((a @ p).T, a @ p)
    assert np.allclose((p @ a).T, p @ a)
    assert np.allclose(p, np.linalg.pinv(a))


def test_pseudoinverse_gives_the_least_squares_solution_of_lstsq():
    rng = np.random.default_rng(3)
    a, b = rng.normal(size=(8, 3)), rng.normal(size=8)
    x_lstsq = np.linalg.lstsq(a, b, rcond=None)[0]
    assert np.allclose(pseudoinverse(a) @ b, x_lstsq)
    # normal equations, an independent closed form for a full-column-rank A
    assert np.allclose(pseudoinverse(a), np.linalg.solve(a.T @ a, a.T))


def test_pseudoinverse_of_a_rank_deficient_matrix_gives_the_minimum_norm_solution():
    a = np.array([[1.0, 1.0], [1.0, 1.0]])  # rank 1, no inverse
    assert np.allclose(pseudoinverse(a), np.full((2, 2), 0.25))
    x = pseudoinverse(a) @ np.array([2.0, 2.0])
    assert np.allclose(x, [1.0, 1.0])  # of all x with x1 + x2 = 2, the shortest


def test_pseudoinverse_of_an_invertible_matrix_is_its_inverse_and_rejects_vectors():
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    assert np.allclose(pseudoinverse(a), np.linalg.inv(a))
    with pytest.raises(ValueError):
        pseudoinverse([1.0, 2.0])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1e-3, 1e-3), min_size=3, max_size=3), st.lists(st.floats(-3, 3), min_size=3, max_size=3), st.floats(1e-6, 1e-2))
def test_cosine_similarity_with_eps_divides_by_each_norm_floored_at_eps(u, v, eps):
    nu, nv = math.sqrt(sum(a * a for a in u)), math.sqrt(sum(b * b for b in v))
    expected = sum(a * b for a, b in zip(u, v)) / (max(nu, eps) * max(nv, eps))
    assert float(cosine_similarity(u, v, eps=eps)) == pytest.approx(expected, abs=1e-12)


def test_cosine_similarity_with_eps_gives_zero_for_a_zero_vector_and_shrinks_tiny_ones():
    assert float(cosine_similarity([0.0, 0.0], [3.0, 4.0], eps=1e-8)) == 0.0
    # a vector of length 5e-9 < eps points the same way as [3, 4], yet scores 0.5, not 1
    assert float(cosine_similarity([3e-9, 4e-9], [3.0, 4.0], eps=1e-8)) == pytest.approx(0.5)
    assert float(cosine_similarity([3e-9, 4e-9], [3.0, 4.0])) == pytest.approx(1.0)  # without eps: exact
    with pytest.raises(ValueError, match="eps"):
        cosine_similarity([1.0], [1.0], eps=0.0)
