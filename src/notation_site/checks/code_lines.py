"""Code-line checks: each ``code:`` line is Python the tests can run, or is marked as having no
direct equivalent; ``code_check:`` (the lines' example inputs and library twin) is well formed.

Running the lines is the tests' job (``notation_site.examples.code_lines``, ``make check-code``);
this check only parses, so ``make check-entries`` and every build stay fast and need no torch.

>>> code_problems("np.exp(z)"), code_problems("no direct equivalent; loop over settings")
('', '')
>>> code_problems("np.float64 ≈ ℝ")
"invalid character '≈' (U+2248)"
"""

from __future__ import annotations

import ast
from typing import Any

from notation_site.checks.problem import Problem, is_todo
from notation_site.model.catalog import Entry

MARK = "no direct equivalent"
"""A line that begins with this (``'no direct equivalent; ...'``) is not run."""
SIDES = ("numpy", "pytorch")


def is_marked(line: str) -> bool:
    """Whether a code line says there is no one-liner (and so is not run).

    >>> is_marked("no direct equivalent; loop over the settings"), is_marked("np.exp(z)")
    (True, False)
    """
    return line.strip().lower().startswith(MARK)


CODE_HINT = (
    f"write a line Python can run (statements joined by ';', prose only after '#'), or begin it with "
    f"'{MARK}; ...' to mark it as not a one-liner; `make check-code ID=<id>` runs it"
)
CHECK_HINT = (
    "code_check: holds 'inputs:' (name: a number, a list, a Python expression string, or "
    "{numpy: expr, pytorch: expr}) and 'twin:' (an expression string, or {numpy: expr, pytorch: expr}); see CONTRIBUTING.md"
)


def code_problems(line: str) -> str:
    """'' when ``line`` is marked or parses as Python, else the parser's message."""
    if is_marked(line):
        return ""
    try:
        ast.parse(line)
    except SyntaxError as err:
        return str(err.msg)
    return ""


def _expression_problem(text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        return "is not a Python expression string"
    try:
        ast.parse(text, mode="eval")
    except SyntaxError as err:
        return f"does not parse as a Python expression ({err.msg})"
    return ""


def _per_side(value: Any, where: str) -> list[str]:
    """Problems of a string expression or a ``{numpy: expr, pytorch: expr}`` mapping."""
    if isinstance(value, dict):
        if not value or not set(value) <= set(SIDES):
            return [f"{where} has keys {sorted(map(str, value))}; allowed: numpy, pytorch"]
        return [f"{where}.{side} {m}" for side, expr in value.items() if (m := _expression_problem(expr))]
    message = _expression_problem(value)
    return [f"{where} {message}"] if message else []


def check_code_lines(entry: Entry) -> list[Problem]:
    """Every code line runnable or marked, and ``code_check:`` well formed."""
    problems = []
    for side in SIDES:
        line = entry.code.get(side)
        if line is None or is_todo(line):
            continue  # reported by the field and TODO checks
        message = code_problems(line)
        if message:
            problems.append(
                Problem(entry.path, entry.line("code"), f"code.{side} is neither Python nor marked '{MARK}': {message}", CODE_HINT)
            )
    check = entry.data.get("code_check")
    if not isinstance(check, dict):
        return problems  # absent, or reported by the field check
    line = entry.line("code_check")
    messages = []
    inputs = check.get("inputs", {})
    if not isinstance(inputs, dict):
        messages.append("code_check.inputs is not a mapping of name: value")
    else:
        for name, value in inputs.items():
            if not (isinstance(name, str) and name.isidentifier()):
                messages.append(f"code_check.inputs name {name!r} is not a Python name")
            elif isinstance(value, (str, dict)):
                messages += _per_side(value, f"code_check.inputs.{name}")
            elif not isinstance(value, (int, float, bool, list)):
                messages.append(f"code_check.inputs.{name} is neither a number, a list nor an expression")
    if "twin" in check:
        messages += _per_side(check["twin"], "code_check.twin")
    problems += [Problem(entry.path, line, m, CHECK_HINT) for m in messages]
    return problems
