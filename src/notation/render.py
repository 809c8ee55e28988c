"""Turn arrays and numbers into HTML for the site's worked examples.

Snippets print what these helpers return. The output is HTML, inserted into the page
as it is (no second Markdown pass), and math is written as ``$...$`` inside labels and
text: it becomes ``<span class="arithmatex">`` markup that the build renders with KaTeX.
Numbers are printed with a fixed precision so that two builds give the same page.
"""

from __future__ import annotations

import hashlib
import html
import math as _math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "math",
    "display_math",
    "text",
    "fmt",
    "sci",
    "code",
    "fmt_array",
    "shape_str",
    "table",
    "facts",
    "note",
    "line_plot",
]

_MATH = re.compile(r"\$(.+?)\$")


def math(tex: str) -> str:
    """Inline math markup for the TeX ``tex`` (no dollars), rendered by KaTeX at build time.

    >>> math(r"x_i")
    '<span class="arithmatex">\\\\(x_i\\\\)</span>'
    """
    return f'<span class="arithmatex">\\({html.escape(tex, quote=False)}\\)</span>'


def display_math(tex: str) -> str:
    """Display (block) math markup for the TeX ``tex`` (no dollars), rendered by KaTeX at build time.

    >>> display_math("a = b")
    '<div class="arithmatex">\\\\[a = b\\\\]</div>'
    """
    return f'<div class="arithmatex">\\[{html.escape(tex, quote=False)}\\]</div>'


def text(s: str) -> str:
    """Escape the text ``s`` for HTML, turning each ``$...$`` part into inline math. Labels,
    captions and string cells of the other helpers go through it.

    >>> text("row $i$ < 3")
    'row <span class="arithmatex">\\\\(i\\\\)</span> &lt; 3'
    """
    out, pos = [], 0
    for m in _MATH.finditer(s):
        out.append(html.escape(s[pos : m.start()], quote=False))
        out.append(math(m.group(1)))
        pos = m.end()
    out.append(html.escape(s[pos:], quote=False))
    return "".join(out)


def fmt(x: Any, precision: int = 3) -> str:
    """One number ``x`` (a float, an int, a bool or a NumPy scalar) as text: a float with
    ``precision`` decimals, an int whole (with thousands commas from 10,000), a bool as
    True/False; minus signs are typographic (−) and ``-inf`` prints as −∞.

    >>> fmt(0.1234567), fmt(-3), fmt(float("-inf")), fmt(-0.0001), fmt(True)
    ('0.123', '−3', '−∞', '0.000', 'True')
    """
    if isinstance(x, (bool, np.bool_)):
        return str(bool(x))
    if isinstance(x, (int, np.integer)):
        return (f"{int(x):,}" if abs(int(x)) >= 10_000 else str(int(x))).replace("-", "−")
    value = float(x)
    if _math.isnan(value):
        return "NaN"
    if _math.isinf(value):
        return "∞" if value > 0 else "−∞"
    s = f"{value:.{precision}f}"
    if float(s) == 0:  # no "-0.000"
        s = s.lstrip("-")
    return s.replace("-", "−")


def sci(x: Any, digits: int = 3) -> str:
    """The number ``x`` in scientific notation as inline math, ``$m \\times 10^{k}$``, with
    ``digits`` significant digits (no power for 10⁰); 0, ±∞ and NaN print as themselves. Use it for values
    too small or too large for fixed decimals; it can go in table cells and labels.

    >>> sci(4.2e-18), sci(-123456.0, 2), sci(0.0)
    ('$4.20 \\\\times 10^{-18}$', '$-1.2 \\\\times 10^{5}$', '0')
    """
    value = float(x)
    if value == 0 or not _math.isfinite(value):
        return fmt(value, 0)
    k = _math.floor(_math.log10(abs(value)))
    m = round(value / 10**k, digits - 1)
    if abs(m) >= 10:  # 9.996e-9 rounds up to 10.0e-9: renormalise
        m, k = m / 10, k + 1
    return f"${m:.{digits - 1}f}$" if k == 0 else f"${m:.{digits - 1}f} \\times 10^{{{k}}}$"


