"""Each snippet of the probability page prints the facts its entry promises.

Where possible the printed numbers are checked against an independent computation:
closed forms (counts, fractions, math.comb, math.erf) or the statistics module.
"""

from __future__ import annotations

import math
import re
import statistics as pystats
from fractions import Fraction

import pytest
from conftest import run_snippet, visible_text
from html_output import fact, num, numbers, tables


# --- probability-model --------------------------------------------------------------------


def test_probability_model_one_step_raises_the_target_and_lowers_the_rest():
    html = run_snippet("probability_model_one_step")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    before, after = ([num(c) for c in cells] for _, cells in rows)
    cat = 1  # vocab = the, cat, dog, sat, mat
    assert after[cat] > before[cat]
    assert all(a < b for i, (a, b) in enumerate(zip(after, before)) if i != cat)
    # loss = −log P(cat | the), before and after, from the printed probabilities
    assert num(fact(html, "before the step")) == pytest.approx(-math.log(before[cat]), abs=5e-3)
    assert num(fact(html, "after the step")) == pytest.approx(-math.log(after[cat]), abs=5e-3)
    assert num(fact(html, "after the step")) < num(fact(html, "before the step"))
    # the gradient of −log softmax(z)_cat is softmax(z) − onehot(cat)
    grad = numbers(fact(html, "gradient"))
    expected = [p - (1.0 if i == cat else 0.0) for i, p in enumerate(before)]
    assert all(abs(g - e) <= 2e-3 for g, e in zip(grad, expected))
    assert fact(html, "rows of") == "1"
    assert fact(html, "sums to") == "[1.000, 1.000]"


# --- next-token ----------------------------------------------------------------------------


def test_next_token_distribution_is_a_full_row_over_the_vocabulary():
    html = run_snippet("next_token_distribution")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    assert len(rows) == 7
    for _, cells in rows:
        assert len(cells) == 7  # |V| = 7
        assert abs(sum(num(c) for c in cells) - 1) < 5e-3
    # add-one smoothed bigram counts from the corpus, computed by hand:
    # after <s>: "the" 3 times out of 3 sentences -> (3 + 1) / (3 + 7)
    assert rows[0][0] == "<s>" and num(rows[0][1][0]) == round(4 / 10, 3)
    # after "on": "the" twice -> 3 / 9; after "the": cat 2, dog 1, mat 2 -> cat 3 / 12
    assert rows[4][0] == "<s> the cat sat on" and num(rows[4][1][0]) == round(3 / 9, 3)
    assert num(rows[1][1][1]) == round(3 / 12, 3)
    assert fact(html, "most likely token") == "the"
    sampled = fact(html, "sampled").split()
    assert len(sampled) == 10 and set(sampled) <= {"the", "cat", "dog", "sat", "on", "mat", "."}
    assert "7 × 7" in fact(html, "table shape")


# --- chain-rule-probability ------------------------------------------------------------------


def test_chain_rule_product_equals_exp_of_log_sum_and_rebuilds_a_joint():
    html = run_snippet("chain_rule_sentence_probability")
    first, joint = (list(t.rows.items()) for t in tables(html))
    # the factors by hand from the corpus counts (add-one smoothing, |V| = 7)
    exact = [Fraction(4, 10), Fraction(3, 12), Fraction(3, 9), Fraction(3, 10), Fraction(3, 9), Fraction(3, 12), Fraction(3, 9)]
    for (_, cells), f in zip(first, exact):
        assert num(cells[0]) == round(float(f), 4)
        assert num(cells[1]) == round(math.log(f), 4)
    product = float(math.prod(exact))
    assert fact(html, "product \\prod") == f"{product:.4e}"
    assert num(fact(html, "sum of logs \\sum")) == round(math.log(product), 4)
    assert fact(html, "of the sum of logs") == f"{product:.4e}"
    # exact: every row's product of conditionals equals the joint entry
    assert len(joint) == 8
    assert abs(sum(num(c[0]) for _, c in joint) - 1) < 1e-3
    for _, cells in joint:
        assert cells[0] == cells[4]
    assert float(fact(html, "largest gap")) < 1e-15
    # 300 sentences: the product underflows, the log sum is 300 times the sentence's
    assert fact(html, "float64 product") == "0.0"
    assert num(fact(html, "their log-probability")) == round(300 * math.log(product), 2)
    assert fact(html, "number of tokens") == "2100"


# --- expectation -----------------------------------------------------------------------------


