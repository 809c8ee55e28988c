"""The library's distances, similarities and clipping against SciPy and PyTorch, on the versions
``make test-reference`` installs: ``scipy.stats.wasserstein_distance`` (the ``wasserstein`` entry),
``scipy.spatial.distance.jensenshannon``, which returns the square root of the JS divergence, in
nats unless ``base`` is given (``js-divergence``), ``F.cosine_similarity`` and its ``eps``
(``cosine-similarity``), ``torch.clamp`` and its gradient (``clip-clamp``), the target-network
updates written as the DDPG and Spinning Up code writes them (``target-network``) and
``spectral_norm`` (``lipschitz``).
"""

from __future__ import annotations

import numpy as np
import pytest

import notation as nt

pytestmark = pytest.mark.reference


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wasserstein_1d_agrees_with_scipy_with_and_without_weights(scipy, seed):
    rng = np.random.default_rng(seed)
    u, v = rng.normal(size=40), rng.normal(1.0, 2.0, size=25)
    uw, vw = rng.random(40), rng.random(25)
    assert nt.wasserstein_1d(u, v) == pytest.approx(scipy.stats.wasserstein_distance(u, v), rel=1e-12)
    assert nt.wasserstein_1d(u, v, uw, vw) == pytest.approx(scipy.stats.wasserstein_distance(u, v, uw, vw), rel=1e-12)


def test_scipy_jensenshannon_is_the_square_root_of_the_divergence_in_nats(scipy):
    rng = np.random.default_rng(3)
    for _ in range(20):
        p, q = rng.dirichlet(np.ones(5)), rng.dirichlet(np.ones(5))
        distance = scipy.spatial.distance.jensenshannon(p, q)
        assert distance**2 == pytest.approx(float(nt.js_divergence(p, q)), rel=1e-10)
        assert scipy.spatial.distance.jensenshannon(p, q, base=2) ** 2 == pytest.approx(float(nt.js_divergence(p, q, base=2)), rel=1e-10)
    assert scipy.spatial.distance.jensenshannon([1.0, 0.0], [0.0, 1.0]) == pytest.approx(np.sqrt(np.log(2)))


def test_mutual_information_is_scipys_kl_from_the_product_of_the_marginals(scipy):
    joint = np.array([[0.3, 0.1, 0.05], [0.05, 0.2, 0.3]])
    product = np.outer(joint.sum(1), joint.sum(0))
    assert nt.mutual_information(joint) == pytest.approx(scipy.stats.entropy(joint.ravel(), product.ravel()), rel=1e-12)


def test_cosine_similarity_with_eps_is_torchs_including_zero_and_tiny_vectors(torch):
    F = torch.nn.functional
    rng = np.random.default_rng(0)
    u = np.vstack([rng.normal(size=(4, 3)), np.zeros(3), [1e-5, 0.0, 0.0], [3e-9, 4e-9, 0.0]])
    v = np.vstack([rng.normal(size=(4, 3)), [1.0, 2.0, 3.0], [1e-5, 0.0, 0.0], [3.0, 4.0, 0.0]])
    theirs = F.cosine_similarity(torch.from_numpy(u), torch.from_numpy(v), dim=-1).numpy()
    np.testing.assert_allclose(nt.cosine_similarity(u, v, eps=1e-8), theirs, rtol=1e-12, atol=1e-15)
    # eps floors each norm, not their product: two vectors of length 1e-5 still score 1, a
    # zero vector scores 0, and a vector shorter than eps (5e-9) scores less than its cosine
    assert theirs[-3] == 0.0 and theirs[-2] == pytest.approx(1.0) and theirs[-1] == pytest.approx(0.5)
    module = torch.nn.CosineSimilarity(dim=-1)  # the module calls the same function
    np.testing.assert_allclose(module(torch.from_numpy(u), torch.from_numpy(v)).numpy(), theirs, rtol=0, atol=0)


def test_clip_and_its_gradient_are_torch_clamps(torch):
    xs = np.array([-2.0, -1.0, -0.3, 0.0, 0.7, 1.0, 3.0])
    x = torch.tensor(xs, requires_grad=True)
    y = torch.clamp(x, -1.0, 1.0)
    y.sum().backward()
    np.testing.assert_array_equal(nt.clip(xs, -1.0, 1.0), y.detach().numpy())
    np.testing.assert_array_equal(nt.clip_gradient(xs, -1.0, 1.0), x.grad.numpy())  # 1 at the ends, 0 outside
    np.testing.assert_array_equal(np.clip(xs, -1.0, 1.0), y.detach().numpy())
    # with min > max both libraries return max everywhere; the library refuses instead
    assert torch.clamp(torch.tensor(xs), 1.0, -1.0).tolist() == [-1.0] * len(xs)
    assert np.clip(xs, 1.0, -1.0).tolist() == [-1.0] * len(xs)
    with pytest.raises(ValueError):
        nt.clip(xs, 1.0, -1.0)


def test_clip_keeps_the_broadcast_shape_and_a_float_bound_makes_an_integer_input_float(torch):
    # clip-clamp: "the shape of x and the bounds broadcast together", and the dtype of x unless a bound is a
    # float and x integers; NumPy as locked (2.4), torch as `make test-reference` installs it
    ints = np.array([1, 2, 3])
    assert np.clip(ints, 0, 2).dtype == ints.dtype and np.clip(ints, 0.5, 1.5).dtype == np.float64
    assert torch.clamp(torch.tensor([1, 2, 3]), 0, 2).dtype == torch.int64
    assert torch.clamp(torch.tensor([1, 2, 3]), min=0.5).dtype == torch.get_default_dtype() == torch.float32
    x, a = np.zeros(3), np.zeros((2, 1))
    assert np.clip(x, a, 1.0).shape == (2, 3)
    assert tuple(torch.clamp(torch.from_numpy(x), torch.from_numpy(a), torch.tensor(1.0, dtype=torch.float64)).shape) == (2, 3)


def test_polyak_update_is_spinning_ups_in_place_update_with_rho_one_minus_tau(torch):
    rng = np.random.default_rng(1)
    online, target = rng.normal(size=5), rng.normal(size=5)
    polyak = 0.995  # Spinning Up's default: the weight on the old target, 1 − τ
    p, p_targ = torch.from_numpy(online), torch.from_numpy(target.copy())
    with torch.no_grad():
        p_targ.mul_(polyak)
        p_targ.add_((1 - polyak) * p)
    np.testing.assert_allclose(nt.polyak_update(target, online, tau=1 - polyak), p_targ.numpy(), rtol=1e-12)


def test_spectral_norm_is_torchs_matrix_two_norm_and_spectral_normalisation_divides_by_it(torch):
    rng = np.random.default_rng(2)
    W = rng.normal(size=(5, 3))
    assert nt.spectral_norm(W) == pytest.approx(torch.linalg.matrix_norm(torch.from_numpy(W), ord=2).item(), rel=1e-12)
    torch.manual_seed(0)
    layer = torch.nn.Linear(3, 5, dtype=torch.float64)
    with torch.no_grad():
        layer.weight.copy_(torch.from_numpy(W))
    layer = torch.nn.utils.parametrizations.spectral_norm(layer, n_power_iterations=50)
    layer.train()
    layer(torch.zeros(1, 3, dtype=torch.float64))  # one forward pass in training mode runs the power iterations
    normalised = layer.weight.detach().numpy()
    assert nt.spectral_norm(normalised) == pytest.approx(1.0, rel=1e-6)
    np.testing.assert_allclose(normalised * nt.spectral_norm(W), W, rtol=1e-6)
