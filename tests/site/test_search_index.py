"""What the build writes for search, the symbol index and the cheat sheet (no browser)."""

from __future__ import annotations

import html
import json
import re
import unicodedata

import pytest

from conftest import ROOT, visible_text
from notation_site.model.catalog import load
from notation_site.search.index import entry_sections
from notation_site.search.keys import api_names, search_field, search_keys, search_uses
from notation_site.search.tokens import MARK, SEPARATOR, compound, family_token
from notation_site.tex.text import FONT_LETTERS


def _index(site) -> dict:
    return json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))


def test_every_entry_section_carries_its_search_keys(built_site):
    catalog = load(ROOT)
    docs = {d["location"]: d for d in _index(built_site)["docs"]}
    sections = entry_sections(catalog)
    assert len(sections) == len(catalog.ordered())
    for location, entry in sections.items():
        keys = html.unescape(docs[location]["keys"]).split(" ")
        for key in [*entry.aliases, *entry.latex_commands, *entry.unicode]:
            if compound(key):  # a bare font command (`\mathbf`) has no token of its own
                assert MARK + compound(key) in keys, (entry.id, key)
        uses = html.unescape(docs[location]["uses"]).split(" ")
        for name in api_names(" ".join(entry.code.values())):
            assert MARK + compound(name) in uses, (entry.id, name)
        assert len(keys) == len(set(keys)), f"{entry.id}: a token twice"


def test_search_config_gives_keys_a_field_and_a_separator_that_keeps_compounds_whole(built_site):
    index = _index(built_site)
    config = index["config"]
    assert config["separator"] == SEPARATOR
    assert config["fields"]["keys"]["boost"] >= config["fields"]["title"]["boost"]
    assert "trimmer" not in config["pipeline"]
    separator = re.compile(config["separator"])
    for doc in index["docs"]:
        for token in html.unescape(doc.get("keys", "") + " " + doc.get("uses", "")).split(" "):
            if token.startswith(MARK):
                assert not separator.search(token), (doc["location"], token)


def test_search_keys_include_code_names_and_the_symbol():
    catalog = load(ROOT)
    softmax = catalog.entries["softmax"]
    assert "torch.softmax" in search_keys(softmax)  # an alias
    assert "np.exp" in search_uses(softmax)  # called in its code line
    # its symbol's left-hand side is its own notation, so a key; the whole symbol is a use
    assert "\\operatorname{Softmax}(\\mathbf{z})_i" in search_keys(softmax)
    assert softmax.symbol in search_uses(softmax)
    # a left-hand side that is not the entry's own notation stays a use: W in W = W_0 + ΔW
    delta = catalog.entries["delta-update"]
    assert "W" not in search_keys(delta)


def test_worked_examples_stay_out_of_the_search_index(built_site):
    text = " ".join(d["text"] for d in _index(built_site)["docs"])
    assert "from notation" not in text and "import numpy" not in text
    # but their pages still show them
    page = (built_site / "entries/softmax/index.html").read_text(encoding="utf-8")
    assert '<div class="example" data-snippet=' in page


def test_symbol_index_and_cheat_sheet_stay_out_of_search(built_site):
    locations = {d["location"].split("#")[0] for d in _index(built_site)["docs"]}
    assert "symbol-index/" not in locations and "cheat-sheet/" not in locations


def test_symbol_index_has_one_row_per_entry_with_working_links(built_site):
    catalog = load(ROOT)
    page = (built_site / "symbol-index/index.html").read_text(encoding="utf-8")
    rows = []
    for attrs, row in re.findall(r"<tr ([^>]*)>(.*?)</tr>", page, re.S):
        found = dict(re.findall(r'([a-z-]+)="([^"]*)"', attrs))
        if found.get("id", "").startswith("si-"):
            rows.append((found["id"][3:], found["data-filter"], row))
    assert sorted(r[0] for r in rows) == sorted(e.id for e in catalog.ordered())
    for entry_id, filter_text, row in rows:
        entry = catalog.entries[entry_id]
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        assert len(cells) == 7, entry_id
        assert html.unescape(entry.name) in html.unescape(cells[1])
        href = re.search(r'href="([^"]+)"', cells[6]).group(1)
        assert href == f"../entries/{entry_id}/", (entry_id, href)
        assert f'id="{entry_id}"' in (built_site / "symbol-index" / href / "index.html").resolve().read_text(encoding="utf-8")
        for command in entry.latex_commands:
            assert f'data-copy="{html.escape(command)}"' in cells[3], (entry_id, command)
        for glyph in entry.unicode:
            assert f'data-copy="{html.escape(glyph)}"' in cells[4], (entry_id, glyph)
        assert entry.name.lower() in html.unescape(filter_text)
    assert 'class="katex"' in page  # symbols without a glyph are rendered at build time


