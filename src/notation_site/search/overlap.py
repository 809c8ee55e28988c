"""Aliases two entries share, and which of them search probably lists first.

Search itself runs in the browser (Material's lunr index, with the field boosts in
``mkdocs.yml``: ``keys`` 300, ``title`` 100, ``uses`` 60, ``text`` 1), so the order here is a
heuristic read off the same fields the build writes, not the browser's score:

1. an entry whose name holds more of the alias's words first (a ``title`` match adds to the
   ``keys`` match both entries have);
2. then the entry with the shorter ``keys`` field: lunr's BM25 scores the same single
   match higher in a shorter field;
3. then the order of the site (topic pages in order, entries in page order).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from notation_site.model.catalog import Catalog, Entry
from notation_site.search.keys import search_field, search_keys
from notation_site.search.tokens import SEPARATOR, compound


def normalise_alias(alias: str) -> str:
    """An alias as search compares it, its compound token: case and runs of white space do
    not count, but a letter's font and a lone capital do (``\\mathbf{X}`` is not ``\\mathbf{x}``).

    >>> normalise_alias("  Log-Sum-Exp  function ") == normalise_alias("log-sum-exp function")
    True
    >>> normalise_alias(r"\\mathbf{X}") == normalise_alias(r"\\mathbf{x}"), normalise_alias("X") == normalise_alias("x")
    (False, False)
    """
    return compound(alias) or " ".join(alias.casefold().split())


def _words(text: str) -> set[str]:
    return {w for w in re.split(SEPARATOR, text.casefold()) if w}


def likely_order(alias: str, entries: Iterable[Entry], catalog: Catalog) -> list[Entry]:
    """``entries`` in the order search probably lists them for the query ``alias`` (the
    heuristic in this module's docstring)."""
    position = {e.id: i for i, e in enumerate(catalog.ordered())}
    words = _words(alias)

    def key(entry: Entry) -> tuple[int, int, int]:
        in_name = len(words & _words(entry.name))
        keys_length = len(search_field(search_keys(entry)).split())
        return (-in_name, keys_length, position.get(entry.id, len(position)))

    return sorted(entries, key=key)


@dataclass(frozen=True)
class SharedAlias:
    """``alias`` of ``entry`` is also an alias of ``others``; ``first`` is the entry search
    probably lists first."""

    entry: Entry
    alias: str
    others: tuple[Entry, ...]
    first: Entry


def shared_aliases(entries: Iterable[Entry], catalog: Catalog) -> list[SharedAlias]:
    """Each alias of ``entries`` that another entry of ``catalog`` has too.

    >>> from pathlib import Path
    >>> from notation_site.model.catalog import load
    >>> cat = load(Path(__file__).resolve().parents[3])
    >>> found = shared_aliases([cat.entries["relu"]], cat)
    >>> [(s.alias, [o.id for o in s.others]) for s in found if s.alias == "F.relu"]
    [('F.relu', ['activation-function'])]
    """
    by_alias: dict[str, list[Entry]] = {}
    for entry in catalog.all_entries:
        for alias in dict.fromkeys(normalise_alias(a) for a in entry.aliases):
            by_alias.setdefault(alias, []).append(entry)
    found = []
    for entry in entries:
        for alias in dict.fromkeys(entry.aliases):
            others = tuple(o for o in by_alias.get(normalise_alias(alias), []) if o is not entry)
            if others:
                found.append(SharedAlias(entry, alias, others, likely_order(alias, [entry, *others], catalog)[0]))
    return found