def test_expectation_rules_on_dice():
    html = run_snippet("expectation_rules")
    rules, means = (list(t.rows.items()) for t in tables(html))
    exact = {label: num(cells[0]) for label, cells in rules}
    sample = {label: num(cells[2]) for label, cells in rules}
    keys = list(exact)
    assert exact[keys[0]] == 3.5
    assert exact[keys[1]] == 2 * 3.5 + 3 * 3.5
    assert exact[keys[2]] == 3.5 * 3.5
    assert exact[keys[3]] == round(91 / 6, 4)  # E[X²] for a die
    for k in keys[:4]:
        assert abs(sample[k] - exact[k]) < 0.05 * exact[k]
    # the product rule predicts 12.25 for Y = X, and the samples clearly disagree
    assert "12.2500 ✗" in rules[3][1][1] and "12.2500 ✓" in rules[2][1][1]
    assert abs(sample[keys[3]] - 12.25) > 2
    # dependent but uncorrelated, U = X − 3.5 and V = U²: E[U³] = 0 by symmetry of the faces, and E[U] = 0,
    # so the rule holds; the sample mean of U³ (standard error √(E[U⁶] / n) ≈ 0.03) is near 0
    u = [f - 3.5 for f in range(1, 7)]
    assert exact[keys[4]] == 0 == sum(v**3 for v in u) and rules[4][1][1].endswith("= 0.0000 ✓")
    assert abs(sample[keys[4]]) < 4 * math.sqrt(sum(v**6 for v in u) / 6 / 100_000)
    (_, row), = means
    assert len(row) == 5 and abs(num(row[-1]) - 3.5) < 0.01


# --- variance --------------------------------------------------------------------------------


def test_variance_rules_on_samples():
    html = run_snippet("variance_rules")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    got = [(num(c[0]), numbers(c[1])[-1], num(c[2])) for _, c in rows]
    exact = [4, 4 + 12**2 / 12, 16, 36, 4]  # N(0, 2²), U(0, 12), X + X, 3X, X + 5
    for (sample, _, shown_exact), e in zip(got, exact):
        assert shown_exact == e
        assert abs(sample - e) < 0.02 * e
    assert got[0][1] == got[0][0]  # E[X²] − E[X]² is the same number
    assert abs(got[2][1] - 8) < 0.1 and abs(got[2][0] - 16) < 0.4  # "variances add" fails for X + X
    assert got[3][1] == got[3][0]  # Var(3X) = 9 Var(X) exactly, sample by sample


def test_variance_of_a_dot_product_tracks_d_k():
    html = run_snippet("variance_dot_product")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    widths = [int(re.search(r"= (\d+)", label).group(1)) for label, _ in rows]
    assert widths == [16, 64, 256]
    for d, (_, cells) in zip(widths, rows):
        var, std, root, scaled = (num(c) for c in cells)
        assert abs(var - d) < 0.05 * d
        assert abs(std - math.sqrt(d)) < 0.03 * math.sqrt(d)
        assert root == round(math.sqrt(d), 2)
        assert abs(scaled - 1) < 0.05


# --- standard-deviation ----------------------------------------------------------------------


def test_standard_deviation_is_in_the_units_of_the_data():
    html = run_snippet("standard_deviation_units")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    data = numbers(fact(html, "the data"))
    ms, s = rows[0][1], rows[1][1]
    assert ms[0] == f"{pystats.mean(data):.1f} ms"
    assert ms[1] == f"{pystats.pvariance(data):.1f} ms²"
    assert ms[2] == f"{pystats.pstdev(data):.1f} ms"
    assert s[2] == f"{pystats.pstdev(data) / 1000:.4f} s"
    assert s[1] == f"{pystats.pvariance(data) / 1000**2:.8f} s²"
    assert fact(html, "ddof = 0") == f"{pystats.pstdev(data):.2f} ms"
    assert fact(html, "ddof = 1") == f"{pystats.stdev(data):.2f} ms"
    mu, sd = pystats.mean(data), pystats.pstdev(data)
    inside = sum(abs(x - mu) <= sd for x in data)
    assert fact(html, "values inside") == f"{inside} of {len(data)}"


# --- mean ------------------------------------------------------------------------------------


def test_layernorm_mean_is_per_token_not_across_the_batch():
    html = run_snippet("mean_layernorm_axis")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    tokens = [[num(c) for c in cells[:4]] for _, cells in rows[:3]]
    mu_token = [num(cells[4]) for _, cells in rows[:3]]
    batch = [num(c) for c in rows[3][1][:4]]
    assert rows[3][1][4] == ""
    for row, mu in zip(tokens, mu_token):
        assert abs(sum(row) / 4 - mu) <= 0.011  # printed values are rounded to 0.01
    for j in range(4):
        assert abs(sum(r[j] for r in tokens) / 3 - batch[j]) <= 0.011
    assert len(mu_token) != len(batch)
    assert fact(html, "mean of each token") == "[0.00, 0.00, 0.00]"
    assert fact(html, "variance of each token") == "[1.00, 1.00, 1.00]"
    assert any(abs(v) > 0.1 for v in numbers(fact(html, "mean of each feature")))
    assert fact(html, "LayerNorm output change") == "False"
    assert fact(html, "batch mean change") == "True"


