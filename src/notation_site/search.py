"""Symbol search: what each entry is found by, and how a query is matched to it.

Material's search (lunr in a web worker) indexes the text under each heading. On its own
it finds entries by words only: a pasted glyph, a LaTeX command or an API name either
matches nothing or, with operators such as ``^`` or ``:``, makes lunr raise a parse error.

This module adds, after the search plugin has written ``search/search_index.json``:

* a ``keys`` field on every entry's section, listing what a reader may type for it: its
  name and id, each alias, each LaTeX command, each Unicode glyph and code point; and a
  ``uses`` field, weighted less, with the left-hand side of its symbol and the NumPy and
  PyTorch names in its ``code`` field. Each key is written twice: as plain words
  (``torch softmax``), and as one *compound token* (``§torch．softmax``) made by
  :func:`compound`, so that notation such as ``A^T``, ``|V|`` or ``E[X]`` is matched as a
  whole. ``mkdocs.yml`` gives each field its boost.
* ``search/results.json``: each entry's summary as HTML with its math rendered, and the
  KaTeX HTML of every other formula a result can show, so results show rendered math
  although pages carry no math JavaScript and the index holds only TeX source.
* ``assets/javascripts/notation-search-data.js``: the tables :func:`compound` uses, so
  the browser (``docs/javascripts/notation-search.js``) builds the same compound tokens
  from what the reader types.

>>> compound(r"\\odot") == compound("⊙")
True
>>> compound("A^T"), compound(r"\\vert V \\vert"), compound("KL(P || Q)")
('a＾t', '｜v｜', 'kl（p‖q）')
>>> compound(r"\\mathbb{E}[X]"), compound(r"\\mathbb{E}[X]", nfkc=True)
('𝔼［x］', 'e［x］')
>>> compound("d_{\\\\text{model}}"), compound("Hadamard product")
('d_model', 'hadamard_product')
"""

from __future__ import annotations

import gzip
import html
import json
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from notation_site.catalog import Catalog, Entry
from notation_site.latex import balance_problem

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
    "cdots": "⋯", "ldots": "...", "dots": "...", "circ": "∘", "ast": "*", "star": "⋆",
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
    "uparrow": "↑", "downarrow": "↓",
    "top": "⊤", "intercal": "⊤", "bot": "⊥", "perp": "⊥", "dagger": "†", "prime": "′",
    "vert": "|", "lvert": "|", "rvert": "|", "mid": "|", "Vert": "‖", "lVert": "‖", "rVert": "‖",
    "parallel": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
    "lceil": "⌈", "rceil": "⌉", "ell": "ℓ", "hbar": "ℏ", "aleph": "ℵ",
}

# Glyphs that look alike and are pasted for one another.
FOLD: dict[str, str] = {
    "∥": "‖", "−": "-", "–": "-", "⋅": "·", "∙": "·", "∑": "Σ", "∏": "Π", "ϵ": "ε",
    "ϕ": "φ", "ϑ": "θ", "∣": "|", "⟨": "⟨", "〈": "⟨", "〉": "⟩", "…": "...",
    "′": "'", "∗": "*", "⋆": "*", "—": "-", "“": '"', "”": '"', "‘": "'", "’": "'",
    "«": '"', "»": '"',
}

# Every compound token in the index starts with this mark, so a reader's word (`torch`)
# typed with lunr's trailing wildcard does not also match every compound it begins
# (`torch．eye`, `torch．cat`, ...) and reward entries for listing many API names.
MARK = "§"

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

_DOUBLE_STRUCK = {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}
_SCRIPT = {"B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ"}

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


_STYLED = re.compile(r"\\(mathbb|mathcal)\s*\{\s*([A-Za-z])\s*\}")
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")


def tex_to_text(s: str) -> str:
    """TeX as a reader would type it: font commands dropped, known commands as glyphs.

    >>> tex_to_text(r"\\operatorname{Softmax}(\\mathbf{z})_i")
    'Softmax(z)_i'
    >>> tex_to_text(r"\\nabla_{\\theta} \\mathcal{L}")
    '∇_θ ℒ'
    """

    def styled(m: re.Match[str]) -> str:
        kind, letter = m.groups()
        if kind == "mathbb":
            return _DOUBLE_STRUCK.get(letter) or (chr(0x1D538 + ord(letter) - 65) if letter.isupper() else letter)
        return _SCRIPT.get(letter) or (chr(0x1D49C + ord(letter) - 65) if letter.isupper() else letter)

    s = _STYLED.sub(styled, s)

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


def _is_word(c: str) -> bool:
    return c.isalnum() or c == "_"


