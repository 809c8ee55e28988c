"""The strict build: every entry on its own page and as a row of its topic page, every example
run, every formula rendered."""

from __future__ import annotations

import json
import re

from conftest import ROOT, visible_text
from notation_site.model.catalog import load


def _page(site, topic_page: str) -> str:
    return (site / topic_page.removesuffix(".md") / "index.html").read_text(encoding="utf-8")


def _entry_page(site, entry_id: str) -> str:
    return (site / "entries" / entry_id / "index.html").read_text(encoding="utf-8")


def test_every_entry_is_a_row_of_its_topic_page_linking_to_its_own_page(built_site):
    catalog = load(ROOT)
    assert catalog.entries, "no entries found"
    for topic in catalog.topics:
        html = _page(built_site, topic.page)
        rows = re.findall(r'<li class="entry-row" id="([^"]+)">(.*?)</li>', html, re.S)
        assert [r[0] for r in rows] == [i for i in topic.entry_ids if i in catalog.entries], topic.page
        for entry_id, row in rows:
            entry = catalog.entries[entry_id]
            assert f'href="../entries/{entry_id}/"' in row, f"{topic.page}#{entry_id}: no link to the entry page"
            assert 'class="katex"' in row, f"{topic.page}#{entry_id}: symbol not rendered"
            assert entry.name in html_text(row)
            assert entry.read_aloud in html_text(row)


def html_text(markup: str) -> str:
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_every_entry_page_shows_its_card_a_computed_example_and_where_it_sits(built_site):
    catalog = load(ROOT)
    for topic in catalog.topics:
        ids = topic.entry_ids
        for n, entry_id in enumerate(ids):
            entry = catalog.entries[entry_id]
            section = _entry_page(built_site, entry_id)
            assert re.search(rf'<h1 class="entry-title" id="{entry_id}">', section), entry_id
            title = re.search(r"<title>(.*?)</title>", section).group(1)
            assert html_text(title).startswith(entry.name + " - "), (entry_id, title)
            assert re.search(r'<meta name="description" content="[^"]{20,}">', section), entry_id
            for label in ("Read aloud", "Shape", "NumPy", "PyTorch"):
                assert f"<dt>{label}</dt>" in section, f"{entry_id}: no {label}"
            examples = re.findall(r'<div class="example" data-snippet="([^"]+)">(.*?)</div>\s*<details', section, re.S)
            assert examples, f"{entry_id}: no executed example"
            for snippet, body in examples:
                assert visible_text(body), f"{entry_id}: {snippet} printed nothing"
                assert "Traceback" not in body
            # where it sits: its topic, the previous and the next entry of that topic
            topic_url = "../../" + topic.page.removesuffix(".md") + "/"
            assert f'<a href="{topic_url}">' in section, f"{entry_id}: no link to {topic.page}"
            prev = re.search(r'<a class="entry-pager__prev" href="\.\./([^/]+)/" rel="prev">', section)
            after = re.search(r'<a class="entry-pager__next" href="\.\./([^/]+)/" rel="next">', section)
            assert (prev.group(1) if prev else None) == (ids[n - 1] if n else None), entry_id
            assert (after.group(1) if after else None) == (ids[n + 1] if n + 1 < len(ids) else None), entry_id


def test_the_navigation_lists_topic_pages_and_marks_an_entry_s_topic_active(built_site):
    html = _entry_page(built_site, "softmax")
    primary = html[html.index('md-nav--primary') : html.index('md-sidebar--secondary')]
    assert "entries/" not in primary
    active = re.findall(r'<li class="md-nav__item md-nav__item--active">\s*<a href="([^"]+)"', html)
    assert active == ["../../building-blocks/"]


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
    tables = [
        t[: t.index("</table>")]
        for page in sorted(built_site.glob("entries/*/index.html"))
        for t in page.read_text(encoding="utf-8").split('<table class="computed">')[1:]
    ]
    assert any('class="katex"' in t for t in tables)


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
