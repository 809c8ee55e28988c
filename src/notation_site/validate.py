"""Check every entry and topic page and report all problems at once, as ``file:line: message``.

Run it as ``python -m notation_site.validate`` (``make check-entries``); the MkDocs plugin
runs the same checks before every build and fails the build if any is found. Every problem
carries a hint on how to fix it; CONTRIBUTING.md lists them all.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
import sys
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notation_site.catalog import DOCS_DIR, ENTRIES_DIR, Catalog, Entry, load
from notation_site.latex import balance_problem, find_math, lint_tex

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SNIPPET_INCLUDE = re.compile(r'^--8<--\s+"(snippets/[^"]+)"\s*$', re.MULTILINE)
FENCE = re.compile(r"^(\s*)(```|~~~)")
TODO = re.compile(r"\bTODO\b")
TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
SNIPPETS_DIR = Path("snippets")
SNIPPET_TESTS_DIR = Path("tests/snippets")
BASE_REFS = ("origin/main", "main")
"""Where the renamed-id check looks for the published ids, first found wins
(``NOTATION_BASE_REF`` overrides)."""


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

OVERLOADED_LETTERS = ("θ", "σ", "α", "β", "ε", "γ", "π", "τ", "L", "N", "T", "Q", "V", "A", "r")


def _check_fields(entry: Entry) -> list[Problem]:
    problems = []
    data = entry.data
    for key in data:
        if key not in FIELDS:
            close = difflib.get_close_matches(key, FIELDS, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                Problem(entry.path, entry.line(key), f"unknown field '{key}'", f"{hint}known fields: {', '.join(FIELDS)}")
            )
    for key, (check, description, required) in FIELDS.items():
        if key not in data:
            if required:
                problems.append(
                    Problem(entry.path, 1, f"missing required field '{key}'", f"add '{key}:' with {description}")
                )
        elif not check(data[key]) and not _is_todo(data[key]):
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
                    "letters: is only for those letters (it feeds the 'Letters with several meanings' page); "
                    "explain other letters in the body",
                )
            )
    return problems


def _is_todo(value: Any) -> bool:
    """A value still holding the ``make new-entry`` placeholder (reported once, as a TODO)."""
    if isinstance(value, str):
        return bool(TODO.search(value))
    if isinstance(value, list):
        return any(_is_todo(v) for v in value)
    if isinstance(value, dict):
        return any(_is_todo(k) or _is_todo(v) for k, v in value.items())
    return False


def _check_references(entry: Entry, catalog: Catalog) -> list[Problem]:
    problems = []
    for key, ids in (("see_also", entry.see_also), ("confused_with", list(entry.confused_with))):
        if not isinstance(entry.data.get(key), (list, dict)):
            continue
        for ref in ids:
            if TODO.search(ref):
                continue  # reported as a TODO
            if ref == entry.id:
                problems.append(
                    Problem(entry.path, entry.line(key), f"{key} lists the entry itself ('{ref}')", f"remove '{ref}' from {key}")
                )
            elif ref not in catalog.entries:
                close = difflib.get_close_matches(ref, list(catalog.entries), n=1)
                hint = f"did you mean '{close[0]}'? " if close else ""
                problems.append(
                    Problem(
                        entry.path,
                        entry.line(key),
                        f"{key} names unknown id '{ref}'",
                        f"{hint}use the id of an existing entry (the file name in docs/entries/ without .md)",
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


TEX_HINT = "every '{' needs its '}', every \\left a \\right, every \\begin{x} an \\end{x}"
LINT_HINT = "KaTeX draws this without an error, but not as you meant it"
BAR_HINT = "a '|' ends the table cell; write \\vert, \\lvert x \\rvert, \\lVert x \\rVert or \\mid inside math, &#124; in text"


def _tex_problems(path: Path, line: int, tex: str, where: str) -> list[Problem]:
    """Unbalanced or silently misrendered TeX in ``tex``; ``where`` ends the message."""
    problems = []
    balance = balance_problem(tex)
    if balance:
        problems.append(Problem(path, line, f"{balance} {where}", TEX_HINT))
    for message in lint_tex(tex):
        problems.append(Problem(path, line, f"{message} {where}", LINT_HINT))
    return problems


def _cells(row: str) -> int:
    """How many cells Python-Markdown makes of a table row (escaped pipes do not split)."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return len(re.split(r"(?<!\\)\|", row))


