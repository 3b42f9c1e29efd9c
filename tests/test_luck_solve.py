"""The exact solver of small Push (push-your-luck) games (pushlab.luck.solve).

Checked against the engine: its transitions against ``Game.apply`` on random games, and
its values against a brute-force expectimax that plays every line with ``Game.apply``.
Cost: about 5 CPU-s in all.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from pushlab.errors import IllegalAction, PushlabError, SetupError, TooLarge
from pushlab.luck import Game
from pushlab.luck.cards import DIE_FACES
from pushlab.luck.solve import SmallDeck, _Model, _name, solve

DECKS = [
    SmallDeck(colours=2, numbers=2, rolls=1),
    SmallDeck(colours=2, numbers=2, copies=2, rolls=1, harder=True),
    SmallDeck(colours=3, numbers=2, rolls=1, die="match"),
    SmallDeck(colours="RG", numbers="36", rolls=2, switches=2, switch_rule="game"),
    SmallDeck(colours=1, numbers=3, copies=2, rolls=1, switches=1, die="R**"),
    SmallDeck(colours=3, numbers=3, copies=1, rolls=1, harder=True),
]


# ---------------------------------------------------------------------- transitions = Game.apply
def _random_games(deck, games, rng):
    """Every state of ``games`` random games of ``deck`` played by the engine, with the action taken."""
    for _ in range(games):
        g = deck.new_game(rng)
        while not g.is_over:
            a = g.legal_actions()[int(rng.integers(len(g.legal_actions())))]
            yield g, a
            g = g.apply(a)
        yield g, None


@pytest.mark.parametrize("deck", DECKS, ids=str)
def test_transitions_match_the_engine(deck):
    model = _Model(deck)
    rng = np.random.default_rng(23)
    steps = 0
    for g, a in _random_games(deck, 40, rng):
        s = model.from_game(g)
        assert [_name(x) for x in model.actions(s)] == g.legal_actions()
        assert model.from_game(model.to_game(s, rng)) == s          # to_game is a state of s
        if a is None:
            assert s[0] == "O"
            continue
        outcomes, total = model.step(s, ("draw", None) if a == "draw" else
                                     next(x for x in model.actions(s) if _name(x) == a))
        assert total == sum(w for w, _ in outcomes) and all(w > 0 for w, _ in outcomes)
        nxt = model.from_game(g.apply(a))
        assert nxt in [t for _, t in outcomes], (g, a)
        steps += 1
    assert steps > 400


def test_draw_weights_are_the_pile_and_die():
    deck = SmallDeck(colours=2, numbers=2, copies=2, rolls=1)
    model = _Model(deck)
    g = Game.new(2, deck="R1 B1 R2 B2 R1 roll B1 R2 B2", rolls="*")
    for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
        g = g.apply(a)
    s = model.from_game(g)
    outcomes, total = model.step(s, ("draw", None))
    assert total == 6 * 6
    # R1 and B1 bust (every column holds a 1 or the colour... ) only where no column fits
    busting = [c for c in ["R1", "B1", "R2", "B2"] if not any(g.fits(c, i) for i in range(3))]
    assert sum(w for w, t in outcomes if t[0] == "C") == 6 * sum(
        Counter(map(str, g.draw_pile))[c] for c in busting)


# ---------------------------------------------------------------------- values = brute force with Game.apply
def _brute(game, memo):
    """Player 0's win probability (ties half) with perfect play, every line played by ``Game.apply``.

    The next card is each card of the pile's make-up in turn (put on top), the die each face.
    """
    if game.is_over:
        w = game.winners()
        return Fraction(1 if w == (0,) else 0) if len(w) == 1 else Fraction(1, 2)
    key = (game.phase, game.active_player, game.collector, game.pending, tuple(sorted(game.draw_pile)),
           game.columns, game.benches, game.scores())
    if key in memo:
        return memo[key]
    values = [_value_of(game, a, memo) for a in game.legal_actions()]
    mover = game.current_player
    memo[key] = v = max(values) if mover == 0 else min(values)
    return v


def _value_of(game, action, memo):
    """Player 0's value of ``action`` in ``game`` (chance by enumeration)."""
    faces = memo["faces"]
    if action == "draw":
        counts = Counter(game.draw_pile)
        total = sum(counts.values())
        acc = Fraction(0)
        for card, m in counts.items():
            rest = list(game.draw_pile)
            rest.remove(card)
            top = dataclasses.replace(game, draw_pile=(card, *rest))
            acc += m * _rolled(top, action, faces, memo)
        return acc / total
    return _rolled(game, action, faces, memo)


