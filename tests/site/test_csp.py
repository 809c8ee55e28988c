"""The Content-Security-Policy every page carries (``notation_site.output.csp``).

On the built site, read with Python's HTML parser (not the build's own pattern): every HTML
page holds exactly one policy meta, in ``<head>`` before any script, style or link, and its
``script-src`` allows exactly the hashes of that page's own inline scripts. In the browser,
an inline script injected into a built page does not run. That no page of the site meets a
violation is checked by the sweep (``test_sweep.py``), which listens on every visit.
"""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from notation_site.output.csp import PolicyError, inline_scripts, policy_of, with_policy

META = "content-security-policy"
JS_TYPES = {None, "", "text/javascript", "application/javascript", "module"}


class _Head(HTMLParser):
    """The policies of a page, what comes before the first one, and its inline scripts' text
    (those inside Material's container, which instant navigation runs again, apart)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.policies: list[tuple[str, bool]] = []  # (content, inside <head>)
        self.before: list[str] = []  # the elements before the first policy, as tag names
        self.scripts: list[str] = []
        self.rerun: list[str] = []
        self._in_head = False
        self._container = 0  # open <div>s from Material's container down, 0 outside it
        self._script: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "head":
            self._in_head = True
        elif tag == "div" and (self._container or a.get("data-md-component") == "container"):
            self._container += 1
        elif tag == "meta" and (a.get("http-equiv") or "").lower() == META:
            self.policies.append((a.get("content") or "", self._in_head))
            return
        elif tag == "script" and "src" not in a and (a.get("type") or "").strip().lower() in JS_TYPES:
            self._script = []
        if not self.policies and tag not in ("html", "head"):
            self.before.append(tag if tag != "meta" else f"meta {' '.join(k for k, _ in attrs)}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self._in_head = False
        elif tag == "div" and self._container:
            self._container -= 1
        elif tag == "script" and self._script is not None:
            self.scripts.append("".join(self._script))
            if self._container:
                self.rerun.append(self.scripts[-1])
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def _directives(content: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in content.split(";") if d.strip()}


def _policies(built_site: Path) -> dict[str, _Head]:
    return {p.relative_to(built_site).as_posix(): _parsed(p) for p in sorted(built_site.rglob("*.html"))}


def _parsed(path: Path) -> _Head:
    parser = _Head()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def test_every_page_carries_one_policy_first_in_head_allowing_exactly_its_own_inline_scripts(built_site: Path):
    pages = _policies(built_site)
    assert {"index.html", "404.html", "read/index.html", "entries/softmax/index.html"} <= set(pages) and len(pages) > 100
    problems, rest = [], {}
    for where, parser in pages.items():
        if len(parser.policies) != 1 or not parser.policies[0][1]:
            problems.append(f"{where}: policies (content, in head) {parser.policies}")
            continue
        if parser.before != ["meta charset"]:
            problems.append(f"{where}: before the policy: {parser.before}")
        policy = _directives(parser.policies[0][0])
        hashes = [s for s in policy.get("script-src", []) if s.startswith("'sha256-")]
        own = {_hash(s) for s in parser.scripts}
        if not parser.scripts or set(hashes) != own or len(hashes) != len(own):
            problems.append(f"{where}: {len(parser.scripts)} inline scripts, hashes allowed {hashes}, theirs {sorted(own)}")
        policy["script-src"] = [s for s in policy.get("script-src", []) if s not in hashes]
        rest[where] = policy
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:40])
    # one policy on every page: only the hashes differ
    assert all(policy == rest["index.html"] for policy in rest.values())
    # After an instant navigation the browser enforces the policy of every page seen so far
    # (a policy meta, once read, cannot be taken back), and Material runs the new page's
    # container scripts again: those must be the same on every page.
    rerun = {where: sorted(parser.rerun) for where, parser in pages.items()}
    assert rerun["index.html"] and all(r == rerun["index.html"] for r in rerun.values()), rerun["index.html"]


def test_the_policy_refuses_what_it_should(built_site: Path):
    policy = _directives(_parsed(built_site / "read/index.html").policies[0][0])
    assert policy["default-src"] == ["'none'"]
    assert [s for s in policy["script-src"] if not s.startswith("'sha256-")] == ["'self'"]
    for name in ("worker-src", "style-src-elem", "connect-src", "font-src", "form-action"):
        assert policy[name] == ["'self'"], name
    assert policy["style-src-attr"] == ["'unsafe-inline'"]  # KaTeX's style attributes
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]  # only browsers without -elem and -attr read it
    assert policy["img-src"] == ["'self'", "data:"]  # Material's icons
    assert policy["base-uri"] == policy["object-src"] == ["'none'"]
    assert "frame-ancestors" not in policy  # ignored in a meta: it would only mislead


def test_only_scripts_the_browser_runs_are_hashed_and_each_once():
    page = (
        '<html><head><meta charset="utf-8"><script src="a.js"></script>'
        '<script id="__config" type="application/json">{"a": 1}</script>'
        "<script>go()</script><script type='module'>m()</script></head>"
        "<body><script>go()</script><SCRIPT TYPE=text/javascript>x()</SCRIPT></body></html>"
    )
    out = with_policy(page)
    assert inline_scripts(out) == ["go()", "m()", "go()", "x()"]
    assert policy_of(out)["script-src"] == ["'self'", _hash("go()"), _hash("m()"), _hash("x()")]


def test_a_page_without_head_or_with_a_policy_already_is_refused():
    with pytest.raises(PolicyError, match="no <head>"):
        with_policy("<p>no head</p>")
    with pytest.raises(PolicyError, match="already holds"):
        with_policy(with_policy('<html><head><meta charset="utf-8"></head></html>'))


def test_the_build_writes_the_policy_into_the_themes_pages_and_mkdocs_serve_goes_without():
    """mkdocs serve adds an inline live-reload script to every page it serves: its preview has no
    policy, which would refuse that script; a build has it, on 404.html too."""
    from notation_site.plugin import NotationPlugin

    page = '<html><head><meta charset="utf-8"></head><body></body></html>'
    for command, expected in (("build", True), ("gh-deploy", True), ("serve", False)):
        plugin = NotationPlugin()
        plugin.on_startup(command=command, dirty=False)
        assert (META in plugin.on_post_template(page, template_name="404.html", config=None).lower()) is expected
        assert plugin.on_post_template("<urlset/>", template_name="sitemap.xml", config=None) == "<urlset/>"


@pytest.mark.browser
def test_an_inline_script_injected_into_a_built_page_does_not_run(browser, base_url, built_site):
    from sweep import CSP_LISTENER

    page_path = "entries/softmax/"
    original = (built_site / page_path / "index.html").read_text(encoding="utf-8")
    article = '<article class="md-content__inner md-typeset">'
    assert original.count(article) == 1
    injected = original.replace(article, article + "<script>window.__injected=1</script><style>body{display:none}</style>")
    context = browser.new_context()
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    # the injected copy is served at the page's own address; its assets come from the site
    page.route(base_url + page_path, lambda route: route.fulfill(status=200, content_type="text/html", body=injected))
    page.goto(base_url + page_path, wait_until="load")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__injected") is None
    assert page.evaluate("getComputedStyle(document.body).display") != "none"
    violations = page.evaluate("window.__cspViolations")
    assert len(violations) == 2 and violations[0].startswith("script-src-elem blocked inline"), violations
    assert violations[1].startswith("style-src-elem blocked inline"), violations
    # the page's own inline script (Material's __md_scope) and files (ours, Material's bundle) ran
    assert page.evaluate("typeof __md_scope") == "object"
    classes = page.evaluate("[...document.documentElement.classList]")
    assert "notation-js" in classes and "js" in classes and "no-js" not in classes, classes
    context.close()
