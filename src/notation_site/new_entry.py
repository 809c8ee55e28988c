"""Start a new entry: ``make new-entry`` (or ``python -m notation_site.new_entry``).

It takes the id, name, topic and symbol (as arguments, from ``make new-entry ID=... NAME=...
TOPIC=... SYMBOL=...``, or by asking), then writes

- ``docs/entries/<id>.md`` with every required field present and marked TODO,
- ``snippets/<name>.py``, a worked-example stub that runs (``SNIPPET=``; by default the id
  in underscores),
- a test stub at the end of ``tests/snippets/test_<topic>.py``,

lists the id on the topic page (after the entry ``AFTER=`` names, else at the end, and
says where), and prints what to fill in next. ``make rename-snippet OLD=a NEW=b`` renames a
snippet in every place that names it. The validator
(``make check-entries``) rejects every TODO left in, with its file and line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from notation_site.checks.history import published_ids
from notation_site.model.catalog import Catalog, load
from notation_site.model.frontmatter import FrontMatterError, parse
from notation_site.model.paths import DOCS_DIR, ENTRIES_DIR, ID_PATTERN, SNIPPET_TESTS_DIR, SNIPPETS_DIR, entry_location

SNIPPET_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
ENV = {"id": "NEW_ENTRY_ID", "name": "NEW_ENTRY_NAME", "topic": "NEW_ENTRY_TOPIC", "symbol": "NEW_ENTRY_SYMBOL"}
USAGE = (
    "make new-entry ID=kl-divergence NAME='KL divergence' TOPIC=information-theory "
    "SYMBOL='\\mathrm{KL}(P \\,\\Vert\\, Q)'"
)


class NewEntryError(ValueError):
    """Input that cannot become an entry; the message says what to change."""


def _yaml_str(value: str) -> str:
    """A single-quoted YAML scalar: backslashes stay as typed, quotes are doubled."""
    return "'" + value.replace("'", "''") + "'"


def entry_text(entry_id: str, name: str, symbol: str, snippet: str) -> str:
    """The new entry's file: every required field present, the unknown ones marked TODO."""
    return f"""---
id: {entry_id}
name: {_yaml_str(name)}
symbol: {_yaml_str(symbol)}
summary: 'TODO: one sentence saying what it means (the cheat sheet and search show it)'
read_aloud: 'TODO: how to say the symbol aloud, in words'
aliases: ['TODO: other names, spellings and API names, e.g. torch.something']
latex_commands: ['TODO: the commands this entry explains (not ones it only uses, such as \\frac), or delete this line']
unicode: ['TODO: the glyphs of the symbol, or delete this line']
shape: 'TODO: the shape of every object, e.g. $\\mathbf{{x}} \\in \\mathbb{{R}}^{{n}}$'
code:
  numpy: 'TODO: a NumPy one-liner, or "no direct equivalent; ..."'
  pytorch: 'TODO: a PyTorch one-liner, or "no direct equivalent; ..."'
confused_with:
  TODO-other-id: 'TODO: why the two get confused and how to tell them apart'
see_also: [TODO-related-id]
---

TODO: two to five short paragraphs: what it means, the intuition, and the facts a reader
needs. Link to other entries as [Softmax](#softmax). Use bold lead-ins (**Why it matters.**)
rather than headings.

--8<-- "snippets/{snippet}.py"
"""


def snippet_text(entry_id: str) -> str:
    """A worked-example stub that runs and prints, marked TODO."""
    return f'''"""TODO: one line saying what this example of {entry_id} shows."""

import numpy as np

from notation.render import facts

# TODO: compute the example with the library (from notation import ...); never type a result in.
# If the library lacks the function, add it to a module in src/notation/ with a doctest.
x = np.array([1.0, 2.0, 3.0])

print(facts({{"TODO: a label, which may hold $math$": x.sum()}}))
'''


def stub_test_text(snippet: str, has_imports: bool, new_file: bool, topic_title: str) -> str:
    """The test stub; it fails until it is written."""
    header = ""
    if new_file:
        header = f'"""Each snippet of the {topic_title} page prints the facts its entry promises."""\n\n'
    if not has_imports:
        header += "from conftest import run_snippet, visible_text\n"
    return f'''{header}

def test_{snippet}():
    text = visible_text(run_snippet("{snippet}"))
    # TODO: assert the facts the entry promises, against an independent computation.
    assert text, "the example printed nothing"
    raise NotImplementedError("TODO: write the test of snippets/{snippet}.py")
'''


