"""The entries as data: ``entries.json`` at the site's root, with ``entries.schema.json``
beside it describing it.

Every entry's fields as written in its front matter, plus its topic, its glyphs' code
points and its address on the site. Deterministic, like the rest of the site: entries in
id order, keys sorted, no timestamp; the commit it was built from is the only thing that
says when.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from notation_site.model.catalog import Catalog, Entry
from notation_site.tex.glyphs import code_point

DATASET = "entries.json"
"""The dataset's path in the built site (its root)."""
DATASET_SCHEMA = "entries.schema.json"
"""Its JSON Schema's path in the built site, beside it."""
SCHEMA_SOURCE = Path(__file__).with_name("entries.schema.json")

FORMAT_VERSION = 1
"""The dataset's format: raised when a field changes meaning or is removed (adding one does not)."""

LICENSE = "CC-BY-4.0"
"""The entries' licence (LICENSE-content), as an SPDX identifier."""

UNKNOWN_COMMIT = "unknown"


def site_path(target: str) -> str:
    """A Markdown link target from the docs root (``page.md#id``) as the built site's path
    from its root, with directory URLs as MkDocs writes them.

    >>> site_path("building-blocks.md#softmax"), site_path("index.md#x"), site_path("entries/softmax/index.md")
    ('building-blocks/#softmax', '#x', 'entries/softmax/')
    """
    page, _, fragment = target.partition("#")
    if page.endswith(".md"):
        page = page.removesuffix(".md")
        page = "" if page == "index" else page.removesuffix("/index") + "/"
    return page + (f"#{fragment}" if fragment else "")


def entry_url(catalog: Catalog, entry_id: str) -> str:
    """An entry's address from the site's root, as ``Catalog.url`` decides it."""
    return site_path(catalog.url(entry_id))


def commit_of(root: Path) -> str:
    """The commit checked out at ``root`` (``git rev-parse HEAD``), or ``"unknown"`` without git."""
    try:
        result = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return UNKNOWN_COMMIT
    sha = result.stdout.strip()
    return sha if result.returncode == 0 and sha else UNKNOWN_COMMIT


def entry_record(entry: Entry, catalog: Catalog) -> dict[str, Any]:
    """One entry as the dataset lists it (``entries.schema.json`` says what each field holds)."""
    return {
        "id": entry.id,
        "name": entry.name,
        "symbol": entry.symbol,
        "read_aloud": entry.read_aloud,
        "summary": entry.summary,
        "aliases": entry.aliases,
        "latex_commands": entry.latex_commands,
        "glyphs": [{"glyph": g, "code_points": [code_point(ch) for ch in g]} for g in entry.unicode],
        "shape": entry.shape,
        "code": entry.code,
        "confused_with": entry.confused_with,
        "see_also": entry.see_also,
        "letters": entry.letters,
        "topic": entry.topic,
        "url": entry_url(catalog, entry.id),
    }


def dataset(catalog: Catalog, commit: str) -> dict[str, Any]:
    """Every placed entry and topic page, with the format version and the commit."""
    placed = sorted((e for e in catalog.entries.values() if e.topic is not None), key=lambda e: e.id)
    return {
        "format_version": FORMAT_VERSION,
        "commit": commit,
        "license": LICENSE,
        "topics": [
            {"id": t.slug, "title": t.title, "url": site_path(t.page), "entries": [e.id for e in catalog.topic_entries(t)]}
            for t in sorted(catalog.topics, key=lambda t: t.slug)
        ],
        "entries": [entry_record(e, catalog) for e in placed],
    }


def dataset_json(catalog: Catalog, commit: str) -> str:
    """``entries.json``'s text: UTF-8 JSON, keys sorted, no white space between tokens."""
    return json.dumps(dataset(catalog, commit), ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def schema_json() -> str:
    """``entries.schema.json``'s text."""
    return SCHEMA_SOURCE.read_text(encoding="utf-8")
