"""Each snippet of the information-theory page prints the facts its entry promises, checked independently."""

import itertools
import math
import re

import numpy as np

import html_output as ho
from conftest import run_snippet, visible_text
from html_output import after


def H(p, base=math.e):
    return -sum(x * math.log(x, base) for x in p if x > 0)


def CE(p, q, base=math.e):
    return -sum(a * math.log(b, base) for a, b in zip(p, q) if a > 0)


def test_loss_is_a_weighted_sum_of_named_losses():
    text = visible_text(run_snippet("loss_weighted_sum"))
    per_token = after(text, "per-token -\\log p(\\text{target})", 4)
    nll = after(text, "\\mathcal{L}_{\\text{NLL}} (their mean)")[0]
    assert abs(nll - sum(per_token) / 4) < 1e-4
    importance = after(text, "summed over the batch)", 3)
    assert abs(sum(importance) - 4) < 1e-3  # each token's gates sum to 1
    mean = sum(importance) / 3
    cv2 = (sum((v - mean) ** 2 for v in importance) / 3) / mean**2
    aux = after(text, "\\operatorname{CV}(\\text{importance})^2")[0]
    assert abs(aux - cv2) < 1e-3
    for a in (0, 0.01, 0.1, 1):
        row = after(text, f"\\alpha = {a:g} ", 3)
        assert row[0] == nll and abs(row[1] - a * aux) < 1e-4 and abs(row[2] - (nll + a * aux)) < 2e-4


def test_entropy_in_nats_and_bits_and_as_the_floor():
    text = visible_text(run_snippet("entropy_bits_and_nats"))
    assert "fair coin (0.5, 0.5) 0.693 1.000" in text
    assert f"biased coin (0.9, 0.1) {H([0.9, 0.1]):.3f} {H([0.9, 0.1], 2):.3f}" in text
    assert "fair four-sided die 1.386 2.000" in text
    assert "certain outcome (1, 0, 0) 0.000 0.000" in text
    assert f"uniform over 50,257 tokens {math.log(50257):.3f} {math.log2(50257):.3f}" in text
    P = [0.7, 0.2, 0.1]
    floor = H(P, 2)
    for label, q in [("Q = P", P), ("Q = (0.4, 0.4, 0.2)", [0.4, 0.4, 0.2]), ("Q uniform", [1 / 3] * 3)]:
        ce, fl = after(text, label + " ", 2)
        assert ce == round(CE(P, q, 2), 4) and fl == round(floor, 4) and ce >= fl
    assert after(text, "Q = P ", 2)[0] == after(text, "Q = P ", 2)[1]


def _huffman_average(p: list[float]) -> float:
    """Average codeword length of a Huffman code, by the textbook rule: the expected
    length is the sum of the probabilities of every merged node (each merge adds a bit)."""
    nodes, total = sorted(p), 0.0
    while len(nodes) > 1:
        a, b = nodes.pop(0), nodes.pop(0)
        total += a + b
        nodes = sorted(nodes + [a + b])
    return total


def test_entropy_is_a_lower_bound_that_block_codes_approach():
    out = run_snippet("entropy_bits_and_nats")
    t = next(t for t in ho.tables(out) if t.header[0].startswith("coding the"))
    h = H([0.9, 0.1], 2)
    for label, cells in t.rows.items():
        n = int(re.search(r"blocks of (\d+)", label).group(1))
        rate, low, high = ho.nums(cells)
        blocks = [math.prod(c) for c in itertools.product([0.9, 0.1], repeat=n)]
        assert ho.close(rate, _huffman_average(blocks) / n, 3)
        assert ho.close(low, h, 3) and ho.close(high, h + 1 / n, 3)
        assert h <= rate + 5e-4 and rate < h + 1 / n
    assert ho.nums(t.rows["blocks of 1 flip (2 codewords)"])[0] == 1.0  # a whole bit per flip
    assert "codeword lengths [1, 1]" in t.caption


def test_cross_entropy_with_one_hot_target_is_the_nll():
    text = visible_text(run_snippet("cross_entropy_is_nll"))
    z = [2.0, 0.5, -1.0, 1.0]
    nll = math.log(sum(math.exp(v) for v in z)) - z[3]
    for label in ("-\\sum_i p_i \\log q_i", "-\\log q_{\\text{target}}", "- z_{\\text{target}}"):
        assert after(text, label) == [round(nll, 4)]
    # the gradient row is the model's q minus the one-hot target, not the target: central differences
    def nll_at(v):
        return math.log(sum(math.exp(x) for x in v)) - v[3]

    h = 1e-6
    numeric = [(nll_at(z[:i] + [z[i] + h] + z[i + 1 :]) - nll_at(z[:i] + [z[i] - h] + z[i + 1 :])) / (2 * h) for i in range(4)]
    assert after(text, "\\operatorname{Softmax}(\\mathbf{z}) - \\mathbf{e}_4", 4) == [round(g, 4) for g in numeric]
    rows = re.findall(r"position t = \d ([\d.]+) ([\d.]+)", text)
    assert len(rows) == 5
    for q, loss in rows:
        assert abs(float(loss) + math.log(float(q))) < 5e-4
    mean = after(text, "mean over the 5 positions")[0]
    assert abs(mean - sum(float(r[1]) for r in rows) / 5) < 2e-4
    assert after(text, "-\\frac{1}{5}\\log of that likelihood")[0] == mean


