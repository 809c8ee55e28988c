"""Each snippet of the "More linear algebra" page prints the facts its entry promises.

The printed numbers are checked against independent computations: explicit loops, closed
forms (the 2 × 2 inverse, ad − bc, the shoelace-free area of a parallelogram), the
statistics module, or plain Python sets.
"""

from __future__ import annotations

import json
import math

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
    cond10, res_solve10, res_inv10, *_ = nums(t.rows["n = 10"])
    assert cond10 > 1e12 and res_inv10 > 1e6 * res_solve10
    # the Hilbert matrix's condition number grows about e^{3.5 n}: n = 10 is far above n = 4
    assert cond10 > 1e8 * nums(t.rows["n = 4"])[0]


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
