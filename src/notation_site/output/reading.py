"""The "Read a formula" page (``read/``): the data its recogniser reads, generated from the
entries, and the assets it loads (KaTeX's script and full fonts, on that page only).

The recogniser itself is ``reader.js`` beside this module, written once in JavaScript on
KaTeX's parse tree; the page loads it, and tests run it in Node.js. It reads for each entry
its symbol, ``latex_commands``, ``unicode`` glyphs, ``aliases``, ``letters`` and the optional
``patterns`` field (``model.schema``), and the TeX tables of ``notation_site.tex.text``.

The site's own KaTeX fonts are subsets cut to the glyphs its formulas draw
(``output.fonts``); a formula pasted by a reader can draw any glyph, so this page loads
KaTeX's stylesheet and its complete, unmodified woff2 fonts from ``assets/katex/full/``.

The whole formula is read aloud by ``reader/speech.js``, walking the same items as the pieces:
entries' ``speech`` templates where they match (the expectation's "the expected value, over ·,
of ·"), and rules for the rest (letters, "sub", a superscript label as a label, powers, "the sum
from … to … of"). The Speech Rule Engine (``speech-rule-engine`` 4 on npm, ClearSpeak and
MathSpeak on KaTeX's MathML) was measured against it on the development set of real formulas
(tests/site/real_formulas.yml, December 2026): SRE names no entry, so it cannot say "the KL
divergence of P from Q" or "given"; it reads x^{(i)} as "raised to the i power" and
FFN_{ReLU} as "F of F of N sub R e L U"; its lines are longer (48 and 52 words on average for
ClearSpeak and MathSpeak, against 37 here), and it would be a second parser with its locale files
served beside it. So the reader keeps its own rules; screen readers still get KaTeX's MathML.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from notation_site import node
from notation_site.model.catalog import Catalog
from notation_site.search.tokens import SCRIPTS
from notation_site.tex.text import DOUBLE_STRUCK, PASTED, SCRIPT_LETTERS, TEX_GLYPHS

READER_DIR = Path(__file__).with_name("reader")
"""The reader's parts, one job each; ``index.js`` puts them together."""
READER_JS = READER_DIR / "index.js"
"""What Node.js loads (``require``); the browser gets :func:`reader_bundle`."""
READER_PARTS = ("normalise", "brackets", "tree", "pieces", "templates", "score", "speech", "links", "index")
"""The parts in the order the browser runs them (each after those it uses)."""
READ_PAGE = "read.md"
READ_ASSETS = {
    "reader": "assets/javascripts/notation-reader.js",
    "data": "assets/javascripts/notation-reader-data.js",
    "katex": "assets/katex/full/katex.min.js",
    "css": "assets/katex/full/katex.min.css",
}
LETTERS_ENTRY = "overloaded-letters"
"""The entry whose ``letters`` list every meaning: the letters page, not a candidate itself."""

SPOKEN = {
    "=": "equals", "+": "plus", "-": "minus", "−": "minus", "/": "divided by", "<": "is less than", ">": "is greater than",
    "≤": "is at most", "≥": "is at least", "≠": "is not equal to", "≪": "is much less than", "≫": "is much greater than",
    "∼": "drawn from", "∈": "in", "∉": "not in", "⊂": "a subset of", "⊆": "a subset of", "∪": "union", "∩": "intersection",
    "·": "times", "×": "times", "⊙": "element-wise times", "⊘": "element-wise divided by", "⊗": "Kronecker product", "⊕": "direct sum",
    "≈": "is approximately", "∝": "is proportional to", "≡": "is identical to", ":=": "is defined as", "≔": "is defined as",
    "≜": "is defined as", "→": "to", "⟶": "to", "←": "gets", "⟵": "gets", "↦": "maps to", "⇒": "implies", "⇔": "if and only if", "⟹": "implies", "⟺": "if and only if", "⇐": "is implied by",
    "∀": "for all", "∃": "there exists", "¬": "not", "∧": "and", "∨": "or", "∘": "composed with", "∞": "infinity",
    "∑": "the sum", "Σ": "the sum", "∏": "the product", "∫": "the integral", "∇": "the gradient", "∂": "partial", "√": "the square root",
    "‖": "parallel", "∥": "parallel", "|": "given", "∣": "given", "⋯": "and so on", "...": "and so on", "…": "and so on", "⋮": "and so on", "⋱": "and so on",
    "±": "plus or minus", "∅": "the empty set", "ℓ": "ell", "′": "prime", "∗": "star", "*": "star", "⋆": "star", "⊤": "transpose",
    "⊥": "perpendicular", "†": "dagger", "\\setminus": "minus", "∖": "minus", "!": "factorial", "\\\\": "",
}


