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
    """A table of every meaning entries give the overloaded letters θ σ α β L N T.

    Each entry declares the meaning it gives a letter in its own front matter, as
    ``letters: {σ: sigmoid}`` (a list of strings for several meanings), and is linked
    from its row. Meanings with no entry of their own are declared by the
    ``overloaded-letters`` entry itself and shown without a link. Rows follow the site's
    order; letters nobody declares are left out.
    """
    from notation_site.validate import OVERLOADED_LETTERS

    host = "overloaded-letters"
    tex = {"θ": r"\theta", "σ": r"\sigma", "α": r"\alpha", "β": r"\beta"}
    found: dict[str, list[tuple[str, str, str]]] = {letter: [] for letter in OVERLOADED_LETTERS}
    for entry in catalog.ordered():
        declared = entry.data.get("letters")
        if not isinstance(declared, dict):
            continue
        for letter, meanings in declared.items():
            if str(letter) not in found:
                continue
            for meaning in [meanings] if isinstance(meanings, str) else list(meanings or []):
                cell = str(meaning).strip().replace("|", "\\|")
                where = "no entry of its own" if entry.id == host else f"[{entry.name}]({catalog.url(entry.id, page)})"
                found[str(letter)].append((cell, where, entry.id))
    rows = ["| Letter | Meaning | Entry |", "| --- | --- | --- |"]
    for letter in OVERLOADED_LETTERS:
        # entries with a page of their own first (site order), then the ones without
        meanings = sorted(found[letter], key=lambda m: m[2] == host)
        for n, (meaning, where, _) in enumerate(meanings):
            rows.append(f"| {'$' + tex.get(letter, letter) + '$' if n == 0 else ''} | {meaning} | {where} |")
    return "\n".join(rows)
