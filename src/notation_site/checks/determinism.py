"""Find snippets whose output could change from one build to the next.

A worked example must print the same thing on every build (the site is byte-reproducible
and the numbers on the page are quoted in the prose). This reads each snippet's source
(nothing is run) and reports, as ``file:line``, every call that draws unseeded random
numbers or reads the clock:

- NumPy's legacy global generator (``np.random.rand``, ``np.random.normal`` ...);
- a generator built without a seed (``np.random.default_rng()``, ``random.Random()``);
- the ``random`` module's shared generator (``random.random()``, ``random.choice`` ...),
  ``random.SystemRandom``, ``secrets``, ``os.urandom``, ``uuid.uuid1``/``uuid4``;
- the clock (``time.time()``, ``datetime.now()``, ``date.today()`` ...).

The validator (``make check-entries``) and so every build run it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from notation_site.checks.problem import Problem
from notation_site.model.paths import SNIPPETS_DIR

# constructors that are deterministic when given a seed (positional or by keyword)
SEEDED = {
    "numpy.random.default_rng": "seed",
    "numpy.random.RandomState": "seed",
    "numpy.random.SeedSequence": "entropy",
    "numpy.random.PCG64": "seed",
    "numpy.random.PCG64DXSM": "seed",
    "numpy.random.MT19937": "seed",
    "numpy.random.Philox": "seed",
    "numpy.random.SFC64": "seed",
    "random.Random": "x",
}
# numpy.random names that are not draws from the global generator
NUMPY_RANDOM_OK = {"Generator", "BitGenerator"}
CLOCK = {
    "time.time", "time.time_ns", "time.perf_counter", "time.perf_counter_ns", "time.monotonic",
    "time.monotonic_ns", "time.process_time", "time.process_time_ns", "time.localtime",
    "time.gmtime", "time.ctime", "time.asctime", "time.strftime",
    "datetime.datetime.now", "datetime.datetime.today", "datetime.datetime.utcnow", "datetime.date.today",
}
ENTROPY = {"os.urandom", "os.getrandom", "uuid.uuid1", "uuid.uuid4", "random.SystemRandom"}
HINT_RNG = "draw from a seeded generator: rng = np.random.default_rng(0), then rng.normal(...), rng.choice(...)"
HINT_CLOCK = "print fixed or computed values; a snippet's output must not depend on when the site is built"


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Local name -> fully qualified name, from every import in the module."""
    names: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    names[a.asname] = a.name
                else:
                    top = a.name.split(".")[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for a in node.names:
                names[a.asname or a.name] = f"{node.module}.{a.name}"
    return names


def _qualname(node: ast.expr, aliases: dict[str, str]) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in aliases:
        return None
    return ".".join([aliases[node.id], *reversed(parts)])


def _unseeded(call: ast.Call, keyword: str) -> bool:
    seed = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == keyword), None)
    return seed is None or (isinstance(seed, ast.Constant) and seed.value is None)


def nondeterminism(source: str) -> list[tuple[int, str, str]]:
    """``(line, message, hint)`` for every unseeded draw or clock read in ``source``.

    >>> nondeterminism("import numpy as np\\nrng = np.random.default_rng(0)\\nx = rng.normal(size=3)")
    []
    >>> [m for _, m, _ in nondeterminism("import numpy as np\\nx = np.random.randn(3)\\ny = np.random.default_rng()")]
    ["unseeded random numbers: np.random.randn() draws from NumPy's global generator", 'unseeded random numbers: np.random.default_rng() is given no seed']
    >>> [n for n, _, _ in nondeterminism("from datetime import datetime\\n\\nprint(datetime.now())")]
    [3]
    """
    tree = ast.parse(source)
    aliases = _aliases(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _qualname(node.func, aliases)
        if name is None:
            continue
        shown = ast.unparse(node.func)
        if name in SEEDED:
            if _unseeded(node, SEEDED[name]):
                found.append((node.lineno, f"unseeded random numbers: {shown}() is given no seed", HINT_RNG))
        elif name.startswith("numpy.random.") and name.split(".")[2] not in NUMPY_RANDOM_OK:
            found.append((node.lineno, f"unseeded random numbers: {shown}() draws from NumPy's global generator", HINT_RNG))
        elif name in ENTROPY or name.startswith("secrets."):
            found.append((node.lineno, f"unseeded random numbers: {shown}() reads the system's entropy", HINT_RNG))
        elif name.startswith("random.") and name.count(".") == 1:
            found.append((node.lineno, f"unseeded random numbers: {shown}() uses the random module's shared generator", HINT_RNG))
        elif name in CLOCK:
            found.append((node.lineno, f"time-dependent output: {shown}() reads the clock", HINT_CLOCK))
    return sorted(found)


def snippet_problems(root: Path, paths: Iterable[Path] | None = None) -> list[Problem]:
    """A ``Problem`` for each non-deterministic call in ``snippets/*.py`` under ``root``."""
    problems = []
    for path in sorted(paths if paths is not None else (root / SNIPPETS_DIR).glob("*.py")):
        rel = path.relative_to(root) if path.is_absolute() else path
        try:
            source = (root / rel).read_text(encoding="utf-8")
            found = nondeterminism(source)
        except SyntaxError as err:
            problems.append(Problem(rel, err.lineno or 1, f"the snippet is not valid Python: {err.msg}"))
            continue
        problems += [Problem(rel, line, message, hint) for line, message, hint in found]
    return problems
