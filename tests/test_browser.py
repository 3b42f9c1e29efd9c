"""Every notebook opens as a Voilà app in headless Chromium without errors.

The per-game browser tests (clicking through a game) live in
``test_browser_luck.py`` and ``test_browser_rummy.py``; this file checks that each
lesson renders without errors and with no critical or serious axe-core violation (one
page load per lesson serves both), and that the Voilà tree lists all of them.
"""

import importlib
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
#: A lesson's own checks of its freshly rendered page (``check(page, app_errors, screenshot)``,
#: from the lesson's test module), run on this module's page load of it before anything is
#: clicked: one Voilà run of the lesson serves both.
PAGE_CHECKS = {"09-how-sure-are-we.ipynb": ("test_browser_stats", "check_how_sure_page"),
               "10-simulation-and-intervals.ipynb": ("test_browser_luck", "check_simulation_page")}


def test_there_are_notebooks():
    """The harness has something to test (an empty folder is a broken checkout)."""
    assert "00-welcome.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_renders_without_errors(name, open_app, app_errors, screenshot):
    """The app renders, shows no traceback or widget error, axe-core finds no critical or
    serious violation on it (``test_browser_a11y``), and it is screenshotted. On a lesson with
    exercises and predictions (``pushlab.teaching``) the same page load answers its first
    exercise wrong, then right, shows the reasoning, answers the last one right, and locks in
    and reveals its first prediction (axe then checks the revealed state too). Lessons 09 and
    10 get their own modules' checks first (:data:`PAGE_CHECKS`). Before anything is clicked,
    the page switched to a phone and a tablet touch screen fits them, then goes back to the
    desktop (``test_browser_devices``)."""
    from test_browser_a11y import axe_violations, describe
    from test_browser_devices import check_switched_to_devices

    page = open_app(name)
    assert page.locator("#rendered_cells").is_visible()
    assert app_errors(page) == []
    if name in PAGE_CHECKS:
        module, check = PAGE_CHECKS[name]
        getattr(importlib.import_module(module), check)(page, app_errors, screenshot)
    assert check_switched_to_devices(page, Path(name).stem) == {}   # as rendered, then back
    assert app_errors(page) == []
    if page.locator(".pl-exercise").count():
        answer_exercises(page, Path(name).stem)
    if page.locator(".pl-predict").count():
        reveal_a_prediction(page)
    assert app_errors(page) == []
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    assert screenshot(page, Path(name).stem).stat().st_size > 0


def enter(box, spec, response) -> None:
    """Give ``response`` to the exercise widget ``box`` as a reader does (type and Enter, or
    click the choice and Check)."""
    if spec.kind == "number":
        field = box.locator("input[type=text]")
        field.fill(str(response))
        field.press("Enter")
        return
    picked = {response} if isinstance(response, str) else set(response)
    for choice in spec.choices:
        if spec.kind == "choice" and choice.value in picked:
            box.locator("label", has_text=choice.label).first.click()
        elif spec.kind == "multi":
            box.get_by_role("checkbox", name=choice.label).set_checked(choice.value in picked)
    box.locator(".widget-button", has_text="Check").click()


def feedback_says(page, box, css: str, text: str) -> None:
    """Wait until the exercise box's feedback has class ``css`` (pl-ok / pl-error) and ``text``."""
    box.locator(f"[role=status].{css}", has_text=text).wait_for(timeout=30_000)


def answer_exercises(page, lesson: str) -> None:
    """The first exercise wrong (its feedback), then right, its reasoning; the last one right."""
    from pushlab import teaching

    specs = teaching.exercises(lesson, "en")
    boxes = page.locator(".pl-exercise")
    assert boxes.count() == len(specs) >= 3, lesson
    first, spec = boxes.first, specs[0]
    enter(first, spec, spec.wrong_response())
    wrong = spec.check(spec.wrong_response()).message
    feedback_says(page, first, "pl-error", wrong[:40])
    enter(first, spec, spec.right_response())
    feedback_says(page, first, "pl-ok", "Right:")
    first.locator(".widget-button", has_text="Show the reasoning").click()
    first.get_by_text(spec.reasoning[:40]).wait_for(timeout=30_000)
    last, spec = boxes.last, specs[-1]
    last.scroll_into_view_if_needed()
    enter(last, spec, spec.right_response())
    feedback_says(page, last, "pl-ok", "Right:")


