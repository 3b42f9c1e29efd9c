"""Scripted positions of Push (push-your-luck) for lessons and tests: a table set up as told.

:func:`bench_position` builds the start of a turn with a chosen bench and banks, a draw
pile of a chosen size holding a chosen number of roll cards, every other card of the deck
already seen (on the discard pile). The position is a real :class:`~pushlab.luck.game.Game`:
every card of the deck is in exactly one place, and play continues by the rules.

>>> g = bench_position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True)
>>> g.current_player, g.phase, g.draw_pile_size, sum(c.is_roll for c in g.draw_pile)
(0, 'turn', 102, 18)
>>> g.legal_actions()
['draw', 'bank B']
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np

from pushlab.errors import SetupError
from pushlab.luck.cards import ROLL, parse_cards
from pushlab.luck.game import Game


def bench_position(players: int, bench, pile_size: int, *, harder: bool = False, banks=None,
                   rolls: int = 18, seed: int = 0) -> Game:
    """The first player to move at the start of a turn, holding ``bench``.

    ``banks``: one card string per player (default: nothing banked). The draw pile
    holds ``pile_size`` cards, ``rolls`` of them roll cards, the rest number cards (and
    switch cards with 3+ players) drawn at random by ``seed`` from the cards not on a
    bench or in a bank; every other card is on the discard pile. A pile that cannot be
    made raises SetupError.

    >>> g = bench_position(2, "R3", 10, rolls=2, banks=["", "G6"], seed=1)
    >>> g.banks[1], g.draw_pile_size, sum(c.is_roll for c in g.draw_pile)
    ((Card('G6'),), 10, 2)
    >>> bench_position(2, "R3", 120)
    Traceback (most recent call last):
    ...
    pushlab.errors.SetupError: a pile of 120 cards with 18 roll cards cannot be made: 89 other cards are unseen
    """
    game = Game.new(players, harder=harder, seed=seed)
    bench = parse_cards(bench) if isinstance(bench, str) else tuple(bench)
    banks = [parse_cards(b) if isinstance(b, str) else tuple(b) for b in (banks or [""] * players)]
    if len(banks) != players:
        raise SetupError(f"banks needs one entry per player ({players}), got {len(banks)}")
    unseen = Counter(game.draw_pile)                        # the whole deck, nothing seen yet
    for card in (*bench, *(c for b in banks for c in b)):
        if unseen[card] <= 0:
            raise SetupError(f"{card} is used more often than the deck holds it")
        unseen[card] -= 1
    others = [c for c in sorted(unseen.elements(), key=str) if not c.is_roll]
    if not 0 <= rolls <= unseen[ROLL] or not 0 <= pile_size - rolls <= len(others):
        raise SetupError(f"a pile of {pile_size} cards with {rolls} roll cards cannot be made: "
                         f"{len(others)} other cards are unseen")
    rng = np.random.default_rng(seed)
    pick = rng.choice(len(others), pile_size - rolls, replace=False)
    pile = [others[i] for i in pick] + [ROLL] * rolls
    rest = Counter(others) - Counter(pile)
    rest[ROLL] = unseen[ROLL] - rolls
    pile = tuple(pile[i] for i in rng.permutation(len(pile)))
    return dataclasses.replace(game, benches=(bench,) + ((),) * (players - 1), banks=tuple(banks),
                               draw_pile=pile, discard_pile=tuple(sorted(rest.elements(), key=str)))
