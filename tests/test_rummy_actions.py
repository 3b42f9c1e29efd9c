"""Tests of the rummy action values (pushlab.rummy.actions): parse/str round trips, equality
with the notation, immutability, pickling, and the engine taking values or text alike."""

import pickle
from dataclasses import FrozenInstanceError

import numpy as np
import pytest

from pushlab.errors import IllegalAction, ParseError
from pushlab.rummy import Card, Game, Meld, deck_for
from pushlab.rummy.actions import (Action, Discard, LayOff, MeldDown, Push, Replace, Take,
                                   parse_action)
from pushlab.rummy.bots import HeuristicBot

NOTATIONS = ["take", "push", "discard 10H", "discard JK", "layoff 5D 0", "layoff JK 2 low",
             "meld set 5H 5S JK", "meld set 5H 5S JK; run 7C 8C 9C 10C",
             "replace 0 5D then layoff JK 1", "replace 1 5D for 2C then meld set KS KD 2C",
             "replace 3 7H then layoff JK 0 high"]


@pytest.mark.parametrize("text", NOTATIONS)
def test_parse_and_str_round_trip(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(str(a)) == a and parse_action(text) is a
    assert a == text and hash(a) == hash(text)                  # equal to the canonical text
    assert pickle.loads(pickle.dumps(a)) == a
    assert type(a).parse(text) == a


def test_other_spellings_parse_to_the_same_value_but_only_the_canonical_text_is_equal():
    a = Action.parse("Lay-off th 0 HIGH")
    assert a == LayOff(Card("10H"), 0, "high") == "layoff 10H 0 high"
    assert a != "Lay-off th 0 HIGH" and a != "layoff 10H 0"
    assert Discard("TH") == Discard(Card("10H")) and {Discard("TH"): 1}["discard 10H"] == 1
    assert Take() != Push() and Take() != 3 and [Take(), Push()] == ["take", "push"]


def test_values_are_frozen_and_typed():
    a = Discard("5H")
    with pytest.raises(FrozenInstanceError):
        a.card = Card("6H")
    assert isinstance(Action.parse("meld set 5H 5S JK").melds[0], Meld)
    assert MeldDown([("set", "5H 5S JK")]).melds == (Meld("set", "5H 5S JK"),)
    assert Replace(0, "5D", None, "layoff JK 1").then == LayOff(Card("JK"), 1)
    assert Take().is_draw and Push().is_draw and not Discard("5H").is_draw


@pytest.mark.parametrize("text, error, words", [
    ("", ParseError, "non-empty"), ("dance", ParseError, "unknown action"),
    ("take 3", ParseError, "no arguments"), ("discard", ParseError, "discard <card>"),
    ("layoff 5H x", ParseError, "meld number"), ("layoff 5H 0 middle", ParseError, "low|high"),
    ("replace 0 5H", ParseError, "then"), ("replace 0 5H then discard 2C", ParseError, "after 'then'"),
    ("meld", ParseError, "set|run"), ("meld set 5H 5H 5S", IllegalAction, "rule 8"),
    ("meld run 5H 6S 7H", IllegalAction, "rule 9"), ("meld set 2C JK 2D", IllegalAction, "rule 7")])
def test_malformed_text_raises_a_domain_error_naming_the_problem(text, error, words):
    with pytest.raises(error, match=words):
        parse_action(text)


def test_a_subclass_parses_only_its_own_kind():
    assert Discard.parse("discard 5H") == Discard("5H")
    with pytest.raises(ParseError, match="is a take action, not a discard"):
        Discard.parse("take")
    with pytest.raises(ParseError):
        parse_action(42)
    with pytest.raises(ParseError, match="meld number"):
        LayOff("5H", -1)


def test_the_engine_takes_values_or_text_alike_and_lists_values():
    deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
                     "JD 10S 3H 8D 6S 4S"], "4D", "AS KC 7H", dealer=3)
    g = Game.new(deck=deck, dealer=3, deals=(1,))
    by_text = g.apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D")
    by_value = g.apply(Take()).apply(MeldDown([("set", "5H 5S JK"), ("set", "9S 9C 9D")]))
    assert by_text == by_value and hash(by_text) == hash(by_value)
    assert pickle.loads(pickle.dumps(by_value)) == by_value
    assert all(isinstance(a, Action) for a in g.legal_actions())
    assert all(isinstance(a, (MeldDown, Replace)) for a in g.apply("take").meld_actions())
    with pytest.raises(IllegalAction, match="rule 12"):
        g.apply(Discard("5H"))
    with pytest.raises(IllegalAction, match="rule 8"):
        g.apply("take").apply("meld set 5H 5H 5S")


def test_every_listed_action_round_trips_through_its_text_in_bot_games():
    rng = np.random.default_rng(5)
    bot = HeuristicBot()
    g, seen = Game.new(seed=5, deals=(1, 3)), 0
    while not g.is_over:
        for a in g.legal_actions() + (g.meld_actions(limit=5) if g.phase == "play" else []):
            assert Action.parse(str(a)) == a and g.apply(str(a)) == g.apply(a)
            seen += 1
        g = g.apply(bot.choose(g, rng))
    assert seen > 100
