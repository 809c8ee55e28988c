"""Drive the "Read a formula" page (read/) and score its readings of tests/site/formulas.yml:
recall (expected entries named) and precision (names given that are right)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import yaml

FORMULAS = Path(__file__).resolve().parent / "site" / "formulas.yml"


def load_formulas() -> list[dict]:
    """The formula set; ``pending`` (entries not merged yet) is left out of every score."""
    return yaml.safe_load(FORMULAS.read_text(encoding="utf-8"))


def read(page, base_url: str, tex: str) -> dict:
    """Open read/?tex=... and return what the page shows: status, the entries each row names
    (first candidate), the pieces marked in the formula, the speech and the unplaced pieces."""
    page.goto(base_url + "read/?tex=" + quote(tex, safe=""))
    page.wait_for_function("() => document.getElementById('read-status').textContent.length > 0", timeout=10000)
    return page.evaluate(
        """() => ({
          status: document.getElementById('read-status').textContent,
          error: document.getElementById('read-status').classList.contains('read-status--error'),
          entries: [...document.querySelectorAll('#reading [data-entry]')].map(e => e.dataset.entry),
          marked: document.querySelectorAll('#read-formula .read-piece').length,
          katexErrors: document.querySelectorAll('#read-formula .katex-error').length,
          rendered: document.querySelectorAll('#read-formula .katex').length,
          speech: document.getElementById('read-speech').textContent,
          unplaced: [...document.querySelectorAll('#read-unplaced li')].map(e => e.textContent),
        })"""
    )


@dataclass
class Score:
    expected: int = 0
    found: int = 0
    named: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.right / self.named if self.named else 1.0


def score(page, base_url: str, formulas: list[dict]) -> Score:
    """Read every formula of the set, as TeX and as pasted Unicode, and score the names."""
    out = Score()
    for formula in formulas:
        ok = set(formula["expect"]) | set(formula.get("also", []))
        for form in ("tex", "unicode"):
            shown = read(page, base_url, formula[form])
            if shown["error"] or shown["katexErrors"] or not shown["rendered"]:
                out.failures.append(f"{formula['name']} ({form}): {shown['status']}")
            names = set(shown["entries"])
            out.expected += len(formula["expect"])
            out.found += len(set(formula["expect"]) & names)
            out.named += len(names)
            out.right += len(names & ok)
            out.misses += [f"{formula['name']} ({form}): {m}" for m in sorted(set(formula["expect"]) - names)]
            out.wrong += [f"{formula['name']} ({form}): {w}" for w in sorted(names - ok)]
    return out
