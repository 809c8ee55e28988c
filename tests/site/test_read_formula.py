"""The "Read a formula" page (read/) in the browser: readings of formulas from papers, the
choice between meanings, and the formula in the address as untrusted input."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from read_driver import load_formulas, read, score

from browser import watched_page
from conftest import KATEX_VERSION, ROOT

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(browser, base_url):
    """One page for the module; page errors, console errors and dialogs are collected."""
    context = browser.new_context()
    p = watched_page(context)
    yield p
    context.close()


def test_the_recogniser_runs_on_the_locked_katex_parse_api(page, base_url):
    # katex.__parse is KaTeX's internal parse tree, unversioned: pinned to the locked KaTeX.
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/katex"]["version"] == KATEX_VERSION
    read(page, base_url, "x")
    assert page.evaluate("() => [katex.version, typeof katex.__parse]") == [KATEX_VERSION, "function"]
    assert not page.problems, page.problems


def test_formulas_from_papers_are_read(page, base_url):
    result = score(page, base_url, load_formulas())
    assert result.failures == []
    assert result.recall >= 0.9, result.misses
    assert result.precision >= 0.8, result.wrong
    assert not page.problems, page.problems


def test_a_reading_marks_pieces_reads_aloud_and_links_entries(page, base_url):
    shown = read(page, base_url, r"\mathrm{softmax}(QK^T/\sqrt{d_k})V")
    assert {"softmax", "transpose", "square-root", "head-dims", "query-key-value"} <= set(shown["entries"])
    assert shown["marked"] >= 4 and "square root" in shown["speech"]
    row = page.locator('#reading [data-entry="square-root"]')
    href = row.locator("a").first.get_attribute("href")
    assert href and href.rstrip("/").endswith("entries/square-root") and not href.startswith("javascript")
    # hovering a row lights its piece; focusing its link does too
    piece = page.locator("#read-formula .read-piece[data-piece='%s']" % row.get_attribute("data-piece"))
    row.hover()
    assert "read-piece--active" in piece.first.get_attribute("class")
    page.mouse.move(0, 0)
    row.locator("a").first.focus()
    assert "read-piece--active" in piece.first.get_attribute("class")
    # the link leads to the entry
    page.goto(href)
    assert page.url.rstrip("/").endswith("entries/square-root") and page.locator(".entry-card").count() == 1


def test_ambiguous_letters_list_every_meaning_the_likely_one_first(page, base_url):
    def first_and_others(tex: str) -> tuple[str, list[str]]:
        read(page, base_url, tex)
        row = page.locator("#reading [data-entry]").first
        return row.get_attribute("data-entry"), row.locator("[data-candidate]").evaluate_all("els => els.map(e => e.dataset.candidate)")

    top, others = first_and_others(r"\sigma(x)")
    assert top == "sigmoid" and "standard-deviation" in others
    assert page.locator("#reading a", has_text="Letters with several meanings").count() == 1
    assert first_and_others(r"\sigma^2")[0] == "variance"
    assert first_and_others(r"\sum_{i} x_i")[0] == "summation"
    top, others = first_and_others(r"A \otimes B")
    assert top == "hadamard" or "hadamard" in others


def test_pasted_unicode_is_read_as_tex(page, base_url):
    shown = read(page, base_url, "ŷ = argmax_k p(k ∣ x; θ)")
    assert {"hat-and-tilde", "max-argmax", "conditional-probability", "parameters"} <= set(shown["entries"])
    shown = read(page, base_url, "θ̂ ∼ 𝒩(μ, σ²)")
    assert {"sampled-from", "normal-distribution", "mean"} <= set(shown["entries"])


PAYLOADS = [
    "<img src=x onerror=window.__xss=1>",
    '<script>window.__xss=1</script>',
    r"\href{javascript:window.__xss=1}{x}",
    r"\url{javascript:window.__xss=1}",
    r"\htmlData{foo=bar}{x}",
    r"\htmlClass{md-header}{x} \htmlId{read-input}{y} \htmlStyle{position:fixed}{z}",
    r"\includegraphics{x.png}",
    'x" onmouseover="window.__xss=1" data-x="',
    r"\foo<img src=x onerror=window.__xss=1>",
    r"\text{<b>bold</b>} \operatorname{<i>x</i>}",
]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_formula_in_the_address_never_becomes_markup(page, base_url, payload):
    page.problems.clear()
    read(page, base_url, payload)
    found = page.evaluate(
        """() => ({
          xss: window.__xss === 1,
          tags: [...document.querySelectorAll('#read-app img, #read-app script, #read-app b, #read-app i, #read-app iframe')].length,
          js: [...document.querySelectorAll('#read-app a')].filter(a => !/^https?:/.test(a.href)).length,
          data: document.querySelectorAll('#read-app [data-foo], #read-app [data-x]').length,
          ids: document.querySelectorAll('#read-app #read-input').length,
          classes: document.querySelectorAll('#read-app .md-header').length,
          styled: [...document.querySelectorAll('#read-formula [style*=fixed]')].length,
          suggest: [...document.querySelectorAll('#read-unplaced a')].map(a => a.getAttribute('href')),
        })"""
    )
    assert not found["xss"] and not page.problems, page.problems
    assert found["tags"] == found["js"] == found["data"] == found["ids"] == found["classes"] == found["styled"] == 0, found
    for href in found["suggest"]:
        assert href.startswith("https://") and "<" not in href and '"' not in href and " " not in href, href


def test_malformed_input_gets_a_clear_message_not_a_blank_page(page, base_url):
    cases = {
        r"\frac{1}{2": "could not read",
        r"\notacommand x + \alsonot y": "does not know",
        "x" * 10240: "at most 4000",
        r"x^{2": "could not read",
        r"\left( x": "could not read",
    }
    for tex, message in cases.items():
        shown = read(page, base_url, tex)
        assert message in shown["status"], (tex[:40], shown["status"])
    # a macro bomb stops at KaTeX's expansion limit, quickly
    bomb = r"\def\a{\b\b}\def\b{\c\c}\def\c{\d\d}\def\d{\e\e}\def\e{\f\f}\def\f{\g\g}\def\g{\h\h}\def\h{x\i}\def\i{xx}\a"
    page.goto(base_url + "read/?tex=" + quote(bomb * 3, safe=""))
    page.wait_for_function("() => document.getElementById('read-status').textContent.length > 0", timeout=5000)
    status = page.locator("#read-status").text_content()
    assert "Too many expansions" in status or "could not read" in status, status
    assert page.evaluate("() => 1 + 1") == 2  # the tab still answers
    assert not page.problems, page.problems


def test_typing_in_the_box_updates_the_address(page, base_url):
    page.goto(base_url + "read/")
    page.fill("#read-input", r"\nabla_\theta \mathcal{L}")
    page.click("#read-form button[type=submit]")
    page.wait_for_function("() => document.querySelectorAll('#reading [data-entry]').length > 0")
    assert "tex=%5Cnabla_%5Ctheta%20%5Cmathcal%7BL%7D" in page.url
    assert "gradient" in page.locator("#reading [data-entry]").evaluate_all("els => els.map(e => e.dataset.entry)")


def test_the_page_is_offline_accessible_and_says_so_without_javascript(browser, base_url):
    from browser import is_local
    from sweep import axe_source

    context = browser.new_context()
    p = context.new_page()
    requests = []
    p.on("request", lambda r: requests.append(r.url))
    read(p, base_url, r"\sigma(W\mathbf{x} + \mathbf{b}) \odot \hat{y} + \foo")
    assert requests and all(is_local(u) for u in requests), [u for u in requests if not is_local(u)]
    assert any(u.endswith("assets/katex/full/katex.min.js") for u in requests)
    p.evaluate(axe_source())
    violations = p.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations.map(v => v.id)")
    assert violations == []
    context.close()
    # KaTeX's script is loaded on this page only
    context = browser.new_context()
    p = context.new_page()
    p.goto(base_url + "transformer/")
    assert p.evaluate("() => typeof window.katex") == "undefined"
    context.close()
    # without JavaScript the page says what it needs
    context = browser.new_context(java_script_enabled=False)
    p = context.new_page()
    p.goto(base_url + "read/?tex=x")
    assert "needs JavaScript" in p.locator("noscript").first.evaluate("n => n.textContent")
    context.close()


def test_the_page_reads_as_the_reader_does_in_node(page, base_url):
    # the page runs the browser bundle on the page's data (keys sorted); Node runs the parts on
    # the build's data: the same reading and the same words either way
    from notation_site.model.catalog import load
    from notation_site.output.reading import reader_data, run_reader
    from notation_site.validate import katex_macros

    formulas = [
        r"J(\theta) = \mathbb{E}_{s \sim \rho^\pi, a \sim \pi_\theta}[Q^\pi(s, a) \nabla_\theta \log \pi_\theta(a \vert s)]",
        r"D_{KL}(p \| q) = \int_x p(x) \log \frac{p(x)}{q(x)} dx",
        r"\sum_{i=1}^{n} \lVert \mathbf{x}_i - \boldsymbol{\mu}_{c(i)} \rVert^2",
    ]
    catalog = load(ROOT)
    node = run_reader(ROOT, reader_data(catalog, catalog.url, katex_macros(ROOT), None), [{"op": "read", "tex": t} for t in formulas])
    for tex, expected in zip(formulas, node):
        shown = read(page, base_url, tex)
        assert shown["speech"] == expected["speech"], tex
        assert set(shown["entries"]) == {p["candidates"][0] for p in expected["pieces"] if p["candidates"]}, tex
    assert not page.problems, page.problems
