"""Shared positions and simulations of the push-your-luck lessons' exercises (no reader text here).

The lessons' own modules (:mod:`~pushlab.teaching.rules`, :mod:`~pushlab.teaching.play`,
:mod:`~pushlab.teaching.probability`, :mod:`~pushlab.teaching.simulation`) build their
questions from these.

>>> [len(c) for c in ones_table().columns]
[1, 1, 1]
>>> hint_33().best                   # lesson 08: late in a harder game the one-turn hint banks
'bank B'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from pushlab import stats
from pushlab.teaching import Estimate


def scripted(players, deck, rolls, actions, **options):
    """The state after a scripted list of actions (an illegal step raises, naming it)."""
    from pushlab.luck import Game
    g = Game.new(players, deck=deck, rolls=rolls, **options)
    for action in actions:
        g = g.apply(action)
    return g


#: Lesson 01, section 2: Ann (bench B4 P6) fills three columns R1 | B1 | G1, then draws once more.
BUST_SCRIPT = ["draw", "place 0", "draw", "place 0", "stop", "take 0", "draw", "place 0", "stop", "take 0",
               "draw", "place 0", "draw", "place 1", "draw", "place 2"]
BUST_DECK = "B4 P6 R2 R1 B1 G1 Y1 P3"


def ones_table(players=("Ann", "Ben")):
    """The table of lesson 01, section 2, before the bust: columns R1 | B1 | G1."""
    return scripted(list(players), BUST_DECK, "B", BUST_SCRIPT)


def points(cards) -> int:
    """Points of some cards (number cards score their number)."""
    return sum(c.points for c in cards)


def rate(hits: int, n: int) -> Estimate:
    """An estimated rate in percent with its Wilson interval."""
    lo, hi = stats.proportion_ci(hits, n)
    return Estimate(100 * hits / n, 100 * lo, 100 * hi, n)


def first_card_sim(players: int, kinds: tuple, n: int = 10_000):
    """``simulate(rng)``: shuffle ``n`` decks and count first cards of ``kinds``."""
    def simulate(rng):
        from pushlab.luck.sim import decode, random_decks
        firsts = random_decks(n, rng, switch_cards=players > 2)[:, 0]
        codes, counts = np.unique(firsts, return_counts=True)
        hits = sum(int(c) for code, c in zip(codes, counts) if decode([code])[0].kind in kinds)
        return rate(hits, n)
    return simulate


def next_card_sim(game, n: int = 10_000, counting: bool = True):
    """``simulate(rng)``: draw the next card ``n`` times from the pile (counting or naive view)
    and count the cards that bust (the engine's rule 11, :func:`pushlab.luck.rules.busts`)."""
    def simulate(rng):
        from pushlab.luck import odds
        from pushlab.luck.rules import busts
        counts = odds.pile_counts(game, counting=counting)
        cards = list(counts)
        weights = np.array([counts[c] for c in cards], dtype=float)
        draws = rng.choice(len(cards), size=n, p=weights / weights.sum())
        bust = np.array([busts(c, game.columns) for c in cards])
        return rate(int(bust[draws].sum()), n)
    return simulate


def busting_cards(columns) -> frozenset:
    """The number cards (by notation) that bust against ``columns`` (the engine's rule 11)."""
    from pushlab.luck.cards import full_deck
    from pushlab.luck.rules import busts
    return frozenset(str(c) for c in set(full_deck(False)) if c.kind == "number" and busts(c, columns))


def lesson_03_table():
    """Lesson 03's mid-game table (three bots, 12 turns, seed 5) after the active player draws 12 cards."""
    from pushlab.plots.luck import midgame, push_path
    return push_path(midgame(players=3, turns=12, seed=5), cards=12)[-1]


def lesson_10_start():
    """Lesson 10's table: two columns in a seeded mid-game (three bots, 6 turns, seed 4, 4 cards drawn)."""
    from pushlab.plots.luck import midgame, push_path
    return push_path(midgame(players=3, turns=6, seed=4), cards=4)[-1]


@lru_cache(maxsize=1)
def band_p() -> Fraction:
    """Lesson 10's exact chance: a bust within three more draws at :func:`lesson_10_start`."""
    from pushlab.luck.sim import TurnPolicy, exact_turn
    return exact_turn(lesson_10_start(), TurnPolicy.more(3)).bust


#: Lesson 10's whole runs: n from 30 to 5,000, 400 runs, seed 2026.
RUN_FROM, RUN_TO, RUNS, RUN_SEED = 30, 5000, 400, 2026


def whole_run(p=None, runs: int = RUNS, seed: int = RUN_SEED):
    """``(stayed, runs)``: how many of ``runs`` simulated runs stay inside the band from n = 30
    to 5,000 (:func:`pushlab.stats.band_run` at lesson 10's exact chance)."""
    p = float(band_p() if p is None else p)
    return stats.band_run(p, runs, np.random.default_rng(seed), RUN_FROM, RUN_TO)


# ---------------------------------------------------------------------- lesson 08

#: Ann's position of section 1: 3 players, harder, 30 blue points on the bench, 102 cards left.
ANN = dict(players=3, bench="B2 B5 B5 B6 B6 B6", pile=102)
#: The position where the one-turn hint banks: 33 blue points, harder, 10 cards left, 8 roll cards.
LATE = dict(players=3, bench="B6 B6 B6 B5 B5 B5", pile=10, rolls=8)
#: The two continuations of section 1: the game is played on by every seat with this policy.
NEVER_BANKS, BANKS_LATER = "after 4", "after 4, bank at 15"


def ann():
    """Ann's decision (section 1)."""
    from pushlab.luck.positions import bench_position
    return bench_position(ANN["players"], ANN["bench"], ANN["pile"], harder=True)


def late():
    """The late position: 33 blue points, harder game, 10 cards left of which 8 are roll cards."""
    from pushlab.luck.positions import bench_position
    return bench_position(LATE["players"], LATE["bench"], LATE["pile"], harder=True, rolls=LATE["rolls"])


def hint_33():
    """The one-turn hint at :func:`late` (it says bank: drawing is worth -2.0 points)."""
    from pushlab.luck import odds
    return odds.hint(late())


@lru_cache(maxsize=4)
def continuations(rollouts: int = 1000, seed: int = 1) -> dict:
    """Ann's whole-game advice under both continuations: ``{policy: Advice}``."""
    from pushlab.luck import advise
    g = ann()
    return {policy: advise(g, rollouts=rollouts, policy=policy, seed=seed) for policy in (NEVER_BANKS, BANKS_LATER)}


def q_per_roll(harder: bool = True) -> Fraction:
    """The chance that one roll takes a colour from the bench: its face, and the star when harder."""
    from pushlab.luck.cards import DIE_FACES, STAR
    hits = sum(f == "B" or (harder and f == STAR) for f in DIE_FACES)
    return Fraction(hits, len(DIE_FACES))


def search_edge(players: int = 3, harder: bool = False):
    """``(edge, low, high, rounds, candidates)`` of the shipped search's last round."""
    from pushlab.luck.search import find, load_results
    r = find(load_results(), players, harder)
    last = r.rounds[-1]
    return last.edge, last.edge_ci[0], last.edge_ci[1], len(r.rounds), len(r.family.policies())
