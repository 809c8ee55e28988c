"""``search/results.json``: what search results show, with their math rendered at build time.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any

from notation_site.model.catalog import Catalog
from notation_site.model.paths import ARITHMATEX, arithmatex_tex
from notation_site.search.index import entry_sections, math_in, normalize_tex
from notation_site.tex.text import tex_to_text

_MATHML = re.compile(r'<span class="katex-mathml">.*?</math></span>', re.DOTALL)


def _inline_katex(html_: str) -> str:
    """KaTeX HTML without its MathML copy (the browser adds a text form for screen readers)."""
    return _MATHML.sub("", html_)


Render = Callable[[Iterable[tuple[str, bool]]], list[Any]]
"""``KatexRenderer.render_many``: HTML (or the error) for each ``(tex, display)``."""


def results_data(index: dict[str, Any], catalog: Catalog, render: Render, summary_html: Callable[[str], str]) -> dict[str, Any]:
    """What search results show, rendered at build time: ``search/results.json``.

    * ``summaries``: for each entry's search location, its one-sentence summary as HTML
      with its math rendered; an entry's result shows this instead of raw section text.
    * ``math``: inline KaTeX HTML of every other formula a result can show (in the
      titles of all sections and the text of sections that are not entries).

    ``render`` is ``KatexRenderer.render_many``; ``summary_html`` turns one line of
    Markdown into HTML with math left in ``arithmatex`` spans. Formulas KaTeX rejects are
    left out (the browser then shows their TeX).
    """
    sections = entry_sections(catalog)
    summaries_src = {loc: summary_html(entry.summary) for loc, entry in sections.items()}
    formulas = set()
    for doc in index["docs"]:
        formulas.update(math_in(doc.get("title", "")))
        if doc["location"] not in sections:
            formulas.update(math_in(doc.get("text", "")))
    for src in summaries_src.values():
        formulas.update(normalize_tex(arithmatex_tex(m.group(2))) for m in ARITHMATEX.finditer(src) if m.group(1) == "span")
    ordered = sorted(formulas)
    rendered = {t: r for t, r in zip(ordered, render([(t, False) for t in ordered]), strict=True) if isinstance(r, str)}

    def swap(m: re.Match[str]) -> str:
        tex = normalize_tex(arithmatex_tex(m.group(2)))
        if m.group(1) != "span" or tex not in rendered:
            return m.group(0)
        text = html.escape(tex_to_text(tex), quote=False)
        return f'<span class="search-math">{_inline_katex(rendered[tex])}<span class="search-math__text">{text}</span></span>'

    return {
        "summaries": {loc: ARITHMATEX.sub(swap, src) for loc, src in sorted(summaries_src.items())},
        "math": {t: _inline_katex(r) for t, r in sorted(rendered.items())},
    }

