"""The generated page "From the textbooks": every item of data/textbooks.yml, linked to its entry."""

from __future__ import annotations

import html
import re

import pytest

from conftest import ROOT
from notation_site.model.catalog import load
from notation_site.model.textbooks import load_textbooks

pytestmark = pytest.mark.build


def _rows(page: str) -> list[str]:
    return re.findall(r"<tr>\s*<td class=\"tb-tex\">(.*?)</tr>", page, flags=re.S)


def test_every_item_is_a_row_and_linked_items_point_at_their_entry(built_site):
    books = load_textbooks(ROOT)
    catalog = load(ROOT)
    page = (built_site / "textbooks/index.html").read_text(encoding="utf-8")
    rows = _rows(page)
    items = [i for b in books for i in b.items]
    assert len(rows) == len(items)
    for item, row in zip(items, rows):
        assert f'data-copy="{html.escape(item.tex, quote=True)}"' in row
        # the row's own link; the symbols of the book's formula link on their own (test_symbol_links)
        links = re.findall(r'<a href="([^"]+)"', re.sub(r'<span class="formula-symbols">.*?</a></span>', "", row))
        if item.scope or item.pending:
            assert links == [], item.tex
        else:
            assert item.entry in catalog.entries, item.tex
            assert links == [f"../entries/{item.entry}/"], item.tex  # the entry's own page
    assert "katex-error" not in page


def test_the_page_is_in_the_nav_and_out_of_search(built_site):
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="textbooks/"' in home
    index = (built_site / "search/search_index.json").read_text(encoding="utf-8")
    assert '"location":"textbooks/' not in index.replace(" ", "")
