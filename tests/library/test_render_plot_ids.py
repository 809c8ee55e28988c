"""line_plot: two plots on one page share no id, each plot's references stay inside it, and a
plot brings no <style> element (it would style the whole page, and a strict
Content-Security-Policy refuses it)."""

from __future__ import annotations

import re

from notation.render import line_plot


def _ids_and_refs(svg: str) -> tuple[set[str], set[str]]:
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert len(ids) == len(set(ids)), "duplicate id inside one plot"
    refs = set(re.findall(r'(?:url\(#|href="#)([^")]+)', svg))
    return set(ids), refs


def test_two_plots_share_no_id_and_references_resolve_within_each_plot():
    a = line_plot([0, 1, 2], {"y": [0, 1, 4]}, title="Squares", alt="y grows as x squared")
    b = line_plot([0, 1, 2], {"y": [0, 1, 8], "z": [0, 2, 4]}, title="Cubes", alt="y grows faster")
    ids_a, refs_a = _ids_and_refs(a)
    ids_b, refs_b = _ids_and_refs(b)
    assert ids_a and ids_b and refs_a and refs_b
    assert not ids_a & ids_b
    assert refs_a <= ids_a and refs_b <= ids_b


def test_ids_are_stable_across_calls():
    kwargs = dict(title="Squares", alt="y grows as x squared")
    assert line_plot([0, 1], {"y": [0, 1]}, **kwargs) == line_plot([0, 1], {"y": [0, 1]}, **kwargs)


def test_a_plot_holds_no_style_element_and_keeps_matplotlibs_line_joins():
    svg = line_plot([0, 1, 2], {"y": [0, 1, 4]}, title="Squares", alt="y grows as x squared")
    assert "<style" not in svg and "<defs>\n </defs>" not in svg
    root = re.search(r"<svg [^>]*>", svg).group(0)
    # matplotlib's rule was *{stroke-linejoin: round; stroke-linecap: butt}; both properties inherit
    assert 'stroke-linejoin="round"' in root and 'stroke-linecap="butt"' in root
