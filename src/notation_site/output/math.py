"""A built page's math: every formula rendered by KaTeX, checked, and the fonts it is drawn
with preloaded; after the build, the font subsets the site's formulas need."""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.utils import get_relative_url

from notation_site.model.catalog import Catalog
from notation_site.model.paths import ARITHMATEX, KATEX_ASSETS, arithmatex_tex
from notation_site.output.fonts import FontRules, renamed, subset_woff2
from notation_site.output.katex import KatexError, KatexRenderer, katex_dir
from notation_site.tex.lint import lint_tex

FONT_FALLBACKS = re.compile(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')
"""The woff and ttf sources of each ``@font-face``: the site ships woff2 only."""


def render_math(output: str, src: str, katex: KatexRenderer, catalog: Catalog, link: bool = False) -> tuple[str, list[str], list[str]]:
    """The page with every formula rendered by KaTeX, the formulas' HTML, and an error
    message (``file:line: problem in $tex$ (page src)``) for each formula KaTeX rejected or
    would draw wrongly. ``link``: the pieces that name an entry are marked
    (``KatexRenderer.render_many``) for ``symbol_links.link_symbols``."""
    formulas = [(arithmatex_tex(m.group(2)), m.group(1) == "div") for m in ARITHMATEX.finditer(output)]
    rendered = katex.render_many(formulas, link=link)
    errors = []
    for (tex, _), result in zip(formulas, rendered, strict=True):
        problems = [str(result)] if isinstance(result, KatexError) else lint_tex(tex)
        for problem in problems:
            errors.append(f"{catalog.where(tex, src)}: {problem} in ${tex}$ (page {src})")
    if errors:
        return output, [], errors
    it = iter(rendered)

    def repl(m: re.Match[str]) -> str:
        html_ = str(next(it))
        return f'<div class="math-display">{html_}</div>' if m.group(1) == "div" else html_

    return ARITHMATEX.sub(repl, output), [html_ for html_ in rendered if isinstance(html_, str)], []


def preload_fonts(output: str, formulas: list[str], page_url: str, rules: FontRules) -> str:
    """Ask for every font the page's formulas are drawn with as the page starts loading.

    Left to the stylesheet, a font is requested only once a formula that needs it is laid
    out, which on a long page comes after most of the HTML has arrived: the formulas wait
    for it, and ones first laid out in a fallback font change size and push the page down.
    The subsets are a few KB each, and a page preloads only those it uses.
    """
    links = "".join(
        f'<link rel="preload" href="{get_relative_url(f"{KATEX_ASSETS}/fonts/{renamed(name)}", page_url)}"'
        ' as="font" type="font/woff2" crossorigin>'
        for name in rules.files_drawn(formulas)
    )
    return output.replace("</head>", links + "</head>", 1)


def write_fonts(folder: Path, root: Path, rules: FontRules, formulas: list[str], cache: Path | None) -> None:
    """KaTeX's fonts, each with only the glyphs ``formulas`` (KaTeX HTML) draw with it."""
    dist = katex_dir(root) / "dist"
    folder.mkdir(parents=True, exist_ok=True)
    for name, chars in rules.chars_by_file(formulas).items():
        (folder / renamed(name)).write_bytes(subset_woff2(dist / "fonts" / name, chars, cache))
