"""notation.calculus against analytic derivatives worked out by hand."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    bracket,
    chain_rule,
    change_of_variables,
    directional_derivative,
    gradient,
    inverse_function,
    jacobian,
    local_jacobians,
    secant_slope,
    softmax,
    softmax_jacobian,
)

finite = st.floats(min_value=-5, max_value=5, allow_nan=False)


def test_jacobian_of_polar_to_cartesian_matches_hand_derivation():
    r, phi = 2.0, 0.7
    f = lambda v: np.array([v[0] * math.cos(v[1]), v[0] * math.sin(v[1]), v[0] ** 2])  # noqa: E731
    expected = np.array(
        [[math.cos(phi), -r * math.sin(phi)], [math.sin(phi), r * math.cos(phi)], [2 * r, 0.0]]
    )
    J = jacobian(f, [r, phi])
    assert J.shape == (3, 2)  # m outputs by n inputs
    np.testing.assert_allclose(J, expected, atol=1e-8)


def test_jacobian_of_linear_map_is_the_matrix():
    W = np.arange(6.0).reshape(2, 3) - 2.5
    np.testing.assert_allclose(jacobian(lambda x: W @ x, [0.3, -1.0, 2.0]), W, atol=1e-8)


def test_jacobian_of_scalar_function_is_one_row():
    J = jacobian(lambda v: v[0] * v[1], [3.0, 4.0])
    np.testing.assert_allclose(J, [[4.0, 3.0]], atol=1e-8)


def test_jacobian_rejects_bad_input():
    with pytest.raises(ValueError, match="vector"):
        jacobian(lambda v: v, np.ones((2, 2)))
    with pytest.raises(ValueError, match="eps"):
        jacobian(lambda v: v, [1.0], eps=0.0)
    with pytest.raises(ValueError, match="scalar or a vector"):
        jacobian(lambda v: np.outer(v, v), [1.0, 2.0])
    with pytest.raises(TypeError):
        jacobian(lambda v: v, "abc")


@given(st.lists(finite, min_size=1, max_size=5))
@settings(max_examples=50, deadline=None)
def test_gradient_of_sum_of_squares_is_twice_x(xs):
    np.testing.assert_allclose(gradient(lambda v: float(v @ v), xs), 2 * np.array(xs), atol=1e-6)


def test_gradient_has_the_shape_of_a_matrix_parameter():
    rng = np.random.default_rng(1)
    W, x = rng.normal(size=(3, 2)), np.array([0.5, -1.5])
    # L(W) = sum(W x)^2 / 2 has gradient (sum(W x)) * 1 x^T, written with loops
    s = sum(W[i, j] * x[j] for i in range(3) for j in range(2))
    expected = np.array([[s * x[j] for j in range(2)] for _ in range(3)])
    g = gradient(lambda M: float((M @ x).sum() ** 2 / 2), W)
    assert g.shape == W.shape
    np.testing.assert_allclose(g, expected, atol=1e-6)


def test_gradient_rejects_vector_output_and_scalar_input():
    with pytest.raises(ValueError, match="scalar"):
        gradient(lambda v: v, [1.0, 2.0])
    with pytest.raises(ValueError, match="at least one axis"):
        gradient(lambda v: v, 1.0)


def test_directional_derivative_is_gradient_dot_v():
    f = lambda p: p[0] ** 2 * p[1] + math.exp(p[1])  # noqa: E731
    x, v = np.array([1.5, 0.2]), np.array([0.6, -0.8])
    grad = np.array([2 * x[0] * x[1], x[0] ** 2 + math.exp(x[1])])
    assert float(directional_derivative(f, x, v)) == pytest.approx(float(grad @ v), abs=1e-7)


def test_directional_derivative_of_vector_function_is_jv():
    W = np.array([[1.0, 2.0], [-3.0, 0.5], [0.0, 4.0]])
    v = np.array([0.3, -0.2])
    np.testing.assert_allclose(directional_derivative(lambda x: W @ x, [1.0, 1.0], v), W @ v, atol=1e-8)


def test_directional_derivative_rejects_mismatched_direction():
    with pytest.raises(ValueError, match="shape"):
        directional_derivative(lambda p: p.sum(), [1.0, 2.0], [1.0, 0.0, 0.0])


def test_secant_slope_converges_to_the_derivative():
    f = lambda p: p[0] ** 3  # noqa: E731  derivative 3x^2 = 12 at x = 2
    errors = [abs(float(secant_slope(f, [2.0], [1.0], h)) - 12.0) for h in (0.1, 0.01, 0.001)]
    assert errors[0] > errors[1] > errors[2]
    # forward difference of x^3: ((x+h)^3 - x^3)/h = 3x^2 + 3xh + h^2 exactly
    assert float(secant_slope(f, [2.0], [1.0], 0.1)) == pytest.approx(12 + 0.6 + 0.01)


def test_secant_slope_rejects_zero_step_and_bad_direction():
    with pytest.raises(ValueError, match="non-zero"):
        secant_slope(lambda p: p.sum(), [1.0], [1.0], 0.0)
    with pytest.raises(ValueError, match="shape"):
        secant_slope(lambda p: p.sum(), [1.0], [1.0, 1.0], 0.1)


@given(st.lists(finite, min_size=1, max_size=6))
@settings(max_examples=50, deadline=None)
def test_softmax_jacobian_matches_kronecker_delta_form_and_numerics(zs):
    p = softmax(np.array(zs))
    n = len(zs)
    delta = lambda i, j: 1.0 if i == j else 0.0  # noqa: E731
    expected = np.array([[p[i] * (delta(i, j) - p[j]) for j in range(n)] for i in range(n)])
    J = softmax_jacobian(zs)
    np.testing.assert_allclose(J, expected, atol=1e-12)
    np.testing.assert_allclose(J, jacobian(softmax, zs), atol=1e-7)
    np.testing.assert_allclose(J.sum(axis=1), 0.0, atol=1e-12)
    np.testing.assert_allclose(J, J.T, atol=1e-15)


def test_softmax_jacobian_of_a_batch_is_one_jacobian_per_row_and_empty_raises():
    z = np.array([[0.5, -1.0, 2.0], [0.0, 0.0, 0.0]])
    J = softmax_jacobian(z)
    assert J.shape == (2, 3, 3)
    for row, Jrow in zip(z, J):
        np.testing.assert_allclose(Jrow, jacobian(softmax, row), atol=1e-7)
    with pytest.raises(ValueError):
        softmax_jacobian([])
    with pytest.raises(ValueError):
        softmax_jacobian(3.0)


def test_local_jacobians_and_chain_rule_match_the_composition():
    W = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])
    layers = [lambda x: W @ x, np.tanh, lambda h: float(h @ h)]
    x = np.array([0.2, -0.4, 0.1])
    jacs, vals = local_jacobians(layers, x)
    assert [j.shape for j in jacs] == [(2, 3), (2, 2), (1, 2)]
    np.testing.assert_allclose(jacs[0], W, atol=1e-8)
    h = np.tanh(W @ x)
    np.testing.assert_allclose(jacs[1], np.diag(1 - h**2), atol=1e-8)
    np.testing.assert_allclose(vals[-1], [h @ h])
    # hand-derived gradient: 2 h * (1 - h^2) pushed back through W
    expected = (2 * h * (1 - h**2)) @ W
    np.testing.assert_allclose(chain_rule(jacs)[0], expected, atol=1e-7)
    np.testing.assert_allclose(chain_rule(jacs)[0], gradient(lambda v: layers[2](np.tanh(W @ v)), x), atol=1e-7)


def test_chain_rule_multiplies_in_backward_order_and_checks_shapes():
    A, B = np.array([[1.0, 2.0]]), np.array([[0.0, 1.0], [1.0, 0.0]])
    np.testing.assert_allclose(chain_rule([B, A]), A @ B)
    with pytest.raises(ValueError, match="inputs"):
        chain_rule([np.ones((2, 3)), np.ones((1, 3))])
    with pytest.raises(ValueError, match="matrix"):
        chain_rule([np.ones(3)])
    with pytest.raises(ValueError, match="empty"):
        chain_rule([])
    with pytest.raises(ValueError, match="empty"):
        local_jacobians([], [1.0])


@pytest.mark.parametrize("k", [1, 2, 5, 20, 50])
def test_chain_rule_of_a_non_normal_matrix_vanishes_although_its_largest_singular_value_exceeds_1(k):
    """vanishing-gradients: σ_max > 1 does not make a product explode; the eigenvalues set the rate."""
    a, b = 0.5, 10.0
    W = np.array([[a, b], [0.0, a]])
    # by hand: W^k = [[a^k, k b a^(k-1)], [0, a^k]]; the row recurrence h_t = h_{t-1} W has Jacobian Wᵀ
    by_hand = np.array([[a**k, k * b * a ** (k - 1)], [0.0, a**k]])
    product = chain_rule([W.T] * k)
    np.testing.assert_allclose(product, by_hand.T, rtol=1e-12, atol=0)
    # a 2 × 2 matrix's largest singular value: sqrt((f + sqrt(f² − 4 det²)) / 2), f = squared Frobenius norm
    def sigma_max(M):
        f, det = float((M**2).sum()), M[0, 0] * M[1, 1] - M[0, 1] * M[1, 0]
        return math.sqrt((f + math.sqrt(f * f - 4 * det * det)) / 2)

    assert sigma_max(W) > 10  # each step can stretch a vector tenfold
    assert sigma_max(product) <= sigma_max(W) ** k * (1 + 1e-12)  # σ_max^k bounds the product from above
    if k == 50:
        assert sigma_max(product) < 1e-12  # yet the product vanishes, at the eigenvalues' rate 0.5^k times k b / a
        assert math.isclose(sigma_max(product), k * b * a ** (k - 1), rel_tol=1e-5)


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 10_000))
def test_row_form_linear_map_has_the_transposed_matrix_as_jacobian(d_in, d_out, seed):
    """The site's convention: y = x W with W d_in × d_out; its Jacobian (output × input) is Wᵀ."""
    rng = np.random.default_rng(seed)
    W = rng.normal(size=(d_in, d_out))
    x = rng.normal(size=d_in)
    J = jacobian(lambda v: v @ W, x)
    assert J.shape == (d_out, d_in)
    # entry (i, j) = ∂y_i/∂x_j = W[j, i], by the definition of y_i = Σ_j x_j W[j, i]
    for i in range(d_out):
        for j in range(d_in):
            assert math.isclose(J[i, j], W[j, i], rel_tol=1e-6, abs_tol=1e-8)
    # backpropagating a row g through the layer is g @ W.T, a row shaped like x
    g = rng.normal(size=(1, d_out))
    np.testing.assert_allclose(chain_rule([J, g]), g @ W.T, rtol=1e-6, atol=1e-8)