def add_to_topic(page: Path, entry_id: str, after: str | None = None) -> str | None:
    """Add ``entry_id`` to the ``entries:`` list in the front matter of ``page``: right after
    the id ``after``, or at the end. Returns the id it now follows (None if it is first).

    >>> import tempfile
    >>> page = Path(tempfile.mkdtemp()) / "topic.md"
    >>> _ = page.write_text("---\\nentries: [aa, bb]\\n---\\n", encoding="utf-8")
    >>> add_to_topic(page, "cc", after="aa"), page.read_text(encoding="utf-8")
    ('aa', '---\\nentries: [aa, cc, bb]\\n---\\n')
    """
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() == "---"), None)
    start = next((i for i in range(1, end or 0) if lines[i].startswith("entries:")), None)
    if end is None or start is None:
        raise NewEntryError(f"{page} has no 'entries:' list in its front matter; add '{entry_id}' to it by hand")
    flow = re.match(r"^entries:\s*\[(.*)\]\s*$", lines[start].rstrip("\n"))
    if flow:
        items = [i.strip() for i in flow.group(1).split(",") if i.strip()]
        at = items.index(after) + 1 if after in items else len(items)
        items.insert(at, entry_id)
        lines[start] = f"entries: [{', '.join(items)}]\n"
    else:
        last = start
        while last + 1 < end and re.match(r"^\s*-\s", lines[last + 1]):
            last += 1
        indent = re.match(r"^(\s*)-", lines[last]).group(1) if last > start else "  "
        item = re.compile(rf"^\s*-\s+{re.escape(after or '')}\s*$")
        at = next((i for i in range(start + 1, last + 1) if after and item.match(lines[i])), last)
        lines.insert(at + 1, f"{indent}- {entry_id}\n")
    new = "".join(lines)
    try:
        ids = [str(i) for i in parse(new).data.get("entries") or []]
    except FrontMatterError:
        ids = []
    position = ids.index(entry_id) if entry_id in ids else -1
    expected = ids.index(after) + 1 if after in ids else len(ids) - 1
    if position < 0 or position != expected:
        raise NewEntryError(f"could not add '{entry_id}' to the entries: list of {page}; add it by hand")
    page.write_text(new, encoding="utf-8")
    return ids[position - 1] if position > 0 else None


def default_snippet(entry_id: str) -> str:
    """The snippet name ``make new-entry`` proposes: the id, in underscores (a name that says
    what the example is about; ``SNIPPET=`` names what it shows, ``kl_divergence_asymmetry``).

    >>> default_snippet("kl-divergence")
    'kl_divergence'
    """
    return entry_id.replace("-", "_")


def check(
    root: Path, catalog: Catalog, entry_id: str, name: str, topic: str, symbol: str, snippet: str, after: str | None = None
) -> str:
    """Raise NewEntryError unless the input can become an entry; return the topic's page path."""
    if not ID_PATTERN.match(entry_id):
        raise NewEntryError(f"id '{entry_id}' must be lowercase words joined by hyphens, e.g. kl-divergence")
    if entry_id in catalog.entries or (root / ENTRIES_DIR / f"{entry_id}.md").exists():
        raise NewEntryError(f"entry '{entry_id}' already exists: docs/entries/{entry_id}.md")
    published = published_ids(root)
    if not isinstance(published, str) and entry_id in published[2]:
        raise NewEntryError(
            f"'{entry_id}' was an entry on {published[0]}; ids are permanent: restore it with "
            f"git checkout {published[0]} -- docs/entries/{entry_id}.md"
        )
    for other in catalog.entries.values():
        if entry_id in (a.lower() for a in other.aliases):
            print(f"note: '{entry_id}' is an alias of entry '{other.id}'; is this the same concept?", file=sys.stderr)
    if not name.strip() or "$" in name:
        raise NewEntryError("the name is plain text, without $math$, e.g. 'KL divergence'")
    if not symbol.strip():
        raise NewEntryError("the symbol is the LaTeX of the symbol or its defining formula, e.g. '\\odot'")
    slugs = {t.slug: t for t in catalog.topics}
    slug = Path(topic).stem
    if slug not in slugs:
        raise NewEntryError(f"unknown topic '{topic}'; the topics are: {', '.join(slugs)}")
    if after is not None and after not in slugs[slug].entry_ids:
        home = catalog.entries[after].topic if after in catalog.entries else None
        where = f"it is on {home}: TOPIC={home}, or " if home else ""
        raise NewEntryError(
            f"AFTER={after}: '{after}' is not on the topic {slug}; {where}AFTER= one of its entries: "
            + ", ".join(slugs[slug].entry_ids)
        )
    if not SNIPPET_NAME.match(snippet):
        raise NewEntryError(f"snippet name '{snippet}' must be lowercase words joined by underscores, e.g. kl_divergence_asymmetry")
    if re.search(r"(^|_)(example|snippet|demo|test)\d*$", snippet):
        raise NewEntryError(
            f"snippet name '{snippet}' says nothing about the example; name what it shows, e.g. {default_snippet(entry_id)}_asymmetry"
        )
    if (root / SNIPPETS_DIR / f"{snippet}.py").exists():
        raise NewEntryError(f"snippets/{snippet}.py already exists; choose another snippet name (SNIPPET=...)")
    return slugs[slug].page