def code(s: str) -> str:
    """The text ``s`` shown as a block of code (monospace, escaped), e.g. the LaTeX source of a matrix.

    >>> code("a & b")
    '<pre class="computed-code"><code>a &amp; b</code></pre>'
    """
    return f'<pre class="computed-code"><code>{html.escape(s, quote=False)}</code></pre>'


def fmt_array(a: ArrayLike, precision: int = 3) -> str:
    """The array ``a`` (a vector, or nested rows) as ``[a, b, c]``, each number printed by
    ``fmt`` with ``precision`` decimals; a 0-d array prints as its number.

    >>> fmt_array([0.5, 1 / 3]), fmt_array([[1, 2], [3, 4]], precision=1)
    ('[0.500, 0.333]', '[[1, 2], [3, 4]]')
    """
    arr = np.asarray(a)
    if arr.ndim == 0:
        return fmt(arr.item(), precision)
    return "[" + ", ".join(fmt_array(row, precision) for row in arr) + "]"


def shape_str(shape: Sequence[int] | ArrayLike) -> str:
    """The shape ``shape`` (a tuple, or an array whose shape is meant) as people write it,
    e.g. ``3 × 4``; a scalar's shape ``()`` is "scalar".

    >>> shape_str((3, 4)), shape_str(np.zeros(5)), shape_str(())
    ('3 × 4', '5', 'scalar')
    """
    if isinstance(shape, np.ndarray):
        dims = shape.shape
    else:
        dims = tuple(shape)  # type: ignore[arg-type]
    if not all(isinstance(d, (int, np.integer)) for d in dims):
        dims = np.shape(shape)
    return " × ".join(str(int(d)) for d in dims) if dims else "scalar"


def table(
    a: ArrayLike,
    row_labels: Iterable[Any] | None = None,
    col_labels: Iterable[Any] | None = None,
    precision: int = 3,
    corner: str = "",
    caption: str | None = None,
) -> str:
    """An HTML table of ``a``, a vector (shown as one row) or a matrix.

    ``row_labels`` and ``col_labels`` (one per row, one per column; a wrong count raises
    ``ValueError``) label the rows and head the columns; ``corner`` heads the column of row
    labels (without it that cell is an empty data cell, not an empty header); ``caption`` is
    shown above. Labels, corner and caption may hold ``$...$`` math. Numbers are printed by
    ``fmt`` with ``precision`` decimals; a cell that is a string (an object array, such as
    ``np.array([["yes", 0.5]], dtype=object)``) is shown as text, math included.

    >>> print(table([[1.0, 2.5]], row_labels=["$x$"], col_labels=["a", "b"], precision=1))
    <table class="computed">
    <thead><tr><td></td><th>a</th><th>b</th></tr></thead>
    <tbody>
    <tr><th><span class="arithmatex">\\(x\\)</span></th><td>1.0</td><td>2.5</td></tr>
    </tbody>
    </table>
    """
    arr = np.asarray(a)
    if arr.ndim == 1:
        arr = arr[np.newaxis, :]
    if arr.ndim != 2:
        raise ValueError(f"table() takes a vector or a matrix, got shape {arr.shape}")
    rows = list(row_labels) if row_labels is not None else None
    cols = list(col_labels) if col_labels is not None else None
    if rows is not None and len(rows) != arr.shape[0]:
        raise ValueError(f"{len(rows)} row labels for {arr.shape[0]} rows")
    if cols is not None and len(cols) != arr.shape[1]:
        raise ValueError(f"{len(cols)} column labels for {arr.shape[1]} columns")
    lines = ['<table class="computed">']
    if caption:
        lines.append(f"<caption>{text(caption)}</caption>")
    if cols is not None:
        first = f"<th>{text(corner)}</th>" if corner else "<td></td>"
        head = ([first] if rows is not None else []) + [
            f"<th>{text(str(c))}</th>" for c in cols
        ]
        lines.append(f"<thead><tr>{''.join(head)}</tr></thead>")
    lines.append("<tbody>")
    for i, row in enumerate(arr):
        cells = [f"<td>{_cell(v, precision)}</td>" for v in row]
        label = [f"<th>{text(str(rows[i]))}</th>"] if rows is not None else []
        lines.append(f"<tr>{''.join(label + cells)}</tr>")
    lines.append("</tbody>")
    lines.append("</table>")
    return "\n".join(lines)


