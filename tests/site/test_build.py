"""The strict build: every entry on its page, every example run, every formula rendered."""

from __future__ import annotations

import json
import re

from conftest import ROOT, visible_text
from notation_site.model.catalog import load


def _page(site, topic_page: str) -> str:
    return (site / topic_page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")


def test_every_entry_is_an_anchor_on_its_topic_page(built_site):
    catalog = load(ROOT)
    assert catalog.entries, "no entries found"
    for topic in catalog.topics:
        html = _page(built_site, topic.page)
        for entry_id in topic.entry_ids:
            assert f'id="{entry_id}"' in html, f"#{entry_id} missing from {topic.page}"


def test_every_entry_shows_its_card_and_a_computed_example(built_site):
    catalog = load(ROOT)
    for topic in catalog.topics:
        html = _page(built_site, topic.page)
        sections = re.split(r'<h2 class="entry-title" id="', html)[1:]
        assert len(sections) == len(topic.entry_ids)
        for section in sections:
            entry_id = section.split('"', 1)[0]
            for label in ("Read aloud", "Shape", "NumPy", "PyTorch"):
                assert f"<dt>{label}</dt>" in section, f"{entry_id}: no {label}"
            examples = re.findall(r'<div class="example" data-snippet="([^"]+)">(.*?)</div>\s*<details', section, re.S)
            assert examples, f"{entry_id}: no executed example"
            for snippet, body in examples:
                assert visible_text(body), f"{entry_id}: {snippet} printed nothing"
                assert "Traceback" not in body


def test_all_math_is_rendered_at_build_time_and_pages_carry_no_math_javascript(built_site):
    # The one exception: "Read a formula" (read/) renders what the reader pastes, with the
    # site's own copy of KaTeX (tests/site/test_read_formula.py).
    reader = built_site / "read/index.html"
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r'<(span|div) class="arithmatex">', html), f"unrendered math in {page}"
        assert "katex-error" not in html
        if page == reader:
            assert re.findall(r'<script src="([^"]*katex[^"]*)"', html) == ["../assets/katex/full/katex.min.js"]
            continue
        assert not re.search(r"<script[^>]+(katex|mathjax|polyfill)", html, re.I), page
    bb = _page(built_site, "building-blocks.md")
    assert bb.count('class="katex"') > 10
    # the accessible MathML stays in the page for screen readers
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML"' in bb
    assert 'class="katex-html" aria-hidden="true"' in bb


def test_math_printed_by_snippets_is_rendered_inside_tables(built_site):
    bb = _page(built_site, "building-blocks.md")
    table = bb[bb.index('<table class="computed">') :]
    table = table[: table.index("</table>")]
    assert 'class="katex"' in table


def test_katex_css_and_fonts_are_served_by_the_site_and_match_the_renderer(built_site):
    css = (built_site / "assets/katex/katex.min.css").read_text(encoding="utf-8")
    fonts = set(re.findall(r"url\((fonts/[^)]+)\)", css))
    assert fonts and all(f.endswith(".woff2") for f in fonts)
    for font in fonts:
        assert (built_site / "assets/katex" / font).is_file(), font
    # the CSS is the renderer's own file (same package, so the same version), minus font
    # fallbacks, with the fonts renamed (they are subsets; see test_fonts.py)
    own = (ROOT / "node_modules/katex/dist/katex.min.css").read_text(encoding="utf-8")
    own = re.sub(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)', "", own)
    assert css == own.replace("KaTeX_", "NotationMath_")
    assert (built_site / "assets/katex/LICENSE.txt").is_file()
    assert (built_site / "assets/katex/fonts/LICENSE.txt").is_file()


def test_pages_reference_no_third_party_host(built_site):
    for page in built_site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        # resources the page loads (plain <a href> links to other sites are not requests)
        for tag in re.findall(r"<(?:script|img|iframe|source|link)\b[^>]*>", html):
            if 'rel="canonical"' in tag:
                continue
            assert not re.search(r'\b(?:src|href)="(?:https?:)?//', tag), f"{page.relative_to(built_site)}: {tag}"
        assert "fonts.googleapis.com" not in html and "fonts.gstatic.com" not in html
        assert "api.github.com" not in html
    for css in built_site.rglob("*.css"):
        assert not re.search(r"url\(\s*['\"]?(https?:)?//", css.read_text(encoding="utf-8")), css


def test_search_index_holds_tex_source_not_rendered_markup(built_site):
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"])
    assert "katex" not in text and "<math" not in text and "vlist" not in text
    assert "\\operatorname{Softmax}" in text


def test_computed_example_output_stays_out_of_the_search_index(built_site):
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    text = " ".join(doc["text"] for doc in index["docs"])
    # a number only the softmax example prints, next to prose that is indexed
    assert "0.0900" not in text
    assert "Shift invariance and the safe softmax" in text or "safe softmax" in text
