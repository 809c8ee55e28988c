"""Pages and tables generated from entry data; nobody edits them by hand.

A page asks for a view with a line ``<!-- view: NAME -->``; the plugin replaces it with
the Markdown that ``VIEWS[NAME](catalog, page)`` returns.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from notation.render import math as inline_math
from notation_site.model.catalog import Catalog, Entry
from notation_site.model.textbooks import load_textbooks
from notation_site.output.markup import copy_button, inline_markdown, md_text
from notation_site.search.keys import filter_text
from notation_site.tex.glyphs import code_points, letter_order, letter_tex
from notation_site.tex.text import short_tex

View = Callable[[Catalog, str], str]
VIEWS: dict[str, View] = {}
VIEW_MARKER = re.compile(r"^<!-- view: ([a-z0-9-]+) -->$", re.MULTILINE)


def view(name: str) -> Callable[[View], View]:
    """Register a generated view under ``name``."""

    def register(fn: View) -> View:
        VIEWS[name] = fn
        return fn

    return register


class UnknownView(KeyError):
    pass


def expand_views(markdown: str, catalog: Catalog, page: str) -> str:
    """Replace every ``<!-- view: NAME -->`` line with the generated Markdown."""

    def repl(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in VIEWS:
            raise UnknownView(f"unknown view '{name}'; known views: {', '.join(sorted(VIEWS))}")
        return VIEWS[name](catalog, page)

    return VIEW_MARKER.sub(repl, markdown)


@view("topics")
def topics_view(catalog: Catalog, page: str) -> str:
    """A list of topic pages with their description and entries, for the home page."""
    lines = []
    for topic in catalog.topics:
        entries = catalog.topic_entries(topic)
        names = ", ".join(f"[{e.name}]({catalog.url(e.id, page)})" for e in entries)
        lines.append(f"- **[{topic.title}]({topic.page})** ({len(entries)}): {topic.description}")
        if names:
            lines.append(f"  <br>{names}")
    return "\n".join(lines)


@view("overloaded-letters")
def overloaded_letters_view(catalog: Catalog, page: str) -> str:
    """A table of every meaning that entries give a letter or symbol (``letters:``).

    Each entry declares the meaning it gives a letter in its own front matter, as
    ``letters: {σ: sigmoid}`` (a list of strings for several meanings). Entries that
    declare the same words (ignoring case and spacing) share one row, which links them
    all. The ``overloaded-letters`` entry may declare meanings that no other entry
    explains yet: they read "described below" (its prose covers them) until another
    entry declares the same words, which then supplies the wording and the link.
    Linked rows come before unlinked ones; letters nobody declares are left out.
    """
    host = "overloaded-letters"
    # letter -> normalised meaning -> [wording, ids of the entries that declare it]
    rows: dict[str, dict[str, tuple[str, list[str]]]] = {}
    for entry in catalog.ordered():
        for letter, meanings in entry.letters.items():
            for meaning in meanings:
                wording = " ".join(meaning.split())
                key = wording.casefold()
                row = rows.setdefault(letter, {}).setdefault(key, (wording, []))
                if entry.id != host and entry.id not in row[1]:
                    if not row[1]:  # the first entry with a page of its own sets the wording
                        row = rows[letter][key] = (wording, row[1])
                    row[1].append(entry.id)
    lines = ["| Letter | Meaning | Explained in |", "| --- | --- | --- |"]
    for letter in sorted(rows, key=letter_order):
        linked = [r for r in rows[letter].values() if r[1]]
        unlinked = [r for r in rows[letter].values() if not r[1]]
        for n, (wording, ids) in enumerate(linked + unlinked):
            where = ", ".join(f"[{catalog.entries[i].name}]({catalog.url(i, page)})" for i in ids)
            cell = f"${letter_tex(letter)}$" if n == 0 else ""
            lines.append(f"| {cell} | {wording.replace('|', chr(92) + '|')} | {where or 'described below'} |")
    return "\n".join(lines)


# -- symbol index and cheat sheet ---------------------------------------------------------

def _topic_titles(catalog: Catalog) -> dict[str, str]:
    return {t.slug: t.title for t in catalog.topics}


def _symbol_cell(entry: Entry) -> str:
    """The entry's glyphs; else its symbol rendered, when short enough for a table cell."""
    if entry.unicode:
        return " ".join(f'<span class="glyph">{html.escape(g)}</span>' for g in entry.unicode)
    tex = short_tex(entry)
    if len(re.sub(r"\\[a-zA-Z]+", "x", re.sub(r"[{}\s]", "", tex))) <= 30:
        return inline_math(tex)
    return '<span class="muted" aria-label="no single glyph">—</span>'