def _rolled(game, action, faces, memo):
    """Average over the die faces (when the action rolls; one outcome otherwise)."""
    outs = [dataclasses.replace(game, die=f, die_index=0).apply(action) for f in faces]
    if all(o.die_index == 0 for o in outs):
        return _brute(outs[0], memo)
    return sum((_brute(o, memo) for o in outs), Fraction(0)) / len(faces)


@pytest.mark.parametrize("deck", [
    SmallDeck(colours=1, numbers=2, rolls=1),
    SmallDeck(colours=2, numbers=2, rolls=0, harder=True),
    SmallDeck(colours=2, numbers=1, copies=2, rolls=1, die="match"),
    SmallDeck(colours=1, numbers=3, rolls=1, switches=1, die="R*"),
], ids=str)
def test_values_match_brute_force_with_the_engine(deck):
    sol = solve(deck, exact=True)
    memo = {"faces": deck.faces}
    rng = np.random.default_rng(5)
    start = deck.new_game(rng)
    assert sol.start_value == _brute(start, memo)
    for g, a in _random_games(deck, 6, rng):
        if a is None:
            continue
        values = sol.action_values(g, exact=True)
        mover = g.current_player
        for action, v in values.items():
            b = _value_of(g, action, memo)
            assert v == (b if mover == 0 else 1 - b), (g, action)
        assert sol.value(g, player=0, exact=True) == _brute(g, memo)


def test_hand_solved_decks():
    # R1 R2: the first player draws both (a new column each, the pile runs out) and takes R2.
    assert solve(SmallDeck(colours=1, numbers=2, rolls=0), exact=True).start_value == 1
    # one card only: drawn, placed, taken
    assert solve(SmallDeck(colours=1, numbers=1, rolls=0), exact=True).start_value == 1
    # a roll card alone: nobody scores, a tie
    sol = solve(SmallDeck(colours=1, numbers=(6,), rolls=1), exact=True)
    # R6 + roll: drawing both and taking R6 wins unless... the first player can always win
    assert sol.start_value == 1


def test_symmetry_folding_keeps_values():
    for deck in [SmallDeck(colours=3, numbers=1, copies=2, rolls=0), SmallDeck(colours=2, numbers=2, rolls=1, die="match")]:
        folded, plain = solve(deck), solve(deck, symmetries=False)
        assert folded.states < plain.states / 2
        assert folded.start_value == pytest.approx(plain.start_value, abs=1e-12)
        rng = np.random.default_rng(8)
        for g, a in _random_games(deck, 5, rng):
            if a is not None:
                assert folded.action_values(g) == pytest.approx(plain.action_values(g), abs=1e-12)


def test_float_and_exact_agree():
    deck = SmallDeck(colours=3, numbers=1, copies=2, rolls=1, die="match")
    ex, fl = solve(deck, exact=True), solve(deck)
    assert ex.states == fl.states
    assert float(ex.start_value) == pytest.approx(fl.start_value, abs=1e-12)


