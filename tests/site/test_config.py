"""mkdocs.yml has no key twice: YAML keeps the last one silently (a merge once dropped the
search scripts that way)."""

from __future__ import annotations

import yaml

from conftest import ROOT


class _StrictLoader(yaml.SafeLoader):
    pass


def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict:
    seen: dict = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        assert key not in seen, f"mkdocs.yml line {key_node.start_mark.line + 1}: '{key}' again (first on line {seen[key]})"
        seen[key] = key_node.start_mark.line + 1
    return loader.construct_mapping(node)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
# MkDocs' own tags (!ENV, !relative) and Python names: any value will do here
_StrictLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def test_mkdocs_yml_names_no_key_twice():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_StrictLoader)
    assert config["extra_javascript"] and config["extra_css"]
