"""KaTeX's fonts, subset to the glyphs the formulas draw: nothing the reader sees goes missing.

The subsetting (src/notation_site/output/fonts.py) works out from KaTeX's stylesheet which font
draws each character. The browser test below asks Chromium itself, through the DevTools
protocol, which fonts rendered every text run of every formula on every page: if a glyph
had been cut from the font that should draw it, Chromium would draw it with a system font
and the test names it.
"""

from __future__ import annotations

import collections
import io
import re

import pytest
from fontTools.ttLib import TTFont

from conftest import ROOT
from notation_site.output.fonts import FontRules
from sweep import site_pages

KATEX = ROOT / "node_modules/katex/dist"
RULES = FontRules.from_css((KATEX / "katex.min.css").read_text(encoding="utf-8"))


def _formula(*leaves: tuple[str, str]) -> str:
    spans = "".join(f'<span class="{classes}">{text}</span>' for classes, text in leaves)
    return f'<span class="katex"><span class="katex-html" aria-hidden="true"><span class="katex-base">{spans}</span></span></span>'


@pytest.mark.parametrize(
    ("classes", "expected"),
    [
        ("mord", "KaTeX_Main-Regular.woff2"),  # digits, operators, \text
        ("mord mathnormal", "KaTeX_Math-Italic.woff2"),  # x, \alpha
        ("mord boldsymbol", "KaTeX_Math-BoldItalic.woff2"),  # \boldsymbol{\theta}
        ("mord mathbf", "KaTeX_Main-Bold.woff2"),  # \mathbf{x}
        ("mord mathit", "KaTeX_Main-Italic.woff2"),
        ("mord mathbb", "KaTeX_AMS-Regular.woff2"),  # \mathbb{R}
        ("mord amsrm", "KaTeX_AMS-Regular.woff2"),  # \triangleq
        ("mord mathcal", "KaTeX_Caligraphic-Regular.woff2"),
        ("mop op-symbol large-op", "KaTeX_Size2-Regular.woff2"),  # display \sum
        ("mop op-symbol small-op", "KaTeX_Size1-Regular.woff2"),  # inline \sum
        ("delimsizing size3", "KaTeX_Size3-Regular.woff2"),  # \Bigg(
        ("mord mathtt", "KaTeX_Typewriter-Regular.woff2"),
    ],
)
def test_each_class_draws_its_characters_with_the_font_the_stylesheet_gives_it(classes, expected):
    used = RULES.chars_by_file([_formula((classes, "Ω"))])
    holders = {f for f, chars in used.items() if "Ω" in chars}
    assert expected in holders
    assert holders == {expected}, sorted(holders)


def test_a_face_the_stylesheet_has_no_file_for_keeps_the_characters_in_every_face_of_its_family():
    # AMS has no bold face: the browser draws with the family's regular file, which keeps it
    used = RULES.chars_by_file([_formula(("mord mathbb textbf", "Ω"))])
    assert "Ω" in used["KaTeX_AMS-Regular.woff2"]


def test_inner_classes_win_over_outer_ones_and_svg_and_mathml_are_skipped():
    html = (
        '<span class="katex"><span class="katex-mathml"><math><mi>Q</mi></math></span>'
        '<span class="katex-html" aria-hidden="true"><span class="mord mathbb">'
        '<span class="mord mathnormal">y</span>z</span><svg><path d="M0 0"/></svg></span></span>'
    )
    used = RULES.chars_by_file([html])
    assert used["KaTeX_Math-Italic.woff2"] == "y"
    assert used["KaTeX_AMS-Regular.woff2"] == "z"
    assert not any("Q" in chars for chars in used.values())


def test_a_rule_on_nested_classes_applies_only_inside_them():
    # .katex .delimsizing.mult .delim-size4 > span: the pieces of a tall brace, and nothing else
    piece = '<span class="delimsizinginner delim-size4"><span>⎩</span></span>'
    tall = _formula(("delimsizing mult", piece))
    assert {f for f, chars in RULES.chars_by_file([tall]).items() if chars} == {"KaTeX_Size4-Regular.woff2"}
    loose = _formula(("mord", piece))  # the same span outside .delimsizing.mult: Main draws it
    assert {f for f, chars in RULES.chars_by_file([loose]).items() if chars} == {"KaTeX_Main-Regular.woff2"}


