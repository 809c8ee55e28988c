"""What the linear-algebra entries say about PyTorch, checked on the torch that ``make test-reference``
installs, each against the library or a closed form.

``positive-definite``: ``torch.linalg.cholesky_ex`` and ``eigvalsh`` read one triangle, so they pass
the non-symmetric ``[[1, 3], [0, 1]]``. ``covariance-matrix`` and ``correlation``: ``torch.cov`` and
``torch.corrcoef`` read rows as variables, ``correction=1`` by default. ``determinant``:
``torch.logdet`` is NaN for a negative determinant, ``slogdet`` is not. ``diag``: ``torch.diag`` goes
both ways. ``outer-product``: ``torch.outer`` takes 1-D tensors only. ``svd``: ``torch.linalg.svd``
returns the singular values as a vector, and its truncation is not the only best fit in the spectral
norm. ``kronecker-product``: ``torch.kron`` is the block rule. ``positive-definite``: Cholesky succeeds
on the example's singular Gram matrix.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import notation as nt

pytestmark = pytest.mark.reference


def test_cholesky_ex_and_eigvalsh_read_one_triangle_so_a_non_symmetric_matrix_passes(torch):
    n = torch.tensor([[1.0, 3.0], [0.0, 1.0]], dtype=torch.float64)
    assert int(torch.linalg.cholesky_ex(n).info) == 0  # "succeeded"
    assert torch.linalg.eigvalsh(n).tolist() == [1.0, 1.0]
    x = torch.tensor([1.0, -1.0], dtype=torch.float64)
    assert float(x @ n @ x) == 1 - 3 + 1  # yet xᵀNx < 0
    # the symmetric part [[1, 1.5], [1.5, 1]] (eigenvalues 1 ± 1.5) fails, as the library says
    assert int(torch.linalg.cholesky_ex((n + n.T) / 2).info) != 0
    assert not nt.is_positive_definite(((n + n.T) / 2).numpy())
    assert int(torch.linalg.cholesky_ex(-torch.eye(2, dtype=torch.float64)).info) != 0


def test_cholesky_succeeds_on_the_examples_singular_gram_matrix_where_the_library_says_no(torch):
    # positive-definite: GᵀG with G 2 × 4 has rank 2, so it is not ≻ 0; rounding makes its two zero
    # pivots tiny positive numbers, and torch's Cholesky (like numpy's) goes through
    rng = np.random.default_rng(0)
    rng.standard_normal((50, 3))  # the snippet's first draw, the covariance data
    G = rng.standard_normal((2, 4))
    gram = torch.from_numpy(G.T @ G)
    assert int(torch.linalg.matrix_rank(gram)) == 2
    factor, info = torch.linalg.cholesky_ex(gram)
    assert int(info) == 0  # "succeeded"
    pivots = torch.diagonal(factor).numpy()
    assert np.all(pivots[:2] > 0.1) and np.all((0 < pivots[2:]) & (pivots[2:] < 1e-7))
    np.testing.assert_allclose((factor @ factor.T).numpy(), G.T @ G, atol=1e-14)
    assert not nt.is_positive_definite(G.T @ G) and nt.is_positive_definite(G.T @ G, strict=False)


def test_the_truncated_svd_ties_with_others_in_the_spectral_norm_but_not_in_frobenius(torch):
    # svd: A = diag(3, 1), k = 1; every diag(3 + t, 0) with |t| <= 1 is a best rank-1 fit in ‖·‖₂
    A = torch.diag(torch.tensor([3.0, 1.0], dtype=torch.float64))
    truncation = torch.from_numpy(nt.low_rank_approximation(A.numpy(), 1))
    assert torch.equal(truncation, torch.diag(torch.tensor([3.0, 0.0], dtype=torch.float64)))
    for shift in (-1.0, -0.5, 0.5, 1.0):
        B = torch.diag(torch.tensor([3.0 + shift, 0.0], dtype=torch.float64))
        assert float(torch.linalg.matrix_norm(A - B, ord=2)) == 1.0 == float(torch.linalg.matrix_norm(A - truncation, ord=2))
        assert float(torch.linalg.matrix_norm(A - B)) > float(torch.linalg.matrix_norm(A - truncation)) == 1.0


def test_torch_cov_and_corrcoef_read_rows_as_variables(torch):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(50, 3))  # 50 examples of 3 features, one per row
    t = torch.from_numpy(x)
    np.testing.assert_allclose(torch.cov(t.T).numpy(), nt.covariance_matrix(x), rtol=1e-12)
    np.testing.assert_allclose(torch.cov(t.T, correction=0).numpy(), nt.covariance_matrix(x, ddof=0), rtol=1e-12)
    assert tuple(torch.cov(t).shape) == (50, 50)  # rows read as variables
    r = torch.corrcoef(torch.stack([t[:, 0], t[:, 1]]))[0, 1].item()
    assert r == pytest.approx(nt.correlation(x[:, 0], x[:, 1]), abs=1e-12)


def test_logdet_is_nan_for_a_negative_determinant_and_slogdet_is_not(torch):
    swap = torch.tensor([[0.0, 2.0], [3.0, 0.0]], dtype=torch.float64)  # det = 0·0 − 2·3 = −6
    assert math.isnan(float(torch.logdet(swap)))
    sign, logabs = torch.linalg.slogdet(swap)
    assert float(sign) == -1.0 and float(logabs) == pytest.approx(math.log(6.0))
    assert float(torch.linalg.det(swap)) == pytest.approx(nt.determinant(swap.numpy())) == pytest.approx(-6.0)


def test_diag_goes_both_ways_and_outer_is_one_dimensional_only(torch):
    d = torch.tensor([2.0, -1.0, 0.5], dtype=torch.float64)
    np.testing.assert_array_equal(torch.diag(d).numpy(), nt.diag(d.numpy()))
    np.testing.assert_array_equal(torch.diag(torch.diag(d)).numpy(), d.numpy())
    assert tuple(torch.diag_embed(torch.ones(4, 3)).shape) == (4, 3, 3)  # batched
    u, v = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0])
    np.testing.assert_array_equal(torch.outer(u, v).numpy(), [[a * b for b in (3, 4, 5)] for a in (1, 2)])
    with pytest.raises(RuntimeError):
        torch.outer(torch.ones(2, 3), torch.ones(2, 3))
    batched = torch.ones(2, 3).unsqueeze(-1) * torch.ones(2, 4).unsqueeze(-2)
    assert tuple(batched.shape) == (2, 3, 4)


def test_svd_returns_a_vector_of_singular_values_and_kron_is_the_block_rule(torch):
    rng = np.random.default_rng(1)
    a = rng.normal(size=(6, 5))
    u, s, vh = torch.linalg.svd(torch.from_numpy(a), full_matrices=False)
    assert tuple(u.shape) == (6, 5) and tuple(s.shape) == (5,) and tuple(vh.shape) == (5, 5)
    np.testing.assert_allclose(s.numpy(), nt.singular_values(a), rtol=1e-12)
    b, c = rng.normal(size=(2, 3)), rng.normal(size=(2, 2))
    np.testing.assert_allclose(torch.kron(torch.from_numpy(b), torch.from_numpy(c)).numpy(), nt.kronecker_product(b, c), rtol=1e-15)
