"""The catalog as a whole: files that could not be read, ids used twice, and topic pages
that list unknown ids, list an entry twice, or leave an entry on no page."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from notation_site.checks.problem import Problem
from notation_site.model.catalog import Catalog

LOAD_HINT = (
    "the file starts with a '---' line, then YAML field: value lines, then a '---' line; "
    "quote values that hold ': ' or start with a backslash"
)


def load_problems(catalog: Catalog) -> list[Problem]:
    """A problem for each file whose front matter could not be read (the validator lists
    these first; other checks take an unreadable entry's id as known)."""
    return [Problem(e.path, e.line, e.message, LOAD_HINT) for e in catalog.load_errors]


def duplicate_ids(catalog: Catalog) -> list[Problem]:
    """A problem on each entry whose id another entry uses too."""
    ids = Counter(e.id for e in catalog.all_entries)
    problems = []
    for entry in catalog.all_entries:
        if ids[entry.id] > 1:
            others = [o.path.as_posix() for o in catalog.all_entries if o.id == entry.id and o is not entry]
            problems.append(
                Problem(
                    entry.path,
                    entry.line("id"),
                    f"duplicate id '{entry.id}' (also in {', '.join(others)})",
                    "ids are unique across the site: give one of them a new id and file name",
                )
            )
    return problems


def check_topics(catalog: Catalog) -> list[Problem]:
    """Every entry on exactly one topic page, and every id a page lists an entry."""
    ids = Counter(e.id for e in catalog.all_entries)
    problems = []
    placed: dict[str, Path] = {}
    for topic in catalog.topics:
        line = topic.doc.lines.get("entries", 1)
        if not isinstance(topic.doc.data.get("entries"), list):
            problems.append(
                Problem(topic.path, line, "'entries' must be a list of entry ids", "write entries: [id-one, id-two]")
            )
            continue
        for entry_id in topic.entry_ids:
            if entry_id in catalog.unreadable_ids:
                continue  # reported as itself by load_problems
            if entry_id not in catalog.entries:
                problems.append(
                    Problem(topic.path, line, f"entries lists unknown id '{entry_id}'", f"create docs/entries/{entry_id}.md or remove the id")
                )
            elif entry_id in placed:
                problems.append(
                    Problem(
                        topic.path,
                        line,
                        f"entry '{entry_id}' is listed twice (also in {placed[entry_id].as_posix()})",
                        "an entry lives on exactly one topic page; link to it from others with [text](#id)",
                    )
                )
            else:
                placed[entry_id] = topic.path
    for entry in catalog.all_entries:
        if entry.id not in placed and ids[entry.id] == 1:
            problems.append(
                Problem(
                    entry.path,
                    1,
                    f"entry '{entry.id}' is on no topic page",
                    "add its id to the 'entries:' list of a topic page such as docs/building-blocks.md",
                )
            )
    return problems
