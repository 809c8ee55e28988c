"""Entries as data: the entry schema behind the validator, the published dataset
(``entries.json`` and ``entries.schema.json`` at the site's root), and the terminal look-up."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

from conftest import ROOT
from notation_site.lookup import main as lookup_main
from notation_site.model.catalog import load
from notation_site.model.schema import ENTRY_SCHEMA_PATH, FIELDS
from notation_site.output.dataset import SCHEMA_SOURCE, dataset_json
from notation_site.search.match import FIELD_BOOSTS
from notation_site.validate import validate

ENTRY_FILES = sorted((ROOT / "docs/entries").glob("*.md"))


def front_matter(path: Path) -> dict:
    """The YAML between the first two ``---`` lines, read with PyYAML alone."""
    text = path.read_text(encoding="utf-8")
    return yaml.safe_load(text.split("\n---", 1)[0].removeprefix("---\n"))


# -- the entry schema -------------------------------------------------------------------


def test_the_entry_schema_is_a_valid_2020_12_schema():
    schema = json.loads(ENTRY_SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    Draft202012Validator.check_schema(json.loads(SCHEMA_SOURCE.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", ENTRY_FILES, ids=lambda p: p.stem)
def test_every_entry_validates_against_the_schema(path):
    validator = Draft202012Validator(json.loads(ENTRY_SCHEMA_PATH.read_text(encoding="utf-8")))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(front_matter(path))]
    assert errors == []


def test_the_validator_reads_its_field_rules_from_the_schema():
    schema = json.loads(ENTRY_SCHEMA_PATH.read_text(encoding="utf-8"))
    assert list(FIELDS) == list(schema["properties"])
    assert {k for k, f in FIELDS.items() if f.required} == set(schema["required"])
    assert all(FIELDS[k].description == p["description"] for k, p in schema["properties"].items())


BAD = textwrap.dedent(
    """\
    ---
    id: aa
    name: Thing
    symbol: 'x_{i}'
    summary: A thing.
    read_aloud: x sub i
    aliases: [thing, '  ']
    shape: 'scalar'
    code:
      numpy: 'x[i]'
    confused_with:
      bb: 'they look alike'
    see_also: [bb]
    latex_command: ['\\odot']
    ---
    Body.

    --8<-- "snippets/ok.py"
    """
)


def test_a_field_error_reports_file_line_and_a_did_you_mean_hint(tmp_path):
    (tmp_path / "docs/entries").mkdir(parents=True)
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/ok.py").write_text("print('ok')\n")
    (tmp_path / "docs/entries/aa.md").write_text(BAD, encoding="utf-8")
    good_bb = BAD.replace("id: aa", "id: bb").replace("bb:", "aa:").replace("[bb]", "[aa]").replace(", '  '", "")
    good_bb = good_bb.replace("  numpy: 'x[i]'\n", "  numpy: 'x[i]'\n  pytorch: 'x[i]'\n").replace("latex_command:", "latex_commands:")
    (tmp_path / "docs/entries/bb.md").write_text(good_bb, encoding="utf-8")
    (tmp_path / "docs/topic.md").write_text("---\ntitle: Topic\nentries: [aa, bb]\n---\n# Topic\n")
    found = {f"{p.path.as_posix()}:{p.line}: {p.message}": p.hint for p in validate(load(tmp_path))}
    assert list(found) == [
        "docs/entries/aa.md:7: field 'aliases' must be a list of other names and API names",
        "docs/entries/aa.md:9: field 'code' must be a mapping with exactly the keys 'numpy' and 'pytorch'",
        "docs/entries/aa.md:14: unknown field 'latex_command'",
    ]
    assert found["docs/entries/aa.md:7: field 'aliases' must be a list of other names and API names"] == "got ['thing', '  '] (at aliases[1])"
    assert found["docs/entries/aa.md:14: unknown field 'latex_command'"].startswith("did you mean 'latex_commands'?")


def test_the_lookup_ranks_with_the_boosts_the_site_search_uses():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = config[config.index("fields:") :]
    for field, boost in FIELD_BOOSTS.items():
        assert re.search(rf"\b{field}: {{boost: {boost}}}", block), field


# -- the dataset -------------------------------------------------------------------------


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.ids.update(v for k, v in attrs if k == "id" and v)


def element_ids(page: Path) -> set[str]:
    parser = _Ids()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


@pytest.fixture(scope="module")
def data(built_site):
    return json.loads((built_site / "entries.json").read_text(encoding="utf-8"))


def test_the_dataset_validates_against_the_schema_beside_it(built_site, data):
    schema = json.loads((built_site / "entries.schema.json").read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []


def test_the_dataset_lists_every_entry_with_its_version_and_commit(data):
    assert [e["id"] for e in data["entries"]] == sorted(p.stem for p in ENTRY_FILES)
    assert data["format_version"] == 1
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert data["commit"] == (head.stdout.strip() if head.returncode == 0 else "unknown")
    softmax = next(e for e in data["entries"] if e["id"] == "softmax")
    assert softmax["code"]["pytorch"] == front_matter(ROOT / "docs/entries/softmax.md")["code"]["pytorch"]
    hadamard = next(e for e in data["entries"] if e["id"] == "hadamard")
    assert {"glyph": "⊙", "code_points": ["U+2299"]} in hadamard["glyphs"]


def test_every_url_in_the_dataset_is_a_page_and_an_element_of_the_site(built_site, data):
    missing = []
    pages: dict[Path, set[str]] = {}
    for item in data["entries"] + data["topics"]:
        path, _, fragment = item["url"].partition("#")
        page = built_site / path / "index.html" if path.endswith("/") or not path else built_site / path
        if not page.is_file():
            missing.append(f"{item['id']}: {item['url']} (no {page.relative_to(built_site)})")
            continue
        if fragment and fragment not in pages.setdefault(page, element_ids(page)):
            missing.append(f"{item['id']}: {item['url']} (no id {fragment!r} on the page)")
    assert missing == []
    assert len(data["entries"]) == len(ENTRY_FILES)


def test_the_dataset_text_is_deterministic_and_sorted():
    catalog = load(ROOT)
    text = dataset_json(catalog, "0" * 40)
    assert text == dataset_json(load(ROOT), "0" * 40)
    parsed = json.loads(text)
    assert json.dumps(parsed, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n" == text
    assert [e["id"] for e in parsed["entries"]] == sorted(e["id"] for e in parsed["entries"])


# -- the terminal look-up ----------------------------------------------------------------


def first_id(capsys, *query: str) -> str:
    assert lookup_main(["--root", str(ROOT), *query]) == 0
    out = capsys.readouterr().out
    return out.split(":", 1)[0]


@pytest.mark.parametrize(
    "query, entry",
    [
        ("⊙", "hadamard"),  # a glyph
        ("∇", "gradient"),
        ("\\odot", "hadamard"),  # a LaTeX command
        ("\\nabla", "gradient"),
        ("KL divergence", "kl-divergence"),  # a name
        ("Schur product", "hadamard"),  # an alias
        ("torch.softmax", "softmax"),  # an API name
        ("F.layer_norm", "layernorm"),
    ],
)
def test_the_lookup_finds_an_entry_by_glyph_command_name_and_api_name(capsys, query, entry):
    assert first_id(capsys, query) == entry


def test_the_lookup_prints_what_the_entry_says_and_its_url(capsys):
    assert lookup_main(["--root", str(ROOT), "-n", "1", "--base", "https://example.org/notation/", "torch.softmax"]) == 0
    out = capsys.readouterr().out
    assert "softmax: Softmax" in out and "read aloud:" in out and "torch.softmax(z, dim=-1)" in out
    url = next(line for line in out.splitlines() if line.strip().startswith("url:"))
    assert url.split()[-1] == "https://example.org/notation/entries/softmax/"  # the URL depends only on the id


def test_the_lookup_as_json_gives_the_dataset_records(capsys):
    assert lookup_main(["--root", str(ROOT), "--json", "-n", "1", "⊙"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in records] == ["hadamard"]


def test_the_lookup_fails_cleanly_on_nonsense():
    result = subprocess.run(
        [sys.executable, "-m", "notation_site.lookup", "qzxwvkj"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert "nothing matches 'qzxwvkj'" in result.stderr and "Traceback" not in result.stderr