def _sort_key(entry: Entry) -> str:
    return re.sub(r"^(a|an|the) ", "", entry.name.casefold())


@view("symbol-index")
def symbol_index_view(catalog: Catalog, page: str) -> str:
    """Every entry in one filterable table: glyph, name, reading, LaTeX, code point, code."""
    titles = _topic_titles(catalog)
    entries = sorted(catalog.ordered(), key=_sort_key)
    rows = []
    for e in entries:
        latex = e.latex_commands or [short_tex(e)]
        latex_html = "<br>".join(
            f'<span class="copyable"><code>{html.escape(c)}</code>{copy_button(c, "LaTeX")}</span>' for c in latex
        )
        points = "<br>".join(
            f'<span class="copyable"><code>{code_points(g)}</code>'
            f'{copy_button(g, "glyph")}</span>'
            for g in e.unicode
        ) or '<span class="muted">none</span>'
        code = e.code
        code_html = (
            f'<span class="code-label">NumPy</span><code>{html.escape(code.get("numpy", ""))}</code>'
            f'<span class="code-label">PyTorch</span><code>{html.escape(code.get("pytorch", ""))}</code>'
        )
        topic = titles.get(e.topic or "", "")
        filter_attr = html.escape(filter_text(e, topic), quote=True)
        rows += [
            f'<tr id="si-{e.id}" data-filter="{filter_attr}" markdown="1">',
            f'<td class="si-glyph">{_symbol_cell(e)}</td>',
            f'<td class="si-name">{html.escape(e.name)}</td>',
            f'<td class="si-read">{html.escape(e.read_aloud)}</td>',
            f'<td class="si-latex">{latex_html}</td>',
            f'<td class="si-unicode">{points}</td>',
            f'<td class="si-code">{code_html}</td>',
            f'<td class="si-entry" markdown="span">[{md_text(topic or e.name)}]({catalog.url(e.id, page)})</td>',
            "</tr>",
        ]
    n = len(entries)
    return "\n".join(
        [
            '<div class="symbol-filter" hidden markdown="0">',
            '<label for="symbol-filter-input">Filter the symbols</label>',
            '<input id="symbol-filter-input" type="search" autocomplete="off" spellcheck="false" '
            'aria-controls="symbol-table" aria-describedby="symbol-filter-hint" '
            'placeholder="a name, ⊙, \\odot, U+2299, torch.mul …">',
            '<p id="symbol-filter-hint" class="symbol-filter__hint">Matches any column: glyph, name, '
            "reading, LaTeX command, code point, NumPy or PyTorch name, and other names.</p>",
            f'<p id="symbol-filter-status" class="symbol-filter__status" role="status" aria-live="polite">{n} symbols</p>',
            "</div>",
            "",
            '<div class="symbol-table-wrap" markdown="1">',
            '<table id="symbol-table" class="symbol-table" markdown="1">',
            "<colgroup>"
            + "".join(f'<col class="si-{c}">' for c in ("glyph", "name", "read", "latex", "unicode", "code", "entry"))
            + "</colgroup>",
            "<thead><tr>"
            '<th scope="col">Glyph</th><th scope="col">Name</th><th scope="col">Read aloud</th>'
            '<th scope="col">LaTeX</th><th scope="col">Unicode</th><th scope="col">NumPy / PyTorch</th>'
            '<th scope="col">Entry</th></tr></thead>',
            '<tbody markdown="1">',
            *rows,
            "</tbody>",
            "</table>",
            "</div>",
            "",
            '<p class="symbol-filter__empty" hidden>No symbol matches this filter.</p>',
        ]
    )


