"""Every notation glyph an entry writes is listed under some entry's ``unicode``, so that
pasting it into search finds the entry that explains it."""

from __future__ import annotations

import unicodedata

from notation_site.checks.problem import Problem, strip_code
from notation_site.model.catalog import Entry
from notation_site.tex.glyphs import code_point, is_notation_glyph


def check_glyphs(entry: Entry, covered: set[str]) -> list[Problem]:
    """Glyphs in the symbol, summary, shape or body that no entry lists under ``unicode``."""
    texts: list[tuple[int, str]] = [
        (entry.line(key), str(entry.data[key])) for key in ("symbol", "summary", "shape") if isinstance(entry.data.get(key), str)
    ]
    texts += [(entry.doc.body_line + i, t) for i, t in strip_code(entry.body)]
    problems = []
    for line, text in texts:
        if text.isascii():
            continue
        for ch in sorted(set(text) - covered):
            if not is_notation_glyph(ch):
                continue
            name = unicodedata.name(ch, "")
            problems.append(
                Problem(
                    entry.path,
                    line,
                    f"glyph '{ch}' ({code_point(ch)} {name}) is in no entry's unicode list".replace(" )", ")"),
                    f"add '{ch}' to the unicode: list of the entry that explains it, so that pasting it into "
                    "search finds that entry; or write it in LaTeX inside $...$",
                )
            )
    return problems

