"""Compound tokens: one lunr-safe token that stands for a whole piece of notation.

Material's search (lunr) splits text at its separator and lowercases every token, so
``A^T``, ``|V|`` or ``E[X]`` would never be matched whole. :func:`compound` writes such
notation as one token that survives lunr's pipeline; the browser builds the same token from
what the reader types, from the tables here (``notation_site.search.client``).

>>> compound(r"\\odot") == compound("⊙")
True
>>> compound("A^T"), compound(r"\\vert V \\vert"), compound("KL(P || Q)")
('a＾t', '｜v｜', 'kl（p‖q）')
>>> compound(r"\\mathbb{E}[X]"), compound(r"\\mathbb{E}[X]", nfkc=True)
('𝔼［x］', 'e［x］')
>>> compound("d_{\\\\text{model}}"), compound("Hadamard product")
('d_model', 'hadamard_product')
>>> compound(r"\\boldsymbol{x}"), compound("𝐱"), compound(r"\\mathbf{x}", nfkc=True), compound("X"), compound("X", nfkc=True)
('𝐱', '𝐱', 'x', 'ꜛx', 'x')
>>> compound(r"\\mathrm{x}"), compound(r"\\mathrm{d}x")
('ᵘx', 'dx')
"""

from __future__ import annotations

import re
import unicodedata

from notation_site.tex.text import FONT_FAMILY, FONT_LETTERS, PASTED, tex_to_text

# Glyphs that look alike and are pasted for one another: each as the character its TeX draws
# (notation_site.tex.text.PASTED, the table the formula reader reads too); search also takes
# ⋆ for *, the star of θ*.
FOLD: dict[str, str] = {
    **{g: tex_to_text(t) for g, t in PASTED.items() if tex_to_text(t) != g},
    "⋆": "*",
    # a letter's slant and the weight of a sans-serif letter are not what it means: papers
    # write a vector \mathbf{x} or \boldsymbol{x}, a tensor \mathsf{X} or bold \mathsf{X}
    **{FONT_LETTERS["boldsymbol"][c]: FONT_LETTERS["mathbf"][c] for c in FONT_LETTERS["mathbf"]},
    **{FONT_LETTERS["boldsf"][c]: FONT_LETTERS["mathsf"][c] for c in FONT_LETTERS["mathsf"]},
}

# Every compound token in the index starts with this mark, so a reader's word (`torch`)
# typed with lunr's trailing wildcard does not also match every compound it begins
# (`torch．eye`, `torch．cat`, ...) and reward entries for listing many API names.
MARK = "§"

# A letter in a font (𝐱, 𝒂, 𝖷, 𝔸: notation_site.tex.text.FONT_LETTERS) also stands for its
# font family, written as this mark and the family's name after MARK (`§ᶠbold_small`): a
# character no reader types, so no query's prefix reaches it.
FAMILY = "ᶠ"

# A lone upright letter (`\mathrm{x}`: Goodfellow et al.'s random variable) is written as this
# mark and the letter, apart from the italic x a reader types for a scalar. Upright letters
# inside a formula stay plain letters (`\mathrm{d}x` is dx); `\textnormal` is no wrapper here
# (`\textnormal{x}` is the words "textnormal x"), so it is left as it is.
UPRIGHT = "ᵘ"
UPRIGHT_LETTER = re.compile(r"\\(?:mathrm|textrm|text|rm|mathup|upright)\s*\{\s*([A-Za-z])\s*\}")

# Lunr lowercases every token, which would make Σ (sum) and σ (sigmoid, std) one symbol:
# a capital Greek letter is written as this mark followed by its small letter.
CAPITAL = "ꜛ"

