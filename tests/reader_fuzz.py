"""Fuzz the formula reader (src/notation_site/output/reader/): generated formulas, each read in
Node.js down every path the reader's output takes to HTML (tests/reader_fuzz.js says which), and
in the browser on the built read/ page (:func:`browser_problems`).

Every input must: not throw; answer within :data:`BOUND_MS`; give an error only as a message that
says what is wrong; and draw, wherever its output becomes markup, nothing but what KaTeX draws
with trust off (:data:`KATEX_TAGS` …) and the reader's own marks.

The inputs come from :func:`generate`, a generator of our own over KaTeX's grammar (every command
and environment KaTeX defines, read from its source and checked by its parser), pasted Unicode,
real formulas mutated, and the payloads a shared link can carry. Input ``i`` of seed ``s`` is
the same on every machine (``random.Random(f"{s}:{i}")``), so a failure names its seed and
index and reproduces alone: ``python tests/reader_fuzz.py --seed s --only i``.

``make fuzz`` runs the long run (``FUZZ_INPUTS``, ``FUZZ_SEED``, ``FUZZ_BROWSER``); the fast
slice is tests/site/test_reader_fuzz.py.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import select
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

BOUND_MS = 200
"""The most one input may take in Node.js to be read and drawn as read/ draws it (the fastest of
three tries, and again alone in a fresh process, so a GC pause or a busy neighbour does not
count). A phone runs this JavaScript several times slower than one core of a desktop, so 200 ms
here is about a second there: a slow answer, not yet a frozen tab. The longest and deepest
inputs the reader takes (4000 characters, 100 levels) answer in about 100 ms."""
LINKS_BOUND_MS = 1000
"""The most the build's links of one formula within the reader's length may take: no tab waits
for them, but the build should not stall on one formula."""
HANG_S = 20
"""A batch that has not answered after this long per input is a hang: its inputs are retried
one by one to find the one that hangs."""
SEED = 20261213
MAX_INPUT = 4000  # reader/index.js's MAX_INPUT, pinned by tests/site/test_reader_fuzz.py

# What KaTeX writes with trust off. Tags and attributes of its HTML, SVG and MathML; classes of
# its stylesheet and the ones it writes for the kinds of atom (which the stylesheet never
# names); the inline style properties it sets (position only as relative). Anything else in a drawing is
# a failure.
KATEX_TAGS = (
    "span svg path line math semantics annotation mrow mi mn mo ms mtext mspace msup msub msubsup mfrac msqrt mroot "
    "mover munder munderover mtable mtr mtd mlabeledtr mpadded mphantom mstyle menclose"
).split()
KATEX_ATTRIBUTES = (
    "class style aria-hidden xmlns width height viewBox preserveAspectRatio d x1 x2 y1 y2 stroke-width encoding "
    "mathvariant display stretchy fence separator lspace rspace minsize maxsize accent accentunder columnalign "
    "rowspacing columnspacing columnlines rowlines displaystyle scriptlevel linethickness depth voffset notation "
    "mathcolor mathbackground mathsize largeop movablelimits symmetric form linebreak"
).split()
KATEX_CLASSES_UNSTYLED = (
    "mord mbin mrel mopen mclose mpunct minner mop mtight text nobreak allowbreak delimsizinginner accentunder colorbox vcenter textmd textup"
).split() + [f"{script}_fallback" for script in ("latin", "cyrillic", "armenian", "brahmic", "georgian", "cjk", "hangul")]
KATEX_STYLES = (
    "height vertical-align margin-right margin-left top width min-width border-bottom-width border-top-width "
    "border-right-width border-left-width border-style border-color color background-color padding-left padding-right "
    "padding-top padding-bottom bottom left right margin-top margin-bottom border-width border text-shadow position border-right-style border-left-style margin"
).split()


def katex_classes(root: Path = ROOT) -> list[str]:
    """The classes KaTeX's stylesheet styles, and those it writes for atoms.

    >>> {"katex", "mfrac", "mord"} <= set(katex_classes())
    True
    """
    css = (root / "node_modules/katex/dist/katex.css").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"\.([a-zA-Z][a-zA-Z0-9_-]*)", css)) - {"woff", "woff2", "ttf"} | set(KATEX_CLASSES_UNSTYLED))


_VOCABULARY = r"""
const fs = require("fs");
const dir = process.argv[1];
const katex = require(dir);
console.log = console.error = console.warn = () => {}; // \message, \errmessage, \show print
const src = fs.readFileSync(dir + "/dist/katex.js", "utf8");
const names = new Set();
for (const m of src.matchAll(/"(\\\\(?:[A-Za-z]+\*?|[^A-Za-z"\\ ]|\\\\))"/g)) names.add(JSON.parse('"' + m[1] + '"'));
const known = (t, name) => {
  try { katex.__parse(t, { strict: "ignore", trust: false, maxExpand: 200 }); return true; }
  catch (e) { return !/Undefined control sequence|No such environment/.test(e.message) || !e.message.includes(name); }
};
const commands = [...names].sort().filter((n) => [n, n + "{x}", n + "{x}{y}", n + "{x}{y}{z}", n + "[x]{y}", "\\text{" + n + "}"].some((t) => known(t, n)));
const environments = new Set();
for (const m of src.matchAll(/defineEnvironment\(\{[\s\S]*?names: \[([^\]]*)\]/g)) for (const s of m[1].matchAll(/"([^"]+)"/g)) environments.add(s[1]);
process.stdout.write(JSON.stringify({ commands, environments: [...environments].sort().filter((e) => known("\\begin{" + e + "}x\\end{" + e + "}", e)) }));
"""


@lru_cache(maxsize=1)
def katex_vocabulary(root: Path = ROOT) -> dict[str, list[str]]:
    r"""Every command and environment the locked KaTeX defines: the names its source
    (``dist/katex.js``: its function, symbol and macro tables) spells, kept where its own parser
    knows them (in math or in ``\text``).

    >>> v = katex_vocabulary()
    >>> {r"\frac", r"\alpha", r"\operatorname", r"\htmlData", r"\def"} <= set(v["commands"]), "pmatrix" in v["environments"]
    (True, True)
    """
    from notation_site import node

    out = subprocess.run(node.command("node", ["-e", _VOCABULARY, str(root / "node_modules/katex")]),
                         capture_output=True, text=True, encoding="utf-8", timeout=120, check=True)
    return json.loads(out.stdout)


# ---------------------------------------------------------------------------- the generator

UNICODE_RANGES = [
    (0x20, 0x7E), (0x00, 0x1F), (0x7F, 0x9F), (0x370, 0x3FF), (0x1D400, 0x1D7FF), (0x300, 0x36F), (0x20D0, 0x20FF),
    (0x590, 0x5FF), (0x600, 0x6FF), (0x200B, 0x200F), (0x202A, 0x202E), (0x2066, 0x2069), (0xD800, 0xDFFF),
    (0xE000, 0xF8FF), (0xFFF0, 0xFFFF), (0x10000, 0x10FFFF), (0xF0000, 0x10FFFF), (0x2070, 0x209F), (0x1D00, 0x1DBF),
    (0x2190, 0x22FF), (0x2A00, 0x2AFF), (0x1F300, 0x1FAFF), (0xFE00, 0xFE0F), (0x2100, 0x214F), (0x4E00, 0x9FFF),
    (0xFEFF, 0xFEFF), (0x2028, 0x2029), (0x00A0, 0x00FF),
]
PASTED = [
    "ŷ", "𝔼", "√(", "√", "θ̂", "xᵢⱼ", "ᵀ", "∑", "∏", "∫", "∈", "ℝ", "ℝⁿ", "∼", "∣", "‖", "⟨", "⟩", "≤", "≈", "∇", "∂", "σ²",
    "β₁", "𝒩", "𝓛", "𝐱", "𝐖", "𝜃", "ε", "ϵ", "⊙", "⊗", "⊤", "†", "′", "″", "∗", "⋆", "·", "×", "−", "→", "↦", "∞", "…",
    "⋯", "ᵢ", "ⱼ", "ₖ", "ₜ", "⁽ⁱ⁾", "⁻¹", "½", "ℓ", "ℋ", "𝟙", "𝟏", "ȳ", "x̄", "x̃", "ẋ", "a⃗", "ĥ", "softmax", "argmax_k",
    "D_KL", "log", "exp", "(", ")", "[", "]", "{", "}", "|", "=", "+", " ", ",", ";", "x", "y", "W", "Q", "K", "V", "d_k",
]
TYPED = [
    "D_KL(P||Q)", "x*", "θ* = argmax θ", "Q*(s,a)", "L_simple", "W^OUT", "x^2 + y_ij", "p(x|y)", "E_x~p[f(x)]",
    "softmax(QK^T/sqrt(d_k))V", "a*b", "f(x)*", "y_hat", "x_1, ..., x_n", "||x||_2", "<x, y>", "1/(1+e^-z)",
]
BRACES = ["{", "}", r"\{", r"\}", "[", "]", "(", ")", r"\left(", r"\right)", r"\left.", r"\right.", r"\middle|",
          r"\left\{", r"\right\}", r"\bigl(", r"\bigr)", "x", "^", "_", "'", "&", r"\\", "$", "#", "%", "~", "\\", " ",
          r"\begin{matrix}", r"\end{matrix}", r"\begin{", r"\end{", r"\(", r"\)", r"\[", r"\]", "|", r"\|"]
HTML = [
    "<img src=x onerror=window.__xss=1>", "<script>window.__xss=1</script>", '"><svg onload=window.__xss=1>',
    "' onmouseover='window.__xss=1", 'x" onmouseover="window.__xss=1" data-x="', "</span><b>bold</b>",
    '<a href="javascript:window.__xss=1">x</a>', "&lt;img&gt;", "&#60;script&#62;", "<!--", "]]>",
    '<math><mi xlink:href="javascript:window.__xss=1">x</mi></math>', "<iframe src=javascript:window.__xss=1>",
    "<style>*{display:none}</style>", "javascript:window.__xss=1", "data:text/html,<script>window.__xss=1</script>",
    "${window.__xss=1}", '{{constructor.constructor("window.__xss=1")()}}', "__proto__", "constructor", "prototype",
    "toString", "hasOwnProperty", "valueOf", "position:fixed;top:0", "background:url(javascript:window.__xss=1)",
    "md-header", "read-input", "foo=bar,baz=qux", "onclick=window.__xss=1", "<", ">", '"', "'", "&", "\x00",
]
PAYLOAD_FORMS = [
    r"\href{P}{x}", r"\url{P}", r"\htmlData{P=1}{x}", r"\htmlData{data=P}{x}", r"\htmlData{foo=bar}{x}", r"\htmlClass{P}{x}",
    r"\htmlId{P}{x}", r"\htmlStyle{P}{x}", r"\includegraphics[height=1em]{P}", r"\includegraphics{x.png}", r"\text{P}",
    r"\operatorname{P}", r"\operatorname*{P}_{x}", r"\mathrm{P}", r"\textrm{P}", r"\verb|P|", r"\def\x{P}\x",
    r"\newcommand{\x}{P}\x", r"\tag{P}", r"\color{P}{x}", r"\textcolor{P}{x}", r"\colorbox{P}{x}", r"\fcolorbox{P}{P}{x}",
    r"\raisebox{P}{x}", r"\rule{P}{P}", r"\kern{P}", r"\hspace{P}", "P", r"\foo P", r"x_{P}", r"\P", r"\text{\P}",
    r"\htmlData{entry=softmax,claims=softmax}{P}", r"\htmlClass{allowbreak}{P}", r"\htmlData{entry=P,claims=P}{x}",
    r"\begin{P}x\end{P}", r"\mathbb{P}", r"\left( P \right)", r"\char`\P", r"\operatorname{\href{P}{x}}",
]
MACROS = [
    r"\def\a{\b\b}\def\b{\c\c}\def\c{\d\d}\def\d{\e\e}\def\e{\f\f}\def\f{\g\g}\def\g{\h\h}\def\h{x\i}\def\i{xx}\a",
    r"\def\a{\a}\a", r"\def\a{\a\a}\a", r"\def\a#1{#1#1}\a{\a{\a{\a{\a{x}}}}}", r"\newcommand{\a}[1]{#1#1#1#1}\a{\a{\a{\a{\a{x}}}}}",
    r"\gdef\a{x}\a\a", r"\let\a\b\a", r"\let\frac\sqrt\frac{x}{y}", r"\def\left{x}\left( x \right)",
    r"\def\htmlData#1#2{#2}\htmlData{a=b}{x}", r"\renewcommand{\text}[1]{#1}\text{x}", r"\def\sqrt{\href{javascript:window.__xss=1}}\sqrt{x}",
    r"\futurelet\a\b x", r"\expandafter\a\b", r"\edef\a{\a}\a", r"\xdef\a{x}\a", r"\global\def\a{x}\a", r"\def\a{\b}\def\b{\a}\a",
    r"\newcommand{\x}[9]{#9}\x123456789", r"\def\x#1#2#3#4#5#6#7#8#9{#9#8#7}\x abcdefghi", r"\def\a{{{{\a}}}}\a",
    r"\def\#{x}\#", r"\def{\x}{y}", r"\let\a=\a\a", r"\def\a{\def\a{\a}}\a\a\a", r"\newcommand{\frac}{x}", r"\renewcommand{\foo}{x}\foo",
    r"\providecommand{\sigma}{x}\sigma", r"\def\a{\a", r"\def", r"\newcommand", r"\let", r"\def\a#2{#2}", r"\def\a#1{#2}\a x",
    r"\message{hello}", r"\errmessage{hello}", r"\show\frac", r"\relax\relax", r"\noexpand\a", r"\TextOrMath{a}{b}",
    r"\def\R{\href{javascript:window.__xss=1}{R}}\R", r"\def\E{<img src=x onerror=window.__xss=1>}\E",
]
NESTING = [
    ("x^{", "x", "}"), ("{", "x", "}"), (r"\sqrt{", "x", "}"), (r"\sqrt[", "x]{x", "}"), (r"\left(", "x", r"\right)"),
    ("x_{", "x", "}"), (r"\hat{", "x", "}"), (r"\mathbf{\mathbb{", "x", "}}"), (r"\text{$", "x", "$}"), ("(", "x", ")"),
    (r"\begin{matrix}", "x", r"\end{matrix}"), (r"\underbrace{", "x", "}_{i}"), (r"\overset{a}{", "x", "}"),
    (r"\operatorname{", "x", "}"), ("f(", "x", ")"), (r"\|", "x", r"\|"), ("|", "x", "|"), (r"\langle ", "x", r"\rangle "),
    ("x^{x_{", "x", "}}"), (r"\left[", "x", r"\right]"), (r"\mathbb{E}_{", "x", "}[x]"), (r"\sum_{", "i", "}"),
    (r"\frac{", "x", "}{y}"), (r"\frac{1}{", "x", "}"), (r"\binom{", "x", "}{k}"), (r"\boxed{", "x", "}"), (r"\color{red}{", "x", "}"),
    (r"\begin{cases}", "x", r"\end{cases}"), (r"\left(", "x", ""), ("", "x", r"\right)"), ("{", "x", ""), ("", "x", "}"),
]
ATOMS = ["x", "1", "{x}", "{}", "{x+y}", r"\alpha", r"{\frac12}", "[x]", "(x)", "{a}{b}", "#", "&", r"\\", "-", "{1em}",
         "{red}", "{#f00}", "{0.5}", "'", "^2", "_i", "{{x}}", "}", "{", "{3pt}", "{-1}", "{\\sum_i}", "{\\text{a}}", ""]
RUN_TOKENS = ["x'", "'", "^", "_", "x_", r"\,", r"\\", "&", "{}", r"\left(\right)", r"\sqrt", r"\frac12", "|", r"\|", r"\mid",
              "𝔼", "ŷ", "√", "ᵢ", "∑", r"\!", "x^2", r"\sigma(x)", "d_k", "+", "(", ")", "a", "θ̂", "ᵀ", r"\hat", r"\mathbf",
              r"\operatorname{KL}", "Q(s,a)", r"\sum_{i=1}^n", r"\nabla", "𝐱", "xᵢⱼ"]
FAMILIES = {  # family -> weight
    "unicode": 8, "braces": 6, "nesting": 8, "run": 6, "command": 14, "commands": 8, "environment": 6, "pasted": 8,
    "payload": 10, "macro": 6, "text": 5, "mutant": 20, "real": 4, "typed": 3, "long": 2,
}


@dataclass(frozen=True)
class Case:
    seed: int
    index: int
    family: str
    tex: str
    home: str | None = None
    macros: dict | None = None

    def request(self) -> dict:
        # make read's explain is read and links again: one input in four is enough
        return {"tex": self.tex, "home": self.home, "macros": self.macros, "explain": self.index % 4 == 0}

    def name(self) -> str:
        return f"seed {self.seed} #{self.index} ({self.family})"


@dataclass(frozen=True)
class Corpus:
    """What the generator draws on: KaTeX's names, real formulas, entry ids and sources' macros."""

    commands: list[str]
    environments: list[str]
    formulas: list[str]
    entries: list[str]
    macros: list[dict]


def corpus(root: Path = ROOT) -> Corpus:
    from notation_site.model.catalog import load

    vocabulary = katex_vocabulary(root)
    regression = yaml.safe_load((root / "tests/site/formulas.yml").read_text(encoding="utf-8"))
    real = yaml.safe_load((root / "tests/site/real_formulas.yml").read_text(encoding="utf-8"))
    catalog = load(root)
    formulas = [f[k] for f in regression for k in ("tex", "unicode")] + [f["tex"] for f in real["formulas"]]
    formulas += [e.symbol for e in catalog.ordered()]
    macros = [s["macros"] for s in real["sources"].values() if s.get("macros")]
    return Corpus(vocabulary["commands"], vocabulary["environments"], formulas, sorted(catalog.entries), macros)


def _unicode(rng: random.Random, n: int) -> str:
    out = []
    for _ in range(n):
        lo, hi = rng.choice(UNICODE_RANGES)
        out.append(chr(rng.randint(lo, hi)))
    return "".join(out)


def _command(rng: random.Random, c: Corpus, name: str | None = None) -> str:
    name = name or rng.choice(c.commands)
    out = name + (rng.random() < 0.1) * "*"
    if rng.random() < 0.2:
        out += "[" + rng.choice(ATOMS).strip("{}") + "]"
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        arg = rng.choice(ATOMS) if rng.random() < 0.8 else "{" + _command(rng, c) + "}"
        out += arg if arg.startswith("{") or rng.random() < 0.3 else "{" + arg + "}"
    return out


def _environment(rng: random.Random, c: Corpus) -> str:
    env = rng.choice(c.environments + ["foo", "document", "align", "eqnarray", ""])
    cols = rng.randint(1, 4)
    spec = "{" + "".join(rng.choice("lcr|:p") for _ in range(cols)) + "}" if rng.random() < 0.5 else ""
    rows = [" & ".join(rng.choice(ATOMS[:12] + [r"\frac{a}{b}", r"\hline", r"\cline{1-2}"]) for _ in range(rng.randint(1, 4)))
            for _ in range(rng.randint(1, 5))]
    body = (r" \\ " if rng.random() < 0.9 else " & ").join(rows)
    end = rng.choice([r"\end{" + env + "}", r"\end{" + env + "}", "", r"\end{matrix}", r"\end{" + env + "}}", r"\\"])
    out = r"\begin{" + env + "}" + spec + body + end
    if rng.random() < 0.2:
        out = r"\begin{" + env + "}" + out + r"\end{" + env + "}"
    if rng.random() < 0.15:
        out = rng.choice(["x & y", r"a \\ b", r"x & y \\", "& &", r"\\\\", r"\cr", r"\hline x"]) + out
    return out


def _mutate(rng: random.Random, c: Corpus, s: str) -> str:
    for _ in range(rng.randint(1, 4)):
        if not s:
            s = rng.choice(c.formulas)
        i, j = sorted(rng.randint(0, len(s)) for _ in range(2))
        op = rng.randrange(9)
        if op == 0:
            s = s[:i] + s[j:]
        elif op == 1:
            s = s[:i] + rng.choice(BRACES + ATOMS) + s[i:]
        elif op == 2:
            s = s[:i] + _command(rng, c) + s[i:]
        elif op == 3:
            s = s[:j] + s[i:j] + s[j:]
        elif op == 4:
            s = s[:i] + _unicode(rng, rng.randint(1, 3)) + s[j:]
        elif op == 5:
            s = s[: max(i, 1)]
        elif op == 6:
            s = s[:i] + r"\left(" + s[i:j] + r"\right)" + s[j:]
        elif op == 7:
            s = s[:i] + rng.choice(c.formulas) + s[i:]
        else:
            s = s[:i] + rng.choice(PASTED) + s[j:]
    return s


def case(seed: int, index: int, c: Corpus) -> Case:
    """Input ``index`` of ``seed``: the same on every machine and in every run.

    >>> c = corpus()
    >>> case(1, 7, c) == case(1, 7, c) and case(1, 7, c) != case(1, 8, c)
    True
    """
    rng = random.Random(f"{seed}:{index}")
    family = rng.choices(list(FAMILIES), weights=list(FAMILIES.values()))[0]
    if family == "unicode":
        tex = _unicode(rng, rng.choice([1, 2, 5, 20, 60, 200]))
    elif family == "braces":
        tex = "".join(rng.choice(BRACES) for _ in range(rng.randint(1, 60)))
    elif family == "nesting":
        opening, middle, closing = rng.choice(NESTING)
        depth = rng.choice([3, 10, 30, 99, 100, 101, 300, 600, 1000, 2000])
        if rng.random() < 0.95:  # mostly what the reader takes; now and then far past it (for the build's links)
            depth = min(depth, MAX_INPUT * 11 // 10 // (len(opening) + len(closing)))
        tex = opening * depth + middle + closing * depth
        if rng.random() < 0.3 and len(tex) > 2:  # one brace too many or too few
            k = rng.randrange(len(tex))
            tex = tex[:k] + tex[k + 1 :] if rng.random() < 0.5 else tex[:k] + rng.choice("{}()[]") + tex[k:]
    elif family == "run":
        token = rng.choice(RUN_TOKENS + c.commands) if rng.random() < 0.7 else _command(rng, c)
        count = rng.choice([2, 10, 50, 200, 1000, MAX_INPUT // max(len(token), 1)])
        if rng.random() < 0.95:
            count = min(count, MAX_INPUT * 11 // 10 // max(len(token), 1))
        tex = token * count
    elif family == "command":
        # every command in turn, so a long run tries each of them many times
        tex = _command(rng, c, c.commands[index % len(c.commands)])
        if rng.random() < 0.5:
            tex = rng.choice(["x + ", "f(", r"\sum_i ", "a_", "{", ""]) + tex + rng.choice([" = y", ")", "^2", "", "}"])
    elif family == "commands":
        sep = [" ", "+", "=", "^", "_", "", "&", r"\\", ",", "(", ")"]
        tex = "".join(_command(rng, c) + rng.choice(sep) for _ in range(rng.randint(2, 10)))
    elif family == "environment":
        tex = _environment(rng, c)
    elif family == "pasted":
        tex = "".join(rng.choice(PASTED) for _ in range(rng.randint(1, 30)))
    elif family == "payload":
        parts = []
        for _ in range(rng.randint(1, 3)):
            form = rng.choice(PAYLOAD_FORMS)
            parts.append(form.replace("P", rng.choice(HTML)) if "P" in form and not form.startswith("\\P") else form)
        tex = rng.choice([" ", "", " + ", "x"]).join(parts)
        if rng.random() < 0.3:
            tex = rng.choice(c.formulas) + " " + tex
    elif family == "macro":
        tex = rng.choice(MACROS)
        if rng.random() < 0.4:
            tex = tex * rng.randint(2, 5)
        if rng.random() < 0.3:
            tex = _mutate(rng, c, tex)
    elif family == "text":
        inner = "".join(rng.choice(["a", " ", "{", "}", "$", r"\$", "x^2", r"\text{b}", r"\(", r"\)", "$x$", "\\", "_", "&", "#", r"\frac12", "é", "𝔼"])
                        for _ in range(rng.randint(1, 12)))
        tex = rng.choice([r"\text{", r"\operatorname*{", r"\operatorname{", r"\textbf{", r"\mathrm{", r"\mbox{", r"\textit{"]) + inner + rng.choice(["}", "", "}}"])
        if rng.random() < 0.5:
            tex = rng.choice(c.formulas) + tex
    elif family == "mutant":
        tex = _mutate(rng, c, rng.choice(c.formulas))
    elif family == "real":
        tex = rng.choice(c.formulas)
    elif family == "typed":
        tex = _mutate(rng, c, rng.choice(TYPED)) if rng.random() < 0.5 else rng.choice(TYPED)
    else:  # long: near the limit, also in code units (astral glyphs count two) and in what they expand to
        unit = rng.choice(["𝔼", "x", r"\sigma(x)", "∑", "ŷ", "√(x)", "θ̂", rng.choice(c.formulas), "xᵢⱼ"])
        target = MAX_INPUT + rng.choice([-40, -1, 0, 1, 40])
        tex = (unit * (target // max(len(unit), 1) + 1))[:target]
    home = rng.choice(c.entries) if rng.random() < 0.1 else None
    macros = rng.choice(c.macros) if c.macros and rng.random() < 0.1 else None
    return Case(seed, index, family, tex, home, macros)


def generate(seed: int, n: int, c: Corpus, start: int = 0) -> list[Case]:
    return [case(seed, i, c) for i in range(start, start + n)]


# ---------------------------------------------------------------------------- running them


@dataclass
class Result:
    case: Case
    ms: dict[str, float]
    problems: list[str]
    kind: str = ""  # "read", or the start of the error message it got

    @property
    def page_ms(self) -> float:
        """What read/ spends on it: the reading and the drawing."""
        return self.ms.get("read", 0.0) + self.ms.get("draw", 0.0)


class Driver:
    """tests/reader_fuzz.js in one Node.js process, fed batches; a batch that hangs is retried
    input by input, and the input that hangs is reported as a failure."""

    def __init__(self, root: Path = ROOT, bound_ms: float = BOUND_MS) -> None:
        from notation_site.model.catalog import load
        from notation_site.output.reading import reader_data
        from notation_site.validate import katex_macros

        self.root = root
        self.bound_ms = bound_ms
        catalog = load(root)
        self.data = reader_data(catalog, catalog.url, katex_macros(root), None)
        self.allowed = {"tags": KATEX_TAGS, "attributes": KATEX_ATTRIBUTES, "classes": katex_classes(root), "styles": KATEX_STYLES}
        self.proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        from notation_site import node

        out = self.root / "src/notation_site/output"
        args = [str(ROOT / "tests/reader_fuzz.js"), str(self.root / "node_modules/katex"), str(out / "reader/index.js"),
                str(self.root / "docs/javascripts/read.js"), str(out / "katex_render.mjs")]
        self.stderr = tempfile.TemporaryFile()
        proc = subprocess.Popen(node.command("node", args), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        try:
            self._send(proc, {"data": self.data, "allowed": self.allowed})
            started = self._receive(proc, 120)
        except BrokenPipeError:
            started = None
        if started is None:
            proc.kill()
            self.stderr.seek(0)
            raise RuntimeError("the fuzz driver (node) did not start: " + self.stderr.read().decode(errors="replace")[-2000:])
        return proc

    @staticmethod
    def _send(proc: subprocess.Popen, message: dict) -> None:
        assert proc.stdin is not None
        # ASCII JSON: a lone surrogate travels as \udxxx and arrives in JavaScript as one
        proc.stdin.write(json.dumps(message, ensure_ascii=True).encode() + b"\n")
        proc.stdin.flush()

    @staticmethod
    def _receive(proc: subprocess.Popen, timeout: float) -> dict | None:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        line = proc.stdout.readline() if ready else b""
        return json.loads(line) if line else None

    def _batch(self, cases: list[Case]) -> list[dict] | None:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        self._send(self.proc, {"inputs": [c.request() for c in cases], "bound": self.bound_ms})
        answer = self._receive(self.proc, HANG_S * len(cases))
        if answer is None:
            self.close()
            return None
        return answer["results"]

    def run(self, cases: list[Case], batch: int = 100) -> list[Result]:
        out = []
        for k in range(0, len(cases), batch):
            chunk = cases[k : k + batch]
            results = self._batch(chunk)
            if results is None:  # a hang or a crash of Node itself: find the input
                results = []
                for c in chunk:
                    one = self._batch([c])
                    results.append(one[0] if one else {"ms": {}, "problems": [f"no answer within {HANG_S} s: Node.js hung or died"], "kind": "hung"})
            out += [Result(c, r["ms"], r["problems"], r.get("kind", "")) for c, r in zip(chunk, results, strict=True)]
        return out

    def markup_problems(self, pages: list[str]) -> list[list[str]]:
        """The driver's markup check alone, on each of ``pages`` (HTML)."""
        if self.proc is None or self.proc.poll() is not None:
            self.proc = self._start()
        self._send(self.proc, {"markup": pages})
        answer = self._receive(self.proc, 60)
        assert answer is not None, "the fuzz driver did not answer"
        return answer["results"]

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


def _slow(r: Result, bound_ms: float) -> list[str]:
    out = []
    if r.page_ms > bound_ms:
        out.append(f"read/ took {r.page_ms:.0f} ms (read {r.ms.get('read', 0):.0f}, draw {r.ms.get('draw', 0):.0f}), over {bound_ms:.0f} ms")
    links_bound = max(LINKS_BOUND_MS, bound_ms)
    if r.ms.get("links", 0) > links_bound and len(r.case.tex) <= MAX_INPUT:
        out.append(f"its links took {r.ms['links']:.0f} ms, over {links_bound:.0f} ms")
    return out


def failures(results: list[Result], bound_ms: float = BOUND_MS) -> list[tuple[Result, list[str]]]:
    """Each failing input with what is wrong with it: its problems, and its time over the bound."""
    return [(r, r.problems + _slow(r, bound_ms)) for r in results if r.problems or _slow(r, bound_ms)]


def run_checked(cases: list[Case], bound_ms: float = BOUND_MS, driver: Driver | None = None) -> list[Result]:
    """Run ``cases``; each that was over the bound is timed again alone in a fresh process (the
    faster time counts), so only an input that is slow by itself fails."""
    own = driver is None
    driver = driver or Driver(bound_ms=bound_ms)
    try:
        results = driver.run(cases)
    finally:
        if own:
            driver.close()
    slow = [k for k, r in enumerate(results) if _slow(r, bound_ms)]
    if slow:
        fresh = Driver(bound_ms=bound_ms)
        try:
            for k in slow:
                [again] = fresh.run([results[k].case])
                r = results[k]
                r.ms = {name: min(ms, again.ms.get(name, ms)) for name, ms in r.ms.items()}
                fresh.close()  # a fresh process for each
        finally:
            fresh.close()
    return results


def describe(r: Result, problems: list[str]) -> str:
    tex = r.case.tex if len(r.case.tex) <= 160 else r.case.tex[:120] + f"… ({len(r.case.tex)} characters)"
    extra = "".join(f", {k}={getattr(r.case, k)!r}" for k in ("home", "macros") if getattr(r.case, k))
    return f"{r.case.name()}: {tex!r}{extra}\n    " + "\n    ".join(problems)


# ---------------------------------------------------------------------------- in the browser

PAGE_CHECK = """(key) => {
  const app = document.getElementById('read-app');
  const bad = [];
  const mine = {LI: 1, P: 1, SPAN: 1, A: 1, CODE: 1, DIV: 1, H2: 1, OL: 1, UL: 1};
  for (const el of app.querySelectorAll('*')) {
    const inKatex = el.closest('.katex');
    const tag = el.tagName.toLowerCase();
    if (inKatex ? !KATEX_TAGS.has(tag) : !mine[el.tagName]) bad.push('element ' + tag);
    for (const a of el.attributes) {
      if (/^on/i.test(a.name) || /javascript:|data:text/i.test(a.value)) bad.push(tag + ' ' + a.name + '=' + a.value.slice(0, 60));
      if (inKatex && !KATEX_ATTRIBUTES.has(a.name) && !['data-piece'].includes(a.name)) bad.push(tag + ' attribute ' + a.name);
      if (a.name === 'id' && !['read-status', 'read-formula', 'read-aloud-heading', 'read-speech', 'read-pieces-heading', 'reading', 'read-unplaced-heading', 'read-unplaced'].includes(a.value)) bad.push('id ' + a.value);
      if (a.name === 'href' && !(a.value.startsWith(location.origin + '/') || a.value.startsWith('https://'))) bad.push('href ' + a.value.slice(0, 60));
    }
    // the page's marks: KaTeX's \\htmlData span, with the page's data-piece and read-piece class
    const mark = el.hasAttribute('data-piece') && el.classList.contains('read-piece');
    if (inKatex) for (const c of el.classList) if (!KATEX_CLASSES.has(c) && !/^read-piece/.test(c) && !(mark && c === 'enclosing')) bad.push('class ' + c);
    // the browser spells a shorthand (border) as its longhands (border-top-style)
    const longhand = /^(border-(top|right|bottom|left)-(width|style|color)|(margin|padding)-(top|right|bottom|left))$/;
    if (inKatex && el.style) for (const p of el.style) if (!KATEX_STYLES.has(p) && !longhand.test(p)) bad.push('style ' + p);
    if (inKatex && el.style && el.style.position && el.style.position !== 'relative') bad.push('position ' + el.style.position);
  }
  const status = document.getElementById('read-status').textContent;
  return {bad, status, xss: window.__xss === 1, error: document.getElementById('read-status').classList.contains('read-status--error')};
}"""


def browser_problems(page, base_url: str, cases: list[Case], classes: list[str]) -> list[tuple[Case, list[str]]]:
    """Read each case on the built read/ page (half through the address, half typed in the box),
    and return those where the page errs: a page error, a console error, a dialog, the reader's
    own failure message, an element or attribute the page did not make, no answer within 10 s,
    or a tab that no longer answers. ``page`` collects its problems in ``page.problems``
    (tests/site/test_read_formula.py's fixture)."""
    lists = {"KATEX_TAGS": KATEX_TAGS, "KATEX_ATTRIBUTES": KATEX_ATTRIBUTES, "KATEX_CLASSES": classes, "KATEX_STYLES": KATEX_STYLES}
    setup = "".join(f"window.{k} = new Set({json.dumps(v)});" for k, v in lists.items())
    out = []
    for k, c in enumerate(cases):
        page.problems.clear()
        problems = []
        try:
            typed = k % 2 == 1 or not _encodable(c.tex)
            if typed:
                if not page.url.split("?")[0].endswith("/read/"):
                    page.goto(base_url + "read/")
                page.evaluate("(tex) => { const i = document.getElementById('read-input'); i.value = tex; document.getElementById('read-status').textContent = ''; "
                              "document.getElementById('read-form').requestSubmit(); }", c.tex)
            else:
                page.goto(base_url + "read/?tex=" + quote(c.tex, safe=""))
            # a blank formula gets no answer, by design
            page.wait_for_function("() => document.getElementById('read-status').textContent.length > 0 || !document.getElementById('read-input').value.trim()", timeout=10000)
            page.evaluate("() => { " + setup + " }")
            found = page.evaluate(PAGE_CHECK, "")
            problems += found["bad"][:5]
            if found["xss"]:
                problems.append("the payload ran (window.__xss)")
            if found["status"].startswith("The reader failed"):
                problems.append("the reader threw: " + found["status"][:200])
            if page.evaluate("() => 1 + 1") != 2:
                problems.append("the tab no longer answers")
        except Exception as err:  # noqa: BLE001 - a timeout or a dead page is the finding
            problems.append(f"{type(err).__name__}: {str(err).splitlines()[0][:200]}")
        problems += page.problems
        if problems:
            out.append((c, problems))
    return out


def _encodable(tex: str) -> bool:
    try:
        tex.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(quote(tex, safe="")) < 30000


def browser_sample(seed: int, n: int, c: Corpus) -> list[Case]:
    """``n`` cases for the browser: every payload and macro form and hostile family first, then
    generated ones, so each family is in even a small sample."""
    fixed = [Case(seed, -1 - k, "payload", form.replace("P", html) if "P" in form and not form.startswith("\\P") else form)
             for k, (form, html) in enumerate(zip(PAYLOAD_FORMS, HTML * 3))]
    fixed += [Case(seed, -100 - k, "macro", m) for k, m in enumerate(MACROS)]
    pool = generate(seed, max(n * 4, 200), c)
    by_family: dict[str, list[Case]] = {}
    for x in pool:
        by_family.setdefault(x.family, []).append(x)
    mixed = []
    while len(mixed) < len(pool):
        for fam in FAMILIES:
            if by_family.get(fam):
                mixed.append(by_family[fam].pop(0))
    return (fixed + mixed)[:n] if n < len(fixed) else fixed + mixed[: n - len(fixed)]


# ---------------------------------------------------------------------------- make fuzz


@dataclass
class Figures:
    tried: int = 0
    seconds: float = 0.0
    slowest: list[Result] = field(default_factory=list)
    failed: list[tuple[Result, list[str]]] = field(default_factory=list)
    families: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)


