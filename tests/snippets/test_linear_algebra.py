"""Each snippet of the "More linear algebra" page prints the facts its entry promises.

The printed numbers are checked against independent computations: explicit loops, closed
forms (the 2 × 2 inverse, ad − bc, the shoelace-free area of a parallelogram), the
statistics module, or plain Python sets.
"""

from __future__ import annotations

import json
import math
import sys

import numpy as np
from conftest import run_snippet
from html_output import close, fact, facts, num, nums, tables, vector


def nested(s: str) -> list:
    """A printed nested vector, e.g. ``[[1.00, −2.00], [0.50, 1.00]]``, back to lists of floats."""
    return json.loads(s.replace("−", "-"))


def _matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]


# ---------------------------------------------------------------- identity-matrix


def test_identity_leaves_matrices_unchanged_and_normal_draws_have_identity_covariance():
    out = run_snippet("identity_matrix_neutral")
    f = facts(out)
    assert fact(out, "A I_3") == "True" and fact(out, "I_2 A") == "True"
    assert fact(out, "delta_{ij}") == "True"
    assert vector(fact(out, "I_3 \\mathbf{x}")) == [4.0, -2.0, 7.0]
    (cov,) = tables(out)
    values = np.array([nums(r) for r in cov.rows.values()])
    assert values.shape == (3, 3)
    # 100,000 draws: sampling error of a variance ≈ √(2/n) ≈ 0.0045, of a covariance ≈ 0.0032
    assert np.all(np.abs(np.diag(values) - 1) < 0.02)
    assert np.all(np.abs(values[~np.eye(3, dtype=bool)]) < 0.015)
    assert len(f) == 4


# ---------------------------------------------------------------- inverse


def test_inverse_matches_the_2x2_formula_and_solve_beats_the_inverse():
    out = run_snippet("inverse_and_solve")
    a, b, c, d = 4.0, 7.0, 2.0, 6.0
    det = a * d - b * c
    expected_inv = [[d / det, -b / det], [-c / det, a / det]]
    assert f"\\begin{{bmatrix}} {expected_inv[0][0]:.2f} & {expected_inv[0][1]:.2f}" in out.replace("&amp;", "&")
    assert nested(fact(out, "A A^{-1}")) == [[1.0, 0.0], [0.0, 1.0]]
    assert nested(fact(out, "A^{-1} A")) == [[1.0, 0.0], [0.0, 1.0]]
    recip = nested(fact(out, "element-wise reciprocal"))
    for i, row in enumerate([[a, b], [c, d]]):
        for j, v in enumerate(row):
            assert close(recip[i][j], 1 / v, 2)
    assert nested(fact(out, "entry by entry")) == [[1.0, 1.0], [1.0, 1.0]]
    prod = _matmul([[a, b], [c, d]], [[1 / a, 1 / b], [1 / c, 1 / d]])
    printed = nested(fact(out, "as a matrix product"))
    assert all(close(printed[i][j], prod[i][j], 2) for i in range(2) for j in range(2))
    assert "singular" in fact(out, "inverse of")
    (t,) = tables(out)
    for label, cells in t.rows.items():
        cond, res_solve, res_inv, err_solve, err_inv = nums(cells)
        assert res_solve <= res_inv  # solving never leaves a larger residual here
    # neither beats the conditioning: the errors grow with n for both methods, yet solve's
    # error stays within the backward-stability bound ‖x̂ − x‖ ≲ κ u ‖x‖ (u = 2⁻⁵³, ‖x‖ = √n)
    errs = {n: nums(t.rows[f"n = {n}"]) for n in (4, 8, 10)}
    assert errs[4][3] < errs[8][3] < errs[10][3] and errs[4][4] < errs[8][4] < errs[10][4]
    assert all(errs[n][3] <= 10 * errs[n][0] * 2.0**-53 * math.sqrt(n) for n in (4, 8, 10))
    assert errs[10][3] < errs[10][4]
    cond10, res_solve10, res_inv10, *_ = nums(t.rows["n = 10"])
    assert cond10 > 1e12 and res_inv10 > 1e6 * res_solve10
    # the Hilbert matrix's condition number grows about e^{3.5 n}: n = 10 is far above n = 4
    assert cond10 > 1e8 * nums(t.rows["n = 4"])[0]
    # n = 11: refused as singular to working precision, yet invertible; its exact determinant, by
    # Gaussian elimination in fractions, is about 3.0e-65, which the printed one matches
    from fractions import Fraction

    rows = [[Fraction(1, i + j + 1) for j in range(11)] for i in range(11)]
    det = Fraction(1)
    for c in range(11):
        det *= rows[c][c]
        for r in range(c + 1, 11):
            f = rows[r][c] / rows[c][c]
            rows[r] = [x - f * y for x, y in zip(rows[r], rows[c])]
    assert det > 0 and close(num(fact(out, "n = 11: determinant")) * 1e65, float(det) * 1e65, 1)
    assert num(fact(out, "n = 11: condition number")) > 10 * cond10
    assert fact(out, "n = 11: numerical rank") == "10"
    refusal = fact(out, "n = 11: inverse(H)")
    assert "singular to working precision" in refusal and "determinant 0" not in refusal


