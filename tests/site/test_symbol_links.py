"""Every formula on the site links its symbols (issue 18): the links in the built pages, and
what a reader meets in the browser with the pointer, the keyboard and without JavaScript."""

from __future__ import annotations

import html
import posixpath
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import ROOT
from notation_site.model.catalog import load
from notation_site.output.katex import KatexRenderer
from sweep import site_pages

pytestmark = pytest.mark.build


class _Formulas(HTMLParser):
    """Each formula of a page (span.katex): its TeX, the entries its in-formula links point
    at (in order), whether a link sits inside another link, and the symbol list after it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.formulas: list[dict] = []
        self.stack: list[tuple[str, set[str]]] = []
        self.in_annotation = False
        self.list_of: dict | None = None  # the formula whose list is open
        self.nested = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        if tag in ("path", "line", "img", "br", "link", "meta", "input"):
            return
        kinds = {k for k in ("katex", "katex-html", "formula-symbols") if k in classes}
        if "katex" in classes and not any("katex" in k for _, k in self.stack):
            self.formulas.append({"tex": "", "links": [], "hrefs": [], "tabindex": [], "list": None, "in_link": any(t == "a" for t, _ in self.stack)})
        if tag == "a" and "formula-link" in classes:
            f = self.formulas[-1]
            f["links"].append(a.get("data-entry"))
            f["hrefs"].append(a.get("href"))
            f["tabindex"].append(a.get("tabindex"))
            if not any("katex-html" in k for _, k in self.stack):
                f["outside_html"] = True
            if any(t == "a" for t, _ in self.stack):
                self.nested += 1
        if "formula-symbols" in classes:
            self.list_of = self.formulas[-1]
            self.list_of["list"] = []
        if tag == "a" and self.list_of is not None and any("formula-symbols" in k for _, k in self.stack):
            self.list_of["list"].append((a.get("data-entry"), a.get("href"), a.get("tabindex")))
        if tag == "annotation":
            self.in_annotation = True
        self.stack.append((tag, kinds))

    def handle_endtag(self, tag):
        if tag in ("path", "line"):
            return
        if self.stack:
            _, kinds = self.stack.pop()
            if "formula-symbols" in kinds:
                self.list_of = None
        if tag == "annotation":
            self.in_annotation = False

    def handle_data(self, data):
        if self.in_annotation:
            self.formulas[-1]["tex"] += data


def _formulas(path: Path) -> _Formulas:
    parser = _Formulas()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


MACROS = {"\\R": "\\mathbb{R}", "\\E": "\\mathbb{E}"}
"""The site's KaTeX macros (``katex_macros`` in mkdocs.yml)."""


def _page_file(site: Path, page: str) -> Path:
    return site / (page + "index.html" if page.endswith("/") or not page else page)


@pytest.fixture(scope="module")
def pages(built_site):
    return {page: _formulas(_page_file(built_site, page)) for page in site_pages(built_site) if _page_file(built_site, page).suffix == ".html"}


def _plain(items: list[tuple[str, bool]]) -> list[str]:
    """Each ``(tex, display)`` rendered without links."""
    katex = KatexRenderer(ROOT, MACROS)
    try:
        return katex.render_many(items)
    finally:
        katex.close()


def _linked_formulas(site: Path, pages) -> list[tuple[str, bool, str]]:
    """``(tex, display, markup)`` of every linked formula of the built site: the markup of a
    span.katex, read up to the symbol list that follows it."""
    out = []
    for page in pages:
        if not any(f["links"] for f in pages[page].formulas):
            continue
        markup = _page_file(site, page).read_text(encoding="utf-8")
        for m in re.finditer(r'<span class="formula-symbols">', markup):
            start = markup.rfind('<span class="katex">', 0, m.start())  # the formula just before its list
            formula = markup[start : m.start()]
            tex = html.unescape(re.search(r'<annotation encoding="application/x-tex">(.*?)</annotation>', formula, re.S).group(1))
            out.append((tex, markup.endswith('<span class="katex-display">', 0, start), formula))
    return out


def _mathml(markup: str) -> str:
    return re.search(r'<span class="katex-mathml">(.*?</math>)</span>', markup, re.S).group(1)


def _entry_of(href: str, page: str) -> str:
    """The entry id a relative href from ``page`` points at."""
    folder = page if page.endswith("/") or not page else posixpath.dirname(page) + "/"
    m = re.fullmatch(r"/entries/([a-z0-9-]+)/", posixpath.normpath(posixpath.join("/", folder, href)) + "/")
    assert m, f"{page}: {href} is not an entry page"
    return m.group(1)


