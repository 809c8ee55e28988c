"""The one kind of result every check returns, and the helpers checks share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from notation_site.tex.lint import balance_problem, lint_tex

FENCE = re.compile(r"^(\s*)(```|~~~)")
TODO = re.compile(r"\bTODO\b")


@dataclass(frozen=True)
class Problem:
    """One problem, reported as ``path:line: message`` with a hint on how to fix it.

    >>> print(Problem(Path("docs/entries/x.md"), 3, "missing field 'name'", "add 'name:'"))
    docs/entries/x.md:3: missing field 'name'
        hint: add 'name:'
    """

    path: Path
    line: int
    message: str
    hint: str = ""

    def __str__(self) -> str:
        text = f"{self.path.as_posix()}:{self.line}: {self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text


def is_todo(value: Any) -> bool:
    """A value still holding the ``make new-entry`` placeholder (reported once, as a TODO)."""
    if isinstance(value, str):
        return bool(TODO.search(value))
    if isinstance(value, list):
        return any(is_todo(v) for v in value)
    if isinstance(value, dict):
        return any(is_todo(k) or is_todo(v) for k, v in value.items())
    return False


def strip_code(body: str) -> list[tuple[int, str]]:
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


def tex_problems(path: Path, line: int, tex: str, where: str) -> list[Problem]:
    """Unbalanced or silently misrendered TeX in ``tex``; ``where`` ends the message."""
    problems = []
    balance = balance_problem(tex)
    if balance:
        problems.append(Problem(path, line, f"{balance} {where}", TEX_HINT))
    for message in lint_tex(tex):
        problems.append(Problem(path, line, f"{message} {where}", LINT_HINT))
    return problems


def todos(path: Path, text: str, what: str, hint: str = "replace it with the real content") -> list[Problem]:
    return [
        Problem(path, i, f"TODO left in the {what}", hint)
        for i, line in enumerate(text.splitlines(), start=1)
        if TODO.search(line)
    ]

