"""Shared helpers: run a snippet as the build does, and build the site once per session."""

from __future__ import annotations

import contextlib
import html
import io
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# A loaded 2-core machine makes per-example deadlines flaky; the examples still run in full.
settings.register_profile("default", deadline=None)
settings.load_profile("default")

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = ROOT / "snippets"


def run_snippet(name: str) -> str:
    """Run ``snippets/<name>.py`` in a fresh namespace and return what it printed (HTML)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(SNIPPETS / f"{name}.py"), run_name="snippet")
    return out.getvalue()


def visible_text(markup: str) -> str:
    """What a reader sees, roughly: tags dropped, entities decoded, math left as TeX."""
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
