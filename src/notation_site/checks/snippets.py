"""Snippets nobody includes, includes of snippets that do not exist, and TODOs left in
snippets and their tests."""

from __future__ import annotations

from pathlib import Path

from notation_site.checks.problem import Problem, todos
from notation_site.model.catalog import Catalog
from notation_site.model.paths import DOCS_DIR, ENTRIES_DIR, SNIPPET_INCLUDE, SNIPPET_TESTS_DIR, SNIPPETS_DIR


def missing_snippet(path: Path, line: int, snippet: str) -> Problem:
    return Problem(
        path,
        line,
        f"included snippet {snippet} does not exist",
        f"create {snippet} (make new-entry writes a stub) or correct the path",
    )


def content_pages(root: Path) -> list[Path]:
    """Every Markdown page under docs/ that is not an entry."""
    entries = (root / ENTRIES_DIR).resolve()
    return [p for p in sorted((root / DOCS_DIR).rglob("*.md")) if entries not in p.resolve().parents]


def check_snippets(catalog: Catalog) -> list[Problem]:
    """Snippets nobody includes, snippets a page includes that do not exist, TODOs left in
    snippets and snippet tests."""
    root = catalog.root
    problems = []
    referenced = "\n".join([*(e.text for e in catalog.all_entries), *(e.text for e in catalog.load_errors)])
    for page in content_pages(root):
        text = page.read_text(encoding="utf-8")
        referenced += "\n" + text
        for m in SNIPPET_INCLUDE.finditer(text):
            if not (root / m.group(1)).is_file():
                problems.append(missing_snippet(page.relative_to(root), text.count("\n", 0, m.start()) + 1, m.group(1)))
    for path in sorted((root / SNIPPETS_DIR).glob("*.py")):
        rel = path.relative_to(root)
        if path.name.startswith("_"):
            continue
        if rel.as_posix() not in referenced:
            problems.append(
                Problem(
                    rel,
                    1,
                    f"snippet {rel.as_posix()} is not included by any entry or page",
                    f'include it in an entry with a line --8<-- "{rel.as_posix()}", or delete it and its test',
                )
            )
        text = path.read_text(encoding="utf-8")
        problems += todos(rel, text, "snippet", "compute the example with the notation library and print it with notation.render")
    for path in sorted((root / SNIPPET_TESTS_DIR).glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        problems += todos(
            path.relative_to(root), text, "snippet test", "assert what the entry promises, against an independent computation"
        )
    return problems

