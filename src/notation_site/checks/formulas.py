"""Every formula of an entry, run through KaTeX: what ``make build`` would reject, found by
``make check-entries`` at its own ``file:line``.

KaTeX runs in Node.js, which the ``output`` layer owns (``output.katex``); a check may not
import it. The command line (``notation_site.validate``) hands the renderer's
``render_many`` in as ``render``, as the build hands it to ``search.results``: this module
only collects the formulas and turns KaTeX's refusals into problems, and a test can give it
any function.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from notation_site.checks.problem import Problem, strip_code
from notation_site.model.catalog import Entry
from notation_site.tex.lint import balance_problem, find_math

Render = Callable[[Iterable[tuple[str, bool]]], list[Any]]
"""``KatexRenderer.render_many``: for each ``(tex, display)`` the HTML, or the exception KaTeX raised."""

KATEX_HINT = "KaTeX (strict mode, as the build runs it) rejects this; its documentation lists the supported commands"


class Formula(NamedTuple):
    path: Path
    line: int
    tex: str
    display: bool
    where: str


def entry_formulas(entry: Entry) -> list[Formula]:
    """The formulas the build renders for ``entry``: its symbol (display math), the math in
    its summary, shape and confused_with lines, and every formula of its body, each with
    the line it is written on.

    >>> from notation_site.model.frontmatter import parse
    >>> doc = parse("---\\nsymbol: 'x^2'\\nshape: '$x$ is a scalar'\\n---\\nSo $$y$$ and `$z$`.\\n")
    >>> [(f.line, f.tex, f.display) for f in entry_formulas(Entry(Path("e.md"), doc, ""))]
    [(2, 'x^2', True), (3, 'x', False), (5, 'y', True)]
    """
    found = []
    if isinstance(entry.data.get("symbol"), str) and entry.symbol.strip():
        found.append(Formula(entry.path, entry.line("symbol"), entry.symbol.strip(), True, "in symbol"))
    fields = [("summary", entry.data.get("summary")), ("shape", entry.data.get("shape"))]
    fields += [("confused_with", why) for why in entry.confused_with.values()]
    for key, value in fields:
        if isinstance(value, str):
            found += [Formula(entry.path, entry.line(key), tex, display, f"in {key}") for tex, _, display in find_math(value)]
    body_lines = strip_code(entry.body)
    text = "\n".join(t for _, t in body_lines)
    for tex, offset, display in find_math(text):
        line = entry.doc.body_line + body_lines[text.count("\n", 0, offset)][0]
        found.append(Formula(entry.path, line, tex, display, ""))
    return found


def katex_problems(entries: Iterable[Entry], render: Render) -> list[Problem]:
    """A problem for each formula of ``entries`` that ``render`` (KaTeX) rejects.

    Formulas with unbalanced braces are left out: ``tex_problems`` reports them with a
    better hint.

    >>> from notation_site.model.frontmatter import parse
    >>> doc = parse("---\\nsymbol: '\\\\frac{a}{b}'\\n---\\nAnd $\\\\foo$.\\n")
    >>> fake = lambda items: ["<span>" if "foo" not in t else ValueError("Undefined control sequence: \\\\foo") for t, _ in items]
    >>> print(katex_problems([Entry(Path("e.md"), doc, "")], fake)[0])
    e.md:4: KaTeX rejects $\\foo$: Undefined control sequence: \\foo
        hint: KaTeX (strict mode, as the build runs it) rejects this; its documentation lists the supported commands
    """
    formulas = [f for e in entries for f in entry_formulas(e) if balance_problem(f.tex) is None]
    results = render([(f.tex, f.display) for f in formulas])
    problems = []
    for formula, result in zip(formulas, results, strict=True):
        if isinstance(result, str):
            continue
        # KaTeX ends its message with the formula again, underlined from the error on: the
        # problem shows the formula already, so the position is enough
        message = re.sub(r"( at position \d+): .*\Z", r"\1", str(result).removeprefix("KaTeX parse error: "), flags=re.S)
        where = f" {formula.where}" if formula.where else ""
        delimiter = "$$" if formula.display else "$"
        formula_text = f"{delimiter}{formula.tex}{delimiter}{where}"
        problems.append(Problem(formula.path, formula.line, f"KaTeX rejects {formula_text}: {message}", KATEX_HINT))
    return problems