# --- coefficient-of-variation ----------------------------------------------------------------


def test_cv_of_balanced_and_unbalanced_expert_loads():
    html = run_snippet("coefficient_of_variation_experts")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    by = {label: cells for label, cells in rows}
    assert by["balanced"][3] == "0.000" and by["balanced"][4] == "0.0000"
    cv = pystats.pstdev([70, 10, 10, 10]) / pystats.mean([70, 10, 10, 10])
    assert by["unbalanced"][3] == f"{cv:.3f}"
    assert by["unbalanced"][4] == f"{0.1 * cv**2:.4f}"
    assert by["unbalanced, counted ×10"][3] == by["unbalanced"][3]  # no units
    assert num(by["unbalanced, counted ×10"][2]) == round(10 * pystats.pstdev([70, 10, 10, 10]), 2)
    importance = numbers(by["router importance, 16 tokens"][0])
    assert len(importance) == 4 and abs(sum(importance) - 16) < 0.2  # each token's gates sum to 1
    assert 0 < num(by["router importance, 16 tokens"][3]) < cv


# --- normal-distribution ---------------------------------------------------------------------


def test_normal_samples_mean_std_shares_and_density():
    html = run_snippet("normal_distribution_samples")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    (m0, s0), (m1, s1) = ([num(c) for c in cells] for _, cells in rows)
    assert abs(m0) < 0.01 and abs(s0 - 1) < 0.01
    assert abs(m1 - 3) < 0.01 and abs(s1 - 0.5) < 0.01
    shares = numbers(fact(html, "share of draws"))
    for k, share in zip((1, 2, 3), shares):
        assert abs(share - math.erf(k / math.sqrt(2))) < 0.005
    assert num(fact(html, "density at the centre")) == round(1 / math.sqrt(2 * math.pi), 3)
    assert numbers(fact(html, "density one and two")) == [round(math.exp(-k * k / 2) / math.sqrt(2 * math.pi), 3) for k in (1, 2)]
    assert '<figure class="plot">' in html and 'role="img"' in html and "peaking at 0" in html


def test_noisy_gating_picks_the_two_largest_noisy_logits():
    html = run_snippet("normal_noisy_gating")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    assert [label for label, _ in rows] == ["no noise"] + [f"draw {i}" for i in range(1, 6)]
    chosen_sets = []
    for _, cells in rows:
        logits = [num(c) for c in cells[:4]]
        top2 = sorted(sorted(range(4), key=lambda i: -logits[i])[:2])
        chosen = [int(e) - 1 for e in cells[4].split(", ")]
        assert chosen == top2
        chosen_sets.append(tuple(chosen))
    assert any(c != chosen_sets[0] for c in chosen_sets[1:])  # noise changes the routing


# --- maximum-likelihood ----------------------------------------------------------------------


def test_coin_likelihood_peaks_at_the_observed_frequency():
    html = run_snippet("maximum_likelihood_coin")
    (rows,) = (list(t.rows.items()) for t in tables(html))
    ps = [num(re.search(r"p = ([\d.]+)", label).group(1)) for label, _ in rows]
    assert ps == [i / 10 for i in range(1, 10)]
    lik = {}
    for p, (_, cells) in zip(ps, rows):
        exact = math.comb(10, 7) * p**7 * (1 - p) ** 3
        assert num(cells[0]) == round(exact, 4)
        assert num(cells[1]) == round(math.log(exact), 4)
        lik[p] = exact
    assert max(lik, key=lik.get) == 0.7
    assert fact(html, "largest likelihood (on a grid") == "0.700"
    assert fact(html, "observed frequency") == "0.700"
    assert num(fact(html, "the largest likelihood,")) == round(lik[0.7], 3)
    text = visible_text(html)
    assert "peaks at p = 0.7" in text and '<figure class="plot">' in html


# -- random variables and the empirical distribution (issue 24) ---------------------------------


