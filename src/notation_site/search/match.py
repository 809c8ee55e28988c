"""Matching a query to entries outside the browser, with the site search's own tokens.

The site's search box rewrites what the reader types into weighted terms
(``docs/javascripts/notation-search.js``: the compound token of the whole query, exact and
as a prefix, the same with plain letters for a query set in bold or sans-serif, its loose
form, the font family of a one-letter query such as ``\\mathsf{X}``, then its words and
glyphs) and lunr looks them up in each
entry's ``keys`` and ``uses`` fields (:func:`notation_site.search.keys.search_field`),
boosted as ``mkdocs.yml`` says. :func:`query_terms` is that rewrite in Python and
:func:`rank` scores the same fields with the same boosts, each term weighted by how rare it
is among the entries (as lunr's BM25 does, without its length normalisation). So a glyph, a
LaTeX command, a name or an API name finds here what it finds on the site.

>>> [t.token for t in query_terms("⊙") if not t.prefix]
['§⊙', '⊙']
>>> [t.token for t in query_terms("torch.softmax") if not t.prefix]
['§torch．softmax', '§．', 'torch', 'softmax']
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass

from notation_site.model.catalog import Entry
from notation_site.search.tokens import CAPITAL, FOLD, MARK, SEPARATOR, compound, family_token, mark_case, plain, read_sizes
from notation_site.tex.text import TEX_GLYPHS, WRAPPERS, tex_to_text

FIELD_BOOSTS = {"title": 100, "keys": 300, "uses": 60}
"""The boosts of the entry's fields in ``mkdocs.yml`` (``plugins.search.fields``); a test keeps
them equal. The prose (``text``, boost 1) is left out: the catalog holds it unrendered."""


LONE_LETTER = re.compile(f"{CAPITAL}?[a-z]")
"""The compound of one Latin letter, small or capital (``x``, ``ꜛx``)."""

FAMILY_WEIGHT = 2
"""The weight of a one-letter query's font family (``§ᶠbold_small``): less than the letter
itself (6), so an entry that lists the very letter comes before the one that owns its family."""


@dataclass(frozen=True)
class Term:
    """One term of a rewritten query: a token, its weight, and whether it matches as a prefix."""

    token: str
    weight: float
    prefix: bool = False


def _atoms(query: str) -> list[str]:
    """The words, command names and glyphs of a query (lowercase, capitals marked)."""
    found = [name.lower() for name in re.findall(r"\\([A-Za-z]+)", query) if name not in WRAPPERS]
    text = mark_case("".join(FOLD.get(c, c) for c in tex_to_text(read_sizes(query).replace("{", " ").replace("}", " ")))).lower()
    for piece in re.split(r"([^\w]|\s)", text):
        if not piece or piece.isspace():
            continue
        word = piece.strip("_")
        if word and all(c.isalnum() or c == "_" for c in word):
            found.append(word)
        elif len(piece) == 1 and ord(piece) > 0x7F and not re.fullmatch(SEPARATOR, piece):
            found.append(piece)
    return found


def query_terms(query: str) -> list[Term]:
    """The weighted terms the site's search box turns ``query`` into (its ``rewrite``)."""
    raw = query.strip()
    terms: dict[tuple[str, bool], Term] = {}

    def add(token: str, weight: float, prefix: bool = False) -> None:
        if token and (token, prefix) not in terms:
            terms[(token, prefix)] = Term(token, weight, prefix)

    variants = [raw]
    command = re.match(r"^([A-Za-z]+)(\{|[(_^ ]|$)", raw)
    if command and (command.group(2) == "{" or command.group(1) in TEX_GLYPHS):
        variants.append("\\" + raw)
    for v in variants:
        whole, loose = compound(v), compound(v, nfkc=True)
        add(MARK + whole, 6)
        if not LONE_LETTER.fullmatch(whole):  # `x` does not stand for every token that starts with x
            add(MARK + whole, 2, prefix=True)
        # the same with plain letters, as the formulas an entry uses are indexed (not for one
        # letter: \mathbf{x} is not x)
        bare = plain(whole)
        if bare != whole and not LONE_LETTER.fullmatch(bare):
            add(MARK + bare, 6)
            add(MARK + bare, 2, prefix=True)
        if not re.fullmatch(r"[a-z0-9]", loose):
            add(MARK + loose, 3)
            add(MARK + loose, 1, prefix=True)
        if len(whole) >= 2 and not re.search("[\uff01-\uff5e]", whole):
            add(whole, 2)
    # one letter in a font also looks for the entries that own its font family
    family = family_token(raw)
    if family:
        add(family, FAMILY_WEIGHT)
    for op in re.findall(r"[!-/:-@\[-^`{-~]", re.sub(r"\\[A-Za-z]+", " ", raw)):
        if op != "\\" and compound(op):  # `{` and `}` are no token of their own
            add(MARK + compound(op), 1)
    for atom in _atoms(raw):
        if len(atom) < 2:
            add(atom, 1)
            continue
        add(atom, 2)
        add(atom, 1, prefix=True)
        for part in atom.split("_"):
            if len(part) > 1 and part != atom:
                add(part, 1, prefix=True)
    return list(terms.values())


def field_tokens(field: str) -> list[str]:
    """The tokens of a search field as lunr stores them (split at the separator for plain text)."""
    return [t for t in re.split(SEPARATOR if MARK not in field else " ", html.unescape(field).lower()) if t]


def title_field(name: str) -> str:
    """An entry's heading as the search index holds it (its ``title``)."""
    return mark_case(name)


@dataclass(frozen=True)
class Match:
    entry: Entry
    score: float


# lunr's BM25 parameters (its defaults, which Material keeps)
K1, B = 1.2, 0.75


def rank(query: str, fields: dict[str, dict[str, str]], entries: dict[str, Entry]) -> list[Match]:
    """Entries that match ``query``, best first (ties by id), scored as lunr scores them.

    ``fields`` maps each entry id to its ``title``, ``keys`` and ``uses`` search fields. A
    prefix term stands for every token of the field it begins, as lunr expands a wildcard;
    each token counts by its rarity in that field (BM25's idf) and is worth less in a long
    field, and each field by its boost.
    """
    scores: dict[str, float] = {}
    n = len(fields)
    postings: dict[str, dict[str, list[str]]] = {}  # field: token: entries
    length: dict[str, dict[str, int]] = {}  # field: entry: tokens
    for name in FIELD_BOOSTS:
        length[name] = {}
        postings[name] = {}
        for eid, f in fields.items():
            toks = field_tokens(f[name])
            length[name][eid] = len(toks)
            for tok in dict.fromkeys(toks):
                postings[name].setdefault(tok, []).append(eid)
    # lunr counts a token's documents over every field
    df = {tok: sum(len(postings[f].get(tok, ())) for f in FIELD_BOOSTS) for name in FIELD_BOOSTS for tok in postings[name]}
    terms = query_terms(query)
    for name, boost in FIELD_BOOSTS.items():
        average = sum(length[name].values()) / max(n, 1) or 1.0
        for term in terms:
            if term.prefix:
                matched = [t for t in postings[name] if t.startswith(term.token)]
            else:
                matched = [term.token] if term.token in postings[name] else []
            for tok in matched:
                idf = math.log(1 + abs((n - df[tok] + 0.5) / (df[tok] + 0.5)))
                for eid in postings[name][tok]:
                    tf = (K1 + 1) / (K1 * (1 - B + B * length[name][eid] / average) + 1)
                    scores[eid] = scores.get(eid, 0.0) + term.weight * boost * idf * tf
    ordered = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    return [Match(entries[eid], score) for eid, score in ordered]