def test_weight_and_style_are_inherited_separately_from_the_family():
    # \mathbf around a Math-italic letter: the letter is drawn bold italic, as the browser would
    html = (
        '<span class="katex"><span class="katex-html" aria-hidden="true">'
        '<span class="mord mathbf"><span class="mord mathnormal">y</span></span></span></span>'
    )
    used = RULES.chars_by_file([html])
    assert used["KaTeX_Math-BoldItalic.woff2"] == "y"


def test_every_family_of_the_stylesheet_has_its_files():
    families = {family for family, _, _ in RULES.faces}
    assert len(RULES.faces) == 20 and all(not f.startswith(("'", '"')) for f in families)
    assert {"KaTeX_Main", "KaTeX_Math", "KaTeX_AMS", "KaTeX_SansSerif", "KaTeX_Size1"} <= families


def test_the_site_ships_renamed_subsets_that_are_smaller_and_keep_the_licence(built_site):
    folder = built_site / "assets/katex/fonts"
    shipped = sorted(folder.glob("*.woff2"))
    assert [p.name for p in shipped] == sorted(p.name.replace("KaTeX_", "NotationMath_") for p in (KATEX / "fonts").glob("*.woff2"))
    before = sum(p.stat().st_size for p in (KATEX / "fonts").glob("*.woff2"))
    after = sum(p.stat().st_size for p in shipped)
    assert after < before / 2, (before, after)
    for path in shipped:
        name = TTFont(io.BytesIO(path.read_bytes()))["name"]
        for name_id in (1, 4, 6):
            assert "KaTeX" not in name.getDebugName(name_id), (path.name, name_id)
        assert "SIL Open Font License" in name.getDebugName(13)
    licence = (folder / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Reserved Font Names" in licence and "SIL OPEN FONT LICENSE Version 1.1" in licence


def _pages_with_math(site) -> list[str]:
    """The URL paths of the pages that hold formulas."""
    return [
        p for p in site_pages(site)
        if not p.endswith(".html") and 'class="katex"' in (site / p / "index.html").read_text(encoding="utf-8")
    ]


@pytest.mark.browser
def test_every_glyph_of_every_formula_is_drawn_with_the_sites_math_fonts(browser, base_url, built_site):
    """Every text run of every formula on every page. Which font draws a run depends only on
    its text, the classes of the elements around it inside the formula and the text styles
    (bold, italic) of the page around the formula, so Chromium is asked once per such
    combination: the first page to show it."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    fallbacks: dict[str, collections.Counter] = {}
    checked = asked = 0
    seen: set[tuple[str, str, str]] = set()
    for path in _pages_with_math(built_site):
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        page.evaluate("document.fonts.ready.then(() => true)")
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1})["root"]
        for node_id, text, key in _text_spans(root):
            checked += 1
            if key in seen:
                continue
            seen.add(key)
            asked += 1
            for font in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node_id})["fonts"]:
                if not font["isCustomFont"] or not font["familyName"].startswith("NotationMath_"):
                    fallbacks.setdefault(path or "/", collections.Counter())[f"{font['familyName']}: {text}"] += 1
    context.close()
    assert checked > 5000 and asked > 1000, f"only {checked} text runs found in formulas ({asked} distinct)"
    assert not fallbacks, f"glyphs drawn with another font: {fallbacks}"


# elements outside a formula whose text style a formula inherits (weight, slant, size)
_STYLING = {"H1", "H2", "H3", "H4", "H5", "H6", "STRONG", "B", "EM", "I", "TH", "DT", "CODE", "SUMMARY", "FIGCAPTION", "SMALL", "SUP", "SUB"}


def _text_spans(node, inside: tuple[str, ...] | None = None, outside: tuple[str, ...] = ()):
    """(nodeId, text, key) of every span in a formula's katex-html that holds text itself; the
    key is the text with the classes inside the formula and the styling elements outside it."""
    attrs = node.get("attributes", [])
    classes = dict(zip(attrs[::2], attrs[1::2])).get("class", "")
    name = node.get("nodeName", "")
    if inside is None and "katex-html" in classes.split():
        inside = ()
    elif inside is not None:
        inside = (*inside, classes)
    elif name in _STYLING:
        outside = (*outside, name)
    children = node.get("children", [])
    if inside is not None and name == "SPAN":
        text = "".join(c["nodeValue"] for c in children if c["nodeType"] == 3)
        if text.strip():
            text = re.sub(r"\s+", " ", text)
            yield node["nodeId"], text, (text, "|".join(inside), "|".join(outside))
    for child in children:
        yield from _text_spans(child, inside, outside)
