"""``assets/javascripts/notation-search-data.js``: the tables the browser needs to build the
same compound tokens as the index (``docs/javascripts/notation-search.js`` reads them).
"""

from __future__ import annotations

import json

from notation_site.search.match import FAMILY_WEIGHT
from notation_site.search.tokens import CAPITAL, DIGRAPHS, FAMILY, FOLD, MARK, PLAIN_LETTERS, UPRIGHT, UPRIGHT_LETTER, SCRIPTS, SEPARATOR, SIZE_GLUED, SIZE_PRODUCT, SIZE_SPACED
from notation_site.tex.text import BOLD_SANS, STYLED, FONT_FAMILY, FONT_LETTERS, TEX_GLYPHS, WRAPPERS

def client_data() -> str:
    """The tables the browser needs to build the same compound tokens, as a script."""
    data = {
        "wrappers": WRAPPERS,
        "glyphs": TEX_GLYPHS,
        "fold": FOLD,
        "fontLetters": FONT_LETTERS,
        "fontFamily": FONT_FAMILY,
        "plainLetters": PLAIN_LETTERS,
        "upright": UPRIGHT,
        "uprightLetter": UPRIGHT_LETTER.pattern,
        "family": FAMILY,
        "familyWeight": FAMILY_WEIGHT,
        "boldSans": BOLD_SANS.pattern,
        "styled": STYLED.pattern,
        "separator": SEPARATOR,
        "capital": CAPITAL,
        "mark": MARK,
        "scripts": SCRIPTS,
        "digraphs": DIGRAPHS,
        "sizeSpaced": SIZE_SPACED,
        "sizeGlued": SIZE_GLUED,
        "sizeProduct": SIZE_PRODUCT,
    }
    return "window.__notationSearchData = " + json.dumps(data, ensure_ascii=False, sort_keys=True) + ";\n"
