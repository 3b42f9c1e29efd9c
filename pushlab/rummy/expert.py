"""ExpertBot: a partnership player for Push (contract rummy), and duplicate matches to measure it.

:class:`ExpertBot` plays like :class:`~pushlab.rummy.bots.HeuristicBot` (meet the contract
as soon as possible, then meld and lay off onto any meld, its partner's included), and adds
what a partnership player thinks about, using only what it may see (its hand, the table,
the discard pile, hand sizes and who has met the contract):

- **Wild replacement** (rule 14): once it has met the contract it swaps a natural from
  its hand for a wild on the table when the freed wild can be laid off or melded at once
  (one card fewer in hand, and no penalty of 20 risked on the wild).
- **Discards that do not feed the left opponent**: the next player may take the discard.
  Once that opponent has met the contract, a card that fits a meld on the table (any
  meld: lay-offs go anywhere, rule 13) would be laid off by them at once; a wild helps
  anybody. Such cards are kept when another discard costs about as much.
- **Cards the partner may need**: a card that fits its partner's melds is kept for a
  lay-off of its own (after it meets the contract) rather than thrown to the opponent.
- **Live and dead cards**: before the contract, among the cards outside its best plan it
  throws the costliest one whose rank is most often already seen (on the discard pile,
  on the table, in its hand): fewer copies left means the opponents are less likely to
  be collecting it.
- **Push or take**: a push hands the left opponent two cards (the discard and a stock
  card). It still takes a discard that helps it, and it also takes (to deny it) a
  discard that would let the left opponent, who has met the contract, lay it off; with
  fewer than 2 stock cards a push ends the deal (rules 12, 17; with 1 stock card the left
  opponent first receives both cards), so it pushes only when its side's estimated hand
  penalty is no higher than the opponents'.

>>> from pushlab.rummy.game import Game
>>> g = Game.new(seed=4, deals=(1,))
>>> bot = ExpertBot()
>>> while not g.is_over:
...     g = g.apply(bot.choose(g))
>>> g.results[0].reason in ("out", "stock", "cap")
True
"""

from __future__ import annotations

import gc
from concurrent.futures import Executor
from contextlib import contextmanager
from fractions import Fraction
from functools import lru_cache, partial

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import SetupError
from pushlab.protocol import make_bot, play
from pushlab.stats import paired_diff_ci
from pushlab.rummy.actions import Action, Discard, Push, Replace, Take, _layoff_of, _replace_of
from pushlab.rummy.bots import _DISCARDS, HeuristicBot, RummyBot, _outside_plan
from pushlab.rummy.cards import SUITS, Card, full_deck, parse_cards
from pushlab.rummy.melds import MAX_RUN, MAX_SET, Meld, _value_card
from pushlab.rummy.encoding import hand_key
from pushlab.rummy.finder import contract_deficit, deficit_plan
from pushlab.rummy.game import Game

__all__ = ["ExpertBot", "MEAN_PENALTY", "duplicate_match", "duplicate_matches", "fits_table"]

_TAKE, _PUSH = Take(), Push()

MEAN_PENALTY = Fraction(sum(c.penalty for c in full_deck()), len(full_deck()))
"""The average penalty of a card of the 108-card deck (rule 18): the estimate of a hidden card."""


def fits_table(card, table, owners=None) -> bool:
    """True if ``card`` could be laid off on a meld of ``table`` (only melds of ``owners`` if given).

    >>> from pushlab.rummy.melds import Meld
    >>> t = (Meld("run", "5H 6H 7H", owner=2), Meld("set", "9S 9D 9C", owner=1))
    >>> fits_table("8H", t), fits_table("9H", t), fits_table("9H", t, owners=(0, 2))
    (True, True, False)
    """
    card = Card.parse(card)
    if isinstance(table, tuple):           # a game's table: the owners each card fits, kept
        hit = _owners(table, _table_fits(table), card)
        return bool(hit) if owners is None else not hit.isdisjoint(owners)
    return any(m.layoff_ends(card) for m in table if owners is None or m.owner in owners)


_FITS: dict = {}


