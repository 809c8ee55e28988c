"""``make check-entry ID=<id>``: check one entry before its pull request, in a few minutes.

It runs what the entry touches rather than the whole suite (CI runs ``make test``):

1. ``checks``: the validator (``make check-entries``), the entry's code lines (``make check-code
   ID=<id>``) and, in one pytest run, the tests of its snippets (the tests in
   ``tests/snippets/`` that name them), the tests in ``tests/library/`` of the ``notation``
   modules its snippets and its ``code_check`` call, and those modules' doctests;
2. the strict build (the Makefile's, into ``site/``);
3. ``page``: its page, ``entries/<id>/``, in Debian's chromium at desktop (1280 px) and phone
   (390 px) width, as the browser sweep of ``make test`` visits it (``sweep.py``): the
   screenshots go to ``tests/artifacts/check-entry/``, and console errors, failed requests,
   requests to other hosts, math left unrendered, an example's traceback, a page wider than
   the screen and serious accessibility violations are reported.

Run as ``python tests/check_entry.py checks|page ID`` (the Makefile does).
"""

from __future__ import annotations

import ast
import difflib
import importlib.util
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "tests/artifacts/check-entry"
MODES = ("desktop-light", "mobile-light")  # 1280 px and 390 px wide (sweep.MODES)


@dataclass(frozen=True)
class Touched:
    """What one entry touches: its ``snippets`` (names), the pytest node ids of their
    ``snippet_tests``, the ``notation`` ``modules`` its snippets and ``code_check`` call, and the
    library ``module_tests`` (files of ``tests/library/`` importing from those modules)."""

    snippets: list[str]
    snippet_tests: list[str]
    modules: list[str]
    module_tests: list[str]

    def pytest_args(self) -> list[str]:
        """What one pytest run is given: the tests, then the modules' files for their doctests."""
        doctests = [f"src/{m.replace('.', '/')}.py" for m in self.modules]
        return [*self.snippet_tests, *self.module_tests, *doctests]