def test_random_variable_die_probabilities_and_observed_fractions():
    import numpy as np

    out = run_snippet("random_variable_die")
    t, continuous = tables(out)
    exact, observed = list(t.rows.values())
    assert all(math.isclose(num(c), 1 / 6, abs_tol=5e-4) for c in exact)
    rolls = np.random.default_rng(3).integers(1, 7, size=600).tolist()
    assert [num(c) for c in observed] == [round(rolls.count(v) / 600, 3) for v in range(1, 7)]
    assert math.isclose(num(fact(out, "P(X \\le 2)")), float(Fraction(2, 6)), abs_tol=5e-4)
    assert num(fact(out, "\\mathbb{E}[X]")) == 3.5
    assert math.isclose(num(fact(out, "600 observed")), pystats.fmean(rolls), abs_tol=5e-4)
    # the continuous X ~ N(0, 0.1²), by the error function: P(|X| ≤ h) = erf(h / (σ √2)), shrinking to 0,
    # while P / 2h tends to the density at 0, 1 / (σ √(2π)) ≈ 3.99, which is no probability
    sigma = 0.1
    for h, area, per_length in continuous.rows.values():
        exact_area = math.erf(float(h) / (sigma * math.sqrt(2)))
        assert num(area) == float(f"{exact_area:.2e}")
        assert math.isclose(num(per_length), exact_area / (2 * float(h)), abs_tol=5e-5)
    assert num(continuous.rows["2"][1]) < 0.004
    density = 1 / (sigma * math.sqrt(2 * math.pi))
    assert num(fact(out, "the density at the mean")) == round(density, 4) and density > 1
    assert num(fact(out, "its total area")) == round(math.erf(10 / math.sqrt(2)), 4) == 1.0
    # the mixed ReLU(Z): exactly 0 whenever Z ≤ 0, so about half the values, though X takes real values
    z = np.random.default_rng(4).normal(size=10_000)
    zeros = num(fact(out, "fraction of 10,000 values exactly 0"))
    assert zeros == round(float((z <= 0).mean()), 4) and abs(zeros - 0.5) < 3 * math.sqrt(0.25 / 10_000)


def test_empirical_distribution_expected_loss_is_the_mean_loss():
    import numpy as np

    out = run_snippet("empirical_distribution_expected_loss")
    (t,) = tables(out)
    p_data_row, p_hat_row = list(t.rows.values())
    p_data = [0.1, 0.1, 0.1, 0.1, 0.2, 0.4]
    assert [num(c) for c in p_data_row] == p_data
    train = np.random.default_rng(7).choice(np.arange(1.0, 7.0), size=20, p=p_data).tolist()
    counts = [train.count(float(v)) for v in range(1, 7)]
    assert [num(c) for c in p_hat_row] == [round(c / 20, 2) for c in counts]
    c = pystats.fmean(train)  # least squares fits the constant model to the training mean
    assert math.isclose(num(fact(out, "fitted model c")), c, abs_tol=5e-5)
    mean_loss = pystats.fmean((y - c) ** 2 for y in train)
    assert math.isclose(num(fact(out, "\\sum_y \\hat{p}")), mean_loss, abs_tol=5e-5)
    assert math.isclose(num(fact(out, "mean loss over the training set")), mean_loss, abs_tol=5e-5)
    true_risk = sum(p * (v - c) ** 2 for p, v in zip(p_data, range(1, 7)))
    assert math.isclose(num(fact(out, "the expected loss on new data")), true_risk, abs_tol=5e-5)
    # over many training sets the gap is systematic: with σ² = Var(y) under p_data and m = 20, the training loss
    # averages σ²(m − 1)/m, the loss on new data σ²(1 + 1/m), so the gap averages 2σ²/m
    m = 20
    mu = sum(p * v for p, v in zip(p_data, range(1, 7)))
    var = sum(p * (v - mu) ** 2 for p, v in zip(p_data, range(1, 7)))
    assert num(fact(out, "gap's expected size")) == round(2 * var / m, 4)
    assert abs(num(fact(out, "mean training loss")) - var * (m - 1) / m) < 0.05  # about 4 standard errors
    assert abs(num(fact(out, "mean expected loss on new data")) - var * (1 + 1 / m)) < 0.05
    assert abs(num(fact(out, "mean gap, new data minus training")) - 2 * var / m) < 0.05
    assert 50 < num(fact(out, "training loss is the lower").rstrip("%")) < 100
    # this set's gap is mostly luck: the true risk minus the training loss, about four times the average gap
    assert num(fact(out, "this set's gap")) == round(true_risk - mean_loss, 4)
    assert 3.5 < (true_risk - mean_loss) / (2 * var / m) < 4.5
    lower, higher = (num(fact(out, k).rstrip("%")) for k in ("training loss is the lower", "it is the higher"))
    assert 0 < higher < 50 and lower + higher <= 100
