"""The generated "Letters with several meanings" table lists every declared meaning, linked to its entry."""

import re
import textwrap
from pathlib import Path

from conftest import ROOT

from notation_site.model.catalog import load
from notation_site.validate import validate
from notation_site.output.views import VIEWS, expand_views

VIEW = VIEWS["overloaded-letters"]


def _declared(catalog):
    """(letter, meaning, entry id) for every meaning any placed entry declares."""
    out = []
    for entry in catalog.ordered():
        for letter, meanings in (entry.data.get("letters") or {}).items():
            for meaning in [meanings] if isinstance(meanings, str) else meanings:
                out.append((str(letter), " ".join(str(meaning).split()), entry.id))
    return out


def _rows(markdown):
    """Table rows as (letter or '', meaning, explained-in cell), skipping the header."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in markdown.splitlines()]
    return [tuple(r) for r in rows[2:]]


def test_real_repo_lists_every_declared_meaning_with_a_correct_link():
    catalog = load(ROOT)
    page = catalog.entries["overloaded-letters"].topic + ".md"
    markdown = VIEW(catalog, page)
    rows = _rows(markdown)
    declared = _declared(catalog)
    assert declared, "no entry declares any letters"
    for letter, meaning, entry_id in declared:
        matching = [r for r in rows if r[1].casefold() == meaning.casefold()]
        assert matching, f"{letter}: {meaning!r} (from {entry_id}) is missing"
        where = " ".join(r[2] for r in matching)
        if entry_id == "overloaded-letters":
            continue
        link = f"[{catalog.entries[entry_id].name}]({catalog.url(entry_id, page)})"
        assert link in where, f"{letter}: {meaning!r} does not link {entry_id}"
    # the letter column names each declared letter once: Greek small letters first, then
    # capitals, with ε shown in both of its TeX forms
    letters = [r[0] for r in rows if r[0]]
    assert len(letters) == len(set(letters)) == len({d[0] for d in declared})
    assert letters[0] == "$\\alpha$" and "$\\epsilon, \\varepsilon$" in letters and "$\\vert$" in letters
    assert letters.index("$\\theta$") < letters.index("$\\Sigma$") < letters.index("$B$") < letters.index("$h$")


def test_real_repo_entries_validate_and_the_marker_expands():
    catalog = load(ROOT)
    assert validate(catalog) == []
    body = catalog.entries["overloaded-letters"].body
    assert "<!-- view: overloaded-letters -->" in body
    expanded = expand_views(body, catalog, "reading-notation.md")
    assert "<!-- view:" not in expanded and "| Letter | Meaning | Explained in |" in expanded


def _write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def _entry(entry_id: str, letters: str) -> str:
    """A minimal entry file whose ``letters`` is the YAML flow mapping ``{letters}``."""
    return f"""
    ---
    id: {entry_id}
    name: Entry {entry_id}
    symbol: x
    summary: s.
    read_aloud: x
    aliases: [x]
    shape: x
    code: {{numpy: x, pytorch: x}}
    confused_with: {{other: why}}
    see_also: [other]
    letters: {{{letters}}}
    ---
    body
    """


def test_tiny_catalog_merges_links_and_spans_pages(tmp_path):
    _write(tmp_path, "docs/a.md", "---\ntitle: A\norder: 1\nentries: [overloaded-letters, sig]\n---\n")
    _write(tmp_path, "docs/b.md", "---\ntitle: B\norder: 2\nentries: [act]\n---\n")
    _write(tmp_path, "docs/entries/overloaded-letters.md", _entry("overloaded-letters", "σ: [sigmoid, singular values], β: Adam decay rates"))
    _write(tmp_path, "docs/entries/sig.md", _entry("sig", "σ: Sigmoid"))
    _write(tmp_path, "docs/entries/act.md", _entry("act", "σ: [sigmoid, standard deviation], L: number of layers"))
    catalog = load(tmp_path)
    assert not catalog.load_errors
    markdown = VIEW(catalog, "a.md")
    rows = _rows(markdown)
    # same words (any case) merge into one row that links every declaring entry, on any page
    assert ("$\\sigma$", "Sigmoid", "[Entry sig](entries/sig.md), [Entry act](entries/act.md)") in rows
    assert ("", "standard deviation", "[Entry act](entries/act.md)") in rows
    # meanings only the host declares are unlinked, after the linked ones
    start = [r[0] for r in rows].index("$\\sigma$")
    sigma_rows = rows[start : start + 3]
    assert [r[0] for r in rows].index("$\\beta$") < start  # Greek in alphabetical order
    assert [r[1] for r in sigma_rows] == ["Sigmoid", "standard deviation", "singular values"]
    assert sigma_rows[-1][2] == "described below"
    assert ("$\\beta$", "Adam decay rates", "described below") in rows
    assert ("$L$", "number of layers", "[Entry act](entries/act.md)") in rows
    # every entry has its own page whatever its topic; from a page one folder down, links climb back up
    assert "(../entries/sig.md)" in VIEW(catalog, "sub/c.md")
    assert not re.search(r"\$[NT]\$", markdown)  # letters nobody declares are left out