def test_the_chain_rule_multiplies_in_the_reverse_of_the_order_of_application():
    """x ∈ ℝ³ → a = xW ∈ ℝ² → h = tanh(a) → L = Σ h²: ∂L/∂x = ∂L/∂h · ∂h/∂a · ∂a/∂x, loss on the left."""
    W = np.array([[0.5, -1.0], [2.0, 0.3], [-0.7, 1.1]])
    layers = [lambda v: v @ W, np.tanh, lambda h: float(h @ h)]
    x = np.array([0.2, -0.4, 0.9])
    jacs, _ = local_jacobians(layers, x)  # forward order: 2 × 3, 2 × 2, 1 × 2
    by_hand = gradient(lambda v: float(np.tanh(v @ W) @ np.tanh(v @ W)), x)
    reverse = jacs[2] @ jacs[1] @ jacs[0]  # outermost (applied last) on the left
    np.testing.assert_allclose(reverse[0], by_hand, atol=1e-6)
    np.testing.assert_allclose(chain_rule(jacs)[0], by_hand, atol=1e-6)
    with pytest.raises(ValueError):  # in the order of application the sizes do not even match
        jacs[0] @ jacs[1] @ jacs[2]


# -- inverse_function, bracket, change_of_variables ------------------------------------------


@given(st.floats(min_value=-20, max_value=20, allow_nan=False))
@settings(max_examples=50, deadline=None)
def test_inverse_function_undoes_increasing_and_decreasing_functions(y):
    assert float(inverse_function(lambda x: x**3, y, -3.0, 3.0)) == pytest.approx(np.cbrt(y), abs=1e-9)
    p = 1 / (1 + math.exp(-y))  # the sigmoid's inverse is the logit, log(p / (1 − p))
    got = float(inverse_function(lambda z: 1 / (1 + math.exp(-z)), p, -40.0, 40.0))
    assert got == pytest.approx(math.log(p / (1 - p)), abs=1e-6)
    assert float(inverse_function(lambda x: math.exp(-x), math.exp(-y), -25.0, 25.0)) == pytest.approx(y, abs=1e-9)


