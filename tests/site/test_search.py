"""Symbol search, the symbol index and copy buttons, in a real browser (Debian chromium).

The query set is tests/site/search_queries.yml, and every item of the textbooks' notation
pages (data/textbooks.yml) in each of its forms. Each query is typed key by key into
Material's search box (or inserted at once, as a paste or an IME does) and the expected
entry must come first, or in the first three where the file gives a reason.
"""

from __future__ import annotations

import json
import re

import pytest
import yaml

from conftest import ROOT
from notation_site.model.catalog import load
from notation_site.model.textbooks import load_textbooks
from notation_site.output.katex import KatexRenderer
from notation_site.search.keys import search_keys
from notation_site.search.tokens import compound
from notation_site.tex.text import split_outside_braces
from search_driver import QUERIES, open_search, rank_of, ranked, search

pytestmark = pytest.mark.browser

DATA = yaml.safe_load(QUERIES.read_text(encoding="utf-8"))


def _balanced(tex: str) -> bool:
    return tex.count("(") == tex.count(")") and tex.count("[") == tex.count("]") and tex.count(r"\langle") == tex.count(r"\rangle")


def reader_forms(tex: str) -> list[str]:
    r"""The forms a reader copies from a textbook item: ``A \text{ or } B`` is two, and so is a
    list ``f(\boldsymbol{x}), f(\boldsymbol{X})`` (but not ``[a, b]`` or ``\rho(X, Y)``).

    >>> reader_forms(r"y^{(i)} \text{ or } \boldsymbol{y}^{(i)}"), reader_forms("f(x), f(X)"), reader_forms("(a, b]")
    (['y^{(i)}', '\\boldsymbol{y}^{(i)}'], ['f(x)', 'f(X)'], ['(a, b]'])
    """
    forms = []
    for form in split_outside_braces(tex, re.compile(r"\\text\{\s*or\s*\}")):
        parts = split_outside_braces(form, re.compile(r",\s"))
        forms += parts if len(parts) > 1 and all(_balanced(p) for p in parts) else [form]
    return forms


def textbook_queries() -> list[dict]:
    """Each form of every textbook item that has an entry, as a query for that entry."""
    found: dict[tuple[str, str], dict] = {}
    for book in load_textbooks(ROOT):
        for item in book.items:
            if item.entry and not item.pending:
                for form in reader_forms(item.tex):
                    query = {"q": form, "expect": item.entry, "kind": "textbook"}
                    if form in DATA["textbook_top3"]:
                        query["top3"] = DATA["textbook_top3"][form]
                    found.setdefault((form, item.entry), query)
    return list(found.values())


TEXTBOOK = textbook_queries()


@pytest.fixture(scope="module")
def search_page(browser, base_url):
    """One page with the search box open, shared by the query tests (like a reader's session)."""
    context = browser.new_context()
    page = context.new_page()
    page.console_messages = []
    page.on("console", lambda m: page.console_messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page.console_messages.append(f"pageerror: {e}"))
    open_search(page, base_url)
    yield page
    context.close()


def _describe(results) -> str:
    return "; ".join(f"{r.entry or r.anchor or r.path} ({r.score:.0f})" for r in ranked(results)[:5])


def _check(results, item) -> None:
    rank = rank_of(results, item["expect"])
    limit = 3 if item.get("top3") else 1
    assert rank is not None and rank <= limit, (
        f"{item['q']!r}: expected #{item['expect']} in the first {limit}, got rank {rank}: {_describe(results)}"
    )


def test_the_query_set_is_large_and_covers_every_kind_of_query():
    queries = DATA["queries"]
    assert len(queries) >= 60
    kinds = {q["kind"] for q in queries}
    assert {"name", "alias", "latex", "command", "glyph", "underscore", "api", "operator"} <= kinds
    assert len(DATA["pasted"]) >= 5
    catalog = load(ROOT)
    for item in [*queries, *DATA["pasted"]]:
        assert item["expect"] in catalog.entries, f"{item['q']!r} expects unknown entry {item['expect']}"
    # the exceptions are few and each says why
    lenient = [q for q in [*queries, *DATA["pasted"], *TEXTBOOK] if q.get("top3")]
    assert len(lenient) <= 0.05 * (len(queries) + len(TEXTBOOK))
    assert all(len(q["top3"]) > 20 for q in lenient)


