"""Run one worked example: the single function the build's workers and the tests both call.

A snippet runs as a script of its own: in a fresh module namespace, compiled under its
path (so a traceback names ``snippets/x.py`` and its line), with what it prints captured.
It returns what the snippet printed (HTML from ``notation.render``) or, when it raised,
the error with the file and line where it was raised.

>>> import pathlib, tempfile
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> (root / "snippets").mkdir()
>>> _ = (root / "snippets/two.py").write_text("print(1 + 1)\\n")
>>> run_example(root, "snippets/two.py")
ExampleResult(output='2\\n', error=None)
>>> _ = (root / "snippets/bad.py").write_text("x = 1\\n\\ndef f():\\n    return 1 / 0\\n\\nf()\\n")
>>> print(run_example(root, "snippets/bad.py").error)
snippets/bad.py:4: the example raised ZeroDivisionError: division by zero
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import traceback
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from notation_site.model.paths import PLOT_CACHE_ENV


@dataclass(frozen=True)
class ExampleError:
    """Where and how an example failed: ``path`` (as included), ``line``, ``reason``."""

    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: the example raised {self.reason}"


@dataclass(frozen=True)
class ExampleResult:
    """What a snippet printed, and the error it raised, if any (its output is then partial)."""

    output: str
    error: ExampleError | None = None


def run_example(root: Path | str, path: str, plot_cache: Path | str | None = None) -> ExampleResult:
    """Run the snippet ``path`` (relative to ``root``, e.g. ``snippets/x.py``) and return what it
    printed, or where it failed. ``plot_cache`` is the folder ``notation.render`` keeps drawn
    plots in, set for this run only."""
    source = (Path(root) / path).read_text(encoding="utf-8")
    name = "snippet_" + "".join(c if c.isalnum() else "_" for c in Path(path).stem)
    module = types.ModuleType(name)
    module.__file__ = path
    out = io.StringIO()
    previous = sys.modules.get(name)
    sys.modules[name] = module  # dataclasses and pickling look a module up by name
    try:
        with _environment(PLOT_CACHE_ENV, plot_cache), contextlib.redirect_stdout(out):
            exec(compile(source, path, "exec"), module.__dict__)
    except Exception as err:  # noqa: BLE001 - any failure of the example is reported, not raised
        return ExampleResult(out.getvalue(), ExampleError(path, _line_in(err, path), _reason(err)))
    finally:
        if previous is None:
            sys.modules.pop(name, None)
        else:
            sys.modules[name] = previous
    return ExampleResult(out.getvalue())


def _line_in(err: BaseException, path: str) -> int:
    """The line of ``path`` nearest to where ``err`` was raised (1 if it names none)."""
    if isinstance(err, SyntaxError) and err.filename == path:
        return err.lineno or 1
    lines = [frame.lineno for frame in traceback.extract_tb(err.__traceback__) if frame.filename == path]
    return (lines[-1] or 1) if lines else 1


def _reason(err: BaseException) -> str:
    """The last line of the traceback: ``ValueError: what went wrong``."""
    return "".join(traceback.format_exception_only(err)).strip().splitlines()[-1].strip()


@contextlib.contextmanager
def _environment(name: str, value: Path | str | None) -> Iterator[None]:
    """``os.environ[name]`` set to ``value`` for the block (left alone when ``value`` is None)."""
    if value is None:
        yield
        return
    previous = os.environ.get(name)
    os.environ[name] = str(value)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = previous