def create(
    root: Path, entry_id: str, name: str, topic: str, symbol: str, snippet: str | None = None, after: str | None = None
) -> list[Path]:
    """Write the entry, its snippet stub and its test stub; list the id on the topic page,
    right after the entry ``after`` (or at the end).

    Returns the paths written (relative to ``root``).
    """
    root = Path(root)
    catalog = load(root)
    snippet = snippet or default_snippet(entry_id)
    page = check(root, catalog, entry_id, name, topic, symbol, snippet, after)
    slug = Path(page).stem
    topic_title = next(t.title for t in catalog.topics if t.slug == slug)
    entry_path = ENTRIES_DIR / f"{entry_id}.md"
    snippet_path = SNIPPETS_DIR / f"{snippet}.py"
    test_path = SNIPPET_TESTS_DIR / f"test_{slug.replace('-', '_')}.py"
    add_to_topic(root / DOCS_DIR / page, entry_id, after)
    (root / entry_path).write_text(entry_text(entry_id, name.strip(), symbol.strip(), snippet), encoding="utf-8")
    (root / snippet_path).write_text(snippet_text(entry_id), encoding="utf-8")
    test_file = root / test_path
    existing = test_file.read_text(encoding="utf-8") if test_file.exists() else ""
    has_imports = "run_snippet" in existing and "visible_text" in existing
    stub = stub_test_text(snippet, has_imports, not existing, topic_title)
    test_file.parent.mkdir(parents=True, exist_ok=True)
    test_file.write_text(existing.rstrip("\n") + ("\n\n\n" if existing else "") + stub.lstrip("\n"), encoding="utf-8")
    return [entry_path, snippet_path, test_path, DOCS_DIR / page]


def rename_snippet(root: Path, old: str, new: str) -> list[Path]:
    """Rename the snippet ``old`` to ``new`` everywhere it is named: its file, the
    ``--8<--`` lines that include it (entries and pages), and ``run_snippet("old")`` and
    ``test_old`` in the snippet tests. Returns the files changed (relative to ``root``)."""
    root = Path(root)
    source, target = root / SNIPPETS_DIR / f"{old}.py", root / SNIPPETS_DIR / f"{new}.py"
    if not source.is_file():
        raise NewEntryError(f"there is no snippet {SNIPPETS_DIR.as_posix()}/{old}.py")
    if not SNIPPET_NAME.match(new) or target.exists():
        raise NewEntryError(f"'{new}' must be a new name of lowercase words joined by underscores")
    changed = [target.relative_to(root)]
    patterns = [
        (re.compile(rf'(--8<--\s+"{re.escape(SNIPPETS_DIR.as_posix())}/){re.escape(old)}(\.py")'), rf"\g<1>{new}\g<2>"),
        (re.compile(rf'(run_snippet\(["\']){re.escape(old)}(["\'])'), rf"\g<1>{new}\g<2>"),
        (re.compile(rf"\bdef test_{re.escape(old)}\b"), f"def test_{new}"),
    ]
    for path in sorted([*(root / DOCS_DIR).rglob("*.md"), *(root / SNIPPET_TESTS_DIR).glob("*.py")]):
        text = path.read_text(encoding="utf-8")
        new_text = text
        for pattern, replacement in patterns:
            new_text = pattern.sub(replacement, new_text)
        if new_text != text:
            path.write_text(new_text, encoding="utf-8")
            changed.append(path.relative_to(root))
    source.rename(target)
    return changed


def placement(root: Path, page: Path, entry_id: str) -> str:
    """Where ``entry_id`` now is in the ``entries:`` list of ``page``, in words."""
    ids = [str(i) for i in parse((Path(root) / page).read_text(encoding="utf-8")).data.get("entries") or []]
    i = ids.index(entry_id)
    if i == 0:
        return "first"
    return f"after '{ids[i - 1]}'" + (" (the end of the list)" if i == len(ids) - 1 else f", before '{ids[i + 1]}'")


