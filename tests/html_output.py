"""Read a snippet's printed HTML back into text and numbers: the inverse of ``notation.render``.

Snippet tests use these helpers to find the values an example printed and check them
against an independent computation. Labels and cells come back as the text a reader sees,
with inline math kept as its TeX (``$x_i$`` reads back as ``x_i``).

>>> from notation import render
>>> out = render.table([[1.0, -2.5]], row_labels=["$x$, $y$"], col_labels=["a", "b"], precision=1)
>>> (t,) = tables(out)
>>> t.header, t.rows
(['', 'a', 'b'], {'x, y': ['1.0', '−2.5']})
>>> nums(t.rows["x, y"])
[1.0, -2.5]
"""

from __future__ import annotations

import html as _html
import math
import re
from dataclasses import dataclass, field

__all__ = ["text_of", "Table", "tables", "facts", "fact", "num", "nums", "numbers", "after", "numbers_after", "vector", "close"]

_BLOCK_TAG = re.compile(r"</?(?:p|div|br|tr|td|th|dt|dd|li|ul|ol|dl|table|thead|tbody|caption|figure|pre)\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")
_NUMBER = re.compile(r"[−-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:e[−-]?\d+)?")


def text_of(markup: str) -> str:
    """What a reader sees of ``markup`` (HTML): tags dropped (block tags become a space),
    entities decoded, math delimiters dropped, TeX kept, runs of white space folded.

    >>> text_of('<p>row <span class="arithmatex">\\\\(i\\\\)</span>, &lt; 3</p>')
    'row i, < 3'
    """
    text = _TAG.sub("", _BLOCK_TAG.sub(" ", markup))
    text = _html.unescape(text)
    for delimiter in ("\\(", "\\)", "\\[", "\\]"):
        text = text.replace(delimiter, "")
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class Table:
    """One computed table, as ``tables`` reads it: its ``caption``, its ``header`` cells (the
    corner cell first, ``""`` when empty, if the table has row labels) and its body ``rows``,
    each a list of cells keyed by its label (the row number as text where rows have none);
    every cell is the text a reader sees.

    >>> from notation import render
    >>> (t,) = tables(render.table([[1.0, 2.0]], row_labels=["$x$"], col_labels=["a", "b"], caption="one row"))
    >>> t.caption, t.header, t.rows
    ('one row', ['', 'a', 'b'], {'x': ['1.000', '2.000']})
    """

    caption: str = ""
    header: list[str] = field(default_factory=list)
    rows: dict[str, list[str]] = field(default_factory=dict)

    def column(self, name: str) -> list[str]:
        """The cells under the header cell whose text is ``name``, top to bottom (``ValueError``
    if no header cell is ``name``).

        >>> Table(header=["", "a", "b"], rows={"x": ["1", "2"], "y": ["3", "4"]}).column("b")
        ['2', '4']
        """
        index = self.header.index(name)
        return [cells[index - (len(self.header) - len(cells))] for cells in self.rows.values()]


def tables(markup: str) -> list[Table]:
    """Every ``<table>`` in ``markup`` (a snippet's printed HTML), in order, as ``Table``.

    >>> from notation import render
    >>> [t.header for t in tables(render.table([1, 2], col_labels=["a", "b"]) + render.table([[3]]))]
    [['a', 'b'], []]
    """
    out = []
    for body in re.findall(r"<table.*?</table>", markup, flags=re.S):
        caption = re.search(r"<caption>(.*?)</caption>", body, flags=re.S)
        head = re.search(r"<thead>(.*?)</thead>", body, flags=re.S)
        table = Table(
            caption=text_of(caption.group(1)) if caption else "",
            header=[text_of(c) for c in re.findall(r"<t[hd]>(.*?)</t[hd]>", head.group(1), flags=re.S)] if head else [],
        )
        tbody = re.search(r"<tbody>(.*?)</tbody>", body, flags=re.S)
        for i, row in enumerate(re.findall(r"<tr>(.*?)</tr>", tbody.group(1) if tbody else body, flags=re.S)):
            label = re.match(r"<th>(.*?)</th>", row, flags=re.S)
            cells = [text_of(c) for c in re.findall(r"<td>(.*?)</td>", row, flags=re.S)]
            table.rows[text_of(label.group(1)) if label else str(i)] = cells
        out.append(table)
    return out


