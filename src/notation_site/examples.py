"""Run the worked examples in worker processes while the rest of the site is built.

Each snippet is executed by markdown-exec's Python formatter, exactly as an
``exec="1" html="1"`` block would be, but in a pool of worker processes that starts before
the pages are read. Running the examples then overlaps with converting, rendering and
writing the pages instead of adding to it; the plugin collects each example's HTML when it
writes the page that shows it.

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> (root / "snippets").mkdir()
>>> _ = (root / "snippets/two.py").write_text("print(1 + 1)\\n")
>>> with ExampleRunner(root, workers=1) as runner:
...     runner.submit("snippets/two.py")
...     runner.output("snippets/two.py")
'2\\n'
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from types import TracebackType


def default_workers() -> int:
    """One worker per core, less the core that builds the pages (at least one, at most four)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


class ExampleRunner:
    """A pool of processes that run snippets (paths relative to ``root``) through markdown-exec."""

    def __init__(self, root: Path, workers: int | None = None) -> None:
        self.root = root
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self._futures: dict[str, Future[str]] = {}

    def submit(self, path: str) -> None:
        """Start running ``path`` (once; later calls for the same path do nothing)."""
        if path in self._futures:
            return
        if self._pool is None:
            # spawn, not fork: the build process may hold threads (mkdocs serve) and a Node pipe
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        self._futures[path] = self._pool.submit(_execute, str(self.root), path)

    def output(self, path: str) -> str:
        """What ``path`` printed, as markdown-exec renders it (a traceback block if it raised)."""
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


def _execute(root: str, path: str) -> str:
    """Run one snippet in this worker through markdown-exec; returns its HTML output."""
    from markdown import Markdown
    from markdown_exec import formatters, markdown_config

    # Markdown only formats the traceback of a snippet that raised, as a fenced code block
    markdown_config.save(["pymdownx.superfences"], {})
    code = (Path(root) / path).read_text(encoding="utf-8")
    return str(formatters["python"](code=code, md=Markdown(extensions=["pymdownx.superfences"]), html=True, id=path))