def test_inverse_function_needs_a_one_to_one_f_and_y_in_its_range():
    got = inverse_function(lambda x: x**3 + x, [2.0, 10.0, 30.0], 0.0, 5.0)
    assert got.tolist() == pytest.approx([1.0, 2.0, 3.0], abs=1e-9)
    with pytest.raises(ValueError, match="monotone"):
        inverse_function(lambda x: x * x, 1.0, -2.0, 2.0)  # x² takes each value twice on [−2, 2]
    with pytest.raises(ValueError, match="between"):
        inverse_function(math.exp, 0.0, -5.0, 5.0)  # e^x never reaches 0
    with pytest.raises(ValueError, match="lo < hi"):
        inverse_function(math.exp, 1.0, 1.0, 0.0)


def test_bracket_is_the_definite_integral_of_the_derivative():
    assert float(bracket(lambda x: x**3 / 3, 0.0, 1.0)) == pytest.approx(1 / 3)
    xs = np.linspace(0.0, math.pi / 2, 20001)
    assert float(bracket(lambda x: -np.cos(x), 0.0, math.pi / 2)) == pytest.approx(np.trapezoid(np.sin(xs), xs), abs=1e-8)
    assert float(bracket(np.exp, 2.0, 2.0)) == 0.0
    assert float(bracket(lambda x: x**2, 1.0, -1.0)) == 0.0  # (−1)² − 1²


