"""Unicode glyphs: how a code point is written, and which characters count as notation."""

from __future__ import annotations

import unicodedata

MATH_BLOCKS = (
    (0x0370, 0x03FF),  # Greek
    (0x2100, 0x214F),  # letterlike symbols: ℝ ℒ ℓ
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x27C0, 0x27FF),  # miscellaneous mathematical symbols A, supplemental arrows A
    (0x2980, 0x2AFF),  # miscellaneous mathematical symbols B, supplemental operators
    (0x1D400, 0x1D7FF),  # mathematical alphanumeric symbols: 𝐱 𝒩
)


TYPOGRAPHIC = {"\u2212"}
"""Typographic stand-ins for ASCII that search treats as the ASCII character: the minus
sign (U+2212) in prose such as "axis −1" is a hyphen-minus, not notation."""


def code_point(ch: str) -> str:
    """One character's code point as Unicode writes it.

    >>> code_point("⊙"), code_point("𝐱")
    ('U+2299', 'U+1D431')
    """
    return f"U+{ord(ch):04X}"


def code_points(glyph: str) -> str:
    """The code points of a glyph (one or more characters), space-separated.

    >>> code_points("x̂")
    'U+0078 U+0302'
    """
    return " ".join(code_point(ch) for ch in glyph)


def is_notation_glyph(ch: str) -> bool:
    """True for a character a reader might paste into search: math symbols, Greek letters,
    letterlike and math-alphabet letters (not punctuation such as … – · or accented letters).

    >>> [is_notation_glyph(c) for c in "⊙θℝ×…é·a\u2212"]
    [True, True, True, True, False, False, False, False, False]
    """
    if ord(ch) < 0x80 or ch in TYPOGRAPHIC:
        return False
    if unicodedata.category(ch) == "Sm":
        return True
    return any(a <= ord(ch) <= b for a, b in MATH_BLOCKS) and unicodedata.category(ch)[0] in "LS"


_TEX_CAPITALS = set("ΓΔΘΛΞΠΣΥΦΨΩ")  # the Greek capitals TeX draws with a command of their own
_TEX_SYMBOLS = {"|": r"\vert", "⊗": r"\otimes", "⊙": r"\odot", "∼": r"\sim"}


def letter_tex(letter: str) -> str:
    """The TeX that draws a letter or symbol an entry gives a meaning (``letters:``).

    Greek letters by name; ε in both forms entries use (``\\epsilon`` draws ϵ,
    ``\\varepsilon`` ε); ``|`` as ``\\vert``, which a Markdown table cell can hold, and
    the few operators entries declare by their commands.

    >>> [letter_tex(c) for c in "θλΣΛεB|⊗"]
    ['\\\\theta', '\\\\lambda', '\\\\Sigma', '\\\\Lambda', '\\\\epsilon, \\\\varepsilon', 'B', '\\\\vert', '\\\\otimes']
    """
    if letter in _TEX_SYMBOLS:
        return _TEX_SYMBOLS[letter]
    name = unicodedata.name(letter, "")
    if name == "GREEK SMALL LETTER EPSILON":
        return r"\epsilon, \varepsilon"
    if name.startswith("GREEK SMALL LETTER ") or letter in _TEX_CAPITALS:
        word = {"lamda": "lambda"}.get(name.split()[-1].lower(), name.split()[-1].lower())  # Unicode spells it lamda
        return "\\" + (word.capitalize() if letter.isupper() else word)
    return letter


def letter_order(letter: str) -> tuple[int, str]:
    """Sort key for a table of letters: Greek small, Greek capitals, Latin capitals,
    Latin small, then other symbols; alphabetical within each.

    >>> sorted("hTσ|Σα", key=letter_order)
    ['α', 'σ', 'Σ', 'T', 'h', '|']
    """
    greek = "GREEK" in unicodedata.name(letter, "")
    group = (0 if letter.islower() else 1) if greek else (2 if letter.isupper() else 3 if letter.islower() else 4)
    return group, letter


def is_letter_key(key: str) -> bool:
    """True for what ``letters:`` may name: one letter or one mathematical symbol.

    >>> [is_letter_key(k) for k in ("θ", "B", "|", "Σ", "ab", "", "1")]
    [True, True, True, True, False, False, False]
    """
    return len(key) == 1 and (key.isalpha() or key == "|" or unicodedata.category(key) == "Sm")
