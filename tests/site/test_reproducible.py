"""Two clean builds of the same commit are byte-identical.

The second build differs from the session's in everything that must not matter: another
output folder, another moment, another hash seed, and no SOURCE_DATE_EPOCH in the
environment (the plugin then takes the last commit's time, as ``make`` does).
"""

from __future__ import annotations

import datetime as dt
import difflib
import gzip
import os
import re

import pytest

from conftest import ROOT, mkdocs_build
from notation_site.output.reproducible import last_commit_time


def _tree(site):
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def _first_difference(a: bytes, b: bytes) -> str:
    try:
        lines = difflib.unified_diff(a.decode().splitlines(), b.decode().splitlines(), lineterm="", n=0)
        return "\n".join(list(lines)[:12])
    except UnicodeDecodeError:
        i = next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y) if len(a) == len(b) else min(len(a), len(b))
        return f"binary files differ from byte {i} (sizes {len(a)} and {len(b)})"


@pytest.mark.build
def test_two_builds_of_one_commit_are_byte_identical(built_site, tmp_path):
    again = tmp_path / "elsewhere" / "site"
    result = mkdocs_build(ROOT, again, env={"PYTHONHASHSEED": "1"}, unset=("SOURCE_DATE_EPOCH",))
    assert result.returncode == 0, result.stdout + result.stderr
    first, second = _tree(built_site), _tree(again)
    assert sorted(first) == sorted(second)
    differing = [name for name in first if first[name] != second[name]]
    assert not differing, f"{len(differing)} file(s) differ, e.g. {differing[0]}:\n" + _first_difference(
        first[differing[0]], second[differing[0]]
    )
    assert len(first) > 50
    # every entry's own page is among the identical files
    assert sum(name.startswith("entries/") and name.endswith("/index.html") for name in first) >= 100


def test_the_build_date_is_the_commit_date_not_today(built_site):
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or last_commit_time(ROOT) or 0)
    day = dt.datetime.fromtimestamp(epoch, dt.timezone.utc).strftime("%Y-%m-%d")
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert set(re.findall(r"<lastmod>([^<]+)</lastmod>", sitemap)) == {day}
    with gzip.open(built_site / "sitemap.xml.gz", "rt", encoding="utf-8") as f:
        assert f.read() == sitemap
    header_mtime = int.from_bytes((built_site / "sitemap.xml.gz").read_bytes()[4:8], "little")
    assert dt.datetime.fromtimestamp(header_mtime, dt.timezone.utc).strftime("%Y-%m-%d") == day
