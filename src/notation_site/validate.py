"""Check every entry and topic page and report all problems at once, as ``file:line: message``.

Run it as ``python -m notation_site.validate`` (``make check-entries``); the MkDocs plugin
runs the same checks before every build and fails the build if any is found.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notation_site.catalog import Catalog, Entry, load
from notation_site.latex import balance_problem, find_math, lint_tex

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SNIPPET_INCLUDE = re.compile(r'^--8<--\s+"(snippets/[^"]+)"\s*$', re.MULTILINE)
FENCE = re.compile(r"^(\s*)(```|~~~)")


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.path.as_posix()}:{self.line}: {self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text


def _nonempty_str(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != ""


def _str_list(v: Any, min_len: int = 0) -> bool:
    return isinstance(v, list) and len(v) >= min_len and all(_nonempty_str(x) for x in v)


def _str_map(v: Any, min_len: int = 0) -> bool:
    return (
        isinstance(v, dict)
        and len(v) >= min_len
        and all(_nonempty_str(str(k)) and _nonempty_str(x) for k, x in v.items())
    )


# field: (check, description used in messages, required)
FIELDS: dict[str, tuple[Any, str, bool]] = {
    "id": (lambda v: isinstance(v, str) and bool(ID_PATTERN.match(v)), "a lowercase hyphenated id such as 'kl-divergence'", True),
    "name": (_nonempty_str, "the entry's name as a plain string", True),
    "symbol": (_nonempty_str, "the symbol in LaTeX, e.g. 'A \\odot B'", True),
    "summary": (_nonempty_str, "one sentence saying what it means", True),
    "read_aloud": (_nonempty_str, "how to say it aloud", True),
    "aliases": (lambda v: _str_list(v, 1), "a list of other names and API names", True),
    "shape": (_nonempty_str, "the shape of each object, in Markdown with $...$ math", True),
    "code": (
        lambda v: isinstance(v, dict) and set(v) == {"numpy", "pytorch"} and all(_nonempty_str(x) for x in v.values()),
        "a mapping with exactly the keys 'numpy' and 'pytorch'",
        True,
    ),
    "confused_with": (lambda v: _str_map(v, 1), "a mapping of entry id: why the two are confused", True),
    "see_also": (lambda v: _str_list(v, 1), "a list of entry ids", True),
    "unicode": (lambda v: _str_list(v), "a list of glyphs such as '⊙'", False),
    "latex_commands": (
        lambda v: _str_list(v) and all(x.startswith("\\") for x in v),
        "a list of LaTeX commands, each starting with a backslash",
        False,
    ),
    "letters": (
        lambda v: isinstance(v, dict) and len(v) >= 1 and all(_nonempty_str(str(k)) and (_nonempty_str(x) or _str_list(x, 1)) for k, x in v.items()),
        "a mapping of letter: the meaning this entry gives it (a string, or a list of strings for several meanings)",
        False,
    ),
}

OVERLOADED_LETTERS = ("θ", "σ", "α", "β", "L", "N", "T")


def _check_fields(entry: Entry) -> list[Problem]:
    problems = []
    data = entry.data
    for key in data:
        if key not in FIELDS:
            problems.append(
                Problem(entry.path, entry.line(key), f"unknown field '{key}'", f"known fields: {', '.join(FIELDS)}")
            )
    for key, (check, description, required) in FIELDS.items():
        if key not in data:
            if required:
                problems.append(
                    Problem(entry.path, 1, f"missing required field '{key}'", f"add '{key}:' with {description}")
                )
        elif not check(data[key]):
            problems.append(
                Problem(entry.path, entry.line(key), f"field '{key}' must be {description}", f"got {data[key]!r}")
            )
    if isinstance(data.get("id"), str) and data["id"] != entry.path.stem:
        problems.append(
            Problem(
                entry.path,
                entry.line("id"),
                f"id '{data['id']}' does not match the file name '{entry.path.name}'",
                f"name the file docs/entries/{data['id']}.md",
            )
        )
    for letter in entry.letters:
        if letter not in OVERLOADED_LETTERS:
            problems.append(
                Problem(
                    entry.path,
                    entry.line("letters"),
                    f"letter '{letter}' is not one of the overloaded letters {' '.join(OVERLOADED_LETTERS)}",
                )
            )
    return problems


def _check_references(entry: Entry, catalog: Catalog) -> list[Problem]:
    problems = []
    for key, ids in (("see_also", entry.see_also), ("confused_with", list(entry.confused_with))):
        if not isinstance(entry.data.get(key), (list, dict)):
            continue
        for ref in ids:
            if ref == entry.id:
                problems.append(Problem(entry.path, entry.line(key), f"{key} lists the entry itself ('{ref}')"))
            elif ref not in catalog.entries:
                problems.append(
                    Problem(
                        entry.path,
                        entry.line(key),
                        f"{key} names unknown id '{ref}'",
                        "use the id of an existing entry (the file name in docs/entries/ without .md)",
                    )
                )
    return problems


def _strip_code(body: str) -> list[tuple[int, str]]:
    """Body lines outside fenced code blocks, with inline code blanked: (offset, text)."""
    out, fence = [], None
    for i, line in enumerate(body.splitlines()):
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(2)
            continue
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
            continue
        out.append((i, re.sub(r"`[^`]*`", lambda c: " " * len(c.group()), line)))
    return out


def _check_body(entry: Entry, catalog: Catalog) -> list[Problem]:
    root = catalog.root
    problems = []
    body_lines = _strip_code(entry.body)
    text = "\n".join(t for _, t in body_lines)
    line_of = [entry.doc.body_line + i for i, _ in body_lines]
    for tex, offset, _display in find_math(text):
        line = line_of[text.count("\n", 0, offset)]
        for message in filter(None, [balance_problem(tex), *lint_tex(tex)]):
            problems.append(Problem(entry.path, line, f"{message} in ${tex}$"))
    for i, t in enumerate(text.split("\n")):
        if t.lstrip().startswith("|"):
            for tex, _, _ in find_math(t):
                if "|" in tex:
                    problems.append(
                        Problem(
                            entry.path,
                            line_of[i],
                            f"raw '|' inside math in a table row: ${tex}$",
                            "a '|' ends the table cell; write \\vert, \\lvert x \\rvert, \\lVert x \\rVert or \\mid",
                        )
                    )
    for i, t in enumerate(text.split("\n")):
        for target in re.findall(r"\]\(#([^)\s]+)\)", t):
            if target not in catalog.entries:
                problems.append(
                    Problem(
                        entry.path,
                        line_of[i],
                        f"link to unknown entry '#{target}'",
                        "link to another entry as [text](#id) with an existing id",
                    )
                )
    includes = list(SNIPPET_INCLUDE.finditer(entry.body))
    if not includes:
        problems.append(
            Problem(
                entry.path,
                entry.doc.body_line,
                "no worked example: the body includes no snippet",
                'add a line --8<-- "snippets/<name>.py" with a snippet that prints the example',
            )
        )
    for m in includes:
        if not (root / m.group(1)).is_file():
            line = entry.doc.body_line + entry.body.count("\n", 0, m.start())
            problems.append(Problem(entry.path, line, f"included snippet {m.group(1)} does not exist"))
    return problems


def _check_field_tex(entry: Entry) -> list[Problem]:
    problems = []
    if isinstance(entry.data.get("symbol"), str):
        for message in filter(None, [balance_problem(entry.symbol), *lint_tex(entry.symbol)]):
            problems.append(Problem(entry.path, entry.line("symbol"), f"{message} in symbol"))
    for key in ("shape", "summary"):
        value = entry.data.get(key)
        if isinstance(value, str):
            for tex, _, _ in find_math(value):
                for message in filter(None, [balance_problem(tex), *lint_tex(tex)]):
                    problems.append(Problem(entry.path, entry.line(key), f"{message} in {key}: ${tex}$"))
    return problems


def _check_todo(entry: Entry) -> list[Problem]:
    problems = []
    for i, line in enumerate(entry.text.splitlines(), start=1):
        if "TODO" in line:
            problems.append(Problem(entry.path, i, "TODO left in the entry", "replace it with the real content"))
    return problems


def validate(catalog: Catalog) -> list[Problem]:
    """Every problem in the catalog, sorted by file and line."""
    root = catalog.root
    problems = [Problem(e.path, e.line, e.message) for e in catalog.load_errors]
    ids = Counter(e.id for e in catalog.all_entries)
    for entry in catalog.all_entries:
        problems += _check_fields(entry)
        problems += _check_references(entry, catalog)
        problems += _check_body(entry, catalog)
        problems += _check_field_tex(entry)
        problems += _check_todo(entry)
        if ids[entry.id] > 1:
            others = [o.path.as_posix() for o in catalog.all_entries if o.id == entry.id and o is not entry]
            problems.append(
                Problem(entry.path, entry.line("id"), f"duplicate id '{entry.id}' (also in {', '.join(others)})", "ids are unique across the site")
            )
    placed: dict[str, Path] = {}
    for topic in catalog.topics:
        line = topic.doc.lines.get("entries", 1)
        if not isinstance(topic.doc.data.get("entries"), list):
            problems.append(Problem(topic.path, line, "'entries' must be a list of entry ids"))
            continue
        for entry_id in topic.entry_ids:
            if entry_id not in catalog.entries:
                problems.append(
                    Problem(topic.path, line, f"entries lists unknown id '{entry_id}'", f"create docs/entries/{entry_id}.md or remove the id")
                )
            elif entry_id in placed:
                problems.append(
                    Problem(topic.path, line, f"entry '{entry_id}' is listed twice (also in {placed[entry_id].as_posix()})")
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
    return sorted(set(problems), key=lambda p: (p.path.as_posix(), p.line, p.message))


def main(argv: list[str] | None = None) -> int:
    """Validate the repository at the current directory (or ``argv[0]``); exit 1 on problems."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else Path.cwd()
    catalog = load(root)
    problems = validate(catalog)
    for problem in problems:
        print(problem)
    n = len(catalog.all_entries)
    if problems:
        print(f"{len(problems)} problem(s) in {n} entries")
        return 1
    print(f"{n} entries on {len(catalog.topics)} topic pages: no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main())
