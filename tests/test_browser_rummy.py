"""The rummy apps in a real browser: Voilà + headless Chromium (fixtures in conftest.py).

The play app is driven like a reader would: push or take, click cards, try an
illegal meld (a red message, nothing changes), discard, and let the bots finish the
deal. Screenshots go to tests/screenshots/ (git-ignored).
"""

import re
import time

import pytest

PLAY = "06-play-push-rummy"
RULES = "05-rummy-rules"
ODDS = "07-rummy-odds"


def _wait_text_change(page, locator, old, timeout=60.0):
    """Wait until ``locator``'s text differs from ``old``; return the new text."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = locator.inner_text()
        if text != old:
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the text stayed {old!r} for {timeout} s")


def _settle(page, ms=600):
    """Give the kernel a moment to answer a click and the page to redraw."""
    page.wait_for_timeout(ms)


def _quiet(page, locator, polls=3, timeout=30.0):
    """Wait until ``locator``'s text has not changed for ``polls`` polls (widgets update one by one)."""
    deadline = time.monotonic() + timeout
    last, same = None, 0
    while time.monotonic() < deadline:
        text = locator.inner_text()
        same = same + 1 if text == last else 0
        if same >= polls:
            return text
        last = text
        page.wait_for_timeout(200)
    raise AssertionError(f"the page kept changing for {timeout} s")


def _hand(page):
    """The visible card buttons of the reader's hand."""
    return page.locator(".pl-rummy-playapp .pl-handcard:visible")


_LABEL_JS = """els => els.map(e => { const s = getComputedStyle(e);
    return (s.getPropertyValue('--pl-rank') + s.getPropertyValue('--pl-suit')).replace(/[\\s"]/g, ''); })"""


def _hand_labels(page):
    """The visible hand as a list of labels like 'A♠' (rank + suit, drawn by CSS), '★JK' for a joker."""
    return _hand(page).evaluate_all(_LABEL_JS)


def _prompt(page):
    """The line saying what the reader must do."""
    return page.locator(".pl-rummy-playapp .pl-prompt")


def _button(page, name):
    """A button of the play app by its visible name."""
    pattern = re.compile(rf"^\W*{re.escape(name)}\s*$")
    return page.locator(".pl-rummy-playapp button").filter(has_text=pattern)


def _three_naturals_of_different_ranks(labels):
    """Indices of three natural cards of three different ranks (an illegal set), or None."""
    picked, ranks = [], set()
    for i, label in enumerate(labels):
        rank = label[:-1]
        if rank in ("2", "★J", "★") or label.startswith("★") or rank in ranks:
            continue
        picked.append(i)
        ranks.add(rank)
        if len(picked) == 3:
            return picked
    return None


def test_play_app_take_push_illegal_meld_discard_and_bots_finish(open_app, app_errors, screenshot):
    page = open_app(PLAY, wait_for=".pl-rummy-playapp .pl-handcard")
    page.set_default_timeout(30_000)
    assert app_errors(page) == []
    app = page.locator(".pl-rummy-playapp")
    # one deal only, so the bots can finish it in the test
    app.locator("select").first.select_option(label="deal 1 only")
    _settle(page, 300)
    prompt = _prompt(page)
    old = prompt.inner_text()
    _button(page, "New game").click()
    _settle(page)
    _quiet(page, app)
    assert "Your turn" in prompt.inner_text() or old != prompt.inner_text()
    screenshot(page, "rummy-06-start")
    table = page.locator(".pl-rummy-tableview")
    assert "Deal 1 (1 of 1)" in table.inner_text()
    assert page.locator(".pl-rummy-odds").inner_text().strip() != ""

    # draw: push (or take, if the bot hint says the discard helps)
    before = prompt.inner_text()
    assert "take the discard" in before
    n_cards = _hand(page).count()
    _button(page, "Push").click()
    after = _wait_text_change(page, prompt, before)
    assert "discard one card" in after
    _quiet(page, app)
    assert _hand(page).count() == n_cards + 1         # a push draws one stock card for you

    # an illegal meld: three natural cards of different ranks staged as a set
    labels = _hand_labels(page)
    idx = _three_naturals_of_different_ranks(labels)
    assert idx is not None, labels
    for i in idx:
        _hand(page).nth(i).click()
        _settle(page, 250)
    assert app.locator(".pl-handcard:visible input:checked").count() == 3
    table_before = table.inner_text()
    _button(page, "Stage set").click()
    alert = app.locator("[role=alert]")
    alert.wait_for(timeout=30_000)
    _quiet(page, app)
    message = alert.inner_text()
    assert message.startswith("Illegal:") and "not a set" in message, message
    assert table.inner_text() == table_before        # nothing changed on the table
    assert _hand_labels(page) == labels              # nor in the hand
    assert "Staged" not in app.locator(".pl-selection").inner_text()
    screenshot(page, "rummy-06-illegal-meld")

    # discard one card: the bots play until it is Ann's turn again (or the deal is over)
    _button(page, "Deselect").click()
    _settle(page)
    assert app.locator(".pl-handcard:visible input:checked").count() == 0
    # the keyboard works too: Tab to a card, Space selects it
    _hand(page).nth(1).locator("input").focus()
    page.keyboard.press("Space")
    app.locator(".pl-handcard:visible input:checked").first.wait_for()
    app.locator(".pl-selection", has_text="Selected").wait_for()
    _button(page, "Deselect").click()
    _settle(page)
    assert app.locator(".pl-handcard:visible input:checked").count() == 0
    turns = 0
    while True:
        text = prompt.inner_text()
        if "match is over" in text:
            break
        assert turns < 80, "the deal did not end"
        if "take the discard" in text:
            _button(page, "Push").click()
            text = _wait_text_change(page, prompt, text)
            if "match is over" in text:
                break
        _hand(page).first.click()
        _settle(page, 250)
        _button(page, "Discard").click()
        _wait_text_change(page, prompt, text)
        turns += 1
    assert turns >= 1
    app.locator(".pl-msg.pl-ok", has_text="Deal 1 is over").wait_for()   # widgets update one by one
    assert re.search(r"Ann & Cat score \d+", app.inner_text())
    assert app_errors(page) == []
    screenshot(page, "rummy-06-deal-over")


