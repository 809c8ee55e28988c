"""The MkDocs plugin that turns the entry catalog into the site.

Registered as ``notation`` through the ``mkdocs.plugins`` entry point. Before the build
it validates every entry (a single problem fails the build) and starts running the worked
examples in worker processes; while building it writes each entry into its topic page,
puts each example's output in place, and renders all math with KaTeX; after the build it
ships KaTeX's CSS and fonts with the site.
"""

from __future__ import annotations

import html
import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_relative_url

from notation_site import search, views
from notation_site.a11y import label_math_links
from notation_site.catalog import Catalog, load
from notation_site.examples import ExampleRunner
from notation_site.fonts import LICENCE as FONT_LICENCE
from notation_site.fonts import FontRules, renamed, subset_woff2
from notation_site.katex import KatexError, KatexRenderer, katex_dir
from notation_site.latex import lint_tex
from notation_site.pages import Repository, entry_markdown, expand_examples, included_snippets, rewrite_links
from notation_site.reproducible import ensure_source_date_epoch
from notation_site.validate import validate

log = logging.getLogger("mkdocs.plugins.notation")

_ARITHMATEX = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.DOTALL)
_EXAMPLE = re.compile(r"<!-- example (snippets/\S+) -->")
_TRACEBACK_LINE = re.compile(r'<code block: id (\S+?)>", line (\d+)')
_FONT_FALLBACKS = re.compile(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')
KATEX_ASSETS = "assets/katex"
SEARCH_DATA = "assets/javascripts/notation-search-data.js"


class NotationConfig(Config):
    katex_macros = c.Type(dict, default={})
    """Macros KaTeX expands in every formula, e.g. ``{"\\R": "\\mathbb{R}"}``."""
    render_math = c.Type(bool, default=True)
    """Render math with KaTeX at build time. Off leaves TeX in ``arithmatex`` spans (for the
    in-browser MathJax baseline of ``make bench``)."""
    cache_dir = c.Type(str, default=".cache")
    """Folder, relative to mkdocs.yml, for what is kept between builds: drawn plots (``plots/``,
    keyed by a hash of their data, so a changed number draws a new plot) and font subsets
    (``fonts/``). Empty turns the caches off."""
    execute_examples = c.Type(bool, default=True)
    """Run the snippets. Off shows their code without running them (to measure their cost)."""
    example_workers = c.Type(int, default=0)
    """Processes that run the snippets while the pages are built; 0 picks one per core, less
    the one that builds the pages."""
    repo_url = c.Optional(c.Type(str))
    """The repository's web address (``https://github.com/owner/name``): each entry then links to
    "Suggest an edit" and "Report a problem with this entry". Not Material's ``repo_url``,
    which makes every page call api.github.com."""
    repo_branch = c.Type(str, default="main")
    """The branch that "Suggest an edit" edits."""


class NotationPlugin(BasePlugin[NotationConfig]):
    """Validate entries, assemble topic pages, check examples, render math."""

    def on_config(self, config: Any) -> Any:
        self.root = Path(config.config_file_path).resolve().parent
        ensure_source_date_epoch(self.root)
        self.catalog: Catalog = load(self.root)
        problems = validate(self.catalog)
        if problems:
            for problem in problems:
                log.error(str(problem))
            raise PluginError(f"{len(problems)} problem(s) in the entries (listed above); the site was not built")
        self.cache = self.root / self.config.cache_dir if self.config.cache_dir else None
        if self.cache:
            os.environ.setdefault("NOTATION_PLOT_CACHE", str(self.cache / "plots"))
        self.katex = KatexRenderer(self.root, self.config.katex_macros)
        self.repo = Repository(self.config.repo_url, self.config.repo_branch) if self.config.repo_url else None
        self.examples = ExampleRunner(self.root, self.config.example_workers or None)
        if self.config.execute_examples:
            # in the order the pages are built, so the first page written waits least
            for topic in sorted(self.catalog.topics, key=lambda t: t.page):
                for entry in self.catalog.topic_entries(topic):
                    for snippet in included_snippets(entry.body):
                        self.examples.submit(snippet)
        if self.config.render_math:
            self.katex_css = (katex_dir(self.root) / "dist/katex.min.css").read_text(encoding="utf-8")
            self.font_rules = FontRules.from_css(self.katex_css)
            config.extra_css.insert(0, f"{KATEX_ASSETS}/katex.min.css")
        config.extra_javascript.insert(0, SEARCH_DATA)
        return config

    def on_files(self, files: Files, config: Any) -> Files:
        files.append(File.generated(config, SEARCH_DATA, content=search.client_data()))
        if not self.config.render_math:
            return files
        # the fonts are written after the build, cut down to the glyphs the formulas use
        css = _FONT_FALLBACKS.sub("", self.katex_css)
        files.append(File.generated(config, f"{KATEX_ASSETS}/katex.min.css", content=renamed(css)))
        licence = katex_dir(self.root) / "LICENSE"
        files.append(File.generated(config, f"{KATEX_ASSETS}/LICENSE.txt", abs_src_path=str(licence)))
        files.append(File.generated(config, f"{KATEX_ASSETS}/fonts/LICENSE.txt", abs_src_path=str(FONT_LICENCE)))
        return files

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Files) -> str:
        src = page.file.src_uri
        topic = self.catalog.topic_by_page.get(src)
        if self.config.execute_examples:
            for snippet in included_snippets(markdown):
                self.examples.submit(snippet)
        markdown = rewrite_links(expand_examples(markdown, self.config.execute_examples), self.catalog, src)
        if topic is not None:
            entries = [
                entry_markdown(e, self.catalog, src, self.config.execute_examples, self.repo)
                for e in self.catalog.topic_entries(topic)
            ]
            markdown = markdown.rstrip() + "\n\n" + "\n\n".join(entries)
        try:
            return views.expand_views(markdown, self.catalog, src)
        except views.UnknownView as err:
            raise PluginError(f"docs/{src}: {err.args[0]}") from None

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        src = f"docs/{page.file.src_uri}"
        # The examples are put in only now, after the search plugin has read the page:
        # computed tables are numbers, not words to search for.
        output = self._insert_examples(output, src)
        if not self.config.render_math:
            return output
        names = {entry_id: entry.name for entry_id, entry in self.catalog.entries.items()}
        output, formulas = self._render_math(output, src)
        return label_math_links(self._preload_fonts(output, formulas, page.url), names)

    @event_priority(-50)  # after the search plugin has written its index
    def on_post_build(self, config: Any) -> None:
        try:
            self._finish_search_index(Path(config.site_dir) / "search")
            if self.config.render_math:
                self._write_fonts(Path(config.site_dir) / KATEX_ASSETS / "fonts")
        finally:
            self.katex.close()
            self.examples.close()

    def on_build_error(self, error: Exception) -> None:
        if hasattr(self, "katex"):
            self.katex.close()
        if hasattr(self, "examples"):
            self.examples.close()

    # -- helpers -------------------------------------------------------------

    def _where(self, needle: str, page_src: str) -> str:
        """``file:line`` of the first entry (or page) source that contains ``needle``."""
        candidates = [(e.path.as_posix(), e.text) for e in self.catalog.all_entries]
        page_path = self.root / page_src
        if page_path.is_file():
            candidates.insert(0, (page_src, page_path.read_text(encoding="utf-8")))
        for path, text in candidates:
            pos = text.find(needle)
            if pos >= 0:
                return f"{path}:{text.count(chr(10), 0, pos) + 1}"
        return page_src

    def _finish_search_index(self, folder: Path) -> None:
        """Add each entry's search keys to the index; write the rendered math of results."""
        path = folder / "search_index.json"
        if not path.is_file():
            return
        index = json.loads(path.read_text(encoding="utf-8"))
        problems = search.check_config(index["config"], index)
        if problems:
            raise PluginError("search: " + "; ".join(problems))
        search.add_keys(index, self.catalog)
        path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if self.config.render_math:
            data = search.results_data(index, self.catalog, self.katex.render_many, views.inline_markdown)
            (folder / "results.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")

    def _write_fonts(self, folder: Path) -> None:
        """KaTeX's fonts, each with only the glyphs the site's formulas draw with it."""
        dist = katex_dir(self.root) / "dist"
        folder.mkdir(parents=True, exist_ok=True)
        cache = self.cache / "fonts" if self.cache else None
        for name, chars in self.font_rules.chars_by_file(self.katex.rendered()).items():
            (folder / renamed(name)).write_bytes(subset_woff2(dist / "fonts" / name, chars, cache))

    def _preload_fonts(self, output: str, formulas: list[str], page_url: str) -> str:
        """Ask for every font the page's formulas are drawn with as the page starts loading.

        Left to the stylesheet, a font is requested only once a formula that needs it is laid
        out, which on a long page comes after most of the HTML has arrived: the formulas wait
        for it, and ones first laid out in a fallback font change size and push the page down.
        The subsets are a few KB each, and a page preloads only those it uses.
        """
        links = "".join(
            f'<link rel="preload" href="{get_relative_url(f"{KATEX_ASSETS}/fonts/{renamed(name)}", page_url)}"'
            ' as="font" type="font/woff2" crossorigin>'
            for name in self.font_rules.files_drawn(formulas)
        )
        return output.replace("</head>", links + "</head>", 1)

    def _included_at(self, snippet: str, page_src: str) -> str:
        """``file:line`` of the line that includes ``snippet`` (looked up only for an error)."""
        return self._where(f'--8<-- "{snippet}"', page_src)

    def _insert_examples(self, output: str, src: str) -> str:
        """Put each example's output in its place; fail if one raised or printed nothing."""
        errors = []

        def repl(m: re.Match[str]) -> str:
            snippet = m.group(1)
            body = self.examples.output(snippet)
            plain = html.unescape(re.sub(r"<[^>]+>", "", body))
            if "Traceback (most recent call last)" in plain:
                lines = [n for name, n in _TRACEBACK_LINE.findall(plain) if name == snippet]
                reason = plain.strip().splitlines()[-1].strip()
                errors.append(f"{snippet}:{lines[-1] if lines else 1}: the example raised {reason} (included by {self._included_at(snippet, src)})")
            elif not plain.strip():
                errors.append(f"{snippet}:1: the example printed nothing (included by {self._included_at(snippet, src)})")
            return f'<div class="example" data-snippet="{snippet}">{body}</div>'

        output = _EXAMPLE.sub(repl, output)
        if errors:
            for message in errors:
                log.error(message)
            raise PluginError(f"{len(errors)} example(s) failed on {src} (listed above)")
        return output

    def _render_math(self, output: str, src: str) -> tuple[str, list[str]]:
        """The page with every formula rendered by KaTeX, and the formulas' HTML."""
        matches = list(_ARITHMATEX.finditer(output))
        formulas = []
        for m in matches:
            raw = html.unescape(m.group(2)).strip()
            display = m.group(1) == "div"
            formulas.append((raw[2:-2].strip() if raw[:2] in ("\\(", "\\[") else raw, display))
        rendered = self.katex.render_many(formulas)
        errors = []
        for (tex, _), result in zip(formulas, rendered, strict=True):
            problems = [str(result)] if isinstance(result, KatexError) else lint_tex(tex)
            for problem in problems:
                errors.append(f"{self._where(tex, src)}: {problem} in ${tex}$ (page {src})")
        if errors:
            for message in dict.fromkeys(errors):
                log.error(message)
            raise PluginError(f"{len(errors)} formula(s) failed to render on {src} (listed above)")
        it = iter(rendered)

        def repl(m: re.Match[str]) -> str:
            html_ = str(next(it))
            return f'<div class="math-display">{html_}</div>' if m.group(1) == "div" else html_

        return _ARITHMATEX.sub(repl, output), [html_ for html_ in rendered if isinstance(html_, str)]
