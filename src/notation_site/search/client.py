"""``assets/javascripts/notation-search-data.js``: the tables the browser needs to build the
same compound tokens as the index (``docs/javascripts/notation-search.js`` reads them).
"""

from __future__ import annotations

import json

from notation_site.search.tokens import CAPITAL, DIGRAPHS, FOLD, MARK, SCRIPTS, SEPARATOR, SIZE_GLUED, SIZE_PRODUCT, SIZE_SPACED
from notation_site.tex.text import DOUBLE_STRUCK, SCRIPT_LETTERS, TEX_GLYPHS, WRAPPERS

def client_data() -> str:
    """The tables the browser needs to build the same compound tokens, as a script."""
    data = {
        "wrappers": WRAPPERS,
        "glyphs": TEX_GLYPHS,
        "fold": FOLD,
        "doubleStruck": DOUBLE_STRUCK,
        "script": SCRIPT_LETTERS,
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