def test_kl_decomposes_cross_entropy_is_asymmetric_and_non_negative():
    text = visible_text(run_snippet("kl_divergence_asymmetry"))
    P, Q = [0.7, 0.2, 0.1], [0.4, 0.4, 0.2]
    kl = lambda a, b, base=math.e: sum(x * math.log(x / y, base) for x, y in zip(a, b))  # noqa: E731
    assert after(text, "\\operatorname{KL}(P \\,\\Vert\\, Q) ", 2) == [round(kl(P, Q), 4), round(kl(P, Q, 2), 4)]
    assert after(text, "\\operatorname{KL}(Q \\,\\Vert\\, P) ", 2) == [round(kl(Q, P), 4), round(kl(Q, P, 2), 4)]
    assert after(text, "H(P, Q) ", 2) == after(text, "H(P) + \\operatorname{KL}(P \\,\\Vert\\, Q) ", 2)
    assert after(text, "H(P, Q) ", 2) == [round(CE(P, Q), 4), round(CE(P, Q, 2), 4)]
    assert after(text, "\\operatorname{KL}(P \\,\\Vert\\, P) ", 2) == [0.0, 0.0]
    assert after(text, "smallest KL")[0] > 0
    ref = [0.5, 0.3, 0.15, 0.05]
    for label, pi, reward in [("mildly tuned", [0.4, 0.3, 0.2, 0.1], 1.0), ("collapsed", [0.01, 0.01, 0.01, 0.97], 1.2)]:
        row = after(text.split("higher reward")[1], label, 7)[-3:]  # 4 label numbers, then the row
        assert row == [reward, round(kl(pi, ref), 3), round(reward - 0.1 * kl(pi, ref), 3)]
    mild = after(text.split("higher reward")[1], "mildly tuned", 7)[-1]
    collapsed = after(text.split("higher reward")[1], "collapsed", 7)[-1]
    assert mild > collapsed  # the penalty reverses the reward ranking


