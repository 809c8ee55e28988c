"""Run an entry's code lines (its ``code: {numpy, pytorch}`` one-liners) on small example inputs.

A line is run like a notebook cell, in a fresh namespace holding the **shared example inputs**
(``z``, ``x``, ``A``, ``Q``, ``p``, ``logits``, ``model``, ``f`` …: float64 NumPy arrays
for a NumPy line and the same numbers as float64 torch tensors for a PyTorch line; numbers stay
Python numbers on both sides: ``notation_site.examples.inputs``), then the entry's own inputs (``code_check:
inputs:``), then the line. The **value of a line** is:

- the value of its last statement when that is an expression (``e = ...; e / e.sum()``);
- the value of the names its last statement assigns when that is an assignment
  (``scores = ...`` gives ``scores``; ``Q, K, V = ...`` gives the tuple ``(Q, K, V)``;
  ``pe[:, 1::2] = ...`` gives the whole ``pe``);
- for a ``with`` block, the value of the names its body's last statement assigns;
- ``None`` otherwise (``opt.step()`` is an expression whose value is ``None``; ``def``, ``assert``).

A line that begins with ``no direct equivalent`` is marked, not run. Where the entry names its
twin in the library (``code_check: twin:``, a Python expression such as ``notation.softmax(z)``
evaluated in the NumPy namespace), the line's value must equal the twin's to float64 round-off
(``RTOL``, ``ATOL``). ``python -m notation_site.examples.code_lines softmax`` (``make check-code
ID=softmax``) runs one entry's lines; the tests run every entry's.

>>> run_line("e = np.exp(z); e / e.sum()", {"np": np, "z": np.zeros(4)})
array([0.25, 0.25, 0.25, 0.25])
>>> run_line("a, b = 1, 2", {})
(1, 2)
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from notation_site.checks.code_lines import MARK, SIDES, is_marked  # noqa: F401 (MARK: re-exported)
from notation_site.examples.inputs import shared_numpy, shared_torch, to_torch

RTOL, ATOL = 1e-9, 1e-12
"""Agreement with the twin: float64 round-off, not a numerical-method error."""


# --- running one line ----------------------------------------------------------------------------

def run_line(source: str, namespace: dict[str, Any]) -> Any:
    """Execute ``source`` in ``namespace`` like a notebook cell and return the line's value
    (see the module's docstring)."""
    tree = ast.parse(source, mode="exec")
    if not tree.body:
        return None
    last = tree.body[-1]
    if isinstance(last, ast.Expr):
        exec(compile(ast.Module(tree.body[:-1], type_ignores=[]), "<code line>", "exec"), namespace)
        return eval(compile(ast.Expression(last.value), "<code line>", "eval"), namespace)
    exec(compile(tree, "<code line>", "exec"), namespace)
    while isinstance(last, ast.With):
        last = last.body[-1]
    if isinstance(last, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        target = last.targets[-1] if isinstance(last, ast.Assign) else last.target
        values = tuple(namespace[name] for name in _assigned_names(target))
        return values[0] if len(values) == 1 else values
    return None


def _assigned_names(target: ast.expr) -> list[str]:
    """The names an assignment target binds or changes, in order, once each: ``a, b`` gives
    ``['a', 'b']``; ``pe[:, 1::2]`` and ``lm_head.weight`` give their base names."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return list(dict.fromkeys(n for t in target.elts for n in _assigned_names(t)))
    while isinstance(target, (ast.Subscript, ast.Attribute, ast.Starred)):
        target = target.value
    return [target.id] if isinstance(target, ast.Name) else []


# --- one entry -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class LineResult:
    """What happened to one code line: ``status`` is ``agrees`` (ran, equal to the twin),
    ``runs`` (ran; no twin to compare with), ``marked`` (no direct equivalent, not run) or
    ``fails`` (``message`` says why)."""

    entry: str
    path: str
    lineno: int
    side: str
    line: str
    status: str
    message: str = ""

    def __str__(self) -> str:
        text = f"{self.path}:{self.lineno}: code.{self.side} {self.status}: {self.line}"
        return f"{text}\n    {self.message}" if self.message else text


def namespace(entry: Any, side: str) -> dict[str, Any]:
    """The shared inputs for ``side`` with the entry's own ``code_check: inputs:`` on top.

    Each input is a number (a Python number on both sides), a nested list (a NumPy array, and a
    tensor for PyTorch), a string (a Python expression evaluated in the NumPy namespace, after
    the inputs above it), or a mapping ``{numpy: expr, pytorch: expr}`` with one expression per
    side (a side it omits keeps the shared value). The PyTorch side gets the NumPy side's value
    converted by ``to_torch`` (arrays become tensors, numbers stay numbers) unless it has its own.
    """
    ns = shared_numpy()
    torch_own: dict[str, str | None] = {}
    for name, value in _inputs(entry).items():
        if isinstance(value, dict):
            if "numpy" in value:
                ns[name] = eval(str(value["numpy"]), ns)  # noqa: S307 (the entry's own example input)
            torch_own[name] = value.get("pytorch")
        elif isinstance(value, str):
            ns[name] = eval(value, ns)  # noqa: S307
        elif isinstance(value, list):
            arr = np.array(value)
            ns[name] = arr.astype(np.float64) if arr.dtype.kind in "fc" else arr
        else:
            ns[name] = value
    if side == "numpy":
        return ns
    import torch

    tns = shared_torch()
    for name in _inputs(entry):
        if name not in torch_own:
            tns[name] = to_torch(ns[name], torch)
        elif torch_own[name] is not None:
            tns[name] = eval(str(torch_own[name]), tns)  # noqa: S307
    return tns


def _inputs(entry: Any) -> dict[str, Any]:
    check = entry.data.get("code_check") or {}
    return dict(check.get("inputs") or {}) if isinstance(check, dict) else {}


def _twin(entry: Any, side: str) -> str | None:
    check = entry.data.get("code_check") or {}
    twin = check.get("twin") if isinstance(check, dict) else None
    if isinstance(twin, dict):
        twin = twin.get(side)
    return twin if isinstance(twin, str) else None


def as_numpy(value: Any) -> Any:
    """A line's value as NumPy: tensors become arrays, ``torch.Size`` a tuple (recursively)."""
    if type(value).__module__.startswith("torch"):
        if hasattr(value, "detach"):
            return value.detach().numpy()
        if type(value).__name__ == "Size":
            return tuple(value)
    if isinstance(value, (tuple, list)):
        return type(value)(as_numpy(v) for v in value)
    return value


def compare(ours: Any, twin: Any) -> str:
    """'' when ``ours`` equals ``twin`` to float64 round-off, else what differs."""
    ours, twin = as_numpy(ours), as_numpy(twin)
    if isinstance(twin, (tuple, list)) and isinstance(ours, (tuple, list)):
        if len(ours) != len(twin):
            return f"{len(ours)} values, the twin has {len(twin)}"
        return next((m for m in (compare(a, b) for a, b in zip(ours, twin)) if m), "")
    try:
        a, b = np.asarray(ours, dtype=np.float64), np.asarray(twin, dtype=np.float64)
    except (TypeError, ValueError):
        return "" if ours is twin or ours == twin else f"value {ours!r}, the twin gives {twin!r}"
    if a.shape != b.shape:
        return f"shape {a.shape}, the twin has shape {b.shape}"
    if not np.allclose(a, b, rtol=RTOL, atol=ATOL, equal_nan=True):
        return f"value\n{np.array2string(a, precision=6)}\n    differs from the twin's\n{np.array2string(b, precision=6)}"
    return ""


@contextmanager
def _float64(side: str) -> Iterator[None]:
    """PyTorch lines run with float64 as torch's default dtype (``nn.Linear``, ``torch.tensor``
    of floats), so that they meet the float64 inputs and the twin's round-off; restored after."""
    if side != "pytorch":
        yield
        return
    import torch

    before = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        yield
    finally:
        torch.set_default_dtype(before)


def check_line(entry: Any, side: str) -> LineResult:
    """Run the entry's ``side`` line and compare it with the twin, if the entry names one."""
    line = entry.code.get(side, "")
    lineno = _line_number(entry, side)
    result = lambda status, message="": LineResult(entry.id, entry.path.as_posix(), lineno, side, line, status, message)  # noqa: E731
    if is_marked(line):
        return result("marked")
    try:
        with _float64(side):
            value = run_line(line, namespace(entry, side))
    except Exception as err:  # noqa: BLE001 (any error is the line's failure)
        hint = ""
        if isinstance(err, NameError):
            hint = (" (scipy: `make test-reference` installs it)" if err.name == "scipy" else
                    " (not a shared example input: add it under code_check: inputs:, see CONTRIBUTING.md)")
        return result("fails", f"{type(err).__name__}: {err}{hint}")
    twin = _twin(entry, side)
    if twin is None:
        return result("runs")
    try:
        expected = eval(twin, namespace(entry, "numpy"))  # noqa: S307
    except Exception as err:  # noqa: BLE001
        return result("fails", f"the twin {twin!r} raised {type(err).__name__}: {err}")
    difference = compare(value, expected)
    return result("fails", f"disagrees with {twin}: {difference}") if difference else result("agrees", f"with {twin}")


def _line_number(entry: Any, side: str) -> int:
    """The 1-based line of ``code:``'s ``side`` key in the entry's file."""
    start = entry.line("code")
    lines = entry.text.splitlines()
    for number in range(start, min(start + 3, len(lines)) + 1):
        if lines[number - 1].lstrip().startswith(f"{side}:"):
            return number
    return start


def check_entry(entry: Any, sides: tuple[str, ...] = SIDES) -> list[LineResult]:
    return [check_line(entry, side) for side in sides]


def main(argv: list[str] | None = None) -> int:
    """``python -m notation_site.examples.code_lines ID [ID ...]``: run those entries' lines
    (the PyTorch ones when torch is installed); exit 1 if one fails."""
    from notation_site.model.catalog import load

    ids = sys.argv[1:] if argv is None else argv
    catalog = load(Path.cwd())
    try:
        import torch  # noqa: F401

        sides: tuple[str, ...] = SIDES
        print(f"PyTorch {torch.__version__} is installed: running the NumPy and PyTorch lines")
    except ImportError:
        sides = ("numpy",)
        print("PyTorch is not installed: running the NumPy lines only (make test-reference installs it)")
    failed = 0
    for entry_id in ids or list(catalog.entries):
        entry = catalog.entries.get(entry_id)
        if entry is None:
            print(f"no entry '{entry_id}' (docs/entries/{entry_id}.md)")
            failed += 1
            continue
        for res in check_entry(entry, sides):
            if res.status == "fails" or ids:
                print(res)
            failed += res.status == "fails"
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