def mark_case(s: str) -> str:
    """Keep capital Greek letters apart from small ones after lowercasing.

    >>> mark_case("ΔW σ Σ")
    'ꜛδW σ ꜛσ'
    """
    return "".join(CAPITAL + c.lower() if "\u0391" <= c <= "\u03a9" else c for c in s)


def compound(s: str, nfkc: bool = False) -> str:
    """One lunr-safe token standing for the whole of ``s`` (the browser does the same).

    Spaces between two words become ``_``; other spaces go; ASCII punctuation becomes
    full-width; everything else (letters, digits, glyphs) stays, lowercased. With
    ``nfkc`` it gives the loose form: compatibility characters folded (𝔼 to E, ℝ to R)
    and sub- and superscripts spelt out (``SCRIPTS``).
    """
    s = read_sizes(s)
    if nfkc:
        s = unicodedata.normalize("NFKC", "".join(SCRIPTS.get(c, c) for c in s))
    s = tex_to_text(s)
    if nfkc:
        s = unicodedata.normalize("NFKC", "".join(SCRIPTS.get(c, c) for c in s))
        for digraph, glyph in DIGRAPHS.items():
            s = s.replace(digraph, glyph)
        s = any_sizes(s)
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


# -- what an entry is found by ---------------------------------------------------------

_API_NAME = re.compile(r"(?<![\w.])((?:np|numpy|torch|F|nn|scipy|math|jnp|jax|tf|einops|sp)\.[A-Za-z_][\w.]*\w)")
_API_EQUIVALENTS = (
    ("torch.nn.functional.", "F."),
    ("torch.nn.", "nn."),
    ("numpy.", "np."),
)


def api_names(code: str) -> list[str]:
    """Library names called in a code line, with their usual short and long spellings.

    >>> api_names("torch.softmax(z, dim=-1); F.layer_norm(x, (d,))")
    ['torch.softmax', 'F.layer_norm', 'torch.nn.functional.layer_norm']
    """
    names: list[str] = []
    for name in _API_NAME.findall(code):
        names.append(name)
        for long, short in _API_EQUIVALENTS:
            if name.startswith(long):
                names.append(short + name[len(long) :])
            elif name.startswith(short) and not name.startswith(long):
                names.append(long + name[len(short) :])
    return list(dict.fromkeys(names))


def _top_level_split(tex: str) -> list[str]:
    """The variants a symbol lists side by side, split at top-level ``\\qquad``/``\\quad``.

    >>> _top_level_split(r"x_i \\qquad \\mathbf{x}_i, \\qquad M_{ij}")
    ['x_i', '\\\\mathbf{x}_i', 'M_{ij}']
    """
    return _split_outside_braces(tex, _VARIANT_GAP)


_VARIANT_GAP = re.compile(r"\\(?:qquad|quad)(?![A-Za-z])")


def _split_outside_braces(tex: str, separator: re.Pattern[str]) -> list[str]:
    """``tex`` cut at each match of ``separator`` that is outside every ``{...}``; the pieces
    are stripped of spaces and of ``,``/``;`` at their ends, and empty ones dropped.

    >>> _split_outside_braces("a = b_{i=1} = c,", re.compile("="))
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


def _top_level_lhs(tex: str) -> str | None:
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


def _top_level_sides(tex: str) -> list[str]:
    """The sides of ``tex`` split at its top-level ``=``, ``:=`` and ``\\in``.

    >>> _top_level_sides(r"\\operatorname{ReLU}(x) = \\max(0, x)")
    ['\\\\operatorname{ReLU}(x)', '\\\\max(0, x)']
    >>> _top_level_sides(r"T \\in \\mathbb{R}^{B \\times N}"), _top_level_sides(r"\\sum_{i=1}^{d} x_i")
    (['T', '\\\\mathbb{R}^{B \\\\times N}'], ['\\\\sum_{i=1}^{d} x_i'])
    """
    return _split_outside_braces(tex, _RELATION)


def search_keys(entry: Entry) -> list[str]:
    """What ``entry`` is called and how it is written: name, id, aliases, LaTeX, glyphs,
    and the left-hand side of its symbol when that is its own notation (:func:`own_notation`)."""
    keys = [entry.name, entry.id.replace("-", " "), *entry.aliases, *entry.latex_commands]
    for alias in entry.aliases:
        if _API_NAME.fullmatch(alias.strip().removesuffix("()")):
            keys += api_names(alias)
    for glyph in entry.unicode:
        keys += [glyph, " ".join(f"U+{ord(ch):04X}" for ch in glyph)]
    own = own_notation(entry)
    if own:
        keys.append(own)
    return list(dict.fromkeys(k.strip() for k in keys if k.strip()))


# Longest side of a symbol (as text) indexed on its own: longer ones are not typed whole.
MAX_SIDE = 40


def search_uses(entry: Entry) -> list[str]:
    """What ``entry``'s formula and code use: its symbol, API names.

    These count for less than :func:`search_keys`: an entry's code line may call another
    entry's function (``torch.softmax`` in the temperature entry), and its formula may
    be an example of something else (``σ(z) := ...`` in the "defined as" entry).
    """
    uses = []
    if entry.symbol.strip():
        symbol = " ".join(entry.symbol.split())
        uses.append(symbol)
        lhs = _top_level_lhs(symbol)
        if lhs and len(tex_to_text(lhs)) > 1 and balance_problem(lhs) is None and lhs != own_notation(entry):
            uses.append(lhs)
        parts = _top_level_split(symbol)
        if len(parts) > 1:
            uses += parts
        # each side of a short definition or membership, so `max(0, x)` finds ReLU and
        # `R^{B x N x d}` finds the tensor entry: what a formula equals is typed as often as its name
        for part in parts:
            sides = _top_level_sides(part)
            if len(sides) < 2:
                continue
            for side in sides:
                if 1 < len(tex_to_text(side)) <= MAX_SIDE and balance_problem(side) is None:
                    uses.append(side)
    for code in entry.code.values():
        uses += api_names(code)
    return list(dict.fromkeys(u for u in uses if u.strip()))


def _tokens(text: str) -> list[str]:
    """Lunr's tokens of ``text``: split by the separator, lowercased."""
    return [t for t in re.split(SEPARATOR, text.lower()) if t]


