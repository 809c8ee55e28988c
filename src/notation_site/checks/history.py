"""Ids are permanent: an entry id published on main must not disappear from a branch."""

from __future__ import annotations

import difflib
import os
import subprocess
from pathlib import Path

from notation_site.checks.problem import Problem
from notation_site.model.catalog import Catalog, Entry
from notation_site.model.paths import ENTRIES_DIR

BASE_REFS = ("origin/main", "main")
"""Where the renamed-id check looks for the published ids, first found wins
(``NOTATION_BASE_REF`` overrides)."""


def git(root: Path, *args: str) -> str | None:
    try:
        result = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return result.stdout if result.returncode == 0 else None


def fork_point(root: Path, skipped: str = "the renamed-id check was skipped") -> tuple[str, str] | str:
    """``(ref, commit)``: where HEAD left main (``git merge-base``), or a note saying why it is
    not known, ending with ``skipped``."""
    if git(root, "rev-parse", "--is-inside-work-tree") is None:
        return f"no git history here (not a git repository, or git is missing): {skipped}"
    refs = [os.environ["NOTATION_BASE_REF"]] if os.environ.get("NOTATION_BASE_REF") else list(BASE_REFS)
    for ref in refs:
        if git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}") is None:
            continue
        base = (git(root, "merge-base", "HEAD", ref) or "").strip()
        if not base:
            return f"HEAD shares no history with {ref}: {skipped}"
        return ref, base
    return f"no branch {' or '.join(refs)} to compare with: {skipped}"


def published_ids(root: Path) -> tuple[str, str, set[str]] | str:
    """The entry ids at the fork point of HEAD and main, as ``(ref, commit, ids)``, or a note
    saying why they could not be read.

    The fork point (``git merge-base``), not main's tip, so that entries merged into main
    after a branch was made do not count as gone from the branch.
    """
    found = fork_point(root)
    if isinstance(found, str):
        return found
    ref, base = found
    listing = git(root, "ls-tree", "--name-only", base, "--", f"{ENTRIES_DIR.as_posix()}/")
    if listing is None:
        return f"HEAD shares no history with {ref}: the renamed-id check was skipped"
    return ref, base, {Path(n).stem for n in listing.splitlines() if n.endswith(".md")}


def changed_entries(catalog: Catalog) -> list[Entry] | None:
    """The entries that differ from the fork point with main (committed or not) and the new
    ones git does not track yet; None when there is no history to compare with."""
    found = fork_point(catalog.root)
    if isinstance(found, str):
        return None
    folder = f"{ENTRIES_DIR.as_posix()}/"
    diff = git(catalog.root, "diff", "--name-only", "--no-renames", found[1], "--", folder)
    new = git(catalog.root, "ls-files", "--others", "--exclude-standard", "--", folder)
    if diff is None or new is None:
        return None
    names = {Path(n).name for n in (diff + new).splitlines()}
    return [e for e in catalog.all_entries if e.path.name in names]


def at_fork_point(catalog: Catalog, entries: list[Entry]) -> dict[Path, str]:
    """The files of ``entries`` as they were where HEAD left main, by path; a file that is new
    on this branch (or with no history to compare with) has none."""
    found = fork_point(catalog.root)
    if isinstance(found, str):
        return {}
    texts = {e.path: git(catalog.root, "show", f"{found[1]}:{e.path.as_posix()}") for e in entries}
    return {path: text for path, text in texts.items() if text is not None}


def check_renamed(catalog: Catalog, notes: list[str]) -> list[Problem]:
    found = published_ids(catalog.root)
    if isinstance(found, str):
        notes.append(found)
        return []
    ref, base, published = found
    current = {e.id for e in catalog.all_entries} | {e.path.stem for e in catalog.all_entries} | catalog.unreadable_ids
    gone = sorted(set(published) - current)
    new = [e for e in catalog.all_entries if e.id not in published]
    problems = []
    for old in gone:
        old_text = git(catalog.root, "show", f"{base}:{ENTRIES_DIR.as_posix()}/{old}.md") or ""
        best, score = None, 0.0
        for entry in new:
            ratio = difflib.SequenceMatcher(None, old_text, entry.text, autojunk=False).quick_ratio()
            if ratio > score:
                best, score = entry, ratio
        if best is not None and score >= 0.6:
            problems.append(
                Problem(
                    best.path,
                    best.line("id"),
                    f"id '{best.id}' replaces '{old}', an id on {ref}: links to #{old} would break",
                    f"ids are permanent: keep the file docs/entries/{old}.md and its id '{old}', "
                    f"and add the new name to its aliases",
                )
            )
        else:
            problems.append(
                Problem(
                    ENTRIES_DIR / f"{old}.md",
                    1,
                    f"entry '{old}' exists on {ref} and is gone: links to #{old} would break",
                    f"ids are permanent: restore it (git checkout {ref} -- docs/entries/{old}.md); "
                    "to rename a concept, keep its id and add the new name to aliases",
                )
            )
    return problems