def _gaussian_logpdf(x, mean, cov):
    d = x - mean
    return -0.5 * (d @ np.linalg.solve(cov, d) + len(x) * math.log(2 * math.pi) + math.log(np.linalg.det(cov)))


def test_change_of_variables_of_an_affine_map_is_the_gaussian_it_makes():
    # z = f(x) = (x − b) A⁻¹ with z ~ N(0, I) means x = z A + b ~ N(b, AᵀA) (row vectors)
    A = np.array([[2.0, 0.5], [0.0, 0.5]])
    b = np.array([1.0, -1.0])
    f = lambda x: (x - b) @ np.linalg.inv(A)  # noqa: E731
    std = lambda z: float(-0.5 * z @ z - math.log(2 * math.pi))  # noqa: E731
    pts = np.array([[0.0, 0.0], [1.0, -1.0], [2.5, 0.3], [-1.0, 2.0]])
    got = change_of_variables(std, f, pts)
    assert got == pytest.approx([_gaussian_logpdf(p, b, A.T @ A) for p in pts], abs=1e-8)
    assert float(change_of_variables(std, f, pts[2])) == pytest.approx(got[2])


def test_change_of_variables_of_the_log_is_the_lognormal_density():
    std = lambda z: float(-0.5 * z @ z - 0.5 * math.log(2 * math.pi))  # noqa: E731
    for x in (0.2, 1.0, 3.0):
        lognormal = math.exp(-0.5 * math.log(x) ** 2) / (x * math.sqrt(2 * math.pi))
        assert math.exp(change_of_variables(std, np.log, [x])) == pytest.approx(lognormal, rel=1e-8)


def test_change_of_variables_refuses_a_map_that_squashes_volume():
    std = lambda z: 0.0  # noqa: E731
    with pytest.raises(ValueError, match="not invertible"):
        change_of_variables(std, lambda x: np.array([x[0], x[0]]), [1.0, 2.0])
    with pytest.raises(ValueError, match="vector"):
        change_of_variables(std, lambda x: x[:1], [1.0, 2.0])
from notation import lipschitz_lower_bound, spectral_norm  # noqa: E402


def test_lipschitz_lower_bound_of_a_linear_map_reaches_its_spectral_norm_along_the_top_direction():
    rng = np.random.default_rng(0)
    W = rng.normal(size=(3, 2))
    f = lambda x: x @ W  # noqa: E731
    cloud = rng.normal(size=(50, 3))
    assert lipschitz_lower_bound(f, cloud) <= spectral_norm(W) + 1e-12
    top = np.linalg.svd(W.T)[2][0]  # the input direction that W stretches most (rows: x W)
    assert lipschitz_lower_bound(f, np.stack([np.zeros(3), top])) == pytest.approx(spectral_norm(W))


def test_lipschitz_lower_bound_of_sine_approaches_one():
    xs = np.linspace(-0.01, 0.01, 5)  # near 0 the slope of sin is 1
    assert lipschitz_lower_bound(np.sin, xs) == pytest.approx(1.0, abs=1e-4)
    assert lipschitz_lower_bound(np.sin, np.linspace(0, 10, 200)) <= 1.0
    with pytest.raises(ValueError, match="distinct"):
        lipschitz_lower_bound(np.sin, [0.0, 0.0])
