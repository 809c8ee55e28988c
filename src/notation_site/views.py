"""Pages and tables generated from entry data; nobody edits them by hand.

A page asks for a view with a line ``<!-- view: NAME -->``; the plugin replaces it with
the Markdown that ``VIEWS[NAME](catalog, page)`` returns.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from notation_site.catalog import Catalog

View = Callable[[Catalog, str], str]
VIEWS: dict[str, View] = {}
VIEW_MARKER = re.compile(r"^<!-- view: ([a-z0-9-]+) -->$", re.MULTILINE)


def view(name: str) -> Callable[[View], View]:
    """Register a generated view under ``name``."""

    def register(fn: View) -> View:
        VIEWS[name] = fn
        return fn

    return register


class UnknownView(KeyError):
    pass


def expand_views(markdown: str, catalog: Catalog, page: str) -> str:
    """Replace every ``<!-- view: NAME -->`` line with the generated Markdown."""

    def repl(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in VIEWS:
            raise UnknownView(f"unknown view '{name}'; known views: {', '.join(sorted(VIEWS))}")
        return VIEWS[name](catalog, page)

    return VIEW_MARKER.sub(repl, markdown)


@view("topics")
def topics_view(catalog: Catalog, page: str) -> str:
    """A list of topic pages with their description and entries, for the home page."""
    lines = []
    for topic in catalog.topics:
        entries = catalog.topic_entries(topic)
        names = ", ".join(f"[{e.name}]({catalog.url(e.id, page)})" for e in entries)
        lines.append(f"- **[{topic.title}]({topic.page})** ({len(entries)}): {topic.description}")
        if names:
            lines.append(f"  <br>{names}")
    return "\n".join(lines)


@view("overloaded-letters")
def overloaded_letters_view(catalog: Catalog, page: str) -> str:
    """A table of every meaning that entries give the overloaded letters θ σ α β L N T.

    Each entry declares the meaning it gives a letter in its own front matter, as
    ``letters: {σ: sigmoid}`` (a list of strings for several meanings). Entries that
    declare the same words (ignoring case and spacing) share one row, which links them
    all. The ``overloaded-letters`` entry may declare meanings that no other entry
    explains yet: they read "described below" (its prose covers them) until another
    entry declares the same words, which then supplies the wording and the link.
    Linked rows come before unlinked ones; letters nobody declares are left out.
    """
    from notation_site.validate import OVERLOADED_LETTERS

    host = "overloaded-letters"
    tex = {"θ": r"\theta", "σ": r"\sigma", "α": r"\alpha", "β": r"\beta"}
    # letter -> normalised meaning -> [wording, ids of the entries that declare it]
    rows: dict[str, dict[str, tuple[str, list[str]]]] = {letter: {} for letter in OVERLOADED_LETTERS}
    for entry in catalog.ordered():
        declared = entry.data.get("letters")
        if not isinstance(declared, dict):
            continue
        for letter, meanings in declared.items():
            if str(letter) not in rows:
                continue
            for meaning in [meanings] if isinstance(meanings, str) else list(meanings or []):
                wording = " ".join(str(meaning).split())
                key = wording.casefold()
                row = rows[str(letter)].setdefault(key, (wording, []))
                if entry.id != host and entry.id not in row[1]:
                    if not row[1]:  # the first entry with a page of its own sets the wording
                        row = rows[str(letter)][key] = (wording, row[1])
                    row[1].append(entry.id)
    lines = ["| Letter | Meaning | Explained in |", "| --- | --- | --- |"]
    for letter in OVERLOADED_LETTERS:
        linked = [r for r in rows[letter].values() if r[1]]
        unlinked = [r for r in rows[letter].values() if not r[1]]
        for n, (wording, ids) in enumerate(linked + unlinked):
            where = ", ".join(f"[{catalog.entries[i].name}]({catalog.url(i, page)})" for i in ids)
            cell = f"${tex.get(letter, letter)}$" if n == 0 else ""
            lines.append(f"| {cell} | {wording.replace('|', chr(92) + '|')} | {where or 'described below'} |")
    return "\n".join(lines)
