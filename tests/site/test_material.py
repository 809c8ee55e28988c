"""The search customisation's assumptions about Material's internals
(``notation_site.search.material``) still hold for the installed Material: a change upstream
fails here, naming what to re-check, before it breaks search in a browser."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import material

from conftest import ROOT
from notation_site.search import material as ours

INSTALLED = Path(material.__file__).parent


def test_the_lock_pins_the_material_the_customisation_was_written_against():
    lock = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    assert f"mkdocs-material=={ours.MATERIAL_VERSION} " in lock


def test_the_copied_partial_is_unchanged_upstream():
    upstream = (INSTALLED / ours.UPSTREAM_PARTIAL).read_bytes()
    assert hashlib.sha256(upstream).hexdigest() == ours.UPSTREAM_PARTIAL_SHA256, (
        f"Material's {ours.UPSTREAM_PARTIAL} changed: copy it again into {ours.OVERRIDE}, keep the "
        "one change (aria-label on the dialog), and record the new hash in notation_site/search/material.py"
    )


def test_the_override_is_the_upstream_partial_with_one_change():
    upstream = (INSTALLED / ours.UPSTREAM_PARTIAL).read_text(encoding="utf-8")
    override = (ROOT / ours.OVERRIDE).read_text(encoding="utf-8")

    def body(template: str) -> str:  # without the leading {#- ... -#} comment
        return re.sub(r"^\{#-.*?-#\}\n", "", template, count=1, flags=re.S)

    dialog = '<div class="md-search" data-md-component="search" role="dialog"'
    expected = body(upstream).replace(dialog, dialog + " aria-label=\"{{ lang.t('search') }}\"", 1)
    assert body(override) == expected


def test_the_worker_message_types_match_the_script():
    script = (ROOT / "docs/javascripts/notation-search.js").read_text(encoding="utf-8")
    declared = dict(re.findall(r"\b(SETUP|READY|QUERY|RESULT) = (\d+)", script))
    assert {k: int(v) for k, v in declared.items()} == ours.WORKER_MESSAGES


def test_the_held_request_is_the_index_the_search_plugin_writes():
    script = (ROOT / "docs/javascripts/head.js").read_text(encoding="utf-8")
    assert ours.INDEX_REQUEST.replace("/", "\\/").replace(".", "\\.") in script  # as the script's regex writes it
    assert "javascripts/head.js" in (ROOT / "overrides/main.html").read_text(encoding="utf-8")
