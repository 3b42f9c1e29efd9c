"""Accessibility of every Voilà app, measured with axe-core in headless Chromium.

axe-core (the engine behind most accessibility checkers) comes with the
``axe-playwright-python`` package (test extra), which injects its bundled
``axe.min.js`` into the page. Every app must have zero violations of impact
"critical" or "serious". No rule is disabled.

Every English app is checked on the page that ``test_browser.py`` already renders
(``test_notebook_renders_without_errors``: one Voilà run per lesson serves both checks);
the translated copies in ``test_browser_languages.py``, the welcome lesson's copies in
``test_i18n.py``; this module has the helpers and the keyboard-only tests.
"""

import pytest

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
        model.act(action)
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


_ACTIVE_JS = """() => { const e = document.activeElement;
    return e ? e.tagName + '.' + e.className + '[' + (e.title || e.textContent || '').slice(0, 30) + ']' : ''; }"""
_RUMMY_VERSION_JS = "(sel) => Number((document.querySelector(sel) || {dataset: {}}).dataset.version || 0)"
_RUMMY_PROMPT = ".pl-rummy-playapp .pl-prompt [data-version]"
_RUMMY_SELECTION = ".pl-rummy-playapp .pl-selection [data-version]"


def keyboard_rummy(page, selector: str, key: str, changes: str, max_tabs: int = 300) -> int:
    """Tab until ``selector`` has the focus, press ``key``, wait until the ``changes`` element's version grows."""
    trail = []
    for tabs in range(max_tabs):
        trail.append(page.evaluate(_ACTIVE_JS))
        if page.evaluate(_FOCUSED_JS, selector):
            before = page.evaluate(_RUMMY_VERSION_JS, changes)
            page.keyboard.press(key)
            page.wait_for_function(f"() => ({_RUMMY_VERSION_JS})({changes!r}) > {before}", timeout=30_000)
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError(f"{max_tabs} presses of Tab never reached {selector}; focus went: {trail[:80]}")


def test_a_rummy_turn_with_tab_enter_and_space_only(open_app, app_errors, screenshot):
    """Take the discard, select and stage two sets, lay them down, discard: keyboard only."""
    from urllib.parse import quote

    from pushlab.rummy.cards import full_deck, parse_cards
    from pushlab.rummy.game import Game, deck_for
    from pushlab.share import encode
    from pushlab.widgets.rummy import SEAT_NAMES, card_name

    hands = ["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH", "JD 10S 3H 8D 6S 4S"]
    rest = list(full_deck())                            # a link holds a whole deck: the rest is the stock
    for c in parse_cards(" ".join(hands) + " 4D"):
        rest.remove(c)
    start = Game.new(deck=deck_for(hands, "4D", " ".join(map(str, rest)), dealer=3), dealer=3,
                     deals=(1,), names=SEAT_NAMES)
    assert start.current_player == 0 and start.phase == "draw"

    def card(text):
        """The focusable checkbox of one card of the hand, found by its accessible name."""
        (c,) = parse_cards(text)
        box = ".pl-handcard input[type=checkbox]"
        return f"{box}[title='{card_name(c)}'], {box}[title^='{card_name(c)} \u2013']"   # (- just drawn)

    page = open_app("06-play-push-rummy", wait_for=".pl-rummy-playapp .pl-handcard",
                    query="position=" + quote(encode(start), safe="."))
    app = page.locator(".pl-rummy-playapp")
    assert "take the discard" in app.locator(".pl-prompt").inner_text()
    page.locator("body").focus()
    tabs = keyboard_rummy(page, ".pl-btn-take", "Enter", _RUMMY_PROMPT)
    for group in (["5H", "5S", "JK"], ["9S", "9C", "9D"]):
        for c in group:
            tabs += keyboard_rummy(page, card(c), "Space", _RUMMY_SELECTION)
        assert app.locator(".pl-handcard input:checked").count() == 3
        tabs += keyboard_rummy(page, ".pl-btn-stage-set", "Enter", _RUMMY_SELECTION)
        assert app.locator(".pl-handcard input:checked").count() == 0
    assert app.locator(".pl-selection").inner_text().count("set") == 2       # two staged sets
    screenshot(page, "a11y-keyboard-rummy-staged")
    tabs += keyboard_rummy(page, ".pl-btn-lay-down", "Enter", _RUMMY_PROMPT)
    assert app.locator(".pl-handcard:visible").count() == 1
    tabs += keyboard_rummy(page, card("4D"), "Space", _RUMMY_SELECTION)
    tabs += keyboard_rummy(page, ".pl-btn-discard", "Enter", _RUMMY_PROMPT)
    log = app.locator("[role=log][aria-live=polite] ol.pl-log")
    assert log.count() == 1
    text = log.inner_text()
    assert "Ann melds" in text and "Ann goes out" in text, text
    assert app.locator(".pl-prompt [role=status]").count() == 1
    assert app.locator(".pl-rummy-tableview .pl-card[role=img][aria-label^='joker (wild)']").count() >= 1
    assert app_errors(page) == []
    print(f"the rummy turn took {tabs} presses of Tab")
    screenshot(page, "a11y-keyboard-rummy-turn")
