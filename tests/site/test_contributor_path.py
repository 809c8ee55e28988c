"""The contributor's path, walked end to end in a throwaway copy of the repository:
``make new-entry`` → the validator rejects the TODOs → fill them in → ``make check-entry``
passes (the validator, the code lines, the entry's tests, the strict build, screenshots of its
page) → the entry is on its page, in the symbol index and in the search index.
Plus ``make new-entry``'s refusals and ``make check-entries`` on a branch."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, visible_text
from notation_site.model.frontmatter import parse
from notation_site.new_entry import NewEntryError, add_to_topic, create

VENV = ROOT / ".venv"
STAMP = VENV / ".installed"
ENTRY_ID = "contributor-path-check"
TOPIC = "building-blocks"
SNIPPET = "contributor_path_check"  # derived from the id
SYMBOL = "\\operatorname{LSE}(\\mathbf{z}) = \\log \\sum_{i} e^{z_i}"
def make(repo: Path, *args: str, env: dict[str, str] | None = None, timeout: int = 120) -> subprocess.CompletedProcess[str]:
    """``make ARGS`` in ``repo`` with this checkout's environment (plus ``env``), which it never reinstalls."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("NEW_ENTRY_", "MAKE"))} | (env or {})
    cmd = ["make", "--no-print-directory", f"VENV={VENV}", "-o", str(STAMP), *args]
    return subprocess.run(cmd, cwd=repo, env=full_env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)


