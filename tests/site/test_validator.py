"""The validator reports every problem at once, as file:line: message."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from notation_site.catalog import load
from notation_site.validate import main, validate

GOOD = textwrap.dedent(
    """\
    ---
    id: {id}
    name: Thing {id}
    symbol: 'x_{{i}}'
    summary: A thing.
    read_aloud: x sub i
    aliases: [thing]
    shape: 'scalar'
    code:
      numpy: 'x[i]'
      pytorch: 'x[i]'
    confused_with:
      {other}: 'they look alike'
    see_also: [{other}]
    ---
    Body text with $a + b$.

    --8<-- "snippets/ok.py"
    """
)


def make_repo(tmp_path: Path, entries: dict[str, str], topic_ids: list[str]) -> Path:
    (tmp_path / "docs/entries").mkdir(parents=True)
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/ok.py").write_text("print('ok')\n")
    for name, text in entries.items():
        (tmp_path / "docs/entries" / f"{name}.md").write_text(text, encoding="utf-8")
    (tmp_path / "docs/topic.md").write_text(f"---\ntitle: Topic\nentries: [{', '.join(topic_ids)}]\n---\n# Topic\n")
    return tmp_path


def messages(root: Path) -> list[str]:
    return [f"{p.path.as_posix()}:{p.line}: {p.message}" for p in validate(load(root))]


def test_valid_entries_pass(tmp_path):
    root = make_repo(tmp_path, {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    assert messages(root) == []


def test_missing_field_unknown_id_and_bad_latex_are_all_reported_with_lines(tmp_path):
    bad = GOOD.format(id="aa", other="bb").replace("read_aloud: x sub i\n", "")
    bad = bad.replace("see_also: [bb]", "see_also: [bb, nope]").replace("$a + b$", "$\\frac{a}{b$")
    root = make_repo(tmp_path, {"aa": bad, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    assert messages(root) == [
        "docs/entries/aa.md:1: missing required field 'read_aloud'",
        "docs/entries/aa.md:13: see_also names unknown id 'nope'",
        "docs/entries/aa.md:15: unbalanced braces: 1 '{' not closed in $\\frac{a}{b$",
    ]


def test_duplicate_id_is_reported_in_both_files(tmp_path):
    root = make_repo(
        tmp_path,
        {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa"), "cc": GOOD.format(id="aa", other="bb")},
        ["aa", "bb"],
    )
    assert messages(root) == [
        "docs/entries/aa.md:2: duplicate id 'aa' (also in docs/entries/cc.md)",
        "docs/entries/cc.md:2: duplicate id 'aa' (also in docs/entries/aa.md)",
        "docs/entries/cc.md:2: id 'aa' does not match the file name 'cc.md'",
    ]


def test_raw_bar_in_table_math_missing_snippet_and_unplaced_entry(tmp_path):
    bad = GOOD.format(id="aa", other="bb").replace(
        "Body text with $a + b$.", "| set | size |\n|---|---|\n| V | $|V|$ |"
    ).replace("snippets/ok.py", "snippets/missing.py")
    root = make_repo(tmp_path, {"aa": bad, "bb": GOOD.format(id="bb", other="aa")}, ["bb"])
    assert messages(root) == [
        "docs/entries/aa.md:1: entry 'aa' is on no topic page",
        "docs/entries/aa.md:18: raw '|' inside math in a table row: $|V|$",
        "docs/entries/aa.md:20: included snippet snippets/missing.py does not exist",
    ]


def test_silent_misrender_and_unknown_field_and_bad_yaml(tmp_path):
    bad = GOOD.format(id="aa", other="bb").replace("symbol: 'x_{i}'", "symbol: '\\mathbb{1}_{x}'")
    bad = bad.replace("aliases: [thing]", "aliases: [thing]\nsee-also: [bb]")
    root = make_repo(tmp_path, {"aa": bad, "bb": "---\nid: [unclosed\n---\n"}, ["aa"])
    found = messages(root)
    assert "docs/entries/aa.md:4: \\mathbb only has capital letters in KaTeX (\\mathbb{1} draws a plain 1); write \\mathbf{1} or \\mathbb{I} for an indicator in symbol" in found
    assert "docs/entries/aa.md:8: unknown field 'see-also'" in found
    assert any(m.startswith("docs/entries/bb.md:3: invalid YAML in the front matter") for m in found)


def test_command_line_prints_every_problem_and_exits_1(tmp_path, capsys):
    bad = GOOD.format(id="aa", other="zz")
    root = make_repo(tmp_path, {"aa": bad}, ["aa"])
    assert main([str(root)]) == 1
    out = capsys.readouterr().out
    assert "docs/entries/aa.md:12: confused_with names unknown id 'zz'" in out
    assert "docs/entries/aa.md:14: see_also names unknown id 'zz'" in out
    assert "hint:" in out