def _table_fits(table) -> dict:
    """{natural card, or None for the wilds: owners of the melds of ``table`` it could be laid
    off on}, filled as asked (:func:`_owners`), kept for the last tables seen (by identity:
    a game's table is an immutable tuple shared by the states until a meld changes)."""
    hit = _FITS.get(id(table))
    if hit is not None and hit[0] is table:
        return hit[1]
    if len(_FITS) > 64:
        _FITS.clear()
    fits = {}
    _FITS[id(table)] = (table, fits)        # the table kept alive: its id stays its own
    return fits


def _owners(table, fits, card) -> frozenset:
    """The owners of the melds of ``table`` that ``card`` could be laid off on (as
    :meth:`~pushlab.rummy.melds.Meld.layoff_ends` finds them), kept in ``fits``
    (:func:`_table_fits`); read from each meld's :func:`_fit_cards`."""
    key = None if card.is_wild else card
    hit = fits.get(key)
    if hit is None:
        who = []
        for meld in table:
            fit = getattr(meld, "_fits", None) or _fit_cards(meld)     # (kept on the meld)
            if fit[1] if key is None else key in fit[0]:
                who.append(meld.owner)
        hit = fits[key] = frozenset(who)
    return hit


def _lacking(rank, cards) -> tuple:
    """The naturals of ``rank`` in the suits that the naturals of a set's ``cards`` lack (the
    cards it could take, or that could replace its wilds), in :data:`SUITS` order."""
    have = {c.suit for c in cards if c.is_natural}
    four = _RANK_CARDS.get(rank)
    if four is None:                        # (not a rank: Card says so)
        return tuple(Card(rank, s) for s in SUITS if s not in have)
    return tuple([c for c in four if c.suit not in have])


_RANK_CARDS = {r: tuple(Card(r, s) for s in SUITS) for r in range(1, 14)}     # in SUITS order


def _fit_cards(meld) -> tuple:
    """(the naturals that could be laid off on a valid meld, whether a wild could), as
    :meth:`~pushlab.rummy.melds.Meld.layoff_ends` answers card by card (rule 13: a set with
    room takes a wild or a natural of its rank in a suit it lacks; a run shorter than 13
    takes, at an end inside A..A, a wild or the natural of its suit and that value); read
    off the meld's place and kept on the immutable meld (as :func:`_replaceable_of`)."""
    cards = meld.cards
    place = getattr(meld, "_detail", None)
    if place is None:
        place = meld._place
    if meld.kind == "set":
        if len(cards) >= MAX_SET:
            fit = ((), False)
        else:
            fit = (_lacking(place, cards), True)
    else:
        start, suit = place
        ends = [v for v in (start - 1, start + len(cards)) if 1 <= v <= 14] \
            if len(cards) < MAX_RUN else []
        fit = (tuple([_value_card(v, suit) for v in ends]), bool(ends))
    meld.__dict__["_fits"] = fit
    return fit


def _seen_ranks(game, hand) -> dict:
    """How many copies of each natural rank the player can see (discard pile, table, own hand)."""
    seen = {}
    for cards in (game.discard_pile, hand, *(m.cards for m in game.table)):
        for c in cards:
            if c.is_natural:
                seen[c.rank] = seen.get(c.rank, 0) + 1
    return seen


_NONE_REPLACEABLE = frozenset()
_ANY = ("any",)


def _replaceable_of(meld) -> frozenset:
    """:func:`_replaceable` of a table meld, kept on the immutable meld once read (like
    :func:`functools.cached_property`; not a field, so ``==``, hash and repr ignore it).

    A table meld knows its place (a set's rank, a run's first value and suit: every lay-off
    or replacement makes a new meld, :meth:`~pushlab.rummy.melds.Meld._known`), so the
    cards are read off it, as :func:`_replaceable` reads them after analysing the meld."""
    d = meld.__dict__
    out = d.get("_replaceable")
    if out is None:
        cards = meld.cards
        place = d.get("_detail")
        for c in cards:
            if c.is_wild:
                break
        else:
            d["_replaceable"] = _NONE_REPLACEABLE
            return _NONE_REPLACEABLE
        if place is None:
            out = _replaceable(meld.kind, cards)
        elif meld.kind == "set":             # the suits its naturals lack
            out = frozenset(_lacking(place, cards))
        else:                                # what each wild stands for (not a 2 in its place)
            start, suit = place
            out = frozenset([_value_card(start + i, suit) for i, c in enumerate(cards)
                             if c.is_wild and not (c.rank == 2 and c.suit == suit and start + i == 2)])
        d["_replaceable"] = out
    return out