# ---------------------------------------------------------------- trace


def test_trace_of_ab_equals_trace_of_ba_and_frobenius():
    out = run_snippet("trace_identities")
    A = [[1, 2, 0], [-1, 3, 4]]
    B = [[2, 1], [0, -1], [5, 2]]
    AB, BA = _matmul(A, B), _matmul(B, A)
    assert nested(fact(out, "AB (")) == AB
    assert nested(fact(out, "BA (")) == BA
    tr = sum(AB[i][i] for i in range(2))
    assert tr == sum(BA[i][i] for i in range(3))
    assert num(fact(out, "operatorname{tr}(AB)")) == tr == num(fact(out, "operatorname{tr}(BA)"))
    squares = sum(v * v for row in A for v in row)
    assert num(fact(out, "sum of the squared entries")) == squares
    assert num(fact(out, "tr}(A^\\top A)")) == squares == num(fact(out, "tr}(A A^\\top)"))
    # C is tridiagonal with eigenvalues 3 and 3 ± √3 (characteristic polynomial by hand)
    lam = vector(fact(out, "its eigenvalues"))
    assert all(close(p, e, 4) for p, e in zip(lam, [3 + math.sqrt(3), 3, 3 - math.sqrt(3)]))
    assert num(fact(out, "operatorname{tr}(C)")) == 2 + 3 + 4 == num(fact(out, "sum_i"))


# ---------------------------------------------------------------- determinant


def test_determinant_is_the_area_scale_and_is_multiplicative():
    out = run_snippet("determinant_area")
    (t,) = tables(out)
    expected = {
        "stretch": 2 * 3,
        "shear": 1 * 1 - 1.5 * 0,
        "rotation by 30°": math.cos(math.pi / 6) ** 2 + math.sin(math.pi / 6) ** 2,
        "mixed": 2 * 1.5 - 1 * 0.5,
        "reflection (swap axes)": -1,
        "singular (rank 1)": 1 * 4 - 2 * 2,
    }
    assert set(t.rows) == set(expected)
    for name, det in expected.items():
        printed_det, printed_area = nums(t.rows[name][1:])
        assert close(printed_det, det, 3) and close(printed_area, det, 3), name
    f = facts(out)
    # the same seeded P, Q, with determinants by cofactor expansion (no LU)
    rng = np.random.default_rng(0)
    P, Q = rng.standard_normal((3, 3)).tolist(), rng.standard_normal((3, 3)).tolist()

    def det3(m):
        return (
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        )

    dp, dq = det3(P), det3(Q)
    assert close(num(f["\\det P \\cdot \\det Q (random 3 \\times 3)"]), dp * dq, 4)
    assert close(num(f["\\det(PQ)"]), det3(_matmul(P, Q)), 4)
    assert close(num(f["\\det(PQ)"]), dp * dq, 4)
    S = [[P[i][j] + Q[i][j] for j in range(3)] for i in range(3)]
    assert close(num(f["\\det(P + Q), for contrast: not \\det P + \\det Q"]), det3(S), 4)
    assert close(num(f["\\det P + \\det Q"]), dp + dq, 4)
    assert close(num(f["product of the eigenvalues of P"]), dp, 4) and close(num(f["\\det P"]), dp, 4)
    left, right = f["\\det(2P) and 2^3 \\det P"].split(" and ")
    assert close(num(left), 8 * dp, 4) and left == right