def fuzz(seed: int, n: int, start: int = 0, bound_ms: float = BOUND_MS) -> Figures:
    c = corpus()
    cases = generate(seed, n, c, start)
    started = time.perf_counter()
    results = run_checked(cases, bound_ms)
    fig = Figures(tried=len(results), seconds=time.perf_counter() - started)
    fig.slowest = sorted(results, key=lambda r: -r.page_ms)[:5]
    fig.failed = failures(results, bound_ms)
    fig.families = Counter(r.case.family for r in results)
    fig.kinds = Counter(r.kind for r in results)
    return fig


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", type=int, help="run input ONLY of the seed alone (to reproduce a failure)")
    parser.add_argument("--browser", type=int, default=0, help="also read this many inputs on the built read/ page")
    parser.add_argument("--bound", type=float, default=BOUND_MS, help="ms per input in Node.js")
    args = parser.parse_args(argv)
    start, n = (args.only, 1) if args.only is not None else (0, args.inputs)
    print(f"fuzzing the formula reader: seed {args.seed}, inputs {start}..{start + n - 1}, bound {args.bound:.0f} ms per input", flush=True)
    fig = fuzz(args.seed, n, start, args.bound)
    print(f"inputs tried: {fig.tried} in {fig.seconds:.1f} s ({', '.join(f'{k} {v}' for k, v in sorted(fig.families.items()))})")
    print("answers: " + ", ".join(f"{v} {k!r}" for k, v in fig.kinds.most_common()))
    for r in fig.slowest[:3]:
        print(f"slow: {r.page_ms:.1f} ms (read {r.ms.get('read', 0):.1f}, draw {r.ms.get('draw', 0):.1f}, links {r.ms.get('links', 0):.1f}): "
              f"{r.case.name()}: {r.case.tex[:100]!r}{'…' if len(r.case.tex) > 100 else ''} ({len(r.case.tex)} characters)")
    print(f"failures: {len(fig.failed)}")
    for r, problems in fig.failed[:50]:
        print("  " + describe(r, problems))
    failed = bool(fig.failed)
    if args.browser:
        failed |= _browser_run(args.seed, args.browser)
    return 1 if failed else 0


def _browser_run(seed: int, n: int) -> bool:
    from browser import chromium, serve, watched_page
    from conftest import mkdocs_build

    with tempfile.TemporaryDirectory(prefix="fuzz-site-") as tmp:
        site = Path(tmp) / "site"
        built = mkdocs_build(ROOT, site)
        if built.returncode:
            print(built.stdout, built.stderr)
            return True
        cases = browser_sample(seed, n, corpus())
        started = time.perf_counter()
        with serve(site) as base_url, chromium() as browser:
            context = browser.new_context()
            page = watched_page(context)
            bad = browser_problems(page, base_url, cases, katex_classes())
            context.close()
        print(f"browser: {len(cases)} inputs on read/ in {time.perf_counter() - started:.1f} s, failures: {len(bad)}")
        for c, problems in bad[:50]:
            print(f"  {c.name()}: {c.tex[:160]!r}\n    " + "\n    ".join(problems))
        return bool(bad)


if __name__ == "__main__":
    sys.exit(main())
