"""notation.matrices against independent references: cofactor expansion, closed forms,
explicit loops, brute-force searches, the statistics module of the standard library."""

import itertools
import math
import statistics
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    condition_number,
    correlation,
    covariance_matrix,
    determinant,
    diag,
    eigenvalues,
    hilbert_matrix,
    inverse,
    is_positive_definite,
    kronecker_product,
    low_rank_approximation,
    outer_product,
    quadratic_form,
    singular_values,
    solve,
    symmetric_eigen,
    trace,
)

rng = np.random.default_rng(20261201)
small = st.integers(1, 4)
entry = st.floats(-10, 10, allow_nan=False, allow_infinity=False)


def _cofactor_det(m):
    """Laplace expansion along the first row: no LU, no NumPy."""
    n = len(m)
    if n == 1:
        return m[0][0]
    return sum((-1) ** j * m[0][j] * _cofactor_det([row[:j] + row[j + 1 :] for row in m[1:]]) for j in range(n))


def _matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


# ---------------------------------------------------------------- trace, determinant, inverse


@settings(max_examples=100)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_trace_is_cyclic_and_gives_the_frobenius_norm(m, n, data):
    a = np.array(data.draw(st.lists(st.lists(entry, min_size=n, max_size=n), min_size=m, max_size=m)))
    b = np.array(data.draw(st.lists(st.lists(entry, min_size=m, max_size=m), min_size=n, max_size=n)))
    # tr(AB) = tr(BA) although AB is m × m and BA is n × n
    assert trace(a @ b) == pytest.approx(trace(b @ a), abs=1e-9 * (1 + np.abs(a).sum() * np.abs(b).sum()))
    # ‖A‖_F² = tr(AᵀA) = the sum of squared entries, by loops
    squares = sum(a[i][j] ** 2 for i in range(m) for j in range(n))
    assert trace(a.T @ a) == pytest.approx(squares, rel=1e-12, abs=1e-12)


def test_trace_is_the_diagonal_sum_and_needs_a_square_matrix():
    assert trace([[1, 9], [9, 2]]) == 3.0
    with pytest.raises(ValueError, match="square"):
        trace([[1.0, 2.0, 3.0]])


@settings(max_examples=100)
@given(st.integers(1, 4), st.data())
def test_determinant_matches_cofactor_expansion_and_is_multiplicative(n, data):
    rows = st.lists(st.lists(st.integers(-5, 5), min_size=n, max_size=n), min_size=n, max_size=n)
    a, b = data.draw(rows), data.draw(rows)
    da, db = _cofactor_det(a), _cofactor_det(b)  # exact integers
    assert determinant(a) == pytest.approx(da, abs=1e-8 * (1 + abs(da)))
    assert determinant(_matmul(a, b)) == pytest.approx(da * db, abs=1e-7 * (1 + abs(da * db)))


def test_determinant_is_the_product_of_eigenvalues_and_zero_when_singular():
    for n in (2, 3, 5):
        a = rng.standard_normal((n, n))
        lam = np.linalg.eigvals(a)
        assert determinant(a) == pytest.approx(np.prod(lam).real, rel=1e-9)
        assert trace(a) == pytest.approx(np.sum(lam).real, rel=1e-9, abs=1e-12)
    assert determinant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]) == pytest.approx(0.0, abs=1e-12)


def test_inverse_of_a_2x2_matches_the_closed_form_and_multiplies_to_identity():
    a, b, c, d = 4.0, 7.0, 2.0, 6.0
    expected = np.array([[d, -b], [-c, a]]) / (a * d - b * c)
    assert np.allclose(inverse([[a, b], [c, d]]), expected, rtol=1e-14)
    m = rng.standard_normal((5, 5))
    assert np.allclose(m @ inverse(m), np.eye(5), atol=1e-10)
    assert np.allclose(inverse(m) @ m, np.eye(5), atol=1e-10)


