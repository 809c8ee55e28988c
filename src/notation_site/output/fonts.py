"""KaTeX's fonts cut down to the glyphs the site's formulas draw, under a name of their own.

KaTeX ships every glyph of its twenty fonts (260 KB of woff2); a page downloads each font
its formulas use. After the build has rendered every formula, each font is subset (with
fontTools) to the characters drawn in it:

1. ``FontRules`` reads KaTeX's stylesheet: which ``@font-face`` file serves each
   (family, weight, style), and which classes set the family, weight or style.
2. ``FontRules.chars_by_file`` walks the visible (``katex-html``) part of each rendered
   formula, resolves the font of every text run as the browser's cascade does, and
   collects its characters per file. Rules under ``.katex`` made of class compounds (and
   ``span``) joined by descendant or child combinators are matched as the browser matches
   them; where a rule is anything else, every character goes into every file of the
   families it names; a run whose face has no file of its own goes into every file of its
   family.
3. ``subset_woff2`` writes each subset; the result is cached under a hash of its inputs.

The fonts are under the SIL Open Font License with Reserved Font Names (``KaTeX_Main``
...), and a subset is a Modified Version, which may not use them: the subsets are renamed
``NotationMath_*`` inside the font (name table), in the stylesheet and in the file names.
The copyright and licence records of the name table are kept unchanged, and the licence
ships beside the fonts (``katex-fonts-LICENSE.txt``).

>>> from notation_site.output.katex import katex_dir
>>> KATEX = katex_dir(Path(__file__).resolve().parents[3]) / "dist"
>>> rules = FontRules.from_css((KATEX / "katex.min.css").read_text(encoding="utf-8"))
>>> html = ('<span class="katex"><span class="katex-html" aria-hidden="true">'
...         '<span class="mord mathnormal">x</span><span class="mbin">×</span>'
...         '<span class="mord mathbb">R</span></span></span>')
>>> used = rules.chars_by_file([html])
>>> used["KaTeX_Math-Italic.woff2"], used["KaTeX_Main-Regular.woff2"], used["KaTeX_AMS-Regular.woff2"]
('x', '×', 'R')
>>> used["KaTeX_Size1-Regular.woff2"]  # no run is drawn with it
''
>>> tall = ('<span class="katex"><span class="katex-html" aria-hidden="true"><span class="delimsizing mult">'
...         '<span class="delimsizinginner delim-size4"><span>⎩</span></span></span></span></span>')
>>> rules.files_drawn([tall])  # .katex .delimsizing.mult .delim-size4 > span
['KaTeX_Size4-Regular.woff2']
"""

from __future__ import annotations

import hashlib
import html
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

LICENCE = Path(__file__).with_name("katex-fonts-LICENSE.txt")
ORIGINAL = "KaTeX_"
RENAMED = "NotationMath_"

_FONT_FACE = re.compile(r"@font-face\{([^}]*)\}")
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
# a selector the model matches: .katex, then compounds of classes or span, joined by ' ' or '>'
_SELECTOR = re.compile(r"^\.katex((?:\s*>\s*|\s+)(?:span)?(?:\.[\w-]+)*)*$")
_PART = re.compile(r"(\s*>\s*|\s+)(span)?((?:\.[\w-]+)*)")
_TOKEN = re.compile(r"<(/?)([a-zA-Z]+)([^>]*)>|([^<]+)")
_CLASS = re.compile(r'class="([^"]*)"')
_VISIBLE = '<span class="katex-html" aria-hidden="true">'


def renamed(text: str) -> str:
    """Stylesheet or file name with KaTeX's font names replaced by the subsets' names.

    >>> renamed("font-family:KaTeX_Main;src:url(fonts/KaTeX_Main-Regular.woff2)")
    'font-family:NotationMath_Main;src:url(fonts/NotationMath_Main-Regular.woff2)'
    """
    return text.replace(ORIGINAL, RENAMED)


