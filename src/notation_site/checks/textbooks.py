"""``data/textbooks.yml``: every item names an existing entry (or is explicitly pending or out
of scope), its TeX is balanced and lints clean, and its fields are the known ones."""

from __future__ import annotations

from notation_site.checks.problem import Problem, tex_problems
from notation_site.model.catalog import Catalog
from notation_site.model.paths import ID_PATTERN, TEXTBOOKS
from notation_site.model.textbooks import read_raw
from notation_site.tex.lint import find_math

ITEM_FIELDS = {"tex", "says", "entry", "note", "pending", "scope", "__line__"}
BOOK_FIELDS = {"id", "title", "authors", "year", "url", "source", "sections", "__line__"}
HINT = "see the header of data/textbooks.yml for the fields of a book and of an item"


def check_textbooks(catalog: Catalog) -> list[Problem]:
    """Every problem in the textbooks file (none when the file does not exist)."""
    try:
        data = read_raw(catalog.root)
    except Exception as err:  # a YAML syntax error: report it where the parser stopped
        mark = getattr(err, "problem_mark", None)
        return [Problem(TEXTBOOKS, mark.line + 1 if mark else 1, f"cannot read the file: {err}", HINT)]
    if data is None:
        return []
    path = TEXTBOOKS
    if not isinstance(data, dict) or not isinstance(data.get("books"), list):
        return [Problem(path, 1, "the file must hold a 'books:' list", HINT)]
    problems: list[Problem] = []
    for book in data["books"]:
        line = book.get("__line__", 1) if isinstance(book, dict) else 1
        if not isinstance(book, dict):
            problems.append(Problem(path, line, "a book must be a mapping", HINT))
            continue
        for key in sorted(set(book) - BOOK_FIELDS):
            problems.append(Problem(path, line, f"unknown field '{key}' in book '{book.get('id')}'", HINT))
        for key in ("id", "title", "authors", "year", "url", "source", "sections"):
            if not book.get(key):
                problems.append(Problem(path, line, f"book '{book.get('id')}' has no '{key}'", HINT))
        for section in book.get("sections") or []:
            if not isinstance(section, dict) or not section.get("name") or not isinstance(section.get("items"), list):
                problems.append(Problem(path, line, "a section needs a 'name' and an 'items' list", HINT))
                continue
            for item in section["items"]:
                problems += _check_item(item, catalog, section["name"])
    return problems


def _check_item(item: object, catalog: Catalog, section: str) -> list[Problem]:
    path = TEXTBOOKS
    if not isinstance(item, dict):
        return [Problem(path, 1, f"an item of section '{section}' must be a mapping", HINT)]
    line = int(item.get("__line__", 1))
    problems = [Problem(path, line, f"unknown field '{k}' in an item", HINT) for k in sorted(set(item) - ITEM_FIELDS)]
    tex, says = item.get("tex"), item.get("says")
    if not isinstance(tex, str) or not tex.strip():
        problems.append(Problem(path, line, "item has no 'tex'", "write the item's LaTeX as the book does, single-quoted"))
    else:
        problems += tex_problems(path, line, tex, f"in tex: {tex}")
    if not isinstance(says, str) or not says.strip():
        problems.append(Problem(path, line, f"item '{tex}' has no 'says'", "say in a few words what it means"))
    for key in ("says", "note"):
        value = item.get(key)
        if isinstance(value, str):
            for math, _, _ in find_math(value):
                problems += tex_problems(path, line, math, f"in {key}: ${math}$")
    entry, pending, scope = item.get("entry"), item.get("pending"), item.get("scope")
    if pending is not None and pending is not True:
        problems.append(Problem(path, line, f"'pending' must be true or absent, got {pending!r}", HINT))
    if scope is not None:
        if entry is not None or pending is not None:
            problems.append(Problem(path, line, f"item '{tex}' has a 'scope' and an entry: keep one", HINT))
        elif not isinstance(scope, str) or not scope.strip():
            problems.append(Problem(path, line, "'scope' must say why the item is left out", HINT))
        return problems
    if not isinstance(entry, str) or not ID_PATTERN.match(entry):
        problems.append(Problem(path, line, f"item '{tex}' names no entry id", "add 'entry: <id>' (or 'scope: <why it is left out>')"))
    elif pending is True and entry in catalog.entries:
        problems.append(
            Problem(path, line, f"entry '{entry}' exists now: remove 'pending: true' from item '{tex}'", "the page links it once the flag is gone")
        )
    elif pending is not True and entry not in catalog.entries:
        problems.append(
            Problem(
                path,
                line,
                f"item '{tex}' names unknown entry '{entry}'",
                "use the id of an existing entry, or mark an entry still being written with 'pending: true'",
            )
        )
    return problems
