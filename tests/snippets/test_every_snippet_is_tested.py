"""Every snippet has a test that runs it, and every snippet is included by an entry."""

import re

from conftest import ROOT, SNIPPETS


def test_every_snippet_is_run_by_a_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "snippets").glob("test_*.py"))
    untested = [p.stem for p in sorted(SNIPPETS.glob("*.py")) if f'run_snippet("{p.stem}")' not in tests]
    assert not untested, f"snippets with no test calling run_snippet(...): {untested}"