def search_field(keys: Iterable[str]) -> str:
    """A search field holding each key's words and compound tokens, each token once.

    Each token appears once, so an entry is not ranked up for repeating a word across
    its aliases; which entries share a key is then settled by the other fields.

    >>> search_field(["Dot product", "i->j", "·", "U+00B7"])
    'dot product §dot_product i j §i－＞j §i→j · §· u 00b7 §u＋00b7'
    """
    tokens: list[str] = []
    for key in keys:
        words = tex_to_text(key)
        tokens += _tokens(mark_case(key if words == key else f"{key} {words}"))
        tokens.append(MARK + compound(key))
        tokens.append(MARK + compound(key, nfkc=True))
    # Escaped like the rest of the index: Material's tokenizer reads `<...>` as markup.
    return html.escape(" ".join(dict.fromkeys(tokens)), quote=False)


# -- the built index ---------------------------------------------------------------------

_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)


def math_in(text: str) -> list[str]:
    r"""TeX of each ``\(...\)`` and ``\[...\]`` formula in index text, as the browser sees it.

    >>> math_in(r"<p>a \(x &lt; 1\) and \[ y \]</p>")
    ['x < 1', 'y']
    """
    return [normalize_tex(html.unescape(a or b)) for a, b in _MATH.findall(text)]


def normalize_tex(tex: str) -> str:
    return re.sub(r"\s+", " ", tex).strip()


def entry_sections(catalog: Catalog) -> dict[str, Entry]:
    """Search locations (``building-blocks/#softmax``) of every placed entry."""
    out = {}
    for topic in catalog.topics:
        page = topic.page.removesuffix(".md")
        page = "" if page == "index" else page.removesuffix("/index") + "/"
        for entry in catalog.topic_entries(topic):
            out[f"{page}#{entry.id}"] = entry
    return out


_EXAMPLE_SOURCE = re.compile(r"\s*Code: <code>snippets/[^<]*</code>\s*<pre><code>.*?</code></pre>", re.DOTALL)


def add_keys(index: dict[str, Any], catalog: Catalog) -> int:
    """Give each entry's section in ``index`` its ``keys`` and ``uses`` fields.

    The folded source of each worked example leaves the text of every section, an
    entry's or a plain page's (the Conventions page has examples too): a snippet's
    imports and helper calls are not what a reader searches for, and they would match
    API names the entry's ``code`` field and aliases already stand for.
    """
    sections = entry_sections(catalog)
    found = 0
    for doc in index["docs"]:
        doc["text"] = _EXAMPLE_SOURCE.sub("", doc["text"])
        entry = sections.get(doc["location"])
        if entry is not None:
            doc["keys"] = search_field(search_keys(entry))
            doc["uses"] = search_field(search_uses(entry))
            found += 1
    return found


