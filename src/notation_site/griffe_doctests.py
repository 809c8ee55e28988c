"""A Griffe extension for the API page: show docstring examples as Python sessions.

The library's docstrings hold bare doctest blocks (``>>>`` lines and their output), run by
the test suite. Outside an ``Examples:`` section Griffe passes them to Markdown as text,
where ``>>>`` reads as three nested quotes and the output as HTML (a doctest printing
``<figure>`` put an unclosed figure into the page). Each block becomes a fenced ``pycon``
code block instead. Registered under ``mkdocstrings``' python handler in ``mkdocs.yml``.
"""

from __future__ import annotations

from typing import Any

from griffe import Extension, Object


def fence_doctests(text: str) -> str:
    """Wrap each doctest block (from a ``>>>`` line to the next blank line) in a pycon fence.

    >>> fence_doctests("Square it.\\n\\n>>> 2 ** 2\\n4\\n\\nDone.").split("\\n")
    ['Square it.', '', '```pycon', '>>> 2 ** 2', '4', '```', '', 'Done.']
    """
    out: list[str] = []
    fence: str | None = None  # the indentation of an open doctest block
    in_code = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if fence is not None and not stripped:
            out.append(f"{fence}```")
            fence = None
        elif fence is None and stripped.startswith("```"):
            in_code = not in_code
        elif fence is None and not in_code and stripped.startswith(">>>"):
            fence = line[: len(line) - len(stripped)]
            out.append(f"{fence}```pycon")
        out.append(line)
    if fence is not None:
        out.append(f"{fence}```")
    return "\n".join(out)


class DoctestFences(Extension):
    """Fence the doctest blocks of every docstring before mkdocstrings renders it."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
