"""The Content-Security-Policy every page of the site carries, in a ``<meta>`` tag.

A static host may send no headers, so the build writes the policy into each page, right
after the ``<meta charset>`` (which must stay within the first 1024 bytes) and before any
script, style or link it governs. Scripts run only from the site's own files and from the
inline scripts the page itself holds, each allowed by its SHA-256 hash, computed here from
the page as written; an inline script a link or a slip puts into a page has no hash in the
policy and does not run. ``frame-ancestors`` is not set: browsers ignore it in a ``<meta>``.

Under Material's instant navigation the browser keeps every policy it has read (a policy
meta cannot be taken back) and adds each new page's, while Material runs the inline scripts
of the new page's content again; so such a script must be the same on every page (Material's
one is). The site's own scripts are files, and must not use ``eval`` or ``new Function``.

>>> page = '<html><head><meta charset="utf-8"><script>go()</script></head><body></body></html>'
>>> out = with_policy(page)
>>> out.index("Content-Security-Policy") < out.index("<script>")
True
>>> inline_scripts(out)
['go()']
>>> script_hash("go()") in policy_of(out)["script-src"]
True
"""

from __future__ import annotations

import base64
import hashlib
import html
import re

DIRECTIVES: tuple[tuple[str, str], ...] = (
    ("default-src", "'none'"),
    # the site's files; the page's own inline scripts are added by hash (Material's)
    ("script-src", "'self'"),
    # Material's search runs lunr in a worker loaded from the site
    ("worker-src", "'self'"),
    # the search index and results, and the pages and sitemap instant navigation fetches
    ("connect-src", "'self'"),
    # KaTeX positions every glyph with a style attribute (KaTeX/KaTeX#4096), which a hash
    # cannot allow (only 'unsafe-hashes' could, one hash per distinct attribute: over a
    # thousand on this site), so style attributes are 'unsafe-inline'; <style> and
    # stylesheet links stay with the site's files. style-src is read only by browsers that
    # predate the -elem/-attr split (CSP level 3), where it keeps formulas laid out.
    ("style-src", "'self' 'unsafe-inline'"),
    ("style-src-elem", "'self'"),
    ("style-src-attr", "'unsafe-inline'"),
    ("font-src", "'self'"),
    # Material's stylesheet draws its icons (admonitions, copy button, arrows) from data: SVGs
    ("img-src", "'self' data:"),
    ("base-uri", "'none'"),
    ("form-action", "'self'"),
    ("object-src", "'none'"),
)
"""The policy's directives and sources, in the order written; ``script-src`` gets the hashes."""

EXECUTABLE_TYPES = frozenset({"", "text/javascript", "application/javascript", "module"})
"""``type`` values of a ``<script>`` the browser runs; any other (``application/json``) is data."""

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)
_SRC = re.compile(r"(?:^|\s)src\s*=", re.IGNORECASE)
_TYPE = re.compile(r"""(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
_HEAD = re.compile(r'<head>(?:(\s*)<meta charset="utf-8">)?', re.IGNORECASE)
_META = re.compile(r'\s*<meta http-equiv="Content-Security-Policy" content="([^"]*)">', re.IGNORECASE)


class PolicyError(ValueError):
    """A page the policy cannot be written into (no ``<head>``, or a policy already there)."""


def inline_scripts(page: str) -> list[str]:
    """The text of every inline ``<script>`` of ``page`` that a browser would run."""
    found = []
    for m in _SCRIPT.finditer(page):
        attrs, text = m.group(1), m.group(2)
        kind = _TYPE.search(attrs)
        kind = "".join(g or "" for g in kind.groups()).strip().lower() if kind else ""
        if not _SRC.search(attrs) and kind in EXECUTABLE_TYPES:
            found.append(text)
    return found


def script_hash(text: str) -> str:
    """The CSP source that allows an inline script: its UTF-8 text's SHA-256, in base64.

    >>> script_hash("")
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    """
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(scripts: list[str]) -> str:
    """The policy string for a page whose inline scripts are ``scripts`` (hashes in page order,
    each once).

    >>> policy([]).startswith("default-src 'none'; script-src 'self'; worker-src 'self'")
    True
    """
    hashes = list(dict.fromkeys(script_hash(s) for s in scripts))
    parts = [" ".join([name, sources, *hashes] if name == "script-src" else [name, sources]) for name, sources in DIRECTIVES]
    return "; ".join(parts)


def with_policy(page: str) -> str:
    """``page`` with its policy meta first in ``<head>`` (after ``<meta charset>``)."""
    if _META.search(page):
        raise PolicyError("the page already holds a Content-Security-Policy meta")
    head = _HEAD.search(page)
    if head is None:
        raise PolicyError("the page has no <head> to hold its Content-Security-Policy")
    meta = f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy(inline_scripts(page)), quote=False)}">'
    indent = "\n" + (head.group(1) or "").rsplit("\n", 1)[-1]  # the charset line's
    return page[: head.end()] + indent + meta + page[head.end() :]


def policy_of(page: str) -> dict[str, list[str]]:
    """The directives of the policy meta in ``page``, each with its sources ({} when none)."""
    m = _META.search(page)
    if m is None:
        return {}
    directives = (d.split() for d in html.unescape(m.group(1)).split(";"))
    return {d[0]: d[1:] for d in directives if d}


def without_policy(page: str) -> str:
    """``page`` with its policy meta removed (for a benchmark baseline that is not the site).

    >>> page = '<html><head><meta charset="utf-8"></head></html>'
    >>> without_policy(with_policy(page)) == page
    True
    """
    return _META.sub("", page, count=1)