def test_inverse_is_not_the_elementwise_reciprocal_and_refuses_singular_matrices():
    m = [[1.0, 2.0], [3.0, 4.0]]
    assert not np.allclose(inverse(m), 1.0 / np.array(m))
    with pytest.raises(ValueError, match="singular"):
        inverse([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match="singular"):
        solve([[1.0, 2.0], [2.0, 4.0]], [1.0, 1.0])


def test_an_invertible_but_ill_conditioned_matrix_is_refused_without_claiming_determinant_0():
    from fractions import Fraction

    # hilbert_matrix(11) is invertible: its exact determinant, by Gaussian elimination in fractions, is > 0
    n = 11
    rows = [[Fraction(1, i + j + 1) for j in range(n)] for i in range(n)]
    det = Fraction(1)
    for c in range(n):
        det *= rows[c][c]
        for r in range(c + 1, n):
            f = rows[r][c] / rows[c][c]
            rows[r] = [a - f * b for a, b in zip(rows[r], rows[c])]
    assert det > 0
    H = hilbert_matrix(n)
    assert np.linalg.matrix_rank(H) < n  # yet rounding gives it numerical rank 10
    for call in (lambda: inverse(H), lambda: solve(H, np.ones(n))):
        with pytest.raises(ValueError) as err:
            call()
        assert "working precision" in str(err.value) and "determinant 0" not in str(err.value)


def test_solve_agrees_with_cramers_rule():
    a = [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]]
    b = [8.0, -11.0, -3.0]
    det = _cofactor_det(a)
    cramer = []
    for j in range(3):
        aj = [row[:j] + [b[i]] + row[j + 1 :] for i, row in enumerate(a)]
        cramer.append(_cofactor_det(aj) / det)
    assert np.allclose(solve(a, b), cramer, rtol=1e-12)  # the classic answer (2, 3, −1)
    assert np.allclose(cramer, [2.0, 3.0, -1.0])


def test_solve_is_more_accurate_than_multiplying_by_the_inverse_on_hilbert():
    h = hilbert_matrix(10)
    x = np.ones(10)
    b = h @ x
    res_solve = np.linalg.norm(h @ solve(h, b) - b)
    res_inv = np.linalg.norm(h @ (inverse(h) @ b) - b)
    assert res_solve < 1e-12 < res_inv
    assert res_inv > 1000 * res_solve


def test_hilbert_matrix_entries_exact_and_its_condition_number_is_huge():
    n = 4
    exact = [[Fraction(1, i + j - 1) for j in range(1, n + 1)] for i in range(1, n + 1)]
    assert np.array_equal(hilbert_matrix(n), np.array([[float(v) for v in row] for row in exact]))
    # κ of a diagonal matrix is the ratio of its largest to smallest |entry|
    assert condition_number(np.diag([5.0, -0.5, 2.0])) == pytest.approx(10.0)
    assert condition_number(hilbert_matrix(10)) > 1e12
    assert condition_number([[1.0, 1.0], [1.0, 1.0]]) > 1e15 or math.isinf(condition_number([[1.0, 1.0], [1.0, 1.0]]))


# ---------------------------------------------------------------- diag


