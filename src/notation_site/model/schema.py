"""The fields of an entry's front matter, read from the one JSON Schema that defines them.

``entry.schema.json`` (beside this module, shipped as package data) is the only statement
of what each field must hold: the validator checks entries with it
(``notation_site.checks.fields``), editors can read it (CONTRIBUTING.md), and this module
only reads it. CONTRIBUTING.md explains each field.

>>> FIELDS["aliases"].check(["Hadamard product"]), FIELDS["aliases"].check([])
(True, False)
>>> [name for name, field in FIELDS.items() if not field.required]
['unicode', 'latex_commands', 'letters', 'code_check', 'contexts', 'speech', 'kinds']
>>> bool(ID_PATTERN.match("kl-divergence")), bool(ID_PATTERN.match("KL_divergence"))
(True, False)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

ENTRY_SCHEMA_PATH = Path(__file__).with_name("entry.schema.json")
"""The schema of an entry's front matter (JSON Schema, draft 2020-12)."""

ENTRY_SCHEMA: dict[str, Any] = json.loads(ENTRY_SCHEMA_PATH.read_text(encoding="utf-8"))

VALIDATOR = Draft202012Validator(ENTRY_SCHEMA)
"""Checks a whole front matter; ``iter_errors`` lists what is wrong with it."""

ID_PATTERN = re.compile(ENTRY_SCHEMA["properties"]["id"]["pattern"])
"""An entry id: lowercase words (or numbers) joined by hyphens."""


@dataclass(frozen=True)
class Field:
    """One front-matter field as the schema states it: ``description`` completes
    "field 'x' must be ..." and the hints."""

    name: str
    description: str
    required: bool

    def check(self, value: Any) -> bool:
        """Whether ``value`` is valid for this field, by the schema."""
        return all(not error.absolute_path for error in VALIDATOR.iter_errors({self.name: json_value(value)}))


FIELDS: dict[str, Field] = {
    name: Field(name, prop["description"], name in ENTRY_SCHEMA["required"])
    for name, prop in ENTRY_SCHEMA["properties"].items()
}
"""Every field, in the schema's order (the order CONTRIBUTING.md and ``make new-entry`` use)."""


def json_value(value: Any) -> Any:
    """YAML data as JSON sees it: mapping keys become strings (YAML allows ``1:`` or ``true:``).

    >>> json_value({1: ["a", {True: "b"}]})
    {'1': ['a', {'True': 'b'}]}
    """
    if isinstance(value, dict):
        return {str(k): json_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_value(v) for v in value]
    return value
