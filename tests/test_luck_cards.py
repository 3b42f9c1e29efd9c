"""Cards, die faces and decks of Push (push-your-luck): notation, errors, deck make-up."""

from pushlab.display import html_of
import pickle
from collections import Counter

import pytest

from pushlab.errors import ParseError
from pushlab.luck import (
    COLOUR_NAMES, COLOURS, DIE_FACES, ROLL, SWITCH, Card, format_cards, full_deck, parse_cards,
    parse_rolls,
)
from pushlab.luck.cards import face_name

ALL_CODES = [c + str(n) for c in "RBGYP" for n in range(1, 7)] + ["roll", "switch"]


@pytest.mark.parametrize("code", ALL_CODES)
def test_every_card_round_trips(code):
    card = Card.parse(code)
    assert str(card) == code
    assert repr(card) == f"Card({code!r})"
    assert eval(repr(card)) == card
    assert parse_cards(format_cards([card])) == (card,)


def test_card_attributes():
    r3 = Card.parse("R3")
    assert (r3.kind, r3.colour, r3.number, r3.points) == ("number", "R", 3, 3)
    assert r3.is_number and not r3.is_roll and not r3.is_switch
    assert (ROLL.kind, ROLL.colour, ROLL.number, ROLL.points) == ("roll", None, None, 0)
    assert ROLL.is_roll and not ROLL.is_number
    assert (SWITCH.kind, SWITCH.points) == ("switch", 0) and SWITCH.is_switch


def test_cards_are_hashable_ordered_values():
    a, b = Card.parse("G4"), Card("G4")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert Card.parse("R6") < Card.parse("B1") < Card.parse("B2") < ROLL < SWITCH
    assert sorted(parse_cards("switch P1 roll Y6 R2 G3 B5")) == list(
        parse_cards("R2 B5 G3 Y6 P1 roll switch"))
    with pytest.raises(AttributeError):
        a.code = "R1"
    assert pickle.loads(pickle.dumps(a)) == a


def test_parse_is_lenient_about_case_and_space_and_commas():
    assert Card.parse(" y5 ") == Card.parse("Y5")
    assert Card.parse("ROLL") == ROLL and Card.parse("Switch") == SWITCH
    assert parse_cards("r3,B5  roll\nswitch") == parse_cards("R3 B5 roll switch")
    assert parse_cards(["R3", Card.parse("B5")]) == parse_cards("R3 B5")
    assert parse_cards("") == ()


@pytest.mark.parametrize("bad", ["R7", "R0", "X3", "3R", "R", "", "rol", "R33", "red3", "*"])
def test_malformed_card_quotes_input(bad):
    with pytest.raises(ParseError) as err:
        Card.parse(bad)
    assert repr(bad) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_malformed_card_in_a_list_quotes_word_and_list():
    with pytest.raises(ParseError, match=r"'Q2' in 'R3 Q2 B4'"):
        parse_cards("R3 Q2 B4")
    with pytest.raises(ParseError, match="R9"):
        parse_cards(["R3", "R9"])
    with pytest.raises(ParseError, match="42"):
        parse_cards(42)
    with pytest.raises(ParseError):
        Card.parse(3)


def test_full_deck_make_up():
    deck = full_deck()
    counts = Counter(deck)
    assert len(deck) == 120 and len(full_deck(switch_cards=False)) == 108
    assert counts[ROLL] == 18 and counts[SWITCH] == 12
    assert sum(c.is_number for c in deck) == 90
    assert all(counts[Card.parse(f"{c}{n}")] == 3 for c in COLOURS for n in range(1, 7))
    assert SWITCH not in full_deck(switch_cards=False)
    assert list(deck[:90]) == sorted(deck[:90])


def test_deck_point_facts():
    deck = full_deck()
    assert sum(c.points for c in deck) == 315
    for colour in COLOURS:
        assert sum(c.points for c in deck if c.colour == colour) == 63
    for n in range(1, 7):
        assert sum(1 for c in deck if c.number == n) == 15


def test_die_faces_and_names():
    assert DIE_FACES == "RBGYP*" and len(set(DIE_FACES)) == 6
    assert set(COLOUR_NAMES) == set(COLOURS)
    assert [face_name(f) for f in DIE_FACES] == [
        "red", "blue", "green", "yellow", "purple", "a star"]


def test_parse_rolls():
    assert parse_rolls("RG*") == ("R", "G", "*")
    assert parse_rolls("r, g *") == ("R", "G", "*")
    assert parse_rolls(["B", "P"]) == ("B", "P")
    assert parse_rolls("") == ()
    with pytest.raises(ParseError, match=r"'Q' in 'RQ'"):
        parse_rolls("RQ")
    with pytest.raises(ParseError):
        parse_rolls(5)


def test_card_html_is_the_apps_card_face():
    """A card displays as the apps draw it (shared renderer): number, colour, letter and shape."""
    html = html_of(Card.parse("B5"))
    assert 'title="blue 5"' in html and '<span class="pl-big">5</span>' in html
    assert 'class="pl-corner">B<' in html and "\u25a0" in html and "#1e63b8" in html
    assert "roll" in html_of(ROLL) and "switch" in html_of(SWITCH)
    assert html_of(ROLL) != html_of(SWITCH)
