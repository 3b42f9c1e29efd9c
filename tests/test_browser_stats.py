"""Lesson 09 ("How sure are we?") as a Voilà app in headless Chromium."""


def test_how_sure_lesson_renders_every_plot_and_table(open_app, app_errors, screenshot):
    page = open_app("09-how-sure-are-we")
    text = page.inner_text("body")
    assert "exact coverage" in text and "games needed" in text
    assert "paired difference A − B" in text and "narrower than for unrelated samples" in text
    assert page.locator(".jp-OutputArea-output img").count() >= 5      # five matplotlib figures
    assert app_errors(page) == []
    screenshot(page, "stats-09-how-sure")
