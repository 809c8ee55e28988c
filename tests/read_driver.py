"""Drive the "Read a formula" page (read/) and score its readings of tests/site/formulas.yml:
recall (expected entries named) and precision (names given that are right)."""

from __future__ import annotations

import re
from collections import Counter
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


REAL_FORMULAS = Path(__file__).resolve().parent / "site" / "real_formulas.yml"

# What the read-aloud line must never say: TeX's words for fonts and bars, a power of what is a
# label (ρ^π is "rho pi", W^O "W O"), or a command name with its backslash.
SPEECH_DEFECTS = {
    "bb": re.compile(r"\bbb\b"),
    "vert": re.compile(r"\b(l|r)?vert\b", re.I),
    "power of a label": re.compile(r"to the power (?:of )?(?:[A-Z]\b(?! (?:minus|plus|times|over|divided))|(?i:alpha|beta|gamma|delta|epsilon|theta|kappa|lambda|mu|nu|xi|pi|rho|sigma|tau|phi|chi|psi|omega|old|new|ref|data|model|star|transpose|prime)\b)"),
    "TeX command": re.compile(r"\\[A-Za-z]+|\b(?:mathbb|mathcal|mathbf|mathrm|mathit|boldsymbol|operatorname|frac|tfrac|dfrac|textbf|textrm|lvert|rvert|lVert|rVert|langle|rangle|cdot|ldots|cdots)\b"),
}


def load_real() -> tuple[dict, list[dict]]:
    """The development set of real formulas: its sources (with their macros) and formulas."""
    data = yaml.safe_load(REAL_FORMULAS.read_text(encoding="utf-8"))
    return data["sources"], data["formulas"]


def real_requests(sources: dict, formulas: list[dict]) -> list[dict]:
    """One ``reading.run_reader`` request per formula, with its source's macros."""
    return [{"op": "read", "tex": f["tex"], "macros": sources[f["source"]].get("macros") or {}} for f in formulas]


@dataclass
class RealScore:
    formulas: int = 0
    errors: list[str] = field(default_factory=list)
    pieces: int = 0
    named: int = 0
    whole: int = 0  # formulas with every piece named
    unnamed: Counter = field(default_factory=Counter)
    expected: int = 0
    found: int = 0
    given: int = 0
    right: int = 0
    misses: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    speech_defects: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 1.0

    @property
    def precision(self) -> float:
        return self.right / self.given if self.given else 1.0


def score_real(formulas: list[dict], results: list[dict], entry_ids: set[str]) -> RealScore:
    """Score the reader's answers on the development set. Recall and precision are on the
    labelled formulas, over the ids that are entries today (a planned id is left out of both);
    the share of pieces named, of formulas with every piece named and the speech defects are on
    every formula."""
    out = RealScore()
    for f, r in zip(formulas, results):
        out.formulas += 1
        if "error" in r or "crash" in r:
            out.errors.append(f"{f['id']}: {r.get('error') or r.get('crash')}")
            continue
        pieces = r["pieces"]
        named = [p for p in pieces if p["candidates"]]
        out.pieces += len(pieces)
        out.named += len(named)
        out.whole += len(named) == len(pieces)
        out.unnamed.update(p["text"] for p in pieces if not p["candidates"])
        for name, pattern in SPEECH_DEFECTS.items():
            if pattern.search(r["speech"]):
                out.speech_defects.append(f"{f['id']} ({name}): {r['speech']}")
        if "expect" not in f:
            continue
        expect = set(f["expect"]) & entry_ids
        ok = (set(f["expect"]) | set(f.get("also", []))) & entry_ids
        names = {p["candidates"][0] for p in named}
        out.expected += len(expect)
        out.found += len(expect & names)
        out.given += len(names)
        out.right += len(names & ok)
        out.misses += [f"{f['id']}: {m}" for m in sorted(expect - names)]
        out.wrong += [f"{f['id']}: {w}" for w in sorted(names - ok)]
    return out
