"""Check every entry and topic page and report all problems at once, as ``file:line: message``.

Run it as ``python -m notation_site.validate`` (``make check-entries``); the MkDocs plugin
runs the same checks before every build and fails the build if any is found. Every problem
carries a hint on how to fix it; CONTRIBUTING.md lists them all. Each kind of check is a
module of ``notation_site.checks``; this one runs them in turn.
"""

from __future__ import annotations

import sys
from pathlib import Path

from notation_site.checks.body import check_body, check_field_tex
from notation_site.checks.determinism import snippet_problems
from notation_site.checks.entry_links import entry_link_problems
from notation_site.checks.fields import check_fields, check_references, check_todo
from notation_site.checks.glyphs import check_glyphs
from notation_site.checks.history import check_renamed
from notation_site.checks.problem import Problem
from notation_site.checks.snippets import check_snippets
from notation_site.checks.textbooks import check_textbooks
from notation_site.checks.topics import check_topics, duplicate_ids, load_problems
from notation_site.model.catalog import Catalog, load


def validate(catalog: Catalog, notes: list[str] | None = None) -> list[Problem]:
    """Every problem in the catalog, sorted by file and line.

    Things that could not be checked (no git history for the renamed-id check) are
    appended to ``notes`` when a list is given.
    """
    notes = [] if notes is None else notes
    problems = load_problems(catalog)
    covered = {ch for e in catalog.all_entries for glyph in e.unicode for ch in glyph}
    for entry in catalog.all_entries:
        problems += check_fields(entry)
        problems += check_references(entry, catalog)
        problems += check_body(entry, catalog)
        problems += check_field_tex(entry)
        problems += check_todo(entry)
        problems += check_glyphs(entry, covered)
    problems += duplicate_ids(catalog)
    problems += check_snippets(catalog)
    problems += check_renamed(catalog, notes)
    problems += check_topics(catalog)
    problems += check_textbooks(catalog)
    problems += snippet_problems(catalog.root) + entry_link_problems(catalog)
    return sorted(set(problems), key=lambda p: (p.path.as_posix(), p.line, p.message))


def main(argv: list[str] | None = None) -> int:
    """Validate the repository at the current directory (or ``argv[0]``); exit 1 on problems."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else Path.cwd()
    catalog = load(root)
    notes: list[str] = []
    problems = validate(catalog, notes)
    for problem in problems:
        print(problem)
    for note in notes:
        print(f"note: {note}")
    n = len(catalog.all_entries)
    if problems:
        print(f"{len(problems)} problem(s) in {n} entries")
        return 1
    print(f"{n} entries on {len(catalog.topics)} topic pages: no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
