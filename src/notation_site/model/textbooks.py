"""The textbooks' notation pages (``data/textbooks.yml``), read into plain objects.

Each book has sections, each section items; an item is the book's TeX, what it means, and
the entry that explains it (or ``pending`` while that entry is written elsewhere, or a
``scope`` reason when the site leaves it out). ``notation_site.checks.textbooks`` judges the
file; the view ``textbooks`` renders it.

>>> from pathlib import Path
>>> books = load_textbooks(Path(__file__).resolve().parents[3])
>>> [b.id for b in books]
['goodfellow', 'd2l']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from notation_site.model.paths import TEXTBOOKS


@dataclass
class Item:
    """One item of a book's notation page."""

    tex: str
    says: str
    entry: str | None = None
    note: str = ""
    pending: bool = False
    scope: str = ""
    line: int = 1
    raw: dict[str, Any] = field(default_factory=dict)


@dataclass
class Section:
    name: str
    items: list[Item]


@dataclass
class Book:
    id: str
    title: str
    authors: str
    year: int
    url: str
    source: str
    sections: list[Section]

    @property
    def items(self) -> list[Item]:
        return [i for s in self.sections for i in s.items]


class _LineLoader(yaml.SafeLoader):
    """A YAML loader that records the line of every mapping, so problems name file:line."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> dict[str, Any]:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_raw(root: Path) -> Any:
    """The parsed file, each mapping with its ``__line__``; ``None`` when there is no file."""
    path = Path(root) / TEXTBOOKS
    if not path.is_file():
        return None
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_LineLoader)  # noqa: S506 (a SafeLoader)


def _item(raw: dict[str, Any]) -> Item:
    return Item(
        tex=str(raw.get("tex", "")),
        says=str(raw.get("says", "")),
        entry=str(raw["entry"]) if raw.get("entry") is not None else None,
        note=str(raw.get("note") or ""),
        pending=raw.get("pending") is True,
        scope=str(raw.get("scope") or ""),
        line=int(raw.get("__line__", 1)),
        raw=raw,
    )


def load_textbooks(root: Path) -> list[Book]:
    """Every book in ``data/textbooks.yml`` (an empty list when the file is missing).

    Assumes the file is well formed; ``checks.textbooks`` reports it when it is not.
    """
    data = read_raw(root)
    if not isinstance(data, dict):
        return []
    books = []
    for b in data.get("books") or []:
        sections = [Section(str(s.get("name", "")), [_item(i) for i in s.get("items") or []]) for s in b.get("sections") or []]
        books.append(
            Book(
                id=str(b.get("id", "")),
                title=str(b.get("title", "")),
                authors=str(b.get("authors", "")),
                year=int(b.get("year", 0)),
                url=str(b.get("url", "")),
                source=str(b.get("source", "")),
                sections=sections,
            )
        )
    return books
