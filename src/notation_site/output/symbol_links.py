"""Every formula on the site links its symbols.

KaTeX renders each formula with the pieces that name an entry already marked
(``KatexRenderer.render_many(..., link=True)``: the recogniser of ``reader.js`` decides, and
the renderer checks that the marks change nothing in the drawing). Here, page by page, each
mark becomes a link to its entry, or is dropped:

- inside another link (a formula that is itself a link, a search result) nothing is linked:
  links do not nest;
- on an entry's own page, a piece that entry claims is explained right there: no link.

The formula's drawing is hidden from assistive technology (KaTeX gives them the MathML), so
its links are for the pointer only (``tabindex="-1"``). For the keyboard and screen readers,
each linked formula is followed by its symbols as a list of ordinary links, visually hidden
until one of them has the focus. ``formula-links.js`` shows a small card (name, how to say
it, summary) for a link under the pointer or the focus, from the page's ``formula-cards`` data.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from notation_site.tex.text import tex_to_text

_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b([^>]*)>")
_MARK = re.compile(r'\sclass="(enclosing[^"]*)" data-entry="([a-z0-9-]+)" data-claims="([a-z0-9|-]+)"')
_VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "path", "line"}
CARDS_ID = "formula-cards"
_FONT = re.compile(r"\\(mathbf|boldsymbol|bm|mathsf|mathrm|mathit)\s*\{([^{}]*)\}")


@dataclass(frozen=True)
class Card:
    """What the hover card of a symbol says."""

    name: str
    read: str
    summary: str
    url: str


def symbol_cards(reader_data: Mapping) -> dict[str, Card]:
    r"""The card of every entry the reader knows (``reading.reader_data``), as plain text.

    >>> data = {"entries": [{"id": "norm", "name": "Norm", "read": "the norm of x",
    ...                      "summary": "The length of $\\mathbf{x}$, **always** $\\ge 0$.", "url": "entries/norm/"}]}
    >>> symbol_cards(data)["norm"].summary
    'The length of x, always ≥ 0.'
    """
    def plain(text: str) -> str:
        # bold and sans-serif letters as plain ones: the card is drawn in the page's text font
        text = re.sub(r"\$([^$]+)\$", lambda m: tex_to_text(_FONT.sub(r"\2", m.group(1))), text or "")
        return re.sub(r"\*\*?|`", "", text).strip()

    return {e["id"]: Card(e["name"], plain(e["read"]), plain(e["summary"]), e["url"]) for e in reader_data["entries"]}


def link_symbols(page: str, cards: Mapping[str, Card], own: str | None = None, url: Callable[[str], str] = lambda u: u) -> str:
    """``page`` with each marked piece of its formulas a link, each linked formula followed by
    its symbols as a list for the keyboard, and the cards of the linked entries as JSON
    (``data-cards`` of ``#formula-cards``).

    ``cards`` maps entry ids to their ``Card``; ``own`` is the id of the page's entry, if any;
    ``url`` makes a card's site-root URL relative to the page.

    >>> mark = '<span class="enclosing" data-entry="transpose" data-claims="transpose">T</span>'
    >>> formula = f'<span class="katex"><span class="katex-html" aria-hidden="true">A{mark}</span></span>'
    >>> cards = {"transpose": Card("Transpose", "A transpose", "Rows become columns.", "entries/transpose/")}
    >>> out = link_symbols(f"<p>{formula}</p></article>", cards)
    >>> '<a class="enclosing formula-link" href="entries/transpose/" data-entry="transpose" tabindex="-1">T</a>' in out
    True
    >>> '<a href="entries/transpose/" data-entry="transpose">Transpose</a>' in out
    True
    >>> 'href' in link_symbols(f"<p>{formula}</p></article>", cards, own="transpose")
    False
    """
    out: list[str] = []
    anchors = 0  # how many <a> are open around the current point
    stack: list[str] | None = None  # inside a formula (KaTeX's well-formed HTML): its closing tags
    linked: list[str] = []  # entries linked in the current formula
    used: dict[str, None] = {}
    pos = 0
    for m in _TAG.finditer(page):
        if m.start() < pos:  # inside a skipped script or style
            continue
        out.append(page[pos : m.start()])
        pos = m.end()
        closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
        if stack is None:  # outside formulas only links and the start of a formula matter
            if name in ("script", "style") and not closing:
                end = page.find(f"</{name}>", pos)
                end = len(page) if end < 0 else end
                out.append(m.group(0) + page[pos:end])
                pos = end
                continue
            if name == "a":
                anchors += -1 if closing else 1
            elif name == "span" and not closing and re.search(r'\bclass="katex"', attrs):
                stack, linked = ["</span>"], []
            out.append(m.group(0))
            continue
        if name in _VOID or attrs.endswith("/"):
            out.append(m.group(0))
            continue
        if closing:
            out.append(stack.pop())
            if not stack:
                if linked:
                    out.append(_symbol_list(linked, cards, url))
                    used.update(dict.fromkeys(linked))
                stack = None
            continue
        mark = _MARK.match(attrs)
        if name == "span" and mark:
            classes, entry, claims = mark.group(1), mark.group(2), mark.group(3).split("|")
            if anchors or "</a>" in stack or (own is not None and own in claims) or entry not in cards:
                out.append(f'<span class="{classes}">')
                stack.append("</span>")
            else:
                href = html.escape(url(cards[entry].url), quote=True)
                out.append(f'<a class="{classes} formula-link" href="{href}" data-entry="{entry}" tabindex="-1">')
                stack.append("</a>")
                if entry not in linked:
                    linked.append(entry)
            continue
        stack.append(f"</{name}>")
        out.append(m.group(0))
    out.append(page[pos:])
    result = "".join(out)
    if not used:
        return result
    data = {i: {"name": cards[i].name, "read": cards[i].read, "summary": cards[i].summary} for i in used}
    # data in an attribute, not a script element: Material's instant navigation re-runs the
    # scripts of a page it swaps in, whatever their type
    cards_json = html.escape(json.dumps(data, ensure_ascii=False, sort_keys=True), quote=True)
    return result.replace("</article>", f'<div id="{CARDS_ID}" hidden data-cards="{cards_json}"></div></article>', 1)


def _symbol_list(linked: list[str], cards: Mapping[str, Card], url: Callable[[str], str]) -> str:
    items = ", ".join(
        f'<a href="{html.escape(url(cards[i].url), quote=True)}" data-entry="{i}">{html.escape(cards[i].name)}</a>' for i in linked
    )
    return f'<span class="formula-symbols"><span class="formula-symbols__label">Symbols in this formula:</span> {items}</span>'