def facts(markup: str) -> dict[str, str]:
    """Every ``<dt>``/``<dd>`` pair of ``markup`` (``render.facts`` prints them) as
    ``{label: value}``, both as a reader sees them (math as its TeX).

    >>> from notation import render
    >>> facts(render.facts({"sum of $p$": 1.0, "shape": "(2, 3)"}))
    {'sum of p': '1.000', 'shape': '(2, 3)'}
    """
    pairs = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", markup, flags=re.S)
    return {text_of(k): text_of(v) for k, v in pairs}


def fact(markup: str, label_part: str) -> str:
    """The value of the one fact of ``markup`` whose label contains ``label_part`` (an
    ``AssertionError`` if none or several do).

    >>> from notation import render
    >>> fact(render.facts({"mean of $x$": 2.0, "its variance": 0.5}), "mean")
    '2.000'
    """
    matches = [v for k, v in facts(markup).items() if label_part in k]
    assert len(matches) == 1, f"expected one fact containing {label_part!r}, got {matches}"
    return matches[0]


def num(s: str) -> float:
    """The printed number ``s`` back to a float: minus signs, thousands commas, ±∞, NaN and
    ``sci``'s ``m \\times 10^{k}``.

    >>> num("−1.25"), num("12,288"), num("−∞"), num("4.20 \\\\times 10^{-18}")
    (-1.25, 12288.0, -inf, 4.2e-18)
    """
    s = s.strip().replace("−", "-").replace(",", "").replace("$", "")
    m = re.fullmatch(r"(-?[\d.]+) \\times 10\^\{(-?\d+)\}", s)
    if m:
        return float(f"{m.group(1)}e{m.group(2)}")
    special = {"∞": math.inf, "-∞": -math.inf, "NaN": math.nan}
    return special[s] if s in special else float(s)


def nums(cells: list[str]) -> list[float]:
    """``num`` of each of ``cells`` (a table row or column).

    >>> nums(["1.5", "−2", "12,288"])
    [1.5, -2.0, 12288.0]
    """
    return [num(c) for c in cells]


def numbers(text: str) -> list[float]:
    """Every number written in ``text``, in order (integers too).

    >>> numbers("loss 2.303 after 1,000 steps, −0.5e-3 left")
    [2.303, 1000.0, -0.0005]
    """
    return [num(x) for x in _NUMBER.findall(text)]


def after(text: str, label: str, count: int = 1) -> list[float]:
    """The first ``count`` decimal numbers (with a decimal point) written in ``text`` after
    ``label``, the first place it occurs.

    >>> after("H = 1.000 nats, 1.443 bits; n = 3", "H =", 2)
    [1.0, 1.443]
    """
    rest = text[text.index(label) + len(label) :]
    return [num(x) for x in re.findall(r"[−-]?\d+\.\d+", rest)[:count]]


def numbers_after(label: str, text: str, count: int) -> list[float]:
    """The ``count`` numbers written in ``text`` right after ``label`` (white space between
    them; a trailing ``%`` is dropped; an ``AssertionError`` if there are not that many).

    >>> numbers_after("total", "the total 1,024 12.5% then 3", 2)
    [1024.0, 12.5]
    """
    m = re.search(re.escape(label) + r"((?:\s+[−\-]?[\d,]+(?:\.\d+)?%?){" + str(count) + "})", text)
    assert m, f"no {count} numbers after {label!r}"
    return [num(v.rstrip("%")) for v in m.group(1).split()]


def vector(s: str) -> list[float]:
    """The vector ``s`` as ``render.fmt_array`` prints it, back to floats.

    >>> vector("[0.1, −2.0]")
    [0.1, -2.0]
    """
    return [num(v) for v in s.strip().strip("[]").split(",")]


def close(printed: float, exact: float, decimals: int) -> bool:
    """True when the number ``printed`` (read back with ``num``) is ``exact`` rounded to
    ``decimals`` places, the precision it was printed with.

    >>> close(0.333, 1 / 3, 3), close(0.334, 1 / 3, 3)
    (True, False)
    """
    return abs(printed - exact) <= 0.5 * 10**-decimals + 1e-12
