"""The push-your-luck apps in Voilà, in headless Chromium: they render, respond to clicks, show errors.

Uses the fixtures of ``tests/conftest.py`` (``open_app``, ``app_errors``, ``screenshot``).
Screenshots go to ``tests/screenshots/``.
"""

import re
VERSION_JS = "() => Number(document.querySelector('.pl-prompt [data-version]').dataset.version)"


def click_and_wait(page, button):
    """Click ``button`` (a CSS selector) and wait until the app has redrawn (its prompt version grows).

    The app writes its prompt last, so a new prompt version means every other part
    of the app has been updated too.
    """
    before = page.evaluate(VERSION_JS)
    page.locator(button).click()
    page.wait_for_function(f"() => ({VERSION_JS})() > {before}", timeout=30_000)


def assert_labelled_controls(page, root):
    """Every button of the app ``root`` has a text label and a tooltip."""
    buttons = page.locator(f"{root} button")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        b = buttons.nth(i)
        assert b.inner_text().strip(), "a button without a text label"
        assert b.get_attribute("title"), f"button {b.inner_text()!r} has no tooltip"


def message(page, root):
    """The text of the message line of the app ``root`` ('' when there is none)."""
    return page.locator(f"{root} .pl-message").first.inner_text().strip()


def test_rules_app_steps_through_a_scenario(open_app, app_errors, screenshot):
    page = open_app("01-push-your-luck-rules", wait_for=".pl-stepthrough")
    first = page.locator(".pl-stepthrough").first
    assert "Step 0 of 11" in first.inner_text()
    assert first.locator("button:has-text('Back')").is_disabled()
    assert_labelled_controls(page, ".pl-stepthrough")
    for step in range(1, 4):
        first.locator("button:has-text('Next')").click()
        page.wait_for_function(
            "([s]) => document.querySelector('.pl-stepthrough').innerText.includes(s)",
            arg=[f"Step {step} of 11"])
    # the step's widgets (line, table, log, note) are updated one message each: the browser
    # may draw the step line before the note (seen once on an idle machine), so wait for all
    page.wait_for_function(
        "([a, b]) => { const t = document.querySelector('.pl-stepthrough').innerText;"
        " return t.includes(a) && t.includes(b); }",
        arg=["A blue 3 has the same number as the red 3", "Ann draws R3 and starts column 1"], timeout=30_000)
    text = first.inner_text()
    assert "Step 3 of 11" in text
    assert "Ann draws R3 and starts column 1" in text
    assert "A blue 3 has the same number as the red 3" in text
    assert first.locator(".pl-card[title='blue 3']").count() == 1      # the drawn card, drawn as a card
    assert page.locator(".pl-stepthrough").count() >= 6
    assert app_errors(page) == []
    screenshot(page, "luck-01-rules")


def test_play_app_illegal_stop_then_a_full_turn_by_clicking(open_app, app_errors, screenshot):
    page = open_app("02-play-push-your-luck", wait_for=".pl-playapp .pl-btn-draw")
    app = ".pl-playapp"
    start_table = page.inner_text(".pl-tableview")
    assert "Ann (you)" in start_table and "Starts:" in page.inner_text(app)
    assert "Ben draws" in page.inner_text(app)          # seed 2024, random start: Ben went first
    assert_labelled_controls(page, app)
    # an illegal control: Stop before drawing shows the engine's message, state unchanged
    page.locator(".pl-btn-stop").click()
    page.wait_for_selector(f"{app} .pl-message .pl-error", timeout=30_000)
    error = message(page, app)
    assert error.startswith("Illegal:") and "stop" in error and "draw" in error
    assert page.inner_text(".pl-tableview") == start_table
    screenshot(page, "luck-02-illegal-stop")
    # keyboard play: the Draw button takes the focus and Enter presses it
    before = page.evaluate(VERSION_JS)
    page.focus(".pl-btn-draw")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({VERSION_JS})() > {before}", timeout=30_000)
    assert message(page, app) == "" and page.inner_text(".pl-tableview") != start_table
    # draw until a column exists, stop, take a column: every step by clicking
    took = False
    for _ in range(40):
        prompt = page.inner_text(".pl-prompt")
        if prompt.startswith("Take one"):
            enabled = [i for i in range(3) if page.locator(f".pl-btn-col-{i}").is_enabled()]
            click_and_wait(page, f".pl-btn-col-{enabled[0]}")
            took = True
            break
        if prompt.startswith("Put the drawn card"):
            target = ".pl-btn-new" if page.locator(".pl-btn-new").is_enabled() else ".pl-btn-col-0"
            click_and_wait(page, target)
        elif prompt.startswith("Draw again, or Stop"):
            screenshot(page, "luck-02-before-stop")
            click_and_wait(page, ".pl-btn-stop")
        else:
            click_and_wait(page, ".pl-btn-draw")
        assert message(page, app) == "", message(page, app)
    assert took, "never reached the collection"
    assert message(page, app) == ""
    log = page.inner_text(app)
    assert "Ann stops" in log and "Ann takes column" in log
    assert page.inner_text(".pl-tableview") != start_table
    assert app_errors(page) == []
    screenshot(page, "luck-02-after-turn")


