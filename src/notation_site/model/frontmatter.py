"""Split a Markdown file into YAML front matter and body, keeping line numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml


# libyaml's parser when PyYAML was built with it (the wheels are), else the pure-Python one.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FrontMatterError(ValueError):
    """The front matter is missing or is not valid YAML; ``line`` is 1-based."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


@dataclass
class Document:
    """A parsed file: ``data`` from the front matter, ``lines`` maps each top-level key to
    its 1-based line, and ``body`` starts at line ``body_line``."""

    data: dict[str, Any]
    lines: dict[str, int] = field(default_factory=dict)
    body: str = ""
    body_line: int = 1


def parse(text: str) -> Document:
    """Parse ``---``-delimited YAML front matter followed by a Markdown body.

    >>> doc = parse("---\\nid: relu\\nname: ReLU\\n---\\nBody\\n")
    >>> doc.data["id"], doc.lines["name"], doc.body, doc.body_line
    ('relu', 3, 'Body\\n', 5)
    >>> parse("---\\nid: a\\nid: b\\n---\\n")
    Traceback (most recent call last):
    ...
    notation_site.model.frontmatter.FrontMatterError: field 'id' is given twice (also on line 2): merge them
    """
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip() != "---":
        raise FrontMatterError("the file must start with '---' and YAML front matter", 1)
    for end in range(1, len(lines)):
        if lines[end].rstrip() == "---":
            break
    else:
        raise FrontMatterError("the front matter is not closed by a '---' line", 1)
    yaml_text = "".join(lines[1:end])
    loader = _Loader(yaml_text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(err, "problem", None) or str(err)
        raise FrontMatterError(f"invalid YAML in the front matter: {problem}", line) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise FrontMatterError("the front matter must be a YAML mapping of field: value", 2)
    key_lines: dict[str, int] = {}
    if isinstance(node, yaml.MappingNode):
        for key_node, _ in node.value:
            key = str(key_node.value)
            if key in key_lines:  # YAML keeps the last silently: the first would be lost
                raise FrontMatterError(f"field '{key}' is given twice (also on line {key_lines[key]}): merge them", key_node.start_mark.line + 2)
            key_lines[key] = key_node.start_mark.line + 2
    return Document(data=data, lines=key_lines, body="".join(lines[end + 1 :]), body_line=end + 2)