def check_config(config: dict[str, Any], index: dict[str, Any]) -> list[str]:
    """Problems with the search configuration that would make keys unsearchable."""
    problems = []
    for field in ("keys", "uses"):
        if field not in config.get("fields", {}):
            problems.append(f"plugins.search.fields has no '{field}' entry, so the {field} are not searched")
    if config.get("separator") != SEPARATOR:
        problems.append(f"plugins.search.separator must be {SEPARATOR!r} (notation_site.search.SEPARATOR)")
    if "trimmer" in config.get("pipeline", []):
        problems.append("plugins.search.pipeline must not hold 'trimmer': it drops glyph tokens")
    return problems


_ARITHMATEX = re.compile(r'<span class="arithmatex">\\\((.*?)\\\)</span>', re.DOTALL)
_MATHML = re.compile(r'<span class="katex-mathml">.*?</math></span>', re.DOTALL)


def _inline_katex(html_: str) -> str:
    """KaTeX HTML without its MathML copy (the browser adds a text form for screen readers)."""
    return _MATHML.sub("", html_)


def results_data(index: dict[str, Any], catalog: Catalog, render: Any, summary_html: Any) -> dict[str, Any]:
    """What search results show, rendered at build time: ``search/results.json``.

    * ``summaries``: for each entry's search location, its one-sentence summary as HTML
      with its math rendered; an entry's result shows this instead of raw section text.
    * ``math``: inline KaTeX HTML of every other formula a result can show (in the
      titles of all sections and the text of sections that are not entries).

    ``render`` is ``KatexRenderer.render_many``; ``summary_html`` turns one line of
    Markdown into HTML with math left in ``arithmatex`` spans. Formulas KaTeX rejects are
    left out (the browser then shows their TeX).
    """
    sections = entry_sections(catalog)
    summaries_src = {loc: summary_html(entry.summary) for loc, entry in sections.items()}
    formulas = set()
    for doc in index["docs"]:
        formulas.update(math_in(doc.get("title", "")))
        if doc["location"] not in sections:
            formulas.update(math_in(doc.get("text", "")))
    for src in summaries_src.values():
        formulas.update(normalize_tex(html.unescape(t)) for t in _ARITHMATEX.findall(src))
    ordered = sorted(formulas)
    rendered = {t: r for t, r in zip(ordered, render([(t, False) for t in ordered]), strict=True) if isinstance(r, str)}

    def swap(m: re.Match[str]) -> str:
        tex = normalize_tex(html.unescape(m.group(1)))
        if tex not in rendered:
            return m.group(0)
        text = html.escape(tex_to_text(tex), quote=False)
        return f'<span class="search-math">{_inline_katex(rendered[tex])}<span class="search-math__text">{text}</span></span>'

    return {
        "summaries": {loc: _ARITHMATEX.sub(swap, src) for loc, src in sorted(summaries_src.items())},
        "math": {t: _inline_katex(r) for t, r in sorted(rendered.items())},
    }


def client_data() -> str:
    """The tables the browser needs to build the same compound tokens, as a script."""
    data = {
        "wrappers": WRAPPERS,
        "glyphs": TEX_GLYPHS,
        "fold": FOLD,
        "doubleStruck": _DOUBLE_STRUCK,
        "script": _SCRIPT,
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


def sizes(paths: Iterable[Path]) -> dict[str, tuple[int, int]]:
    """Raw and gzip size of each file."""
    out = {}
    for path in paths:
        raw = path.read_bytes()
        out[path.name] = (len(raw), len(gzip.compress(raw, 9)))
    return out


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
    """
    return own_notation(entry) or " ".join(entry.symbol.split())


def own_notation(entry: Any) -> str | None:
    """The left-hand side of the entry's symbol, when it is the entry's own notation."""
    lhs = _top_level_lhs(" ".join(entry.symbol.split()))
    if not lhs or balance_problem(lhs) is not None:
        return None
    text = tex_to_text(lhs).casefold()
    words = [w for w in re.findall(r"\w{3,}", entry.name.casefold()) if w not in {"the", "and", "with", "for"}]
    if (
        any(c in lhs for c in entry.latex_commands)
        or any(g.casefold() in text for g in entry.unicode)
        or any(w in text for w in words)
    ):
        return lhs
    return None


def filter_text(entry: Entry, *extra: str) -> str:
    """What the symbol index filter matches a row against (lowercase, capitals marked)."""
    parts = [
        *entry.unicode,
        *(f"U+{ord(ch):04X}" for g in entry.unicode for ch in g),
        entry.name,
        entry.id,
        entry.read_aloud,
        *entry.latex_commands,
        short_tex(entry),
        *entry.code.values(),
        *entry.aliases,
        *extra,
    ]
    return mark_case(" ".join(" ".join(parts).split())).lower()