def _declarations(block: str) -> dict[str, str]:
    out = {}
    for decl in block.split(";"):
        name, sep, value = decl.partition(":")
        if sep:
            out[name.strip()] = value.strip()
    if "font" in out:  # the shorthand on .katex: "normal 1.21em KaTeX_Main,math,Times New Roman,serif"
        words = out.pop("font").split()
        out.setdefault("font-style", "normal")
        out.setdefault("font-weight", "normal")
        out.setdefault("font-family", " ".join(w for w in words if not w[0].isdigit() and w != "normal"))
    if "font-family" in out:  # the first family, unquoted ("KaTeX_SansSerif" is quoted in places)
        out["font-family"] = out["font-family"].split(",")[0].strip().strip("'\"")
    return out


def _weight(value: str) -> int:
    return {"normal": 400, "bold": 700}.get(value, int(value) if value.isdigit() else 400)


@dataclass
class _Rule:
    parts: tuple[tuple[bool, frozenset[str]], ...]  # (child combinator before it, classes), outermost first
    specificity: int
    order: int
    props: dict[str, str]

    def matches(self, stack: tuple[frozenset[str], ...]) -> bool:
        """True if the last element of ``stack`` (spans, outermost first, inside ``.katex``)
        matches the selector."""
        *ancestors, (_, own) = self.parts
        if not own <= stack[-1]:
            return False
        at, child = len(stack) - 1, self.parts[-1][0]
        for is_child, classes in reversed(ancestors):
            candidates = [at - 1] if child else range(at - 1, -1, -1)
            at = next((i for i in candidates if i >= 0 and classes <= stack[i]), -1)
            if at < 0:
                return False
            child = is_child
        return True


