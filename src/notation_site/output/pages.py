"""Turn catalog entries into Markdown: each entry's own page, and its row on its topic page.

Everything here works on Markdown text before MkDocs converts it: the entry card,
executed examples, links written as ``#id``, the topic overview, and generated views.
Every link to an entry goes through ``Catalog.url``.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from notation_site.model.catalog import Catalog, Entry, Topic
from notation_site.model.paths import SNIPPET_INCLUDE, example_placeholder, include_line
from notation_site.output.markup import copy_button, md_text
from notation_site.tex.glyphs import code_points
from notation_site.tex.text import short_tex, tex_to_text

_LINK_TO_ID = re.compile(r"\]\(#([a-z0-9]+(?:-[a-z0-9]+)*)\)")


def _tag_safe(tex: str) -> str:
    """TeX with ``<`` and ``>`` spelled ``\\lt`` and ``\\gt``, so that the HTML parser that reads
    the card's ``markdown`` blocks cannot take ``w_{<t}`` for the start of a ``<t>`` tag.

    >>> "<" in _tag_safe("w_{<t}"), _tag_safe("a > b").split()[1]
    (False, '\\\\gt')
    """
    return tex.replace("<", "\\lt ").replace(">", "\\gt ")


def _html_safe_math(markdown: str) -> str:
    """``_tag_safe`` applied to each ``$...$`` formula of a Markdown string."""
    return re.sub(r"\$[^$]+\$", lambda m: _tag_safe(m.group(0)), markdown)


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


@dataclass(frozen=True)
class Repository:
    """Where the site's sources live, for the links under each entry.

    Plain links to GitHub's web pages: unlike Material's ``repo_url`` (which fetches the
    star and fork counts from api.github.com on every page view), they make no request.

    >>> repo = Repository("https://github.com/o/r/", "main")
    >>> repo.edit_url("docs/entries/softmax.md")
    'https://github.com/o/r/edit/main/docs/entries/softmax.md'
    >>> repo.report_url("softmax")
    'https://github.com/o/r/issues/new?template=error-in-entry.yml&entry=softmax&title=Error+in+softmax%3A+'
    """

    url: str
    branch: str = "main"

    def edit_url(self, path: str) -> str:
        return f"{self.url.rstrip('/')}/edit/{self.branch}/{path}"

    def report_url(self, entry_id: str) -> str:
        query = urlencode({"template": "error-in-entry.yml", "entry": entry_id, "title": f"Error in {entry_id}: "})
        return f"{self.url.rstrip('/')}/issues/new?{query}"


def entry_actions(entry: Entry, repo: Repository) -> str:
    """The "Suggest an edit" and "Report a problem with this entry" links of one entry, as a
    Markdown paragraph (raw HTML here would swallow a later ``<t`` such as ``$w_{<t}$``)."""
    edit = repo.edit_url(entry.path.as_posix())
    report = repo.report_url(entry.id)
    return (
        f"[Suggest an edit]({edit}){{ rel=nofollow }} · "
        f"[Report a problem with this entry]({report}){{ rel=nofollow }}\n{{ .entry-actions data-search-exclude }}"
    )


def plain_text(markdown: str) -> str:
    """One line of an entry's Markdown (its summary) as plain text, for ``<meta name=description>``.

    >>> plain_text("A distribution over $n$ classes; see [softmax](#softmax) and `np.exp`.")
    'A distribution over n classes; see softmax and np.exp.'
    """
    text = re.sub(r"\$([^$]+)\$", lambda m: tex_to_text(m.group(1)), markdown)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(re.sub(r"[`*]", "", text).split())


def entry_page_source(entry: Entry) -> str:
    """The source MkDocs reads for an entry's page: front matter only (title and description);
    the plugin writes the page's Markdown from the entry (``entry_markdown``). Both are escaped
    here: Material's template writes ``page.meta.title`` and ``page.meta.description`` into the
    page as they are.

    >>> from notation_site.model.frontmatter import Document
    >>> doc = Document(data={"name": "Set-builder", "summary": 'The bar reads "such that".'})
    >>> print(entry_page_source(Entry(path=Path("docs/entries/x.md"), doc=doc, text="")))
    ---
    title: "Set-builder"
    description: "The bar reads &quot;such that&quot;."
    ---
    <BLANKLINE>
    """
    meta = {"title": html.escape(entry.name, quote=True), "description": html.escape(plain_text(entry.summary), quote=True)}
    return "---\n" + "".join(f"{k}: {json.dumps(v, ensure_ascii=False)}\n" for k, v in meta.items()) + "---\n"


def _where(entry: Entry, catalog: Catalog, page: str, topic: Topic) -> str:
    """The line under an entry's title: the topic page that lists it, and its position there."""
    siblings = catalog.topic_entries(topic)
    n = next(i for i, e in enumerate(siblings, start=1) if e.id == entry.id)
    return f"In [{md_text(topic.title)}]({_topic_link(topic, page)}) · entry {n} of {len(siblings)}\n{{ .entry-where }}"


