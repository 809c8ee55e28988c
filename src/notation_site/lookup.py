"""Look notation up from the terminal: ``python -m notation_site.lookup ⊙`` (``make lookup Q=⊙``).

The query may be a glyph, a name, an alias, a LaTeX command or an API name such as
``torch.softmax``; it is matched against each entry's search keys the way the site's search
box matches it (``notation_site.search.match``). The matching entries are printed best
first: id, name, symbol, how to read it, summary, code and address. ``--json`` prints them
as the records of the site's ``entries.json`` instead. Exit status 1 when nothing matches.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
from pathlib import Path
from urllib.parse import urljoin

from notation_site.model.catalog import Catalog, load
from notation_site.output.dataset import entry_record, entry_url
from notation_site.search.keys import search_field, search_keys, search_uses
from notation_site.search.match import Match, rank, title_field
from notation_site.search.tokens import compound


def _forms(text: str) -> set[str]:
    """The compound token of ``text`` and its loose form, unless that is a bare letter (as the
    site's search has them: 𝖷 and 𝔼 are not any x and e)."""
    strict, loose = compound(text), compound(text, nfkc=True)
    return {strict} if re.fullmatch("[a-z0-9]", loose) else {strict, loose}


def find(catalog: Catalog, query: str) -> list[Match]:
    """Every placed entry matching ``query``, best first: first the entries that name the
    query itself most often in their name, id, aliases, LaTeX commands and glyphs (``⊙`` is
    the Hadamard entry's glyph, an alias and, as ``\\odot``, its command), then by the
    search score."""
    placed = {e.id: e for e in catalog.ordered()}
    keys = {eid: search_keys(e) for eid, e in placed.items()}
    fields = {
        eid: {"title": title_field(e.name), "keys": search_field(keys[eid]), "uses": search_field(search_uses(e), formula=True)}
        for eid, e in placed.items()
    }
    wanted = _forms(query.strip())
    named = {eid: [e.name, e.id, *e.aliases, *e.latex_commands, *e.unicode] for eid, e in placed.items()}
    exact = {eid: sum(bool(_forms(k) & wanted) for k in ks) for eid, ks in named.items()}
    return sorted(rank(query, fields, placed), key=lambda m: -exact[m.entry.id])


def describe(match: Match, catalog: Catalog, base: str) -> str:
    """One match as a few labelled lines."""
    e = match.entry
    url = entry_url(catalog, e.id)
    rows = [
        ("symbol", e.symbol),
        ("read aloud", e.read_aloud),
        ("summary", e.summary),
        ("numpy", e.code.get("numpy", "")),
        ("pytorch", e.code.get("pytorch", "")),
        ("url", urljoin(base, url) if base else url),
    ]
    lines = [f"{e.id}: {e.name}"]
    for label, value in rows:
        text = " ".join(value.split())
        wrapped = textwrap.wrap(text, width=96, subsequent_indent=" " * 14) or [""]
        lines.append(f"  {label + ':':<11} {wrapped[0]}")
        lines += [line for line in wrapped[1:]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m notation_site.lookup",
        description="Find notation by glyph, name, LaTeX command or API name (e.g. ⊙, softmax, \\odot, torch.softmax).",
    )
    parser.add_argument("query", nargs="+", help="what to look up (several words are one query)")
    parser.add_argument("-n", "--limit", type=int, default=5, help="how many matches to show (default 5; 0 for all)")
    parser.add_argument("--json", action="store_true", help="print the matches as entries.json records")
    parser.add_argument("--base", default="", help="the site's address, to print full URLs (e.g. https://example.org/notation/)")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository (default: the current folder)")
    args = parser.parse_args(argv)
    query = " ".join(args.query)
    catalog = load(args.root)
    if not catalog.entries:
        print(f"lookup: no entries under {args.root / 'docs/entries'}; run it from the repository or pass --root", file=sys.stderr)
        return 2
    matches = find(catalog, query)
    if not matches:
        print(f"lookup: nothing matches {query!r}; try a name, a glyph (⊙), a LaTeX command (\\odot) or an API name (torch.softmax)", file=sys.stderr)
        return 1
    shown = matches[: args.limit] if args.limit > 0 else matches
    if args.json:
        print(json.dumps([entry_record(m.entry, catalog) for m in shown], ensure_ascii=False, indent=2, sort_keys=True))
        return 0
    print("\n\n".join(describe(m, catalog, args.base) for m in shown))
    if len(shown) < len(matches):
        print(f"\n({len(matches) - len(shown)} more: -n 0 shows all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
