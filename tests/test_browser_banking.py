"""Lesson 08 ("When to bank") as a Voilà app in headless Chromium: it renders, the buttons answer."""

import time


def test_when_to_bank_renders_and_answers_the_story(open_app, app_errors, screenshot):
    t0 = time.perf_counter()
    page = open_app("08-when-to-bank", wait_for=".pl-search-explorer img")
    rendered = time.perf_counter() - t0
    heat = page.locator(".pl-search-explorer img").first
    assert "Heatmaps of win rate, 3 players" in heat.get_attribute("alt")
    assert "harder game" in heat.get_attribute("alt")
    assert page.locator(".pl-search-summary tr").count() == 11        # header + 5 sizes x 2 games
    assert "Ann" in page.inner_text(".pl-bank-story .pl-tableview")
    story = page.locator(".pl-bank-story")
    story.locator(".widget-button", has_text="Draw or bank?").click()
    page.wait_for_selector(".pl-bank-story .pl-advice", timeout=120_000)
    answer = story.inner_text()
    assert "bank the blue cards" in answer and "(recommended)" in answer and "protects about" in answer
    # another player count redraws the heatmaps
    before = heat.get_attribute("alt")
    page.locator(".pl-search-explorer select").first.select_option(label="5 players")
    page.wait_for_function("([old]) => document.querySelector('.pl-search-explorer img').alt !== old",
                           arg=[before], timeout=60_000)
    imgs = page.locator(".pl-search-explorer img")
    assert "5 players" in imgs.nth(0).get_attribute("alt") and "5 players" in imgs.nth(1).get_attribute("alt")
    assert app_errors(page) == []
    screenshot(page, "luck-08-when-to-bank")
    print(f"08-when-to-bank rendered in {rendered:.1f} s")
