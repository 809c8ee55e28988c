"""``make bench``: performance figures, printed as tables. Not a test: nothing here asserts a time.

Each ``tests/bench/bench_*.py`` module has ``run(ctx) -> list[tuple[str, str]]`` returning
(metric, value) rows; ``ctx`` gives the repository root, a scratch folder and the built site.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import mkdocs_build  # noqa: E402


@dataclass
class Context:
    root: Path
    scratch: Path
    site: Path


def main() -> int:
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    selected = [n for n in names if not sys.argv[1:] or n.removeprefix("bench_") in sys.argv[1:]]
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        scratch = Path(tmp)
        site = scratch / "site"
        result = mkdocs_build(ROOT, site)
        if result.returncode:
            print(result.stdout, result.stderr)
            return 1
        ctx = Context(root=ROOT, scratch=scratch, site=site)
        for name in selected:
            module = importlib.import_module(f"bench.{name}")
            started = time.perf_counter()
            rows = module.run(ctx)
            width = max(len(m) for m, _ in rows) if rows else 10
            print(f"\n## {module.__doc__.strip().splitlines()[0] if module.__doc__ else name}\n")
            print(f"| {'metric'.ljust(width)} | value |")
            print(f"| {'-' * width} | ----- |")
            for metric, value in rows:
                print(f"| {metric.ljust(width)} | {value} |")
            print(f"\n({name} took {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
