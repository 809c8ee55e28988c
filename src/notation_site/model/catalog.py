"""Load every entry and topic page from ``docs/``: the single source of truth.

An entry is one Markdown file, ``docs/entries/<id>.md``: YAML front matter holds its
fields, the body holds its prose and examples. A topic page, ``docs/<topic>.md``, lists
its entries' ids in order under ``entries:``; that list decides where an entry is shown.
The catalog only reads; ``notation_site.checks`` judge.

>>> from pathlib import Path
>>> cat = load(Path(__file__).resolve().parents[3])
>>> cat.entries["softmax"].topic
'building-blocks'
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from notation_site.model.frontmatter import Document, FrontMatterError, parse
from notation_site.model.paths import DOCS_DIR, ENTRIES_DIR, entry_page


@dataclass
class Entry:
    """One notation entry, as written in its file (paths are relative to the repository)."""

    path: Path
    doc: Document
    text: str
    topic: str | None = None

    @property
    def data(self) -> dict[str, Any]:
        return self.doc.data

    def line(self, key: str) -> int:
        """The 1-based line of front-matter field ``key`` (the file's first line if absent)."""
        return self.doc.lines.get(key, 1)

    @property
    def id(self) -> str:
        return str(self.data.get("id", self.path.stem))

    @property
    def name(self) -> str:
        return str(self.data.get("name", self.id))

    @property
    def symbol(self) -> str:
        return str(self.data.get("symbol") or "")

    @property
    def read_aloud(self) -> str:
        return str(self.data.get("read_aloud") or "")

    @property
    def shape(self) -> str:
        return str(self.data.get("shape") or "")

    @property
    def summary(self) -> str:
        return str(self.data.get("summary") or "")

    def _list(self, key: str) -> list[str]:
        value = self.data.get(key) or []
        return [str(v) for v in value] if isinstance(value, list) else [str(value)]

    @property
    def unicode(self) -> list[str]:
        return self._list("unicode")

    @property
    def latex_commands(self) -> list[str]:
        return self._list("latex_commands")

    @property
    def contexts(self) -> dict[str, list[str]]:
        """For the formula reader: each piece this entry is the reading of, with the templates in
        which it is (``Q: ['Q(s, a)', 'Q^\\pi']``).

        >>> doc = Document(data={"contexts": {"Q": ["Q(s, a)"], "K": "K"}})
        >>> Entry(path=Path("docs/entries/x.md"), doc=doc, text="").contexts
        {'Q': ['Q(s, a)'], 'K': ['K']}
        """
        value = self.data.get("contexts") or {}
        if not isinstance(value, dict):
            return {}
        return {str(k): [str(v)] if isinstance(v, str) else [str(x) for x in v] if isinstance(v, list) else [] for k, v in value.items()}

    @property
    def speech(self) -> dict[str, str]:
        """For the formula reader: templates and how each is read aloud (``·`` filled in order)."""
        value = self.data.get("speech") or {}
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    @property
    def kinds(self) -> list[str]:
        """For the formula reader: the kinds of piece the entry explains by convention."""
        return self._list("kinds")

    @property
    def aliases(self) -> list[str]:
        return self._list("aliases")

    @property
    def see_also(self) -> list[str]:
        return self._list("see_also")

    @property
    def code(self) -> dict[str, str]:
        value = self.data.get("code") or {}
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    @property
    def confused_with(self) -> dict[str, str]:
        value = self.data.get("confused_with") or {}
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    @property
    def letters(self) -> dict[str, list[str]]:
        """Each overloaded letter the entry explains, with the meanings it gives it.

        >>> doc = Document(data={"letters": {"σ": "sigmoid", "θ": ["parameters", "an angle"]}})
        >>> Entry(path=Path("docs/entries/x.md"), doc=doc, text="").letters
        {'σ': ['sigmoid'], 'θ': ['parameters', 'an angle']}
        """
        value = self.data.get("letters") or {}
        if not isinstance(value, dict):
            return {}
        return {str(k): [v] if isinstance(v, str) else [str(x) for x in v] if isinstance(v, list) else [] for k, v in value.items()}

    @property
    def body(self) -> str:
        return self.doc.body


@dataclass
class Topic:
    """A topic page: its slug (file stem), title, and the ids it shows, in order."""

    path: Path
    doc: Document

    @property
    def slug(self) -> str:
        return self.path.stem

    @property
    def title(self) -> str:
        return str(self.doc.data.get("title", self.slug))

    @property
    def description(self) -> str:
        return str(self.doc.data.get("description", ""))

    @property
    def entry_ids(self) -> list[str]:
        value = self.doc.data.get("entries") or []
        return [str(v) for v in value] if isinstance(value, list) else []

    @property
    def page(self) -> str:
        """The page's path relative to ``docs/``, as MkDocs links it."""
        return self.path.relative_to(DOCS_DIR).as_posix()


@dataclass
class LoadError:
    """A file whose front matter could not be read, with its text (for what only needs the
    text, such as the snippets it includes)."""

    path: Path
    line: int
    message: str
    text: str = ""


@dataclass
class Catalog:
    root: Path
    entries: dict[str, Entry] = field(default_factory=dict)
    all_entries: list[Entry] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)
    load_errors: list[LoadError] = field(default_factory=list)

    @cached_property
    def topic_by_page(self) -> dict[str, Topic]:
        return {t.page: t for t in self.topics}

    @cached_property
    def unreadable_ids(self) -> set[str]:
        """The ids (file names) of entry files whose front matter could not be read: they
        are reported once, as themselves, so links to them are not reported as broken."""
        return {e.path.stem for e in self.load_errors if e.path.parent == ENTRIES_DIR}

    def known(self, entry_id: str) -> bool:
        """An id with an entry file, readable or not."""
        return entry_id in self.entries or entry_id in self.unreadable_ids

    def topic_entries(self, topic: Topic) -> list[Entry]:
        """The entries a topic page shows, in its order (unknown ids are skipped)."""
        return [self.entries[i] for i in topic.entry_ids if i in self.entries]

    def ordered(self) -> list[Entry]:
        """Every placed entry, topic by topic in page order."""
        return [e for t in self.topics for e in self.topic_entries(t)]

    @cached_property
    def topic_by_slug(self) -> dict[str, Topic]:
        return {t.slug: t for t in self.topics}

    def topic_of(self, entry: Entry) -> Topic | None:
        """The topic page that lists ``entry`` (the first, if several do)."""
        return self.topic_by_slug.get(entry.topic or "")

    def neighbours(self, entry: Entry) -> tuple[Entry | None, Entry | None]:
        """The entries before and after ``entry`` on its topic page (None at either end)."""
        topic = self.topic_of(entry)
        if topic is None:
            return None, None
        siblings = self.topic_entries(topic)
        i = next(n for n, e in enumerate(siblings) if e.id == entry.id)
        return (siblings[i - 1] if i > 0 else None), (siblings[i + 1] if i + 1 < len(siblings) else None)

    def placed(self) -> list[Entry]:
        """Every entry with a page of its own (listed by a topic page), once, in topic order."""
        return list({e.id: e for e in self.ordered()}.values())

    def url(self, entry_id: str, from_page: str | None = None) -> str:
        """Markdown link target for an entry, from page ``from_page`` (a path under ``docs/``).

        The one place that decides where an entry lives: its own page ``entries/<id>.md``
        (published at ``entries/<id>/``), whatever topic lists it. From that page itself the
        link is ``#id`` (its title).

        >>> from pathlib import Path
        >>> cat = load(Path(__file__).resolve().parents[3])
        >>> cat.url("softmax", "transformer.md"), cat.url("softmax", "entries/attention.md")
        ('entries/softmax.md', 'softmax.md')
        >>> cat.url("softmax", "entries/softmax.md"), cat.url("softmax")
        ('#softmax', 'entries/softmax.md')
        """
        entry = self.entries[entry_id]
        target = entry_page(entry.id)
        if from_page == target:
            return f"#{entry_id}"
        base = posixpath.dirname(from_page) if from_page else ""
        return posixpath.relpath(target, base or ".")

    def where(self, needle: str, page_src: str) -> str:
        """``file:line`` of the first source that contains ``needle``: the page ``page_src``
        (a path from the root, ``docs/x.md``), then every entry; else ``page_src`` alone."""
        candidates = [(e.path.as_posix(), e.text) for e in self.all_entries]
        page_path = self.root / page_src
        if page_path.is_file():
            candidates.insert(0, (page_src, page_path.read_text(encoding="utf-8")))
        for path, text in candidates:
            pos = text.find(needle)
            if pos >= 0:
                return f"{path}:{text.count(chr(10), 0, pos) + 1}"
        return page_src