@dataclass
class FontRules:
    """What KaTeX's stylesheet says about fonts: the faces and the rules that pick them."""

    faces: dict[tuple[str, int, str], str]  # (family, weight, style) -> woff2 file name
    root: dict[str, str]  # family, weight and style set on .katex
    rules: list[_Rule] = field(default_factory=list)
    everywhere: set[str] = field(default_factory=set)  # families named by rules not modelled
    _resolved: dict[tuple[frozenset[str], ...], list[str]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_css(cls, css: str) -> FontRules:
        faces = {}
        for m in _FONT_FACE.finditer(css):
            d = _declarations(m.group(1))
            woff2 = re.search(r"url\(fonts/([^)]+\.woff2)\)", d.get("src", ""))
            if woff2:
                faces[(d["font-family"], _weight(d.get("font-weight", "400")), d.get("font-style", "normal"))] = woff2.group(1)
        rules, root, everywhere = [], {}, set()
        for order, m in enumerate(_RULE.finditer(_FONT_FACE.sub("", css))):
            props = {k: v for k, v in _declarations(m.group(2)).items() if k in ("font-family", "font-weight", "font-style")}
            if not props:
                continue
            for selector in m.group(1).split(","):
                selector = selector.strip()
                if not _SELECTOR.match(selector):
                    everywhere.add(props.get("font-family", "*"))
                    continue
                found = _PART.findall(selector.removeprefix(".katex"))
                parts = tuple((">" in comb, frozenset(c for c in classes.split(".") if c)) for comb, _, classes in found)
                if not parts:
                    root.update(props)
                else:  # CSS specificity: a class outweighs any number of type selectors
                    specificity = 1000 * sum(len(c) for _, c in parts) + sum(bool(tag) for _, tag, _ in found)
                    rules.append(_Rule(parts, specificity, order, props))
        return cls(faces, root, rules, everywhere)

    def _own(self, stack: tuple[frozenset[str], ...]) -> dict[str, str]:
        """The font properties the last element of ``stack`` sets itself (the cascade)."""
        out: dict[str, tuple[tuple[int, int], str]] = {}
        for rule in self.rules:
            if rule.matches(stack):
                for name, value in rule.props.items():
                    if name not in out or (rule.specificity, rule.order) >= out[name][0]:
                        out[name] = ((rule.specificity, rule.order), value)
        return {name: value for name, (_, value) in out.items()}

    def _files(self, family: str, weight: int, style: str) -> list[str]:
        exact = self.faces.get((family, weight, style))
        if exact:
            return [exact]
        # no file for this face: the browser picks one of the family's (any, if it has none)
        return [f for (fam, _, _), f in self.faces.items() if fam == family] or list(self.faces.values())

    def _runs(self, formulas: Iterable[str]) -> Iterator[tuple[list[str], str]]:
        """Each text run of the visible part of these formulas: (the files that draw it, its text)."""
        for formula in formulas:
            start = formula.find(_VISIBLE)
            if start < 0:
                continue
            stack: list[frozenset[str]] = []
            depth_in_svg = 0
            for m in _TOKEN.finditer(formula, start):
                closing, tag, attrs, text = m.groups()
                if text is not None:
                    if not depth_in_svg and stack:
                        yield self._resolve(tuple(stack)), html.unescape(text)
                elif tag == "svg":
                    depth_in_svg += -1 if closing else 1
                elif tag == "span" and not depth_in_svg:
                    if closing:
                        stack.pop()
                        if not stack:
                            break  # the end of katex-html
                    elif not attrs.rstrip().endswith("/"):
                        c = _CLASS.search(attrs)
                        stack.append(frozenset(c.group(1).split()) if c else frozenset())

    def _resolve(self, stack: tuple[frozenset[str], ...]) -> list[str]:
        """The files that draw text inside elements with these classes (outermost first)."""
        files = self._resolved.get(stack)
        if files is None:
            props = dict(self.root)
            for depth in range(1, len(stack) + 1):  # outermost first, so inner elements win
                props.update(self._own(stack[:depth]))
            files = self._resolved[stack] = self._files(
                props["font-family"], _weight(props["font-weight"]), props["font-style"]
            )
        return files

    def chars_by_file(self, formulas: Iterable[str]) -> dict[str, str]:
        """For each font file, the characters the visible part of these formulas draws with it."""
        used: dict[str, set[str]] = {f: set() for f in self.faces.values()}
        seen: set[str] = set()
        for files, text in self._runs(formulas):
            chars = set(text)
            seen |= chars
            for f in files:
                used[f] |= chars
        for (family, _, _), f in self.faces.items():
            if family in self.everywhere or "*" in self.everywhere:
                used[f] |= seen
        return {f: "".join(sorted(chars)) for f, chars in used.items()}

    def files_drawn(self, formulas: Iterable[str]) -> list[str]:
        """The font files the text of these formulas is drawn with: what their page preloads.

        >>> from notation_site.output.katex import katex_dir
        >>> css = katex_dir(Path(__file__).resolve().parents[3]) / "dist/katex.min.css"
        >>> rules = FontRules.from_css(css.read_text(encoding="utf-8"))
        >>> rules.files_drawn(['<span class="katex-html" aria-hidden="true"><span class="mord mathnormal">x</span>'
        ...                    '<span class="mord">2</span></span>'])
        ['KaTeX_Main-Regular.woff2', 'KaTeX_Math-Italic.woff2']
        """
        return sorted({f for files, _ in self._runs(formulas) for f in files})


def subset_woff2(font: Path, chars: str, cache: Path | None = None) -> bytes:
    """``font`` (woff2) with only the glyphs of ``chars``, renamed from ``KaTeX_*`` to ``NotationMath_*``.

    >>> import io
    >>> from fontTools.ttLib import TTFont
    >>> from notation_site.output.katex import katex_dir
    >>> main = katex_dir(Path(__file__).resolve().parents[3]) / "dist/fonts/KaTeX_Main-Regular.woff2"
    >>> small = subset_woff2(main, "a×")
    >>> len(small) < main.stat().st_size
    True
    >>> font = TTFont(io.BytesIO(small))
    >>> [ord(c) in font.getBestCmap() for c in "a×b∫"], font["name"].getDebugName(1)
    ([True, True, False, False], 'NotationMath_Main')
    >>> "Reserved Font Name KaTeX_Main" in font["name"].getDebugName(13)  # the licence, as it was
    True
    """
    from fontTools import subset, version

    data = font.read_bytes()
    key = hashlib.sha256(b"\0".join([data, chars.encode("utf-8"), version.encode(), RENAMED.encode()])).hexdigest()
    cached = cache / f"{font.stem}-{key[:16]}.woff2" if cache else None
    if cached and cached.is_file():
        return cached.read_bytes()
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    loaded = subset.load_font(io.BytesIO(data), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(loaded)
    for record in loaded["name"].names:
        if record.nameID in (1, 3, 4, 6, 16, 17, 18, 21):  # names, not copyright or licence
            record.string = renamed(record.toUnicode())
    out = io.BytesIO()
    subset.save_font(loaded, out, options)
    result = out.getvalue()
    if cached:
        cached.parent.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(result)
    return result
