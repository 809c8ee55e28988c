"""Shared helpers: run a snippet as the build does, copy the repository, and build the site
once per session."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from notation_site.examples.run import run_example

# A loaded 2-core machine makes per-example deadlines flaky; the examples still run in full.
settings.register_profile("default", deadline=None)
settings.load_profile("default")

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = ROOT / "snippets"
# The KaTeX the formula reader (katex.__parse, an internal, unversioned parse tree) and the
# build's symbol links (its class names) were checked against: package-lock.json must lock it.
KATEX_VERSION = "0.19.1"


def run_snippet(name: str) -> str:
    """Run ``snippets/<name>.py`` as the build does (``notation_site.examples.run``) and return
    what it printed (HTML); fail the test with the snippet's file and line if it raised.
    ``name`` is the file name without ``.py``, as in the entry's ``--8<--`` line.

    >>> run_snippet("softmax_rows").count("<table")
    1
    """
    result = run_example(ROOT, f"{SNIPPETS.name}/{name}.py")
    if result.error is not None:
        pytest.fail(str(result.error), pytrace=False)
    return result.output


def visible_text(markup: str) -> str:
    """What a reader sees of ``markup``, roughly: tags dropped, entities decoded, math left as
    TeX, white space folded; search it for a number or a phrase (``html_output`` reads tables
    and facts back cell by cell).

    >>> visible_text('<dt>sum of <span class="arithmatex">\\\\(p\\\\)</span></dt> <dd>1.000</dd>')
    'sum of p 1.000'
    """
    text = re.sub(r"<[^>]+>", " ", markup)
    text = html.unescape(text).replace("\\(", "").replace("\\)", "").replace("\\[", "").replace("\\]", "")
    return re.sub(r"\s+", " ", text).strip()


def mkdocs_build(
    root: Path, site_dir: Path, env: dict[str, str] | None = None, unset: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the repository at ``root`` into ``site_dir``.

    ``env`` adds to this process's environment; the variables named in ``unset`` are removed.
    """
    full_env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": "0", **(env or {})}
    for name in unset:
        full_env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(root / "mkdocs.yml"), "-d", str(site_dir)],
        cwd=root,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=600,
    )


COPIED = ("docs", "snippets", "src", "overrides", "tests", "mkdocs.yml", "Makefile", "pyproject.toml",
          "requirements.lock", "package.json", "package-lock.json")
"""What a contributor's clone holds (and what every build reads)."""


def copy_repo(dest: Path, root: Path = ROOT) -> Path:
    """A throwaway copy of the repository at ``root`` (mtimes kept, so ``make`` sees nothing to
    reinstall); ``node_modules`` and ``.venv`` are linked, not copied."""
    dest.mkdir(parents=True)
    for name in COPIED:
        src = root / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", ".pytest_cache"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    for name in ("node_modules", ".venv"):
        if (root / name).exists():
            (dest / name).symlink_to(root / name)
    return dest


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """A throwaway copy of this checkout (``copy_repo``), for a test that edits or builds it."""
    return copy_repo(tmp_path / "repo")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once from this checkout, strictly, into a temporary folder."""
    site = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT, site)
    assert result.returncode == 0, f"strict build failed:\n{result.stdout}\n{result.stderr}"
    return site


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium through Playwright, shared by the tests of one module."""
    from browser import chromium

    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def base_url(built_site):
    """The built site served on 127.0.0.1, for the tests of one module."""
    from browser import serve

    with serve(built_site) as url:
        yield url


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """How many entry code lines ran, agreed with their library twin, or are marked 'no direct
    equivalent' (tests/site/test_code_lines.py)."""
    results = config.__dict__.get("code_line_results")
    if not results:
        return
    terminalreporter.section("entry code lines")
    for side in ("numpy", "pytorch"):
        mine = [r for r in results if r.side == side]
        if not mine:
            continue
        count = {s: sum(r.status == s for r in mine) for s in ("agrees", "runs", "marked", "fails")}
        ran = count["agrees"] + count["runs"] + count["fails"]
        terminalreporter.write_line(
            f"{side}: {len(mine)} lines: {ran} run, {count['agrees']} agree with their library twin, "
            f"{count['runs']} run with no twin, {count['marked']} marked 'no direct equivalent', {count['fails']} fail"
        )