@lru_cache(maxsize=4096)
def _replaceable(kind, cards) -> frozenset:
    """The cards that could replace a wild of a table meld (rule 14), as a quick filter.

    >>> sorted(map(str, _replaceable("run", parse_cards("5H JK 7H")))), sorted(map(str, _replaceable("set", parse_cards("5H 5S JK"))))
    (['6H'], ['5C', '5D'])
    """
    meld = Meld._known(kind, cards, None, None)     # its mask checks it is a valid meld
    mask = meld.natural
    if all(mask):
        return frozenset()
    if kind == "set":
        return frozenset(_lacking(meld.rank, cards))
    target = meld.stands_for()
    return frozenset(target[i] for i, c in enumerate(cards) if c.is_wild and not mask[i])


class ExpertBot(HeuristicBot):
    """A partnership player: HeuristicBot's melding plus wild replacement, safe discards,
    keeping cards for its partner's melds, and push/take weighed against the left opponent.

    >>> from pushlab.rummy.game import Game, deck_for
    >>> deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
    ...                  "JD 10S 3H 8D 6S 4S"], upcard="4D", stock="AS KC 7H 7S", dealer=3)
    >>> g = Game.new(deck=deck, dealer=3, deals=(1,))
    >>> ExpertBot().choose(g)           # 4D helps no set of Ann's: push
    Push()
    """

    name = "expert"
    deny = True             # take a discard the left opponent would lay off
    safe_discards = True    # weigh what a discard gives the left opponent
    replace_wilds = True    # rule 14 replacements that free a usable wild
    end_by_push = True      # with < 2 stock cards, push (end the deal) only when ahead

    # -- drawing
    def draw_action(self, game, key) -> Action:
        """Take or push (see the class notes)."""
        v = game._seen()                    # the view's fields (bots.view: a plain tuple)
        top = v[3]
        if top is None:
            return _PUSH
        if self.helps(v, top, key):
            return _TAKE
        p = v[0]
        if self.end_by_push and game.stock_size < 2:     # a push ends the deal (rule 17)
            theirs = self._side_penalty(game, (p + 1) % 4)
            if game.stock_size == 1:            # ... after the left player receives 2 cards
                theirs += top.penalty + float(MEAN_PENALTY)
            return _PUSH if self._side_penalty(game, p) <= theirs else _TAKE
        left = (p + 1) % 4
        if self.deny and v[4][left] and fits_table(top, v[2]):       # met flags, table
            return _TAKE
        return _PUSH

    @staticmethod
    def _side_penalty(game, player) -> float:
        """Estimated penalty of player's partnership: own hand counted if it is the mover's,
        hidden hands at the mean card penalty."""
        me = game.current_player
        total = 0.0
        for q in (player, (player + 2) % 4):
            if q == me:
                total += sum(c.penalty for c in game.hands[q])
            else:
                total += float(MEAN_PENALTY) * game.hand_sizes[q]
        return total

    # -- playing
    def choose(self, game, rng=None) -> Action:
        """The action for the current player (an action value, as HeuristicBot's: the engine
        need not parse its text)."""
        p = game.current_player
        if game.phase == "draw":
            return self.draw_action(game, (game.deal_index, game.turn, p))
        act = super().choose(game, rng)
        if not isinstance(act, Discard):
            return act
        if self.replace_wilds and game.met[p]:
            rep = self._replacement(game, p)
            if rep is not None:
                self._plan = {}
                return rep
        if self.safe_discards:
            return _DISCARDS[self.discard_choice(game, first=act.card)]
        return act

    def replacement(self, game) -> str | None:
        """A rule-14 replacement whose freed wild is laid off (else melded) at once, or None."""
        rep = self._replacement(game)
        return None if rep is None else str(rep)

    def _replacement(self, game, p=None) -> Replace | None:
        """:meth:`replacement` as an action value (the action its text parses to); ``p``: the
        current player if the caller has it."""
        hand = set(game.hands[game.current_player if p is None else p])
        table = game.table
        some = False                        # does a card of the hand replace a wild?
        for m, meld in enumerate(table):
            replaceable = getattr(meld, "_replaceable", None)   # _replaceable_of's, once read
            if replaceable is None:
                replaceable = _replaceable_of(meld)
            if replaceable.isdisjoint(hand):
                continue
            some = True
            for nat in sorted(hand & replaceable):
                for i in meld.replace_options(nat):
                    wild = meld.cards[i]
                    for k, other in enumerate(table):
                        ends = other.layoff_ends(wild) if k != m else ()
                        if ends:                # "replace m nat for wild then layoff wild k [end]"
                            return _replace_of(m, nat, wild,
                                               _layoff_of(wild, k, None if ends == _ANY else ends[0]))
        if some:
            for acts in game._replacements():   # meld_actions' replacements, in its order
                if acts:
                    return acts[0]
        return None

    def discard_choice(self, game, first=None):
        """HeuristicBot's discard, unless it would feed the left opponent or a meld of ours:
        then the costliest other card that keeps the plan (dead ranks first).

        ``first``: HeuristicBot's discard in ``game`` if the caller has it (:meth:`choose`
        does: the discard its plan ends with, made from this very hand)."""
        p = game.current_player
        hand = game.hands[p]
        table = game.table
        if first is None:
            first = self.discard(game._seen(), hand, met=game.met[p])
        just_taken = game.drawn if game.source == "discard" else None
        fits = _table_fits(table)
        if not (_owners(table, fits, first) or first == just_taken):      # fits_table(first, table)
            return first
        naturals = [c for c in set(hand) if c.is_natural]
        pool = [c for c in naturals if c != just_taken] or naturals or list(set(hand))
        if not game.met[p]:                     # keep the contract plan: the least deficit
            deficit = _deficits_without(hand, pool, game.deal_number)
            low = min(deficit.values())
            pool = [c for c in pool if deficit[c] == low]
        left, partner = (p + 1) % 4, (p + 2) % 4
        seen = _seen_ranks(game, hand)
        danger_left = game.met[left]
        ours = (partner, p)

        def cost(c):
            """Higher is a better discard."""
            score = c.penalty
            if c.is_wild:
                score -= 100
            owners = _owners(table, fits, c)    # as fits_table(c, table) finds them
            if danger_left and owners:
                score -= 12                     # the left opponent lays it off at once
            elif not owners.isdisjoint(ours):
                score -= 6                      # keep it for a lay-off of our own
            score += 0.5 * seen.get(c.rank, 0)  # dead ranks are safer
            return (score, c.sort_key)

        return max(pool, key=cost)