# ---------------------------------------------------------------- diag


def test_diag_goes_both_ways_and_scaling_equals_broadcasting():
    out = run_snippet("diag_scaling")
    d, e = [2.0, -1.0, 0.5], [1.0, 0.0, 10.0, -1.0]
    A = [[1.0 + 4 * i + j for j in range(4)] for i in range(3)]
    assert fact(out, "diag of a vector") == "3 × 3"
    assert vector(fact(out, "gives the vector back")) == d
    assert vector(fact(out, "its diagonal")) == [A[0][0], A[1][1], A[2][2]]
    rows_scaled = [[d[i] * A[i][j] for j in range(4)] for i in range(3)]
    cols_scaled = [[A[i][j] * e[j] for j in range(4)] for i in range(3)]
    assert nested(fact(out, "(row i times d_i)")) == rows_scaled
    assert nested(fact(out, "d[:, None] * A (broadcasting")) == rows_scaled
    assert nested(fact(out, "(column j times e_j)")) == cols_scaled
    assert nested(fact(out, "A * e")) == cols_scaled
    gamma, x = [1.5, 0.5, 2.0], [0.2, -1.0, 3.0]
    expected = [round(g * v, 1) for g, v in zip(gamma, x)]
    assert vector(fact(out, "LayerNorm gain")) == expected == vector(fact(out, "odot"))
    assert fact(out, "multiply-adds") == f"{3 * 3 * 4} against {3 * 4}"


# ---------------------------------------------------------------- eigen


def test_eigenvectors_keep_their_direction_and_eigenvalues_match_closed_forms():
    out = run_snippet("eigen_stretch")
    t_dir, t_pow = tables(out)
    # [[2, 1], [1, 2]]: λ = 3 on [1, 1]/√2, λ = 1 on [1, −1]/√2 (by hand)
    stretch = {k: nums(v[-2:]) for k, v in t_dir.rows.items()}
    assert stretch["eigenvector \\mathbf{v}_1"] == [3.0, 1.0]
    assert stretch["eigenvector \\mathbf{v}_2"] == [1.0, 1.0]
    # [1, 0] goes to [2, 1]: stretch √5, cosine 2/√5
    assert close(stretch["other direction [1, 0]"][0], math.sqrt(5), 3)
    assert close(stretch["other direction [1, 0]"][1], 2 / math.sqrt(5), 3)
    ax = [2 * 0.6 - 0.8, 0.6 - 2 * 0.8]
    n = math.hypot(*ax)
    assert close(stretch["other direction [0.6, -0.8]"][0], n, 3)
    assert close(stretch["other direction [0.6, -0.8]"][1], (0.6 * ax[0] - 0.8 * ax[1]) / n, 3)
    assert vector(fact(out, "eigenvalues \\lambda of A")) == [3.0, 1.0]
    assert num(fact(out, "perpendicular")) == 0.0
    assert fact(out, "operatorname{tr} A") == "4.000 and 4.000"
    assert fact(out, "and \\det A") == "3.000 and 3.000"
    assert fact(out, "quarter turn") == "0 + 1i and 0 − 1i"
    assert vector(fact(out, "triangular")) == [3.0, 1.0]
    # powers: the trend follows λ_max^t; the printed λ^t rows are exact powers
    steps = [1, 5, 10, 20, 40]
    labels = list(t_pow.rows)
    assert all(close(v, 0.9**t, 4) for v, t in zip(nums(t_pow.rows[labels[1]]), steps))
    assert all(close(v, 1.1**t, 4) for v, t in zip(nums(t_pow.rows[labels[3]]), steps))
    shrink, grow = nums(t_pow.rows[labels[0]]), nums(t_pow.rows[labels[2]])
    assert shrink[-1] < 0.02 and grow[-1] > 10
    assert all(s <= 0.9**t + 1e-4 for s, t in zip(shrink, steps))  # never above |λ_max|^t
    assert all(g <= 1.1**t + 1e-4 for g, t in zip(grow, steps))


