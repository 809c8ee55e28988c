"""What the site says PyTorch does, checked on the torch version ``make test-reference`` installs.

A fully masked attention row: ``torch.softmax`` gives NaN (as the library does) while
``F.scaled_dot_product_attention`` gives zeros (PyTorch 2.5 and later), stated in the
``negative-infinity`` entry. Also, each for the entry named:

- ``F.cross_entropy``'s ``ignore_index=-100`` mean (``piecewise``);
- ``F.cross_entropy`` from logits and ``F.nll_loss`` from log-probabilities (``cross-entropy``);
- dropout's 0 or 1/(1 − p) (``hadamard``);
- ``torch.multinomial`` drawing without replacement by default (``categorical``);
- what ``backward()`` and indexing accept of a 0-d tensor (``scalar``);
- ``torch.normal`` taking the std and needing ``size=`` with floats (``normal-distribution``);
- ``LambdaLR`` multiplying the optimiser's own lr (``learning-rate``);
- ``torch.remainder``, ``torch.fmod``, ``rounding_mode`` and ``torch.floor_divide`` (``floor-ceil-mod``).
- ``torch.cdist`` using the matrix product only above 25 rows, by default (``distance-metrics``).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import notation as nt

pytestmark = pytest.mark.reference


def _inputs(seed: int = 0):
    rng = np.random.default_rng(seed)
    q, k, v = rng.normal(size=(3, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 2))
    mask = np.zeros((3, 5))
    mask[0, 3:] = -np.inf  # query 1: two keys blocked
    mask[1, :] = -np.inf  # query 2: every key blocked
    return q, k, v, mask


def test_torch_softmax_gives_nan_on_a_row_of_minus_inf_like_the_library(torch):
    row = np.full(4, -np.inf)
    theirs = torch.softmax(torch.from_numpy(row), dim=-1).numpy()
    assert np.isnan(theirs).all() and np.isnan(nt.softmax(row)).all()


@pytest.mark.parametrize("kind", ["float -inf", "bool"])
def test_sdpa_returns_zeros_for_a_fully_masked_row_where_the_library_gives_nan(torch, kind):
    q, k, v, mask = _inputs()
    ours, _ = nt.scaled_dot_product_attention(q, k, v, mask)
    attn_mask = torch.from_numpy(mask) if kind == "float -inf" else torch.from_numpy(np.isfinite(mask))
    t = lambda a: torch.from_numpy(a)  # noqa: E731
    theirs = torch.nn.functional.scaled_dot_product_attention(t(q), t(k), t(v), attn_mask=attn_mask).numpy()
    assert np.isnan(ours[1]).all()
    np.testing.assert_array_equal(theirs[1], np.zeros(2))  # zeros, not NaN
    # every other row agrees with the library (and with a plain loop below)
    np.testing.assert_allclose(theirs[[0, 2]], ours[[0, 2]], rtol=1e-12, atol=1e-12)
    w = [math.exp(s) for s in (q[0] @ k[:3].T / 2.0)]
    loop = sum(wi / sum(w) * v[j] for j, wi in enumerate(w))
    np.testing.assert_allclose(theirs[0], loop, rtol=1e-12)


def test_sdpa_does_not_zero_a_row_masked_with_a_finite_minimum(torch):
    # The zeros come from a check for rows that are entirely -inf: an additive finite mask
    # only shifts the row (float64), so SDPA, like the library, keeps the unmasked weights.
    q, k, v, _ = _inputs(1)
    mask = np.zeros((3, 5))
    mask[1, :] = -1e9
    t = lambda a: torch.from_numpy(a)  # noqa: E731
    theirs = torch.nn.functional.scaled_dot_product_attention(t(q), t(k), t(v), attn_mask=t(mask)).numpy()
    unmasked, _ = nt.scaled_dot_product_attention(q, k, v)
    ours, _ = nt.scaled_dot_product_attention(q, k, v, mask)
    np.testing.assert_allclose(theirs[1], unmasked[1], rtol=0, atol=1e-6)
    np.testing.assert_allclose(theirs, ours, rtol=0, atol=1e-6)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_an_added_minus_1e9_on_a_fully_masked_row_keeps_the_weights_in_float64_and_levels_them_in_float32(torch, dtype):
    # causal-mask and negative-infinity: adding −1e9 to every score of a row is a constant shift
    # in float64, but in float32 (torch's default) the spacing near 1e9 is 64, so s − 1e9 rounds
    # to −1e9 for ordinary scores and the row comes out uniform. The library agrees in each dtype.
    scores = np.array([2.0, 0.5, 1.0, -0.5], dtype=dtype)
    shifted = torch.from_numpy(scores) + torch.full((4,), -1e9, dtype=getattr(torch, dtype))
    theirs = torch.softmax(shifted, dim=-1).numpy()
    plain = [math.exp(s) / math.fsum(math.exp(u) for u in scores.tolist()) for s in scores.tolist()]
    expected = plain if dtype == "float64" else [0.25] * 4
    np.testing.assert_allclose(theirs, expected, rtol=0, atol=1e-6)
    np.testing.assert_allclose(nt.softmax(scores + scores.dtype.type(-1e9)), expected, rtol=0, atol=1e-6)
    assert float(np.spacing(np.float32(1e9))) == 64.0


def test_mean_nll_ignoring_matches_f_cross_entropy_with_its_default_ignore_index(torch):
    rng = np.random.default_rng(7)
    z = rng.normal(size=(6, 5)) * 2
    labels = nt.masked_labels(np.array([1, 4, 0, 2, 3, 1]), np.array([False, True, False, True, True, False]))
    theirs = torch.nn.functional.cross_entropy(torch.from_numpy(z), torch.from_numpy(labels)).item()
    assert nt.mean_nll_ignoring(z, labels) == pytest.approx(theirs, rel=1e-12)


def test_the_logit_losses_never_form_probabilities_and_nll_loss_takes_log_probabilities(torch):
    """cross-entropy: `F.cross_entropy` works from the logits (finite on huge ones, like the library);
    `F.nll_loss` takes log-probabilities, and `F.log_softmax` gives them without forming Softmax(z),
    while the log of the probabilities is −inf once one underflows."""
    F = torch.nn.functional
    z = torch.tensor([[1000.0, 0.0, -5.0], [0.3, -1.2, 2.0]], dtype=torch.float64)
    t = torch.tensor([1, 2])
    ours = nt.cross_entropy_from_logits(z.numpy(), t.numpy())
    np.testing.assert_allclose(F.cross_entropy(z, t, reduction="none").numpy(), ours, rtol=1e-12)
    np.testing.assert_allclose(F.nll_loss(F.log_softmax(z, dim=-1), t, reduction="none").numpy(), ours, rtol=1e-12)
    assert ours[0] == pytest.approx(1000.0) and math.isinf(F.nll_loss(torch.log(torch.softmax(z, dim=-1)), t, reduction="none")[0].item())


def test_pytorch_dropout_multiplies_by_zero_or_one_over_one_minus_p(torch):
    # the hadamard entry: dropout is ⊙ with a random matrix of 0 and 1/(1 − p), not of 0 and 1
    torch.manual_seed(0)
    p = 0.25
    out = torch.nn.functional.dropout(torch.ones(10_000, dtype=torch.float64), p=p, training=True).numpy()
    assert set(np.unique(out).tolist()) == {0.0, 1 / (1 - p)}
    assert abs(out.mean() - 1.0) < 0.05  # the expected value is kept
    assert abs((out == 0).mean() - p) < 0.02


# -- section 14: what the generative-model and RL entries say about PyTorch lines ----------------


def test_rsample_is_mu_plus_std_times_randn_and_sample_carries_no_gradient(torch):
    # the reparameterisation entry: .rsample() computes mu + std * eps; .sample() gives no gradient
    mu = torch.tensor([0.7, -0.2], dtype=torch.float64, requires_grad=True)
    std = torch.tensor([1.3, 0.4], dtype=torch.float64, requires_grad=True)
    torch.manual_seed(1)
    z = torch.distributions.Normal(mu, std).rsample()
    torch.manual_seed(1)
    eps = torch.randn(2, dtype=torch.float64)
    np.testing.assert_array_equal(z.detach().numpy(), nt.reparameterise(mu.detach().numpy(), std.detach().numpy(), eps.numpy()))
    z.sum().backward()
    np.testing.assert_array_equal(mu.grad.numpy(), [1.0, 1.0])  # ∂z_j/∂μ_j = 1
    np.testing.assert_array_equal(std.grad.numpy(), eps.numpy())  # ∂z_j/∂σ_j = ε_j
    assert torch.distributions.Normal(mu, std).sample().grad_fn is None


def test_the_return_lines_powers_are_float32_unless_given_a_dtype(torch):
    # return-discount: `gamma ** torch.arange(n)` is float32 even next to float64 rewards
    rewards = np.array([0.0, 0.0, 0.0, 0.0, 1.0])
    r, gamma, T = torch.from_numpy(rewards), 0.9, 5
    assert (gamma ** torch.arange(3)).dtype == torch.float32
    G = torch.stack([(gamma ** torch.arange(T - t, dtype=r.dtype) * r[t:]).sum() for t in range(T)]).numpy()
    expected = [math.fsum(gamma**k * rewards[t + k] for k in range(T - t)) for t in range(T)]
    np.testing.assert_allclose(G, expected, rtol=1e-15)
    np.testing.assert_allclose(G, nt.discounted_returns(rewards, gamma), rtol=1e-15)


def test_gan_discriminator_loss_is_minus_v_and_the_score_line_matches_the_closed_form(torch):
    F = torch.nn.functional
    real, fake = np.array([0.3, -1.2, 2.0]), np.array([-0.4, 0.1])  # D's logits
    d_loss = F.binary_cross_entropy_with_logits(torch.from_numpy(real), torch.ones(3, dtype=torch.float64)) + (
        F.binary_cross_entropy_with_logits(torch.from_numpy(fake), torch.zeros(2, dtype=torch.float64))
    )
    sig = lambda v: 1 / (1 + math.exp(-v))  # noqa: E731
    V = math.fsum(math.log(sig(v)) for v in real) / 3 + math.fsum(math.log(1 - sig(v)) for v in fake) / 2
    assert d_loss.item() == pytest.approx(-V, rel=1e-12)
    dist = torch.distributions.Normal(torch.tensor([1.0, -0.5], dtype=torch.float64), 0.5)
    x = torch.tensor([0.2, 0.7], dtype=torch.float64)
    x.requires_grad_()
    score = torch.autograd.grad(dist.log_prob(x).sum(), x)[0].numpy()
    np.testing.assert_allclose(score, [-(0.2 - 1.0) / 0.25, -(0.7 + 0.5) / 0.25], rtol=1e-12)
    np.testing.assert_allclose(score, nt.gaussian_score([0.2, 0.7], [1.0, -0.5], 0.5), rtol=1e-12)


def test_torch_multinomial_draws_without_replacement_by_default(torch):
    """categorical: `torch.multinomial`'s default `replacement=False` never repeats an index, so its
    draws are not independent; with `replacement=True` the frequencies approach π like the library's
    inverse-CDF draws."""
    pi = np.array([0.9, 0.05, 0.05])
    probs = torch.from_numpy(np.tile(pi, (2000, 1)))
    torch.manual_seed(0)
    default = torch.multinomial(probs, num_samples=3).numpy()
    # every row is a permutation of 0, 1, 2, although outcome 0 has probability 0.9
    assert (np.sort(default, axis=1) == np.arange(3)).all()
    with pytest.raises(RuntimeError):
        torch.multinomial(probs[0], num_samples=4)  # more draws than outcomes, without replacement
    drawn = torch.multinomial(probs, num_samples=3, replacement=True).numpy().ravel()
    ours = nt.categorical_sample(pi, drawn.size, np.random.default_rng(0))
    for k in range(3):  # 6,000 draws each: the standard error of a frequency near 0.9 is about 0.004
        assert abs(np.mean(drawn == k) - pi[k]) < 0.02 and abs(np.mean(ours == k) - pi[k]) < 0.02
    assert np.mean(drawn == 0) > 0.85  # so outcome 0 repeats within most rows


def test_backward_without_an_argument_needs_one_number_and_a_0_d_tensor_has_no_position(torch):
    """scalar: `loss.backward()` accepts any one-element tensor, shape (), (1,) or (1, 1), and refuses two
    numbers; a 0-d tensor or array is read with .item(), float() or [()], never with [0]."""
    for shape in [(), (1,), (1, 1)]:
        w = torch.full(shape, 2.0, dtype=torch.float64, requires_grad=True)
        (3 * w).backward()
        np.testing.assert_array_equal(w.grad.numpy(), np.full(shape, 3.0))  # d(3w)/dw = 3
    two = torch.tensor([2.0, 1.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="scalar outputs"):
        (3 * two).backward()
    x, a = torch.tensor(2.5), np.array(2.5)
    assert x[()].item() == 2.5 == float(a[()]) == x.item() == float(x) == float(a) == a.item()
    with pytest.raises(IndexError):
        x[0]
    with pytest.raises(IndexError):
        a[0]


def test_torch_normal_takes_the_std_and_needs_a_size_with_float_arguments(torch):
    """normal-distribution: `torch.normal(mu, sigma, size=...)` is mu + sigma · randn (sigma the std);
    with two floats and no size it refuses, so the entry's code comment names `size=`."""
    with pytest.raises(TypeError):
        torch.normal(1.5, 2.0)
    torch.manual_seed(0)
    drawn = torch.normal(1.5, 2.0, size=(100_000,), dtype=torch.float64)
    torch.manual_seed(0)
    by_hand = 1.5 + 2.0 * torch.randn(100_000, dtype=torch.float64)
    np.testing.assert_array_equal(drawn.numpy(), by_hand.numpy())
    assert abs(float(drawn.std()) - 2.0) < 0.02  # the std, not the variance 4 (standard error ≈ 0.0045)


