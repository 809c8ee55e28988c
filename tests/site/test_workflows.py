"""The GitHub workflows and templates: zizmor and GitHub's schemas find nothing, and the
workflow keeps the promises CONTRIBUTING.md makes about it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

GITHUB = ROOT / ".github"
WORKFLOWS = sorted([*(GITHUB / "workflows").glob("*.yml"), *(GITHUB / "workflows").glob("*.yaml")])
ISSUE_FORMS = sorted(p for p in (GITHUB / "ISSUE_TEMPLATE").glob("*.yml") if p.name != "config.yml")
BIN = Path(sys.executable).parent
PINNED = re.compile(r"^\s*(?:-\s+)?uses:\s*([\w.-]+/[\w./-]+)@([0-9a-f]{40}) # v\d+(?:\.\d+){0,2}\s*$")


def run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)


def load(path: Path) -> dict:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in data:  # YAML 1.1 reads the key `on` as True
        data["on"] = data.pop(True)
    return data


def site_workflow() -> dict:
    return load(GITHUB / "workflows/site.yml")


def test_there_are_workflows():
    assert [p.name for p in WORKFLOWS] == ["site.yml"]


def test_zizmor_finds_nothing_offline_even_pedantic():
    # --offline: no GitHub API calls (no token needed, works without network).
    result = run(str(BIN / "zizmor"), "--offline", "--persona=pedantic", "--no-progress", *map(str, WORKFLOWS))
    assert result.returncode == 0, f"zizmor findings:\n{result.stdout}\n{result.stderr}"
    assert "No findings" in result.stdout


def test_workflows_match_githubs_schema():
    result = run(str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", *map(str, WORKFLOWS))
    assert result.returncode == 0, result.stdout + result.stderr


def test_issue_forms_and_their_config_match_githubs_schemas():
    names = sorted(p.name for p in ISSUE_FORMS)
    assert names == ["bug.yml", "error-in-entry.yml", "new-entry.yml"]
    forms = run(str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-issue-forms", *map(str, ISSUE_FORMS))
    assert forms.returncode == 0, forms.stdout + forms.stderr
    config = run(str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-issue-config", str(GITHUB / "ISSUE_TEMPLATE/config.yml"))
    assert config.returncode == 0, config.stdout + config.stderr


def test_the_error_form_has_the_entry_field_that_the_report_link_fills_in():
    from notation_site.output.pages import Repository

    form = load(GITHUB / "ISSUE_TEMPLATE/error-in-entry.yml")
    ids = [item.get("id") for item in form["body"]]
    url = Repository("https://github.com/o/r").report_url("softmax")
    assert "template=error-in-entry.yml" in url and "entry=softmax" in url
    assert "entry" in ids


def test_every_action_is_pinned_to_a_full_commit_with_a_version_comment():
    for path in WORKFLOWS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.match(r"^\s*(-\s+)?uses:", line):
                assert PINNED.match(line), f"{path.name}: not pinned to a commit with a '# vX.Y.Z' comment: {line.strip()}"


def test_least_privilege_and_no_pull_request_target():
    wf = site_workflow()
    assert wf["permissions"] == {}
    assert set(wf["on"]) == {"pull_request", "push"}
    assert wf["on"]["push"] == {"branches": ["main"]}
    for path in WORKFLOWS:
        assert "pull_request_target" not in load(path)["on"]
        code = [line.split("#")[0] for line in path.read_text(encoding="utf-8").splitlines()]
        assert not any("pull_request_target" in line or "workflow_run" in line for line in code), path.name
    assert wf["jobs"]["test"]["permissions"] == {"contents": "read"}
    assert wf["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}


def test_checkout_keeps_no_credentials_and_steps_install_only_through_make():
    for name, job in site_workflow()["jobs"].items():
        for step in job["steps"]:
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, name
            if "run" in step:
                # make installs from requirements.lock (with hashes) and package-lock.json only
                assert re.fullmatch(r"make [a-z-]+", step["run"].strip()), step["run"]


def test_superseded_pull_request_runs_are_cancelled():
    concurrency = site_workflow()["concurrency"]
    assert "github.event.pull_request.number" in concurrency["group"]
    assert concurrency["cancel-in-progress"] == "${{ github.event_name == 'pull_request' }}"


def test_pull_requests_get_a_preview_artifact_and_main_deploys_after_the_tests():
    jobs = site_workflow()["jobs"]
    steps = {s.get("uses", "").split("@")[0]: s for s in jobs["test"]["steps"]}
    runs = [s["run"] for s in jobs["test"]["steps"] if "run" in s]
    assert runs == ["make test", "make build"]
    preview = steps["actions/upload-artifact"]
    assert preview["if"] == "github.event_name == 'pull_request'" and preview["with"]["path"] == "site/"
    pages = steps["actions/upload-pages-artifact"]
    assert pages["if"] == "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    deploy = jobs["deploy"]
    assert deploy["needs"] == "test"
    assert deploy["if"] == "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/configure-pages", "actions/deploy-pages"]
    assert not any("run" in s for s in deploy["steps"]), "the deploy job runs no project code"


@pytest.mark.parametrize("form", ["new-entry.yml", "error-in-entry.yml", "bug.yml"])
def test_issue_forms_have_a_title_prefix_and_a_label(form):
    data = load(GITHUB / "ISSUE_TEMPLATE" / form)
    assert data["title"] and data["labels"]
