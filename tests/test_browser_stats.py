"""Lesson 09 ("How sure are we?") as a Voilà app in headless Chromium.

:func:`check_how_sure_page` runs on the page ``test_browser.py`` renders for lesson 09
(``PAGE_CHECKS`` there), before anything on it is clicked: one Voilà run of the lesson
serves both (was: a page load of its own here, 13.7 s in the last fresh-clone run)."""


def check_how_sure_page(page, app_errors, screenshot):
    """Every plot and table of lesson 09 is on its freshly rendered page."""
    text = page.inner_text("body")
    assert "exact coverage" in text and "games needed" in text
    assert "paired difference A − B" in text and "narrower than for unrelated samples" in text
    assert page.locator(".jp-OutputArea-output img").count() >= 5      # five matplotlib figures
    assert app_errors(page) == []
    screenshot(page, "stats-09-how-sure")
