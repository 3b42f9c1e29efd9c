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


# --------------------------------------------------------------------------- keyboard only

_FOCUSED_JS = "(sel) => !!document.activeElement && document.activeElement.matches(sel)"
_VERSION_JS = "() => Number(document.querySelector('.pl-prompt [data-version]').dataset.version)"


def keyboard_press(page, selector: str, key: str = "Enter", max_tabs: int = 200) -> int:
    """Move the focus with Tab alone until ``selector`` has it, then press ``key``; returns the Tabs used."""
    for tabs in range(max_tabs):
        if page.evaluate(_FOCUSED_JS, selector):
            before = page.evaluate(_VERSION_JS)
            page.keyboard.press(key)
            page.wait_for_function(f"() => ({_VERSION_JS})() > {before}", timeout=30_000)
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError(f"{max_tabs} presses of Tab never reached {selector}")


def test_a_push_your_luck_turn_with_tab_enter_and_space_only(open_app, app_errors, screenshot):
    """Draw, place, stop, take and (next turn) bank, by keyboard; announcements carry ARIA roles."""
    from urllib.parse import quote

    from pushlab.luck import Game
    from pushlab.share import encode
    from pushlab.widgets.luck import LuckSession

    start = Game.new(["Ann", "Ben"], seed=0)                        # Ann (the reader) to act
    model = LuckSession(start, bots=["steady"], you=0, seed=2024)    # the app's bot and seed
    for action in ["draw", "place 0", "stop", "take 0"]:
        assert model.act(action), model.error
    (card,) = model.game.benches[0]
    assert f"bank {card.colour}" in model.legal()

    page = open_app("02-play-push-your-luck", wait_for=".pl-playapp .pl-btn-draw",
                    query="position=" + quote(encode(start), safe="."))
    page.locator("body").focus()
    keyboard_press(page, ".pl-btn-draw", "Enter")
    keyboard_press(page, ".pl-btn-new", "Space")            # place: start column 1
    keyboard_press(page, ".pl-btn-stop", "Enter")
    keyboard_press(page, ".pl-btn-col-0", "Space")          # take column 1; the bot plays its turn
    keyboard_press(page, f".pl-btn-bank-{card.colour}", "Enter")
    log = page.locator(".pl-playapp [role=log][aria-live=polite] ol.pl-log")
    assert log.count() == 1
    text = log.inner_text()
    assert "Ann banks" in text or "banks" in text.lower(), text
    assert page.locator(".pl-playapp .pl-prompt [role=status]").count() == 1
    assert page.locator(".pl-playapp .pl-tableview .pl-card[role=img][aria-label]").count() >= 1
    assert app_errors(page) == []
    screenshot(page, "a11y-keyboard-luck-turn")
