"""Broken input fails the build with a message that names the file (and line), and a failed
``make build`` publishes nothing: the previous site stays as it was."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import mkdocs_build


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


def _silent_snippet(repo: Path) -> str:
    path = repo / "snippets/softmax_temperature.py"
    path.write_text('"""Computes, then forgets to print."""\n\nfrom notation import softmax\n\np = softmax([1.0, 2.0])\n', encoding="utf-8")
    return r"snippets/softmax_temperature\.py:1: the example printed nothing \(included by docs/entries/temperature\.md:\d+\)"


def _unseeded_random(repo: Path) -> str:
    edit(repo / "snippets/softmax_temperature.py", "z = np.array([2.0, 1.0, 0.5, -1.0])", "z = np.random.randn(4)")
    return r"snippets/softmax_temperature\.py:8: unseeded random numbers: np\.random\.randn\(\)"


def _unseeded_generator(repo: Path) -> str:
    edit(repo / "snippets/softmax_temperature.py", "z = np.array([2.0, 1.0, 0.5, -1.0])", "z = np.random.default_rng().normal(size=4)")
    return r"snippets/softmax_temperature\.py:8: unseeded random numbers: np\.random\.default_rng\(\) is given no seed"


def _unseeded_random_module(repo: Path) -> str:
    edit(repo / "snippets/softmax_temperature.py", "z = np.array([2.0, 1.0, 0.5, -1.0])", "import random\nz = np.array([random.gauss(0, 1) for _ in range(4)])")
    return r"snippets/softmax_temperature\.py:9: unseeded random numbers: random\.gauss\(\)"


def _clock_in_example(repo: Path) -> str:
    edit(repo / "snippets/softmax_temperature.py", "z = np.array([2.0, 1.0, 0.5, -1.0])", "import time\nz = np.array([2.0, 1.0, 0.5, -1.0]) * (time.time() % 2)")
    return r"snippets/softmax_temperature\.py:9: time-dependent output: time\.time\(\) reads the clock"


def _broken_link(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", "The example applies", "See [the missing page](no-such-page.md). The example applies")
    return r"docs/entries/temperature\.md:\d+: link to missing page 'no-such-page\.md'"


def _broken_link_on_a_page(repo: Path) -> str:
    edit(repo / "docs/index.md", "## How to use it", "[gone](no-such-page.md)\n\n## How to use it")
    return r"index\.md.*no-such-page\.md"


def _broken_anchor_on_another_page(repo: Path) -> str:
    edit(repo / "docs/entries/temperature.md", "The example applies", "See [there](calculus.md#no-such-anchor). The example applies")
    return r"docs/entries/temperature\.md:\d+: link to missing anchor '#no-such-anchor' on calculus\.md"


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
    _silent_snippet,
    _unseeded_random,
    _unseeded_generator,
    _unseeded_random_module,
    _clock_in_example,
    _broken_link,
    _broken_link_on_a_page,
    _broken_anchor_on_another_page,
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
def test_fault_fails_the_build_naming_the_file(fault, tmp_path, repo_copy):
    repo = repo_copy
    expected = FAULTS[fault](repo)
    result = mkdocs_build(repo, tmp_path / "site")
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"the build passed despite {fault}:\n{output[-2000:]}"
    assert re.search(expected, output), f"no message matching {expected!r} in:\n{output[-3000:]}"


def _make_build(repo: Path) -> subprocess.CompletedProcess[str]:
    # -o: the linked .venv is installed already; never re-run the install step from the copy
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    return subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "build"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=600,
    )


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.build
def test_a_failed_make_build_publishes_nothing(repo_copy):
    """``make build`` builds beside site/ and moves the result in only when the build passed."""
    repo = repo_copy
    good = _make_build(repo)
    assert good.returncode == 0, good.stdout + good.stderr
    published = _tree(repo / "site")
    assert "index.html" in published and "building-blocks/index.html" in published
    assert "entries/temperature/index.html" in published
    # a fault on a page built late: earlier pages are written before the build stops
    expected = _raising_snippet(repo)
    bad = _make_build(repo)
    output = bad.stdout + bad.stderr
    assert bad.returncode != 0, output[-2000:]
    assert re.search(expected, output), output[-3000:]
    assert _tree(repo / "site") == published, "a failed build changed the published site"
    leftovers = sorted(p.name for p in repo.iterdir() if p.name.startswith("site") and p.name != "site")
    assert leftovers == [], f"a failed build left {leftovers}"
