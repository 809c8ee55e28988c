"""Browser sweep: every page (most in two modes, a light and a dark one, see ``sweep.plan``), with axe-core.

The same sweep as ``tests/site/test_sweep.py`` (``tests/sweep.py``), run on the bench's
build, without screenshots; it reports totals instead of asserting.
"""

from __future__ import annotations

from collections import Counter

from sweep import MODES, run_sweep

SEVERITIES = ("critical", "serious", "moderate", "minor")


def run(ctx) -> list[tuple[str, str]]:
    sweep = run_sweep(ctx.site, screenshots=None)
    visits = sweep.visits
    requests = sum(len(v.requests) for v in visits)
    third_party = sum(len(v.third_party) for v in visits)
    failed = sum(len(v.failed) for v in visits)
    errors = sum(len(v.errors) for v in visits)
    csp = sum(len(v.csp) for v in visits)
    by_impact = sweep.axe_by_impact()
    rules: Counter[str] = Counter()
    for v in visits:
        for violation in v.axe:
            rules[f"{violation['impact']} {violation['id']}"] += len(violation["nodes"])
    per_mode = Counter()
    for v in visits:
        per_mode[v.mode] += sum(v.seconds.values())
    rows = [
        ("pages checked", f"{len(sweep.pages())} pages, {len(visits)} visits in {len(MODES)} modes ({', '.join(MODES)})"),
        ("requests", f"{requests} ({requests / len(visits):.1f} per visit)"),
        ("third-party requests", str(third_party)),
        ("failed requests", str(failed)),
        ("console and page errors", str(errors)),
        ("Content-Security-Policy violations", str(csp)),
        ("formulas seen", str(sum(v.dom.get("katex", 0) for v in visits))),
        ("executed examples seen", str(sum(len(v.dom.get("examples", [])) for v in visits))),
    ]
    for severity in SEVERITIES:
        rows.append((f"axe violations, {severity} (nodes)", str(by_impact.get(severity, 0))))
    for rule, n in rules.most_common(6):
        rows.append((f"  axe rule: {rule}", f"{n} nodes"))
    rows.append(("sweep wall time", f"{sweep.seconds:.1f} s (modes run concurrently)"))
    for mode, seconds in per_mode.items():
        rows.append((f"  time in {mode}", f"{seconds:.1f} s"))
    return rows
