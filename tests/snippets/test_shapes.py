"""Each snippet of the shapes page prints the facts its entry promises, checked independently."""

import math
import re

import numpy as np

from conftest import run_snippet, visible_text


def test_real_space_sizes_are_lengths_and_rows_come_first():
    text = visible_text(run_snippet("real_space_shapes"))
    # ℝ^{2×3×4}: shape, 3 axes, 24 numbers
    assert re.search(r"\\mathbb\{R\}\^\{2 \\times 3 \\times 4\} \(2, 3, 4\) 2 × 3 × 4 3 24", text)
    assert re.search(r"\\mathbb\{R\}\^\{4 \\times 2\} \(4, 2\) 4 × 2 2 8", text)
    assert re.search(r"\\mathbb\{R\}\^\{768\} \(768,\) 768 1 768", text)
    assert re.search(r"\\mathbb\{R\} \(\) scalar 0 1", text)
    assert "len(x), a length, not a power 768" in text
    assert "X.shape[0] (rows, said first) 4" in text
    assert f"product of the sizes {math.prod((2, 3, 4))}" in text


def test_scalar_has_empty_shape_and_scales_every_entry():
    text = visible_text(run_snippet("scalar_shape"))
    assert "s = 2.5 (scalar) () 0 1" in text
    assert "(vector of length 1) (1,) 1 1" in text and "matrix) (1, 1) 2 1" in text
    scaled = 2.5 * np.array([1.0, -2.0, 4.0])
    assert "[" + ", ".join(f"{v:.2f}".replace("-", "−") for v in scaled) + "]" in text
    assert "IndexError: too many indices" in text


def test_vector_entries_count_from_one_and_xw_has_two_numbers():
    text = visible_text(run_snippet("vector_shape_and_rows"))
    x = [0.5, -1.0, 2.0, 3.0]
    W = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]]
    xw = [sum(x[i] * W[i][j] for i in range(4)) for j in range(2)]  # explicit loop
    assert "x.shape (4,)" in text and "x.ndim 1" in text
    assert "is x[1] −1.00" in text
    assert "shape by the rule (2,), a vector of 2 numbers" in text
    assert "computed [" + ", ".join(f"{v:.2f}".replace("-", "−") for v in xw) + "]" in text
    assert "(1, 4)" in text and "(4, 1)" in text


def test_matrix_is_four_by_two_and_latex_uses_ampersands():
    out = run_snippet("matrix_rows_by_columns")
    text = visible_text(out)
    assert "4 by 2, 8 numbers" in text
    assert "X.shape (rows, columns) (4, 2)" in text
    # X_32 = row 3, column 2 of [[1,2],[3,4],[5,6],[7,8]]
    assert "is X[2, 1] 6" in text
    assert "IndexError" in text
    source = r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \\ 5 & 6 \\ 7 & 8 \end{bmatrix}"
    assert source in text
    assert 'class="arithmatex">\\[X = \\begin{bmatrix} 1 &amp; 2' in out  # rendered as display math
    # x X with x = [1, 0, -1, 2]
    X = np.array([[1, 2], [3, 4], [5, 6], [7, 8]])
    xs = [1.0, 0.0, -1.0, 2.0]
    expected = [sum(xs[i] * X[i, j] for i in range(4)) for j in range(2)]
    assert f"has 2 numbers [{expected[0]:.1f}, {expected[1]:.1f}]" in text


def test_tensor_holds_24_numbers_on_3_axes_and_rank_means_two_things():
    text = visible_text(run_snippet("tensor_axes_and_rank"))
    assert "X.shape (2, 3, 4)" in text
    assert "X.ndim (number of axes) 3" in text
    assert "X.size (numbers held) 24" in text
    assert "(X.nbytes) 96" in text
    assert f"holds {32 * 32 * 3}" in text
    # outer product: 2 axes, matrix rank 1; identity: 2 axes, rank 3
    assert re.search(r"outer product of two rows 2 1 ", text)
    assert re.search(r"identity 2 3 ", text)
    assert re.search(r"2 \\times 3 \\times 4\} 3 not defined", text)


def test_axis_shape_rules_give_the_shapes_under_each_term():
    out = run_snippet("axis_shape_rules")
    text = visible_text(out)
    assert "\\underbrace{X}_{N \\times d_{\\text{model}}}" in text
    assert "(10 × 512) @ (512 × 64) 10 × 64" in text
    assert "(10 × 64) + (64) 10 × 64" in text
    assert "(10 × 64) @ (64 × 10) 10 × 10" in text
    assert "error: inner sizes do not match" in text
    A = np.arange(6.0).reshape(2, 3)
    col_totals = [sum(A[i, j] for i in range(2)) for j in range(3)]
    row_totals = [sum(A[i, j] for j in range(3)) for i in range(2)]
    assert "one total per column [" + ", ".join(f"{v:.0f}" for v in col_totals) + "]" in text
    assert "one total per row [" + ", ".join(f"{v:.0f}" for v in row_totals) + "]" in text
    assert "(2, 1)" in text


def test_batch_matches_one_at_a_time_and_examples_never_mix():
    text = visible_text(run_snippet("batch_examples_never_mix"))
    assert "X 3 × 4 × 8" in text and "attention weights 3 × 4 × 4" in text
    assert "(np.allclose) True" in text
    m = re.search(r"largest change in its output ([\d.]+) ([\d.]+) ([\d.]+)", text)
    assert m is not None
    first, second, third = map(float, m.groups())
    assert first == 0.0 and third == 0.0 and second > 0.1


def test_matrix_rank_4096_counts_and_rank_8():
    text = visible_text(run_snippet("matrix_rank_low_rank"))
    assert f"4096^2 {4096**2:,}" in text  # 16,777,216, about 16.8 million
    assert f"{2 * 4096 * 8:,}" in text and "how many times fewer 256" in text
    assert "between (Sylvester's bounds) 8 and 8" in text
    assert re.search(r"W_0 \(random, like pretrained weights\) 256 × 256 256", text)
    assert re.search(r"A \\in \\mathbb\{R\}\^\{8 \\times 256\} 256 × 256 8", text)
    assert re.search(r"\(the fine-tuned weights\) 256 × 256 256", text)
    assert re.search(r"side by side 256 × 100 8", text)
    assert "the rank is 8" in text


def test_the_4096_product_really_has_rank_8():
    """Independent of the snippet's bound: any 64 columns of BA already span 8 directions, and BA has at most 8."""
    rng = np.random.default_rng(0)
    B, A = rng.standard_normal((4096, 8)), rng.standard_normal((8, 4096))
    M = B @ A
    assert M.size == 16_777_216
    assert np.linalg.matrix_rank(M[:, :64]) == 8  # a lower bound on rank(M)
    assert np.linalg.matrix_rank(M[:, :64]) <= np.linalg.matrix_rank(B) == 8  # and rank(M) <= rank(B)
