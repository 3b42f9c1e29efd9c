"""One conformance suite for both engines (the OpenSpiel ``random_sim_test`` habit).

Every test runs on both games through :mod:`pushlab.protocol` only: random playouts
where every state keeps the protocol's invariants, every listed legal action applies,
random malformed and illegal actions raise a ``ValueError`` subclass and leave the
state ``==`` unchanged, states hash and pickle round-trip, winners are the best
scores, and cards are conserved.
"""

import pickle
from dataclasses import dataclass
from typing import Callable

import numpy as np
import pytest

from pushlab.errors import IllegalAction
from pushlab.protocol import Cards, Game, best_sides, problems, roundtrip_problems


@dataclass(frozen=True)
class Spec:
    """How to start one game of an engine for the suite."""

    name: str
    new: Callable            # seed -> first state
    melds: bool = False      # rummy: also try unlisted meld actions


def _luck(seed):
    from pushlab.luck import Game as Luck

    rng = np.random.default_rng(seed)
    return Luck.new(int(rng.integers(2, 7)), seed=rng, harder=bool(rng.integers(2)),
                    switch_cards=bool(rng.integers(2)))


def _rummy(seed):
    from pushlab.rummy import Game as Rummy

    return Rummy.new(seed=seed, deals=((1, 2), (3,), (4, 5))[seed % 3], round_cap=8)


SPECS = [Spec("luck", _luck), Spec("rummy", _rummy, melds=True)]
MALFORMED = [None, 0, 7.5, "", "  ", "xyzzy", "draw now please", "place", "place -1", "place 9",
             "take 99", "take one", "bank", "bank X", "discard", "discard 11X", "layoff 5H",
             "layoff 5H 42 high", "meld", "meld set", "meld run 5H", "replace 0", ("take",),
             b"draw", ["push"], "take\x00", "dïscard AS"]


def _norm(action) -> str:
    return " ".join(str(action).split()).lower()


def _choose(spec, g, rng):
    """A random action: usually a listed legal one, for rummy sometimes a meld."""
    if spec.melds and getattr(g, "phase", "") == "play" and rng.random() < 0.4:
        melds = g.meld_actions(limit=20)
        if melds:
            return melds[int(rng.integers(len(melds)))]
    legal = g.legal_actions()
    return legal[int(rng.integers(len(legal)))]


def playout(spec, seed):
    """The states of one random game, first to last."""
    rng = np.random.default_rng(seed)
    g = spec.new(seed)
    states = [g]
    while not g.is_over:
        g = g.apply(_choose(spec, g, rng))
        states.append(g)
        assert len(states) < 20_000, "the game does not end"
    return states


@pytest.fixture(scope="module", params=SPECS, ids=lambda s: s.name)
def games(request):
    """(spec, [the states of a random game] for two games)."""
    spec = request.param
    return spec, [playout(spec, 1), playout(spec, 2)]


@pytest.fixture(params=[0, 1], ids=["game1", "game2"])
def game(games, request):
    """(spec, the states of one random game)."""
    spec, plays = games
    return spec, plays[request.param]


def test_states_meet_the_protocol(game):
    spec, states = game
    assert all(isinstance(g, Game) for g in states[:3])
    assert states[-1].is_over and states[-1].legal_actions() == []


def test_every_state_keeps_the_invariants(game):
    spec, states = game
    cards = Cards(states[0])
    for i, g in enumerate(states):
        assert problems(g, cards) == [], f"state {i}"


def test_cards_are_conserved_along_the_whole_game(game):
    spec, states = game
    first = Cards(states[0])
    assert sum(first.counts.values()) > 0
    assert all(first.problem(g) is None for g in states)
    assert first.problem(states[0].apply(states[0].legal_actions()[0])) is None


def test_scores_agree_with_winners(game):
    spec, states = game
    for g in states[::7] + [states[-1]]:
        scores, winners = g.scores(), g.winners()
        assert winners == best_sides(g) and len(winners) >= 1
        best = (min if g.LOW_SCORE_WINS else max)(scores)
        assert all(scores[w] == best for w in winners)
        assert all(s != best for i, s in enumerate(scores) if i not in winners)


def test_states_hash_and_pickle_round_trip(game):
    spec, states = game
    for g in states[::5] + [states[-1]]:
        assert roundtrip_problems(g) == []
        copy = pickle.loads(pickle.dumps(g))
        assert copy == g and hash(copy) == hash(g)
        assert copy.legal_actions() == g.legal_actions()
    assert len({hash(g) for g in states[:50]}) > 1


def test_every_legal_action_applies(game):
    spec, states = game
    cards = Cards(states[0])
    for g in states[::3]:
        for action in g.legal_actions():
            after = g.apply(action)
            assert after != g or after.log != g.log
            assert problems(after, cards) == [], f"{action!r} from {g!r}"
            assert g.apply(str(action)) == after        # the text of an action is the action


def test_unlisted_meld_actions_apply(game):
    spec, states = game
    if not spec.melds:
        pytest.skip("every action of this game is listed")
    cards, tried = Cards(states[0]), 0
    for g in states:
        for action in g.meld_actions(limit=5):
            assert str(action).split()[0] in g.UNLISTED_VERBS
            assert problems(g.apply(action), cards) == []
            tried += 1
    assert tried > 0


def _bad_actions(g, vocabulary, rng):
    """Malformed actions and (listed-verb) actions of other states that are not listed here."""
    legal = {_norm(a) for a in g.legal_actions()}
    illegal = [a for a in vocabulary
               if _norm(a) not in legal and _norm(a).split()[0] not in g.UNLISTED_VERBS]
    picks = [MALFORMED[i] for i in rng.choice(len(MALFORMED), 4, replace=False)]
    if illegal:
        picks += [illegal[i] for i in rng.choice(len(illegal), min(4, len(illegal)), replace=False)]
    return picks


def test_bad_actions_raise_and_change_nothing(game):
    """Refused: a ValueError (IllegalAction) and no change. Accepted although not listed: only
    as another spelling of a listed action (e.g. rummy's "layoff JK 1 high" when the high end is
    the only one, listed as "layoff JK 1"), giving the same state."""
    spec, states = game
    rng = np.random.default_rng(7)
    vocabulary = sorted({str(a) for g in states[::2] for a in g.legal_actions()})
    refused = 0
    for g in states[::4] + [states[-1]]:
        before = pickle.loads(pickle.dumps(g))
        for action in _bad_actions(g, vocabulary, rng):
            try:
                after = g.apply(action)
            except ValueError as exc:
                assert isinstance(exc, IllegalAction), (action, exc)
                assert str(exc)                         # it says what was wrong
                refused += 1
                continue
            assert isinstance(action, str), f"{action!r} was accepted"
            assert any(g.apply(a) == after for a in g.legal_actions()), f"{action!r} accepted"
        assert g == before and hash(g) == hash(before) and g.log == before.log
        assert g.legal_actions() == before.legal_actions()
    assert refused > 50


def test_random_strings_never_crash(game):
    """Fuzz: random words from the game's vocabulary are applied or refused, nothing else."""
    spec, states = game
    rng = np.random.default_rng(3)
    words = sorted({w for g in states[::9] for a in g.legal_actions() for w in str(a).split()})
    words += ["0", "-1", "99", "then", ";", "set", "run", "low", "high", "JK", "roll", "switch"]
    cards = Cards(states[0])
    for g in states[::11]:
        for _ in range(6):
            text = " ".join(words[i] for i in rng.integers(len(words), size=int(rng.integers(1, 6))))
            try:
                after = g.apply(text)
            except ValueError:
                continue
            assert problems(after, cards) == []
