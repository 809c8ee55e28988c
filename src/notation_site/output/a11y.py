"""Accessibility fixes applied to the built HTML.

KaTeX exposes each formula to assistive technology as MathML and hides the visual
rendering (``aria-hidden``). A link whose whole text is a formula, such as
``[$-\\infty$](#negative-infinity)``, then has a name only for readers that compute names
from MathML; axe-core (and older screen readers) find it nameless. Such links get an
``aria-label``: the formula's MathML text (what is seen, as WCAG 2.5.3 asks), then the
linked entry's name.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from html.parser import HTMLParser

from notation_site.model.paths import ENTRY_PAGES

_LINK = re.compile(r"<a\b([^>]*)>(.*?)</a>", re.DOTALL)
_HREF = re.compile(r'\bhref="([^"]*)"')
_ENTRY_PAGE = re.compile(rf"(?:^|/){ENTRY_PAGES}/([a-z0-9-]+)/(?:index\.html)?$")
_SIBLING = re.compile(r"^\.\./([a-z0-9-]+)/$")
_VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Text(HTMLParser):
    """Collect the text outside KaTeX output and the text of its MathML (minus the TeX)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outside: list[str] = []
        self.math: list[str] = []
        self._stack: list[str] = []  # for every open element: "katex", "katex-html", "annotation" or ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        kinds = [k for k in ("katex", "katex-html") if k in classes] + (["annotation"] if tag == "annotation" else [])
        self._stack.append(kinds[0] if kinds else "")

    def handle_endtag(self, tag: str) -> None:
        if self._stack and tag not in _VOID:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        # the TeX source and the visual rendering (which repeats the formula) are not read out
        if "annotation" in self._stack or "katex-html" in self._stack:
            return
        (self.math if "katex" in self._stack else self.outside).append(data)


def _texts(fragment: str) -> tuple[str, str]:
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return " ".join("".join(parser.outside).split()), " ".join("".join(parser.math).split())


def label_math_links(page_html: str, names: Mapping[str, str], on_entry_page: bool = False) -> str:
    """Give every link whose only text is math an ``aria-label``.

    ``names`` maps an entry id to the name read out for a link to it: a link to the entry's
    page (``…/entries/<id>/``, or ``../<id>/`` from another entry page when ``on_entry_page``)
    or to an anchor ``#<id>``.

    >>> link = ('<a href="../b/#negative-infinity"><span class="katex"><span class="katex-mathml">'
    ...         '<math><mo>−</mo><mi>∞</mi><annotation encoding="application/x-tex">-\\\\infty</annotation>'
    ...         '</math></span><span class="katex-html" aria-hidden="true"><span>−∞</span></span></span></a>')
    >>> label_math_links(link, {"negative-infinity": "Negative infinity"}).split("><")[0]
    '<a href="../b/#negative-infinity" aria-label="−∞, Negative infinity"'
    >>> label_math_links(link.replace("../b/#negative-infinity", "../../entries/negative-infinity/"),
    ...                  {"negative-infinity": "Negative infinity"}).split("><")[0]
    '<a href="../../entries/negative-infinity/" aria-label="−∞, Negative infinity"'
    >>> label_math_links(link, {}).split("><")[0]
    '<a href="../b/#negative-infinity" aria-label="−∞"'
    >>> label_math_links('<a href="#x">text <span class="katex">x</span></a>', {}) == '<a href="#x">text <span class="katex">x</span></a>'
    True
    """

    def repl(m: re.Match[str]) -> str:
        attrs, inner = m.group(1), m.group(2)
        if 'class="katex"' not in inner or "aria-label=" in attrs:
            return m.group(0)
        outside, math = _texts(inner)
        if outside:
            return m.group(0)
        href = _HREF.search(attrs)
        path, _, fragment = href.group(1).partition("#") if href else ("", "", "")
        page = _ENTRY_PAGE.search(path) or (_SIBLING.search(path) if on_entry_page else None)
        name = names.get(fragment) or (names.get(page.group(1)) if page else None)
        # the formula's own text comes first, so that the name holds what is seen (WCAG 2.5.3)
        label = f"{math}, {name}" if math and name else (name or math)
        if not label:
            return m.group(0)
        return f'<a{attrs} aria-label="{html.escape(label, quote=True)}">{inner}</a>'

    return _LINK.sub(repl, page_html)
