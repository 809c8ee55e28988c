"""Conventions a program can hold (``docs/conventions.md``), where a text check is reliable:

- the KL divergence is written KL(P ‖ Q), not ``D_{\\mathrm{KL}}`` (or ``D_{KL}``, ``D_\\text{KL}``);
- one glyph for one object: an entry does not write its bold ε both as
  ``\\boldsymbol{\\varepsilon}`` and as ``\\boldsymbol{\\epsilon}`` (its text and its snippets);
- a loss is 𝓛: no plain ``L(``, ``L_{…}(`` or ``L^{…}(`` in a sentence that calls it a loss
  (for the symbol, the entry's summary is that sentence), since L is the number of layers.

What is read: the symbol, summary, shape and ``confused_with`` of an entry and its prose outside
code (an alias, a LaTeX command or a code span never counts), and for the first two rules the
snippets it includes, whose output and code are on its page. An entry that quotes a paper in the
paper's own form says so in one sentence, as the Conventions page asks: a sentence of its text
that holds the form and says who writes it (*write*, *writes*, *written*, *wrote*: "Hoffmann et
al. write $L(N, D)$") lets every use of that form in the entry pass. Two glyphs for one object
have no such escape; to name the other glyph, write its TeX as code.

>>> [m.group() for m in KL_FORM.finditer(r"D_{\\mathrm{KL}}(P \\Vert Q), D_{KL}, \\mathrm{KL}, D_{JS}")]
['D_{\\\\mathrm{KL}}', 'D_{KL}']
>>> bool(PLAIN_LOSS.search(r"L_{\\text{simple}}(\\theta)")), bool(PLAIN_LOSS.search(r"\\mathcal{L}(\\theta)"))
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from notation_site.checks.problem import Problem, strip_code
from notation_site.model.catalog import Entry
from notation_site.model.paths import SNIPPET_INCLUDE
from notation_site.tex.lint import find_math

KL_FORM = re.compile(
    r"(?<![A-Za-z\\])D\}?\s*_\s*\{?\s*(?:\\(?:mathrm|text|textrm|rm|operatorname|mathsf|mathit)\s*\{\s*KL\s*\}|KL(?![A-Za-z]))(?:\s*\})?"
)
"""``D_{\\mathrm{KL}}`` and its spellings, in TeX or plain text."""
_BRACED = r"\{(?:[^{}]|\{[^{}]*\})*\}"
_FONT = re.compile(r"\\(?:mathcal|mathscr|mathbb|mathbf|boldsymbol|bm|mathrm|mathsf|mathfrak|operatorname|text\w*)\s*" + _BRACED)
PLAIN_LOSS = re.compile(
    rf"(?<![\\A-Za-z])L(?:\s*[_^]\s*(?:{_BRACED}|\\?[A-Za-z0-9]+))*\s*(?:\(|\\left\s*\(|\\[bB]igg?l?\s*[(\[]|\[)"
)
"""A plain L applied to something: ``L(``, ``L_{\\text{simple}}(``, ``L^{\\text{CLIP}}(``, ``L\\big(`` (after
the fonts are blanked, so ``\\mathcal{L}(`` is not one)."""
BOLD_EPSILON = re.compile(r"\\(?:boldsymbol|bm|mathbf|pmb)\s*\{\s*\\(varepsilon|epsilon)\s*\}|([\U0001D6C6\U0001D73A])|([\U0001D6DC\U0001D750])")
"""A bold ε: ``\\boldsymbol{\\varepsilon}`` (ε, also 𝛆 𝜺) or ``\\boldsymbol{\\epsilon}`` (ϵ, also 𝛜 𝝐)."""
GLYPH = {"varepsilon": "\\varepsilon (ε)", "epsilon": "\\epsilon (ϵ)"}
WRITING = re.compile(r"\b(?:write|writes|written|wrote)\b", re.IGNORECASE)
LOSS_WORD = re.compile(r"\bloss(?:es)?\b", re.IGNORECASE)
_BOUNDARY = re.compile(r"(?<=[.!?])[*)\"']*\s+(?=[A-Z*(\"§])")

KL_HINT = (
    "write $\\operatorname{KL}(P \\,\\Vert\\, Q)$ (Conventions: distributions); to keep a paper's own form, say so in a "
    "sentence that holds it and says who writes it (the VAE paper writes $D_{\\mathrm{KL}}$ ...)"
)
LOSS_HINT = (
    "write the loss $\\mathcal{L}$ (one example's loss $\\ell$): a plain L is the number of layers (Conventions: fonts); "
    "to keep a paper's own L, say so in a sentence that holds it and says who writes it (Hoffmann et al. write $L(N, D)$)"
)


@dataclass(frozen=True)
class Text:
    """One piece of an entry's page: ``text`` starts at ``line`` of ``path``; ``context`` is the
    sentence a formula of a field without sentences (the symbol) is read in."""

    path: Path
    line: int
    text: str
    context: str | None = None

    def line_at(self, offset: int) -> int:
        return self.line + self.text.count("\n", 0, offset)


def _sub_line(entry: Entry, field: str, key: str) -> int:
    """The line of ``key:`` inside the mapping ``field`` (the field's own line if not found)."""
    start = entry.line(field)
    for number, line in enumerate(entry.text.splitlines()[start:], start=start + 1):
        if re.match(rf"\s+['\"]?{re.escape(key)}['\"]?\s*:", line):
            return number
        if line and not line[0].isspace():
            break
    return start


def entry_texts(entry: Entry) -> list[Text]:
    """The entry's symbol, summary, shape, ``confused_with`` lines and prose paragraphs."""
    texts = []
    summary = entry.data.get("summary") if isinstance(entry.data.get("summary"), str) else ""
    if isinstance(entry.data.get("symbol"), str):
        texts.append(Text(entry.path, entry.line("symbol"), f"${entry.symbol}$", context=summary))
    texts += [Text(entry.path, entry.line(k), entry.data[k]) for k in ("summary", "shape") if isinstance(entry.data.get(k), str)]
    if isinstance(entry.data.get("confused_with"), dict):
        texts += [Text(entry.path, _sub_line(entry, "confused_with", str(k)), str(v)) for k, v in entry.data["confused_with"].items()]
    paragraph: list[tuple[int, str]] = []
    for i, line in [*strip_code(entry.body), (-1, "")]:
        if line.strip():
            paragraph.append((i, line))
        elif paragraph:
            texts.append(Text(entry.path, entry.doc.body_line + paragraph[0][0], "\n".join(t for _, t in paragraph)))
            paragraph = []
    return texts


def snippet_texts(entry: Entry, root: Path) -> list[Text]:
    """Each line of the snippets the entry includes, with a Python string's ``\\\\`` read as ``\\``."""
    texts = []
    for name in dict.fromkeys(SNIPPET_INCLUDE.findall(entry.body)):
        path = root / name
        if path.is_file():
            lines = path.read_text(encoding="utf-8").splitlines()
            texts += [Text(Path(name), n, line.replace("\\\\", "\\")) for n, line in enumerate(lines, start=1)]
    return texts


def _math_spans(text: str) -> list[tuple[int, int, str]]:
    spans = []
    for tex, offset, display in find_math(text):
        start = text.index(tex, offset)
        spans.append((start, start + len(tex) + (2 if display else 1), tex))
    return spans


def sentences(text: str) -> list[tuple[int, str]]:
    """``(offset, sentence)`` for each sentence of ``text``; a full stop inside math ends none.

    >>> [s for _, s in sentences("The loss is $L(x)$. Then $a. B$ follows. **Why.** Because.")]
    ['The loss is $L(x)$.', 'Then $a. B$ follows.', '**Why.**', 'Because.']
    """
    masked = list(text)
    for start, end, _ in _math_spans(text):
        masked[start - 1 : end] = "§" * (end - start + 1)
    cuts = [0, *(m.end() for m in _BOUNDARY.finditer("".join(masked))), len(text)]
    return [(a, text[a:b].strip()) for a, b in zip(cuts, cuts[1:]) if text[a:b].strip()]


def _formulas(texts: list[Text]) -> Iterator[tuple[Text, int, str, str]]:
    """Every formula with its offset in its text and the sentence it is read in."""
    for text in texts:
        for offset, sentence in sentences(text.text):
            for start, _, tex in _math_spans(sentence):
                yield text, offset + start, tex, text.context if text.context is not None else sentence


def _declared(texts: list[Text], holds_form) -> bool:
    """Whether a sentence of the prose in ``texts`` says who writes a form and holds it
    (``holds_form(sentence)``): the departure sentence."""
    return any(WRITING.search(s) and holds_form(s) for t in texts if t.context is None for _, s in sentences(t.text))


def _has_plain_loss(sentence: str) -> bool:
    return any(PLAIN_LOSS.search(_FONT.sub("§", tex)) for _, _, tex in _math_spans(sentence))


def check_conventions(entry: Entry, root: Path) -> list[Problem]:
    """Where the entry or its snippets break one of the three rules of this module's docstring."""
    texts, snippets = entry_texts(entry), snippet_texts(entry, root)
    problems = []
    if not _declared(texts, KL_FORM.search):
        for text in [*texts, *snippets]:
            for m in KL_FORM.finditer(text.text):
                problems.append(Problem(text.path, text.line_at(m.start()), f"{m.group()} for the KL divergence: the site writes KL(P ‖ Q)", KL_HINT))
    if not _declared(texts, _has_plain_loss):
        for text, offset, tex, sentence in _formulas(texts):
            if LOSS_WORD.search(sentence) and PLAIN_LOSS.search(_FONT.sub("§", tex)):
                problems.append(
                    Problem(text.path, text.line_at(offset), f"a plain L for a loss, in ${tex}$: the site writes the loss 𝓛", LOSS_HINT)
                )
    problems += _epsilon_problems([*texts, *snippets])
    return problems


def _epsilon_problems(texts: list[Text]) -> list[Problem]:
    """Each bold ε written in the other form than the entry's first one."""
    found = []
    for text in texts:
        for m in BOLD_EPSILON.finditer(text.text):
            form = m.group(1) or ("varepsilon" if m.group(2) else "epsilon")
            found.append((text.path, text.line_at(m.start()), form, m.group()))
    if not found:
        return []
    first_path, first_line, first, written = found[0]
    where = f"{first_path.as_posix()}:{first_line}"
    return [
        Problem(
            path,
            line,
            f"bold {GLYPH[form]} here, but bold {GLYPH[first]} at {where}: one glyph for one object",
            f"write {written} here too, or the other form everywhere in the entry and its snippets; to name the other glyph, "
            "write its TeX as code",
        )
        for path, line, form, _ in found
        if form != first
    ]