def test_perplexity_depends_on_tokenizer_but_bits_per_byte_does_not():
    text = visible_text(run_snippet("perplexity_bits_per_byte"))
    p_a = [0.2, 0.05, 0.1, 0.3, 0.6, 0.08]
    nll = [-math.log(p) for p in p_a]
    ppl_a = math.exp(sum(nll) / 6)
    ppl_b = math.exp(sum(nll) / 9)  # same total over 9 tokens
    bpb = sum(nll) / math.log(2) / len("the cat sat on the mat")
    a = re.search(r"A: 6 word tokens 6 ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text).groups()
    b = re.search(r"B: 9 tokens, same model 9 ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text).groups()
    c = re.search(r"C: word tokens, better model 6 ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)", text).groups()
    assert float(a[0]) == float(b[0]) == round(sum(nll), 3)
    assert float(a[2]) == round(ppl_a, 3) and float(b[2]) == round(ppl_b, 3)
    assert float(a[3]) == float(b[3]) == round(bpb, 3)
    # the better model has lower perplexity and bits per byte than A, yet B's perplexity looks better still
    assert float(c[2]) < float(a[2]) and float(c[3]) < float(a[3])
    assert float(b[2]) < float(c[2]) and float(b[3]) > float(c[3])
    assert "22-byte" in text and "perplexity 50257" in text


from html_output import close, fact, facts, num, nums, tables  # noqa: E402


def jsd(p, q):
    m = [(a + b) / 2 for a, b in zip(p, q)]
    half = lambda x: math.fsum(a * math.log(a / c) for a, c in zip(x, m) if a > 0)  # noqa: E731
    return 0.5 * half(p) + 0.5 * half(q)


def test_js_divergence_symmetric_bounded_not_a_metric_and_the_gan_value():
    html = run_snippet("js_divergence_bounded")
    divergences, gan = tables(html)
    cases = [([0.5, 0.5, 0.0], [0.25, 0.5, 0.25]), ([0.9, 0.1, 0.0], [0.1, 0.1, 0.8]), ([1.0, 0.0, 0.0], [0.0, 0.5, 0.5])]
    for cells, (p, q) in zip(divergences.rows.values(), cases):
        kl_pq, kl_qp, js_pq, js_qp, bits = cells
        assert close(num(js_pq), jsd(p, q), 4) and close(num(js_qp), jsd(p, q), 4)  # symmetric
        assert close(num(bits), jsd(p, q) / math.log(2), 4) and num(js_pq) <= math.log(2) + 1e-4
        assert num(kl_qp) == math.inf  # Q puts mass where P has none
    assert num(list(divergences.rows.values())[2][2]) == round(math.log(2), 4)  # nothing shared: log 2
    assert num(list(divergences.rows.values())[2][0]) == math.inf
    assert close(num(facts(html)["\\mathrm{JSD}(P \\Vert R)"]), math.log(2), 4)
    through = jsd([1, 0], [0.5, 0.5]) + jsd([0.5, 0.5], [0, 1])
    assert close(num(fact(html, ": smaller")), through, 4) and through < math.log(2)
    assert close(num(fact(html, ": larger")), 2 * math.sqrt(jsd([1, 0], [0.5, 0.5])), 4)
    assert 2 * math.sqrt(jsd([1, 0], [0.5, 0.5])) > math.sqrt(math.log(2))
    p_data = [0.1, 0.4, 0.4, 0.1]
    for cells, p_g in zip(gan.rows.values(), ([0.4, 0.1, 0.1, 0.4], [0.2, 0.3, 0.3, 0.2], p_data)):
        js, value, formula = nums(cells)
        d_star = [a / (a + b) for a, b in zip(p_data, p_g)]
        v = math.fsum(a * math.log(d) + b * math.log(1 - d) for a, b, d in zip(p_data, p_g, d_star))
        assert close(js, jsd(p_data, p_g), 4) and close(value, v, 4) and close(formula, 2 * jsd(p_data, p_g) - math.log(4), 4)



def test_mutual_information_three_ways_independence_and_the_infonce_bound():
    html = run_snippet("mutual_information_three_ways")
    joint = [[0.30, 0.05], [0.10, 0.55]]
    px, py = [sum(r) for r in joint], [joint[0][j] + joint[1][j] for j in range(2)]
    h_x_given_y = -math.fsum(joint[i][j] * math.log2(joint[i][j] / py[j]) for i in range(2) for j in range(2))
    mi = math.fsum(joint[i][j] * math.log2(joint[i][j] / (px[i] * py[j])) for i in range(2) for j in range(2))
    assert close(num(fact(html, "uncertainty about the weather")), H(px, 2), 4)
    assert close(num(fact(html, "what is left")), h_x_given_y, 4)
    for label in ("= H(X) - H(X \\mid Y)", "the other way round", "p(x)\\,p(y)\\big)"):
        assert close(num(fact(html, label)), mi, 4)
    assert num(fact(html, "for p(x, y) = p(x)")) == 0.0
    assert close(num(fact(html, "equal to H(X)")), H(px, 2), 4)
    (t,) = tables(html)
    bounds = []
    for label, cells in t.rows.items():
        n = int(label.split("=")[1].split()[0])
        log_n, loss, bound, true = nums(cells)
        assert close(log_n, math.log(n), 3) and close(true, math.log(8), 3)
        assert close(bound, log_n - loss, 2)
        # with an encoder that keeps the symbol and a small τ, a row's loss is about log(number of
        # candidates with the same symbol): 𝔼 log(1 + Binomial(N − 1, 1/8))
        expected = math.fsum(math.comb(n - 1, c) * (1 / 8) ** c * (7 / 8) ** (n - 1 - c) * math.log(1 + c) for c in range(n))
        assert abs(loss - expected) < 0.08
        assert bound <= min(log_n, math.log(8)) + 0.02
        bounds.append(bound)
    assert bounds == sorted(bounds)  # more candidates, a tighter bound



def test_wasserstein_finite_where_kl_and_js_saturate_couplings_and_sorted_samples():
    html = run_snippet("wasserstein_disjoint_supports")
    shifts, plan = tables(html)
    for label, cells in shifts.rows.items():
        theta = num(label.split("=")[1])
        kl, js, w = nums(cells)
        if theta == 0:
            assert kl == js == w == 0
        else:  # no outcome in common: KL infinite, JS at its ceiling, W the distance moved
            assert kl == math.inf and close(js, math.log(2), 4) and close(w, theta, 4)
    # the plan: P = (0.5, 0.5) on (0, 1), Q = (0.25, 0.75) on (0.5, 3); brute force over the
    # couplings, which have one free cell t = γ(0 → 0.5) in [0, 0.25]
    cost = lambda t: t * 0.5 + (0.5 - t) * 3.0 + (0.25 - t) * 0.5 + (0.25 + t) * 2.0  # noqa: E731
    best = min(cost(k / 10_000 * 0.25) for k in range(10_001))
    g = [nums(cells) for cells in plan.rows.values()]
    assert close(g[0][0] + g[0][1], 0.5, 3) and close(g[0][0] + g[1][0], 0.25, 3) and close(g[1][0], 0.0, 3)
    assert close(num(fact(html, "of that plan")), best, 4) and close(num(fact(html, "from the two CDFs")), best, 4)
    independent = math.fsum(a * b * abs(x - y) for x, a in ((0, 0.5), (1, 0.5)) for y, b in ((0.5, 0.25), (3, 0.75)))
    assert close(num(fact(html, "independently")), independent, 4) and independent > best
    rng = np.random.default_rng(0)  # the snippet's draws, recomputed: the mean gap of the sorted samples
    u, v = rng.standard_normal(1000), 1.0 + rng.standard_normal(1000)
    gap = math.fsum(abs(a - b) for a, b in zip(sorted(u), sorted(v))) / 1000
    assert close(num(fact(html, "1,000 draws")), gap, 4) and abs(gap - 1.0) < 0.1