def reader_data(catalog: Catalog, url: Callable[[str], str], macros: dict[str, str], new_entry_url: str | None) -> dict:
    """What ``reader.js`` needs: each placed entry's fields and site URL, and the TeX tables.

    ``url(entry_id)`` gives the entry's address relative to the site root (from
    ``Catalog.url``); ``new_entry_url`` the new-entry issue form, or None without a repository.

    >>> from notation_site.model.catalog import load
    >>> cat = load(Path(__file__).resolve().parents[3])
    >>> data = reader_data(cat, lambda i: "x/#" + i, {}, None)
    >>> row = next(e for e in data["entries"] if e["id"] == "softmax")
    >>> row["name"], row["url"], data["texGlyphs"]["odot"]
    ('Softmax', 'x/#softmax', '⊙')
    """
    greek = sorted((k.startswith("var"), k, v) for k, v in TEX_GLYPHS.items() if "\u0370" <= v <= "\u03ff")
    spoken = {v: k.removeprefix("var") for _, k, v in reversed(greek)} | SPOKEN
    entries = [
        {
            "id": e.id,
            "name": e.name,
            "read": e.read_aloud,
            "summary": e.summary,
            "shape": e.shape,
            "url": url(e.id),
            "symbol": e.symbol,
            "commands": e.latex_commands,
            "unicode": e.unicode,
            "aliases": e.aliases,
            "contexts": e.contexts,
            "speech": e.speech,
            "kinds": e.kinds,
            "letters": list(e.letters),
        }
        for e in catalog.ordered()
    ]
    return {
        "entries": entries,
        "texGlyphs": TEX_GLYPHS,
        "pasted": PASTED,
        "doubleStruck": DOUBLE_STRUCK,
        "scriptLetters": SCRIPT_LETTERS,
        "scripts": SCRIPTS,
        "spoken": spoken,
        "macros": macros,
        "lettersEntry": LETTERS_ENTRY,
        "lettersUrl": url(LETTERS_ENTRY) if LETTERS_ENTRY in catalog.entries else None,
        "newEntryUrl": new_entry_url,
    }


def reader_bundle() -> str:
    """The reader's parts as one script for the browser, ``assets/javascripts/notation-reader.js``.

    >>> bundle = reader_bundle()
    >>> bundle.index("p.tree = factory") < bundle.index("p.score = factory") < bundle.index("root.NotationReader =")
    True
    """
    return "\n".join((READER_DIR / f"{name}.js").read_text(encoding="utf-8") for name in READER_PARTS)


def run_reader(root: Path, data: dict, requests: list[dict], timeout: float = 600) -> list[dict]:
    """Run the reader in Node.js on ``requests`` (``{"op": "read" | "explain" | "links", "tex": ...,
    "home": id, "macros": {...}}``, home and macros optional) with ``data`` (:func:`reader_data`) and return its answers, one per request.
    A request that throws answers ``{"crash": message}``.

    >>> from notation_site.model.catalog import load
    >>> root = Path(__file__).resolve().parents[3]
    >>> data = reader_data(load(root), lambda i: i, {}, None)
    >>> [p["candidates"][0] for p in run_reader(root, data, [{"op": "read", "tex": r"\\odot"}])[0]["pieces"]]
    ['hadamard']
    """
    script = """
const [katexDir, readerJs] = process.argv.slice(1);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const reader = require(readerJs).create(require(katexDir), input.data);
const plain = (p) => ({ key: p.key, text: p.text, range: p.range, candidates: p.candidates, sure: p.sure, kind: p.kind || null });
const out = input.requests.map((q) => {
  try {
    const opts = { home: q.home, macros: q.macros };
    if (q.op === "links") return { links: reader.links(q.tex, opts) };
    if (q.op === "explain") return reader.explain(q.tex, opts);
    const r = reader.read(q.tex, opts);
    return r.error ? { tex: r.tex, error: r.error } : { tex: r.tex, speech: r.speech, unknown: r.unknown, pieces: r.pieces.map(plain) };
  } catch (err) {
    return { crash: String((err && err.stack) || err) };
  }
});
process.stdout.write(JSON.stringify(out));
"""
    katex = Path(root) / "node_modules" / "katex"
    result = subprocess.run(
        node.command("node", ["-e", script, str(katex), str(READER_JS)]),
        input=json.dumps({"data": data, "requests": requests}, ensure_ascii=False),
        capture_output=True, text=True, encoding="utf-8", timeout=timeout, check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"the formula reader (node) failed: {result.stderr.strip()[-2000:]}")
    return json.loads(result.stdout)


def reader_script(data: dict) -> str:
    """``data`` as the script the page loads before ``reader.js``."""
    return "window.__notationReaderData = " + json.dumps(data, ensure_ascii=False, sort_keys=True) + ";\n"
