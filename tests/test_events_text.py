"""Events as text (pushlab.i18n.events): every template of every event, in every language.

The engines record events; one module writes them. Each sample below takes one branch of
one event's text (so every template is filled once), in every language: it must read as
a sentence of that language (not the English one, no placeholder left), its grammatical
forms (``{colour:acc}``) must exist, and the English must be what ``Game.log`` has always said.
"""

import pytest

from pushlab import i18n
from pushlab.i18n.events import event_text, log_lines, names_text
from pushlab.i18n.events import contract_words, kind_word, meld_label, problem_text
from pushlab.luck import events as L
from pushlab.luck.cards import parse_cards as luck_cards
from pushlab.rummy import events as R
from pushlab.rummy.cards import Card
from pushlab.rummy.cards import parse_cards as rummy_cards
from pushlab.rummy.melds import CONTRACTS, Meld, MeldProblem, meld_problem

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
    (L.GameOver((0, 1, 2), 9), "The game is over: Ann, Ben, and Cat share the win with 9 points each"),
]


SEATS = ("Ann", "Ben", "Cat", "Dan")
RUN = Meld("run", "6H 7H 8H 9H", owner=2)
SETS = (Meld("set", "5H 5S JK", owner=0), Meld("set", "9S 9C 9D", owner=0))
RUMMY = [
    (R.DealStarted(2, 2, 5, 3, 7, Card("4D"), CONTRACTS[2]),
     "Deal 2 (2 of 5), contract 1 set of 3 + 1 run of 4: Dan deals 7 cards each; the upcard is 4♦"),
    (R.UpcardReturned(Card("JK"), Card("5C")),
     "The upcard JK is wild: it goes back into the stock at a random place and 5♣ is turned up (rule 6)"),
    (R.Dealt(1, 1, rummy_cards("5H 5S JK")), "Deal 1: Ben is dealt 5♥ 5♠ JK"),
    (R.DealEnded(1, (0, 25), ((), rummy_cards("5H 10S"), (), rummy_cards("JK"))),
     "Deal 1 ends: Ann & Cat score 0, Ben & Dan score 25 (hands left: Ann - (0); Ben 5♥ 10♠ (15); Cat - (0); "
     "Dan JK (20))"),
    (R.MatchOver((90, 90)), "The match is over: Ann & Cat and Ben & Dan tie with 90 points and share the win"),
    (R.MatchOver((120, 90)), "The match is over: Ben & Dan win with 90 points against 120"),
    (R.RoundCapReached(50), "50 full rounds without a card taken from the stock: the deal ends (rule 17)"),
    (R.WentOut(3), "Dan goes out (rule 16)"),
    (R.TookDiscard(0, Card("4D")), "Ann takes 4♦ from the discard pile"),
    (R.StockEmpty(1), "Ben pushes, but the stock is empty: the deal ends (rules 12, 17)"),
    (R.Pushed(1, 2, Card("KD"), True), "Ben pushes K♦ and the top stock card to Cat, then draws from the stock"),
    (R.Pushed(1, 2, None, True), "Ben pushes the top stock card to Cat, then draws from the stock"),
    (R.Pushed(1, 2, Card("KD"), False), "Ben pushes K♦ and the top stock card to Cat; the stock is now empty, so "
                                        "Ben cannot draw: the deal ends (rules 12, 17)"),
    (R.Pushed(1, 2, None, False), "Ben pushes the top stock card to Cat; the stock is now empty, so Ben cannot "
                                  "draw: the deal ends (rules 12, 17)"),
    (R.Received(2, Card("7C"), 1), "Cat receives 7♣ from the stock (pushed by Ben)"),
    (R.DrewStock(1, Card("AH")), "Ben draws A♥ from the stock"),
    (R.Discarded(1, Card("AH")), "Ben discards A♥"),
    (R.Melded(0, SETS, 0, True), "Ann melds set 5♥ 5♠ JK (meld 1) and set 9♠ 9♣ 9♦ (meld 2), meeting the contract"),
    (R.Melded(2, (RUN,), 2, False), "Cat melds run 6♥ 7♥ 8♥ 9♥ (meld 3)"),
    (R.LaidOff(1, Card("6H"), 1, "low", RUN), "Ben lays off 6♥ at the low end of meld 2 (Cat's run 6♥ 7♥ 8♥ 9♥)"),
    (R.LaidOff(1, Card("9H"), 1, "high", RUN), "Ben lays off 9♥ at the high end of meld 2 (Cat's run 6♥ 7♥ 8♥ 9♥)"),
    (R.LaidOff(3, Card("5D"), 0, None, SETS[0]), "Dan lays off 5♦ on meld 1 (Ann's set 5♥ 5♠ JK)"),
    (R.Replaced(1, 0, Card("JK"), Card("5D")), "Ben replaces JK in meld 1 by 5♦"),
]
#: one meld problem per template (cards, kind)
PROBLEMS = [("5H 6S 7H", "run"), ("5H JK 9H", "run"), ("KH JK JK 5H", "run"), ("JK JK JK 3H", "run"),
            ("KC AC 2C", "run"), ("5H 5S", "set"), ("2D JK 2S", "set"), ("5H 6H 5S", "set"),
            ("5H 5H 5S", "set"), ("5H 5S 5D 5C JK", "set"), (" ".join(["JK"] * 13 + ["AH"]), "run")]