def _check_body(entry: Entry, catalog: Catalog) -> list[Problem]:
    root = catalog.root
    problems = []
    body_lines = _strip_code(entry.body)
    text = "\n".join(t for _, t in body_lines)
    line_of = [entry.doc.body_line + i for i, _ in body_lines]
    for tex, offset, _display in find_math(text):
        line = line_of[text.count("\n", 0, offset)]
        problems += _tex_problems(entry.path, line, tex, f"in ${tex}$")
    rows = text.split("\n")
    header_cells = 0
    for i, t in enumerate(rows):
        if not t.lstrip().startswith("|"):
            header_cells = 0
            continue
        if i + 1 < len(rows) and TABLE_SEPARATOR.match(rows[i + 1]) and not header_cells:
            header_cells = _cells(t)
        bars_in_math = [tex for tex, _, _ in find_math(t) if "|" in tex]
        for tex in bars_in_math:
            problems.append(Problem(entry.path, line_of[i], f"raw '|' inside math in a table row: ${tex}$", BAR_HINT))
        if header_cells and not bars_in_math and _cells(t) > header_cells and not TABLE_SEPARATOR.match(t):
            problems.append(
                Problem(
                    entry.path,
                    line_of[i],
                    f"table row has {_cells(t)} cells but its header has {header_cells}: a raw '|' splits a cell",
                    BAR_HINT,
                )
            )
    for i, t in enumerate(rows):
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
            problems.append(_missing_snippet(entry.path, line, m.group(1)))
    return problems


def _missing_snippet(path: Path, line: int, snippet: str) -> Problem:
    return Problem(
        path,
        line,
        f"included snippet {snippet} does not exist",
        f"create {snippet} (make new-entry writes a stub) or correct the path",
    )


def _check_field_tex(entry: Entry) -> list[Problem]:
    problems = []
    if isinstance(entry.data.get("symbol"), str):
        problems += _tex_problems(entry.path, entry.line("symbol"), entry.symbol, "in symbol")
    for key in ("shape", "summary"):
        value = entry.data.get(key)
        if isinstance(value, str):
            for tex, _, _ in find_math(value):
                problems += _tex_problems(entry.path, entry.line(key), tex, f"in {key}: ${tex}$")
    return problems


def _todos(path: Path, text: str, what: str, hint: str = "replace it with the real content") -> list[Problem]:
    return [
        Problem(path, i, f"TODO left in the {what}", hint)
        for i, line in enumerate(text.splitlines(), start=1)
        if TODO.search(line)
    ]


def _check_todo(entry: Entry) -> list[Problem]:
    """TODOs in an entry; the hint says what the field (or the body) should hold."""
    problems = []
    keys = sorted((line, key) for key, line in entry.doc.lines.items())
    for p in _todos(entry.path, entry.text, "entry"):
        if p.line >= entry.doc.body_line:
            hint = "write the prose: two to five short paragraphs, then the example's --8<-- line"
        else:
            key = next((k for line, k in reversed(keys) if line <= p.line), "")
            description = FIELDS[key][1] if key in FIELDS else ""
            optional = key in FIELDS and not FIELDS[key][2]
            hint = f"{key}: {description}" + ("; or delete the line" if optional else "") if description else p.hint
        problems.append(Problem(p.path, p.line, p.message, hint))
    return problems


# -- glyphs ------------------------------------------------------------------------