def _cell(v: Any, precision: int) -> str:
    if isinstance(v, str):
        return text(v)
    return fmt(v, precision)


def facts(items: Mapping[str, Any], precision: int = 3) -> str:
    """A definition list of computed facts: ``items`` maps each label (which may hold
    ``$...$``) to its value, in order. A number is printed by ``fmt`` with ``precision``
    decimals, an array by ``fmt_array``, a string as text (math included): format anything
    else (a shape, a number with its unit) into a string first.

    >>> print(facts({"sum": 1.0, "$p$": [0.25, 0.75], "shape": "2 × 3"}, precision=2))
    <dl class="computed">
    <dt>sum</dt><dd>1.00</dd>
    <dt><span class="arithmatex">\\(p\\)</span></dt><dd>[0.25, 0.75]</dd>
    <dt>shape</dt><dd>2 × 3</dd>
    </dl>
    """
    lines = ['<dl class="computed">']
    for label, value in items.items():
        shown = text(value) if isinstance(value, str) else (
            fmt_array(value, precision) if np.ndim(value) else fmt(value, precision)
        )
        lines.append(f"<dt>{text(label)}</dt><dd>{shown}</dd>")
    lines.append("</dl>")
    return "\n".join(lines)


def note(s: str) -> str:
    """A paragraph of the explanatory text ``s``, which may hold ``$...$`` math.

    >>> note("so $p$ sums to 1")
    '<p>so <span class="arithmatex">\\\\(p\\\\)</span> sums to 1</p>'
    """
    return f"<p>{text(s)}</p>"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def _power_of_ten(value: float, _pos: object = None) -> str:
    """A log-axis tick label: ``10⁻³`` for exact powers of ten, the number otherwise.

    >>> _power_of_ten(0.001), _power_of_ten(1.0), _power_of_ten(20.0)
    ('10⁻³', '1', '20')
    """
    if value <= 0:
        return ""
    k = round(_math.log10(value))
    if abs(value - 10.0**k) > 1e-9 * value:
        return f"{value:g}"
    return "1" if k == 0 else "10" + str(k).translate(_SUPERSCRIPT)


def line_plot(
    x: ArrayLike,
    series: Mapping[str, ArrayLike],
    *,
    title: str,
    alt: str,
    xlabel: str = "",
    ylabel: str = "",
    logy: bool = False,
    mark: tuple[float, float] | None = None,
) -> str:
    """An inline, accessible, deterministic SVG line plot of one or more series over ``x``.

    ``series`` maps each line's legend label to its values (as many as ``x``; a legend is
    drawn when there are several). ``title`` is the heading; ``alt`` is the text alternative
    and should state the take-away; both are also the visible caption. ``xlabel`` and
    ``ylabel`` name the axes, in plain text (matplotlib's mathtext for ``$...$``); ``logy``
    draws the y axis on a log scale; ``mark``, an ``(x, y)`` point, adds a dot at a point of
    interest (a maximum, say). The SVG carries ``role="img"``, a ``<title>`` and a ``<desc>``,
    no timestamp, and ids made from a fixed salt, so two builds produce identical bytes.

    >>> svg = line_plot([0, 1, 2], {"y": [0, 1, 4]}, title="Squares", alt="y grows as x squared")
    >>> svg.startswith('<figure class="plot">'), "<title" in svg, "y grows as x squared" in svg
    (True, True, True)
    >>> svg == line_plot([0, 1, 2], {"y": [0, 1, 4]}, title="Squares", alt="y grows as x squared")
    True

    Drawing is the slow part of an example, so when the environment variable
    ``NOTATION_PLOT_CACHE`` names a folder (the site build sets it), the SVG is kept there
    under a hash of everything it depends on: the data, the labels, this module and
    matplotlib's version. The numbers are still computed on every build.
    """
    cache = os.environ.get("NOTATION_PLOT_CACHE")
    if cache:
        key = _plot_key(x, series, title, alt, xlabel, ylabel, logy, mark)
        path = Path(cache) / f"{key}.svg"
        if path.is_file():
            return path.read_text(encoding="utf-8")
        svg = _draw_line_plot(x, series, title, alt, xlabel, ylabel, logy, mark)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(svg, encoding="utf-8")
        tmp.replace(path)
        return svg
    return _draw_line_plot(x, series, title, alt, xlabel, ylabel, logy, mark)