def test_rules_app_meld_checker_and_step_through(open_app, app_errors, screenshot):
    page = open_app(RULES, wait_for=".pl-meldchecker")
    page.set_default_timeout(30_000)
    assert app_errors(page) == []
    checker = page.locator(".pl-meldchecker")
    result = checker.locator(".pl-meldcheck-result")
    assert "valid run: JK is 6♥" in result.inner_text()
    box = checker.locator("input[type=text]")
    box.fill("5H 5H 5S")
    box.press("Enter")
    result.locator(".pl-error", has_text="two 5♥").wait_for()
    assert "not a set" in result.inner_text()
    box.fill("5H 5Q")
    box.press("Enter")
    checker.locator("[role=alert]").wait_for(timeout=30_000)
    assert "5Q" in checker.locator("[role=alert]").inner_text()
    # the scripted deal: step 5 is Ben's wild replacement
    steps = page.locator(".pl-rummy-stepthrough").first
    for _ in range(5):
        old = steps.inner_text()
        steps.get_by_role("button", name="Next").click()
        _wait_text_change(page, steps, old)
    page.wait_for_function(                  # each widget is its own update: wait for the log too
        "() => document.querySelector('.pl-rummy-stepthrough').innerText.includes('replaces 2♦ in meld 2 by J♣')",
        timeout=30_000)
    assert app_errors(page) == []
    screenshot(page, "rummy-05-rules")


def test_odds_app_renders_plots(open_app, app_errors, screenshot):
    t0 = time.perf_counter()
    page = open_app(ODDS, wait_for=".pl-rummy-odds")
    opened = time.perf_counter() - t0        # shipped results: no simulation while it opens
    print(f"lesson 07 showed its first widget after {opened:.1f} s")
    assert opened < 60, f"lesson 07 took {opened:.1f} s to show its widget"   # a hang guard only
    assert app_errors(page) == []
    assert page.locator(".jp-OutputArea-output img").count() >= 4
    text = page.locator("#rendered_cells").inner_text()
    assert "agrees with the exact value within 4 standard errors: yes" in text
    assert "agree for every deal and number of wilds, within 4 standard errors: yes" in text
    assert "ExpertBot against HeuristicBot" in text and "about these bots" in text
    screenshot(page, "rummy-07-odds")
    # the whole-deal estimate of Ann's take or push runs on request, in the background
    page.locator("button").filter(has_text=re.compile(r"^\W*Estimate my options\s*$")).click()
    hint = page.locator(".pl-rummy-hint")
    hint.get_by_text("Whole-deal hint (an estimate)").wait_for(timeout=120_000)
    rows = hint.inner_text()
    assert "take" in rows and "push" in rows and "lowest" in rows
    screenshot(page, "rummy-07-hint", whole=False)