def test_cheat_sheet_lists_every_entry_under_its_topic_with_its_meaning(built_site):
    catalog = load(ROOT)
    page = (built_site / "cheat-sheet/index.html").read_text(encoding="utf-8")
    for topic in catalog.topics:
        entries = catalog.topic_entries(topic)
        if not entries:
            continue
        start = page.index(f">{html.escape(topic.title)}<")
        section = page[start:]
        nxt = re.search(r"<h2 ", section[10:])
        section = section[: nxt.start() + 10] if nxt else section
        for entry in entries:
            assert f'href="../entries/{entry.id}/"' in section, (topic.slug, entry.id)
            words = [w for w in re.split(r"\$[^$]*\$", entry.summary) if w.strip()]
            assert visible_text(words[0]).strip()[:20] in visible_text(section), entry.id
    assert "arithmatex" not in page


# -- letters in a font (issue 24) ---------------------------------------------------------------

_STYLE = {"mathbf": "BOLD", "boldsymbol": "BOLD ITALIC", "mathsf": "SANS-SERIF", "boldsf": "SANS-SERIF BOLD", "mathbb": "DOUBLE-STRUCK", "mathcal": "SCRIPT"}


@pytest.mark.parametrize("font", sorted(_STYLE))
def test_each_font_letter_is_the_unicode_character_of_that_style(font):
    # the Unicode database names each character: MATHEMATICAL BOLD SMALL X, DOUBLE-STRUCK CAPITAL R
    for letter, glyph in FONT_LETTERS[font].items():
        case = "CAPITAL" if letter.isupper() else "SMALL"
        assert unicodedata.name(glyph).endswith(f"{_STYLE[font]} {case} {letter.upper()}"), (font, letter, glyph)
        assert unicodedata.normalize("NFKC", glyph) == letter


def test_font_and_case_tell_lone_letters_apart_but_not_words():
    strict = {q: compound(q) for q in ["x", "X", r"\mathbf{x}", r"\mathbf{X}", r"\mathsf{X}", r"\mathbb{X}", r"\mathcal{X}", r"\mathrm{x}"]}
    assert len(set(strict.values())) == len(strict), strict
    # the same bold letter however it is written or pasted
    assert compound(r"\boldsymbol{x}") == compound(r"\bm{x}") == compound("𝐱") == compound("𝒙") == strict[r"\mathbf{x}"]
    assert compound(r"\boldsymbol{\mathsf{A}}") == compound(r"\mathsf{A}") == compound("𝖠")
    # words and formulas keep folding case, and an upright d inside a formula is a d
    assert compound("Softmax") == compound("softmax") and compound("E[X]") == compound("e[x]")
    assert compound(r"\mathrm{d}x") == compound("dx")
    assert compound(r"\mathbf{x}", nfkc=True) == compound("x", nfkc=True)


def test_an_entry_with_several_letters_of_one_font_is_found_by_any_of_them():
    catalog = load(ROOT)
    vector = search_field(search_keys(catalog.entries["vector"]))
    assert family_token(r"\boldsymbol{v}") in vector.split()
    # one bold capital (the identity's I) does not make an entry the one about bold capitals
    assert family_token(r"\mathbf{W}") not in search_field(search_keys(catalog.entries["identity-matrix"])).split()
    assert family_token("x") is None and family_token(r"\mathbf{x}_i") is None
