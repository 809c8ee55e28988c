"""The fields of an entry's front matter: what each must hold, and which are required.

CONTRIBUTING.md explains each field; ``notation_site.checks.fields`` checks them.

>>> FIELDS["aliases"].check(["Hadamard product"]), FIELDS["aliases"].check([])
(True, False)
>>> [name for name, field in FIELDS.items() if not field.required]
['unicode', 'latex_commands', 'letters', 'patterns']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from notation_site.model.paths import ID_PATTERN


@dataclass(frozen=True)
class Field:
    """One front-matter field: ``check`` accepts a valid value; ``description`` completes
    "field 'x' must be ..." and the hints."""

    check: Callable[[Any], bool]
    description: str
    required: bool = True


def nonempty_str(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != ""


def str_list(v: Any, min_len: int = 0) -> bool:
    return isinstance(v, list) and len(v) >= min_len and all(nonempty_str(x) for x in v)


def str_map(v: Any, min_len: int = 0) -> bool:
    return (
        isinstance(v, dict)
        and len(v) >= min_len
        and all(nonempty_str(str(k)) and nonempty_str(x) for k, x in v.items())
    )


def entry_id(v: Any) -> bool:
    return isinstance(v, str) and bool(ID_PATTERN.match(v))


def nonempty_list(v: Any) -> bool:
    return str_list(v, 1)


def nonempty_map(v: Any) -> bool:
    return str_map(v, 1)


def code_lines(v: Any) -> bool:
    return isinstance(v, dict) and set(v) == {"numpy", "pytorch"} and all(nonempty_str(x) for x in v.values())


def latex_commands(v: Any) -> bool:
    return str_list(v) and all(x.startswith("\\") for x in v)


def letter_meanings(v: Any) -> bool:
    return isinstance(v, dict) and len(v) >= 1 and all(nonempty_str(str(k)) and (nonempty_str(x) or str_list(x, 1)) for k, x in v.items())


FIELDS: dict[str, Field] = {
    "id": Field(entry_id, "a lowercase hyphenated id such as 'kl-divergence'"),
    "name": Field(nonempty_str, "the entry's name as a plain string"),
    "symbol": Field(nonempty_str, "the symbol in LaTeX, e.g. 'A \\odot B'"),
    "summary": Field(nonempty_str, "one sentence saying what it means"),
    "read_aloud": Field(nonempty_str, "how to say it aloud"),
    "aliases": Field(nonempty_list, "a list of other names and API names"),
    "shape": Field(nonempty_str, "the shape of each object, in Markdown with $...$ math"),
    "code": Field(code_lines, "a mapping with exactly the keys 'numpy' and 'pytorch'"),
    "confused_with": Field(nonempty_map, "a mapping of entry id: why the two are confused"),
    "see_also": Field(nonempty_list, "a list of entry ids"),
    "unicode": Field(str_list, "a list of glyphs such as '⊙'", required=False),
    "latex_commands": Field(latex_commands, "a list of LaTeX commands, each starting with a backslash", required=False),
    "letters": Field(
        letter_meanings,
        "a mapping of letter: the meaning this entry gives it (a string, or a list of strings for several meanings)",
        required=False,
    ),
    # The formula reader (read/): pieces of TeX that name this entry beyond its symbol,
    # commands and glyphs, e.g. ['d_k'] or ['\\hat{·}'] ('·' stands for any argument).
    "patterns": Field(
        nonempty_list,
        "a list of TeX pieces that name this entry in a formula, such as 'd_k' or '\\hat{·}' (· is any argument)",
        required=False,
    ),
}
