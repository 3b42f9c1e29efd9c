"""Events as text (pushlab.i18n.events): every template of every event, in every language.

The engines record events; one module writes them. Each sample below takes one branch of
one event's text (so every template is filled once), in every language: it must read as
a sentence of that language (not the English one, no placeholder left), its grammatical
forms (``{colour:acc}``) must exist, and the English must be what ``Game.log`` has always said.
"""

import pytest

from pushlab import i18n
from pushlab.i18n.events import event_text, log_lines, names_text
from pushlab.luck import events as L
from pushlab.luck.cards import parse_cards as luck_cards

PLAYERS = ("Ann", "Ben", "Cat")

#: (event, its English sentence): one per template
LUCK = [
    (L.Rolled(0, "*", ()), "Ann rolls a star: nothing is lost"),
    (L.Rolled(0, "*", luck_cards("R1 B2"), True), "Ann rolls a star and loses the whole bench: R1 B2"),
    (L.Rolled(0, "*", (), True), "Ann rolls a star and loses nothing"),
    (L.Rolled(1, "Y", ()), "Ben rolls yellow and loses nothing"),
    (L.Rolled(1, "P", luck_cards("P3 P6")), "Ben rolls purple and loses P3 P6"),
    (L.SwitchDrawn(2, 1, True), "Cat draws a switch card: collection now runs clockwise for the rest of the game "
                                "(until the next switch card)"),
    (L.SwitchDrawn(2, -1, True), "Cat draws a switch card: collection now runs counter-clockwise for the rest of "
                                 "the game (until the next switch card)"),
    (L.SwitchDrawn(2, 1), "Cat draws a switch card: collection now runs clockwise"),
    (L.SwitchDrawn(2, -1), "Cat draws a switch card: collection now runs counter-clockwise"),
    (L.Busted(0, luck_cards("roll")[0]), "Bust! Ann draws a roll card, which fits no column"),
    (L.Busted(0, luck_cards("G4")[0]), "Bust! Ann draws G4, which fits no column"),
    (L.PileEmpty(1), "The draw pile is empty: Ben's turn ends"),
    (L.Placed(0, luck_cards("roll")[0], 2, True), "Ann draws a roll card and starts column 3"),
    (L.Placed(0, luck_cards("R5")[0], 0, True), "Ann draws R5 and starts column 1"),
    (L.Placed(0, luck_cards("roll")[0], 1, False), "Ann draws a roll card and puts it in column 2"),
    (L.Placed(0, luck_cards("B5")[0], 1, False), "Ann draws B5 and puts it in column 2"),
    (L.Banked(2, "G", luck_cards("G2")), "Cat banks 1 green card (2 points)"),
    (L.Banked(2, "G", luck_cards("G2 G3 G4 G5 G6")), "Cat banks 5 green cards (20 points)"),
    (L.Stopped(1), "Ben stops"),
    (L.TookColumn(1, 0, luck_cards("R3 roll")), "Ben takes column 1: R3 roll"),
    (L.ColumnsDiscarded((luck_cards("R2"), luck_cards("B3 G4"))), "Columns nobody takes are discarded: R2 | B3 G4"),
    (L.GameOver((2,), 31), "The game is over: Cat wins with 31 points"),
    (L.GameOver((0, 1, 2), 9), "The game is over: Ann, Ben and Cat share the win with 9 points each"),
]


def test_the_samples_take_every_event_type():
    assert {type(e) for e, _ in LUCK} == set(L.EVENTS)


@pytest.mark.parametrize("event, english", LUCK)
def test_english_is_the_engines_log_text(event, english):
    assert event_text(event, PLAYERS, "en") == english


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_template_reads_in_every_language(language):
    """Each sample is written in the language (forms found, no field left, no English sentence)."""
    for event, english in LUCK:
        text = event_text(event, PLAYERS, language)
        assert text != english and "{" not in text, (language, english, text)
        html = event_text(event, PLAYERS, language, html=True)
        assert "{" not in html and "<" not in html.replace('<span class="pushlab-ltr">', "").replace("</span>", "")


def test_the_current_language_is_the_default_and_names_are_joined_in_it():
    i18n.set_language("eo")
    try:
        assert log_lines([L.Stopped(0)], PLAYERS) == ["Ann haltas"]
        assert names_text(["Ann", "Ben"]) == "Ann kaj Ben"
    finally:
        i18n.set_language("en")


def test_html_escapes_names_and_marks_card_notation():
    text = event_text(L.TookColumn(0, 0, luck_cards("R3 roll")), ("<b>Ann</b>", "Ben"), "en", html=True)
    assert text == '&lt;b&gt;Ann&lt;/b&gt; takes column 1: <span class="pushlab-ltr">R3 roll</span>'
