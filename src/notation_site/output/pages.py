"""Turn catalog entries into the Markdown of their topic page.

Everything here works on Markdown text before MkDocs converts it: the entry card,
executed examples, links written as ``#id``, and generated views.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from urllib.parse import urlencode

from notation_site.model.catalog import Catalog, Entry
from notation_site.model.paths import SNIPPET_INCLUDE, example_placeholder, include_line
from notation_site.output.markup import copy_button
from notation_site.tex.glyphs import code_points

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


def entry_markdown(
    entry: Entry, catalog: Catalog, page: str, execute: bool = True, repo: Repository | None = None
) -> str:
    """The full Markdown of one entry as it appears on ``page`` (a path under ``docs/``);
    with ``repo``, it ends with links to edit the entry and to report a problem with it."""
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
    parts = [
        f"## {entry.name} {{ #{entry.id} .entry-title }}",
        "",
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
    return "\n".join(parts)


def _url(catalog: Catalog, entry_id: str, page: str) -> str:
    if entry_id in catalog.entries and catalog.entries[entry_id].topic:
        return catalog.url(entry_id, page)
    return f"#{entry_id}"  # left for MkDocs' anchor validation to report


def rewrite_links(markdown: str, catalog: Catalog, page: str) -> str:
    """Point ``[text](#id)`` at the page that shows entry ``id``, wherever it lives.

    Ids that are not entries (headings of the same page) are left alone.
    """

    def repl(m: re.Match[str]) -> str:
        entry_id = m.group(1)
        if entry_id in catalog.entries and catalog.entries[entry_id].topic:
            return f"]({catalog.url(entry_id, page)})"
        return m.group(0)

    return _LINK_TO_ID.sub(repl, markdown)


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
