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
