"""A griffe extension: show the ``>>>`` examples of our docstrings as Python console code.

Our docstrings put doctests straight after the prose (doctest runs them). Markdown would
read ``>>>`` as nested quotes, so the API page fences each example as ``pycon`` instead.
Registered in mkdocs.yml under the mkdocstrings Python handler's ``extensions``.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Wrap each run of ``>>>`` lines and their output in a ``pycon`` fence.

    >>> fence_doctests("Adds.\\n\\n>>> 1 + 1\\n2\\n\\nMore.").splitlines()
    ['Adds.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    out: list[str] = []
    in_example = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_example:
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class DoctestAsCode(griffe.Extension):
    """Fence doctest examples in every docstring the handler loads."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