@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused while self-play runs, then as it was.

    Self-play makes hundreds of thousands of short-lived, acyclic objects (states, events,
    plans): reference counting frees each as it goes, and the collector, started again and
    again by the allocations, finds nothing (issue 24: 12-14% of advise's time, 14% of
    self-play). Used by :func:`duplicate_matches` and :func:`pushlab.rummy.advice.advise`."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _deficits_without(hand, cards, deal) -> dict:
    """{card: :func:`_deficit_without` (hand, card, deal)} for the distinct ``cards`` of hand.

    A natural the hand's best plan leaves over keeps the hand's own deficit (the plan still
    holds without it, and fewer cards never need fewer wilds); only the others are searched."""
    counts, wilds = hand_key(hand)
    plan = deficit_plan(counts, deal)
    if plan is None:
        return dict.fromkeys(cards, 99)
    same = max(0, plan.need - wilds)
    spare = set(_outside_plan(hand, plan.used, None))
    return {c: same if c in spare else _deficit_without(hand, c, deal) for c in cards}


def _deficit_without(hand, card, deal) -> int:
    """The contract deficit of hand without one copy of card (99: never)."""
    rest = list(hand)
    rest.remove(card)
    d = contract_deficit(rest, deal)
    return 99 if d is None else d


# ---------------------------------------------------------------------- measuring

