"""Whole-game advice: against brute-force engine rollouts, on positions where the answer is clear."""

import dataclasses
from collections import Counter

import numpy as np
import pytest

from pushlab.errors import PushlabError, SetupError, UnsupportedPolicy
from pushlab.luck import ROLL, Game, advise, full_deck, hint, parse_cards
from pushlab.luck.bots import Greedy
from pushlab.luck.sim import continue_engine, encode, simulate_from

from helpers import play


def position(players, bench, pile_size, *, harder=False, banks=None, rolls=18, seed=0):
    """Ann to move at the start of her turn with ``bench``; ``rolls`` roll cards in the pile
    of ``pile_size`` cards; every other card seen is on the discard pile."""
    rng = np.random.default_rng(seed)
    bench = parse_cards(bench)
    banks = [parse_cards(b) for b in (banks or [""] * players)]
    rest = Counter(full_deck())
    rest.subtract(bench)
    for b in banks:
        rest.subtract(b)
    rest.subtract({ROLL: 18 - rolls})
    numbers = [c for c in rest.elements() if c.is_number]
    gone = [numbers[i] for i in rng.choice(len(numbers), sum(rest.values()) - pile_size,
                                           replace=False)] + [ROLL] * (18 - rolls)
    rest.subtract(gone[:len(gone) - (18 - rolls)])
    pile = list(rest.elements())
    pile = tuple(pile[i] for i in rng.permutation(len(pile)))
    g = Game.new(players, harder=harder, seed=seed)
    return dataclasses.replace(g, benches=(bench,) + ((),) * (players - 1), banks=tuple(banks),
                               draw_pile=pile, discard_pile=tuple(gone))


def engine_estimate(game, action, policy, rollouts, seed):
    """Win rate of the player to move by the readable engine: independent shuffles and dice."""
    rng = np.random.default_rng(seed)
    me = game.current_player
    decks = rng.permuted(np.tile(encode(game.draw_pile), (rollouts, 1)), axis=1)
    dice = rng.integers(0, 6, size=(rollouts, game.draw_pile_size + 8))
    wins = [(me in g.winners()) / len(g.winners())
            for g in continue_engine(game, policy, decks, dice, action)]
    return np.mean(wins), np.std(wins, ddof=1) / np.sqrt(rollouts)


def agrees_with_engine(game, advice, policy, rollouts, seed):
    """Every action's win estimate within 4 SE of the engine's brute-force estimate."""
    for i, (action, v) in enumerate(advice.values.items()):
        mean, se = engine_estimate(game, action, policy, rollouts, seed + i)
        assert abs(v.win - mean) <= 4 * np.hypot(se, v.win_se), (action, v.win, mean)


def test_banking_clearly_wins_the_issue_position():
    """Harder game, 3 players, Ann with 30 blue points on her bench, 102 cards left, all 18
    roll cards in the pile: banking blue wins far more often than drawing."""
    g = position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True)
    assert g.draw_pile_size == 102 and sum(c.is_roll for c in g.draw_pile) == 18
    a = advise(g, rollouts=1000, policy="after 4", seed=1)
    assert a.best == "bank B" and set(a.values) == {"draw", "bank B"}
    gain, se = a.edge("bank B", "draw")
    assert gain > 0.15 and gain > 6 * se
    assert a.values["bank B"].turn == 0.0 < a.values["draw"].turn   # one turn: drawing looks better
    short = position(3, "B2 B5 B5 B6 B6 B6", 40, harder=True, seed=2)
    b = advise(short, rollouts=1000, policy="after 4", seed=3)
    assert b.best == "bank B"
    agrees_with_engine(short, b, "after 4", 120, 10)


def test_drawing_clearly_wins_when_behind():
    """Ann holds 2 red points, Ben and Cat banked 10 each, 30 cards left: banking the 2
    points ends her turn and all but ends her chances; she must draw."""
    g = position(3, "R2", 30, banks=["", "B6 G4", "Y6 P4"], rolls=5, seed=4)
    a = advise(g, rollouts=1000, policy="after 4", seed=5)
    assert a.best == "draw"
    gain, se = a.edge("draw", "bank R")
    assert gain > 0.04 and gain > 6 * se
    agrees_with_engine(g, a, "after 4", 150, 20)


def test_advice_values_every_legal_action_with_the_hint_beside():
    g = play(Game.new(4, seed=11), "draw place 0 draw")
    g = g.apply(g.legal_actions()[-1])
    a = advise(g, rollouts=200, seed=0)
    h = hint(g)
    assert list(a.values) == g.legal_actions() == list(h.values)
    assert all(v.turn == h.values[k] for k, v in a.values.items())
    assert a.turn_exact == h.exact and a.phase == g.phase and a.player == "Ann"
    best = max(a.values, key=lambda k: (a.values[k].win, a.values[k].score))
    assert a.best == best
    assert all(0 <= v.win <= 1 and v.win_se > 0 and v.score_se > 0 for v in a.values.values())
    assert advise(g, rollouts=200, seed=0) == a                    # reproducible
    assert "win" in str(a) and "<table>" in a._repr_html_()


def test_ties_are_split_equally():
    """Two players, nothing left but a card nobody scores: every game is a shared win."""
    g = Game.new(2, deck="roll")
    a = advise(g, rollouts=50, seed=0)
    assert a.values["draw"].win == 0.5 and a.values["draw"].win_se == 0.0


def test_explainer_protection_matches_the_rollouts():
    """'Banking blue protects about X points' against the blue points actually lost."""
    g = position(3, "B2 B5 B5 B6 B6 B6 R3", 102, harder=True)
    a = advise(g, rollouts=2000, policy="after 4", seed=6)
    x, se = a.protects("B")
    assert 0 < x < 30 and se > 0 and "protects about" in a.explain()
    c = simulate_from(g, 2000, "after 4", actions=["draw"], rng=np.random.default_rng(7))
    lost = 30 * c.lost[0, :, 1]
    assert abs(lost.mean() - x) <= 4 * np.hypot(lost.std(ddof=1) / np.sqrt(lost.size), se)
    rolls = c.rolls[0, :, 0]
    assert abs(rolls.mean() - a.rolls) <= 4 * np.hypot(rolls.std(ddof=1) / np.sqrt(2000),
                                                       a.rolls_se)
    normal = advise(dataclasses.replace(g, harder=False), rollouts=500, seed=6)
    assert normal.protects("B")[0] < x                               # a star is safe there
    with pytest.raises(SetupError, match="no green"):
        a.protects("G")


def test_advise_rejects_bad_input():
    g = Game.new(3, seed=1)
    with pytest.raises(SetupError):
        advise(g, rollouts=1)
    with pytest.raises(UnsupportedPolicy):
        advise(g, rollouts=10, policy=Greedy())
    over = play(Game.new(2, deck="R1"), "draw place 0 stop take 0")
    with pytest.raises(PushlabError, match="over"):
        advise(over)