def test_rules_app_shows_both_switch_readings_side_by_side(open_app, app_errors, screenshot):
    page = open_app("01-push-your-luck-rules", wait_for=".pl-comparesteps")
    both = page.locator(".pl-comparesteps").first
    tables = both.locator(".pl-tableview")
    assert tables.count() == 2 and "Step 0 of 26" in both.inner_text()
    assert_labelled_controls(page, ".pl-comparesteps")
    for step in range(1, 12):                 # to the start of Ben's turn
        both.locator("button:has-text('Next')").click()
        page.wait_for_function(
            "([s]) => document.querySelector('.pl-comparesteps').innerText.includes(s)",
            arg=[f"Step {step} of 26"])
    # each widget is its own update message: the step line may be drawn before the tables
    page.wait_for_function("() => { const t = document.querySelectorAll('.pl-comparesteps .pl-tableview');"
                           " return t.length === 2 && t[1].innerText.includes('switch pile: 1 (lasts)'); }",
                           timeout=30_000)
    left, right = tables.nth(0).inner_text(), tables.nth(1).inner_text()
    assert "this turn only" in left and "counter-clockwise" not in left
    assert "until the next switch card" in right and "counter-clockwise" in right
    assert "switch pile: 1 (lasts)" in right
    assert app_errors(page) == []
    screenshot(page, "luck-01-switch-readings")


def test_play_app_switch_rule_setting(open_app, app_errors, screenshot):
    page = open_app("02-play-push-your-luck", wait_for=".pl-playapp .pl-btn-draw")
    assert "this turn only" in page.inner_text(".pl-rule-note")
    page.locator(".pl-switch-rule select").select_option(value="last until the next switch card")
    page.locator(".pl-playapp button:has-text('New game')").click()
    page.wait_for_function("() => document.querySelector('.pl-rule-note').innerText"
                           ".includes('until the next switch card')", timeout=30_000)
    assert "until the next switch card" in page.inner_text(".pl-tableview")
    assert app_errors(page) == []
    screenshot(page, "luck-02-switch-rule")


def test_probability_lab_renders_every_plot(open_app, app_errors, screenshot):
    """Lesson 03 (part 1): the three plots, the odds panel, two tables, the shipped policy map
    recomputed live (the same call gives the same map) and its computed sentence."""
    page = open_app("03-push-your-luck-probability")
    text = page.inner_text("body")
    assert "exact risk" in text and "the hint never says draw above a risk of" in text
    assert page.locator(".jp-OutputArea-output img").count() >= 3      # bust odds, EV, policy map
    assert page.locator(".pl-odds").count() == 1 and page.locator(".pl-tableview").count() == 2
    assert page.locator(".pl-live").count() == 1 and "computed ahead with" in text
    live = page.locator(".pl-live").first
    before = live.locator("img").first.get_attribute("src")
    live.locator(".pl-live-button").click()
    live.locator("text=Computed live").wait_for(timeout=180_000)
    assert live.locator("img").count() == 1
    assert live.locator("img").first.get_attribute("src") == before   # same call, same map
    assert app_errors(page) == []
    screenshot(page, "luck-03-probability")


def check_simulation_page(page, app_errors, screenshot):
    """Lesson 10 (lesson 03's second half): exact against simulated, the convergence plot, the
    shipped tournament, the switch-rule button. Run on the page ``test_browser.py`` renders
    for lesson 10 (``PAGE_CHECKS`` there), before anything on it is clicked: one Voilà run
    serves both (was: a page load of its own here)."""
    text = page.inner_text("body")
    assert "Exact P(bust) =" in text and "standard errors away" in text
    assert page.locator(".jp-OutputArea-output img").count() >= 2       # convergence, strategies
    assert page.locator(".pl-live").count() == 1 and page.locator(".pl-run").count() == 1
    assert page.locator(".pl-predict").count() == 2 and page.locator(".pl-exercise").count() >= 3
    assert app_errors(page) == []
    screenshot(page, "luck-10-simulation")


def test_lesson_builder_story_updates_its_odds(open_app, app_errors, screenshot):
    page = open_app("04-make-your-own-lesson", wait_for=".pl-stepthrough")
    story = page.locator(".pl-stepthrough").first
    assert "My lesson: when would you stop?" in story.inner_text()
    for _ in range(6):
        step = int(re.search(r"Step (\d+) of", story.inner_text()).group(1))
        story.locator("button:has-text('Next')").click()
        # wait for this click's step line, not for any change (one click redraws in parts)
        page.wait_for_function(
            "([want]) => document.querySelector('.pl-stepthrough').innerText.includes(want)",
            arg=[f"Step {step + 1} of"])
    text = story.inner_text()
    assert "22.2% (2/9)" in text                                     # three columns of 1s, 2 of 9 cards bust
    assert app_errors(page) == []
    screenshot(page, "luck-04-lesson")


def test_play_app_whole_game_advice_with_progress(open_app, app_errors, screenshot):
    """Show advice: the one-turn values at once, the whole-game table as rollouts come in;
    the buttons keep working while it computes."""
    page = open_app("02-play-push-your-luck", wait_for=".pl-playapp .pl-btn-draw")
    app = ".pl-playapp"
    page.locator(f"{app} .widget-checkbox input").first.check()
    page.wait_for_function(
        "() => document.querySelector('.pl-hint').innerText.includes('This turn only')", timeout=30_000)
    page.wait_for_function(
        "() => document.querySelector('.pl-hint').innerText.includes('Recommended:')", timeout=60_000)
    hint = page.inner_text(".pl-hint")
    assert "Whole game (estimated from" in hint and "chance to win (95% CI)" in hint
    assert "the one-turn hint, a model" in hint and "exact best" not in page.inner_text(app)
    click_and_wait(page, ".pl-btn-draw")                      # a click while rollouts run
    assert message(page, app) == ""
    page.wait_for_function(
        "() => document.querySelector('.pl-hint').innerText.includes('1,000 rollouts per action')",
        timeout=120_000)
    assert app_errors(page) == []
    screenshot(page, "luck-02-advice")
