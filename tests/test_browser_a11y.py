"""Accessibility of every Voilà app, measured with axe-core in headless Chromium.

axe-core (the engine behind most accessibility checkers) comes with the
``axe-playwright-python`` package (test extra), which injects its bundled
``axe.min.js`` into the page. Every app must have zero violations of impact
"critical" or "serious". No rule is disabled.
"""

from pathlib import Path

import pytest

NOTEBOOKS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
BLOCKING = {"critical", "serious"}


def axe_violations(page) -> list[dict]:
    """The critical or serious axe-core violations on ``page``, one dict per rule."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    results = axe_module.Axe().run(page)
    return [v for v in results.response["violations"] if v.get("impact") in BLOCKING]


def describe(violations) -> str:
    """A readable failure message: rule, impact, count and the first offending nodes."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
        for node in v["nodes"][:4]:
            lines.append(f"    {node['target']}: {node.get('failureSummary', '')[:300]!r}")
    return "\n".join(lines)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_app_has_no_critical_or_serious_axe_violations(name, open_app, app_errors):
    """axe-core finds no critical or serious problem on the rendered app."""
    page = open_app(name)
    assert app_errors(page) == []
    violations = axe_violations(page)
    assert violations == [], describe(violations)
