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
