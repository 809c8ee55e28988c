"""TeX as a reader would type it, and the parts of a formula: what the search keys and the
generated tables read out of an entry's symbol.

Nothing here knows about search or HTML; ``notation_site.search`` and the generated
tables of ``notation_site.output.views`` both read symbols through it.
"""

from __future__ import annotations

import re
from typing import Any

from notation_site.tex.lint import balance_problem

# Commands that only choose a font or wrap a name: their argument is what a reader types.
WRAPPERS = (
    "mathbf mathrm mathit mathsf mathtt mathnormal text textrm textit textbf textsf texttt "
    "boldsymbol bm operatorname mathscr mathfrak displaystyle textstyle scriptstyle "
    "left right big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr limits nolimits"
).split()

# LaTeX commands written as the glyph a paper shows, so `\odot`, `odot`'s glyph ⊙ and a
# pasted ⊙ give the same compound token.
TEX_GLYPHS: dict[str, str] = {
    # Greek
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "θ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ",
    "tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
    # operators and relations
    "odot": "⊙", "oslash": "⊘", "otimes": "⊗", "oplus": "⊕", "times": "×", "cdot": "·",
    "cdots": "⋯", "ldots": "...", "dots": "...", "vdots": "⋮", "ddots": "⋱", "circ": "∘", "ast": "*", "star": "⋆",
    "div": "÷", "pm": "±", "mp": "∓",
    "nabla": "∇", "partial": "∂", "sum": "Σ", "prod": "Π", "int": "∫", "sqrt": "√",
    "infty": "∞", "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆",
    "cup": "∪", "cap": "∩", "emptyset": "∅", "varnothing": "∅", "forall": "∀", "exists": "∃",
    "neg": "¬", "land": "∧", "lor": "∨", "wedge": "∧", "vee": "∨",
    "approx": "≈", "sim": "∼", "simeq": "≃", "cong": "≅", "equiv": "≡", "propto": "∝",
    "neq": "≠", "ne": "≠", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "ll": "≪", "gg": "≫",
    "coloneqq": ":=", "eqqcolon": "=:", "triangleq": "≜", "doteq": "≐",
    "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "longrightarrow": "⟶",
    "longleftarrow": "⟵", "Rightarrow": "⇒", "Leftarrow": "⇐", "implies": "⇒",
    "leftrightarrow": "↔", "Leftrightarrow": "⇔", "iff": "⇔", "mapsto": "↦",
    "Longrightarrow": "⟹", "Longleftrightarrow": "⟺",
    "uparrow": "↑", "downarrow": "↓",
    "top": "⊤", "intercal": "⊤", "bot": "⊥", "perp": "⊥", "dagger": "†", "prime": "′",
    "vert": "|", "lvert": "|", "rvert": "|", "mid": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖",
    "parallel": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
    "lceil": "⌈", "rceil": "⌉", "ell": "ℓ", "hbar": "ℏ", "aleph": "ℵ",
}


# Letters \\mathbb and \\mathcal draw as a single Unicode character outside the block below.
DOUBLE_STRUCK = {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}
SCRIPT_LETTERS = {"B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ"}

# Where each font's letters sit in Unicode's Mathematical Alphanumeric Symbols (U+1D400-1D7FF):
# the code point of its capital A and of its small a (None: small letters stay plain).
# Upright letters (\mathrm, \textnormal, \text) are the plain ASCII ones, so `\mathrm{d}` stays d.
_FONT_BASES: dict[str, tuple[int, int | None]] = {
    "mathbf": (0x1D400, 0x1D41A),  # bold: 𝐀 𝐚
    "boldsymbol": (0x1D468, 0x1D482),  # bold italic: 𝑨 𝒂
    "mathsf": (0x1D5A0, 0x1D5BA),  # sans-serif: 𝖠 𝖺
    "boldsf": (0x1D5D4, 0x1D5EE),  # bold sans-serif (\boldsymbol{\mathsf{A}}): 𝗔 𝗮
    "mathbb": (0x1D538, None),  # double-struck: 𝔸
    "mathcal": (0x1D49C, None),  # script: 𝒜
}
_FONT_HOLES = {"mathbb": DOUBLE_STRUCK, "mathcal": SCRIPT_LETTERS}


def _font_letters(font: str) -> dict[str, str]:
    capital, small = _FONT_BASES[font]
    table = {chr(65 + i): chr(capital + i) for i in range(26)}
    if small is not None:
        table.update({chr(97 + i): chr(small + i) for i in range(26)})
    table.update(_FONT_HOLES.get(font, {}))
    return table


