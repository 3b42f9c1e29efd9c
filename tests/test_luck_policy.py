"""Whole-game policies: the text form, the bots they match, and the rules they apply."""

import dataclasses
import re
from fractions import Fraction

import numpy as np
import pytest

from pushlab.errors import ParseError, SetupError, UnsupportedPolicy
from pushlab.luck import Game
from pushlab.luck.bots import Greedy, RandomBot, StopAfter, StopAtRisk
from pushlab.luck.policy import (
    BankRule, Endgame, Policy, StopRule, loss_ahead, rolls_forecast,
)
from pushlab.tournament import play

from helpers import cards, play as script


@pytest.mark.parametrize("text", [
    "after 4", "risk 0.3", "risk 1/4", "optimal", "after 2, bank at 12",
    "risk 0.25, bank loss 2.5", "after 3, endgame 20: after 6",
    "after 4, bank loss 3, endgame 15: risk 0.5",
])
def test_policy_text_round_trips(text):
    p = Policy.parse(text)
    assert str(p) == text and Policy.parse(str(p)) == p and eval(repr(p)) == p


@pytest.mark.parametrize("text", [
    "", "after", "after 0", "after -1", "after 2.5", "risk 2", "risk x", "stop 3",
    "after 4, bank 12", "after 4, bank at 0", "after 4, bank loss -1", "after 4, endgame 5",
    "after 4, endgame x: after 2", "after 4, bank at 3, bank at 4", "after 4, hello",
    "optimal 3",
])
def test_bad_policy_text_raises_parse_error(text):
    with pytest.raises(ParseError):
        Policy.parse(text)


def test_policy_fields_are_checked():
    with pytest.raises(SetupError):
        Policy(StopRule("after", 0))
    with pytest.raises(SetupError):
        Policy(StopRule("after", 3), bank=StopRule("after", 2))
    with pytest.raises(SetupError):
        BankRule("sometimes", 3)
    assert Policy("after 3", "bank at 5", "endgame 9: risk 0.5") == \
        Policy.parse("after 3, bank at 5, endgame 9: risk 0.5")


def test_policy_of_bots_and_unsupported():
    assert Policy.of(StopAfter(3, bank_at=9)) == Policy.parse("after 3, bank at 9")
    assert Policy.of(StopAtRisk(0.25)) == Policy.parse("risk 0.25")
    assert Policy.of("after 2") == Policy.parse("after 2")
    for other in (Greedy(), RandomBot(), lambda g, rng: "draw", 3):
        with pytest.raises(UnsupportedPolicy, match="not a policy the simulator can run"):
            Policy.of(other)
    assert issubclass(UnsupportedPolicy, ValueError)


@pytest.mark.parametrize("bot", [StopAfter(2), StopAfter(5, bank_at=10), StopAtRisk(0.3),
                                 StopAtRisk(0.2, bank_at=14)])
def test_policy_plays_like_its_bot(bot):
    """Every decision of whole games: the policy of a bot chooses what the bot chooses."""
    policy = Policy.of(bot)
    for seed in range(3):
        g, rng = Game.new(4, seed=seed, harder=seed == 1), np.random.default_rng(seed)
        while not g.is_over:
            assert policy.choose(g) == bot.choose(g, rng)
            g = g.apply(bot.choose(g, rng))


def test_risk_is_read_as_its_decimal():
    """R1 | B1 | G1 with 10 cards left, one of them busts: 1/10 >= 0.1 stops (as 1/10)."""
    g = script(Game.new(3, deck="R1 B1 G1 Y1 R2 R3 R4 R5 B2 B3 B4 B5 G2"),
               "draw place 0 draw place 1 draw place 2")
    assert g.draw_pile_size == 10 and Fraction(1, 10) < 0.1       # the float is above 1/10
    assert Policy.parse("risk 0.1").choose(g) == StopAtRisk(0.1).choose(g) == "stop"
    assert Policy.parse("risk 0.11").choose(g) == "draw"


def test_endgame_switches_the_stop_rule_by_pile_size():
    g = script(Game.new(2, deck="R1 B2 G3 Y4 P5 R6"), "draw place 0")
    policy = Policy.parse("after 3, endgame 5: after 1")
    assert g.draw_pile_size == 5 and policy.choose(g) == "stop"
    assert Policy.parse("after 3, endgame 4: after 1").choose(g) == "draw"
    assert policy.stop_rule(g) == StopRule("after", 1)