# ---------------------------------------------------------------- svd


def test_svd_spectral_norm_counterexample_to_uniqueness():
    # A = diag(3, 1), B = diag(3 + t, 0): A − B = diag(−t, 1), whose spectral norm is max(|t|, 1)
    # and Frobenius norm √(t² + 1), by hand; so every |t| ≤ 1 ties with the truncated SVD (t = 0)
    # at σ₂ = 1 in the spectral norm, and only t = 0 is best in the Frobenius norm
    ties = tables(run_snippet("svd_low_rank"))[-1]
    assert len([label for label in ties.rows if label]) == 6
    for label, cells in ties.rows.items():
        if not label:
            continue
        shift = num(label.split("=")[1])
        spectral, frobenius = nums(cells)
        assert close(spectral, max(abs(shift), 1.0), 4) and close(frobenius, math.sqrt(shift**2 + 1), 4)
    spectral_ties = [label for label, cells in ties.rows.items() if label and nums(cells)[0] == 1.0]
    frobenius_best = [label for label, cells in ties.rows.items() if label and nums(cells)[1] == 1.0]
    assert spectral_ties == ["t = -1", "t = -0.5", "t = 0", "t = 0.5", "t = 1"] and frobenius_best == ["t = 0"]


def test_svd_truncation_error_is_the_sum_of_the_dropped_squares():
    out = run_snippet("svd_low_rank")
    s = vector(fact(out, "singular values \\sigma_i"))
    assert s == sorted(s, reverse=True) and all(v >= 0 for v in s)
    assert fact(out, "shapes of") == "6 × 5, 5 × 5, 5 × 5"
    assert num(fact(out, "U \\Sigma V^\\top - A")) < 1e-12
    assert fact(out, "U^\\top U = I") == "True"
    assert fact(out, "operatorname{rank}(A)") == "5"
    t = tables(out)[0]
    ranks, errs, dropped, spectral, next_sigma = [], [], [], [], []
    for k in range(6):
        r, err2, drop, spec, nxt, share = t.rows[f"k = {k}"]
        ranks.append(int(r))
        errs.append(num(err2))
        dropped.append(num(drop))
        spectral.append(num(spec))
        next_sigma.append(num(nxt.split(" ")[0]))
    assert ranks == list(range(6))
    assert errs == dropped  # printed to 4 decimals, the two columns agree
    # the same sums from the printed singular values (3 decimals each, so a loose tolerance)
    for k in range(6):
        assert abs(errs[k] - sum(v * v for v in s[k:])) < 0.01
    assert errs == sorted(errs, reverse=True) and errs[-1] == 0.0
    assert t.rows["k = 0"][5] == "100.00%"
    assert num(t.rows["k = 2"][5].rstrip("%")) < 5  # nearly rank 2
    # the spectral error, independently: regenerate A, build A_k from the eigenvectors of AᵀA
    # (A_k = A V_k V_kᵀ, no SVD) and take the square root of the largest eigenvalue of EᵀE
    rng = np.random.default_rng(1)
    A = rng.standard_normal((6, 2)) @ rng.standard_normal((2, 5)) + 0.1 * rng.standard_normal((6, 5))
    lam, V = np.linalg.eigh(A.T @ A)
    lam, V = lam[::-1], V[:, ::-1]
    for k in range(6):
        E = A - A @ V[:, :k] @ V[:, :k].T
        assert close(spectral[k], math.sqrt(max(np.linalg.eigvalsh(E.T @ E)[-1], 0.0)), 4)
        assert close(next_sigma[k], math.sqrt(max(lam[k], 0.0)) if k < 5 else 0.0, 4)
    assert spectral == next_sigma
    # optimality: for any orthonormal Q (5 × 2), ‖A − AQQᵀ‖² = ‖A‖² − ‖AQ‖² ≥ ‖A‖² − λ1 − λ2 (Ky Fan)
    best = float(np.sum(A**2) - lam[0] - lam[1])
    assert close(num(fact(out, "the truncated SVD")), best, 4)
    assert num(fact(out, "2,000 other rank-2")) > best