def reveal_a_prediction(page) -> None:
    """Lock in the first prediction's starting guess and reveal: the exact or simulated answer
    and how close the guess was."""
    box = page.locator(".pl-predict").first
    box.scroll_into_view_if_needed()
    choice = box.locator(".widget-radio-box label")
    if choice.count():
        choice.first.click()
    box.locator(".widget-button", has_text="Lock in my guess").click()
    box.get_by_text("Your guess is locked").wait_for(timeout=30_000)
    box.locator(".widget-button", has_text="Reveal the answer").click()
    box.locator(".pl-answer-table").wait_for(timeout=60_000)
    assert "Your guess" in box.locator("[role=status]").inner_text()


def test_welcome_button_reports_the_installed_version(open_app, app_errors):
    """The landing page's widget talks to a live kernel that imports pushlab."""
    import pushlab

    page = open_app("00-welcome", wait_for=".widget-button")
    page.get_by_role("button", name="Check the setup").click()
    page.get_by_text(f"pushlab {pushlab.__version__} is installed").wait_for(timeout=30_000)
    assert app_errors(page) == []


def test_tree_lists_every_notebook(browser, voila_server):
    """The tree page (Voilà's server-rendered one, pushlab's tree.html) lists every notebook
    and each language's folder, named in its language; a lesson's link opens it as an app in
    a new tab; axe-core finds no critical or serious problem."""
    from test_browser_a11y import axe_violations, describe

    from pushlab import i18n

    context = browser.new_context()
    try:
        expected = sorted(p.name for p in voila_server.root.glob("*.ipynb"))
        page = context.new_page()
        assert tree_entries(page, voila_server.base_url) == (expected, sorted(i18n.TRANSLATED))
        folders = page.evaluate(
            "() => [...document.querySelectorAll('.pl-folder a')].map(a => [a.querySelector('.name').innerText,"
            " (a.querySelector('[lang]') || {}).lang, (a.querySelector('[lang]') || {}).innerText])")
        native = {name: (lang, text) for name, lang, text in folders}
        assert native == {code: (code, i18n.LANGUAGES[code]) for code in i18n.TRANSLATED}
        assert page.evaluate("() => document.documentElement.lang") == "en"
        violations = axe_violations(page)
        assert violations == [], describe(violations)
        with context.expect_page(timeout=30_000) as opened:            # a new tab, as Voilà's links do
            page.get_by_role("link", name="00-welcome.ipynb").click()
        assert opened.value.url.split("?")[0].endswith("/voila/render/00-welcome.ipynb")
        estonian = context.new_page()
        assert tree_entries(estonian, voila_server.base_url + "voila/tree/et") == (
            sorted(p.name for p in (voila_server.root / "et").glob("*.ipynb")), [".."])
        assert "eesti" in estonian.inner_text("h1")
    finally:
        context.close()


def tree_entries(page, url: str) -> tuple[list, list]:
    """``(notebooks, folders)`` a tree page lists: it is written by the server, so they are
    there as soon as the page has loaded (no script draws them)."""
    page.goto(url)
    entries = page.evaluate("() => [...document.querySelectorAll('ul.voila-notebooks > li > a')]"
                            ".map(a => [(a.querySelector('.name') || a).innerText.trim(), a.getAttribute('href')])")
    notebooks = sorted(n for n, href in entries if "/voila/render/" in href)
    folders = sorted(n for n, href in entries if "/voila/render/" not in href)
    return notebooks, folders


def test_error_detection_sees_a_traceback(open_app, app_errors, voila_factory, tmp_path):
    """``app_errors`` is not blind: a notebook that raises is reported, and so is a widget
    that cannot be drawn, with the reason from the browser's console; ``open_app`` waits for
    the widgets, also when the kernel's widget state comes seconds after the page (here the
    kernel answers the widget manager 2 s late, as a busy kernel does)."""
    slow = ("import time, ipywidgets as w\n"
            "answer = w.Widget._handle_control_comm_msg.__func__\n"
            "w.Widget._handle_control_comm_msg = classmethod(lambda cls, msg: (time.sleep(2), answer(cls, msg)))\n"
            "w.Button(description='drawn late')")
    gone = "gone = w.Button(description='gone')\ndisplay(gone)\ngone.close()"
    cells = [slow, gone, "raise ValueError('deliberately broken')"]
    (tmp_path / "broken.ipynb").write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": source} for source in cells],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 4}))
    page = open_app("broken", server=voila_factory(tmp_path))
    assert page.locator(".widget-button", has_text="drawn late").is_visible()
    errors = app_errors(page)
    assert any("deliberately broken" in e for e in errors), errors
    widget = [e for e in errors if e.startswith("Error displaying widget")]
    assert len(widget) == 1, errors
    assert widget[0].startswith("Error displaying widget: model not found (notebook cell 2)"), widget
    assert "console.error: Error: widget model not found" in widget[0], widget
