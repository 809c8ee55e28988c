"""Every path and pattern the site machinery shares: where things live, how they are marked.

Paths are relative to the repository root. A pattern is written here once and imported
wherever it is read, so the validator, the page builder and the plugin cannot disagree on
what an include line, an id or a formula looks like.

>>> SNIPPET_INCLUDE.findall('Text\\n--8<-- "snippets/a.py"\\n')
['snippets/a.py']
>>> include_line("snippets/a.py")
'--8<-- "snippets/a.py"'
>>> example_placeholder("snippets/a.py"), EXAMPLE_PLACEHOLDER.findall("<!-- example snippets/a.py -->")
('<!-- example snippets/a.py -->', ['snippets/a.py'])
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from notation_site.model.schema import ID_PATTERN  # noqa: F401  (shared from here too)

# -- the sources ---------------------------------------------------------------------
DOCS_DIR = Path("docs")
"""Topic pages (``docs/<topic>.md``) and every other page of the site."""
ENTRIES_DIR = Path("docs/entries")
"""One file per entry, ``docs/entries/<id>.md``."""
SNIPPETS_DIR = Path("snippets")
"""The worked examples, ``snippets/<name>.py``."""
SNIPPET_TESTS_DIR = Path("tests/snippets")
"""The tests of the worked examples, one module per topic page."""
TEXTBOOKS = Path("data/textbooks.yml")
"""The textbooks' notation pages, item by item, each with the entry that explains it."""
KATEX_PACKAGE = Path("node_modules/katex")
"""KaTeX as ``npm ci`` installs it from ``package-lock.json``."""

# -- what the sources contain ----------------------------------------------------------
# ID_PATTERN, an entry id, is stated once, in the entry schema (imported above).
SNIPPET_INCLUDE = re.compile(r'^--8<--\s+"(snippets/[^"]+)"\s*$', re.MULTILINE)
"""A line that includes a worked example (pymdownx.snippets syntax)."""


def include_line(snippet: str) -> str:
    """The line that includes ``snippet`` as its author writes it."""
    return f'--8<-- "{snippet}"'


# -- what the build writes into pages ---------------------------------------------------
EXAMPLE_PLACEHOLDER = re.compile(r"<!-- example (snippets/\S+) -->")
"""Where an example's output goes; the plugin fills it when it writes the page."""


def example_placeholder(snippet: str) -> str:
    """The placeholder ``EXAMPLE_PLACEHOLDER`` recognises."""
    return f"<!-- example {snippet} -->"


ARITHMATEX = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.DOTALL)
"""A formula as pymdownx.arithmatex (generic mode) and ``notation.render`` mark it up:
group 1 is ``span`` (inline) or ``div`` (display), group 2 the escaped TeX with its
``\\(...\\)`` or ``\\[...\\]`` delimiters."""


def arithmatex_tex(inner: str) -> str:
    """The TeX of an ``ARITHMATEX`` match's group 2: unescaped, delimiters dropped.

    >>> arithmatex_tex("\\\\(x &lt; 1\\\\)"), arithmatex_tex(" \\\\[ y \\\\] ")
    ('x < 1', 'y')
    """
    raw = html.unescape(inner).strip()
    return raw[2:-2].strip() if raw[:2] in ("\\(", "\\[") else raw


# -- what the build writes into the site -------------------------------------------------
KATEX_ASSETS = "assets/katex"
"""KaTeX's stylesheet, licence and the font subsets, in the built site."""
ENTRY_PAGES = "entries"
"""The folder of the generated entry pages: entry ``id`` is the page ``entries/<id>.md`` (a
virtual file, written by the plugin), published at ``entries/<id>/``. Its URL depends only on
the id, never on the topic that lists it."""


def entry_page(entry_id: str) -> str:
    """The generated page of an entry, relative to ``docs/`` (as MkDocs names pages).

    >>> entry_page("softmax")
    'entries/softmax.md'
    """
    return f"{ENTRY_PAGES}/{entry_id}.md"


def entry_location(entry_id: str) -> str:
    """The entry page's URL relative to the site root (its search location).

    >>> entry_location("softmax")
    'entries/softmax/'
    """
    return f"{ENTRY_PAGES}/{entry_id}/"


SEARCH_DATA = "assets/javascripts/notation-search-data.js"
"""The tables the browser's search needs (``notation_site.search.client``)."""
SEARCH_FOLDER = "search"
"""Material's search index (``search_index.json``) and the build's ``results.json``."""
PLOT_CACHE = "plots"
FONT_CACHE = "fonts"
"""Sub-folders of the plugin's ``cache_dir``: drawn plots and font subsets."""
PLOT_CACHE_ENV = "NOTATION_PLOT_CACHE"
"""The variable ``notation.render`` reads its plot cache folder from."""
