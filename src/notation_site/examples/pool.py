"""Run the worked examples in worker processes while the rest of the site is built.

Each snippet is run by :func:`notation_site.examples.run.run_example` in a pool of worker
processes that starts before the pages are read. Running the examples then overlaps with
converting, rendering and writing the pages instead of adding to it; the plugin collects
each example's result when it writes the page that shows it.

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> (root / "snippets").mkdir()
>>> _ = (root / "snippets/two.py").write_text("print(1 + 1)\\n")
>>> with ExampleRunner(root, workers=1) as runner:
...     runner.submit("snippets/two.py")
...     runner.result("snippets/two.py").output
'2\\n'
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from types import TracebackType

from notation_site.examples.run import ExampleResult, run_example


def default_workers() -> int:
    """One worker per core, less the core that builds the pages (at least one, at most four)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class ExampleRunner:
    """A pool of processes that run snippets (paths relative to ``root``) with ``run_example``;
    ``plot_cache`` is passed to every run."""

    def __init__(self, root: Path, workers: int | None = None, plot_cache: Path | None = None) -> None:
        self.root = root
        self.workers = workers or default_workers()
        self.plot_cache = plot_cache
        self._pool: ProcessPoolExecutor | None = None
        self._futures: dict[str, Future[ExampleResult]] = {}

    def submit(self, path: str) -> None:
        """Start running ``path`` (once; later calls for the same path do nothing)."""
        if path in self._futures:
            return
        if self._pool is None:
            # spawn, not fork: the build process may hold threads (mkdocs serve) and a Node pipe
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        plot_cache = str(self.plot_cache) if self.plot_cache else None
        self._futures[path] = self._pool.submit(run_example, str(self.root), path, plot_cache)

    def result(self, path: str) -> ExampleResult:
        """What ``path`` printed, or where it failed (waits for it to run)."""
        self.submit(path)
        return self._futures[path].result()

    def close(self) -> None:
        """Stop the workers; examples not yet run are dropped."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._futures.clear()

    def __enter__(self) -> ExampleRunner:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
