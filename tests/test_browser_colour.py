"""Cards that can be told apart without colour, checked in headless Chromium.

The push-your-luck table and a rummy hand, as the apps render them, are shown under a
greyscale filter (CSS ``grayscale(1)``) and a deuteranopia filter (an SVG
``feColorMatrix``, Machado et al. 2009, severity 1), both injected by Playwright. Every
colour must carry its own letter and shape, every rummy suit its own symbol, and each
mark must still stand out from its card on the filtered screenshot (WCAG 1.4.11's 3:1
for graphics). The screenshots go to tests/screenshots/ and must not be blank.
"""

import io

import pytest

from pushlab.luck import Game
from pushlab.widgets import luck as luck_ui
from pushlab.widgets import rummy as rummy_ui

DEUTERANOPIA = ("0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0")
FILTERS = {
    "none": "",
    "greyscale": "grayscale(1)",
    "deuteranopia": "url(#pl-deuteranopia)",
}
_FILTER_JS = """([css, matrix]) => {
    document.body.insertAdjacentHTML('beforeend',
        `<svg width="0" height="0" style="position:absolute" aria-hidden="true"><filter id="pl-deuteranopia"
          color-interpolation-filters="linearRGB"><feColorMatrix type="matrix" values="${matrix}"/></filter></svg>`);
    document.documentElement.style.filter = css;
}"""
# Every luck card on the page: its accessible name and what it shows besides colour.
_LUCK_CARDS_JS = """() => [...document.querySelectorAll('.pl-card[role=img]')]
    .filter(e => e.querySelector('.pl-corner')).map(e => {
        const box = sel => { const r = e.querySelector(sel).getBoundingClientRect();
                             return [r.left, r.top, r.right, r.bottom]; };
        return {name: e.getAttribute('aria-label'), letter: e.querySelector('.pl-corner').innerText.trim(),
                shape: e.querySelector('.pl-mark') ? e.querySelector('.pl-mark').innerText.trim() : '',
                number: e.querySelector('.pl-big').innerText.trim(),
                corner: box('.pl-corner'), mark: e.querySelector('.pl-mark') ? box('.pl-mark') : null};
    })"""
_RUMMY_CARDS_JS = """() => [...document.querySelectorAll('.pl-card.pl-rcard[role=img]')].map(e => ({
    name: e.getAttribute('aria-label'), rank: e.querySelector('.pl-big').innerText.trim(),
    suit: e.querySelector('.pl-suit').innerText.trim()}))"""


def luck_position():
    """A position with all five colours on the table: three columns and two benches."""
    g = Game.new(["Ann", "Ben"], deck="R3 B5 G1 Y2 P4 R6 B2 G4 Y5 P1 R1 B3 G6 Y4 P2 R5 B6 G2 Y3 P6", rolls="*")
    for action in ("draw, place 0, draw, place 1, draw, place 2, stop, take 0, take 0, draw, place 0, "
                   "draw, place 1, draw, place 2, stop, take 0, take 0, draw, place 0, draw, place 1, "
                   "draw, place 2").split(", "):
        g = g.apply(action)
    return g


def page_html() -> str:
    """The luck table and a rummy hand, as the apps render them."""
    table = luck_ui.table_html(luck_position(), you=0)
    hand = rummy_ui.hand_html("AS 5H 10D QC JK 2S 7H", "A rummy hand")
    return f"<!doctype html><html lang='en'><head><title>cards</title></head><body>{table}{hand}</body></html>"


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB pixel."""
    def lin(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast_in(image, box) -> float:
    """The contrast ratio between the lightest and darkest pixel inside ``box`` (left, top, right, bottom)."""
    import numpy as np

    crop = np.asarray(image.crop(tuple(int(round(v)) for v in box)).convert("RGB")).reshape(-1, 3)
    lums = [luminance(p) for p in {tuple(int(c) for c in p) for p in crop}]
    return (max(lums) + 0.05) / (min(lums) + 0.05)


@pytest.fixture(scope="module")
def card_page(browser):
    """One browser page with the cards (no Voilà: the renderers' HTML as the apps show it)."""
    context = browser.new_context(viewport={"width": 900, "height": 700})
    page = context.new_page()
    page.set_content(page_html())
    yield page
    context.close()


@pytest.mark.parametrize("name", list(FILTERS))
def test_cards_keep_distinct_letters_and_shapes_under_colour_filters(name, card_page, screenshot):
    """Same colour, same letter and shape; different colours, different ones; marks stand out."""
    from PIL import Image

    page = card_page
    page.evaluate(_FILTER_JS, [FILTERS[name], DEUTERANOPIA])
    path = screenshot(page, f"cards-{name}", whole=False)
    image = Image.open(path).convert("RGB")
    # not blank: many different pixels, much of the page not the background
    colours = image.getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 50, f"{path} looks blank"
    background = max(colours)[0] / (image.width * image.height)
    assert background < 0.9, f"{path} is {background:.0%} one colour"
    if name == "greyscale":
        assert all(len(set(image.getpixel((x, y)))) == 1 for x in range(0, image.width, 37)
                   for y in range(0, image.height, 41)), "the greyscale filter did not apply"

    cards = page.evaluate(_LUCK_CARDS_JS)
    by_colour = {}
    for card in cards:
        colour, number = card["name"].split()
        assert number == card["number"], card
        by_colour.setdefault(colour, set()).add((card["letter"], card["shape"]))
    assert sorted(by_colour) == sorted(luck_ui.COLOUR_NAMES.values()), by_colour.keys()
    assert all(len(marks) == 1 for marks in by_colour.values()), by_colour    # one mark per colour
    marks = [next(iter(m)) for m in by_colour.values()]
    assert len({letter for letter, _ in marks}) == 5 and len({shape for _, shape in marks}) == 5, marks
    assert all(shape for _, shape in marks), marks
    for card in cards:                          # the letter and the shape stand out from the card
        for part in ("corner", "mark"):
            ratio = contrast_in(image, card[part])
            assert ratio >= 3.0, f"{card['name']}: its {part} has contrast {ratio:.2f} under {name}"

    rummy = page.evaluate(_RUMMY_CARDS_JS)
    assert len(rummy) == 7
    suits = {}
    for card in rummy:
        if card["name"].startswith("joker"):
            assert card["rank"] == "\u2605" and card["suit"] == "JOKER", card
            continue
        suits.setdefault(card["name"].split(" of ")[1].split()[0], set()).add(card["suit"])
    assert all(len(s) == 1 for s in suits.values()) and len({next(iter(s)) for s in suits.values()}) == 4, suits


def test_card_page_has_no_critical_or_serious_axe_violations(card_page):
    """The cards themselves pass axe-core (colour contrast included), unfiltered."""
    from test_browser_a11y import axe_violations, describe

    card_page.evaluate("() => { document.documentElement.style.filter = ''; }")
    violations = axe_violations(card_page)
    assert violations == [], describe(violations)