def test_the_samples_take_every_event_type_and_every_problem():
    assert {type(e) for e, _ in LUCK} == set(L.EVENTS) and {type(e) for e, _ in RUMMY} == set(R.EVENTS)
    codes = {meld_problem(cards, kind).code for cards, kind in PROBLEMS}
    assert len(codes) == len(PROBLEMS), sorted(codes)


@pytest.mark.parametrize("event, english", LUCK + RUMMY)
def test_english_is_the_engines_log_text(event, english):
    assert event_text(event, SEATS if isinstance(event, R.Event) else PLAYERS, "en") == english


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_template_reads_in_every_language(language):
    """Each sample is written in the language (forms found, no field left, no English sentence)."""
    for event, english in LUCK + RUMMY:
        seats = SEATS if isinstance(event, R.Event) else PLAYERS
        text = event_text(event, seats, language)
        assert text != english and "{" not in text, (language, english, text)
        html = event_text(event, seats, language, html=True)
        assert "{" not in html and "<" not in html.replace('<span class="pushlab-ltr">', "").replace("</span>", "")
    for cards, kind in PROBLEMS:
        problem = meld_problem(cards, kind)
        assert isinstance(problem, MeldProblem) and problem_text(problem, "en") == problem
        assert problem_text(problem, language) != problem and "{" not in problem_text(problem, language)
    assert contract_words(CONTRACTS[5], language) != contract_words(CONTRACTS[5], "en")
    assert kind_word("run", language) != "run" and "{" not in meld_label(RUN, 2, SEATS, language)


def test_the_current_language_is_the_default_and_names_are_joined_in_it():
    i18n.set_language("eo")
    try:
        assert log_lines([L.Stopped(0)], PLAYERS) == ["Ann haltas"]
        assert names_text(["Ann", "Ben"]) == "Ann kaj Ben"
    finally:
        i18n.set_language("en")


def test_names_are_joined_as_the_language_joins_a_list():
    """A shared win's names: CLDR's "and" list (Babel's format_list), no Latin ", " in Arabic.
    Was: the first names joined with ", " in every language (Arabic ``Ann, Ben وCat``)."""
    tie = L.GameOver((0, 1, 2), 9)
    assert names_text(["Ann", "Ben", "Cat"], "ar") == "Ann وBen وCat"
    assert "Ann وBen وCat" in event_text(tie, PLAYERS, "ar")
    assert "Ann, Ben a\xa0Cat" in event_text(tie, PLAYERS, "cs")
    assert names_text(["Ann", "Ben"], "et") == "Ann ja Ben" and names_text(["Ann"], "ar") == "Ann"
    assert "Ann, Ben, and Cat" in event_text(tie, PLAYERS, "en")
    assert "Ann &amp; Co, Ben, and Cat" in event_text(tie, ("Ann & Co", "Ben", "Cat"), "en", html=True)


def test_html_escapes_names_and_marks_card_notation():
    text = event_text(L.TookColumn(0, 0, luck_cards("R3 roll")), ("<b>Ann</b>", "Ben"), "en", html=True)
    assert text == '&lt;b&gt;Ann&lt;/b&gt; takes column 1: <span class="pushlab-ltr">R3 roll</span>'