@pytest.mark.parametrize("base_lr", [3e-4, 1.0])
def test_lambda_lr_multiplies_the_optimiser_s_own_lr(torch, base_lr):
    """learning-rate: `LambdaLR(opt, lambda s: schedule(s) / peak_lr)` follows the schedule only
    when `opt` was built with `lr=peak_lr`, because LambdaLR sets lr = base lr × lambda(step)."""
    peak, total, warmup, floor = 3e-4, 1000, 100, 3e-5
    w = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.SGD([w], lr=base_lr)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: nt.warmup_cosine_schedule(s, total, warmup, peak, floor) / peak)
    for step in range(300):
        expected = base_lr * nt.warmup_cosine_schedule(step, total, warmup, peak, floor) / peak
        assert math.isclose(opt.param_groups[0]["lr"], expected, rel_tol=1e-12, abs_tol=1e-18)
        opt.step()
        sched.step()
    assert math.isclose(opt.param_groups[0]["lr"], nt.warmup_cosine_schedule(300, total, warmup, peak, floor), rel_tol=1e-12) == (base_lr == peak)


# -- section 16: what real texts write --------------------------------------------------------


def test_detach_is_the_stop_gradient_of_vq_vaes_codebook_and_commitment_terms(torch):
    # stop-gradient: ‖sg[z_e] − e‖² + β‖z_e − sg[e]‖², with sg[·] written as .detach()
    rng = np.random.default_rng(5)
    z0, e0, beta = rng.normal(size=3), rng.normal(size=3), 0.25
    ours = nt.vq_loss_gradients(z0, e0, beta)
    sq = float((z0 - e0) @ (z0 - e0))
    value = {"codebook": sq, "commitment": beta * sq, "total": (1 + beta) * sq, "plain": (1 + beta) * sq}
    for term, make in {
        "codebook": lambda z, e: ((z.detach() - e) ** 2).sum(),
        "commitment": lambda z, e: beta * ((z - e.detach()) ** 2).sum(),
        "total": lambda z, e: ((z.detach() - e) ** 2).sum() + beta * ((z - e.detach()) ** 2).sum(),
        "plain": lambda z, e: (1 + beta) * ((z - e) ** 2).sum(),
    }.items():
        z = torch.tensor(z0, dtype=torch.float64, requires_grad=True)
        e = torch.tensor(e0, dtype=torch.float64, requires_grad=True)
        loss = make(z, e)
        assert loss.item() == pytest.approx(value[term], rel=1e-12)  # sg changes no value
        loss.backward()
        # a tensor that takes no part in the graph gets grad None; one whose only path is cut, zeros
        got = [np.zeros(3) if v.grad is None else v.grad.numpy() for v in (z, e)]
        np.testing.assert_allclose(got[0], ours[term][0], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(got[1], ours[term][1], rtol=1e-12, atol=1e-15)
    # detach changes no value: the forward pass is the identity
    x = torch.tensor(z0, requires_grad=True)
    assert torch.equal(x.detach(), x) and x.detach().requires_grad is False


def test_torch_sigmoid_rounds_to_one_where_the_library_does_before_a_correctly_rounded_sigma(torch):
    # inf-sup: σ computed as 1/(1 + e^{−z}) is exactly 1.0 from z = 17 in float32 and z = 37 in float64,
    # in torch as in the library, while the correctly rounded σ(17) in float32 is 1 − 2^−24
    for dtype, np_dtype, last_below, first_one in ((torch.float32, np.float32, 16.0, 17.0), (torch.float64, np.float64, 36.0, 37.0)):
        theirs = torch.sigmoid(torch.tensor([last_below, first_one], dtype=dtype)).tolist()
        ours = nt.sigmoid(np.array([last_below, first_one], dtype=np_dtype)).tolist()
        assert theirs == ours and theirs[0] < 1.0 and theirs[1] == 1.0
    assert np.float32(1 / (1 + math.exp(-17.0))) == np.float32(1 - 2.0**-24)


def test_torch_remainder_floors_and_fmod_truncates_like_python_and_c(torch):
    # floor-ceil-mod: torch.remainder and torch.div(rounding_mode="floor") follow Python's % and //, torch.fmod
    # and rounding_mode="trunc" follow C (the remainder takes the sign of a), torch.floor_divide floors (since
    # PyTorch 1.13; it truncated before), on integer and float tensors; the reference is Python's divmod and math
    pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-7.5, 2)]
    for dtype in (torch.int64, torch.float64):
        used = [(x, y) for x, y in pairs if dtype.is_floating_point or float(x).is_integer()]
        a, n = (torch.tensor([p[i] for p in used], dtype=dtype) for i in (0, 1))
        floored = [divmod(x, y) for x, y in used]
        truncated = [(math.trunc(x / y), math.fmod(x, y)) for x, y in used]
        assert torch.remainder(a, n).tolist() == [r for _, r in floored]
        assert torch.div(a, n, rounding_mode="floor").tolist() == [q for q, _ in floored]
        assert torch.floor_divide(a, n).tolist() == [q for q, _ in floored]
        assert torch.fmod(a, n).tolist() == [r for _, r in truncated]
        assert torch.div(a, n, rounding_mode="trunc").tolist() == [q for q, _ in truncated]
    # the entry's code line: −7 mod 2 = 1 and ⌊−7/2⌋ = −4, while torch.fmod gives −1
    assert torch.remainder(torch.tensor(-7), 2).item() == 1 and torch.fmod(torch.tensor(-7), 2).item() == -1
    # a float remainder can round up to n itself, in torch as in Python: −1e-20 mod 2 = 2 − 1e-20, stored as 2.0
    assert torch.remainder(torch.tensor(-1e-20, dtype=torch.float64), 2.0).item() == -1e-20 % 2.0 == 2.0


def test_cdist_uses_the_matrix_product_only_above_25_rows_by_default(torch):
    # the distance-metrics entry: the expansion's rounding shows on the diagonal from 26 rows on
    far = torch.from_numpy(1000 + np.random.default_rng(0).normal(size=(200, 5)))
    assert torch.cdist(far[:25], far[:25]).diagonal().abs().max().item() == 0  # differences, directly
    assert torch.cdist(far[:26], far[:26]).diagonal().abs().max().item() > 1e-6  # ‖x‖² − 2xyᵀ + ‖y‖²
    direct = torch.cdist(far[:26], far[:26], compute_mode="donot_use_mm_for_euclid_dist")
    assert direct.diagonal().abs().max().item() == 0
