"""Reproducible builds: the build date comes from the last commit, never from the clock.

MkDocs dates the sitemap (``<lastmod>``) and the gzip header of ``sitemap.xml.gz`` with
``SOURCE_DATE_EPOCH`` when it is set, and with today's date otherwise. ``make`` exports it;
for a plain ``mkdocs build`` the plugin sets it to the time of the last commit, so two
builds of one commit are byte-identical whenever and wherever they run.
"""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.notation")


def last_commit_time(root: Path) -> str | None:
    """Seconds since the epoch of the last commit of the repository at ``root``, or None."""
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "log", "-1", "--format=%ct"], capture_output=True, text=True, timeout=20
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out if out.isdigit() else None


def ensure_source_date_epoch(root: Path) -> None:
    """Set ``SOURCE_DATE_EPOCH`` from the last commit unless the caller set it."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return
    epoch = last_commit_time(root)
    if epoch is None:
        log.info("SOURCE_DATE_EPOCH is unset and %s is not a git checkout: the sitemap carries today's date", root)
        return
    os.environ["SOURCE_DATE_EPOCH"] = epoch