# For the loose form of a compound: sub- and superscript glyphs as `_x` and `^x`, and the
# transpose signs as T, so Aᵀ, A^⊤, A^\top and A^T meet, and so do ‖x‖₂ and \lVert x \rVert_2.
SCRIPTS: dict[str, str] = {
    **{chr(0x2080 + i): f"_{i}" for i in range(10)},
    **{c: f"^{i}" for i, c in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹")},
    "ᵢ": "_i", "ⱼ": "_j", "ₖ": "_k", "ₗ": "_l", "ₘ": "_m", "ₙ": "_n", "ₜ": "_t", "ₓ": "_x",
    "ₐ": "_a", "ₑ": "_e", "ₒ": "_o", "ᵣ": "_r", "ᵤ": "_u", "ᵥ": "_v", "ₚ": "_p", "ₛ": "_s",
    "ᵀ": "^T", "ᵗ": "^t", "ⁿ": "^n", "ⁱ": "^i", "⁺": "^+", "⁻": "^-", "ᵈ": "^d", "ᵏ": "^k",
    "⊤": "T", "⊺": "T",
}

# ASCII spellings of glyphs, read as the glyph in the loose form: `>=` meets `≥`.
DIGRAPHS: dict[str, str] = {
    "<=>": "⇔", "<->": "↔", "-->": "⟶", "<--": "⟵", "->": "→", "<-": "←", "=>": "⇒",
    ">=": "≥", "<=": "≤", "!=": "≠", "~=": "≈", "|->": "↦",
}

# Lunr's own query syntax (`^ ~ : + - *` and the `\` escape) and the separator below can
# never appear inside a compound token: ASCII punctuation becomes its full-width form.
_FULLWIDTH = {c: chr(ord(c) + 0xFEE0) for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"}

# The search separator (mkdocs.yml: plugins.search.separator): white space, ASCII
# punctuation except `_`, and typographic dashes and quotes. It splits TeX such as
# `\(A \odot B\)` into words and never splits a compound token.
SEPARATOR = r"""[\s\-!"#$%&'()+,./:;<=>?@\[\\\]^`{|}~–—“”‘’«»]+"""

# A size product typed in ASCII: `m by n`, `B x N x d`, `4x2`. "x" or "by" between two size
# tokens (one letter or a number) reads as ×, so `R^{m x n}` meets `\mathbb{R}^{m \times n}`.
# The browser uses the same two patterns (client_data), so keep them in JavaScript syntax.
SIZE_SPACED = r"(?<![A-Za-z0-9_\\])(?:[A-Za-z]|[0-9]+)(?:\s+(?:x|by)\s+(?:[A-Za-z]|[0-9]+))+(?![A-Za-z0-9_])"
SIZE_GLUED = r"(?<![A-Za-z0-9_\\])[0-9]+(?:x[0-9]+)+(?![A-Za-z0-9_])"


# In the loose form a product of two or three sizes stands for any such product, so
# `3 x 3 matrix` meets `m by n matrix` and `R^{768 x 64}` meets `ℝ^{m×n}`.
SIZE_PRODUCT = r"(?<![A-Za-z0-9_\\])(?:[A-Za-z]|[0-9]+)(?:\s*×\s*(?:[A-Za-z]|[0-9]+)){1,2}(?![A-Za-z0-9_×])"


def any_sizes(s: str) -> str:
    """Each product of two or three sizes as ``m×n`` or ``b×n×d``.

    >>> any_sizes("R^3 × 3 matrix"), any_sizes("B×N×d"), any_sizes("a_1 × a_2")
    ('R^m×n matrix', 'b×n×d', 'a_1 × a_2')
    """
    return re.sub(SIZE_PRODUCT, lambda m: "m×n" if m.group().count("×") == 1 else "b×n×d", s)


def read_sizes(s: str) -> str:
    """``x`` and ``by`` between sizes as ×.

    >>> read_sizes("m by n matrix"), read_sizes("R^{B x N x d}"), read_sizes("4x2"), read_sizes("max(0, x)")
    ('m × n matrix', 'R^{B × N × d}', '4×2', 'max(0, x)')
    """
    s = re.sub(SIZE_SPACED, lambda m: re.sub(r"\s+(?:x|by)\s+", " × ", m.group()), s)
    return re.sub(SIZE_GLUED, lambda m: m.group().replace("x", "×"), s)


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


def mark_case(s: str) -> str:
    """Keep capital Greek letters apart from small ones after lowercasing.

    >>> mark_case("ΔW σ Σ")
    'ꜛδW σ ꜛσ'
    """
    return "".join(CAPITAL + c.lower() if "\u0391" <= c <= "\u03a9" else c for c in s)


# Bold and sans-serif letters as the plain letter under them (bold italic is folded to bold).
PLAIN_LETTERS: dict[str, str] = {
    glyph: letter for font in ("mathbf", "boldsymbol", "mathsf", "boldsf") for letter, glyph in FONT_LETTERS[font].items()
}


def plain(token: str) -> str:
    """A compound token with its bold and sans-serif letters as plain ones: how the formula
    reads to a reader who types it without fonts (and how this site's search read every font
    before it told them apart).

    >>> plain(compound(r"\\tilde{\\mathbf{y}} = \\mathbf{W}x"))
    'tilde_y＝wx'
    """
    return "".join(PLAIN_LETTERS.get(c, c) for c in token).lower()


def family_token(s: str) -> str | None:
    """The token of the font family of ``s`` when ``s`` is one letter in a font, else None.

    Bold upright and bold italic are one family, and so are sans-serif and bold sans-serif:
    the entry that lists ``\\mathbf{x}`` is found by ``\\boldsymbol{a}`` and by a pasted 𝐯.

    >>> family_token(r"\\mathbf{x}"), family_token(r"\\boldsymbol{A}"), family_token("𝖷"), family_token("x")
    ('§ᶠbold_small', '§ᶠbold_capital', '§ᶠsans_capital', None)
    """
    family = FONT_FAMILY.get(tex_to_text(s.strip()))
    return MARK + FAMILY + family if family else None


def compound(s: str, nfkc: bool = False) -> str:
    """One lunr-safe token standing for the whole of ``s`` (the browser does the same).

    Spaces between two words become ``_``; other spaces go; ASCII punctuation becomes
    full-width; everything else (letters, digits, glyphs) stays, lowercased. With
    ``nfkc`` it gives the loose form: compatibility characters folded (𝔼 to E, ℝ to R)
    and sub- and superscripts spelt out (``SCRIPTS``).
    """
    upright = None if nfkc else UPRIGHT_LETTER.fullmatch(s.strip())
    if upright:
        return UPRIGHT + compound(upright.group(1))
    s = read_sizes(s)
    if nfkc:
        s = unicodedata.normalize("NFKC", "".join(SCRIPTS.get(c, c) for c in s))
    s = tex_to_text(s)
    if nfkc:
        s = unicodedata.normalize("NFKC", "".join(SCRIPTS.get(c, c) for c in s))
        for digraph, glyph in DIGRAPHS.items():
            s = s.replace(digraph, glyph)
        s = any_sizes(s)
    if not nfkc and re.fullmatch("[A-Z]", s):
        s = CAPITAL + s  # a lone capital keeps its case: X (a random variable) is not x (a scalar)
    s = mark_case("".join(FOLD.get(c, c) for c in s)).replace("||", "‖").lower()
    out: list[str] = []
    space = False
    for c in s:
        if c.isspace():
            space = True
            continue
        if space and out and out[-1] != "_" and c != "_" and _is_word(out[-1]) and _is_word(c):
            out.append("_")
        space = False
        out.append(_FULLWIDTH.get(c, c))
    return "".join(out)