def next_steps(paths: list[Path], entry_id: str, root: Path = Path(".")) -> str:
    entry, snippet, test, page = (p.as_posix() for p in paths)
    name = Path(snippet).stem
    return f"""Created the entry '{entry_id}':
  {entry:<44} the entry: fill in every TODO
  {snippet:<44} its worked example (a stub that runs)
  {test:<44} its test (a stub at the end, which fails until written)
  {page:<44} lists '{entry_id}' under entries: {placement(root, paths[3], entry_id)}
                                               (the page shows its entries in this order)
  To rename the example: make rename-snippet OLD={name} NEW=<what_it_shows>

Next:
  1. Fill in the TODOs: the entry's fields and prose, then the example, which computes its numbers
     with the notation library (never typed in), then the test, which checks them against an
     independent computation. A field that does not apply (unicode, latex_commands): delete it.
  2. make check-entries        lists what is left to do, as file:line: message, with a hint
  3. make serve                preview at http://127.0.0.1:8000/{entry_location(entry_id)}
  4. .venv/bin/python -m pytest -q {test}
  5. make check-entry ID={entry_id}
                               everything this entry touches, with screenshots of its page,
                               before you open the pull request (CI runs the full make test)
CONTRIBUTING.md explains each field, with an annotated example."""


def _ask(label: str, help_text: str) -> str:
    print(f"{label} ({help_text})")
    return input("> ").strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make new-entry", description=__doc__.split("\n\n")[0], usage=USAGE)
    parser.add_argument("--id", dest="entry_id")
    parser.add_argument("--name")
    parser.add_argument("--topic")
    parser.add_argument("--symbol")
    parser.add_argument("--snippet", help="the snippet's name (default: the id in underscores)")
    parser.add_argument("--after", help="the entry the new one follows on its topic page (default: the last)")
    parser.add_argument("--rename-snippet", nargs=2, metavar=("OLD", "NEW"), help="rename a snippet everywhere it is named")
    parser.add_argument("--root", type=Path, default=Path.cwd())
    args = parser.parse_args(argv)
    old_new = args.rename_snippet or [os.environ.get("RENAME_SNIPPET_OLD", ""), os.environ.get("RENAME_SNIPPET_NEW", "")]
    if all(old_new):
        try:
            changed = rename_snippet(args.root, *old_new)
        except NewEntryError as err:
            print(f"make rename-snippet: {err}", file=sys.stderr)
            return 1
        print("Renamed; changed " + ", ".join(p.as_posix() for p in changed))
        return 0
    if any(old_new):
        print("usage: make rename-snippet OLD=old_name NEW=new_name", file=sys.stderr)
        return 2
    values = {
        "id": args.entry_id or os.environ.get(ENV["id"], ""),
        "name": args.name or os.environ.get(ENV["name"], ""),
        "topic": args.topic or os.environ.get(ENV["topic"], ""),
        "symbol": args.symbol or os.environ.get(ENV["symbol"], ""),
    }
    snippet = args.snippet or os.environ.get("NEW_ENTRY_SNIPPET") or None
    after = args.after or os.environ.get("NEW_ENTRY_AFTER") or None
    missing = [k for k, v in values.items() if not v.strip()]
    if missing and sys.stdin.isatty():
        topics = ", ".join(t.slug for t in load(args.root).topics)
        helps = {
            "id": "permanent; lowercase words joined by hyphens, e.g. kl-divergence",
            "name": "plain text, e.g. KL divergence",
            "topic": f"one of: {topics}",
            "symbol": "its LaTeX, e.g. \\mathrm{KL}(P \\,\\Vert\\, Q)",
        }
        for key in missing:
            values[key] = _ask(key.upper(), helps[key])
        slugs = {t.slug: t for t in load(args.root).topics}
        topic = slugs.get(Path(values["topic"].strip()).stem)
        if after is None and topic is not None:
            after = _ask("AFTER", f"the entry it follows on the page, one of: {', '.join(topic.entry_ids)}; Enter for the end") or None
        if snippet is None and values["id"].strip():
            default = default_snippet(values["id"].strip())
            snippet = _ask("SNIPPET", f"the example's file name, saying what it shows; Enter for {default}") or None
        missing = [k for k, v in values.items() if not v.strip()]
    if missing:
        print(f"make new-entry: missing {', '.join(k.upper() for k in missing)}\nusage: {USAGE}", file=sys.stderr)
        return 2
    try:
        paths = create(args.root, values["id"].strip(), values["name"], values["topic"].strip(), values["symbol"], snippet, after)
    except NewEntryError as err:
        print(f"make new-entry: {err}", file=sys.stderr)
        return 1
    print(next_steps(paths, values["id"].strip(), args.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