def test_the_textbook_queries_are_every_item_and_their_exceptions_name_real_items():
    items = [i for b in load_textbooks(ROOT) for i in b.items if i.entry and not i.pending]
    assert len(items) >= 100 and len(TEXTBOOK) >= len({i.tex for i in items})
    forms = {q["q"] for q in TEXTBOOK}
    assert set(DATA["textbook_top3"]) <= forms, set(DATA["textbook_top3"]) - forms


@pytest.mark.parametrize("item", DATA["queries"], ids=lambda i: f"{i['kind']}:{i['q']}")
def test_typed_query_finds_the_entry_first(search_page, item):
    _check(search(search_page, item["q"], "type"), item)


@pytest.mark.parametrize("item", TEXTBOOK, ids=lambda i: f"textbook:{i['q']}")
def test_textbook_item_finds_its_entry_first(search_page, item):
    # each form of an item of the books' notation pages, typed as a reader copies it
    _check(search(search_page, item["q"], "type"), item)


@pytest.mark.parametrize("item", DATA["pasted"], ids=lambda i: f"paste:{i['q']}")
def test_pasted_glyph_finds_the_entry_first(search_page, item):
    # insert_text fires a single `input` event and no key events, like a paste or an IME
    _check(search(search_page, item["q"], "insert"), item)


@pytest.mark.parametrize("query", DATA["operators"])
def test_queries_with_lunr_operators_give_results_not_errors(search_page, query):
    before = len(search_page.console_messages)
    results = search(search_page, query, "insert")
    messages = search_page.console_messages[before:]
    assert not [m for m in messages if "Invalid query" in m or m.startswith(("error", "pageerror"))], messages
    if re.search(r"\w", query):
        assert ranked(results), f"{query!r} found nothing"


def test_the_rewrite_runs_on_materials_worker_messages(search_page):
    """Pins what the rewrite relies on: Material posts {type: 0 (setup), data: {config, docs}}
    and {type: 2 (query), data: string} to its worker, and answers {type: 3 (result)}.
    If an upgrade changes that, this fails (and queries pass through unchanged)."""
    state = search_page.evaluate("window.__notationSearch.state.protocol")
    assert state is True, "Material's SETUP message to the search worker was not recognised"
    search(search_page, "A^T", "type")
    sent = search_page.evaluate("[window.__notationSearch.state.lastQuery, window.__notationSearch.state.lastRewrite]")
    assert sent[0] == "A^T"
    assert "^T" not in sent[1] and "§a＾t" in sent[1]


_INDEX = "/search/search_index.json"
_READY = "() => window.__notationSearch && window.__notationSearch.state.ready"


@pytest.mark.parametrize("reach", ["shortcut", "click"])
def test_the_search_index_is_fetched_only_when_the_reader_reaches_for_search(browser, base_url, reach):
    """Reading a page does not download the index (the site's largest file); the search
    shortcut or a click on the box does, and the search then works as usual."""
    context = browser.new_context()
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(base_url + "transformer/")
    page.wait_for_load_state("networkidle")
    page.locator("article a[href$='/entries/attention/']").first.click()  # instant navigation
    page.wait_for_url("**/entries/attention/")
    page.wait_for_load_state("networkidle")
    assert not [u for u in requested if u.endswith(_INDEX)], "the index was fetched before anyone searched"
    if reach == "shortcut":
        page.keyboard.press("/")
    else:
        page.locator("input[data-md-component=search-query]").click()
    page.wait_for_function(_READY, timeout=20000)
    assert len([u for u in requested if u.endswith(_INDEX)]) == 1
    results = search(page, "softmax")
    assert rank_of(results, "softmax") == 1, _describe(results)
    context.close()


def test_results_show_the_summary_with_rendered_math_and_no_raw_tex(search_page):
    results = search(search_page, "hadamard", "type")
    assert ranked(results)[0].entry == "hadamard"
    article = search_page.locator('.md-search-result__link[href*="entries/hadamard/"] article').first
    article.locator(".search-summary .search-math .katex").first.wait_for(timeout=5000)
    text = article.inner_text()
    assert "\\(" not in text and "\\odot" not in text
    assert "multiplies two same-shaped arrays" in text  # the entry's summary
    # the formula stays readable for screen readers (KaTeX's own HTML is aria-hidden)
    assert "⊙" in article.locator(".search-math__text").first.text_content()


