"""How the formula reader reads a formula, in the terminal: ``make read TEX='...'`` (``ID=<id>``
reads it as on that entry's page).

Each piece is printed with its candidates, best first, and the parts of each score (declared,
context, shape, about, topic, home; see ``output/reader/score.js``), then the read-aloud line and
the links the build would put on the formula. A contributor uses it to see what a new entry's
``contexts`` change. Exit status 1 when the reader refuses the formula.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from notation_site.model.catalog import load
from notation_site.output.reading import reader_data, run_reader
from notation_site.validate import katex_macros

PARTS = ("declared", "context", "shape", "about", "topic", "home")


def explain(root: Path, tex: str, home: str | None = None) -> dict:
    """The reader's account of ``tex`` (see ``reader/index.js``: ``explain``).

    >>> out = explain(Path(__file__).resolve().parents[2], r"\\sigma(x)")
    >>> [c["id"] for c in out["pieces"][0]["scored"]][:1]
    ['sigmoid']
    """
    catalog = load(root)
    if home is not None and home not in catalog.entries:
        raise SystemExit(f"make read: there is no entry '{home}' (ID= takes an entry id)")
    data = reader_data(catalog, catalog.url, katex_macros(root), None)
    return run_reader(root, data, [{"op": "explain", "tex": tex, "home": home}])[0]


def describe(out: dict, tex: str) -> str:
    """``explain``'s answer as lines of text."""
    if "error" in out or "crash" in out:
        return f"error: {out.get('error') or out.get('crash')}"
    lines = [f"TeX:    {out['tex']}", f"speech: {out['speech']}", ""]
    for p in out["pieces"]:
        verdict = "sure" if p["sure"] else "could be" if p["scored"] else "not on the site yet"
        lines.append(f"{p['text']}  [{p['key']}]  {verdict}")
        for c in p["scored"][:5]:
            parts = "  ".join(f"{k} {c.get(k, 0):.2f}" for k in PARTS if c.get(k))
            lines.append(f"    {c['id']:<28} {c['score']:6.2f}   {parts}")
    lines.append("")
    links = out["links"]
    lines.append("links:  " + (", ".join(f"{out['tex'][s['start']:s['end']]} -> {s['id']}" for s in links) if links else "none"))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make read", description=__doc__.splitlines()[0])
    parser.add_argument("tex", help="the formula, in TeX or pasted Unicode")
    parser.add_argument("--home", default=None, help="read it as on this entry's page")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[2]
    out = explain(root, args.tex, args.home or None)
    print(describe(out, args.tex))
    return 1 if "error" in out or "crash" in out else 0


if __name__ == "__main__":
    sys.exit(main())