def test_formulas_across_the_site_link_their_symbols(pages):
    catalog = load(ROOT)
    linked = Counter()
    formulas = 0
    for page, parsed in pages.items():
        for f in parsed.formulas:
            formulas += 1
            for entry, href, tabindex in zip(f["links"], f["hrefs"], f["tabindex"], strict=True):
                linked[entry] += 1
                assert entry in catalog.entries, (page, f["tex"], entry)
                assert _entry_of(href, page) == entry, (page, f["tex"], href)
                assert tabindex == "-1", (page, f["tex"])  # the drawing is aria-hidden: pointer only
            assert "htmlData" not in f["tex"], (page, f["tex"])  # the annotation is the TeX as written
            assert not f.get("outside_html"), (page, f["tex"])
    assert sum(linked.values()) > 1500 and len(linked) > 60, (sum(linked.values()), len(linked), formulas)


def test_links_never_nest_and_an_entry_page_does_not_link_to_itself(pages):
    for page, parsed in pages.items():
        assert parsed.nested == 0, page
        for f in parsed.formulas:
            if f["in_link"]:
                assert not f["links"], (page, f["tex"])
            if page.startswith("entries/"):
                own = page.split("/")[1]
                assert own not in f["links"], (page, f["tex"])


def test_each_linked_formula_is_followed_by_its_symbols_for_the_keyboard(pages):
    checked = 0
    for page, parsed in pages.items():
        for f in parsed.formulas:
            if not f["links"]:
                assert f["list"] is None, (page, f["tex"])
                continue
            checked += 1
            assert f["list"] is not None, (page, f["tex"])
            assert [e for e, _, _ in f["list"]] == list(dict.fromkeys(f["links"])), (page, f["tex"])
            assert all(t is None for _, _, t in f["list"]), (page, f["tex"])  # focusable
    assert checked > 500


@pytest.mark.parametrize(
    ("page", "tex", "expected"),
    [
        # the reading the recogniser is sure of
        ("entries/kl-divergence/", r"\operatorname{KL}(P \,\Vert\, Q) = \sum_{x} p(x) \log \frac{p(x)}{q(x)}", {"logarithm", "summation"}),
        ("entries/attention/", r"N \times d_v", {"axis-shape", "head-dims"}),
        ("entries/layernorm/", r"\hat{\mathbf{x}} = (\mathbf{x} - \mu) / \sqrt{\sigma^2 + \epsilon}", {"hat-and-tilde", "variance", "epsilon"}),  # σ² is the variance, ε the stability constant
        # a comparison is the inequalities entry's, not the element-wise condition A ≥ 0; set-builder's own bar is not a "given"
        ("entries/kl-divergence/", r"\ge 0", {"inequalities"}),
        ("entries/set-builder/", r"\{\, \mathbf{p} \in \mathbb{R}^{n} \mid p_i \ge 0,\ \sum_i p_i = 1 \,\}", {"real-space", "set-membership", "summation", "inequalities"}),
    ],
)
def test_known_formulas_link_the_right_entries(pages, page, tex, expected):
    formulas = pages[page].formulas
    found = [f for f in formulas if f["tex"] == tex]
    assert found, f"{tex} not on {page}"
    assert set(found[0]["links"]) == expected


def test_greek_letters_are_linked_only_in_their_entrys_own_form(pages):
    """σ means what the paper says: a bare σ is never linked; σ² is the variance's."""
    for page, parsed in pages.items():
        for f in parsed.formulas:
            if f["tex"].strip() in (r"\sigma", r"\lambda", r"\epsilon", r"\beta"):
                assert not f["links"], (page, f["tex"])


# A formula cloned into a line of its own (KaTeX's markup, linked or not): where each glyph is
# drawn relative to it, in CSS px to 0.01.
GEOMETRY = r"""([markup, isDisplay]) => {
  const holder = document.createElement("div");
  holder.className = "md-typeset";
  holder.style.cssText = "position:absolute;left:0;top:0;white-space:nowrap;width:max-content";
  const tmp = document.createElement("div");
  tmp.innerHTML = markup;
  const formula = tmp.querySelector(".katex");
  holder.innerHTML = isDisplay ? '<span class="katex-display">' + formula.outerHTML + "</span>" : formula.outerHTML;
  document.querySelector("article").appendChild(holder);
  const root = holder.querySelector(".katex");
  const origin = root.getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll(".katex-html *")) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join("");
    if (!own.trim() && el.tagName !== "svg") continue;
    const r = el.getBoundingClientRect();
    out.push([own, +(r.left - origin.left).toFixed(2), +(r.top - origin.top).toFixed(2), +r.width.toFixed(2), +r.height.toFixed(2)]);
  }
  holder.remove();
  return out;
}"""

# For each linked formula of the page: its TeX, its GEOMETRY, and that of the same TeX rendered
# without links (plain[tex]: [inline markup, display markup]). One call per page.
EACH_LINKED_FORMULA = "(plain) => { const geometry = " + GEOMETRY + r""";
  const out = [];
  for (const k of document.querySelectorAll(".katex")) {
    if (!k.querySelector("a.formula-link")) continue;
    const tex = k.querySelector("annotation").textContent;
    const isDisplay = !!k.closest(".katex-display");
    out.push([tex, geometry([k.outerHTML, isDisplay]), geometry([plain[tex][isDisplay ? 1 : 0], isDisplay])]);
  }
  return out;
}"""