def _topic_link(topic: Topic, page: str) -> str:
    return posixpath.relpath(topic.page, posixpath.dirname(page) or ".")


def _pager(entry: Entry, catalog: Catalog, page: str, topic: Topic) -> str:
    """Previous and next entry of the same topic, as a labelled navigation landmark."""
    before, after = catalog.neighbours(entry)
    links = []
    if before is not None:
        links.append(f'[<span class="entry-pager__dir">Previous</span> {md_text(before.name)}]({catalog.url(before.id, page)}){{ rel=prev .entry-pager__prev }}')
    links.append(f'[<span class="entry-pager__dir">All of</span> {md_text(topic.title)}]({_topic_link(topic, page)}){{ .entry-pager__up }}')
    if after is not None:
        links.append(f'[<span class="entry-pager__dir">Next</span> {md_text(after.name)}]({catalog.url(after.id, page)}){{ rel=next .entry-pager__next }}')
    label = html.escape(f"Entries of {topic.title}", quote=True)
    return "\n".join([f'<nav class="entry-pager" aria-label="{label}" data-search-exclude markdown="1">', "", "\n".join(links), "", "</nav>"])


def topic_overview(topic: Topic, catalog: Catalog, page: str) -> str:
    """The entries of a topic page as compact rows: symbol, name (a link to the entry's page),
    how to read it aloud, and its one-line summary. Each row has ``id="<entry id>"``, so a link
    ``<topic>/#<id>`` published when the entry lived on the topic page still lands on it."""
    rows = []
    for e in catalog.topic_entries(topic):
        read = f'<span class="entry-row__read">read “{_esc(e.read_aloud)}”</span>' if e.read_aloud else ""
        rows += [
            f'<li class="entry-row" id="{e.id}" markdown="span">'
            f'<span class="entry-row__symbol">${_tag_safe(short_tex(e))}$</span> '
            f'<span class="entry-row__text">[{md_text(e.name)}]({catalog.url(e.id, page)}){{ .entry-row__name }} '
            f"{read} "
            f'<span class="entry-row__summary">{_html_safe_math(rewrite_links(e.summary, catalog, page))}</span></span>'
            "</li>",
        ]
    if not rows:
        return ""
    return "\n".join(['<ul class="entry-rows" markdown="1">', *rows, "</ul>"])


def entry_markdown(
    entry: Entry, catalog: Catalog, page: str, execute: bool = True, repo: Repository | None = None
) -> str:
    """The full Markdown of an entry's own page ``page`` (``entries/<id>.md``): title, where it
    sits, card, prose, examples, confusions, see-also, and the previous and next entry of its
    topic; with ``repo``, links to edit the entry and to report a problem with it."""
    code = entry.code
    also = [*entry.aliases]
    facts = [
        ("Read aloud", f"<dd>{_esc(entry.read_aloud)}</dd>"),
        ("Shape", f'<dd markdown="span">{_html_safe_math(entry.shape)}</dd>'),
        ("NumPy", f"<dd><code>{_esc(code.get('numpy', ''))}</code></dd>"),
        ("PyTorch", f"<dd><code>{_esc(code.get('pytorch', ''))}</code></dd>"),
    ]
    latex = [f'<span class="copyable"><code>{_esc(c)}</code>{copy_button(c, "LaTeX")}</span>' for c in entry.latex_commands]
    latex.append(copy_button(entry.symbol.strip(), "the LaTeX of the formula", visible="formula"))
    facts.append(("LaTeX", "<dd>" + " ".join(latex) + "</dd>"))
    if entry.unicode:
        points = " ".join(
            f'<span class="copyable"><span class="glyph">{_esc(g)}</span> '
            f'<code>{code_points(g)}</code>{copy_button(g, "glyph")}</span>'
            for g in entry.unicode
        )
        facts.append(("Unicode", f"<dd>{points}</dd>"))
    if also:
        facts.append(("Also called", "<dd>" + " · ".join(_esc(a) for a in also) + "</dd>"))
    fact_html = "\n".join(f"<dt>{k}</dt>\n{v}" for k, v in facts)
    topic = catalog.topic_of(entry)
    parts = [
        f"# {md_text(entry.name)} {{ #{entry.id} .entry-title }}",
        "",
        *([_where(entry, catalog, page, topic), ""] if topic is not None else []),
        entry.summary,
        "{ .entry-summary }",
        "",
        f'<div class="entry-card" data-entry="{entry.id}" markdown>',
        "",
        '<div class="entry-symbol" markdown>',
        "",
        "$$",
        _tag_safe(entry.symbol.strip()),
        "$$",
        "",
        "</div>",
        "",
        '<dl class="entry-facts" markdown>',
        fact_html,
        "</dl>",
        "",
        "</div>",
        "",
        expand_examples(rewrite_links(entry.body.strip(), catalog, page), execute),
        "",
    ]
    if entry.confused_with:
        parts += ["**Often confused with**", "{ .entry-label }", ""]
        for other, why in entry.confused_with.items():
            target = catalog.entries.get(other)
            name = target.name if target else other
            parts.append(f"- [{name}]({_url(catalog, other, page)}): {why}")
        parts.append("")
    if entry.see_also:
        links = " · ".join(
            f"[{catalog.entries[i].name if i in catalog.entries else i}]({_url(catalog, i, page)})"
            for i in entry.see_also
        )
        parts += [f"**See also:** {links}", "{ .entry-see-also }", ""]
    if repo is not None:
        parts += [entry_actions(entry, repo), ""]
    if topic is not None:
        parts += [_pager(entry, catalog, page, topic), ""]
    return "\n".join(parts)