def _read(path: Path, root: Path, errors: list[LoadError]) -> Document | None:
    try:
        text = path.read_text(encoding="utf-8")
        return parse(text)
    except FrontMatterError as err:
        errors.append(LoadError(path.relative_to(root), err.line, str(err), text))
    except UnicodeDecodeError as err:
        errors.append(LoadError(path.relative_to(root), 1, f"not UTF-8 text: {err}"))
    return None


def load(root: Path) -> Catalog:
    """Read every entry file and topic page under ``root``."""
    root = Path(root)
    catalog = Catalog(root=root)
    for path in sorted((root / ENTRIES_DIR).glob("*.md")):
        doc = _read(path, root, catalog.load_errors)
        if doc is None:
            continue
        entry = Entry(path=path.relative_to(root), doc=doc, text=path.read_text(encoding="utf-8"))
        catalog.all_entries.append(entry)
        catalog.entries.setdefault(entry.id, entry)
    for path in sorted((root / DOCS_DIR).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if not text.startswith("---"):
            continue
        doc = _read(path, root, catalog.load_errors)
        if doc is not None and "entries" in doc.data:
            catalog.topics.append(Topic(path=path.relative_to(root), doc=doc))
    catalog.topics.sort(key=lambda t: (t.doc.data.get("order", 999), t.slug))
    for topic in catalog.topics:
        for entry_id in topic.entry_ids:
            entry = catalog.entries.get(entry_id)
            if entry is not None and entry.topic is None:
                entry.topic = topic.slug
    return catalog