def notation_modules(tree: ast.AST) -> set[str]:
    """The ``notation`` modules whose functions the code in ``tree`` imports or calls, by
    ``from notation import f``, ``from notation.m import f``, ``import notation`` with
    ``notation.f(...)``, or ``notation.render`` itself.

    >>> sorted(notation_modules(ast.parse("from notation import softmax, render\\nnotation.relu(x)")))
    ['notation.activations', 'notation.render']
    """
    import notation

    def module_of(name: str) -> str | None:
        if importlib.util.find_spec(f"notation.{name}") is not None:  # a module, such as render
            return f"notation.{name}"
        module = getattr(getattr(notation, name, None), "__module__", None)
        return module if module and module.startswith("notation.") else None

    found: set[str | None] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "notation":
            found |= {module_of(a.name) for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("notation."):
            found.add(node.module)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "notation":
            found.add(module_of(node.attr))
    return {m for m in found if m and m != "notation._checks"}


def _code_check_sources(data: dict) -> list[str]:
    """The Python expressions of an entry's ``code_check`` (its inputs and twin)."""
    check = data.get("code_check")
    if not isinstance(check, dict):
        return []
    values = list((check.get("inputs") or {}).values()) + [check.get("twin")]
    flat = [v for value in values for v in (value.values() if isinstance(value, dict) else [value])]
    return [v for v in flat if isinstance(v, str)]


def _parse(source: str) -> ast.AST:
    try:
        return ast.parse(source)
    except SyntaxError:
        return ast.Module(body=[], type_ignores=[])  # the validator reports it


def what_it_touches(root: Path, entry_id: str) -> Touched:
    """The snippets, tests and library modules of the entry ``entry_id`` in the repository at ``root``.

    >>> touched = what_it_touches(ROOT, "softmax")
    >>> touched.snippets, touched.modules
    (['softmax_shift_invariance', 'softmax_rows'], ['notation.activations', 'notation.render'])
    >>> "tests/snippets/test_building_blocks.py::test_softmax_rows_sum_to_one_and_wrong_axis_does_not" in touched.snippet_tests
    True
    >>> "tests/library/test_activations.py" in touched.module_tests
    True
    """
    from notation_site.model.catalog import load
    from notation_site.model.paths import SNIPPET_INCLUDE, SNIPPET_TESTS_DIR

    entry = load(root).entries[entry_id]
    paths = list(dict.fromkeys(SNIPPET_INCLUDE.findall(entry.body)))
    snippets = [Path(p).stem for p in paths]
    trees = [_parse((root / p).read_text(encoding="utf-8")) for p in paths if (root / p).is_file()]
    trees += [_parse(source) for source in _code_check_sources(entry.data)]
    modules = sorted(set().union(*(notation_modules(t) for t in trees)))

    snippet_tests = []
    for path in sorted((root / SNIPPET_TESTS_DIR).glob("test_*.py")):
        for node in _parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names = {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
                if names & set(snippets):
                    snippet_tests.append(f"{path.relative_to(root).as_posix()}::{node.name}")
    module_tests = [
        path.relative_to(root).as_posix()
        for path in sorted((root / "tests/library").glob("test_*.py"))
        if notation_modules(_parse(path.read_text(encoding="utf-8"))) & set(modules)
    ]
    return Touched(snippets, snippet_tests, modules, module_tests)


def _step(title: str, command: list[str]) -> bool:
    print(f"\n== {title}", flush=True)
    return subprocess.run(command, cwd=ROOT).returncode == 0


def checks(entry_id: str) -> int:
    """The validator, the entry's code lines and the tests it touches; 1 if one failed."""
    touched = what_it_touches(ROOT, entry_id)
    python = sys.executable
    results = {
        "the validator": _step("the validator (make check-entries)", [python, "-m", "notation_site.validate"]),
        "the code lines": _step(
            f"the code lines (make check-code ID={entry_id})", [python, "-m", "notation_site.examples.code_lines", entry_id]
        ),
    }
    results["the tests"] = _step(
        f"the tests of its snippets ({', '.join(touched.snippets) or 'none'}: {len(touched.snippet_tests)} test(s)) and of "
        f"the library modules they call ({', '.join(touched.modules) or 'none'}: {len(touched.module_tests)} file(s)), "
        "with those modules' doctests",
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *touched.pytest_args()],
    )
    failed = [name for name, ok in results.items() if not ok]
    if failed:
        print(f"\nmake check-entry ID={entry_id} failed: {', '.join(failed)} (see above); the build and the screenshots were not run")
        return 1
    print("\n== the strict build (make build)", flush=True)
    return 0


def page(entry_id: str) -> int:
    """Screenshots of the entry's page in ``site/`` at both widths, and what the sweep would report."""
    from sweep import MODES as SWEEP_MODES
    from sweep import run_sweep

    print(f"\n== entries/{entry_id}/ in chromium at {' and '.join(str(SWEEP_MODES[m]['viewport']['width']) + ' px' for m in MODES)}")
    sweep = run_sweep(ROOT / "site", list(MODES), screenshots=SHOTS, pages=[f"entries/{entry_id}/"])
    problems = [p for visit in sweep.visits for p in visit.problems()]
    for visit in sweep.visits:
        print(f"  {visit.screenshot.relative_to(ROOT).as_posix() if visit.screenshot else '(no screenshot)'}  "
              f"{SWEEP_MODES[visit.mode]['viewport']['width']} px wide")
    for problem in problems:
        print(f"  problem: {problem}")
    if problems:
        print(f"\nmake check-entry ID={entry_id}: {len(problems)} problem(s) on the page")
        return 1
    print(f"\nmake check-entry ID={entry_id}: all passed. Look at the screenshots, then open the pull request;"
          " CI runs the full make test.")
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("checks", "page"):
        print("usage: python tests/check_entry.py checks|page ID", file=sys.stderr)
        return 2
    step, entry_id = argv
    sys.path.insert(0, str(ROOT / "tests"))
    from notation_site.model.catalog import load

    ids = list(load(ROOT).entries)
    if entry_id not in ids:
        close = difflib.get_close_matches(entry_id, ids, n=3)
        print(f"make check-entry: no entry '{entry_id}' (docs/entries/{entry_id}.md)"
              + (f"; did you mean {', '.join(close)}?" if close else ""), file=sys.stderr)
        return 1
    return checks(entry_id) if step == "checks" else page(entry_id)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