def png_size(path: Path) -> tuple[int, int]:
    """Width and height of a PNG, read from its header (IHDR)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def fill_entry(path: Path) -> None:
    """What a contributor writes: every field, the prose, keeping the snippet line."""
    doc = parse(path.read_text(encoding="utf-8"))
    data = dict(doc.data)
    data.update(
        summary="A smooth maximum: the log of the sum of the exponentials of the scores.",
        read_aloud="L S E of z equals the log of the sum over i of e to the z i",
        aliases=["log-sum-exp", "logsumexp", "torch.logsumexp", "scipy.special.logsumexp", "contributor path check"],
        latex_commands=["\\log", "\\sum"],
        unicode=["Σ"],
        shape="$\\mathbf{z} \\in \\mathbb{R}^{n}$ in, a scalar out.",
        code={"numpy": "np.log(np.exp(z).sum(axis=-1))", "pytorch": "torch.logsumexp(z, dim=-1)"},
        confused_with={"softmax": "Softmax divides by the same sum; log-sum-exp returns the log of that sum."},
        see_also=["softmax", "temperature"],
    )
    del data["latex_commands"]  # an optional field a contributor deletes
    front = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000)
    body = textwrap.dedent(
        f"""\
        Log-sum-exp is the logarithm of the denominator of [softmax](#softmax): it is close to
        the largest score, and never below it, which is why it is called a smooth maximum.

        --8<-- "snippets/{SNIPPET}.py"
        """
    )
    path.write_text(f"---\n{front}---\n\n{body}", encoding="utf-8")


SNIPPET_CODE = '''\
"""Log-sum-exp of three scores lies just above their maximum."""

import numpy as np

from notation import softmax
from notation.render import facts

z = np.array([1.0, 2.0, 3.0])
p = softmax(z)
lse = float(z[0] - np.log(p[0]))  # log(sum e^z) = z_i - log p_i, for any i

print(facts({"$\\\\max_i z_i$": z.max(), "$\\\\operatorname{LSE}(\\\\mathbf{z})$": lse}, precision=4))
'''

TEST_CODE = f'''\
def test_{SNIPPET}():
    import math

    text = visible_text(run_snippet("{SNIPPET}"))
    assert f"{{math.log(math.e + math.e**2 + math.e**3):.4f}}" in text
'''


@pytest.mark.build
@pytest.mark.browser
def test_the_contributor_path_from_make_new_entry_to_the_published_page(repo_copy):
    repo = repo_copy

    # 1. make new-entry, with a symbol full of backslashes, as a contributor types it, placed
    #    after softmax on its page; the snippet's name is derived from the id
    ids_before = parse((repo / f"docs/{TOPIC}.md").read_text(encoding="utf-8")).data["entries"]
    created = make(
        repo, "new-entry", f"ID={ENTRY_ID}", "NAME=Contributor path check", f"TOPIC={TOPIC}", f"SYMBOL={SYMBOL}", "AFTER=softmax"
    )
    assert created.returncode == 0, created.stdout + created.stderr
    following = ids_before[ids_before.index("softmax") + 1]
    assert f"lists '{ENTRY_ID}' under entries: after 'softmax', before '{following}'" in created.stdout
    for path in (f"docs/entries/{ENTRY_ID}.md", f"snippets/{SNIPPET}.py", f"tests/snippets/test_{TOPIC.replace('-', '_')}.py"):
        assert path in created.stdout
    assert "make check-entries" in created.stdout and "make serve" in created.stdout
    entry_path = repo / f"docs/entries/{ENTRY_ID}.md"
    entry = parse(entry_path.read_text(encoding="utf-8"))
    assert entry.data["symbol"] == SYMBOL and entry.data["name"] == "Contributor path check"
    ids_after = parse((repo / f"docs/{TOPIC}.md").read_text(encoding="utf-8")).data["entries"]
    assert ids_after == ids_before[: ids_before.index("softmax") + 1] + [ENTRY_ID] + ids_before[ids_before.index("softmax") + 1 :]
    assert SNIPPET == ENTRY_ID.replace("-", "_") and (repo / f"snippets/{SNIPPET}.py").is_file()

    # 2. the validator fails on every TODO, naming file and line
    rejected = make(repo, "check-entries")
    assert rejected.returncode != 0
    out = rejected.stdout
    for line in (5, 6, 7, 8, 9, 10, 12, 13, 15, 16):
        assert f"docs/entries/{ENTRY_ID}.md:{line}: TODO left in the entry" in out, out
    assert f"snippets/{SNIPPET}.py:1: TODO left in the snippet" in out
    assert re.search(rf"tests/snippets/test_{TOPIC.replace('-', '_')}\.py:\d+: TODO left in the snippet test", out)
    assert "hint: summary: one sentence saying what it means" in out
    # the test stub fails until it is written
    stub_test = f"tests/snippets/test_{TOPIC.replace('-', '_')}.py::test_{SNIPPET}"
    pytest_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", stub_test]
    failing = subprocess.run(pytest_cmd, cwd=repo, capture_output=True, text=True, timeout=120)
    assert failing.returncode == 1 and "NotImplementedError: TODO" in failing.stdout, failing.stdout

    # ... and so does make check-entry, which then neither builds nor takes screenshots
    stopped = make(repo, "check-entry", f"ID={ENTRY_ID}", timeout=600)
    assert stopped.returncode != 0
    assert (
        f"make check-entry ID={ENTRY_ID} failed: the validator, the code lines, the tests (see above); "
        "the build and the screenshots were not run"
    ) in stopped.stdout, stopped.stdout
    assert not (repo / "site").exists()

    # 3. fill in the entry, the example and its test, as a contributor would
    fill_entry(entry_path)
    (repo / f"snippets/{SNIPPET}.py").write_text(SNIPPET_CODE, encoding="utf-8")
    test_file = repo / f"tests/snippets/test_{TOPIC.replace('-', '_')}.py"
    text = test_file.read_text(encoding="utf-8")
    stub = text[text.index(f"def test_{SNIPPET}():") :]
    test_file.write_text(text.replace(stub, TEST_CODE), encoding="utf-8")

    # 4. make check-entry, the check before the pull request: the validator passes, the code
    #    lines run on the shared example inputs (CONTRIBUTING "Code lines run"), the entry's test
    #    and the tests of the library module its snippet calls pass, the strict build passes, and
    #    its page is screenshot at both widths
    checked = make(repo, "check-entry", f"ID={ENTRY_ID}", env={"REPO_URL": "https://github.com/example/ml-notation"}, timeout=900)
    out = checked.stdout
    assert checked.returncode == 0, out + checked.stderr
    assert "== the validator (make check-entries)" in out and re.search(r"^\d+ entries on \d+ topic pages: no problems", out, re.M), out
    numpy_line = entry_path.read_text(encoding="utf-8").splitlines().index("  numpy: np.log(np.exp(z).sum(axis=-1))") + 1
    assert f"docs/entries/{ENTRY_ID}.md:{numpy_line}: code.numpy runs: np.log(np.exp(z).sum(axis=-1))" in out, out
    # only what the entry touches: its one snippet test, and the modules of softmax and facts
    assert f"the tests of its snippets ({SNIPPET}: 1 test(s)) and of the library modules they call (notation.activations, notation.render: " in out, out
    assert re.search(r"^\d+ passed in ", out, re.M) and " failed" not in out
    shots = dict(re.findall(r"^  (tests/artifacts/check-entry/\S+\.png)  (\d+) px wide$", out, re.M))
    assert sorted(int(w) for w in shots.values()) == [390, 1280], out
    for shot, width in shots.items():
        assert shot.endswith(f"/entries_{ENTRY_ID}.png")
        assert png_size(repo / shot)[0] == int(width)
    assert out.rstrip().endswith("CI runs the full make test.")
    site = repo / "site"

    # 5. the entry is a row of its topic page, linking to its own page ...
    topic_page = (site / TOPIC / "index.html").read_text(encoding="utf-8")
    row = topic_page[topic_page.index(f'id="{ENTRY_ID}"') :]
    assert f'href="../entries/{ENTRY_ID}/"' in row[: row.index("</li>")]
    # ... which shows it with its computed example and its links ...
    section = (site / "entries" / ENTRY_ID / "index.html").read_text(encoding="utf-8")
    assert "Contributor path check" in section
    assert "3.4076" in visible_text(section)
    assert f"https://github.com/example/ml-notation/edit/main/docs/entries/{ENTRY_ID}.md" in section
    assert f"entry={ENTRY_ID}" in section and "Report a problem with this entry" in section
    # ... in the symbol index (docs/symbol-index.md, generated from the entries) ...
    if (repo / "docs/symbol-index.md").exists():
        index = (site / "symbol-index/index.html").read_text(encoding="utf-8")
        row = index[index.index(f'id="si-{ENTRY_ID}"') :]
        row = row[: row.index("</tr>")]
        assert "Contributor path check" in row and f"entries/{ENTRY_ID}/" in row
    # ... and in the search index, findable by name and by alias
    search = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    docs = [d for d in search["docs"] if d["location"] == f"entries/{ENTRY_ID}/"]
    assert docs and docs[0]["title"] == "Contributor path check"
    everything = json.dumps(search, ensure_ascii=False)
    assert "torch.logsumexp" in everything


# -- make new-entry's refusals and details ------------------------------------------------


def test_make_new_entry_without_arguments_and_no_terminal_says_what_is_missing(repo_copy):
    repo = repo_copy
    result = make(repo, "new-entry", "ID=some-thing")
    assert result.returncode != 0
    assert "make new-entry: missing NAME, TOPIC, SYMBOL" in result.stderr
    assert "usage: make new-entry ID=" in result.stderr
    assert not (repo / "docs/entries/some-thing.md").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"entry_id": "Bad_Id"}, "id 'Bad_Id' must be lowercase words joined by hyphens, e.g. kl-divergence"),
        ({"entry_id": "softmax"}, "entry 'softmax' already exists: docs/entries/softmax.md"),
        ({"topic": "nowhere"}, "unknown topic 'nowhere'; the topics are: "),
        ({"name": "The $x$ thing"}, "the name is plain text, without $math$"),
        ({"snippet": "softmax_temperature"}, "snippets/softmax_temperature.py already exists"),
        ({"snippet": "fresh_one_example"}, "snippet name 'fresh_one_example' says nothing about the example"),
        ({"after": "entropy"}, "AFTER=entropy: 'entropy' is not on the topic building-blocks; it is on information-theory"),
        ({"after": "no-such-entry"}, "AFTER=no-such-entry: 'no-such-entry' is not on the topic building-blocks; AFTER= one of"),
    ],
)
def test_new_entry_refuses_bad_input_and_writes_nothing(args, message, repo_copy):
    repo = repo_copy
    before = sorted(p.relative_to(repo) for p in repo.rglob("*") if p.is_file())
    values = {"entry_id": "fresh-one", "name": "Fresh", "topic": TOPIC, "symbol": "x", "snippet": None, "after": None, **args}
    with pytest.raises(NewEntryError, match=re.escape(message)):
        create(repo, **values)
    assert sorted(p.relative_to(repo) for p in repo.rglob("*") if p.is_file()) == before


def test_new_entry_refuses_an_id_that_main_had(monkeypatch, repo_copy):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    repo = repo_copy
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    for cmd in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "main"], ["checkout", "-q", "-b", "work"]):
        subprocess.run(["git", "-C", str(repo), *cmd], check=True, capture_output=True, env=env)
    (repo / "docs/entries/temperature.md").unlink()
    with pytest.raises(NewEntryError, match="'temperature' was an entry on main; ids are permanent"):
        create(repo, "temperature", "Temperature", TOPIC, "T")


def test_new_entry_appends_to_a_block_style_entries_list(tmp_path):
    page = tmp_path / "topic.md"
    page.write_text("---\ntitle: T\nentries:\n  - aa\n  - bb\norder: 3\n---\n# T\n", encoding="utf-8")
    add_to_topic(page, "cc")
    assert page.read_text(encoding="utf-8") == "---\ntitle: T\nentries:\n  - aa\n  - bb\n  - cc\norder: 3\n---\n# T\n"
    flow = tmp_path / "flow.md"
    flow.write_text("---\ntitle: T\nentries: []\n---\n", encoding="utf-8")
    add_to_topic(flow, "aa")
    assert "entries: [aa]\n" in flow.read_text(encoding="utf-8")


def test_make_new_entry_without_after_says_where_the_id_went_and_rename_snippet_renames_everywhere(repo_copy):
    repo = repo_copy
    created = make(repo, "new-entry", "ID=fresh-one", "NAME=Fresh", f"TOPIC={TOPIC}", "SYMBOL=\\frac{x}{2}")
    assert created.returncode == 0, created.stderr
    # the preview is the entry's own page, and the check before the pull request is make check-entry
    assert "preview at http://127.0.0.1:8000/entries/fresh-one/\n" in created.stdout
    assert "make check-entry ID=fresh-one" in created.stdout and "make test " not in created.stdout
    # latex_commands asks for what the entry explains, not for the generic commands it uses (CONTRIBUTING)
    stub = (repo / "docs/entries/fresh-one.md").read_text(encoding="utf-8")
    (commands,) = [line for line in stub.splitlines() if line.startswith("latex_commands:")]
    assert "this entry explains" in commands and "not ones it only uses" in commands and "# commands in the symbol" not in stub
    ids = parse((repo / f"docs/{TOPIC}.md").read_text(encoding="utf-8")).data["entries"]
    assert ids[-1] == "fresh-one"
    assert f"under entries: after '{ids[-2]}' (the end of the list)" in created.stdout
    assert "make rename-snippet OLD=fresh_one NEW=" in created.stdout

    renamed = make(repo, "rename-snippet", "OLD=fresh_one", "NEW=fresh_one_at_zero")
    assert renamed.returncode == 0, renamed.stderr
    assert not (repo / "snippets/fresh_one.py").exists() and (repo / "snippets/fresh_one_at_zero.py").is_file()
    assert '--8<-- "snippets/fresh_one_at_zero.py"' in (repo / "docs/entries/fresh-one.md").read_text(encoding="utf-8")
    test_text = (repo / f"tests/snippets/test_{TOPIC.replace('-', '_')}.py").read_text(encoding="utf-8")
    assert 'run_snippet("fresh_one_at_zero")' in test_text and "def test_fresh_one_at_zero():" in test_text
    assert "fresh_one\"" not in test_text and "def test_fresh_one()" not in test_text


# -- make check-entries on a branch: KaTeX, shared aliases, an unreadable entry -----------------


def branch_of(repo: Path) -> Path:
    """``repo`` as a git clone would be: everything committed on main, then a branch ``work``."""
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    env.pop("NOTATION_BASE_REF", None)
    for cmd in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "main"], ["checkout", "-q", "-b", "work"]):
        subprocess.run(["git", "-C", str(repo), *cmd], check=True, capture_output=True, env=env)
    return repo


def test_check_entries_renders_the_changed_entries_formulas_with_katex(monkeypatch, repo_copy):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    repo = branch_of(repo_copy)
    entry = repo / "docs/entries/temperature.md"
    text = entry.read_text(encoding="utf-8")
    body = parse(text).body_line
    lines = text.splitlines(keepends=True)
    lines.insert(body, "A formula KaTeX rejects: $\\operatornam{T}$, and one it accepts, $\\frac{z}{T}$.\n\n")
    entry.write_text("".join(lines), encoding="utf-8")

    result = make(repo, "check-entries")
    assert result.returncode != 0
    assert f"docs/entries/temperature.md:{body + 1}: KaTeX rejects $\\operatornam{{T}}$: Undefined control sequence: \\operatornam" in result.stdout
    assert "frac{z}{T}" not in result.stdout
    assert result.stdout.rstrip().splitlines()[-1].startswith("1 problem(s) in ")
    # make's own last line, which CONTRIBUTING quotes as make prints it
    (make_line,) = result.stderr.strip().splitlines()
    assert make_line.startswith("make: *** [Makefile:") and make_line.endswith("check-entries] Error 1"), make_line
    assert f"`{make_line}`" in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def test_check_entries_warns_about_a_shared_alias_and_passes(monkeypatch, repo_copy):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    repo = branch_of(repo_copy)
    entry = repo / "docs/entries/temperature.md"
    text = entry.read_text(encoding="utf-8")
    aliases_line = next(i for i, line in enumerate(text.splitlines(), start=1) if line.startswith("aliases:"))
    entry.write_text(text.replace("aliases: [", "aliases: [Normalized Exponential, ", 1), encoding="utf-8")

    result = make(repo, "check-entries")
    assert result.returncode == 0, result.stdout
    assert (
        f"docs/entries/temperature.md:{aliases_line}: warning: alias 'Normalized Exponential' is also an alias of "
        "'softmax' (docs/entries/softmax.md); search probably lists "
    ) in result.stdout
    # only the alias the change added: temperature's other shared aliases were there before it
    assert result.stdout.count(": warning: ") == 1
    assert "no problems (1 warning(s), which do not fail the check)" in result.stdout


def test_an_unreadable_entry_is_reported_first_as_itself_and_once(monkeypatch, repo_copy):
    monkeypatch.delenv("NOTATION_BASE_REF", raising=False)
    repo = branch_of(repo_copy)
    relu = repo / "docs/entries/relu.md"
    lines = relu.read_text(encoding="utf-8").splitlines(keepends=True)
    quoted = next(i for i, line in enumerate(lines) if line.startswith("read_aloud:"))
    lines[quoted] = lines[quoted].replace("read_aloud: ", "read_aloud: 'an unclosed quote ", 1)
    relu.write_text("".join(lines), encoding="utf-8")
    linking = [p.name for p in (repo / "docs/entries").glob("*.md") if "(#relu)" in p.read_text(encoding="utf-8")]
    assert linking, "some entry links to relu"

    result = make(repo, "check-entries")
    assert result.returncode != 0
    messages = [line for line in result.stdout.splitlines() if not line.startswith(("    hint:", "note:"))]
    assert messages[0].startswith("docs/entries/relu.md:") and "invalid YAML in the front matter" in messages[0]
    assert messages[1:] == [messages[-1]] and messages[-1].startswith("1 problem(s) in ")
    assert "'relu'" not in result.stdout and "#relu" not in result.stdout