def duplicate_match(seed: int, bot_a, bot_b, deals=(1, 2, 3, 4, 5)) -> tuple:
    """Play one shuffled match twice: ``bot_a`` at seats 0 and 2, then at seats 1 and 3.

    Returns ((a's penalty, b's penalty) in the first match, the same in the second): the
    same cards and dealer in both, so the luck of the deal cancels in the pair.

    >>> duplicate_match(3, HeuristicBot, HeuristicBot, deals=(1,))   # the same bot: mirrored
    ((0.0, 35.0), (35.0, 0.0))
    """
    out = []
    for a_seats in (0, 1):                  # a plays seats 0 and 2, then seats 1 and 3
        first, second = (bot_a, bot_b) if a_seats == 0 else (bot_b, bot_a)
        seats = [make_bot(first), make_bot(second), make_bot(first), make_bot(second)]
        g = play(Game.new(seed=seed, deals=tuple(deals)), seats, np.random.default_rng(seed))
        s = g.scores()
        out.append((float(s[a_seats]), float(s[1 - a_seats])))
    return tuple(out)


def duplicate_matches(bot_a, bot_b, pairs: int = 100, seed: int = 0, deals=(1, 2, 3, 4, 5),
                      executor: Executor | None = None, progress=None) -> np.ndarray:
    """``pairs`` duplicate pairs of matches (see :func:`duplicate_match`): a pairs x 2 x 2
    array: [pair, match, (a's penalty, b's penalty)].

    ``bot_a``/``bot_b``: bot classes or factories (picklable for a process executor).
    ``progress(done, total)`` is called as pairs finish. Python's cyclic garbage collector is
    paused while the matches run here (:func:`_collector_paused`).

    >>> d = duplicate_matches(ExpertBot, HeuristicBot, pairs=2, seed=1, deals=(1,))
    >>> d.shape
    (2, 2, 2)
    """
    if not is_count(pairs):
        raise SetupError(f"pairs must be a positive int, got {pairs!r}")
    seeds = [int(s) for s in np.random.SeedSequence(seed).generate_state(pairs, dtype=np.uint64)
             % (2**63 - 1)]
    job = partial(duplicate_match, bot_a=bot_a, bot_b=bot_b, deals=tuple(deals))
    mapped = executor.map(job, seeds, chunksize=max(1, pairs // 32)) if executor is not None \
        else map(job, seeds)
    out = []
    with _collector_paused():
        for row in mapped:
            out.append(row)
            if progress is not None:
                progress(len(out), pairs)
    return np.array(out, dtype=float)


def measure(pairs: int = 1000, seed: int = 2026, workers: int = 2, deals=(1, 2, 3, 4, 5)) -> dict:
    """ExpertBot against HeuristicBot in ``pairs`` duplicate pairs (2 x pairs whole matches).

    ``diff``: mean of ExpertBot's partnership penalty minus HeuristicBot's per match, with
    its 95% interval (:func:`pushlab.stats.paired_diff_ci` over the pairs: each pair's two
    matches are averaged, the same cards seen from both sides).
    """
    import time
    from concurrent.futures import ProcessPoolExecutor

    t0 = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            d = duplicate_matches(ExpertBot, HeuristicBot, pairs, seed, deals, executor=ex)
    else:
        d = duplicate_matches(ExpertBot, HeuristicBot, pairs, seed, deals)
    wall = time.perf_counter() - t0
    expert, heuristic = d[:, :, 0], d[:, :, 1]
    diff, low, high = paired_diff_ci(expert.mean(1), heuristic.mean(1))
    return dict(matches=2 * pairs, pairs=pairs, seed=seed, diff=diff, ci95=(low, high),
                expert_mean=float(expert.mean()), heuristic_mean=float(heuristic.mean()),
                expert_lower=float((expert < heuristic).mean()),
                ties=float((expert == heuristic).mean()),
                wall_s=wall, deals_per_s=2 * pairs * len(deals) / wall, workers=workers)


def main(argv=None) -> int:
    """``python -m pushlab.rummy.expert [--pairs N] [--seed S] [--workers W]``: print measure() as JSON."""
    import argparse
    import json

    ap = argparse.ArgumentParser(description=measure.__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    print(json.dumps(measure(args.pairs, args.seed, args.workers)))
    return 0


if __name__ == "__main__":              # pragma: no cover
    raise SystemExit(main())
