"""The MkDocs plugin that turns the entry catalog into the site.

Registered as ``notation`` through the ``mkdocs.plugins`` entry point. Before the build
it validates every entry (a single problem fails the build) and starts running the worked
examples in worker processes; while building it writes each entry's own page
(``entries/<id>/``, a generated file kept out of the navigation) and each topic page's
overview of its entries, puts each example's output in place, and renders all math with
KaTeX; after the build it ships KaTeX's CSS and fonts with the site. It also publishes the entries
as data (``entries.json`` and its schema, ``notation_site.output.dataset``).
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
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.utils import get_relative_url

from notation_site.examples.pool import ExampleRunner
from notation_site.model.catalog import Catalog, load
from notation_site.model.paths import (
    EXAMPLE_PLACEHOLDER,
    FONT_CACHE,
    KATEX_ASSETS,
    PLOT_CACHE,
    PLOT_CACHE_ENV,
    SEARCH_DATA,
    SEARCH_FOLDER,
    entry_page,
    include_line,
)
from notation_site.output import views
from notation_site.output.a11y import label_math_links
from notation_site.output.csp import PolicyError, with_policy
from notation_site.output.dataset import DATASET, DATASET_SCHEMA, commit_of, dataset_json, schema_json
from notation_site.output.fonts import LICENCE as FONT_LICENCE
from notation_site.output.fonts import FontRules, renamed
from notation_site.output.katex import KatexRenderer, katex_dir
from notation_site.output.markup import inline_markdown
from notation_site.output.math import FONT_FALLBACKS, preload_fonts, render_math, write_fonts
from notation_site.output.pages import (
    Repository,
    entry_markdown,
    entry_page_source,
    expand_examples,
    included_snippets,
    rewrite_links,
    topic_overview,
)
from notation_site.output.reading import READ_ASSETS, reader_bundle, reader_data, reader_script
from notation_site.output.reproducible import ensure_source_date_epoch
from notation_site.output.symbol_links import link_symbols, symbol_cards
from notation_site.search.client import client_data
from notation_site.search.index import add_keys
from notation_site.search.material import check_config
from notation_site.search.results import results_data
from notation_site.validate import validate

log = logging.getLogger("mkdocs.plugins.notation")


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

    write_policy = True
    """Give every page its Content-Security-Policy (off under ``mkdocs serve``, see on_startup)."""

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # mkdocs serve adds an inline live-reload script to every page it serves, which the
        # policy would refuse: the preview goes without it (every build and test has it).
        self.write_policy = command != "serve"
        if not self.write_policy:
            log.info("mkdocs serve: the pages are served without their Content-Security-Policy (live reload is an inline script)")

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
        # read, never set: the workers are handed the folder (NOTATION_PLOT_CACHE overrides it)
        plot_cache = os.environ.get(PLOT_CACHE_ENV) or (self.cache / PLOT_CACHE if self.cache else None)
        self.katex = KatexRenderer(self.root, self.config.katex_macros)
        self.repo = Repository(self.config.repo_url, self.config.repo_branch) if self.config.repo_url else None
        self.examples = ExampleRunner(self.root, self.config.example_workers or None, Path(plot_cache) if plot_cache else None)
        if self.config.execute_examples:
            # in the order the pages are built, so the first page written waits least
            for entry in sorted(self.catalog.placed(), key=lambda e: entry_page(e.id)):
                for snippet in included_snippets(entry.body):
                    self.examples.submit(snippet)
        if self.config.render_math:
            self.katex_css = (katex_dir(self.root) / "dist/katex.min.css").read_text(encoding="utf-8")
            self.font_rules = FontRules.from_css(self.katex_css)
            config.extra_css.insert(0, f"{KATEX_ASSETS}/katex.min.css")
        config.extra_javascript.insert(0, SEARCH_DATA)
        return config

    def on_files(self, files: Files, config: Any) -> Files:
        # One page per placed entry, at a URL that depends only on its id. The entry files
        # themselves (docs/entries/, excluded from the docs) are replaced by generated pages
        # holding only the page's title and description; on_page_markdown writes the rest.
        # They stay out of the navigation: the nav lists topic pages, which link every entry.
        self.entry_pages = {}
        for entry in self.catalog.placed():
            src = entry_page(entry.id)
            old = files.get_file_from_path(src)
            if old is not None:
                files.remove(old)
            files.append(File.generated(config, src, content=entry_page_source(entry), inclusion=InclusionLevel.NOT_IN_NAV))
            self.entry_pages[src] = entry
        files.append(File.generated(config, SEARCH_DATA, content=client_data()))
        # the entries as data, at the site's root
        files.append(File.generated(config, DATASET, content=dataset_json(self.catalog, commit_of(self.root))))
        files.append(File.generated(config, DATASET_SCHEMA, content=schema_json()))
        self._add_reader(files, config)
        if not self.config.render_math:
            return files
        # the fonts are written after the build, cut down to the glyphs the formulas use
        css = FONT_FALLBACKS.sub("", self.katex_css)
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
        entry = self.entry_pages.get(src)
        if entry is not None:
            markdown = entry_markdown(entry, self.catalog, src, self.config.execute_examples, self.repo)
        else:
            markdown = rewrite_links(expand_examples(markdown, self.config.execute_examples), self.catalog, src)
        if topic is not None:
            markdown = markdown.rstrip() + "\n\n" + topic_overview(topic, self.catalog, src)
        try:
            return views.expand_views(markdown, self.catalog, src)
        except views.UnknownView as err:
            raise PluginError(f"docs/{src}: {err.args[0]}") from None

    def on_page_context(self, context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
        """On an entry's page, mark its topic active in the navigation (entry pages are not in it)."""
        entry = self.entry_pages.get(page.file.src_uri)
        topic = self.catalog.topic_of(entry) if entry is not None else None
        self._active_topic = next((p for p in nav.pages if topic and p.file.src_uri == topic.page), None)
        if self._active_topic is not None:
            self._active_topic.active = True
        return context

    @event_priority(-100)  # last: the policy hashes the inline scripts of the finished page
    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        if getattr(self, "_active_topic", None) is not None:
            self._active_topic.active = False
            self._active_topic = None
        src = f"docs/{page.file.src_uri}"
        return self._with_policy(self._finish_page(output, page, src), src)

    @event_priority(-100)
    def on_post_template(self, output_content: str, template_name: str, config: Any) -> str:
        """The theme's own pages (404.html) carry the policy too; sitemap.xml is left alone."""
        return self._with_policy(output_content, template_name) if template_name.endswith(".html") else output_content

    @event_priority(-50)  # after the search plugin has written its index
    def on_post_build(self, config: Any) -> None:
        try:
            self._finish_search_index(Path(config.site_dir) / SEARCH_FOLDER)
            if self.config.render_math:
                cache = self.cache / FONT_CACHE if self.cache else None
                write_fonts(Path(config.site_dir) / KATEX_ASSETS / "fonts", self.root, self.font_rules, self.katex.rendered(), cache)
        finally:
            self.katex.close()
            self.examples.close()

    def on_build_error(self, error: Exception) -> None:
        if hasattr(self, "katex"):
            self.katex.close()
        if hasattr(self, "examples"):
            self.examples.close()

    # -- helpers -------------------------------------------------------------

    def _with_policy(self, output: str, src: str) -> str:
        """The page with its Content-Security-Policy (``notation_site.output.csp``)."""
        if not self.write_policy:
            return output
        try:
            return with_policy(output)
        except PolicyError as err:
            raise PluginError(f"{src}: {err}") from None

    def _finish_page(self, output: str, page: Any, src: str) -> str:
        """The page with its examples in place and its math rendered, its symbols linked."""
        # The examples are put in only now, after the search plugin has read the page:
        # computed tables are numbers, not words to search for.
        output = self._insert_examples(output, src)
        if not self.config.render_math:
            return output
        names = {entry_id: entry.name for entry_id, entry in self.catalog.entries.items()}
        output, formulas, errors = render_math(output, src, self.katex, self.catalog, link=True)
        if errors:
            for message in dict.fromkeys(errors):
                log.error(message)
            raise PluginError(f"{len(errors)} formula(s) failed to render on {src} (listed above)")
        entry = self.entry_pages.get(page.file.src_uri)
        output = label_math_links(preload_fonts(output, formulas, page.url, self.font_rules), names, entry is not None)
        return link_symbols(output, self.cards, entry.id if entry else None, lambda url: get_relative_url(url, page.url))

    def _add_reader(self, files: Files, config: Any) -> None:
        """The formula reader's script, its data and KaTeX's script and full fonts (read/ only)."""

        def url(entry_id: str) -> str:
            page, _, anchor = self.catalog.url(entry_id).partition("#")
            file = files.get_file_from_path(page)
            return (file.url if file else page) + (f"#{anchor}" if anchor else "")

        new_entry = f"{self.repo.url.rstrip('/')}/issues/new?template=new-entry.yml" if self.repo else None
        data = reader_data(self.catalog, url, self.config.katex_macros, new_entry)
        if self.config.render_math:  # every formula of the site links its symbols, by the same reader
            self.katex.link_with(data)
            self.cards = symbol_cards(data)
        files.append(File.generated(config, READ_ASSETS["data"], content=reader_script(data)))
        files.append(File.generated(config, READ_ASSETS["reader"], content=reader_bundle()))
        dist = katex_dir(self.root) / "dist"
        files.append(File.generated(config, READ_ASSETS["katex"], abs_src_path=str(dist / "katex.min.js")))
        css = FONT_FALLBACKS.sub("", (dist / "katex.min.css").read_text(encoding="utf-8"))
        files.append(File.generated(config, READ_ASSETS["css"], content=css))
        full = READ_ASSETS["css"].rsplit("/", 1)[0]
        files.append(File.generated(config, f"{full}/LICENSE.txt", abs_src_path=str(katex_dir(self.root) / "LICENSE")))
        files.append(File.generated(config, f"{full}/fonts/LICENSE.txt", abs_src_path=str(FONT_LICENCE)))
        for font in sorted((dist / "fonts").glob("*.woff2")):
            files.append(File.generated(config, f"{READ_ASSETS['css'].rsplit('/', 1)[0]}/fonts/{font.name}", abs_src_path=str(font)))

    def _finish_search_index(self, folder: Path) -> None:
        """Add each entry's search keys to the index; write the rendered math of results."""
        path = folder / "search_index.json"
        if not path.is_file():
            return
        index = json.loads(path.read_text(encoding="utf-8"))
        problems = check_config(index["config"])
        if problems:
            raise PluginError("search: " + "; ".join(problems))
        add_keys(index, self.catalog)
        path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        if self.config.render_math:
            data = results_data(index, self.catalog, self.katex.render_many, inline_markdown)
            (folder / "results.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")

    def _included_at(self, snippet: str, page_src: str) -> str:
        """``file:line`` of the line that includes ``snippet`` (looked up only for an error)."""
        return self.catalog.where(include_line(snippet), page_src)

    def _insert_examples(self, output: str, src: str) -> str:
        """Put each example's output in its place; fail if one raised or printed nothing."""
        errors = []

        def repl(m: re.Match[str]) -> str:
            snippet = m.group(1)
            result = self.examples.result(snippet)
            if result.error is not None:
                errors.append(f"{result.error} (included by {self._included_at(snippet, src)})")
            elif not html.unescape(re.sub(r"<[^>]+>", "", result.output)).strip():
                errors.append(f"{snippet}:1: the example printed nothing (included by {self._included_at(snippet, src)})")
            return f'<div class="example" data-snippet="{snippet}">{result.output}</div>'

        output = EXAMPLE_PLACEHOLDER.sub(repl, output)
        if errors:
            for message in errors:
                log.error(message)
            raise PluginError(f"{len(errors)} example(s) failed on {src} (listed above)")
        return output
