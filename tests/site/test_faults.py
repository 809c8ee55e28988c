"""Broken input fails the build with a message that names the file (and line)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, mkdocs_build


def copy_repo(dest: Path) -> Path:
    """A throwaway copy of what the build reads; node_modules is linked, not copied."""
    for name in ("docs", "snippets", "src"):
        shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    (dest / "node_modules").symlink_to(ROOT / "node_modules")
    return dest


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _raising_snippet(repo: Path) -> str:
    path = repo / "snippets/softmax_temperature.py"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines.insert(5, 'raise ValueError("injected fault")')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return r"snippets/softmax_temperature\.py:6: the example raised ValueError: injected fault"


def _missing_include(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", '"snippets/softmax_temperature.py"', '"snippets/no_such_file.py"')
    return r"docs/entries/temperature\.md:\d+: included snippet snippets/no_such_file\.py does not exist"


def _missing_include_on_a_plain_page(repo: Path) -> str:
    edit(repo / "docs/index.md", "## How to use it", '--8<-- "snippets/no_such_file.py"\n\n## How to use it')
    return r"no_such_file\.py"


def _broken_anchor(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", "The example applies", "See [the missing entry](#no-such-entry). The example applies")
    return r"docs/entries/temperature\.md:\d+: link to unknown entry '#no-such-entry'"


def _broken_anchor_on_a_page(repo: Path) -> str:
    edit(repo / "docs/index.md", "## How to use it", "[gone](building-blocks.md#no-such-anchor)\n\n## How to use it")
    return r"index\.md.*no-such-anchor"


def _missing_read_aloud(repo: Path) -> str:
    path = repo / "docs/entries/temperature.md"
    path.write_text(re.sub(r"^read_aloud:.*\n", "", path.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    return r"docs/entries/temperature\.md:1: missing required field 'read_aloud'"


def _duplicate_id(repo: Path) -> str:
    text = (repo / "docs/entries/temperature.md").read_text(encoding="utf-8")
    (repo / "docs/entries/temperature-copy.md").write_text(text, encoding="utf-8")
    return r"docs/entries/temperature-copy\.md:2: duplicate id 'temperature'"


def _bad_latex(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", "The example applies", "A formula $\\frac{a}{b$ here. The example applies")
    return r"docs/entries/temperature\.md:\d+: unbalanced braces"


def _latex_katex_rejects(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", "The example applies", "A formula $\\notacommand{x}$ here. The example applies")
    return r"docs/entries/temperature\.md:\d+: KaTeX parse error: Undefined control sequence: \\notacommand"


FAULTS = {f.__name__.lstrip("_"): f for f in (
    _raising_snippet,
    _missing_include,
    _missing_include_on_a_plain_page,
    _broken_anchor,
    _broken_anchor_on_a_page,
    _missing_read_aloud,
    _duplicate_id,
    _bad_latex,
    _latex_katex_rejects,
)}


@pytest.mark.build
@pytest.mark.parametrize("fault", FAULTS)
def test_fault_fails_the_build_naming_the_file(fault, tmp_path):
    repo = copy_repo(tmp_path / "repo")
    expected = FAULTS[fault](repo)
    result = mkdocs_build(repo, tmp_path / "site")
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"the build passed despite {fault}:\n{output[-2000:]}"
    assert re.search(expected, output), f"no message matching {expected!r} in:\n{output[-3000:]}"
