"""Each snippet of the matrix-operations page prints the facts its entry promises, checked independently."""

import math
import re

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text
from html_output import num


def test_matmul_entries_are_rows_times_columns_and_order_matters():
    text = visible_text(run_snippet("matmul_rows_times_columns"))
    A = [[1, 2, 0], [-1, 3, 1]]
    B = [[2, 1], [0, -1], [4, 2]]
    AB = [[sum(A[i][k] * B[k][j] for k in range(3)) for j in range(2)] for i in range(2)]  # explicit loops
    for i in range(2):
        for j in range(2):
            assert re.search(rf"= {str(AB[i][j]).replace('-', '−')}(\s|$)", text)
    assert "(−1)·2 + 3·0 + 1·4 = 2" in text
    assert "(2 × 3) times (3 × 2) gives 2 × 2" in text
    assert "BA instead 3 × 3" in text
    C, D = [[1, 2], [0, 1]], [[0, 1], [1, 0]]
    CD = [[sum(C[i][k] * D[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
    DC = [[sum(D[i][k] * C[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
    assert CD != DC
    assert f"CD {CD}" in text and f"DC {DC}" in text
    assert "CD = DC ? False" in text
    assert "(5 × 8) @ (8 × 4) → 5 × 4" in text
    assert "on its own True" in text
    assert "the other order error: inner sizes do not match" in text


def test_transpose_swaps_indices_and_makes_qkt_valid():
    text = visible_text(run_snippet("transpose_qk"))
    A = np.arange(1.0, 16.0).reshape(3, 5)
    # (Aᵀ)_42 is A_24 (1-based), i.e. A[1, 3]
    assert f"At[3, 1] {A[1, 3]:.0f}" in text and f"A[1, 3] {A[1, 3]:.0f}" in text
    assert "A_{ji} for every i, j True" in text
    assert "A^\\top , 5 × 3" in text
    assert "(4 × 3) @ (3 × 6) → 4 × 6" in text
    assert "query 2 · key 5 True" in text
    assert "without the transpose error: inner sizes do not match" in text
    assert "(order reverses) True" in text


def test_dot_product_spellings_agree_and_match_the_cosine_form():
    text = visible_text(run_snippet("dot_product_three_spellings"))
    u, v = [1, 2, 3], [4, -5, 6]
    d = sum(a * b for a, b in zip(u, v))
    assert text.count(f" {d} ") >= 2 and f"[[{d}]]" in text
    assert "(1, 1)" in text
    for deg in (0, 60, 90, 120, 180):
        expected = 2 * 3 * math.cos(math.radians(deg))
        m = re.search(rf"theta = {deg}\^\\circ (\S+) (\S+) (\S+)", text)
        assert m is not None
        dot, geo, angle = map(num, m.groups())
        assert abs(dot - expected) < 0.006 and abs(geo - expected) < 0.006
        assert abs(angle - deg) < 0.006


def test_norms_frobenius_equals_flattened_and_cosine_ignores_length():
    text = visible_text(run_snippet("norm_kinds"))
    assert "\\sqrt{3^2 + 4^2} 5.00" in text
    assert "\\lvert -4 \\rvert 7.00" in text
    assert "(largest size) 4.00" in text
    assert "[0.60, −0.80]" in text and "its length 1.00" in text
    fro = math.sqrt(1 + 4 + 9 + 16)
    assert f"\\sqrt{{1 + 4 + 9 + 16}} {fro:.4f}" in text
    assert f"one vector {fro:.4f}" in text
    # spectral norm: largest singular value of [[1,2],[3,4]] from the 2×2 closed form
    ata = [[10.0, 14.0], [14.0, 20.0]]
    tr, det = ata[0][0] + ata[1][1], ata[0][0] * ata[1][1] - ata[0][1] ** 2
    spectral = math.sqrt((tr + math.sqrt(tr * tr - 4 * det)) / 2)
    assert f"(largest singular value) {spectral:.4f}" in text
    assert "twice as long) 28.000 1.000" in text
    assert "(opposite) −14.000 −1.000" in text
    assert "(perpendicular) 0.000 0.000" in text
    near = (1 + 4 + 7.5) / (math.sqrt(14) * math.sqrt(1 + 4 + 6.25))
    assert f"(nearly the same) 12.500 {near:.3f}" in text


def test_bars_on_a_number_a_set_a_matrix_and_a_vector():
    text = visible_text(run_snippet("absolute_value_and_set_size"))
    assert "\\lvert -3 \\rvert a number abs(-3) 3" in text
    assert "\\vert V \\vert a set of tokens len(V) 6" in text
    assert "range(len(V)) [0, 1, 2, 3, 4, 5]" in text
    assert "np.linalg.norm(x) 5" in text
    assert "np.abs(x) [3.0, 4.0]" in text
    # on a matrix the bars are the determinant: the swap [[0, 1], [1, 0]] has ad − bc = 0·0 − 1·1 = −1, a negative "size"
    assert "a square matrix np.linalg.det(A) −1" in text


def test_hadamard_keeps_shape_and_gives_the_layernorm_gain_and_swiglu_gate():
    text = visible_text(run_snippet("hadamard_gain_and_gate"))
    assert "a * b [4.0, 1.0, −3.0]" in text and "its shape 3" in text
    assert "(a dot product: one number) 2.0" in text
    # LayerNorm of [2, 4, 6, 8]: mean 5, variance 5
    x_hat = [(v - 5) / math.sqrt(5 + 1e-5) for v in (2, 4, 6, 8)]
    gamma, beta = [1.0, 0.5, 2.0, 0.0], [0.0, 0.0, 0.0, 1.0]
    expected = " ".join(f"{g * h + b:.3f}".replace("-", "−") for g, h, b in zip(gamma, x_hat, beta))
    assert text.count(expected) == 2  # by ⊙ and by layer_norm(x, gamma, beta)
    gate_w, up_w = r"W_\{\\text\{gate\}\}", r"W_\{\\text\{up\}\}"
    m = re.search(rf"gate \\operatorname\{{SiLU\}}\(\\mathbf\{{x\}} {gate_w}\) ((?:\S+ ){{6}})up \\mathbf\{{x\}} {up_w} ((?:\S+ ){{6}})", text)
    assert m is not None
    gate = [num(s) for s in m.group(1).split()]
    up = [num(s) for s in m.group(2).split()]
    prod = re.search(rf"\\odot \\mathbf\{{x\}} {up_w} ((?:\S+ ){{6}})", text)
    assert prod is not None
    for g, u, p in zip(gate, up, (num(s) for s in prod.group(1).split())):
        assert abs(g * u - p) < 0.02  # printed to 2 decimals
    assert "np.outer [[3, 4], [6, 8]]" in text  # p_i q_j for p = [1, 2], q = [3, 4]
    assert "two rows, np.kron [3, 4, 6, 8]" in text  # Kronecker of two rows: one row, [1·q, 2·q]
    assert "has shape 4 × 4" in text
    assert "must have the same shape, got (2, 3) and (3,)" in text


def test_elementwise_division_entry_by_entry_and_adam_step():
    text = visible_text(run_snippet("elementwise_division_adam"))
    A = [[6.0, 1.0, -3.0], [2.0, 9.0, 0.5]]
    B = [[3.0, 4.0, 2.0], [-1.0, 3.0, 0.25]]
    quotient = " \\\\ ".join(" & ".join(f"{A[i][j] / B[i][j]:g}" for j in range(3)) for i in range(2))
    assert f"= \\begin{{bmatrix}} {quotient} \\end{{bmatrix}}" in text
    assert "gives back A True" in text
    assert "zero at index (0, 1)" in text
    assert "[∞, −∞]" in text
    m, v = [0.02, -0.01, 0.001], [4e-4, 1e-6, 1e-8]
    steps = " ".join(f"{1e-3 * a / (math.sqrt(b) + 1e-8):.5f}".replace("-", "−") for a, b in zip(m, v))
    assert steps in text


def test_elementwise_function_and_condition():
    text = visible_text(run_snippet("elementwise_function_and_condition"))
    A = [[-2.0, 0.0, 1.5], [3.0, -0.5, 4.0]]
    for i in range(2):
        row = " ".join(f"{1 / (1 + math.exp(-a)):.3f}" for a in A[i])
        assert f"row {i + 1} {row}" in text
        flags = " ".join(str(a >= 0) for a in A[i])
        assert f"row {i + 1} {flags}" in text
    assert "(A >= 0).all() False" in text
    assert "\\operatorname{ReLU}(A) \\ge 0 True" in text
    assert "[[0.000, 0.000, 1.500], [3.000, 0.000, 4.000]]" in text


def test_broadcasting_divides_rows_and_shows_the_classic_bug():
    out = run_snippet("broadcasting_row_division")
    text = visible_text(out)
    A = np.array([[2.0, 4.0, 6.0, 8.0], [3.0, 6.0, 9.0, 12.0], [5.0, 10.0, 15.0, 20.0]])
    b = [2.0, 3.0, 5.0]
    quotient = [[A[i, j] / b[i] for j in range(4)] for i in range(3)]  # row i divided by b_i, by loops
    rows = " \\\\ ".join(" & ".join(f"{q:g}" for q in r) for r in quotient)
    assert f"= \\begin{{bmatrix}} {rows} \\end{{bmatrix}}" in text
    repeated = " \\\\ ".join(" & ".join(f"{b[i]:g}" for _ in range(4)) for i in range(3))
    assert f"\\oslash \\begin{{bmatrix}} {repeated} \\end{{bmatrix}}" in text
    try:
        np.broadcast_shapes((3, 4), (3,))
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("NumPy should reject (3, 4) with (3,)")
    assert "A / b raises operands could not be broadcast together" in text
    assert "on axis -1 (the last) the sizes are 4 and 3" in text
    assert "→ (3, 4) axis (3, 4) (3, 1) result why -1 4 1 4 size 1 is repeated to 4 -2 3 3 3 sizes equal (3)" in text
    assert "-2 3 – 3 missing axis counts as 1; size 1 is repeated to 3" in text
    S = A[:, :3]
    for i in range(3):
        right = " ".join(f"{S[i, j] / b[i]:.3f}" for j in range(3))
        wrong = " ".join(f"{S[i, j] / b[j]:.3f}" for j in range(3))
        assert f"{right} {wrong}" in text
    # a single column: (3, 1) against (3,) pairs the 1 with 3 and the missing axis with 3
    f = ho.facts(out)
    assert f["a (3, 1) column divided by b of shape (3,): result shape"] == "(3, 3)"
    assert f["what broadcast_shapes gives for the two shapes"] == "(3, 3)"


def test_concatenation_axes_and_fused_qkv():
    text = visible_text(run_snippet("concatenation_axes"))
    assert "np.concatenate([a, b]) [1, 2, 3, 4]" in text
    assert "adds a new axis instead [[1, 2], [3, 4]]" in text
    assert "4 × (3 × 2) last (features) 3 × 8" in text
    assert "(5 × 2) and (1 × 2) first (tokens) 6 × 2" in text
    assert "(4 × 8) and (3 × 8) first (tokens) 7 × 8" in text
    assert "has shape 8 × 12" in text and "has shape 3 × 12" in text
    assert "three separate matmuls 0.000" in text
    assert "(np.allclose) True" in text


# -- pseudoinverse (issue 24) -------------------------------------------------------------------


def test_pseudoinverse_fits_the_line_that_the_normal_equations_give():
    out = run_snippet("pseudoinverse_least_squares")
    t_ = [0.0, 1.0, 2.0, 3.0, 4.0]
    b = [1.1, 2.9, 5.2, 6.8, 9.1]
    # independent closed form of simple linear regression
    tm, bm = sum(t_) / 5, sum(b) / 5
    slope = sum((u - tm) * (v - bm) for u, v in zip(t_, b)) / sum((u - tm) ** 2 for u in t_)
    intercept = bm - slope * tm
    assert np.allclose(ho.vector(ho.fact(out, "(intercept, slope)")), [intercept, slope], atol=5e-4)
    assert np.allclose(ho.vector(ho.fact(out, "lstsq")), [intercept, slope], atol=5e-4)
    assert num(ho.fact(out, "largest difference")) < 1e-10
    residual = math.sqrt(sum((intercept + slope * u - v) ** 2 for u, v in zip(t_, b)))
    assert ho.close(num(ho.fact(out, "residual")), residual, 3)
    (tab,) = ho.tables(out)
    # A⁺ = (AᵀA)⁻¹Aᵀ by hand: AᵀA = [[5, 10], [10, 30]], det 50
    inv = [[30 / 50, -10 / 50], [-10 / 50, 5 / 50]]
    expected = [[inv[r][0] + inv[r][1] * u for u in t_] for r in range(2)]
    assert np.allclose([ho.nums(c) for c in tab.rows.values()], expected, atol=5e-4)
    assert ho.close(num(ho.fact(out, "trace of")), 2.0, 3)
    assert ho.fact(out, "does S^{-1} exist").startswith("no")
    # S = [[1, 2], [2, 4]] = v vᵀ with v = (1, 2): S⁺ = S / ‖v‖⁴ = S / 25
    assert np.allclose(ho.numbers(ho.fact(out, "exists all the same")), [1 / 25, 2 / 25, 2 / 25, 4 / 25], atol=5e-4)



def test_cosine_similarity_angles_unit_vectors_eps_and_the_triangle():
    from html_output import close, fact, num, nums, tables

    html = run_snippet("cosine_similarity_angles")
    (t,) = tables(html)
    u = (3.0, 4.0)
    for cells, v in zip(t.rows.values(), [(30.0, 40.0), (4.0, 3.0), (-4.0, 3.0), (-3.0, -4.0)]):
        dot, cos, degrees, distance = nums(cells)
        c = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
        assert close(dot, u[0] * v[0] + u[1] * v[1], 4) and close(cos, c, 4)
        assert close(degrees, math.degrees(math.acos(max(-1.0, min(1.0, c)))), 4) and close(distance, 1 - c, 4)
    a, b = (1.0, 2.0, 2.0), (2.0, 0.0, 1.0)
    c = sum(x * y for x, y in zip(a, b)) / (3.0 * math.sqrt(5.0))
    assert close(num(fact(html, "for \\mathbf{a} = (1, 2, 2)")), c, 4)
    assert close(num(fact(html, "dot product of the unit vectors")), c, 4)
    assert close(num(fact(html, "half the squared distance")), 1 - c, 4) and close(num(fact(html, "cosine distance 1")), 1 - c, 4)
    assert num(fact(html, "a zero vector with")) == 0.0
    assert close(num(fact(html, "length 5")), (3e-9 * 3 + 4e-9 * 4) / (1e-8 * 5.0), 4)  # both norms floored at eps
    assert num(fact(html, "the true cosine")) == 1.0
    assert close(num(fact(html, "from (1, 0) to (0, 1)")), 1.0, 4)
    through = 2 * (1 - 1 / math.sqrt(2))
    assert close(num(fact(html, "no triangle inequality")), through, 4) and through < 1.0
    assert close(num(fact(html, "do add up")), 90.0, 4)