# ---------------------------------------------------------------- outer-product


def test_outer_product_is_the_table_of_products_and_has_rank_one():
    out = run_snippet("outer_product_rank_one")
    u, v = [1.0, 2.0, -1.0], [3.0, 0.5, 2.0, -2.0]
    (t,) = tables(out)
    for i, (label, cells) in enumerate(t.rows.items()):
        assert nums(cells) == [u[i] * vj for vj in v]
    assert fact(out, "shape and rank") == "3 × 4, rank 1"
    # the site's ⊗ (Kronecker) of the rows u (1 × 3) and v (1 × 4): 1 × 12, entry (0, 4i + j) = u_i v_j
    assert fact(out, "Kronecker") == f"1 × {len(u) * len(v)}; the entries of \\mathbf{{u}}\\mathbf{{v}}^\\top row by row: True"
    w = [4.0, -1.0, 0.5]
    dot = sum(a * b for a, b in zip(u, w))
    assert num(fact(out, "(dot product, one number)")) == dot == num(fact(out, "(the same number)"))
    A = [[1.0, 2.0], [0.0, 1.0], [3.0, -1.0]]
    B = [[2.0, 0.0, 1.0], [1.0, 1.0, -1.0]]
    AB = _matmul(A, B)
    assert nested(fact(out, "as a matrix product")) == AB == nested(fact(out, "sum_k"))
    x, g = [0.5, -1.0, 2.0], [1.0, -2.0]
    xg = [[a * b for b in g] for a in x]
    assert nested(fact(out, "finite differences")) == xg == nested(fact(out, "upstream gradient"))


# ---------------------------------------------------------------- kronecker-product


