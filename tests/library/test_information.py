"""notation.information against the math module, explicit loops and hypothesis properties."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    IGNORE_INDEX,
    bits_per_byte,
    block_code_bits,
    conditional_entropy,
    cross_entropy,
    cross_entropy_from_logits,
    cross_entropy_logits_gradient,
    entropy,
    gradient,
    huffman_code_lengths,
    infonce_bound,
    js_divergence,
    kl_divergence,
    masked_labels,
    mean_nll_ignoring,
    mutual_information,
    one_hot,
    perplexity,
    quantile_coupling,
    token_nll,
    transport_cost,
    wasserstein_1d,
)


def distributions(n):
    weights = st.lists(st.floats(0.01, 10.0), min_size=n, max_size=n)
    return weights.map(lambda w: np.array(w) / sum(w))


pairs = st.integers(2, 6).flatmap(lambda n: st.tuples(distributions(n), distributions(n)))


def _H(p):
    return -sum(x * math.log(x) for x in p if x > 0)


def _CE(p, q):
    return -sum(a * math.log(b) for a, b in zip(p, q) if a > 0)


def test_entropy_known_values_in_nats_and_bits():
    assert float(entropy([0.5, 0.5], base=2)) == pytest.approx(1.0)
    assert float(entropy([0.25] * 4, base=2)) == pytest.approx(2.0)
    assert float(entropy([1.0, 0.0, 0.0])) == 0.0
    assert float(entropy([0.9, 0.1])) == pytest.approx(-(0.9 * math.log(0.9) + 0.1 * math.log(0.1)))


@given(pairs)
@settings(max_examples=100, deadline=None)
def test_bits_are_nats_over_ln2(pq):
    p, q = pq
    for fn, args in ((entropy, (p,)), (cross_entropy, (p, q)), (kl_divergence, (p, q))):
        assert float(fn(*args, base=2)) == pytest.approx(float(fn(*args)) / math.log(2), rel=1e-12, abs=1e-15)


@given(pairs)
@settings(max_examples=200, deadline=None)
def test_kl_is_non_negative_and_cross_entropy_decomposes(pq):
    p, q = pq
    kl = float(kl_divergence(p, q))
    assert kl >= 0
    assert float(cross_entropy(p, q)) == pytest.approx(float(entropy(p)) + kl, rel=1e-10, abs=1e-12)
    assert float(cross_entropy(p, q)) == pytest.approx(_CE(p, q), rel=1e-10)
    assert float(entropy(p)) == pytest.approx(_H(p), rel=1e-10)
    assert float(cross_entropy(p, q)) >= float(entropy(p)) - 1e-12  # entropy is the floor


def test_kl_of_a_distribution_with_itself_is_zero_and_kl_is_not_symmetric():
    p, q = [0.7, 0.2, 0.1], [0.4, 0.4, 0.2]
    assert float(kl_divergence(p, p)) == pytest.approx(0.0, abs=1e-15)
    by_loop = sum(a * math.log(a / b) for a, b in zip(p, q))
    assert float(kl_divergence(p, q)) == pytest.approx(by_loop)
    assert float(kl_divergence(p, q)) != pytest.approx(float(kl_divergence(q, p)))


def test_kl_is_infinite_where_q_misses_mass_of_p():
    assert math.isinf(float(kl_divergence([0.5, 0.5], [1.0, 0.0])))
    assert float(kl_divergence([1.0, 0.0], [0.5, 0.5])) == pytest.approx(math.log(2))


def test_functions_act_on_the_last_axis():
    P = np.array([[0.5, 0.5], [0.9, 0.1]])
    np.testing.assert_allclose(entropy(P), [_H(P[0]), _H(P[1])])


@pytest.mark.parametrize("fn", [entropy, lambda p: cross_entropy(p, [0.5, 0.5]), lambda p: kl_divergence(p, [0.5, 0.5])])
@pytest.mark.parametrize("bad", [[0.5, 0.6], [1.5, -0.5], [float("nan"), 1.0]])
def test_invalid_probabilities_raise(fn, bad):
    with pytest.raises(ValueError):
        fn(bad)


def test_shape_mismatch_and_bad_base_raise():
    with pytest.raises(ValueError, match="same shape"):
        cross_entropy([0.5, 0.5], [0.2, 0.3, 0.5])
    with pytest.raises(ValueError, match="same shape"):
        kl_divergence([0.5, 0.5], [0.2, 0.3, 0.5])
    with pytest.raises(ValueError, match="base"):
        entropy([0.5, 0.5], base=1)
    with pytest.raises(TypeError):
        entropy("abc")


def test_cross_entropy_with_one_hot_target_is_nll():
    q = [0.1, 0.6, 0.3]
    assert float(cross_entropy(one_hot(1, 3), q)) == pytest.approx(-math.log(0.6))


@given(st.lists(st.floats(0.0, 20.0), min_size=1, max_size=30))
@settings(max_examples=100, deadline=None)
def test_perplexity_is_exp_of_mean_nll(nlls):
    assert perplexity(nlls) == pytest.approx(math.exp(math.fsum(nlls) / len(nlls)), rel=1e-9)


def test_perplexity_of_uniform_guessing_is_the_number_of_choices():
    assert perplexity(token_nll([1 / 50_257] * 7)) == pytest.approx(50_257)


def test_perplexity_rejects_bad_input():
    for bad in ([], [-0.1], [float("inf")]):
        with pytest.raises(ValueError):
            perplexity(bad)


def test_token_nll_matches_math_log_and_rejects_impossible_probabilities():
    ps = [0.9, 0.5, 1e-6, 1.0]
    np.testing.assert_allclose(token_nll(ps), [-math.log(p) for p in ps])
    assert token_nll([1.0])[0] == 0.0 and not math.copysign(1, token_nll([1.0])[0]) < 0
    for bad in ([0.0], [1.2], [-0.5], []):
        with pytest.raises(ValueError):
            token_nll(bad)


@given(st.lists(st.floats(-30, 30), min_size=2, max_size=6), st.data())
@settings(max_examples=100, deadline=None)
def test_cross_entropy_from_logits_matches_logsumexp(zs, data):
    t = data.draw(st.integers(0, len(zs) - 1))
    m = max(zs)
    expected = m + math.log(math.fsum(math.exp(z - m) for z in zs)) - zs[t]
    assert float(cross_entropy_from_logits(zs, t)) == pytest.approx(expected, rel=1e-9, abs=1e-12)


def test_cross_entropy_from_logits_batches_and_survives_huge_logits():
    z = np.array([[1000.0, 0.0], [0.0, 0.0]])
    np.testing.assert_allclose(cross_entropy_from_logits(z, np.array([0, 1])), [0.0, math.log(2)], atol=1e-12)


def test_cross_entropy_logits_gradient_matches_finite_differences():
    z, t = np.array([0.3, -1.2, 2.0, 0.5]), 2
    g = cross_entropy_logits_gradient(z, t)
    np.testing.assert_allclose(g, gradient(lambda v: float(cross_entropy_from_logits(v, t)), z), atol=1e-8)
    assert g[t] < 0 and np.all(np.delete(g, t) > 0)
    assert float(g.sum()) == pytest.approx(0.0, abs=1e-12)


def test_cross_entropy_logits_gradient_signs_are_weak_in_float64():
    # exact: q_target − 1 = −1 / (1 + e^40) < 0, but 1 / (1 + e^−40) rounds to 1.0, so that entry is 0
    assert 1 / (1 + math.exp(-40.0)) == 1.0
    g = cross_entropy_logits_gradient([0.0, 40.0], 1)
    assert g[1] == 0.0 and g[0] == pytest.approx(1 / (1 + math.exp(40.0)), rel=1e-12)
    # e^−746 underflows to 0 (below the smallest subnormal, about 4.9e−324): the whole gradient is 0
    assert math.exp(-746.0) == 0.0
    np.testing.assert_array_equal(cross_entropy_logits_gradient([0.0, 746.0], 1), [0.0, 0.0])
    z = np.random.default_rng(1).normal(scale=300.0, size=(200, 5))
    t = np.random.default_rng(2).integers(0, 5, size=200)
    g = cross_entropy_logits_gradient(z, t)
    on_target = np.take_along_axis(g, t[:, None], axis=-1)
    assert np.all(on_target <= 0) and np.all(np.delete(g.reshape(-1), t + 5 * np.arange(200)) >= 0)


def test_cross_entropy_from_logits_rejects_bad_targets():
    with pytest.raises(ValueError):
        cross_entropy_from_logits([1.0, 2.0], 2)
    with pytest.raises(TypeError):
        cross_entropy_from_logits([1.0, 2.0], 0.5)
    with pytest.raises(ValueError, match="shape"):
        cross_entropy_logits_gradient([[1.0, 2.0]], 0)
    with pytest.raises(ValueError):
        cross_entropy_from_logits(1.0, 0)


def test_bits_per_byte_is_total_bits_over_bytes():
    total_nats = 40.0
    assert bits_per_byte(total_nats, 25) == pytest.approx(total_nats / math.log(2) / 25)
    # the same text cut into 5 or 10 tokens: same total, same bits per byte, different perplexity
    a, b = [8.0] * 5, [4.0] * 10
    assert bits_per_byte(sum(a), 25) == bits_per_byte(sum(b), 25)
    assert perplexity(a) != pytest.approx(perplexity(b))


def test_bits_per_byte_rejects_bad_input():
    with pytest.raises(ValueError):
        bits_per_byte(1.0, 0)
    with pytest.raises(TypeError):
        bits_per_byte(1.0, 2.5)
    with pytest.raises(ValueError):
        bits_per_byte(-1.0, 3)
    with pytest.raises(ValueError):
        bits_per_byte(float("nan"), 3)


# Huffman codes: entropy is a lower bound on average code length, reached only by coding blocks.


def _best_prefix_code_length(p: list[float]) -> float:
    """Brute force: the smallest Σ p_i l_i over whole-number lengths that satisfy Kraft's
    inequality Σ 2^-l_i ≤ 1 (exactly the lengths some prefix code has)."""
    n = len(p)
    best = math.inf
    for ls in itertools.product(range(1, n), repeat=n):
        if sum(2.0**-l for l in ls) <= 1.0:
            best = min(best, sum(pi * l for pi, l in zip(p, ls)))
    return best


@settings(max_examples=60)
@given(st.lists(st.floats(0.01, 1.0), min_size=2, max_size=5))
def test_huffman_lengths_are_optimal_against_brute_force_and_within_one_bit_of_entropy(w):
    p = [x / sum(w) for x in w]
    lengths = huffman_code_lengths(p)
    avg = sum(pi * l for pi, l in zip(p, lengths))
    assert sum(2.0 ** -int(l) for l in lengths) <= 1.0 + 1e-12  # a prefix code exists
    assert avg == pytest.approx(_best_prefix_code_length(p), abs=1e-12)
    h = -sum(pi * math.log2(pi) for pi in p)
    assert h - 1e-12 <= avg < h + 1


def test_biased_coin_needs_one_bit_per_flip_until_flips_are_coded_in_blocks():
    p = [0.9, 0.1]
    h = -(0.9 * math.log2(0.9) + 0.1 * math.log2(0.1))  # ≈ 0.469
    assert block_code_bits(p, 1) == 1.0  # any code for one flip needs a whole bit
    # blocks of 2: probabilities 0.81, 0.09, 0.09, 0.01 get lengths 1, 2, 3, 3 (by hand)
    assert block_code_bits(p, 2) == pytest.approx((0.81 * 1 + 0.09 * 2 + 0.09 * 3 + 0.01 * 3) / 2)
    rates = [block_code_bits(p, n) for n in (1, 2, 4, 8)]
    for n, r in zip((1, 2, 4, 8), rates):
        assert h <= r < h + 1 / n
    assert rates == sorted(rates, reverse=True)


def test_huffman_edge_cases_and_bad_input():
    assert huffman_code_lengths([1.0, 0.0]).tolist() == [1, 0]
    assert huffman_code_lengths([0.25] * 4).tolist() == [2, 2, 2, 2]
    with pytest.raises(ValueError, match="1-D"):
        huffman_code_lengths([[0.5, 0.5]])
    with pytest.raises(ValueError, match="sum to 1"):
        huffman_code_lengths([0.5, 0.6])
    with pytest.raises(ValueError, match="at least 1"):
        block_code_bits([0.5, 0.5], 0)
    with pytest.raises(TypeError):
        block_code_bits([0.5, 0.5], 1.5)


# ---------------------------------------------------------------- label masks (ignore_index = -100)


def test_masked_labels_and_mean_nll_skip_ignored_positions_in_sum_and_count():
    ids = np.array([4, 1, 3, 0, 2])
    scored = np.array([False, False, True, True, True])  # e.g. two image positions, then text
    labels = masked_labels(ids, scored)
    assert labels.tolist() == [IGNORE_INDEX, IGNORE_INDEX, 3, 0, 2] and IGNORE_INDEX == -100
    z = np.random.default_rng(2).normal(size=(5, 5)) * 2
    # reference: log-sum-exp by hand, averaged over the three scored rows only
    nll = [math.log(sum(math.exp(v) for v in z[t])) - z[t][ids[t]] for t in range(5) if scored[t]]
    assert mean_nll_ignoring(z, labels) == pytest.approx(sum(nll) / 3, rel=1e-12)
    # averaging over all five rows (ignored ones counted as 0) would be a different number
    assert mean_nll_ignoring(z, labels) != pytest.approx(sum(nll) / 5)
    assert math.isnan(mean_nll_ignoring(z, np.full(5, -100)))
    with pytest.raises(TypeError):
        masked_labels(ids, scored.astype(int))
    with pytest.raises(ValueError, match="shape"):
        masked_labels(ids, scored[:3])
    with pytest.raises(ValueError, match="shape"):
        mean_nll_ignoring(z, labels[:3])


# --- Jensen–Shannon divergence -----------------------------------------------------------------


def jsd_loops(p, q):
    m = [(a + b) / 2 for a, b in zip(p, q)]
    half = lambda x: math.fsum(a * math.log(a / c) for a, c in zip(x, m) if a > 0)  # noqa: E731
    return 0.5 * half(p) + 0.5 * half(q)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.tuples(distributions(n), distributions(n))))
def test_js_divergence_against_loops_symmetric_and_at_most_log_two(pq):
    p, q = pq
    got = float(js_divergence(p, q))
    assert got == pytest.approx(jsd_loops(p, q), abs=1e-9)
    assert got == pytest.approx(float(js_divergence(q, p)), abs=1e-12)
    assert -1e-12 <= got <= math.log(2) + 1e-12
    assert float(js_divergence(p, q, base=2)) == pytest.approx(got / math.log(2), abs=1e-9)


def test_js_divergence_is_log_two_exactly_when_nothing_is_shared_while_kl_is_infinite():
    p, q = [0.5, 0.5, 0.0, 0.0], [0.0, 0.0, 0.3, 0.7]
    assert float(js_divergence(p, q)) == pytest.approx(math.log(2))
    assert float(js_divergence(p, q, base=2)) == pytest.approx(1.0)
    assert float(kl_divergence(p, q)) == math.inf


# --- mutual information and conditional entropy ---------------------------------------------------

joints = st.integers(2, 4).flatmap(
    lambda n: st.lists(st.floats(0.0, 1.0), min_size=n * 3, max_size=n * 3).filter(lambda xs: sum(xs) > 0.1).map(
        lambda xs: [[v / sum(xs) for v in xs[i * 3 : (i + 1) * 3]] for i in range(n)]
    )
)


def h(ps):
    return -math.fsum(p * math.log(p) for p in ps if p > 0)


@settings(max_examples=60, deadline=None)
@given(joints)
def test_mutual_information_three_ways_with_explicit_sums(joint):
    px = [math.fsum(row) for row in joint]
    py = [math.fsum(joint[i][j] for i in range(len(joint))) for j in range(3)]
    h_x_given_y = -math.fsum(joint[i][j] * math.log(joint[i][j] / py[j]) for i in range(len(joint)) for j in range(3) if joint[i][j] > 0)
    h_y_given_x = -math.fsum(joint[i][j] * math.log(joint[i][j] / px[i]) for i in range(len(joint)) for j in range(3) if joint[i][j] > 0)
    assert conditional_entropy(joint, given_axis=1) == pytest.approx(h_x_given_y, abs=1e-9)
    assert conditional_entropy(joint, given_axis=0) == pytest.approx(h_y_given_x, abs=1e-9)
    mi = mutual_information(joint)
    assert mi == pytest.approx(h(px) - h_x_given_y, abs=1e-9)  # I = H(X) − H(X ∣ Y)
    assert mi == pytest.approx(h(py) - h_y_given_x, abs=1e-9)  # … = H(Y) − H(Y ∣ X)
    assert mi >= -1e-12 and h_x_given_y <= h(px) + 1e-9


def test_mutual_information_is_zero_for_a_product_table_and_the_entropy_for_a_copy():
    px, py = [0.2, 0.5, 0.3], [0.6, 0.4]
    assert mutual_information([[a * b for b in py] for a in px]) == pytest.approx(0.0, abs=1e-12)
    copy = np.diag([0.25, 0.25, 0.5])
    assert mutual_information(copy) == pytest.approx(h([0.25, 0.25, 0.5]))
    assert conditional_entropy(copy, given_axis=1) == pytest.approx(0.0, abs=1e-12)
    assert mutual_information(copy, base=2) == pytest.approx(1.5)


def test_joint_tables_are_checked():
    with pytest.raises(ValueError):
        mutual_information([0.5, 0.5])
    with pytest.raises(ValueError):
        conditional_entropy([[0.5, 0.6], [0.0, 0.0]], given_axis=1)
    with pytest.raises(ValueError):
        conditional_entropy([[0.5, 0.5]], given_axis=2)


def test_infonce_bound_is_log_n_minus_the_loss_and_refuses_nonsense():
    assert infonce_bound(0.0, 16) == pytest.approx(math.log(16))
    assert infonce_bound(math.log(16), 16) == pytest.approx(0.0)  # chance level: no information shown
    with pytest.raises(ValueError):
        infonce_bound(-0.1, 4)
    with pytest.raises(ValueError):
        infonce_bound(0.1, 0)


# --- the Wasserstein distance on the line ---------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(st.lists(st.floats(-10, 10), min_size=n, max_size=n), st.lists(st.floats(-10, 10), min_size=n, max_size=n))))
def test_wasserstein_of_equal_samples_is_the_best_matching_found_by_brute_force(uv):
    u, v = uv
    best = min(math.fsum(abs(a - b) for a, b in zip(u, perm)) / len(u) for perm in itertools.permutations(v))
    assert wasserstein_1d(u, v) == pytest.approx(best, abs=1e-9)
    assert wasserstein_1d(u, v) == pytest.approx(math.fsum(abs(a - b) for a, b in zip(sorted(u), sorted(v))) / len(u), abs=1e-9)


def test_wasserstein_weights_count_like_repeated_samples():
    u, v = [0.0, 2.0, 5.0], [1.0, 4.0]
    assert wasserstein_1d(u, v, [1, 2, 1], [3, 1]) == pytest.approx(wasserstein_1d([0, 2, 2, 5], [1, 1, 1, 4]))


def test_wasserstein_of_two_point_masses_is_their_distance():
    for theta in (3.0, 0.5, 1e-3, -2.0):
        assert wasserstein_1d([0.0], [theta]) == pytest.approx(abs(theta))
    assert wasserstein_1d([1.0, 1.0], [1.0]) == 0.0


def test_the_quantile_coupling_has_the_marginals_and_the_smallest_cost():
    x, p = [0.0, 1.0, 3.0], [0.2, 0.5, 0.3]
    y, q = [0.5, 2.0], [0.6, 0.4]
    g = quantile_coupling(p, q)
    assert g.sum(axis=1) == pytest.approx(p) and g.sum(axis=0) == pytest.approx(q)
    w = wasserstein_1d(x, y, p, q)
    assert transport_cost(g, x, y) == pytest.approx(w)
    assert transport_cost(np.outer(p, q), x, y) >= w  # moving mass independently costs more
    rng = np.random.default_rng(0)
    for _ in range(200):  # random couplings with these marginals: 2 × 3 tables with one free cell
        t = rng.uniform(0, min(p[0], q[0]))
        r = rng.uniform(max(0.0, q[0] - t - p[2]), min(p[1], q[0] - t))
        other = np.array([[t, p[0] - t], [r, p[1] - r], [q[0] - t - r, p[2] - (q[0] - t - r)]])
        if np.all(other >= -1e-12):
            assert transport_cost(np.maximum(other, 0), x, y) >= w - 1e-9