_MATH_BLOCKS = (
    (0x0370, 0x03FF),  # Greek
    (0x2100, 0x214F),  # letterlike symbols: ℝ ℒ ℓ
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x27C0, 0x27FF),  # miscellaneous mathematical symbols A, supplemental arrows A
    (0x2980, 0x2AFF),  # miscellaneous mathematical symbols B, supplemental operators
    (0x1D400, 0x1D7FF),  # mathematical alphanumeric symbols: 𝐱 𝒩
)


TYPOGRAPHIC = {"\u2212"}
"""Typographic stand-ins for ASCII that search treats as the ASCII character: the minus
sign (U+2212) in prose such as "axis −1" is a hyphen-minus, not notation."""

def is_notation_glyph(ch: str) -> bool:
    """True for a character a reader might paste into search: math symbols, Greek letters,
    letterlike and math-alphabet letters (not punctuation such as … – · or accented letters).

    >>> [is_notation_glyph(c) for c in "⊙θℝ×…é·a\u2212"]
    [True, True, True, True, False, False, False, False, False]
    """
    if ord(ch) < 0x80 or ch in TYPOGRAPHIC:
        return False
    if unicodedata.category(ch) == "Sm":
        return True
    return any(a <= ord(ch) <= b for a, b in _MATH_BLOCKS) and unicodedata.category(ch)[0] in "LS"


def _check_glyphs(entry: Entry, covered: set[str]) -> list[Problem]:
    """Glyphs in the symbol, summary, shape or body that no entry lists under ``unicode``."""
    texts: list[tuple[int, str]] = [
        (entry.line(key), str(entry.data[key])) for key in ("symbol", "summary", "shape") if isinstance(entry.data.get(key), str)
    ]
    texts += [(entry.doc.body_line + i, t) for i, t in _strip_code(entry.body)]
    problems = []
    for line, text in texts:
        if text.isascii():
            continue
        for ch in sorted(set(text) - covered):
            if not is_notation_glyph(ch):
                continue
            name = unicodedata.name(ch, "")
            problems.append(
                Problem(
                    entry.path,
                    line,
                    f"glyph '{ch}' (U+{ord(ch):04X} {name}) is in no entry's unicode list".replace(" )", ")"),
                    f"add '{ch}' to the unicode: list of the entry that explains it, so that pasting it into "
                    "search finds that entry; or write it in LaTeX inside $...$",
                )
            )
    return problems


# -- snippets and topic pages -------------------------------------------------------


def _pages(root: Path) -> list[Path]:
    """Every Markdown page under docs/ that is not an entry."""
    entries = (root / ENTRIES_DIR).resolve()
    return [p for p in sorted((root / DOCS_DIR).rglob("*.md")) if entries not in p.resolve().parents]


def _check_snippets(catalog: Catalog) -> list[Problem]:
    """Snippets nobody includes, snippets a page includes that do not exist, TODOs left in
    snippets and snippet tests."""
    root = catalog.root
    problems = []
    referenced = "\n".join(e.text for e in catalog.all_entries)
    for page in _pages(root):
        text = page.read_text(encoding="utf-8")
        referenced += "\n" + text
        for m in SNIPPET_INCLUDE.finditer(text):
            if not (root / m.group(1)).is_file():
                problems.append(_missing_snippet(page.relative_to(root), text.count("\n", 0, m.start()) + 1, m.group(1)))
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
        problems += _todos(rel, text, "snippet", "compute the example with the notation library and print it with notation.render")
    for path in sorted((root / SNIPPET_TESTS_DIR).glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        problems += _todos(
            path.relative_to(root), text, "snippet test", "assert what the entry promises, against an independent computation"
        )
    return problems


# -- ids that existed on main -------------------------------------------------------


def _git(root: Path, *args: str) -> str | None:
    try:
        result = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout if result.returncode == 0 else None


def published_ids(root: Path) -> tuple[str, str, set[str]] | str:
    """The entry ids at the fork point of HEAD and main, as ``(ref, commit, ids)``, or a note
    saying why they could not be read.

    The fork point (``git merge-base``), not main's tip, so that entries merged into main
    after a branch was made do not count as gone from the branch.
    """
    if _git(root, "rev-parse", "--is-inside-work-tree") is None:
        return "no git history here (not a git repository, or git is missing): the renamed-id check was skipped"
    refs = [os.environ["NOTATION_BASE_REF"]] if os.environ.get("NOTATION_BASE_REF") else list(BASE_REFS)
    for ref in refs:
        if _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}") is None:
            continue
        base = (_git(root, "merge-base", "HEAD", ref) or "").strip()
        listing = _git(root, "ls-tree", "--name-only", base, "--", f"{ENTRIES_DIR.as_posix()}/") if base else None
        if listing is None:
            return f"HEAD shares no history with {ref}: the renamed-id check was skipped"
        return ref, base, {Path(n).stem for n in listing.splitlines() if n.endswith(".md")}
    return f"no branch {' or '.join(refs)} to compare with: the renamed-id check was skipped"


