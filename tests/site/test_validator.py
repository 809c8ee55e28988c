"""The validator reports every problem at once, as file:line: message."""

from __future__ import annotations

import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from notation_site.model.catalog import load
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


# -- checks added for contributors (CONTRIBUTING.md lists them all) -----------------------


def with_hints(root: Path) -> list[tuple[str, str]]:
    return [(f"{p.path.as_posix()}:{p.line}: {p.message}", p.hint) for p in validate(load(root))]


def git(root: Path, *args: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    env.pop("NOTATION_BASE_REF", None)
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)


def published_repo(tmp_path: Path) -> Path:
    """A git repository whose main has entries aa, bb (linked to each other) and cc, on a branch 'work'."""
    cc = GOOD.format(id="cc", other="aa").replace("Body text", "A third entry, about something else entirely,")
    root = make_repo(tmp_path, {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa"), "cc": cc}, ["aa", "bb", "cc"])
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "published")
    git(root, "checkout", "-q", "-b", "work")
    return root


def test_renamed_id_is_reported_on_the_new_file_with_a_hint(tmp_path, monkeypatch):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    root = published_repo(tmp_path)
    (root / "docs/entries/aa.md").unlink()
    (root / "docs/entries/aa-new.md").write_text(GOOD.format(id="aa-new", other="bb"), encoding="utf-8")
    for name in ("bb", "cc"):
        path = root / f"docs/entries/{name}.md"
        path.write_text(path.read_text(encoding="utf-8").replace(" aa", " aa-new").replace("[aa]", "[aa-new]"), encoding="utf-8")
    (root / "docs/topic.md").write_text("---\ntitle: Topic\nentries: [aa-new, bb, cc]\n---\n# Topic\n")
    assert with_hints(root) == [
        (
            "docs/entries/aa-new.md:2: id 'aa-new' replaces 'aa', an id on main: links to #aa would break",
            "ids are permanent: keep the file docs/entries/aa.md and its id 'aa', and add the new name to its aliases",
        )
    ]


def test_deleted_id_is_reported_at_its_old_path(tmp_path, monkeypatch):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    root = published_repo(tmp_path)
    (root / "docs/entries/cc.md").unlink()
    (root / "docs/topic.md").write_text("---\ntitle: Topic\nentries: [aa, bb]\n---\n# Topic\n")
    assert with_hints(root) == [
        (
            "docs/entries/cc.md:1: entry 'cc' exists on main and is gone: links to #cc would break",
            "ids are permanent: restore it (git checkout main -- docs/entries/cc.md); "
            "to rename a concept, keep its id and add the new name to aliases",
        )
    ]


def test_entries_merged_into_main_after_the_branch_was_made_are_not_gone(tmp_path, monkeypatch):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    root = published_repo(tmp_path)
    git(root, "checkout", "-q", "main")
    (root / "docs/entries/dd.md").write_text(GOOD.format(id="dd", other="aa"), encoding="utf-8")
    (root / "docs/topic.md").write_text("---\ntitle: Topic\nentries: [aa, bb, cc, dd]\n---\n# Topic\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "dd")
    git(root, "checkout", "-q", "work")
    assert messages(root) == []


def test_without_git_history_the_renamed_id_check_is_skipped_with_a_note(tmp_path, capsys):
    root = make_repo(tmp_path, {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    notes: list[str] = []
    assert validate(load(root), notes) == []
    assert notes == ["no git history here (not a git repository, or git is missing): the renamed-id check was skipped"]
    assert main([str(root)]) == 0
    assert "note: no git history here" in capsys.readouterr().out


def test_unreferenced_snippet_and_a_page_including_a_missing_one(tmp_path):
    root = make_repo(tmp_path, {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    (root / "snippets/orphan.py").write_text("print('nobody includes me')\n")
    (root / "snippets/on_a_page.py").write_text("print('a page includes me')\n")
    (root / "snippets/_helpers.py").write_text("X = 1\n")  # a private module, not an example
    (root / "docs/about.md").write_text('# About\n\n--8<-- "snippets/on_a_page.py"\n\n--8<-- "snippets/gone.py"\n')
    assert with_hints(root) == [
        ("docs/about.md:5: included snippet snippets/gone.py does not exist", "create snippets/gone.py (make new-entry writes a stub) or correct the path"),
        (
            "snippets/orphan.py:1: snippet snippets/orphan.py is not included by any entry or page",
            'include it in an entry with a line --8<-- "snippets/orphan.py", or delete it and its test',
        ),
    ]


def test_glyph_in_no_entrys_unicode_list(tmp_path):
    aa = GOOD.format(id="aa", other="bb").replace("Body text with $a + b$.", "The ⊙ and ∇ operators, θ… and axis −1 – fine.")
    aa = aa.replace("symbol: 'x_{i}'", "symbol: 'x \\leq y ≤ z'")
    bb = GOOD.format(id="bb", other="aa").replace("aliases: [thing]", "aliases: [thing]\nunicode: ['∇', 'θ̂']")
    root = make_repo(tmp_path, {"aa": aa, "bb": bb}, ["aa", "bb"])
    assert with_hints(root) == [
        (
            "docs/entries/aa.md:4: glyph '≤' (U+2264 LESS-THAN OR EQUAL TO) is in no entry's unicode list",
            "add '≤' to the unicode: list of the entry that explains it, so that pasting it into search finds "
            "that entry; or write it in LaTeX inside $...$",
        ),
        (
            "docs/entries/aa.md:16: glyph '⊙' (U+2299 CIRCLED DOT OPERATOR) is in no entry's unicode list",
            "add '⊙' to the unicode: list of the entry that explains it, so that pasting it into search finds "
            "that entry; or write it in LaTeX inside $...$",
        ),
    ]


def test_todo_left_in_an_entry_its_snippet_and_its_test(tmp_path):
    aa = GOOD.format(id="aa", other="bb").replace("read_aloud: x sub i", "read_aloud: 'TODO: how to say it'")
    aa = aa.replace("see_also: [bb]", "see_also: [bb, TODO-related-id]").replace("Body text", "TODO: body text")
    root = make_repo(tmp_path, {"aa": aa, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    (root / "snippets/ok.py").write_text('"""TODO: say what it shows."""\nprint("ok")\n')
    (root / "tests/snippets").mkdir(parents=True)
    (root / "tests/snippets/test_topic.py").write_text("def test_ok():\n    raise NotImplementedError('TODO')\n")
    assert with_hints(root) == [
        ("docs/entries/aa.md:6: TODO left in the entry", "read_aloud: how to say it aloud"),
        ("docs/entries/aa.md:14: TODO left in the entry", "see_also: a list of entry ids"),
        ("docs/entries/aa.md:16: TODO left in the entry", "write the prose: two to five short paragraphs, then the example's --8<-- line"),
        ("snippets/ok.py:1: TODO left in the snippet", "compute the example with the notation library and print it with notation.render"),
        ("tests/snippets/test_topic.py:2: TODO left in the snippet test", "assert what the entry promises, against an independent computation"),
    ]


def test_raw_bar_outside_math_that_splits_a_table_cell(tmp_path):
    aa = GOOD.format(id="aa", other="bb").replace(
        "Body text with $a + b$.", "| norm | written |\n|---|---|\n| L1 | |x| summed |\n| escaped | a \\| b |\n| code | `a | b` |"
    )
    root = make_repo(tmp_path, {"aa": aa, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    assert with_hints(root) == [
        (
            "docs/entries/aa.md:18: table row has 4 cells but its header has 2: a raw '|' splits a cell",
            "a '|' ends the table cell; write \\vert, \\lvert x \\rvert, \\lVert x \\rVert or \\mid inside math, &#124; in text",
        )
    ]


def test_every_problem_comes_with_a_hint(tmp_path):
    bad = GOOD.format(id="aa", other="zz").replace("read_aloud: x sub i\n", "").replace("$a + b$", "$\\frac{a}{b$ and $\\mathbb{1}$")
    bad = bad.replace("aliases: [thing]", "aliases: [thing]\nletters: {Q: a letter}\nsee-also: [bb]")
    root = make_repo(tmp_path, {"aa": bad, "cc": GOOD.format(id="aa", other="aa"), "dd": "---\nid: [unclosed\n---\n"}, ["aa", "aa", "nope"])
    (root / "snippets/orphan.py").write_text("print(1)\n")
    problems = validate(load(root))
    assert len(problems) >= 12
    assert [str(p) for p in problems if not p.hint] == []




def test_an_unreadable_entry_comes_first_and_links_to_it_are_not_broken(tmp_path):
    aa = GOOD.format(id="aa", other="bb").replace("Body text", "See [bb](#bb). Body text")
    root = make_repo(tmp_path, {"aa": aa, "bb": "---\nid: bb\nname: 'unclosed\n---\nBody\n"}, ["aa", "bb"])
    found = messages(root)
    assert len(found) == 1 and found[0].startswith("docs/entries/bb.md:") and "invalid YAML" in found[0]


def test_katex_errors_and_shared_alias_warnings_come_from_the_command_lines_extras(tmp_path):
    aa = GOOD.format(id="aa", other="bb").replace("$a + b$", "$\\foo{a}$")
    root = make_repo(tmp_path, {"aa": aa, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    assert messages(root) == []  # the build's checks: KaTeX runs in the build itself

    def render(items):
        return [ValueError("KaTeX parse error: Undefined control sequence: \\foo at position 1: \\foo{a}") if "foo" in t else "<span>" for t, _ in items]

    warnings: list = []
    found = validate(load(root), render=render, warnings=warnings)
    # no git history: every entry's formulas are rendered, and no entry counts as changed
    assert [f"{p.path.as_posix()}:{p.line}: {p.message}" for p in found] == [
        "docs/entries/aa.md:16: KaTeX rejects $\\foo{a}$: Undefined control sequence: \\foo at position 1"
    ]
    assert warnings == []


def test_a_lowercase_blackboard_letter_gets_its_own_hint(tmp_path):
    bad = GOOD.format(id="aa", other="bb").replace("$a + b$", "$x \\in \\mathbb{r}^n$")
    root = make_repo(tmp_path, {"aa": bad, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    (message,) = messages(root)
    assert "\\mathbb has no small letters in KaTeX (\\mathbb{r} draws an ordinary italic r)" in message
    assert "\\mathbb{R}" in message and "\\mathbb{1}" not in message


# -- data/textbooks.yml (issue 24) ---------------------------------------------------------------

TEXTBOOK = textwrap.dedent(
    """\
    books:
      - id: book
        title: A Book
        authors: Someone
        year: 2016
        url: https://example.org/notation
        source: its notation page
        sections:
          - name: Numbers
            items:
              - {{tex: 'x_i', says: 'entry i', entry: aa}}
              {extra}
    """
)


def _textbook_repo(tmp_path: Path, extra: str) -> Path:
    root = make_repo(tmp_path, {"aa": GOOD.format(id="aa", other="bb"), "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    (root / "data").mkdir()
    (root / "data/textbooks.yml").write_text(TEXTBOOK.format(extra=extra), encoding="utf-8")
    return root


def test_textbook_items_naming_existing_or_pending_entries_pass(tmp_path):
    root = _textbook_repo(tmp_path, r"- {tex: '\sum', says: 'a sum', entry: not-yet, pending: true}")
    assert messages(root) == []


def test_textbook_item_with_an_unknown_entry_is_reported_at_its_line(tmp_path):
    root = _textbook_repo(tmp_path, r"- {tex: '\sum', says: 'a sum', entry: nowhere}")
    assert messages(root) == [r"data/textbooks.yml:12: item '\sum' names unknown entry 'nowhere'"]


def test_textbook_pending_flag_on_an_existing_entry_and_unbalanced_tex_are_reported(tmp_path):
    root = _textbook_repo(tmp_path, r"- {tex: '\frac{a}{b', says: 'x', entry: bb, pending: true}")
    found = messages(root)
    assert any("entry 'bb' exists now: remove 'pending: true'" in m for m in found)
    assert any(m.startswith("data/textbooks.yml:12:") and r"\frac{a}{b" in m for m in found), found


def test_the_repository_textbooks_file_names_only_known_or_pending_entries():
    from notation_site.checks.textbooks import check_textbooks

    root = Path(__file__).resolve().parents[2]
    assert [str(p) for p in check_textbooks(load(root))] == []


def test_shared_alias_warnings_concern_only_the_aliases_the_branch_added(tmp_path, monkeypatch):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    root = published_repo(tmp_path)  # on main, aa, bb and cc share the alias 'thing'
    aa = root / "docs/entries/aa.md"
    aa.write_text(aa.read_text(encoding="utf-8").replace("see_also: [bb]", "see_also: [bb, cc]"), encoding="utf-8")
    for name in ("bb", "cc"):  # both gain an alias, 'Shared Name', that the other gains too
        path = root / f"docs/entries/{name}.md"
        path.write_text(path.read_text(encoding="utf-8").replace("aliases: [thing]", "aliases: [thing, Shared Name]"), encoding="utf-8")

    warnings: list = []
    assert validate(load(root), warnings=warnings) == []
    assert sorted(f"{w.path.as_posix()}:{w.line}: {w.message.split(';')[0]}" for w in warnings) == [
        "docs/entries/bb.md:7: warning: alias 'Shared Name' is also an alias of 'cc' (docs/entries/cc.md)",
        "docs/entries/cc.md:7: warning: alias 'Shared Name' is also an alias of 'bb' (docs/entries/bb.md)",
    ]  # not 'thing', which aa, bb and cc shared before the branch, although all three changed


# -- conventions the validator holds (CONTRIBUTING "Conventions the validator holds") ------------


def conventions_messages(tmp_path: Path, body: str, replace: dict[str, str] | None = None, snippet: str | None = None) -> list[str]:
    """The conventions messages for an entry 'aa' whose body is ``body`` (its line 16 on)."""
    aa = GOOD.format(id="aa", other="bb").replace("Body text with $a + b$.", body)
    for old, new in (replace or {}).items():
        aa = aa.replace(old, new)
    root = make_repo(tmp_path, {"aa": aa, "bb": GOOD.format(id="bb", other="aa")}, ["aa", "bb"])
    if snippet is not None:
        (root / "snippets/ok.py").write_text(snippet, encoding="utf-8")
    return [m for m in messages(root) if "KL" in m or "glyph for one object" in m or "plain L" in m]


def test_d_kl_is_reported_in_the_entry_and_its_snippet_but_not_in_aliases_or_code(tmp_path):
    body = "The gap is $D_{\\mathrm{KL}}(q \\Vert p) \\ge 0$, and `D_{KL}` is code.\n\nThen $D_{KL}(P \\Vert Q)$ again."
    snippet = 'print(facts({"$D_{\\\\mathrm{KL}}(q \\\\Vert p)$": 0.5}))\n'
    found = conventions_messages(tmp_path, body, {"aliases: [thing]": "aliases: [thing, 'D_KL(P||Q)']"}, snippet)
    assert found == [
        "docs/entries/aa.md:16: D_{\\mathrm{KL}} for the KL divergence: the site writes KL(P ‖ Q)",
        "docs/entries/aa.md:18: D_{KL} for the KL divergence: the site writes KL(P ‖ Q)",
        "snippets/ok.py:1: D_{\\mathrm{KL}} for the KL divergence: the site writes KL(P ‖ Q)",
    ]


def test_d_kl_passes_where_a_sentence_says_who_writes_it(tmp_path):
    body = "Some papers write $D_{\\mathrm{KL}}(P \\Vert Q)$ for it.\n\nThe gap is $D_{\\mathrm{KL}}(q \\Vert p)$."
    assert conventions_messages(tmp_path, body) == []


def test_a_bold_epsilon_in_both_glyphs_is_reported_where_the_second_one_is(tmp_path):
    body = "Diffusion models write the noise $\\boldsymbol{\\epsilon}$; the code form `\\boldsymbol{\\epsilon}` is fine."
    found = conventions_messages(tmp_path, body, {"symbol: 'x_{i}'": "symbol: '\\mathbf{z} = \\boldsymbol{\\varepsilon}'"})
    assert found == [
        "docs/entries/aa.md:16: bold \\epsilon (ϵ) here, but bold \\varepsilon (ε) at docs/entries/aa.md:4: one glyph for one object"
    ]  # a sentence saying who writes it does not excuse two glyphs for one object
    plain = conventions_messages(tmp_path / "plain", "LayerNorm's $\\epsilon$ is not the machine $\\varepsilon$.")
    assert plain == []  # plain ε and ϵ are often two objects (epsilon.md keeps them apart on purpose)


def test_a_plain_l_in_a_sentence_about_a_loss_is_reported(tmp_path):
    body = (
        "The mean loss is $\\frac{1}{m}\\sum_i L\\big(f(x_i), y_i\\big)$, and $L_{\\text{simple}}(\\theta)$ is a loss too.\n\n"
        "The loss $\\mathcal{L}(\\theta)$ is fine. The likelihood $L(\\theta)$ is maximised. The $L$ layers have a loss."
    )
    found = conventions_messages(tmp_path, body, {"summary: A thing.": "summary: A loss that scores a model.", "symbol: 'x_{i}'": "symbol: 'L(\\theta) = x'"})
    assert [m.split(": the site")[0] for m in found] == [
        "docs/entries/aa.md:4: a plain L for a loss, in $L(\\theta) = x$",  # the summary calls the symbol a loss
        "docs/entries/aa.md:16: a plain L for a loss, in $L_{\\text{simple}}(\\theta)$",
        "docs/entries/aa.md:16: a plain L for a loss, in $\\frac{1}{m}\\sum_i L\\big(f(x_i), y_i\\big)$",
    ]  # not 𝓛, not the likelihood, not L counting layers


def test_a_plain_l_passes_where_a_sentence_says_who_writes_it(tmp_path):
    body = "Hoffmann et al. write the loss as $L(N, D)$.\n\nThe loss $L(N, D)$ falls as $N$ grows."
    assert conventions_messages(tmp_path, body, {"summary: A thing.": "summary: A loss."}) == []
