"""Bots for Push (contract rummy): ``choose(game, rng) -> action`` (an :mod:`~pushlab.rummy.actions` value).

Same interface as :mod:`pushlab.luck.bots`: a bot has a ``name`` and a method
``choose(game, rng=None)`` returning one legal action for ``game.current_player``.
A bot decides from what that player may see (:func:`view`): their own hand, the
table, the discard pile, hand sizes and who has met the contract; never the stock or
another hand (partners' hands are hidden too, rule 12).

- :class:`RandomBot`: a uniformly random action among ``game.legal_actions()`` (take
  or push; then lay-offs and discards, so its turn always ends). It never melds.
- :class:`HeuristicBot`: meets the contract as soon as it can (with as few wilds as
  possible), then lays down further melds and lays off; takes the discard only when it
  helps (see :meth:`HeuristicBot.helps`), otherwise pushes; discards the
  highest-penalty natural card that helps nothing.
- :class:`NeverPushBot`: the heuristic bot, but it always takes the discard.

>>> from pushlab.rummy.game import Game
>>> g = Game.new(seed=4, deals=(1,))
>>> bot = HeuristicBot()
>>> while not g.is_over:
...     g = g.apply(bot.choose(g))
>>> g.results[0].reason in ("out", "stock", "cap")
True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from pushlab.rummy.actions import Action, Discard, Push, Take, _layoff_of, _meld_down_of
from pushlab.rummy.cards import JOKER, Card
from pushlab.rummy.encoding import _SLOT_BY_ORDER, INDEX, NATURALS, hand_key
from pushlab.rummy.finder import deficit_plan, quick_contract
from pushlab.rummy.finder.extra import ExtraSearch, hand_data, might_place_data, table_infos
from pushlab.rummy.game import Game

__all__ = ["View", "view", "RummyBot", "RandomBot", "HeuristicBot", "NeverPushBot", "compare",
           "rummy_game", "rummy_outcome"]


class View(NamedTuple):
    """What the player to act may see: own ``hand``, ``table``, discard top, met flags, phase;
    ``taken``: the card they took from the discard pile this turn (they may not discard it back)."""

    player: int
    hand: tuple
    table: tuple
    discard_top: Card | None
    met: tuple
    deal: int
    phase: str
    hand_sizes: tuple
    taken: Card | None = None


def view(game) -> View:
    """The current player's view of ``game`` (public state and their own hand only).

    The bots' methods that take a view (``v``) take a View or the plain tuple of its fields
    in order, :meth:`Game._seen <pushlab.rummy.game.Game._seen>`'s, and read it by position
    (``v[5]``: the deal): :meth:`HeuristicBot.choose` passes the plain tuple. Making the
    View costs a call of ``tuple.__new__`` through the generic call path, and compiled,
    reading a named tuple's field by name is a generic attribute lookup, by position on a
    tuple a C array read (issue 24, eighth pass)."""
    return _new_view(View, game._seen())


_new_view = tuple.__new__          # View's fields in order, without its Python-level __new__


def _gen(rng):
    """A numpy Generator from None, an int seed or a Generator."""
    return rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)


class RummyBot:
    """Base class: a named bot with ``choose(game, rng=None) -> Action``."""

    name = "bot"

    def choose(self, game, rng=None) -> Action:
        """The action to play now."""
        raise NotImplementedError

    def __call__(self, game, rng=None) -> Action:
        """Bots are also plain functions ``f(game, rng)``."""
        return self.choose(game, rng)

    def __repr__(self):
        """``HeuristicBot()``."""
        return f"{type(self).__name__}()"


class RandomBot(RummyBot):
    """A uniformly random action among ``game.legal_actions()``; never melds.

    >>> from pushlab.rummy.game import Game
    >>> RandomBot().choose(Game.new(seed=1), rng=0) in ("take", "push")
    True
    """

    name = "random"

    def choose(self, game, rng=None) -> Action:
        """A random legal action (take/push, then lay-offs and discards)."""
        legal = game.legal_actions()
        return legal[int(_gen(rng).integers(len(legal)))]


_NONE = 99          # deficit of a hand that cannot meet the contract however many wilds


class HeuristicBot(RummyBot):
    """Meet the contract at once, meld and lay off, take the discard only when it helps.

    >>> from pushlab.rummy.game import Game
    >>> deck = ("5H 7C 3C JD 5S 8C 4C 10S 9S 2D 6C 3H 9C QH 10D 8D 9D KH KS 6S JK QD JH 4S "
    ...         "4D 7H 7S AS AD KC")      # Ann: 5H 5S 9S 9C 9D JK, upcard 4D
    >>> g = Game.new(deck=deck, dealer=3, deals=(1,))
    >>> bot, actions = HeuristicBot(), []
    >>> while not g.is_over:
    ...     actions.append(bot.choose(g))
    ...     g = g.apply(actions[-1])
    >>> [str(a) for a in actions]              # 4D helps no set: push; meld; discard 7S: out
    ['push', 'meld set 9S 9D 9C; set 5S 5H JK', 'discard 7S']
    """

    name = "heuristic"
    always_take = False

    def __init__(self):
        """A bot with an empty plan cache (the steps planned for the current turn)."""
        self._plan = {}             # hand before the step -> action, for the turn _turn
        self._turn = None           # (deal index, turn, player) of the plan
        self._known = {}        # (deal, hand) -> deficit, known from the last discard

    # -- drawing
    def helps(self, v: View, card: Card, key=None) -> bool:
        """True if ``card`` would help: a wild; before the contract a card lowering the deficit
        (or used by the contract when it can already be met); after it, a card the best further
        melds and lay-offs would place."""
        if card.is_wild:
            return True
        player, hand, table, top, met, deal, phase, sizes, taken = v
        if not met[player]:
            counts, wilds = hand_key(hand + (card,))
            plan = deficit_plan(counts, deal)
            if plan is None or _index(card) not in plan.used:
                return False                # a best plan without the card: the hand had it too
            after = max(0, plan.need - wilds)
            before = self._known.get((deal, hand))
            if before is None:
                before = self._deficit_holding(v, after)
            # lowers the deficit, or is used by the contract when it can already be met
            return after < before or before == 0
        data = hand_data(hand)
        infos = table_infos(table)
        if not might_place_data(card, data[1], data[2], data[3], infos):
            return False
        held = tuple(sorted(hand + (card,)))    # sort_fast's order (a card is an int, its
                                                # order), without its key call per card
        steps, rest = self._steps((player, hand, table, top, met, deal, phase, sizes, card), held)
        if key is not None:                 # (the view with the card taken)
            self._store(key[:3] + (held,), steps)
        return rest.count(card) < held.count(card)

    def _deficit_holding(self, v: View, after: int) -> int:
        """The deficit of ``v.hand`` (:func:`_deficit`), given ``after``, the deficit of the hand
        with one card more.

        More cards never need more wilds, so ``after`` <= this deficit <= the deficit of any
        part of the hand. The deficit known from the last discard (``_known``: the hand then)
        is of a part of this hand when only cards came since, as after a push by the
        right-hand player: if ``after`` reaches it, all three are equal, and no search is
        needed (tests/test_rummy_bots.py checks the bound against the search)."""
        hand, deal = v[1], v[5]
        for (known_deal, part), known in self._known.items():
            if known_deal == deal and known <= after and _holds(hand, part):
                return known
        return _deficit(hand, deal)

    def draw(self, v: View, key=None) -> Action:
        """Take the discard if it helps, else push."""
        top = v[3]                          # the discard top
        if top is not None and (self.always_take or self.helps(v, top, key)):
            return _TAKE
        return _PUSH

    # -- playing
    def _steps(self, v: View, hand):
        """Plan the rest of the turn from ``hand``: [(hand before, action)], cards left."""
        steps = []
        player, table, deal = v[0], v[2], v[5]
        if not v[4][player]:                # (v[4]: the met flags)
            way = None
            counts, wilds = hand_key(hand)
            plan = deficit_plan(counts, deal)
            if plan is not None and plan.need <= wilds:    # deficit 0
                way = quick_contract(hand, deal, plan)     # the fewest wilds, from the plan
            if way is None:
                return [(hand, _DISCARDS[self.discard(v, hand, known=(wilds, plan))])], hand
            steps.append((hand, _meld_down_of(tuple(way.melds))))
            hand = _minus(hand, [c for m in way.melds for c in m.cards])
            new = tuple([m.owned_by(player) for m in way.melds])
            infos = table_infos(table) + table_infos(new)     # (the table's infos: only now)
            table = table + new
            if not hand:
                return steps, hand
        else:
            infos = table_infos(table)
        extra = ExtraSearch(hand, table, data=hand_data(hand), infos=infos).result()
        if extra.melds:
            steps.append((hand, _meld_down_of(tuple(extra.melds))))
            hand = _minus(hand, [c for m in extra.melds for c in m.cards])
        for lay in extra.layoffs:
            i = lay.index
            if infos[i][0] == "set":
                for card in lay.high:
                    steps.append((hand, _layoff_of(card, i, None)))
                    hand = _minus(hand, (card,))
                continue
            for card in reversed(lay.low):
                steps.append((hand, _layoff_of(card, i, "low")))
                hand = _minus(hand, (card,))
            for card in lay.high:
                steps.append((hand, _layoff_of(card, i, "high")))
                hand = _minus(hand, (card,))
        if hand:
            steps.append((hand, _DISCARDS[self.discard(v, hand, met=True)]))
        return steps, extra.rest

    def _store(self, key, steps):
        """Remember planned steps for the turn ``key[:3]`` (deal index, turn, player) by the
        hand before the step.

        The hands are in the engine's order (:func:`~pushlab.rummy.encoding.sort_fast`'s): the
        plan starts from a sorted hand and removes cards, which keeps the order."""
        self._turn = key[:3]
        self._plan = {h: a for h, a in steps}

    def discard(self, v: View, hand, met=False, known=None) -> Card:
        """The highest-penalty natural card that helps nothing (a wild only if nothing else);
        never the card taken from the discard pile this turn while another card is held.

        ``known``: (wilds, deficit plan) of ``hand`` if the caller has them."""
        taken = v[8]
        if taken is not None and any(c != taken for c in hand):
            return self._discard(v, hand, met, known, taken)
        return self._discard(v, hand, met, known, None)

    def _discard(self, v: View, hand, met, known, barred) -> Card:
        """:meth:`discard` choosing among the cards other than ``barred``."""
        deal = v[5]
        if not met:                         # before the contract: cards outside the best plan
            if known is None:
                counts, wilds = hand_key(hand)
                plan = deficit_plan(counts, deal)
            else:
                wilds, plan = known
        if met:
            pool = [c for c in hand if c.is_natural and c is not barred]
        else:
            pool = _outside_plan(hand, plan.used if plan else (), barred)
        if pool:
            card, most = None, -1               # max(pool, key=_THROW_FIRST.__getitem__), without
            for c in pool:                      # a Python-level key call per card (the first
                worth = _THROW_FIRST[c]         # of equal ones, as max)
                if worth > most:
                    card, most = c, worth
            if not met:                     # the plan survives the discard: same deficit next draw
                need = _NONE if plan is None else max(0, plan.need - wilds)
                self._known = {(deal, _minus(hand, [card])): need}      # (hands are sorted)
            return card
        naturals = [c for c in hand if c.is_natural and c != barred]
        if not naturals:
            return max(c for c in hand if c != barred)
        # every natural serves the plan: of the four costliest, give up the one whose loss
        # hurts least
        costly = sorted(set(naturals), key=lambda c: (-c.penalty, c.sort_key))[:4]
        return min(costly, key=lambda c: (_deficit(_minus(hand, [c]), deal),
                                          -c.penalty, c.sort_key))

    def choose(self, game, rng=None) -> Action:
        """The action for the current player."""
        d = game.__dict__           # the state's fields at once, as Game._seen reads them
        phase = d["phase"]
        if phase == "play":         # the next step of this turn's plan? (no view needed: a
            plan = self._plan       # third of the calls; the engine keeps hands sorted)
            if plan:
                p = d["active_player"]
                if self._turn == (d["deal_index"], d["turn"], p):
                    planned = plan.pop(d["hands"][p], None)
                    if planned is not None:
                        return planned
        v = game._seen()            # the view's fields, as a plain tuple (see view)
        key = (d["deal_index"], d["turn"], v[0])
        if phase == "draw":
            return self.draw(v, key)
        hand = v[1]
        steps, _ = self._steps(v, hand)
        self._store(key, steps)
        return self._plan.pop(hand)

    def __repr__(self):
        """``HeuristicBot()``."""
        return f"{type(self).__name__}()"


class NeverPushBot(HeuristicBot):
    """The heuristic bot, except that it always takes the discard (for comparison)."""

    name = "never-push"
    always_take = True


_TAKE, _PUSH = Take(), Push()
_DISCARDS = {c: Discard(c) for c in NATURALS + (JOKER,)}      # one value per card, shared


def _index(card: Card) -> int | None:
    """Natural index of a card in :func:`~pushlab.rummy.encoding.hand_key` counts, None if wild."""
    i = INDEX[card]
    return None if i < 0 else i


_THROW_FIRST = {c: 100 * c.penalty + c.order for c in NATURALS}   # orders as (penalty, sort_key)


def _outside_plan(hand, used, barred) -> list:
    """The naturals of hand (in hand order) that the plan (its natural indices ``used``) leaves
    over, except ``barred``: :func:`_split_plan`'s second part without ``barred``.

    The plan's indices are counted in a list by index (compiled, with C integers; a list of
    them asked ``in`` and ``remove`` per card made a method call per card the plan uses)."""
    left = [0] * 53                 # how many of each natural index the plan still uses
    for i in used:
        left[i] += 1
    slot = _SLOT_BY_ORDER           # a card's natural index by its order, 52: a wild
    out = []
    for c in hand:
        order = c
        i = slot[order]
        if i == 52:
            continue
        if left[i]:
            left[i] -= 1
        elif c is not barred:
            out.append(c)
    return out


def _split_plan(hand, used):
    """(the plan's naturals and every wild, the other naturals) of a hand."""
    used = list(used)
    keep, rest = [], []
    for c in hand:
        i = _index(c)
        if i is None:
            keep.append(c)
        elif i in used:
            used.remove(i)
            keep.append(c)
        else:
            rest.append(c)
    return tuple(keep), rest


def _holds(hand, part) -> bool:
    """True if ``hand`` holds every card of ``part`` (as many copies)."""
    rest = list(hand)
    try:
        for c in part:
            rest.remove(c)
    except ValueError:
        return False
    return True


def _minus(hand, cards):
    """Hand minus one copy of each of cards."""
    hand = list(hand)
    for c in cards:
        hand.remove(c)
    return tuple(hand)


def _deficit(hand, deal) -> int:
    """Wilds still missing to meet the contract (99 if impossible)."""
    counts, wilds = hand_key(hand)
    plan = deficit_plan(counts, deal)
    return _NONE if plan is None else max(0, plan.need - wilds)


# ---------------------------------------------------------------------- comparing bots

def rummy_game(seed, deals=(1, 2, 3, 4, 5), **options):
    """Game factory for :func:`pushlab.tournament.tournament`: a shuffled rummy match."""
    return Game.new(seed=seed, deals=deals, **options)


def rummy_outcome(game):
    """(penalty total per seat, fractional wins per seat): a seat gets its partnership's values."""
    team = np.asarray(game.scores(), dtype=float)
    winners = game.winners()
    wins = np.array([1 / len(winners) if t in winners else 0.0 for t in (0, 1)])
    return team[[0, 1, 0, 1]], wins[[0, 1, 0, 1]]


def compare(bot_a, bot_b, games: int = 20, seed=None, deals=(1, 2, 3, 4, 5), executor=None):
    """Partnership ``bot_a`` (seats 0, 2) against ``bot_b`` (seats 1, 3), seats swapped every
    other game; a :class:`pushlab.tournament.TournamentResult` over bots (a, b, a, b).

    Lower penalty totals are better (rule 20); ``mean_score()`` and ``win_rate()`` give
    95% intervals.

    >>> res = compare(HeuristicBot, RandomBot, games=2, seed=1, deals=(1,))
    >>> res.scores.shape
    (2, 4)
    """
    from functools import partial

    from pushlab.tournament import tournament

    return tournament([bot_a, bot_b, bot_a, bot_b], games=games, seed=seed, executor=executor,
                      game_factory=partial(rummy_game, deals=tuple(deals)),
                      outcome=rummy_outcome)