@view("cheat-sheet")
def cheat_sheet_view(catalog: Catalog, page: str) -> str:
    """Every entry on one printable page, by topic: symbol, name and meaning, one line each."""
    out = []
    for topic in catalog.topics:
        entries = catalog.topic_entries(topic)
        if not entries:
            continue
        out += [
            f"## {topic.title}",
            "",
            '<table class="cheat-sheet" markdown="1">',
            '<colgroup><col class="cs-symbol"><col class="cs-name"><col class="cs-meaning"></colgroup>',
            '<tbody markdown="1">',
        ]
        for e in entries:
            out += [
                '<tr markdown="1">',
                f'<td class="cs-symbol">{inline_math(short_tex(e))}</td>',
                f'<td class="cs-name" markdown="span">[{md_text(e.name)}]({catalog.url(e.id, page)})</td>',
                f'<td class="cs-meaning">{inline_markdown(e.summary)}</td>',
                "</tr>",
            ]
        out += ["</tbody>", "</table>", ""]
    return "\n".join(out)


# -- the textbooks' notation pages ----------------------------------------------------------


@view("textbooks")
def textbooks_view(catalog: Catalog, page: str) -> str:
    """Both textbooks' notation pages item by item (``data/textbooks.yml``), each item linked
    to the entry that explains it; a pending entry is named without a link."""
    books = load_textbooks(catalog.root)
    out = []
    for book in books:
        items = book.items
        linked = sum(1 for i in items if i.entry in catalog.entries and not i.pending)
        out += [
            f'## {md_text(book.title)} {{#{book.id}}}',
            "",
            f"{md_text(book.authors)} ({book.year}), [“Notation”]({book.url}). {md_text(book.source)}",
            "",
            f"{len(items)} items; {linked} link to an entry of this site.",
            "",
        ]
        for section in book.sections:
            out += [
                f"### {md_text(section.name)}",
                "",
                '<div class="textbook-table-wrap" markdown="1">',
                '<table class="textbook-items" markdown="1">',
                '<colgroup><col class="tb-tex"><col class="tb-says"><col class="tb-entry"><col class="tb-note"></colgroup>',
                '<thead><tr><th scope="col">As the book writes it</th><th scope="col">Meaning</th>'
                '<th scope="col">Explained in</th><th scope="col">Where this site differs</th></tr></thead>',
                '<tbody markdown="1">',
            ]
            for item in section.items:
                tex_cell = (
                    f'<span class="copyable">{inline_math(item.tex)}{copy_button(item.tex, "LaTeX")}</span>'
                )
                if item.scope:
                    where = f'<td class="tb-entry"><span class="muted">not covered: {html.escape(item.scope)}</span></td>'
                elif item.pending or item.entry not in catalog.entries:
                    where = f'<td class="tb-entry">{html.escape(item.entry or "")} <span class="muted">(entry being written)</span></td>'
                else:
                    entry = catalog.entries[item.entry]
                    where = f'<td class="tb-entry" markdown="span">[{md_text(entry.name)}]({catalog.url(entry.id, page)})</td>'
                out += [
                    '<tr markdown="1">',
                    f'<td class="tb-tex">{tex_cell}</td>',
                    f'<td class="tb-says">{inline_markdown(item.says)}</td>',
                    where,
                    f'<td class="tb-note">{inline_markdown(item.note) if item.note else ""}</td>',
                    "</tr>",
                ]
            out += ["</tbody>", "</table>", "</div>", ""]
    return "\n".join(out)
