"""Small pieces of page markup shared by the entry cards and the generated views."""

from __future__ import annotations

import html
import re

import markdown

_COPY_ICON = (
    '<svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">'
    '<path d="M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4'
    'a2 2 0 0 0-2 2v14h2V3h12V1Z"/></svg>'
)


def copy_button(text: str, label: str, visible: str = "") -> str:
    """A button that copies ``text``, with an icon and optional ``visible`` text.

    symbols.js shows it (it is hidden without JavaScript) and handles the click.

    >>> copy_button("\\\\odot", "LaTeX").split(">")[0]
    '<button type="button" class="copy-button" data-copy="\\\\odot" aria-label="Copy LaTeX \\\\odot" title="Copy LaTeX \\\\odot"'
    """
    value = html.escape(text, quote=True)
    aria = html.escape(f"Copy {label} {text}" if len(text) <= 40 else f"Copy {label}", quote=True)
    extra = f' data-search-exclude><span class="copy-button__text">{html.escape(visible)}</span>' if visible else ">"
    return f'<button type="button" class="copy-button" data-copy="{value}" aria-label="{aria}" title="{aria}"{extra}{_COPY_ICON}</button>'


def md_text(s: str) -> str:
    """Plain text made safe inside a Markdown span."""
    return re.sub(r"([\\`*_\[\]<$])", r"\\\1", s)


def inline_markdown(text: str) -> str:
    """One line of Markdown with $math$ (an entry's summary) as HTML, math left for KaTeX."""
    md = markdown.Markdown(extensions=["pymdownx.arithmatex"], extension_configs={"pymdownx.arithmatex": {"generic": True}})
    out = md.convert(text).strip()
    return out.removeprefix("<p>").removesuffix("</p>")
