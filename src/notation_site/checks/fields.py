"""Front-matter checks: every field present and well formed (by the entry schema, which holds
the only statement of the field rules), references to existing entries, and the TODOs
``make new-entry`` leaves, each hinted with what the field should hold."""

from __future__ import annotations

import difflib

from notation_site.checks.problem import TODO, Problem, is_todo, todos
from notation_site.model.catalog import Catalog, Entry
from notation_site.model.schema import FIELDS, VALIDATOR, json_value
from notation_site.tex.glyphs import is_letter_key


def check_fields(entry: Entry) -> list[Problem]:
    """The front matter against the entry schema (``model/entry.schema.json``), one problem
    per field at the field's line; then what the schema cannot say (the id is the file name,
    the letters are the overloaded ones)."""
    problems = []
    data = entry.data
    missing: list[str] = []
    unknown: list[str] = []
    wrong: dict[str, list[str]] = {}
    for error in VALIDATOR.iter_errors(json_value(data)):
        if not error.absolute_path:
            if error.validator == "required":
                missing += [k for k in error.validator_value if k not in data]
            elif error.validator == "additionalProperties":
                unknown += [k for k in error.instance if k not in FIELDS]
            continue
        key = str(error.absolute_path[0])
        if key in FIELDS:
            wrong.setdefault(key, []).append("".join(f"[{p!r}]" for p in list(error.absolute_path)[1:]))
    for key in map(str, data):
        if key in unknown:
            close = difflib.get_close_matches(key, FIELDS, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                Problem(entry.path, entry.line(key), f"unknown field '{key}'", f"{hint}known fields: {', '.join(FIELDS)}")
            )
    for key, field in FIELDS.items():
        if key in missing:
            problems.append(
                Problem(entry.path, 1, f"missing required field '{key}'", f"add '{key}:' with {field.description}")
            )
        elif key in wrong and not is_todo(data[key]):
            where = sorted(p for p in wrong[key] if p)
            at = f" (at {key}{where[0]})" if where else ""
            problems.append(
                Problem(entry.path, entry.line(key), f"field '{key}' must be {field.description}", f"got {data[key]!r}{at}")
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
        if not is_letter_key(letter):
            problems.append(
                Problem(
                    entry.path,
                    entry.line("letters"),
                    f"'{letter}' in letters: is not one letter or symbol",
                    "letters: maps one letter or symbol (θ, B, |) to the meaning this entry gives it; "
                    "it feeds the 'Letters with several meanings' page",
                )
            )
    return problems


def check_references(entry: Entry, catalog: Catalog) -> list[Problem]:
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
            elif not catalog.known(ref):  # an unreadable entry is reported as itself
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


def check_todo(entry: Entry) -> list[Problem]:
    """TODOs in an entry; the hint says what the field (or the body) should hold."""
    problems = []
    keys = sorted((line, key) for key, line in entry.doc.lines.items())
    for p in todos(entry.path, entry.text, "entry"):
        if p.line >= entry.doc.body_line:
            hint = "write the prose: two to five short paragraphs, then the example's --8<-- line"
        else:
            key = next((k for line, k in reversed(keys) if line <= p.line), "")
            description = FIELDS[key].description if key in FIELDS else ""
            optional = key in FIELDS and not FIELDS[key].required
            hint = f"{key}: {description}" + ("; or delete the line" if optional else "") if description else p.hint
        problems.append(Problem(p.path, p.line, p.message, hint))
    return problems