def test_bank_rules_pick_the_top_colour():
    # Ben, to move, holds R5 R6 (11 red) and B1 on his bench; 9 cards (2 roll cards) left
    g = Game.new(2, deck="G1 G2 G3 G4 G5 G6 P1 roll roll")
    g = dataclasses.replace(g, benches=((), cards("B1 R5 R6")), active_player=1)
    assert Policy.parse("after 2, bank at 11").choose(g) == "bank R"
    assert Policy.parse("after 2, bank at 12").choose(g) == "draw"
    # the loss forecast: (2 roll cards + 9/40) / 2 players = 89/80 rolls; 11 red lose 11*89/480
    assert rolls_forecast(g) == Fraction(89, 80)
    assert loss_ahead(11, g) == Fraction(11 * 89, 480)
    assert Policy.parse(f"after 2, bank loss {Fraction(11 * 89, 480)}").choose(g) == "bank R"
    assert Policy.parse("after 2, bank loss 2.04").choose(g) == "draw"
    harder = Game.new(2, deck="R1", harder=True)
    assert loss_ahead(6, harder) == 2 * loss_ahead(6, Game.new(2, deck="R1"))


def test_optimal_stop_rule_follows_the_hint():
    from pushlab.luck import odds
    g = script(Game.new(3, seed=4), "draw place 0 draw")
    g = g.apply(g.legal_actions()[0])
    assert Policy.parse("optimal").choose(g) == odds.hint(g).best
    final = play(Game.new(3, seed=1), [Policy.parse("optimal"), StopAfter(3), StopAfter(4)])
    assert final.is_over


@pytest.mark.parametrize("language, marks", [("en", ("0.15", "2.5", "0.4")), ("cs", ("0,15", "2,5", "0,4")),
                                             ("et", ("0,15", "2,5", "0,4")), ("eo", ("0,15", "2,5", "0,4")),
                                             ("ar", ("0.15", "2.5", "0.4"))])
def test_a_label_writes_the_language_s_numbers_and_the_identity_stays_code_s(language, marks):
    """A policy's label is for reading (numbers by ``pushlab.i18n.numbers``); its identity, the
    ASCII spec text and the key, is what code keeps and parses. Was: ``riziko 0.15`` in Czech,
    because the label doubled as the text the parser reads. (~10 ms)"""
    from pushlab.i18n.policies import policy_text
    from pushlab.luck.policy import policy_key, policy_label

    p = Policy.parse("risk 0.15, bank loss 2.5, endgame 20: risk 0.4")
    label = p.label(language)
    assert all(m in label for m in marks), label
    if language in ("cs", "et", "eo"):
        assert not re.search(r"\d\.\d", label), label
    assert policy_label(str(p), language) == policy_text(p.key, language) == label
    assert str(p).isascii() and Policy.parse(str(p)) == p and policy_key(str(p)) == p.key
    assert p.key == (("risk", 0.15), ("bank loss", 2.5), ("endgame", 20, ("risk", 0.4)))
    assert Policy.parse("risk 1/4").label(language) == StopRule.parse("risk 0.25").label(language)


def test_bot_names_write_the_language_s_percent():
    """``bot_label``: ``StopAtRisk``'s threshold by ``percent``. Was: ``30%`` (Python's) in Czech. (~5 ms)"""
    from pushlab.luck.names import bot_label

    assert bot_label("StopAtRisk(0.3, bank_at=12)", "en") == "stop at 30% risk, banks at 12 points"
    assert "30\u00a0%" in bot_label("StopAtRisk(0.3, bank_at=None)", "cs")
    assert "12,5" in bot_label("StopAtRisk(0.125, bank_at=None)", "eo")


def test_label_messages_are_one_table_that_the_catalogs_extract():
    """pushlab.i18n.policies writes a rule part and a bank rule's short name from one table of
    catalog messages per function (was two ``if kind == ...`` ladders). The table is marked for
    ``pybabel extract`` (``_`` as the marker): every message is in the template, so a change of
    marker that extraction misses fails here; every kind but the endgame has its message, and
    each is translated and filled in every language. An unknown kind is a ValueError. ~20 ms."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from pushlab import i18n
    from pushlab.i18n import policies

    pot = Path(policies.__file__).parent / "locale" / "pushlab.pot"
    with pot.open("rb") as f:
        template = {m.id for m in read_po(f) if m.id}
    tables = (policies._RULES, policies._BANK_RULES)
    assert set(policies._RULES) == set(policies.KINDS) - {"endgame"}
    assert set(policies._BANK_RULES) == {"bank at", "bank loss", "never"}
    for table, write in zip(tables, (policies.rule_text, policies.bank_rule_text)):
        for kind, (message, field) in table.items():
            assert message in template, message
            part = (kind, 2.5) if field else (kind,)
            for lang in i18n.TRANSLATED:
                text = write(part, lang)
                assert "{" not in text and text != write(part, "en"), (kind, lang, text)
                assert ("2,5" if lang in ("cs", "et", "eo") else "2.5") in text or not field, text
    with pytest.raises(ValueError):
        policies.bank_rule_text(("after", 3))
    for bad in (("x", 1), ()):
        with pytest.raises(ValueError):
            policies.rule_text(bad)
