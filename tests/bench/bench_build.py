"""Build cost: snippets executed or not, ten times the content, a `make serve` rebuild, `make check-entries`."""

from __future__ import annotations

import os
import re
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from conftest import copy_repo, mkdocs_build

REPEATS = 3


def timed_build(root: Path, site: Path, env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    result = mkdocs_build(root, site, env)
    elapsed = time.perf_counter() - started
    if result.returncode:
        raise RuntimeError(result.stdout + result.stderr)
    return elapsed


def median_build(root: Path, site: Path, env: dict[str, str] | None = None) -> float:
    return statistics.median(timed_build(root, site, env) for _ in range(REPEATS))


def multiply_content(repo: Path, factor: int) -> int:
    """Give every entry ``factor - 1`` copies with new ids on the same page; returns the entry count."""
    entries = sorted((repo / "docs/entries").glob("*.md"))
    ids = {p.stem for p in entries}
    id_ref = re.compile(r"\b(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")\b")
    for path in entries:
        text = path.read_text(encoding="utf-8")
        for k in range(2, factor + 1):
            copy = re.sub(r"^id: (\S+)", rf"id: \1-x{k}", text, count=1, flags=re.M)
            # links and references inside the copy point at the copy's neighbours
            head, sep, body = copy.partition("\n---\n")
            head = re.sub(r"^(see_also|confused_with):.*?(?=^\w)", lambda m: id_ref.sub(rf"\1-x{k}", m.group(0)), head, flags=re.M | re.S)
            body = re.sub(r"\]\(#([a-z0-9-]+)\)", lambda m: f"](#{m.group(1)}-x{k})" if m.group(1) in ids else m.group(0), body)
            (path.parent / f"{path.stem}-x{k}.md").write_text(head + sep + body, encoding="utf-8")
    for topic in (repo / "docs").glob("*.md"):
        text = topic.read_text(encoding="utf-8")
        m = re.search(r"^entries: \[(.*)\]$", text, flags=re.M)
        if m and m.group(1).strip():
            listed = [i.strip() for i in m.group(1).split(",")]
            grown = listed + [f"{i}-x{k}" for k in range(2, factor + 1) for i in listed]
            text = text[: m.start()] + f"entries: [{', '.join(grown)}]" + text[m.end() :]
            topic.write_text(text, encoding="utf-8")
    return len(list((repo / "docs/entries").glob("*.md")))


def serve_rebuild(repo: Path) -> float:
    """Seconds from saving an entry to `mkdocs serve` having rebuilt the site."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}", "-f", str(repo / "mkdocs.yml")],
        cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "Serving on" in line:
                break
        entry = sorted((repo / "docs/entries").glob("*.md"))[0]
        time.sleep(1.0)
        started = time.perf_counter()
        entry.write_text(entry.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")
        for line in proc.stdout:
            if "Reloading browsers" in line or "Documentation built" in line:
                return time.perf_counter() - started
        raise RuntimeError("mkdocs serve stopped before rebuilding")
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def check_entries(root: Path) -> float:
    """Seconds for `make check-entries` (the validator alone), best of three."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    times = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run(["make", "--no-print-directory", "check-entries"], cwd=root, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times)


def run(ctx) -> list[tuple[str, str]]:
    site = ctx.scratch / "b"
    cold = statistics.median(
        timed_build(ctx.root, site, {"NOTATION_PLOT_CACHE": str(ctx.scratch / f"plots-{i}")}) for i in range(REPEATS)
    )
    warm_cache = {"NOTATION_PLOT_CACHE": str(ctx.scratch / "plots-0")}
    with_exec = median_build(ctx.root, site, warm_cache)
    without_exec = median_build(ctx.root, site, {"NOTATION_EXECUTE_EXAMPLES": "false"})
    n_snippets = len(list((ctx.root / "snippets").glob("*.py")))
    big = copy_repo(ctx.scratch / "big", ctx.root)
    n_entries = multiply_content(big, 10)
    base_entries = len(list((ctx.root / "docs/entries").glob("*.md")))
    big_time = timed_build(big, ctx.scratch / "big-site")
    rebuild = serve_rebuild(copy_repo(ctx.scratch / "serve", ctx.root))
    validate = check_entries(ctx.root)
    return [
        ("build, snippets executed, plots drawn", f"{cold:.2f} s (median of {REPEATS}; {n_snippets} snippets)"),
        ("build, snippets executed, plots from the cache", f"{with_exec:.2f} s"),
        ("build, snippets shown but not run", f"{without_exec:.2f} s"),
        ("ratio executed / not run (plots drawn)", f"{cold / without_exec:.2f}×"),
        ("ratio executed / not run (plots cached)", f"{with_exec / without_exec:.2f}×"),
        (f"build with 10× the entries ({n_entries})", f"{big_time:.2f} s ({big_time / with_exec:.1f}× the {base_entries}-entry build)"),
        ("`mkdocs serve` rebuild after editing one entry", f"{rebuild:.2f} s"),
        ("`make check-entries`", f"{validate:.2f} s (best of 3)"),
    ]
