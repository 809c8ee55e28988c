"""The README and CONTRIBUTING.md keep their promises to contributors."""

from __future__ import annotations

import inspect
import re

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_readme_links_to_contributing_and_its_quick_start_is_two_commands():
    assert "](CONTRIBUTING.md)" in README
    quick = README[README.index("## Quick start") :]
    block = re.search(r"```sh\n(.*?)```", quick, re.S).group(1)
    assert [line.split("#")[0].strip() for line in block.strip().splitlines()] == ["make serve", "make test"]


def test_licences_are_stated_and_their_files_exist():
    assert "MIT" in CONTRIBUTING and "CC BY 4.0" in CONTRIBUTING
    for name in ("LICENSE", "LICENSE-content"):
        assert f"]({name})" in CONTRIBUTING
        assert (ROOT / name).is_file()
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "creativecommons.org/licenses/by/4.0/legalcode" in (ROOT / "LICENSE-content").read_text(encoding="utf-8")


def test_every_make_target_the_guide_mentions_exists():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z-]+):", makefile, re.M))
    mentioned = set(re.findall(r"`make ([a-z-]+)", CONTRIBUTING + README))
    assert mentioned and mentioned <= targets, mentioned - targets


def test_the_guide_explains_every_field_the_validator_knows():
    from notation_site.model.schema import FIELDS

    for field in FIELDS:
        assert f"| `{field}` |" in CONTRIBUTING, field


def test_the_worked_snippet_test_in_the_guide_passes():
    block = next(b for b in re.findall(r"```python\n(.*?)```", CONTRIBUTING, re.S) if "from html_output import" in b)
    namespace: dict = {}
    exec(compile(block, "CONTRIBUTING.md", "exec"), namespace)
    tests = [f for name, f in namespace.items() if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_the_module_table_names_every_module_of_the_library():
    modules = {p.name for p in (ROOT / "src/notation").glob("*.py") if not p.name.startswith("_")}
    section = CONTRIBUTING[CONTRIBUTING.index("### Which module of `src/notation/`") :]
    section = section[: section.index("\n## ")]
    listed = set(re.findall(r"^\| `(\w+\.py)` \|", section, re.M))
    assert listed == modules


def _signature(function) -> str:
    """``name(a, b=1, *, c)`` as CONTRIBUTING writes a helper: names and defaults, no types."""
    parts, keyword_only = [], False
    for p in inspect.signature(function).parameters.values():
        if p.name == "self":
            continue
        if p.kind is p.KEYWORD_ONLY and not keyword_only:
            parts.append("*")
            keyword_only = True
        parts.append(p.name if p.default is p.empty else f"{p.name}={p.default!r}")
    return f"{function.__name__}({', '.join(parts)})"


def _helpers():
    """The rendering helpers snippets print with and the helpers their tests read them back with."""
    import conftest
    import html_output
    from notation import render

    functions = [getattr(render, n) for n in render.__all__]
    functions += [getattr(html_output, n) for n in html_output.__all__ if not isinstance(getattr(html_output, n), type)]
    return [*functions, html_output.Table.column, conftest.run_snippet, conftest.visible_text]


def test_every_helper_documents_each_parameter_with_an_example_and_the_guide_gives_its_signature():
    import html_output

    missing = []
    for function in _helpers():
        doc = inspect.getdoc(function) or ""
        names = [p for p in inspect.signature(function).parameters if p != "self"]
        missing += [f"{function.__qualname__}: parameter ``{n}`` not in its docstring" for n in names if f"``{n}``" not in doc]
        if ">>>" not in doc:
            missing.append(f"{function.__qualname__}: no >>> example")
        if f"`{_signature(function)}`" not in CONTRIBUTING and function is not html_output.Table.column:
            missing.append(f"CONTRIBUTING.md does not give `{_signature(function)}`")
    table_doc = inspect.getdoc(html_output.Table)
    missing += [f"Table: field ``{f}`` not in its docstring" for f in ("caption", "header", "rows") if f"``{f}``" not in table_doc]
    assert "`.column(name)`" in CONTRIBUTING
    assert not missing, "\n".join(missing)


def _section(text: str, heading: str) -> str:
    rest = text[text.index(heading) + len(heading) :]
    return rest[: rest.index("\n## ")] if "\n## " in rest else rest


def test_before_the_pull_request_the_guide_asks_for_check_entry_and_a_second_reader_with_the_checklist():
    assert "- [Before you open the pull request](#before-you-open-the-pull-request)" in CONTRIBUTING
    section = _section(CONTRIBUTING, "\n## Before you open the pull request\n")
    assert "`make check-entry ID=<id>`" in section and "screenshots" in section
    assert "did not write it" in section
    for severity in ("**error**", "**misleading**", "**nit**"):
        assert severity in section, severity
    assert "three counts" in section
    # the seven headings of the review checklist, each with the cases that keep recurring
    points = re.findall(r"^(\d)\. \*\*(.+?)\*\*", section, re.M)
    assert [n for n, _ in points] == list("1234567"), points
    for case in ("float32", "Post-LN", "BatchNorm", "Cholesky", "read-aloud", "dtype", "version", "torch.multinomial",
                 "size=", "len(tokenizer)", "LambdaLR", "Row vectors", "KL(P ‖ Q)", "⊗", "⊙", "title, authors and year", "issue"):
        assert case in section, case
    # the full suite is CI's: the short path ends with make check-entry, not make test
    short = _section(CONTRIBUTING, "\n## The short path\n")
    assert "make check-entry ID=" in short and "make test " not in short and "run `make test`" not in short


def test_the_pull_request_template_asks_for_check_entry_and_a_second_reader_with_the_counts():
    template = (ROOT / ".github/pull_request_template.md").read_text(encoding="utf-8")
    boxes = [line for line in template.splitlines() if line.startswith("- [ ]")]
    box = next(i for i, line in enumerate(template.splitlines()) if "Reviewed against the checklist" in line)
    reviewed = "\n".join(template.splitlines()[box : box + 3])
    assert "someone who did not write it" in reviewed
    assert all(f"{kind}: <!-- n -->" in reviewed for kind in ("errors", "misleading", "nits")), reviewed
    assert any("`make check-entry ID=<id>`" in line for line in boxes)
    assert "Before you open the pull request" in reviewed and "Before you open the pull request" in CONTRIBUTING
    assert not any("`make test` passes" in line for line in boxes)