def test_kronecker_product_blocks_by_loops_and_the_elementwise_contrast():
    out = run_snippet("kronecker_blocks")
    A = [[1, 2], [-1, 0]]
    B = [[1, 10, 0], [0, 1, 5]]
    (t,) = tables(out)
    K = [nums(r) for r in t.rows.values()]
    assert len(K) == 4 and all(len(r) == 6 for r in K)
    for i in range(2):
        for j in range(2):
            for r in range(2):
                for c in range(3):
                    assert K[i * 2 + r][j * 3 + c] == A[i][j] * B[r][c]
    assert fact(out, "shape of A \\otimes B") == "4 × 6"
    for label in ("top-right", "bottom-right", "np.kron"):
        assert fact(out, label) == "True"
    assert fact(out, "same entries in the same places") == "False"
    assert fact(out, "I_2 \\otimes B") == "4 × 6"
    assert fact(out, "for two 2 \\times 2 matrices: shape") == "4 × 4"
    assert fact(out, "SwiGLU paper): shape") == "2 × 2"
    C = [[3, 1], [2, 4]]
    assert nested(facts(out)["A \\odot C"]) == [[A[i][j] * C[i][j] for j in range(2)] for i in range(2)]
    # mixed product, by loops: kron by its index rule, products by _matmul
    D = [[1, 0], [2, -1], [0, 3]]
    X = [[1.0, -2.0, 0.5], [3.0, 0.0, 1.0]]

    def kron(a, b):
        p, q = len(b), len(b[0])
        return [[a[r // p][c // q] * b[r % p][c % q] for c in range(len(a[0]) * q)] for r in range(len(a) * p)]

    lhs = _matmul(kron(A, B), kron(C, D))
    assert nested(fact(out, "(A \\otimes B)(C \\otimes D)")) == lhs
    assert nested(fact(out, "mixed-product property")) == lhs == kron(_matmul(A, C), _matmul(B, D))
    flat_x = [v for row in X for v in row]
    applied = [sum(k * v for k, v in zip(row, flat_x)) for row in kron(A, B)]
    axbt = [v for row in _matmul(_matmul(A, X), [list(c) for c in zip(*B)]) for v in row]
    assert vector(fact(out, "times X flattened")) == applied == axbt
    assert vector(fact(out, "without forming")) == applied


# ---------------------------------------------------------------- positive-definite


def test_definiteness_follows_the_eigenvalues_not_the_entries():
    out = run_snippet("positive_definite_checks")
    t, edge = tables(out)
    by_start = lambda prefix: next(v for k, v in t.rows.items() if k.startswith(prefix))  # noqa: E731
    # columns: eigenvalues, smallest xᵀAx, np.linalg.cholesky succeeds, A ≻ 0 (library), A ⪰ 0
    # closed-form eigenvalues of the 2 × 2 examples: a ± b for [[a, b], [b, a]]
    pd = by_start("\\begin{bmatrix} 2 & -1")
    assert vector(pd[0]) == [3.0, 1.0] and pd[2:] == ["yes", "yes", "yes"]
    assert num(pd[1]) >= 1.0 - 1e-3  # min of xᵀAx over unit x is λ_min = 1
    indef = by_start("\\begin{bmatrix} 1 & 2")
    assert vector(indef[0]) == [3.0, -1.0] and indef[2:] == ["no", "no", "no"] and num(indef[1]) < 0
    psd = by_start("\\begin{bmatrix} 1 & 1")
    assert vector(psd[0]) == [2.0, 0.0] and psd[2:] == ["no", "no", "yes"]
    cov = by_start("covariance")
    assert cov[2:] == ["yes", "yes", "yes"] and all(v > 0 for v in vector(cov[0]))
    gram = by_start("Gram")
    lam = vector(gram[0])
    # rank 2 in ℝ⁴, so not ≻ 0, yet Cholesky goes through: the library's tolerance says no
    assert lam[2:] == [0.0, 0.0] and gram[2:] == ["yes", "no", "yes"]
    neg = t.rows["-I_2"]
    assert vector(neg[0]) == [-1.0, -1.0] and neg[2:] == ["no", "no", "no"]
    # the Gram matrix independently: regenerate G (the snippet's second draw) and factorise GᵀG by the
    # Cholesky–Banachiewicz loop in plain floats; it also succeeds, and the last two diagonal entries
    # of L, the square roots of the pivots, are about √(ε · scale) ≈ 1e-8, not 0: the pivots are rounding-sized
    rng = np.random.default_rng(0)
    rng.standard_normal((50, 3))
    G = rng.standard_normal((2, 4))
    M = (G.T @ G).tolist()
    L = [[0.0] * 4 for _ in range(4)]
    for i in range(4):
        for j in range(i + 1):
            s = math.fsum(L[i][k] * L[j][k] for k in range(j))
            if i == j:
                assert M[i][i] - s > 0  # the loop does not fail either
                L[i][i] = math.sqrt(M[i][i] - s)
            else:
                L[i][j] = (M[i][j] - s) / L[j][j]
    rank, smallest, pivots, all_positive, library = edge.rows["G^\\top G from the table, 4 \\times 4"]
    # the last two L_ii are about 1e-8 in both factorisations (their exact values depend on the order of
    # the operations: numpy's and the loop's differ), never 0 and never a failure; their squares, the
    # pivots, are within a few ε of the matrix's scale
    printed = [num(v) for v in pivots.split(", ")]
    assert all(0 < v < 1e-7 for v in printed) and all(0 < L[i][i] < 1e-7 for i in (2, 3))
    eps, scale = sys.float_info.epsilon, max(abs(v) for row in M for v in row)
    assert all(v * v < 16 * eps * scale for v in printed) and all(L[i][i] ** 2 < 16 * eps * scale for i in (2, 3))
    assert rank == "2"  # G is 2 × 4, so rank(GᵀG) ≤ 2
    lam2 = [num(v) for v in smallest.split(", ")]
    assert all(abs(v) < 1e-14 for v in lam2)
    assert all_positive == ("yes" if min(lam2) > 0 else "no") and library == "no"
    # diag(1, 1e-11) is positive definite (exact eigenvalues 1e-11 and 1, Cholesky pivots √1e-11 and 1),
    # but its smallest eigenvalue is below the relative tolerance 1e-10 of the largest
    rank, smallest, pivots, all_positive, library = edge.rows["\\operatorname{diag}(1, 10^{-11})"]
    assert rank == "2" and [num(v) for v in smallest.split(", ")] == [1e-11, 1.0]
    first, second = (num(v) for v in pivots.split(", "))
    assert first == 1.0 and abs(second / math.sqrt(1e-11) - 1) < 5e-3  # printed to 3 significant digits
    assert all_positive == "yes" and library == "no" and 1e-11 < 1e-10 * 1.0
    # the random search never goes below the smallest eigenvalue
    for cells in t.rows.values():
        assert num(cells[1]) >= min(vector(cells[0])) - 1e-3
    # the non-symmetric N = [[1, 3], [0, 1]]: triangular, so its eigenvalues are its diagonal;
    # xᵀNx = x1² + 3 x1 x2 + x2² = 1 − 3 + 1 at x = [1, −1]; the symmetric part [[1, 1.5], [1.5, 1]]
    # has eigenvalues 1 ± 1.5 (closed form a ± b)
    assert vector(fact(out, "eigenvalues of the non-symmetric")) == [1.0, 1.0]
    assert num(fact(out, "for \\mathbf{x} = [1, -1]")) == 1 - 3 + 1
    assert fact(out, "np.linalg.cholesky(N)").startswith("succeeds")
    assert fact(out, "is_positive_definite(N)").startswith("ValueError")
    assert vector(fact(out, "symmetric part")) == [1 + 1.5, 1 - 1.5]


# ---------------------------------------------------------------- covariance-matrix


def test_covariance_matrix_by_loops_and_the_rowvar_trap():
    import statistics

    out = run_snippet("covariance_matrix_rowvar")
    rng = np.random.default_rng(3)  # the snippet's data, regenerated
    N = 200
    height = rng.normal(170.0, 8.0, N)
    weight = 0.9 * (height - 170.0) + rng.normal(70.0, 6.0, N)
    reaction = rng.normal(250.0, 20.0, N)
    cols = [height.tolist(), weight.tolist(), reaction.tolist()]
    means = [sum(c) / N for c in cols]
    cov = [[sum((cols[i][n] - means[i]) * (cols[j][n] - means[j]) for n in range(N)) / (N - 1) for j in range(3)] for i in range(3)]
    (t,) = tables(out)
    printed = [nums(r) for r in t.rows.values()]
    assert all(close(printed[i][j], cov[i][j], 1) for i in range(3) for j in range(3))
    assert fact(out, "rows read as variables") == "200 × 200"
    assert fact(out, "shape of np.cov(X, rowvar=False)") == "3 × 3"
    assert fact(out, "rowvar=False) equals") == "True" and fact(out, "np.cov(X.T)") == "True"
    variances = [statistics.variance(c) for c in cols]
    assert all(close(p, v, 2) for p, v in zip(vector(fact(out, "diagonal of")), variances))
    assert all(close(p, v, 2) for p, v in zip(vector(fact(out, "variance of each column")), variances))
    # bias=True divides by N: the population variance of each column, (N − 1)/N of the sample one
    pvariances = [statistics.pvariance(c) for c in cols]
    assert all(close(p, v, 2) for p, v in zip(vector(fact(out, "bias=True")), pvariances))
    assert close(num(fact(out, "as a share of")), (N - 1) / N, 4)
    assert fact(out, "sum_n") == "True"
    lam = vector(fact(out, "eigenvalues of"))
    assert all(v >= 0 for v in lam)
    assert abs(sum(lam) - sum(variances)) < 0.05
    assert close(num(fact(out, "total variance")), sum(variances), 2)
    assert facts(out)["\\Sigma \\succeq 0"] == "True"


# ---------------------------------------------------------------- correlation


def test_correlation_is_the_centred_cosine_and_matches_statistics():
    import statistics

    out = run_snippet("correlation_centred_cosine")
    rng = np.random.default_rng(3)
    N = 200
    height = rng.normal(170.0, 8.0, N)
    weight = 0.9 * (height - 170.0) + rng.normal(70.0, 6.0, N)
    x = rng.normal(0.0, 1.0, N)
    noise = rng.normal(0.0, 1.0, N)
    pairs = {
        "height and weight": (height, weight),
        "height in cm and the same heights in inches": (height, height / 2.54),
        "x and -3x + 7": (x, -3 * x + 7),
        "x and independent noise": (x, noise),
        "x and x^2 (fully dependent, not linearly)": (x, x**2),
    }
    (t,) = tables(out)
    assert list(t.rows) == list(pairs)
    for label, (a, b) in pairs.items():
        rho, centred, corrcoef, raw = nums(t.rows[label])
        r = statistics.correlation(a.tolist(), b.tolist())
        assert close(rho, r, 4) and close(centred, r, 4) and close(corrcoef, r, 4), label
        cos = sum(p * q for p, q in zip(a, b)) / math.sqrt(sum(p * p for p in a) * sum(q * q for q in b))
        assert close(raw, cos, 4), label
        assert -1 <= rho <= 1
    assert num(t.rows["x and -3x + 7"][0]) == -1.0
    assert abs(num(t.rows["x and x^2 (fully dependent, not linearly)"][0])) < 0.2
    r_hw = statistics.correlation(height.tolist(), weight.tolist())
    assert close(num(fact(out, "\\sigma_{\\text{height}}\\, \\sigma")), r_hw, 4)
    assert close(num(fact(out, "rho(\\text{height}")), r_hw, 4)
    assert close(num(fact(out, "in grams")), r_hw, 4)
    assert close(num(fact(out, "Cov}(\\text{height}")), statistics.covariance(height.tolist(), weight.tolist()), 4)


# ---------------------------------------------------------------- set-operations


def test_set_operations_on_two_vocabularies_are_consistent_with_their_texts():
    import runpy

    from conftest import SNIPPETS

    out = run_snippet("set_operations_vocabularies")
    ns = runpy.run_path(str(SNIPPETS / "set_operations_vocabularies.py"), run_name="snippet-namespace")
    prose, code = ns["prose"], ns["code"]
    (t,) = tables(out)
    size = {label.split(":")[0].split(",")[0].strip(): int(cells[0]) for label, cells in t.rows.items()}
    a, b = size["A"], size["B"]
    union, inter = size["A \\cup B"], size["A \\cap B"]
    a_minus_b, b_minus_a = size["A \\setminus B"], size["B \\setminus A"]
    sym = size["A \\mathbin{\\triangle} B"]
    # inclusion–exclusion and the partition of A and B, from the printed sizes alone
    assert union == a + b - inter
    assert a == a_minus_b + inter and b == b_minus_a + inter
    assert sym == a_minus_b + b_minus_a == union - inter
    # each vocabulary holds every character of its text, plus at most 40 merged pieces
    chars_p, chars_c = set(prose.replace(" ", "")), set(code.replace(" ", ""))
    assert len(chars_p) < a <= len(chars_p) + 40 and len(chars_c) < b <= len(chars_c) + 40
    # the characters both texts use are all in the intersection
    assert len(chars_p & chars_c) <= inter
    # every token shown as "only in A" comes from the prose (and the same for B and code)
    def shown(label):
        cell = next(cells[1] for lab, cells in t.rows.items() if lab.startswith(label))
        return [tok.strip("‘’") for tok in cell.split(" … ")[0].split(", ")]

    prose_words, code_words = prose.split(), code.split()
    for tok in shown("A \\setminus B"):
        assert any(tok in w for w in prose_words), tok
    for tok in shown("B \\setminus A"):
        assert any(tok in w for w in code_words), tok
    for tok in shown("A \\cap B"):
        assert any(tok in w for w in prose_words) and any(tok in w for w in code_words), tok
    f = facts(out)
    left, right = next(v for k, v in f.items() if k.startswith("\\lvert A \\cup B")).split(" and ")
    assert int(left) == int(right) == union
    assert fact(out, "(A & B) <= A") == "True" and fact(out, "A <= (A | B)") == "True"
    assert fact(out, ", A <= B") == "False"
    assert fact(out, "proper subset") == "True and True"
    assert fact(out, "A \\setminus B = B \\setminus A") == "False"