def test_diag_goes_both_ways_and_diagonal_scaling_is_broadcasting():
    d = [2.0, -1.0, 0.5]
    D = diag(d)
    for i in range(3):
        for j in range(3):
            assert D[i, j] == (d[i] if i == j else 0.0)
    assert diag(D).tolist() == d
    assert diag([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).tolist() == [1.0, 5.0]  # like np.diag on a rectangle
    a = rng.standard_normal((3, 4))
    # diag(d) A scales row i by d_i; A diag(e) scales column j by e_j (loops as reference)
    scaled_rows = [[d[i] * a[i, j] for j in range(4)] for i in range(3)]
    assert np.allclose(D @ a, scaled_rows)
    e = rng.standard_normal(4)
    scaled_cols = [[a[i, j] * e[j] for j in range(4)] for i in range(3)]
    assert np.allclose(a @ diag(e), scaled_cols)
    with pytest.raises(ValueError):
        diag(np.zeros((2, 2, 2)))


# ---------------------------------------------------------------- eigenvalues


@settings(max_examples=100)
@given(entry, entry, entry, entry)
def test_2x2_eigenvalues_solve_the_characteristic_polynomial(a, b, c, d):
    # λ² − (a + d) λ + (ad − bc) = 0
    tr, det = a + d, a * d - b * c
    disc = tr * tr - 4 * det
    lam = eigenvalues([[a, b], [c, d]])
    roots = np.roots([1.0, -tr, det])
    assert np.allclose(np.sort_complex(lam.astype(complex)), np.sort_complex(roots.astype(complex)), atol=1e-6 * (1 + abs(tr) + abs(det)))
    if disc > 1e-9:
        assert np.isrealobj(lam)


def test_symmetric_eigen_pairs_satisfy_av_equals_lambda_v_and_are_orthonormal():
    m = rng.standard_normal((5, 5))
    s = m + m.T
    e = symmetric_eigen(s)
    assert np.all(np.diff(e.values) <= 0)  # largest first
    for k in range(5):
        v = e.vectors[:, k]
        assert np.allclose(s @ v, e.values[k] * v, atol=1e-10)
    assert np.allclose(e.vectors.T @ e.vectors, np.eye(5), atol=1e-12)
    with pytest.raises(ValueError, match="symmetric"):
        symmetric_eigen([[1.0, 2.0], [0.0, 1.0]])


# ---------------------------------------------------------------- SVD and Eckart–Young


def test_singular_values_are_square_roots_of_the_eigenvalues_of_ata():
    a = rng.standard_normal((6, 3))
    lam = np.linalg.eigvalsh(a.T @ a)[::-1]
    assert np.allclose(singular_values(a), np.sqrt(lam), rtol=1e-10)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_eckart_young_error_is_the_sum_of_the_dropped_squared_singular_values(k):
    a = rng.standard_normal((5, 4))
    ak = low_rank_approximation(a, k)
    assert np.linalg.matrix_rank(ak) == k
    err2 = sum(a[i, j] ** 2 - 2 * a[i, j] * ak[i, j] + ak[i, j] ** 2 for i in range(5) for j in range(4))
    s = singular_values(a)
    assert err2 == pytest.approx(float(np.sum(s[k:] ** 2)), rel=1e-9, abs=1e-12)


def test_rank_one_truncation_beats_every_rank_one_matrix_of_a_brute_force_search():
    # best rank-1 approximation by search: for a unit column direction u the best partner is
    # Aᵀu, leaving error² ‖A‖² − ‖Aᵀu‖²; sweep u over a fine grid of the unit sphere in ℝ³
    a = rng.standard_normal((3, 4))
    total = float(np.sum(a**2))
    best = math.inf
    for th in np.linspace(0, math.pi, 181):
        for ph in np.linspace(0, 2 * math.pi, 361):
            u = np.array([math.sin(th) * math.cos(ph), math.sin(th) * math.sin(ph), math.cos(th)])
            best = min(best, total - float(np.sum((a.T @ u) ** 2)))
    svd_err = float(np.sum((a - low_rank_approximation(a, 1)) ** 2))
    assert svd_err <= best + 1e-12  # the search never beats the SVD
    assert best == pytest.approx(svd_err, rel=1e-3)  # and on a fine grid it nearly reaches it
    # random rank-1 matrices, even fitted to A along a random direction, never do better
    for _ in range(2000):
        u = rng.standard_normal(3)
        u /= np.linalg.norm(u)
        assert np.sum((a - np.outer(u, a.T @ u)) ** 2) >= svd_err - 1e-12


def test_low_rank_approximation_rejects_bad_k():
    with pytest.raises(ValueError):
        low_rank_approximation(np.eye(3), 4)
    with pytest.raises(TypeError):
        low_rank_approximation(np.eye(3), 1.5)


# ---------------------------------------------------------------- outer and Kronecker products


@settings(max_examples=100)
@given(st.lists(entry, min_size=1, max_size=5), st.lists(entry, min_size=1, max_size=5))
def test_outer_product_entries_by_loops_and_rank_at_most_one(u, v):
    o = outer_product(u, v)
    assert o.shape == (len(u), len(v))
    for i in range(len(u)):
        for j in range(len(v)):
            assert o[i, j] == u[i] * v[j]
    assert np.linalg.matrix_rank(o) <= 1


def test_outer_product_of_nonzero_vectors_has_rank_exactly_one():
    o = outer_product([1.0, -2.0, 3.0], [4.0, 0.0, 1.0, 2.0])
    assert np.linalg.matrix_rank(o) == 1


@settings(max_examples=100)
@given(small, small, small, small, st.data())
def test_kronecker_product_by_explicit_loops(m, n, p, q, data):
    a = data.draw(st.lists(st.lists(st.integers(-9, 9), min_size=n, max_size=n), min_size=m, max_size=m))
    b = data.draw(st.lists(st.lists(st.integers(-9, 9), min_size=q, max_size=q), min_size=p, max_size=p))
    k = kronecker_product(a, b)
    assert k.shape == (m * p, n * q)
    for i in range(m):
        for j in range(n):
            for r in range(p):
                for s in range(q):
                    assert k[i * p + r, j * q + s] == a[i][j] * b[r][s]


def test_kronecker_mixed_product_rule_and_identity_blocks():
    a, b = rng.standard_normal((2, 3)), rng.standard_normal((4, 2))
    c, d = rng.standard_normal((3, 2)), rng.standard_normal((2, 5))
    # (A ⊗ B)(C ⊗ D) = AC ⊗ BD
    assert np.allclose(kronecker_product(a, b) @ kronecker_product(c, d), kronecker_product(a @ c, b @ d))
    # I₂ ⊗ B is block-diagonal with B twice
    k = kronecker_product(np.eye(2), b)
    assert np.array_equal(k[:4, :2], b) and np.array_equal(k[4:, 2:], b)
    assert not k[:4, 2:].any() and not k[4:, :2].any()


# ---------------------------------------------------------------- positive definiteness


def test_quadratic_form_by_double_sum():
    a = rng.standard_normal((3, 3))
    x = rng.standard_normal(3)
    assert float(quadratic_form(x, a)) == pytest.approx(sum(x[i] * a[i, j] * x[j] for i in range(3) for j in range(3)))


def test_positive_definite_agrees_with_random_quadratic_forms_and_eigenvalues():
    for trial in range(200):
        n = int(rng.integers(1, 5))
        m = rng.standard_normal((n, n))
        s = (m + m.T) / 2
        lam_min = np.linalg.eigvalsh(s)[0]
        pd = is_positive_definite(s)
        assert pd == (lam_min > 0)
        xs = rng.standard_normal((500, n))
        q = quadratic_form(xs, s)
        if pd:
            assert np.all(q > 0)
        else:
            # the eigenvector of the smallest eigenvalue gives xᵀAx = λ_min ≤ 0
            v = np.linalg.eigh(s)[1][:, 0]
            assert float(quadratic_form(v, s)) <= 1e-12


def test_gram_matrices_are_semidefinite_and_positive_entries_are_not_enough():
    for _ in range(200):  # 4 vectors in ℝ² give a rank-2 Gram matrix on ℝ⁴: singular, so never ≻ 0
        x = rng.standard_normal((2, 4))
        g = x.T @ x
        assert is_positive_definite(g, strict=False) and not is_positive_definite(g)
    assert not is_positive_definite([[1.0, 2.0], [2.0, 1.0]])  # eigenvalues 3 and −1
    assert is_positive_definite([[2.0, -1.0], [-1.0, 2.0]])  # eigenvalues 3 and 1
    with pytest.raises(ValueError, match="symmetric"):
        is_positive_definite([[1.0, 1.0], [0.0, 1.0]])


@pytest.mark.parametrize("c", [1e-12, 1e-6, 1.0, 1e6, 1e12])
def test_definiteness_does_not_depend_on_the_scale_of_the_matrix(c):
    # [[a, b], [b, a]] has eigenvalues a + b and a − b (closed form): ≻ 0 iff a > |b|,
    # ⪰ 0 iff a ≥ |b|; multiplying by c > 0 changes no sign, so neither may the answer
    for a, b in [(2.0, 1.0), (1.0, 2.0), (1.0, 1.0), (1.0, 0.0), (0.0, 1.0)]:
        m = c * np.array([[a, b], [b, a]])
        assert is_positive_definite(m) == (a - abs(b) > 0), (a, b, c)
        assert is_positive_definite(m, strict=False) == (a - abs(b) >= 0), (a, b, c)
    # an indefinite matrix with tiny entries is not ⪰ 0
    assert not is_positive_definite(c * np.diag([1.0, -1.0]), strict=False)
    assert is_positive_definite(np.zeros((2, 2)), strict=False) and not is_positive_definite(np.zeros((2, 2)))


# ---------------------------------------------------------------- covariance and correlation


def test_covariance_matrix_by_loops_and_against_np_cov_both_layouts():
    x = rng.standard_normal((7, 3))  # 7 examples of 3 features, one per row
    n, d = x.shape
    means = [sum(x[k, j] for k in range(n)) / n for j in range(d)]
    loops = [[sum((x[k, i] - means[i]) * (x[k, j] - means[j]) for k in range(n)) / (n - 1) for j in range(d)] for i in range(d)]
    c = covariance_matrix(x)
    assert c.shape == (3, 3) and np.allclose(c, loops)
    assert np.allclose(c, np.cov(x, rowvar=False))
    assert np.cov(x).shape == (7, 7)  # the default reads rows as variables
    assert np.allclose(covariance_matrix(x, ddof=0), np.array(loops) * (n - 1) / n)
    for j in range(d):
        assert c[j, j] == pytest.approx(statistics.variance(x[:, j].tolist()))
    assert is_positive_definite(c, strict=False)


@settings(max_examples=200)
@given(st.lists(st.tuples(entry, entry), min_size=3, max_size=20))
def test_correlation_matches_statistics_and_the_centred_cosine(pairs):
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    if statistics.pstdev(xs) < 1e-3 or statistics.pstdev(ys) < 1e-3:
        return
    r = correlation(xs, ys)
    assert -1.0 <= r <= 1.0
    assert r == pytest.approx(statistics.correlation(xs, ys), abs=1e-9)
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    cx, cy = [v - mx for v in xs], [v - my for v in ys]
    cos = sum(a * b for a, b in zip(cx, cy)) / math.sqrt(sum(a * a for a in cx) * sum(b * b for b in cy))
    assert r == pytest.approx(cos, abs=1e-9)


def test_correlation_is_plus_or_minus_one_on_lines_and_refuses_constants():
    x = [1.0, 2.0, 4.0, 8.0]
    assert correlation(x, [3 * v + 1 for v in x]) == pytest.approx(1.0)
    assert correlation(x, [-0.5 * v for v in x]) == pytest.approx(-1.0)
    with pytest.raises(ValueError, match="constant"):
        correlation(x, [2.0, 2.0, 2.0, 2.0])


@pytest.mark.parametrize("n", [2, 3])
def test_every_permutation_determinant_sign(n):
    # det of a permutation matrix is its sign: (−1)^(number of inversions)
    for perm in itertools.permutations(range(n)):
        p = np.eye(n)[list(perm)]
        inversions = sum(1 for i in range(n) for j in range(i + 1, n) if perm[i] > perm[j])
        assert determinant(p) == pytest.approx((-1) ** inversions)


def test_polygon_area_of_known_shapes_and_the_determinant_as_area_scaling():
    from notation import polygon_area

    assert polygon_area([[0, 0], [1, 0], [0, 1]]) == 0.5  # right triangle
    assert polygon_area([[0, 0], [0, 1], [1, 0]]) == -0.5  # clockwise: negative
    # a regular hexagon of side 1: 3√3/2
    hexagon = [[math.cos(k * math.pi / 3), math.sin(k * math.pi / 3)] for k in range(6)]
    assert polygon_area(hexagon) == pytest.approx(3 * math.sqrt(3) / 2)
    for _ in range(50):
        a = rng.standard_normal((2, 2))
        square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=float)
        # each corner is a row vector, so the image of corner x is x Aᵀ (A applied to columns)
        assert polygon_area(square @ a.T) == pytest.approx(a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0])


from notation import power_iteration, spectral_norm  # noqa: E402


def test_spectral_norm_is_the_largest_stretch_of_a_row_vector():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(4, 3))
    sigma = spectral_norm(A)
    assert sigma == pytest.approx(math.sqrt(max(np.linalg.eigvalsh(A.T @ A))))  # not the same route as the SVD
    xs = rng.normal(size=(2000, 4))
    stretch = np.linalg.norm(xs @ A, axis=1) / np.linalg.norm(xs, axis=1)
    assert stretch.max() <= sigma + 1e-12 and stretch.max() > 0.9 * sigma


def test_power_iteration_approaches_the_spectral_norm_from_below():
    A = np.array([[2.0, 1.0, 0.0], [0.0, 1.0, 0.5], [1.0, 0.0, 1.0]])
    est = power_iteration(A, 30, np.random.default_rng(1))
    assert np.all(est <= spectral_norm(A) + 1e-12)
    assert est[-1] == pytest.approx(spectral_norm(A), rel=1e-9)
    assert power_iteration(np.zeros((2, 2)), 3, np.random.default_rng(0)).tolist() == [0.0, 0.0, 0.0]
    with pytest.raises(ValueError):
        power_iteration(A, 0, np.random.default_rng(0))