def _plot_key(*parts: Any) -> str:
    """A hash of a plot's inputs, this module's source and matplotlib's version."""
    from importlib.metadata import version

    digest = hashlib.sha256()
    digest.update(Path(__file__).read_bytes())
    digest.update(version("matplotlib").encode())

    def feed(obj: Any) -> None:
        if isinstance(obj, Mapping):
            for k, v in obj.items():
                feed(k)
                feed(v)
        elif isinstance(obj, (str, bytes, bool, int, float, type(None))):
            digest.update(repr(obj).encode())
        else:
            arr = np.asarray(obj)
            digest.update(f"{arr.dtype}{arr.shape}".encode())
            digest.update(np.ascontiguousarray(arr).tobytes())
        digest.update(b"\x00")

    for part in parts:
        feed(part)
    return digest.hexdigest()


_MPL_STYLE = re.compile(r'\s*<defs>\s*<style type="text/css">\*\{stroke-linejoin: round; stroke-linecap: butt\}</style>\s*</defs>')
"""The stylesheet matplotlib writes into every SVG (its ``svg`` backend, 3.x)."""


def _draw_line_plot(
    x: ArrayLike,
    series: Mapping[str, ArrayLike],
    title: str,
    alt: str,
    xlabel: str,
    ylabel: str,
    logy: bool,
    mark: tuple[float, float] | None,
) -> str:
    import io

    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, NullFormatter

    style = {
        "svg.hashsalt": "ml-notation",
        "svg.fonttype": "none",
        "font.family": "sans-serif",
        "font.sans-serif": ["DejaVu Sans"],
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
    with matplotlib.rc_context(style):
        fig = Figure(figsize=(6.4, 3.4))
        ax = fig.add_subplot()
        for label, y in series.items():
            ax.plot(np.asarray(x), np.asarray(y), label=label, linewidth=1.8)
        if mark is not None:
            ax.plot([mark[0]], [mark[1]], "o", color="black", markersize=5)
        if logy:
            ax.set_yscale("log")
            # plain-text powers of ten ("10⁻³"): matplotlib's mathtext labels are slow to lay out
            ax.yaxis.set_major_formatter(FuncFormatter(_power_of_ten))
            ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.grid(True, alpha=0.3)
        if len(series) > 1:
            ax.legend(frameon=False)
        fig.tight_layout()
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None}, facecolor="white")
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    # matplotlib's one stylesheet rule, as the same properties inherited from the root: a
    # <style> inside inline SVG styles the whole page around it, and a page whose
    # Content-Security-Policy allows no inline <style> would drop it.
    svg = _MPL_STYLE.sub("", svg, count=1).replace("<svg ", '<svg stroke-linejoin="round" stroke-linecap="butt" ', 1)
    # matplotlib numbers its ids per figure (figure_1, line2d_1 ...), so two plots on one page
    # would share ids; a prefix made from the plot's own bytes keeps them unique and stable.
    prefix = "plot-" + hashlib.sha256(svg.encode("utf-8")).hexdigest()[:8] + "-"
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    svg = re.sub(r'(url\(#|href="#)([^")]+)', lambda m: f"{m.group(1)}{prefix}{m.group(2)}", svg)
    svg = re.sub(
        r"<svg ([^>]*)>",
        lambda m: (
            f'<svg {m.group(1)} role="img">'
            f"<title>{html.escape(title)}</title><desc>{html.escape(alt)}</desc>"
        ),
        svg,
        count=1,
    )
    return (
        f'<figure class="plot">{svg}'
        f"<figcaption>{text(title)}. {text(alt)}</figcaption></figure>"
    )
