"""What an entry is found by: its ``keys`` (names, aliases, LaTeX, glyphs, code points) and its
``uses`` (its formula and the API names of its code), each written as a search field; and
the text the symbol index filters its rows by.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from notation_site.model.catalog import Entry
from notation_site.search.tokens import MARK, SEPARATOR, compound, family_token, mark_case, plain
from notation_site.tex.glyphs import code_points
from notation_site.tex.lint import balance_problem
from notation_site.tex.text import own_notation, short_tex, tex_to_text, top_level_lhs, top_level_sides, top_level_split

API_NAME = re.compile(r"(?<![\w.])((?:np|numpy|torch|F|nn|scipy|math|jnp|jax|tf|einops|sp)\.[A-Za-z_][\w.]*\w)")
API_EQUIVALENTS = (
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
    for name in API_NAME.findall(code):
        names.append(name)
        for long, short in API_EQUIVALENTS:
            if name.startswith(long):
                names.append(short + name[len(long) :])
            elif name.startswith(short) and not name.startswith(long):
                names.append(long + name[len(short) :])
    return list(dict.fromkeys(names))


def search_keys(entry: Entry) -> list[str]:
    """What ``entry`` is called and how it is written: name, id, aliases, LaTeX, glyphs,
    and the left-hand side of its symbol when that is its own notation (:func:`own_notation`)."""
    keys = [entry.name, entry.id.replace("-", " "), *entry.aliases, *entry.latex_commands]
    for alias in entry.aliases:
        if API_NAME.fullmatch(alias.strip().removesuffix("()")):
            keys += api_names(alias)
    for glyph in entry.unicode:
        keys += [glyph, code_points(glyph)]
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
        lhs = top_level_lhs(symbol)
        if lhs and len(tex_to_text(lhs)) > 1 and balance_problem(lhs) is None and lhs != own_notation(entry):
            uses.append(lhs)
        parts = top_level_split(symbol)
        if len(parts) > 1:
            uses += parts
        # each side of a short definition or membership, so `max(0, x)` finds ReLU and
        # `R^{B x N x d}` finds the tensor entry: what a formula equals is typed as often as its name
        for part in parts:
            sides = top_level_sides(part)
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


def search_field(keys: Iterable[str], formula: bool = False) -> str:
    """A search field holding each key's words and compound tokens, each token once, and the
    font families of which it holds several letters (:func:`~notation_site.search.tokens.family_token`).
    A ``formula`` field (the ``uses``) holds each compound with plain letters (:func:`~notation_site.search.tokens.plain`).

    Each token appears once, so an entry is not ranked up for repeating a word across
    its aliases; which entries share a key is then settled by the other fields.

    >>> search_field(["Dot product", "i->j", "·", "U+00B7"])
    'dot product §dot_product i j §i－＞j §i→j · §· u 00b7 §u＋00b7'
    """
    tokens: list[str] = []
    letters: dict[str, set[str]] = {}  # font family: the letters in it that are keys
    for key in keys:
        words = tex_to_text(key)
        # the words also with bold and sans-serif letters as plain ones: `A\mathbf{v}` is
        # the word "av" too, as a reader types it
        tokens += _tokens(mark_case(" ".join(dict.fromkeys((key, words, plain(words))))))
        strict, loose = compound(key), compound(key, nfkc=True)
        if formula:
            # a formula an entry uses is found through what it says, not the fonts it is set in
            # (the query's plain form, match.query_terms): `\tilde{\mathbf{y}}` counts once
            strict = plain(strict)
        if strict:  # a bare font command (`\mathbf`) has no compound of its own
            tokens.append(MARK + strict)
        # the loose form, unless it is a bare letter: 𝐱 and 𝔼 are not any x and e (as in a query)
        if loose and not re.fullmatch("[a-z0-9]", loose):
            tokens.append(MARK + loose)
        family = family_token(key)
        if family:
            letters.setdefault(family, set()).add(compound(key))
    # Several letters of one font (\mathbf{x} and \boldsymbol{a}; \mathcal{X} and \mathcal{A}) make
    # the entry the one about that font, found by any letter in it (a query's family term);
    # one letter alone (\mathbf{I}, \mathcal{L}) is that letter's entry only.
    tokens += [family for family, found in letters.items() if len(found) > 1]
    # Escaped like the rest of the index: Material's tokenizer reads `<...>` as markup.
    return html.escape(" ".join(dict.fromkeys(tokens)), quote=False)


def filter_text(entry: Entry, *extra: str) -> str:
    """What the symbol index filter matches a row against (lowercase, capitals marked)."""
    parts = [
        *entry.unicode,
        *(code_points(g) for g in entry.unicode),
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
