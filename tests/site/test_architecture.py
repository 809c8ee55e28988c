"""The layout of ``src/notation_site`` stays readable: no import cycle (lazy imports included),
no module over 400 lines, no private name imported from another module, and the tests run
snippets with the build's own runner."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "src" / "notation_site"
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(path: Path, modules: dict[str, Path]) -> list[tuple[str, list[str]]]:
    """``(module, names)`` for every import of a ``notation_site`` module in ``path``, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names if a.name.startswith("notation_site")]
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("notation_site"):
            names = [a.name for a in node.names]
            submodules = [f"{node.module}.{n}" for n in names if f"{node.module}.{n}" in modules]
            found += [(m, []) for m in submodules] or [(node.module, names)]
    return found


def import_graph() -> dict[str, set[str]]:
    """Which ``notation_site`` modules each module imports."""
    modules = _modules()
    return {name: {m for m, _ in _imports(path, modules) if m in modules and m != name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle found by a depth-first walk, each as the modules along it."""
    found, state = [], {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_cycles_finds_a_cycle_it_is_given():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_notation_site():
    graph = import_graph()
    assert len(graph) > 30 and graph["notation_site.plugin"], graph
    assert cycles(graph) == []


def test_no_module_over_400_lines():
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _modules().items()}
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_no_private_name_imported_across_modules():
    modules = _modules()
    private = [
        f"{name} imports {module}.{n}"
        for name, path in modules.items()
        for module, names in _imports(path, modules)
        for n in names
        if n.startswith("_")
    ]
    assert private == []


def test_the_tests_run_snippets_with_the_builds_runner():
    import conftest
    from notation_site.examples import pool, run

    assert conftest.run_example is run.run_example is pool.run_example


LAYERS = ["tex", "model", "checks", "search", "examples", "output"]
"""The layers in order: each imports only from itself and the layers before it. The modules at
the top of the package (the plugin and the command lines) may import any layer; ``node`` (Node.js
from the wheel) has no imports of its own and serves ``output.katex`` too."""


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return -1 if module == "notation_site.node" else len(LAYERS)


def test_each_layer_imports_only_the_layers_before_it():
    wrong = [
        f"{module} ({LAYERS[_layer(module)]}) imports {other}"
        for module, imported in import_graph().items()
        for other in imported
        if _layer(module) < len(LAYERS) and _layer(other) > _layer(module)
    ]
    assert wrong == []