def _url(catalog: Catalog, entry_id: str, page: str) -> str:
    if entry_id in catalog.entries and catalog.entries[entry_id].topic:
        return catalog.url(entry_id, page)
    return f"#{entry_id}"  # left for MkDocs' anchor validation to report


_PAGE_LINK = re.compile(r"\]\((?![a-z][a-z0-9+.-]*:|/|#)([^)\s#]+\.md)(#[^)\s]*)?\)")


def rewrite_links(markdown: str, catalog: Catalog, page: str, written_from: str = "index.md") -> str:
    """Point every link to an entry at the entry's page (``Catalog.url``), wherever it lives.

    ``[text](#id)`` and ``[text](<topic>.md#id)``, where ``id`` is a placed entry, become
    links to the entry's page. Other links to pages (``conventions.md#fonts``), written
    relative to ``written_from`` (entries are written as if they sat in ``docs/``), are made
    relative to ``page``. Ids that are not entries (headings of the same page) are left alone.

    >>> from pathlib import Path
    >>> from notation_site.model.catalog import load
    >>> cat = load(Path(__file__).resolve().parents[3])
    >>> md = "[a](#softmax) [b](conventions.md#fonts) [c](transformer.md#attention) [d](#intro)"
    >>> rewrite_links(md, cat, "entries/temperature.md")
    '[a](softmax.md) [b](../conventions.md#fonts) [c](attention.md) [d](#intro)'
    >>> rewrite_links(md, cat, "index.md")
    '[a](entries/softmax.md) [b](conventions.md#fonts) [c](entries/attention.md) [d](#intro)'
    """

    def placed(entry_id: str) -> bool:
        return entry_id in catalog.entries and bool(catalog.entries[entry_id].topic)

    def to_id(m: re.Match[str]) -> str:
        entry_id = m.group(1)
        return f"]({catalog.url(entry_id, page)})" if placed(entry_id) else m.group(0)

    def to_page(m: re.Match[str]) -> str:
        target, anchor = m.group(1), m.group(2) or ""
        path = posixpath.normpath(posixpath.join(posixpath.dirname(written_from), target))
        entry = catalog.entries.get(anchor[1:])
        topic = catalog.topic_of(entry) if entry is not None else None
        if topic is not None and topic.page == path:  # where the entry was shown before it had a page
            return f"]({catalog.url(entry.id, page)})"
        if posixpath.dirname(written_from) == posixpath.dirname(page):
            return m.group(0)
        return f"]({posixpath.relpath(path, posixpath.dirname(page) or '.')}{anchor})"

    return _LINK_TO_ID.sub(to_id, _PAGE_LINK.sub(to_page, markdown))


def expand_examples(markdown: str, execute: bool = True) -> str:
    """Turn each line ``--8<-- "snippets/x.py"`` into an executed example.

    The example is a placeholder that the plugin fills, when it writes the page, with what
    the snippet printed (HTML), run in a worker process (``notation_site.examples``). Its source follows in a collapsed block. With
    ``execute=False`` only the source is shown.

    >>> print(expand_examples('--8<-- "snippets/a.py"'))  # doctest: +NORMALIZE_WHITESPACE
    <!-- example snippets/a.py -->
    <BLANKLINE>
    ??? example-source "Code: `snippets/a.py`"
    <BLANKLINE>
        ```python
        --8<-- "snippets/a.py"
        ```
    """

    def repl(m: re.Match[str]) -> str:
        path = m.group(1)
        if not execute:
            return f"```python\n{include_line(path)}\n```"
        return "\n".join(
            [
                example_placeholder(path),
                "",
                f'??? example-source "Code: `{path}`"',
                "",
                "    ```python",
                f"    {include_line(path)}",
                "    ```",
            ]
        )

    return SNIPPET_INCLUDE.sub(repl, markdown)


def included_snippets(markdown: str) -> list[str]:
    r"""The snippets a page or entry shows as examples, in order.

    >>> included_snippets('Text\n--8<-- "snippets/a.py"\n--8<-- "snippets/b.py"')
    ['snippets/a.py', 'snippets/b.py']
    """
    return SNIPPET_INCLUDE.findall(markdown)
