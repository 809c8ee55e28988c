"""Find math in Markdown and catch TeX that would fail, or render wrongly without an error."""

from __future__ import annotations

import re
from collections.abc import Callable

# $$...$$ (display) first, then $...$ (inline) as pymdownx.arithmatex reads them:
# an inline $ is not followed by a space and the closing one not preceded by one.
_DISPLAY = re.compile(r"(?<!\\)\$\$(.+?)(?<!\\)\$\$", re.DOTALL)
_INLINE = re.compile(r"(?<![\\$])\$(?![\s$])((?:\\.|[^\\$])+?)(?<![\s\\])\$(?!\$)")


def find_math(text: str) -> list[tuple[str, int, bool]]:
    """Every formula in ``text`` as ``(tex, offset, display)``.

    >>> find_math("a $x_i$ and $$y$$ but not \\\\$5")
    [('y', 12, True), ('x_i', 2, False)]
    """
    found, spans = [], []
    for m in _DISPLAY.finditer(text):
        found.append((m.group(1).strip(), m.start(), True))
        spans.append((m.start(), m.end()))
    for m in _INLINE.finditer(text):
        if not any(a <= m.start() < b for a, b in spans):
            found.append((m.group(1), m.start(), False))
    return found


def balance_problem(tex: str) -> str | None:
    """Describe the first unbalanced brace, ``\\left``/``\\right`` or environment, or None.

    >>> balance_problem(r"\\frac{a}{b}") is None
    True
    >>> balance_problem(r"\\frac{a}{b")
    "unbalanced braces: 1 '{' not closed"
    >>> balance_problem(r"\\begin{cases} x \\end{matrix}")
    '\\\\end{matrix} closes \\\\begin{cases}'
    """
    depth = 0
    for m in re.finditer(r"\\.|[{}]", tex):
        token = m.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth < 0:
                return "unbalanced braces: '}' with no matching '{'"
    if depth:
        return f"unbalanced braces: {depth} '{{' not closed"
    lefts = len(re.findall(r"\\left(?![a-zA-Z])", tex))
    rights = len(re.findall(r"\\right(?![a-zA-Z])", tex))
    if lefts != rights:
        return f"unbalanced \\left/\\right: {lefts} \\left and {rights} \\right"
    stack: list[str] = []
    for m in re.finditer(r"\\(begin|end)\{([^}]*)\}", tex):
        kind, name = m.groups()
        if kind == "begin":
            stack.append(name)
        elif not stack:
            return f"\\end{{{name}}} with no \\begin"
        elif stack[-1] != name:
            return f"\\end{{{name}}} closes \\begin{{{stack[-1]}}}"
        else:
            stack.pop()
    if stack:
        return f"\\begin{{{stack[-1]}}} is never closed"
    return None


# Constructs KaTeX accepts but draws differently from what the author meant; a message may
# be a function of the match, to name what was written.
_SILENT: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (
        # KaTeX's blackboard font has the capitals and k (𝕜); other small letters fall back
        re.compile(r"\\mathbb\{\s*([a-jl-z])"),
        lambda m: (
            f"\\mathbb has no small letters in KaTeX (\\mathbb{{{m.group(1)}}} draws an ordinary italic {m.group(1)}); "
            f"for a set write the capital, \\mathbb{{{m.group(1).upper()}}}; for a bold vector, \\mathbf{{{m.group(1)}}}"
        ),
    ),
    (
        re.compile(r"\\mathbb\{\s*[^A-Za-z\s}\\]"),
        "\\mathbb only has capital letters in KaTeX (\\mathbb{1} draws a plain 1); "
        "write \\mathbf{1} or \\mathbb{I} for an indicator",
    ),
    (
        re.compile(r"\\mathcal\{\s*[^A-Z\s}\\]"),
        "\\mathcal only has capital letters in KaTeX; lowercase and digits fall back to another font",
    ),
    (
        re.compile(r"\\(bm|bold)\{"),
        "KaTeX has no \\bm or \\bold; write \\mathbf{x} or \\boldsymbol{\\theta}",
    ),
    (
        re.compile(r"\\over(?![a-zA-Z])"),
        "\\over reads the whole group as a fraction; write \\frac{a}{b}",
    ),
]


def lint_tex(tex: str) -> list[str]:
    """Messages for TeX that KaTeX renders without an error but not as intended.

    >>> lint_tex(r"\\mathbb{1}_{x > 0}")[0].split(" (")[0]
    '\\\\mathbb only has capital letters in KaTeX'
    >>> lint_tex(r"\\mathbb{r}^d")[0].split(";")[0]
    '\\\\mathbb has no small letters in KaTeX (\\\\mathbb{r} draws an ordinary italic r)'
    >>> lint_tex(r"\\mathbb{R}^d")
    []
    """
    found = []
    for pattern, message in _SILENT:
        m = pattern.search(tex)
        if m:
            found.append(message if isinstance(message, str) else message(m))
    return found