FONT_LETTERS: dict[str, dict[str, str]] = {font: _font_letters(font) for font in _FONT_BASES}
"""Each font command's letters as the one Unicode character it draws, so `\\mathbf{x}` (𝐱),
`\\boldsymbol{x}` (𝒙), `\\mathsf{X}` (𝖷), `\\mathbb{A}` (𝔸) and `\\mathcal{X}` (𝒳) stay apart from
`x` and from each other, and meet the glyph a reader pastes. `\\bm` is `\\boldsymbol`."""
FONT_LETTERS["bm"] = FONT_LETTERS["boldsymbol"]

# Bold and sans-serif together (Goodfellow et al.'s tensors), either way round; then one font.
BOLD_SANS = re.compile(
    r"\\(?:boldsymbol|bm|mathbf)\s*\{\s*\\mathsf\s*\{\s*([A-Za-z])\s*\}\s*\}"
    r"|\\mathsf\s*\{\s*\\(?:boldsymbol|bm|mathbf)\s*\{\s*([A-Za-z])\s*\}\s*\}"
)
STYLED = re.compile(r"\\(mathbb|mathcal|mathbf|boldsymbol|bm|mathsf)\s*\{\s*([A-Za-z])\s*\}")

# A letter's font family, whatever its slant: bold upright and bold italic are both "bold"
# (papers write a vector \mathbf{x} or \boldsymbol{x}); sans-serif with or without bold is
# "sans". A search key or query that is one such letter also carries its family
# (notation_site.search.tokens.family_token), so the entry that lists `\mathbf{x}` answers
# `\boldsymbol{a}` too, and an entry owns a kind of letter through its own data.
_FAMILY = {"mathbf": "bold", "boldsymbol": "bold", "boldsf": "sans", "mathsf": "sans", "mathbb": "double_struck", "mathcal": "script"}
FONT_FAMILY: dict[str, str] = {
    glyph: family + ("_capital" if letter.isupper() else "_small")
    for font, family in _FAMILY.items()
    for letter, glyph in FONT_LETTERS[font].items()
}
"""The font family of each letter of :data:`FONT_LETTERS`: ``FONT_FAMILY["𝒂"] == "bold_small"``."""

_COMMAND = re.compile(r"\\([A-Za-z]+|.)")


PASTED: dict[str, str] = {
    "∑": r"\sum", "∏": r"\prod", "Σ": r"\Sigma", "Π": r"\Pi", "∣": r"\mid", "∥": r"\parallel",
    "∼": r"\sim", "~": r"\sim", "−": "-", "–": "-", "—": "-", "·": r"\cdot", "⋅": r"\cdot", "∙": r"\cdot",
    "ϵ": r"\epsilon", "ε": r"\varepsilon", "ϕ": r"\phi", "ϑ": r"\vartheta", "〈": r"\langle", "〉": r"\rangle",
    "′": "'", "…": r"\ldots", "⋯": r"\cdots", "∗": "*", "⋆": r"\star",
    "“": '"', "”": '"', "‘": "'", "’": "'", "«": '"', "»": '"',
}
"""What a glyph pasted from a PDF stands for, in TeX: the one table of look-alikes that both the
formula reader (``reader/normalise.js``, Unicode to TeX) and search (``search.tokens.FOLD``, each
look-alike to the one character it draws) read."""