@pytest.mark.browser
def test_linking_leaves_every_formula_drawn_exactly_as_before(browser, base_url, pages):
    """On the pages with the most links, each linked formula, cloned into a line of its own,
    draws every glyph at the same place and size as the same TeX rendered without links."""
    busiest = sorted(pages, key=lambda p: -sum(len(f["links"]) for f in pages[p].formulas))[:6]
    items = list({f["tex"]: None for page in busiest for f in pages[page].formulas if f["links"]})
    inline = dict(zip(items, _plain([(t, False) for t in items]), strict=True))
    display = dict(zip(items, _plain([(t, True) for t in items]), strict=True))
    context = browser.new_context()
    page = context.new_page()
    compared = 0
    for path in busiest:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        page.evaluate("document.fonts.ready.then(() => true)")
        plain = {f["tex"]: [inline[f["tex"]], display[f["tex"]]] for f in pages[path].formulas if f["links"]}
        for tex, linked, unlinked in page.evaluate(EACH_LINKED_FORMULA, plain):
            assert linked == unlinked, f"{path}: {tex}"
            compared += 1
    context.close()
    assert compared > 30


def test_screen_readers_get_the_same_mathml_as_without_links(built_site, pages):
    """The links live in the drawing only: each linked formula's MathML (what assistive
    technology reads, with the TeX as written) is exactly that of the plain rendering."""
    found = _linked_formulas(built_site, pages)
    plain = _plain([(tex, display) for tex, display, _ in found])
    assert len(found) > 300
    for (tex, _, markup), expected in zip(found, plain, strict=True):
        assert _mathml(markup) == _mathml(expected), tex


@pytest.mark.browser
def test_without_javascript_a_symbol_is_a_link_and_the_keyboard_list_shows_on_focus(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + "entries/kl-divergence/")
    link = page.locator('.katex a.formula-link[data-entry="logarithm"]').first
    listed = page.locator('.formula-symbols a[data-entry="logarithm"]').first
    holder = listed.locator("xpath=ancestor::span[@class='formula-symbols'][1]")
    assert holder.bounding_box()["width"] <= 1  # hidden until focused
    listed.focus()
    box = holder.bounding_box()
    assert box["width"] > 20 and box["height"] > 8
    assert page.evaluate("document.activeElement.textContent") == "Logarithm"
    link.click()
    page.wait_for_url("**/entries/logarithm/")
    context.close()


@pytest.mark.browser
def test_the_pointer_and_the_keyboard_get_the_card_of_a_symbol(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "entries/kl-divergence/")
    page.wait_for_load_state("load")
    card = page.locator("#formula-card")
    piece = page.locator('.katex a.formula-link[data-entry="logarithm"]').first
    # quiet: drawn like the rest of the formula until the pointer is on it
    look = "a => { const s = getComputedStyle(a), k = getComputedStyle(a.closest('.katex')); return [s.textDecorationLine, s.color === k.color, s.backgroundColor]; }"
    assert piece.evaluate(look) == ["none", True, "rgba(0, 0, 0, 0)"]
    piece.hover()
    assert piece.evaluate(look)[2] != "rgba(0, 0, 0, 0)"
    card.wait_for(state="visible")
    assert card.locator(".formula-card__name").text_content() == "Logarithm"
    assert card.locator(".formula-card__summary").text_content().startswith("log x is")
    page.mouse.move(0, 0)
    card.wait_for(state="hidden")
    # Tab from the formula's start reaches its symbol list, which shows the card and marks the piece
    page.locator(".formula-symbols").first.evaluate("l => l.previousElementSibling.closest('p, div, td, li').setAttribute('tabindex', '-1')")
    page.locator(".formula-symbols").first.evaluate("l => l.previousElementSibling.closest('p, div, td, li').focus()")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('.formula-symbols')"):
            break
    entry = page.evaluate("document.activeElement.dataset.entry")
    assert entry, "Tab never reached a formula's symbol list"
    card.wait_for(state="visible")
    assert page.evaluate(f"document.querySelectorAll('a.formula-link.is-current[data-entry=\"{entry}\"]').length") >= 1
    assert page.evaluate("document.activeElement.getAttribute('aria-describedby')") == "formula-card"
    page.keyboard.press("Escape")
    card.wait_for(state="hidden")
    assert not errors
    context.close()


def test_an_inline_formula_can_break_its_line_where_it_could_without_links(built_site, pages):
    """KaTeX lets an inline formula wrap after a binary operator or a relation (each run it
    cannot break is a span.katex-base): a linked ⟶ or × keeps that break (cheat sheet, narrow cells)."""
    found = {tex: markup.count('class="katex-base"') for tex, display, markup in _linked_formulas(built_site, pages) if not display}
    plain = _plain([(t, False) for t in found])
    assert len(found) > 300 and sum(n > 1 for n in found.values()) > 100
    assert found == {t: h.count('class="katex-base"') for t, h in zip(found, plain, strict=True)}
