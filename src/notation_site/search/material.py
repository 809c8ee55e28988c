"""Everything the search customisation takes from Material for MkDocs' internals, in one place.

Written against **mkdocs-material 9.8.2** (``requirements.lock``). Material does not document
these as an API, so an upgrade can change any of them; ``tests/site/test_material.py`` fails
when the installed Material differs from what is recorded here, and the browser tests
(``tests/site/test_search.py``) pin the behaviour. The parts:

1. **The search plugin's configuration and index** (``search/search_index.json``): the
   build adds the fields ``keys`` and ``uses`` to its ``docs`` (``notation_site.search.index``)
   and needs the configuration :func:`check_config` checks.
2. **A copied partial**, ``overrides/partials/search.html``: Material's
   ``partials/search.html`` (``UPSTREAM_PARTIAL``, whose SHA-256 is ``UPSTREAM_PARTIAL_SHA256``)
   with one change, an ``aria-label`` on the search dialog.
3. **The worker protocol**, in ``docs/javascripts/notation-search.js``: the query is
   rewritten on its way to Material's search worker, which Material drives with ``{type,
   data}`` messages (``WORKER_MESSAGES``), and an ``input`` event is passed on as the
   ``keyup`` Material listens to.
4. **The index request**, in ``docs/javascripts/head.js`` (loaded by ``overrides/main.html``):
   Material fetches the index with an ``XMLHttpRequest`` to ``search/search_index.json`` as
   it starts; that one request is held until the reader reaches for search.

>>> check_config({"fields": {"keys": {}, "uses": {}}, "separator": SEPARATOR, "pipeline": ["stopWordFilter"]})
[]
"""

from __future__ import annotations

from typing import Any

from notation_site.search.tokens import SEPARATOR

MATERIAL_VERSION = "9.8.2"
"""The mkdocs-material release this module (and the files it names) was written against."""

OVERRIDE = "overrides/partials/search.html"
"""Our copy of the partial, relative to the repository root."""
UPSTREAM_PARTIAL = "templates/partials/search.html"
"""The partial it was copied from, relative to the installed ``material`` package."""
UPSTREAM_PARTIAL_SHA256 = "bfd556535abcddb99396ab2a7e3acc2ebcd3f36756007d3969396caa4126be30"

WORKER_MESSAGES = {"SETUP": 0, "READY": 1, "QUERY": 2, "RESULT": 3}
"""Material's ``SearchMessageType``: the ``type`` of each message to and from its worker."""

INDEX_REQUEST = "search/search_index.json"
"""The URL (relative to the site) of the request ``docs/javascripts/head.js`` holds back."""


def check_config(config: dict[str, Any]) -> list[str]:
    """Problems with the search plugin's configuration (the ``config`` of its index) that would
    make the keys unsearchable."""
    problems = []
    for field in ("keys", "uses"):
        if field not in config.get("fields", {}):
            problems.append(f"plugins.search.fields has no '{field}' entry, so the {field} are not searched")
    if config.get("separator") != SEPARATOR:
        problems.append(f"plugins.search.separator must be {SEPARATOR!r} (notation_site.search.tokens.SEPARATOR)")
    if "trimmer" in config.get("pipeline", []):
        problems.append("plugins.search.pipeline must not hold 'trimmer': it drops glyph tokens")
    return problems