def test_math_in_other_results_is_rendered_too(search_page):
    search(search_page, "every symbol", "type")  # the home page's introduction
    results = search_page.locator(".md-search-result__list")
    results.locator(".search-math .katex").first.wait_for(timeout=5000)
    assert "\\(" not in results.inner_text()


def test_results_hide_the_terms_the_rewrite_added(search_page):
    search(search_page, "torch.cat", "type")
    article = search_page.locator('.md-search-result__link[href*="entries/concatenation/"] article').first
    assert article.locator("h1, h2").first.inner_text().strip() == "Concatenation"
    shown = search_page.locator(".md-search-result").inner_text()
    assert "§" not in shown and "．" not in shown
    hrefs = search_page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.href)")
    assert hrefs and not [h for h in hrefs if "%C2%A7" in h or "§" in h]


def test_compound_tokens_are_built_the_same_in_python_and_in_the_browser(search_page):
    catalog = load(ROOT)
    samples = sorted({k for e in catalog.ordered() for k in search_keys(e)})
    samples += ["A^T", "Aᵀ", "‖x‖₂", "KL(P || Q)", "E[X]", "𝔼[X]", "ΔW", "\\mathbb{R}^{m \\times n}", "w_{<t}"]
    got = search_page.evaluate(
        "(xs) => xs.map(s => [window.__notationSearch.compound(s, false), window.__notationSearch.compound(s, true)])",
        samples,
    )
    expected = [[compound(s), compound(s, nfkc=True)] for s in samples]
    mismatches = [(s, g, e) for s, g, e in zip(samples, got, expected) if g != e]
    assert not mismatches, mismatches[:10]


# -- symbol index ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def index_page(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    page.goto(base_url + "symbol-index/")
    page.wait_for_load_state("networkidle")
    yield page
    context.close()


def _visible_rows(page) -> list[str]:
    return page.evaluate(
        "() => Array.from(document.querySelectorAll('#symbol-table tbody tr')).filter(r => !r.hidden).map(r => r.id.slice(3))"
    )


def test_symbol_index_lists_every_entry(index_page):
    catalog = load(ROOT)
    assert sorted(_visible_rows(index_page)) == sorted(e.id for e in catalog.ordered())
    assert index_page.locator("#symbol-filter-status").inner_text().startswith(f"{len(catalog.ordered())} symbols")


@pytest.mark.parametrize(
    ("typed", "entry"),
    [
        ("⊙", "hadamard"),
        ("\\odot", "hadamard"),
        ("odot", "hadamard"),
        ("U+2299", "hadamard"),
        ("torch.mul", "hadamard"),
        ("element-wise product", "hadamard"),
        ("autoregressive factor", "chain-rule-probability"),
        ("np.linalg.norm", "norm"),
        ("𝔼", "expectation"),
    ],
)
def test_symbol_index_filter_narrows_the_table_as_the_reader_types(index_page, typed, entry):
    box = index_page.locator("#symbol-filter-input")
    box.fill("")
    box.press_sequentially(typed)
    rows = _visible_rows(index_page)
    assert entry in rows
    assert len(rows) < 10, rows
    assert index_page.locator("#symbol-filter-status").inner_text().endswith("match")


def test_symbol_index_filter_takes_a_paste_and_tells_when_nothing_matches(index_page):
    box = index_page.locator("#symbol-filter-input")
    box.fill("")
    box.focus()
    index_page.keyboard.insert_text("∝")
    assert "proportional" in _visible_rows(index_page)
    box.fill("")
    box.focus()
    index_page.keyboard.insert_text("no such symbol anywhere")
    assert _visible_rows(index_page) == []
    assert index_page.locator(".symbol-filter__empty").is_visible()
    box.fill("")
    assert len(_visible_rows(index_page)) == len(load(ROOT).ordered())


