"""The "Read a formula" page (``read/``): the data its recogniser reads, generated from the
entries, and the assets it loads (KaTeX's script and full fonts, on that page only).

The recogniser itself is ``reader.js`` beside this module, written once in JavaScript on
KaTeX's parse tree; the page loads it, and tests run it in Node.js. It reads for each entry
its symbol, ``latex_commands``, ``unicode`` glyphs, ``aliases``, ``letters`` and the optional
``patterns`` field (``model.schema``), and the TeX tables of ``notation_site.tex.text``.

The site's own KaTeX fonts are subsets cut to the glyphs its formulas draw
(``output.fonts``); a formula pasted by a reader can draw any glyph, so this page loads
KaTeX's stylesheet and its complete, unmodified woff2 fonts from ``assets/katex/full/``.

The whole formula is read aloud by ``reader.js`` itself, walking the same parse tree (letters
and Greek names, "sub", "transpose", "the square root of ... end root", words whole), not by
the Speech Rule Engine: SRE (``speech-rule-engine`` on npm, ~1.8 MB unpacked) reads MathML,
needs its locale files served beside it to work offline, and would be a second parser of the
formula; the page's own reading uses the recogniser's tree, so its words and the rows agree.
SRE remains the better choice for full ClearSpeak-quality speech of every formula on the site.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from notation_site.model.catalog import Catalog
from notation_site.search.tokens import SCRIPTS
from notation_site.tex.text import DOUBLE_STRUCK, SCRIPT_LETTERS, TEX_GLYPHS

READER_JS = Path(__file__).with_name("reader.js")
"""The recogniser, shipped as ``assets/javascripts/notation-reader.js``."""
READ_PAGE = "read.md"
READ_ASSETS = {
    "reader": "assets/javascripts/notation-reader.js",
    "data": "assets/javascripts/notation-reader-data.js",
    "katex": "assets/katex/full/katex.min.js",
    "css": "assets/katex/full/katex.min.css",
}
LETTERS_ENTRY = "overloaded-letters"
"""The entry whose ``letters`` list every meaning: the letters page, not a candidate itself."""

SPOKEN = {
    "=": "equals", "+": "plus", "-": "minus", "/": "divided by", "(": "open paren", ")": "close paren",
    "[": "open bracket", "]": "close bracket", ",": "comma", ";": "semicolon", "|": "bar",
    "\\mid": "given", "\\sim": "is distributed as", "\\in": "in", "\\cdot": "times", "\\times": "times",
    "\\odot": "element-wise times", "\\otimes": "circle times", "\\le": "is at most", "\\leq": "is at most",
    "\\ge": "is at least", "\\geq": "is at least", "\\approx": "is approximately", "\\propto": "is proportional to",
    "\\to": "goes to", "\\leftarrow": "gets", "\\gets": "gets", "\\coloneqq": "is defined as", "\\infty": "infinity",
    "\\sum": "the sum", "\\prod": "the product", "\\int": "the integral", "\\nabla": "nabla", "\\partial": "partial",
    "\\Vert": "norm bar", "\\|": "norm bar", "\\lVert": "norm of", "\\rVert": "end norm", "\\langle": "angle bracket",
    "\\rangle": "end angle bracket", "\\ldots": "dots", "\\cdots": "dots", "\\dots": "dots", "'": "prime",
    "\\top": "transpose", "\\ast": "star", "*": "star", "\\log": "log", "\\exp": "exp", "\\max": "max", "\\min": "min",
}


def reader_data(catalog: Catalog, url: Callable[[str], str], macros: dict[str, str], new_entry_url: str | None) -> dict:
    """What ``reader.js`` needs: each placed entry's fields and site URL, and the TeX tables.

    ``url(entry_id)`` gives the entry's address relative to the site root (from
    ``Catalog.url``); ``new_entry_url`` the new-entry issue form, or None without a repository.

    >>> from notation_site.model.catalog import load
    >>> cat = load(Path(__file__).resolve().parents[3])
    >>> data = reader_data(cat, lambda i: "x/#" + i, {}, None)
    >>> row = next(e for e in data["entries"] if e["id"] == "softmax")
    >>> row["name"], row["url"], data["texGlyphs"]["odot"]
    ('Softmax', 'x/#softmax', '⊙')
    """
    greek = {k: k for k, v in TEX_GLYPHS.items() if "\u0370" <= v <= "\u03ff"}
    spoken = {f"\\{k}": v for k, v in greek.items()} | {v: k for k, v in greek.items()} | SPOKEN
    entries = [
        {
            "id": e.id,
            "name": e.name,
            "read": e.read_aloud,
            "summary": e.summary,
            "shape": e.shape,
            "url": url(e.id),
            "symbol": e.symbol,
            "commands": e.latex_commands,
            "unicode": e.unicode,
            "aliases": e.aliases,
            "patterns": e.patterns,
            "letters": list(e.letters),
        }
        for e in catalog.ordered()
    ]
    return {
        "entries": entries,
        "texGlyphs": TEX_GLYPHS,
        "doubleStruck": DOUBLE_STRUCK,
        "scriptLetters": SCRIPT_LETTERS,
        "scripts": SCRIPTS,
        "spoken": spoken,
        "macros": macros,
        "lettersEntry": LETTERS_ENTRY,
        "lettersUrl": url(LETTERS_ENTRY) if LETTERS_ENTRY in catalog.entries else None,
        "newEntryUrl": new_entry_url,
    }


def reader_script(data: dict) -> str:
    """``data`` as the script the page loads before ``reader.js``."""
    return "window.__notationReaderData = " + json.dumps(data, ensure_ascii=False, sort_keys=True) + ";\n"