def _check_renamed(catalog: Catalog, notes: list[str]) -> list[Problem]:
    found = published_ids(catalog.root)
    if isinstance(found, str):
        notes.append(found)
        return []
    ref, base, published = found
    current = {e.id for e in catalog.all_entries} | {e.path.stem for e in catalog.all_entries}
    gone = sorted(set(published) - current)
    new = [e for e in catalog.all_entries if e.id not in published]
    problems = []
    for old in gone:
        old_text = _git(catalog.root, "show", f"{base}:{ENTRIES_DIR.as_posix()}/{old}.md") or ""
        best, score = None, 0.0
        for entry in new:
            ratio = difflib.SequenceMatcher(None, old_text, entry.text, autojunk=False).quick_ratio()
            if ratio > score:
                best, score = entry, ratio
        if best is not None and score >= 0.6:
            problems.append(
                Problem(
                    best.path,
                    best.line("id"),
                    f"id '{best.id}' replaces '{old}', an id on {ref}: links to #{old} would break",
                    f"ids are permanent: keep the file docs/entries/{old}.md and its id '{old}', "
                    f"and add the new name to its aliases",
                )
            )
        else:
            problems.append(
                Problem(
                    ENTRIES_DIR / f"{old}.md",
                    1,
                    f"entry '{old}' exists on {ref} and is gone: links to #{old} would break",
                    f"ids are permanent: restore it (git checkout {ref} -- docs/entries/{old}.md); "
                    "to rename a concept, keep its id and add the new name to aliases",
                )
            )
    return problems


def validate(catalog: Catalog, notes: list[str] | None = None) -> list[Problem]:
    """Every problem in the catalog, sorted by file and line.

    Things that could not be checked (no git history for the renamed-id check) are
    appended to ``notes`` when a list is given.
    """
    notes = [] if notes is None else notes
    problems = [
        Problem(
            e.path,
            e.line,
            e.message,
            "the file starts with a '---' line, then YAML field: value lines, then a '---' line; "
            "quote values that hold ': ' or start with a backslash",
        )
        for e in catalog.load_errors
    ]
    ids = Counter(e.id for e in catalog.all_entries)
    covered = {ch for e in catalog.all_entries for glyph in e.unicode for ch in glyph}
    for entry in catalog.all_entries:
        problems += _check_fields(entry)
        problems += _check_references(entry, catalog)
        problems += _check_body(entry, catalog)
        problems += _check_field_tex(entry)
        problems += _check_todo(entry)
        problems += _check_glyphs(entry, covered)
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
    problems += _check_snippets(catalog)
    problems += _check_renamed(catalog, notes)
    placed: dict[str, Path] = {}
    for topic in catalog.topics:
        line = topic.doc.lines.get("entries", 1)
        if not isinstance(topic.doc.data.get("entries"), list):
            problems.append(
                Problem(topic.path, line, "'entries' must be a list of entry ids", "write entries: [id-one, id-two]")
            )
            continue
        for entry_id in topic.entry_ids:
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
    from notation_site.determinism import snippet_problems  # these two import Problem from here
    from notation_site.entry_links import entry_link_problems

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