def test_symbol_index_filter_is_labelled_and_reachable_by_keyboard(index_page, base_url):
    index_page.goto(base_url + "symbol-index/")
    box = index_page.locator("#symbol-filter-input")
    assert box.is_visible()
    assert index_page.locator("label[for=symbol-filter-input]").inner_text().strip()
    index_page.locator("article h1").click()
    for _ in range(40):
        index_page.keyboard.press("Tab")
        if index_page.evaluate("document.activeElement && document.activeElement.id") == "symbol-filter-input":
            break
    else:
        pytest.fail("Tab never reached the filter box")
    index_page.keyboard.type("ᵀ")
    assert "transpose" in _visible_rows(index_page)


def test_symbol_index_works_without_materials_search(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    page.route("**/search/search_index.json", lambda route: route.abort())
    page.route("**/workers/search*.js", lambda route: route.abort())
    page.goto(base_url + "symbol-index/")
    page.locator("#symbol-filter-input").press_sequentially("np.divide")
    assert _visible_rows(page) == ["elementwise-division"]
    context.close()


# -- copy buttons ------------------------------------------------------------------------------


def test_entry_copy_buttons_copy_the_latex_command_and_the_glyph(browser, base_url):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(base_url + "entries/hadamard/")
    card = page.locator('.entry-card[data-entry="hadamard"]')
    latex = card.locator('button.copy-button[data-copy="\\\\odot"]')
    assert latex.is_visible() and latex.get_attribute("aria-label") == "Copy LaTeX \\odot"
    latex.click()
    assert page.evaluate("navigator.clipboard.readText()") == "\\odot"
    card.locator('button.copy-button[data-copy="⊙"]').click()
    assert page.evaluate("navigator.clipboard.readText()") == "⊙"
    card.locator("button.copy-button", has_text="formula").click()
    assert page.evaluate("navigator.clipboard.readText()").startswith("(A \\odot B)")
    context.close()


def test_copy_buttons_are_hidden_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + "entries/hadamard/")
    assert page.locator("button.copy-button").first.is_hidden()
    page.goto(base_url + "symbol-index/")
    assert page.locator(".symbol-filter").is_hidden()
    assert page.locator("#symbol-table tbody tr").count() == len(load(ROOT).ordered())
    context.close()


# -- cheat sheet -------------------------------------------------------------------------------


def test_cheat_sheet_prints_to_a4_and_letter_without_site_chrome(browser, base_url, tmp_path):
    page = browser.new_page()
    page.goto(base_url + "cheat-sheet/")
    page.wait_for_load_state("networkidle")
    page.emulate_media(media="print")
    for selector in (".md-header", ".md-sidebar--primary", ".md-footer"):
        assert page.locator(selector).first.is_hidden(), selector
    assert page.locator("table.cheat-sheet .katex").count() >= len(load(ROOT).ordered())
    for fmt in ("A4", "Letter"):
        pdf = page.pdf(format=fmt, print_background=False)
        pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
        assert 1 <= pages <= 12, (fmt, pages)
    # nothing wider than the printed page
    width = page.evaluate("document.querySelector('article').scrollWidth <= document.querySelector('article').clientWidth + 1")
    assert width
    page.close()


def test_results_data_holds_every_entry_summary_rendered_and_the_math_of_other_results(built_site):
    from notation_site.search.index import math_in

    data = json.loads((built_site / "search/results.json").read_text(encoding="utf-8"))
    catalog = load(ROOT)
    assert len(data["summaries"]) == len(catalog.ordered())
    for location, summary in data["summaries"].items():
        entry = catalog.entries[location.removeprefix("entries/").removesuffix("/")]
        assert "arithmatex" not in summary and "<math" not in summary
        assert ("$" in entry.summary) == ('class="katex"' in summary), location
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    wanted = set()
    for doc in index["docs"]:
        texts = [doc["title"]] + ([] if doc["location"] in data["summaries"] else [doc["text"]])
        wanted.update(t for text in texts for t in math_in(text))
    renderer = KatexRenderer(ROOT)
    try:
        accepted = {t for t, r in zip(sorted(wanted), renderer.render_many([(t, False) for t in sorted(wanted)])) if isinstance(r, str)}
    finally:
        renderer.close()
    # what KaTeX rejects (TeX quoted in a docstring's code) stays as it is
    assert accepted and accepted <= set(data["math"])
    assert all('class="katex"' in v and "<math" not in v for v in data["math"].values())