def test_api_on_a_game():
    deck = SmallDeck(colours=2, numbers=1, copies=2, rolls=1)
    sol = solve(deck)
    calls = []
    solve(deck, progress=lambda n, e: calls.append((n, e)), every=100)
    assert calls and calls[-1][0] == sol.states
    g = deck.new_game(seed=2)
    while not g.is_over:
        values = sol.action_values(g)
        assert list(values) == g.legal_actions()
        best = sol.best(g)
        assert values[best] == max(values.values())
        assert sol.value(g) == pytest.approx(values[best])
        assert sol.value(g, player=0) + sol.value(g, player=1) == pytest.approx(1)
        g = g.apply(best)
    assert sol.value(g, player=0) in (0, 0.5, 1)
    with pytest.raises(IllegalAction):
        sol.action_values(g)
    states = list(sol.positions())
    assert len(states) == sol.states
    s, values = states[-1]
    assert sol.describe(s)["phase"] in ("turn", "push", "collect")
    assert sol.game(s).legal_actions() == list(values)


@pytest.mark.parametrize("deck, needs_raise", [
    (SmallDeck(colours=1, numbers=3, copies=2, rolls=0, die="match"), True),   # lesson 11's "one-colour-6"
    (SmallDeck(colours=1, numbers=2, copies=2, rolls=1, die="match"), False),
    (SmallDeck(colours=2, numbers=1, copies=2, rolls=1), False),
], ids=str)
def test_every_position_is_a_game_with_its_value(deck, needs_raise):
    # positions() keeps only the bank difference, on one seat: with R1-R3 twice a bank of 2 and
    # R1, R3 out of play is no game (was: SetupError); game() raises both banks alike instead
    sol = solve(deck, exact=True)
    raised = 0
    for s, values in sol.positions():
        g = sol.game(s)
        k0, k1 = (sum(c.points for c in bank) for bank in g.banks)
        assert k0 - k1 == s[8] - s[9]
        raised += k0 != s[8]
        assert sol.value(g, exact=True) == sol.value(s, exact=True) == max(sol.action_values(s, exact=True).values())
        assert sol.action_values(g) == values
    assert bool(raised) == needs_raise


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize("kwargs", [
    dict(colours=6), dict(colours="RX"), dict(colours=0), dict(numbers=7), dict(numbers="17"), dict(numbers=()),
    dict(copies=0), dict(copies=4), dict(rolls=19), dict(rolls=-1), dict(switches=13), dict(die="RQ"),
    dict(die=""), dict(harder="yes"), dict(switch_rule="round"), dict(copies=True),
])
def test_impossible_decks_are_refused(kwargs):
    with pytest.raises(PushlabError):
        SmallDeck(**kwargs)


def test_too_large_is_refused_before_work():
    deck = SmallDeck(colours=4, numbers=4, copies=2, rolls=2)
    with pytest.raises(TooLarge, match="too large to solve: about .* states") as err:
        solve(deck, progress=lambda n, e: pytest.fail("work started"))
    assert isinstance(err.value, ValueError)
    with pytest.raises(SetupError):
        solve("R1 R2")
    with pytest.raises(SetupError):
        solve(SmallDeck(), max_states=0)


def test_a_game_of_another_deck_is_refused():
    sol = solve(SmallDeck(colours=1, numbers=2, rolls=0))
    with pytest.raises(PushlabError, match="not played with the deck"):
        sol.value(Game.new(2, deck="R1 R3"))
    with pytest.raises(PushlabError, match="two players"):
        sol.value(Game.new(3, deck="R1 R2"))
    with pytest.raises(SetupError, match="exact"):
        sol.value(Game.new(2, deck="R1 R2"), exact=True)
    assert DIE_FACES == "RBGYP*"


def test_command_line(capsys):
    from pushlab.luck.solve import main

    assert main(["--colours", "2", "--numbers", "1", "--copies", "2", "--rolls", "1", "--exact"]) == 0
    out, err = capsys.readouterr()
    assert "solved 939 states" in out and "= 3/5" in out and "states" in err
    assert main(["--copies", "4"]) == 2
    assert "copies must be 1..3" in capsys.readouterr().err
    assert main(["--colours", "5", "--numbers", "6", "--copies", "3"]) == 2
    assert "too large" in capsys.readouterr().err
