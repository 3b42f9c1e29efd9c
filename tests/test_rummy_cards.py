"""Cards of Push (contract rummy): notation, errors, deck facts (rules 2-4, 18)."""

from pushlab.display import html_of
import pickle
from collections import Counter

import pytest

from pushlab.errors import ParseError, PushlabError
from pushlab.rummy import (JOKER, RANKS, SUITS, Card, cards_str, full_deck, parse_cards, penalty,
                           rank_label)

CODES = [rank_label(r) + s for s in SUITS for r in RANKS] + ["JK"]


@pytest.mark.parametrize("code", CODES)
def test_every_card_round_trips(code):
    card = Card.parse(code)
    assert str(card) == code
    assert repr(card) == f"Card({code!r})"
    assert eval(repr(card)) == card
    assert Card.parse(card.pretty) == card
    assert parse_cards(cards_str([card])) == (card,)


@pytest.mark.parametrize("text, rank, suit", [
    ("AS", 1, "S"), ("10H", 10, "H"), ("TH", 10, "H"), ("th", 10, "H"), ("QC", 12, "C"),
    ("2D", 2, "D"), ("KD", 13, "D"), ("JH", 11, "H"), ("10♥", 10, "H"), ("A♠", 1, "S"),
    ("9♦", 9, "D"), ("3♣", 3, "C"), ("JK", 0, ""), ("joker", 0, ""), (" 7c ", 7, "C"),
])
def test_parse_forms(text, rank, suit):
    c = Card.parse(text)
    assert (c.rank, c.suit) == (rank, suit)


@pytest.mark.parametrize("bad", ["", "X", "1S", "11S", "0H", "5X", "ZH", "10", "JKK", "05H",
                                 "AH2", "♥"])
def test_malformed_cards_raise_parse_error_quoting_them(bad):
    with pytest.raises(ParseError) as e:
        Card.parse(bad)
    assert repr(bad) in str(e.value)
    assert isinstance(e.value, ValueError) and isinstance(e.value, PushlabError)


def test_non_strings_and_impossible_cards_are_refused():
    with pytest.raises(ParseError):
        Card.parse(5)
    with pytest.raises(ParseError):
        Card(14, "S")
    with pytest.raises(ParseError):
        Card(3, "X")
    with pytest.raises(ParseError):
        parse_cards(42)
    with pytest.raises(ParseError, match="'5Q'"):
        parse_cards("5H 5Q")


def test_parse_cards_forms():
    assert parse_cards("5H JK 7H") == (Card(5, "H"), JOKER, Card(7, "H"))
    assert parse_cards("5H,JK, 7H") == parse_cards(["5H", JOKER, Card("7H")])
    assert parse_cards("") == ()
    assert parse_cards(Card("AS")) == (Card("AS"),)
    assert cards_str("TH jk", pretty=True) == "10♥ JK"


def test_card_attributes():
    two, jk, ace, ten = Card("2D"), JOKER, Card("AS"), Card("10C")
    assert two.is_wild and not two.is_natural and not two.is_joker
    assert jk.is_wild and jk.is_joker and not jk.is_natural
    assert ace.is_natural and not ace.is_wild
    assert (ten.pretty, jk.pretty, Card("QH").pretty) == ("10♣", "JK", "Q♥")


def test_cards_are_hashable_ordered_immutable_values():
    a, b = Card("7D"), Card.parse("7♦")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert sorted(parse_cards("JK 2C AS KS AH 10D")) == list(parse_cards("AS KS AH 10D 2C JK"))
    with pytest.raises(AttributeError):
        a.rank = 3
    assert pickle.loads(pickle.dumps(a)) == a
    html = html_of(Card("5H"))
    assert "pl-red" in html and 'title="5 of hearts"' in html and '>♥<' in html


def test_a_card_is_the_int_of_its_order_and_interned():
    # The engine and the finder rely on this: a hand sorted by order is sorted as ints
    # (bisect_right(hand, card) without a key), and the 53 cards exist once each.
    import copy

    cards = [Card(c) for c in CODES]
    assert all(int(c) == c.order and type(c) is Card for c in cards)
    assert sorted(cards) == sorted(cards, key=lambda c: c.sort_key) == list(parse_cards(" ".join(CODES)))
    assert len(set(map(int, cards))) == 53
    for c in cards:
        assert Card(c.rank, c.suit) is c is Card.parse(str(c)) is Card.parse(c.pretty)
        assert pickle.loads(pickle.dumps(c)) is c and copy.copy(c) is c and copy.deepcopy([c])[0] is c


@pytest.mark.parametrize("code, points", [
    ("AS", 15), ("KH", 10), ("QD", 10), ("JC", 10), ("10S", 10), ("9H", 5), ("5D", 5),
    ("3C", 5), ("2S", 20), ("JK", 20),
])
def test_penalties_rule_18(code, points):
    assert Card.parse(code).penalty == points
    assert penalty(code) == points


def test_deck_facts_rule_2_and_checking_facts():
    deck = full_deck()
    assert len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(counts[Card(r, s)] == 2 for s in SUITS for r in RANKS)
    assert sum(c.is_natural for c in deck) == 96 and sum(c.is_wild for c in deck) == 12
    assert penalty(deck) == 960
    assert sum(c.penalty for c in deck if c.is_wild) == 240
    assert sum(c.penalty for c in deck if c.rank == 1) == 120
    assert sum(c.penalty for c in deck if c.rank >= 10) == 320
    assert sum(c.penalty for c in deck if 3 <= c.rank <= 9) == 280
    assert full_deck() == deck                      # canonical order, stable


def test_penalty_accepts_notation_and_iterables():
    assert penalty("AS KD 9C 2H JK") == 15 + 10 + 5 + 20 + 20
    assert penalty([]) == 0 and penalty(parse_cards("3S 3S")) == 10
