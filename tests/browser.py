"""Serve a built site on 127.0.0.1 and drive Debian's chromium through Playwright."""

from __future__ import annotations

import contextlib
import functools
import os
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

# Debian's chromium (make installs it with apt); CHROMIUM may name another Chromium build.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 on a free port; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def is_local(url: str) -> bool:
    """True for URLs the page may load: this machine's server, data: and blob: URLs."""
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname in ("127.0.0.1", "localhost")


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """A Playwright browser running Debian's chromium."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def watched_page(context):
    """A page whose page errors, console errors and dialogs land in ``page.problems``."""
    p = context.new_page()
    p.problems = []
    p.on("pageerror", lambda err: p.problems.append(f"page error: {err}"))
    p.on("console", lambda msg: p.problems.append(f"console: {msg.text}") if msg.type == "error" else None)

    def dialog(d):
        p.problems.append(f"dialog: {d.message}")
        d.dismiss()

    p.on("dialog", dialog)
    return p
