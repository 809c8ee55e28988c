"""Check every entry and topic page and report all problems at once, as ``file:line: message``.

Run it as ``python -m notation_site.validate`` (``make check-entries``); the MkDocs plugin
runs the same checks before every build and fails the build if any is found. Every problem
carries a hint on how to fix it; CONTRIBUTING.md lists them all. Each kind of check is a
module of ``notation_site.checks``; this one runs them in turn.

The command line adds two things the build does its own way: it runs every formula of the
entries changed on this branch through KaTeX (the build renders them all anyway), and it
warns about the aliases this branch gave an entry that another entry has too (warnings
print, and never fail the command or the build).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from notation_site.checks.body import check_body, check_field_tex
from notation_site.checks.code_lines import check_code_lines
from notation_site.checks.conventions import check_conventions
from notation_site.checks.determinism import snippet_problems
from notation_site.checks.entry_links import entry_link_problems
from notation_site.checks.fields import check_fields, check_references, check_todo
from notation_site.checks.formulas import Render, katex_problems
from notation_site.checks.glyphs import check_glyphs
from notation_site.checks.history import at_fork_point, changed_entries, check_renamed
from notation_site.checks.problem import Problem
from notation_site.checks.snippets import check_snippets
from notation_site.checks.textbooks import check_textbooks
from notation_site.checks.topics import check_topics, duplicate_ids, load_problems
from notation_site.model.catalog import Catalog, Entry, load
from notation_site.model.frontmatter import FrontMatterError, parse
from notation_site.output.katex import KatexRenderer
from notation_site.search.overlap import normalise_alias, shared_aliases

ALIAS_HINT = (
    "search lists every entry an alias names, the first one on top; if both entries mean the same "
    "concept, make one entry and keep the other name as an alias"
)


def validate(
    catalog: Catalog,
    notes: list[str] | None = None,
    render: Render | None = None,
    warnings: list[Problem] | None = None,
) -> list[Problem]:
    """Every problem in the catalog: files that could not be read first, then the rest,
    sorted by file and line.

    Things that could not be checked (no git history for the renamed-id check) are
    appended to ``notes`` when a list is given. With ``render`` (KaTeX's ``render_many``),
    the formulas of the changed entries (every entry without git history) are rendered too;
    with ``warnings``, the aliases this branch gave an entry that another entry has too are
    appended to it (``alias_warnings``).
    """
    notes = [] if notes is None else notes
    problems: list[Problem] = []
    covered = {ch for e in catalog.all_entries for glyph in e.unicode for ch in glyph}
    for entry in catalog.all_entries:
        problems += check_fields(entry)
        problems += check_references(entry, catalog)
        problems += check_body(entry, catalog)
        problems += check_field_tex(entry)
        problems += check_todo(entry)
        problems += check_glyphs(entry, covered)
        problems += check_code_lines(entry)
        problems += check_conventions(entry, catalog.root)
    problems += duplicate_ids(catalog)
    problems += check_snippets(catalog)
    problems += check_renamed(catalog, notes)
    problems += check_topics(catalog)
    problems += check_textbooks(catalog)
    problems += snippet_problems(catalog.root) + entry_link_problems(catalog)
    if render is not None or warnings is not None:
        changed = changed_entries(catalog)
        if render is not None:
            problems += katex_problems(catalog.all_entries if changed is None else changed, render)
            if changed is None:
                notes.append("no history to tell the changed entries: KaTeX checked every entry's formulas")
        if warnings is not None and changed is not None:
            warnings += alias_warnings(changed, catalog, at_fork_point(catalog, changed))
    unreadable = load_problems(catalog)
    return unreadable + sorted(set(problems), key=lambda p: (p.path.as_posix(), p.line, p.message))


def alias_warnings(entries: list[Entry], catalog: Catalog, before: dict[Path, str] | None = None) -> list[Problem]:
    """A warning for each alias of ``entries`` that another entry has too, unless the entry
    already had it: ``before`` holds the entries' files as they were where the branch left
    main (by path), so a change warns only about the aliases it added, not about the ones an
    edit elsewhere in the file (a ``see_also``) happened to touch."""
    before = before or {}
    had = {path: {normalise_alias(a) for a in _aliases(text)} for path, text in before.items()}
    return [
        Problem(
            shared.entry.path,
            shared.entry.line("aliases"),
            f"warning: alias '{shared.alias}' is also an alias of "
            + ", ".join(f"'{o.id}' ({o.path.as_posix()})" for o in shared.others)
            + f"; search probably lists '{shared.first.id}' first (a heuristic: name words, then the shorter keys, then site order)",
            ALIAS_HINT,
        )
        for shared in shared_aliases(entries, catalog)
        if normalise_alias(shared.alias) not in had.get(shared.entry.path, set())
    ]


def _aliases(text: str) -> list[str]:
    """The aliases in an entry file's text (none if its front matter cannot be read)."""
    try:
        aliases = parse(text).data.get("aliases")
    except FrontMatterError:
        return []
    return [str(a) for a in aliases] if isinstance(aliases, list) else []


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without MkDocs: ``!ENV [NAME, default]`` gives the default, other
    MkDocs tags (``!relative``, ``!!python/name:``) nothing."""


def _env_default(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if suffix == "ENV" and isinstance(node, yaml.SequenceNode) and node.value:
        return loader.construct_object(node.value[-1])
    return None


_ConfigLoader.add_multi_constructor("!", _env_default)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def katex_macros(root: Path) -> dict[str, str]:
    """The ``katex_macros`` of the ``notation`` plugin in ``root/mkdocs.yml`` (none if absent)."""
    path = Path(root) / "mkdocs.yml"
    if not path.is_file():
        return {}
    config: Any = yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and isinstance(plugin.get("notation"), dict):
            return dict(plugin["notation"].get("katex_macros") or {})
    return {}


def main(argv: list[str] | None = None) -> int:
    """Validate the repository at the current directory (or ``argv[0]``); exit 1 on problems."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else Path.cwd()
    notes: list[str] = []
    katex: KatexRenderer | None = KatexRenderer(root, katex_macros(root))
    try:
        katex.start()  # Node.js loads KaTeX while the other checks run
    except FileNotFoundError as err:
        notes.append(f"{err}: the formulas were not checked with KaTeX")
        katex = None
    try:
        catalog = load(root)
        warnings: list[Problem] = []
        problems = validate(catalog, notes, katex.render_many if katex else None, warnings)
    finally:
        if katex is not None:
            katex.close()
    for problem in problems:
        print(problem)
    for warning in warnings:
        print(warning)
    for note in notes:
        print(f"note: {note}")
    n = len(catalog.all_entries) + len(catalog.unreadable_ids)
    also = f" ({len(warnings)} warning(s), which do not fail the check)" if warnings else ""
    if problems:
        print(f"{len(problems)} problem(s) in {n} entries{also}")
        return 1
    print(f"{n} entries on {len(catalog.topics)} topic pages: no problems{also}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
