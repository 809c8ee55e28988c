"""The search index Material's search plugin writes, finished by the build: each entry's
section gets its ``keys`` and ``uses`` fields (``notation_site.search.keys``), and loses the
folded source of its worked example.
"""

from __future__ import annotations

import html
import re
from typing import Any

from notation_site.model.catalog import Catalog, Entry
from notation_site.model.paths import entry_location
from notation_site.search.keys import search_field, search_keys, search_uses

_MATH = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.S)


def math_in(text: str) -> list[str]:
    r"""TeX of each ``\(...\)`` and ``\[...\]`` formula in index text, as the browser sees it.

    >>> math_in(r"<p>a \(x &lt; 1\) and \[ y \]</p>")
    ['x < 1', 'y']
    """
    return [normalize_tex(html.unescape(a or b)) for a, b in _MATH.findall(text)]


def normalize_tex(tex: str) -> str:
    return re.sub(r"\s+", " ", tex).strip()


def entry_sections(catalog: Catalog) -> dict[str, Entry]:
    """Search locations of every placed entry: its own page, ``entries/softmax/``, whose
    first section (the entry's title) Material indexes under the page's URL."""
    return {entry_location(entry.id): entry for entry in catalog.placed()}


_EXAMPLE_SOURCE = re.compile(r"\s*Code: <code>snippets/[^<]*</code>\s*<pre><code>.*?</code></pre>", re.DOTALL)


def add_keys(index: dict[str, Any], catalog: Catalog) -> int:
    """Give each entry's section in ``index`` its ``keys`` and ``uses`` fields.

    The folded source of each worked example leaves the text of every section, an
    entry's or a plain page's (the Conventions page has examples too): a snippet's
    imports and helper calls are not what a reader searches for, and they would match
    API names the entry's ``code`` field and aliases already stand for.
    """
    sections = entry_sections(catalog)
    found = 0
    for doc in index["docs"]:
        doc["text"] = _EXAMPLE_SOURCE.sub("", doc["text"])
        entry = sections.get(doc["location"])
        if entry is not None:
            doc["keys"] = search_field(search_keys(entry))
            doc["uses"] = search_field(search_uses(entry), formula=True)
            found += 1
    return found

