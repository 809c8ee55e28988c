"""Checks of what an entry says: TeX in its fields and body, tables a raw ``|`` would break,
links to entries, and the worked example it must include."""

from __future__ import annotations

import re

from notation_site.checks.problem import Problem, strip_code, tex_problems
from notation_site.checks.snippets import missing_snippet
from notation_site.model.catalog import Catalog, Entry
from notation_site.model.paths import SNIPPET_INCLUDE
from notation_site.tex.lint import find_math

TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
BAR_HINT = "a '|' ends the table cell; write \\vert, \\lvert x \\rvert, \\lVert x \\rVert or \\mid inside math, &#124; in text"


def _cells(row: str) -> int:
    """How many cells Python-Markdown makes of a table row (escaped pipes do not split)."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return len(re.split(r"(?<!\\)\|", row))


def check_body(entry: Entry, catalog: Catalog) -> list[Problem]:
    root = catalog.root
    problems = []
    body_lines = strip_code(entry.body)
    text = "\n".join(t for _, t in body_lines)
    line_of = [entry.doc.body_line + i for i, _ in body_lines]
    for tex, offset, _display in find_math(text):
        line = line_of[text.count("\n", 0, offset)]
        problems += tex_problems(entry.path, line, tex, f"in ${tex}$")
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
            if not catalog.known(target):
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
            problems.append(missing_snippet(entry.path, line, m.group(1)))
    return problems


def check_field_tex(entry: Entry) -> list[Problem]:
    problems = []
    if isinstance(entry.data.get("symbol"), str):
        problems += tex_problems(entry.path, entry.line("symbol"), entry.symbol, "in symbol")
    for key in ("shape", "summary"):
        value = entry.data.get(key)
        if isinstance(value, str):
            for tex, _, _ in find_math(value):
                problems += tex_problems(entry.path, entry.line(key), tex, f"in {key}: ${tex}$")
    return problems