def tex_to_text(s: str) -> str:
    """TeX as a reader would type it: font commands dropped, known commands as glyphs, and a
    letter in a font as the one character that font draws (:data:`FONT_LETTERS`).

    >>> tex_to_text(r"\\operatorname{Softmax}(\\mathbf{z})_i")
    'Softmax(𝐳)_i'
    >>> tex_to_text(r"\\nabla_{\\theta} \\mathcal{L}")
    '∇_θ ℒ'
    >>> tex_to_text(r"\\boldsymbol{x} \\mathsf{X} \\boldsymbol{\\mathsf{A}} \\mathbb{A} \\mathrm{d}x \\mathbf{1}")
    '𝒙 𝖷 𝗔 𝔸 dx 1'
    """

    s = BOLD_SANS.sub(lambda m: FONT_LETTERS["boldsf"][m.group(1) or m.group(2)], s)
    s = STYLED.sub(lambda m: FONT_LETTERS[m.group(1)].get(m.group(2), m.group(2)), s)

    def command(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in WRAPPERS:
            return ""
        if name in TEX_GLYPHS:
            return " " + TEX_GLYPHS[name] + " "
        if name in (",", ";", ":", "!", " ", "quad", "qquad"):
            return " "
        if name == "|":
            return "‖"
        if len(name) == 1:  # \{ \} \_ \% ...
            return name
        return " " + name + " "

    s = _COMMAND.sub(command, s)
    s = s.replace("{", "").replace("}", "")
    s = re.sub(r"\s*([_^])\s*", r"\1", s)
    return re.sub(r"\s+", " ", s).strip()


def top_level_split(tex: str) -> list[str]:
    """The variants a symbol lists side by side, split at top-level ``\\qquad``/``\\quad``.

    >>> top_level_split(r"x_i \\qquad \\mathbf{x}_i, \\qquad M_{ij}")
    ['x_i', '\\\\mathbf{x}_i', 'M_{ij}']
    """
    return split_outside_braces(tex, _VARIANT_GAP)


_VARIANT_GAP = re.compile(r"\\(?:qquad|quad)(?![A-Za-z])")


def split_outside_braces(tex: str, separator: re.Pattern[str]) -> list[str]:
    """``tex`` cut at each match of ``separator`` that is outside every ``{...}``; the pieces
    are stripped of spaces and of ``,``/``;`` at their ends, and empty ones dropped.

    >>> split_outside_braces("a = b_{i=1} = c,", re.compile("="))
    ['a', 'b_{i=1}', 'c']
    """
    parts, depth, start = [], 0, 0
    for m in re.finditer(f"{separator.pattern}|[{{}}]", tex):
        if m.group() == "{":
            depth += 1
        elif m.group() == "}":
            depth -= 1
        elif depth == 0:
            parts.append(tex[start : m.start()])
            start = m.end()
    parts.append(tex[start:])
    return [t for t in (part.strip().strip(",;").strip() for part in parts) if t]


def top_level_lhs(tex: str) -> str | None:
    """The part of ``tex`` before its first top-level ``=`` or ``:=``, if any."""
    depth = 0
    i = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            m = re.match(r"\\(coloneqq|[A-Za-z]+|.)", tex[i:])
            if m and m.group(1) == "coloneqq" and depth == 0:
                return tex[:i].strip() or None
            i += len(m.group(0)) if m else 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "=" and depth == 0:
            lhs = tex[:i].rstrip().removesuffix(":").strip()
            return lhs or None
        i += 1
    return None


_RELATION = re.compile(r"\\(?:coloneqq|in)(?![A-Za-z])|:=|=")


def top_level_sides(tex: str) -> list[str]:
    """The sides of ``tex`` split at its top-level ``=``, ``:=`` and ``\\in``.

    >>> top_level_sides(r"\\operatorname{ReLU}(x) = \\max(0, x)")
    ['\\\\operatorname{ReLU}(x)', '\\\\max(0, x)']
    >>> top_level_sides(r"T \\in \\mathbb{R}^{B \\times N}"), top_level_sides(r"\\sum_{i=1}^{d} x_i")
    (['T', '\\\\mathbb{R}^{B \\\\times N}'], ['\\\\sum_{i=1}^{d} x_i'])
    """
    return split_outside_braces(tex, _RELATION)


def short_tex(entry: Any) -> str:
    """The symbol as a table cell shows it: the left-hand side of a definition when it
    names what the entry is about, else the whole symbol.

    The left-hand side is kept when it holds one of the entry's LaTeX commands or
    glyphs, or a word of its name: ``\\operatorname{Softmax}(\\mathbf{z})_i`` for
    softmax, but not ``W`` for ``W = W_0 + \\Delta W`` (the entry is about the Δ).

    >>> from types import SimpleNamespace as E
    >>> short_tex(E(symbol=r"\\operatorname{Softmax}(\\mathbf{z})_i = \\frac{a}{b}", name="Softmax",
    ...             latex_commands=[], unicode=[]))
    '\\\\operatorname{Softmax}(\\\\mathbf{z})_i'
    >>> short_tex(E(symbol=r"W = W_0 + \\Delta W", name="Delta as one symbol", latex_commands=[r"\\Delta"], unicode=[]))
    'W = W_0 + \\\\Delta W'
    >>> short_tex(E(symbol=r"\\left( a = b \\right)", name="x", latex_commands=[], unicode=[]))
    '\\\\left( a = b \\\\right)'

    An ``=`` inside brackets is not a definition's: ``P(X`` is never shown alone.

    >>> short_tex(E(symbol=r"X \\sim B(p), \\qquad P(X = 1) = p", name="Bernoulli", latex_commands=[], unicode=[]))
    'X \\\\sim B(p), \\\\qquad P(X = 1) = p'
    """
    return own_notation(entry) or " ".join(entry.symbol.split())


def own_notation(entry: Any) -> str | None:
    """The left-hand side of the entry's symbol, when it is the entry's own notation."""
    lhs = top_level_lhs(" ".join(entry.symbol.split()))
    if not lhs or balance_problem(lhs) is not None:
        return None
    if lhs.count("(") != lhs.count(")") or lhs.count("[") != lhs.count("]"):
        return None  # the "=" sat inside brackets, as in P(X = 1): not a definition's left side
    text = tex_to_text(lhs).casefold()
    words = [w for w in re.findall(r"\w{3,}", entry.name.casefold()) if w not in {"the", "and", "with", "for"}]
    if (
        any(c in lhs for c in entry.latex_commands)
        or any(g.casefold() in text for g in entry.unicode)
        or any(w in text for w in words)
    ):
        return lhs
    return None

