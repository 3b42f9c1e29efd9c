"""Probabilities for Push (contract rummy): exact where feasible, Monte Carlo otherwise.

Exact values are :class:`fractions.Fraction`; Monte Carlo estimates come as
:class:`Estimate` (mean, standard error, n) with all randomness from a numpy Generator
or seed.

- Hypergeometric helpers: :func:`hypergeom_pmf`, :func:`prob_at_least`,
  :func:`prob_wild_in_hand`.
- The chance a dealt hand already meets its deal's contract: **exact** for every deal
  (:func:`contract_prob_exact`: a sum over rank patterns for the set deals 1 and 4, a
  collection of every distinct contract hand for the deals with runs), and Monte Carlo
  with the meld finder (:func:`contract_prob_mc`) as an independent check.
- The same chance given the number of wilds w in the hand: **exact** for every deal
  (:func:`contract_given_wilds_exact`, the exact count split by w, with the
  distribution of w from :func:`wild_count_pmf`), Monte Carlo as a check
  (:func:`contract_given_wilds_mc`); :func:`contract_given_wilds` picks one.
- The chance a bot meets the contract within k of its turns (:func:`contract_within`,
  Monte Carlo with the game engine), the penalty the other side is left with when
  someone goes out (:func:`penalty_when_out`, Monte Carlo).
- The chance a card is still in the stock given what a player sees
  (:func:`card_in_stock`, exact under the model stated there), and the chance the next
  stock card brings a hand closer to its contract (:func:`next_card_helps`, same model).

>>> prob_wild_in_hand(6) == 1 - Fraction(comb(96, 6), comb(108, 6))
True
>>> float(contract_prob_exact(1))  # doctest: +ELLIPSIS
0.0073...
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb, sqrt
from types import MappingProxyType

import numpy as np

from pushlab.checks import is_count, is_whole
from pushlab.errors import ParseError, SetupError
from pushlab.rummy.bots import HeuristicBot
from pushlab.rummy.cards import Card, full_deck, parse_cards
from pushlab.rummy.encoding import index_array
from pushlab.rummy.finder import contract_deficit, deficit_plan
from pushlab.rummy.game import Game
from pushlab.rummy.melds import CONTRACTS, HAND_SIZES
from pushlab.seeding import make_rng
from pushlab.stats import Z95, agrees, format_ci, mean_ci, proportion_ci

__all__ = ["Estimate", "hypergeom_pmf", "prob_at_least", "prob_wild_in_hand",
           "contract_prob_exact", "contract_prob_mc", "wild_count_pmf", "contract_given_wilds",
           "contract_given_wilds_exact", "contract_given_wilds_mc", "contract_within", "penalty_when_out",
           "card_in_stock", "card_in_stock_for", "helpful_naturals", "next_card_helps", "EXACT_DEALS",
           "contract_in_cards_exact", "contract_draw_distribution"]

DECK = full_deck()
NATURAL_RANKS = 12          # A, 3..K (the 2s are wild)
WILDS = 12                  # eight 2s and four jokers
EXACT_DEALS = (1, 2, 3, 4, 5)   # deals whose dealt-hand probability is computed exactly


# ---------------------------------------------------------------- results

@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: ``mean``, its standard error ``se``, sample size ``n``."""

    mean: float
    se: float
    n: int

    low: float = float("nan")
    high: float = float("nan")

    def agrees(self, exact, k: float = 4.0) -> bool:
        """True if ``exact`` lies within ``k`` standard errors of the mean (:func:`pushlab.stats.agrees`)."""
        return agrees(self.mean, float(exact), self.se, k)

    @property
    def ci95(self) -> tuple:
        """The 95% interval: Wilson for a 0/1 rate, t for a mean (NaN: not enough samples).

        An Estimate built by hand from (mean, se, n) only gets mean ± 1.96 se.
        """
        if np.isnan(self.low) and np.isfinite(self.se) and self.n > 1:
            return (self.mean - Z95 * self.se, self.mean + Z95 * self.se)
        return (self.low, self.high)

    def __repr__(self):
        """``Estimate(0.1234 [0.1174, 0.1296], n=10000)``."""
        return f"Estimate({self.mean:.4f} {format_ci(*self.ci95, '.4f')}, n={self.n})"


def _estimate(values) -> Estimate:
    """Mean, standard error and 95% interval of a sample (Wilson if it is 0/1 outcomes)."""
    values = np.asarray(values, dtype=float)
    n = len(values)
    se = float(values.std(ddof=1) / sqrt(n)) if n > 1 else float("inf")
    if n and np.isin(values, (0.0, 1.0)).all():
        low, high = proportion_ci(values.sum(), n)
    else:
        mean, half = mean_ci(values)
        low, high = mean - half, mean + half
    return Estimate(float(values.mean()), se, n, float(low), float(high))


def _check_deal(deal) -> int:
    """A deal number 1..5, or ParseError."""
    if not is_whole(deal) or deal not in CONTRACTS:
        raise ParseError(f"there are deals 1 to 5, not {deal!r}")
    return deal


def _count(name, value, low=0):
    """Check a non-negative int argument."""
    if not is_count(value, low):
        raise SetupError(f"{name} must be an int >= {low}, got {value!r}")
    return int(value)


# ---------------------------------------------------------------- hypergeometric

def hypergeom_pmf(k: int, successes: int, population: int, draws: int) -> Fraction:
    """P(exactly k successes) drawing ``draws`` of ``population`` holding ``successes``.

    >>> hypergeom_pmf(1, 12, 108, 6) == Fraction(comb(12, 1) * comb(96, 5), comb(108, 6))
    True
    """
    population = _count("population", population)
    successes = _count("successes", successes)
    draws = _count("draws", draws)
    if successes > population or draws > population:
        raise SetupError(f"successes ({successes}) and draws ({draws}) cannot exceed the "
                         f"population ({population})")
    if not is_count(k, 0):
        return Fraction(0)
    return Fraction(comb(successes, k) * comb(population - successes, draws - k),
                    comb(population, draws))


def prob_at_least(k: int, successes: int, population: int, draws: int) -> Fraction:
    """P(at least k successes) drawing ``draws`` of ``population`` holding ``successes``.

    >>> prob_at_least(1, 12, 108, 6) == 1 - Fraction(comb(96, 6), comb(108, 6))
    True
    >>> prob_at_least(0, 12, 108, 6)
    Fraction(1, 1)
    """
    k = max(0, _count("k", k))
    return sum((hypergeom_pmf(j, successes, population, draws)
                for j in range(k, min(successes, draws) + 1)), Fraction(0))


def prob_wild_in_hand(hand_size: int = 6, wilds: int = WILDS, deck: int = 108) -> Fraction:
    """P(a dealt hand of ``hand_size`` holds at least one wild) = 1 - C(96, n) / C(108, n).

    >>> [round(float(prob_wild_in_hand(n)), 4) for n in (6, 10)]
    [0.5155, 0.7087]
    """
    return prob_at_least(1, wilds, deck, hand_size)


# ---------------------------------------------------------------- dealt hand meets the contract

def _rank_patterns():
    """Per way a rank can be held: (naturals n, fewest sets j_min, most sets j_max, card choices).

    A rank's naturals are described by d suits held twice and e suits held once
    (n = 2d + e); they fit in j sets of that rank (distinct suits in a set, at most 3
    naturals, at least 1) iff max(2 if d else 1, ceil(n/3)) <= j <= n.
    """
    out = []
    for d in range(5):
        for e in range(5 - d):
            n = 2 * d + e
            if n == 0:
                continue
            ways = comb(4, d) * comb(4 - d, e) * 2 ** e
            out.append((n, max(2 if d else 1, -(-n // 3)), n, ways))
    return out


def _sets_count_by_wilds(m: int, ranks: int = NATURAL_RANKS, wilds: int = WILDS) -> dict:
    """Per number of wilds w: hands of 3m cards holding exactly w wilds that are m sets of 3.

    All 3m cards must be used (the hand is exactly the contract's size), so the sets
    hold exactly 3 cards; the naturals of each rank held go in j_r sets with
    sum j_r = m, feasible iff sum j_min <= m <= sum j_max. The deck is ``ranks`` x 4
    suits x 2 copies plus ``wilds`` wild cards.
    """
    pats = _rank_patterns()
    size = 3 * m
    # dp[(naturals, sum j_min, min(sum j_max, m))] = number of ways over the ranks so far
    dp = Counter({(0, 0, 0): 1})
    for _ in range(ranks):
        nxt = Counter(dp)
        for (n0, lo0, hi0), w0 in dp.items():
            for n, lo, hi, ways in pats:
                if n0 + n <= size and lo0 + lo <= m:
                    nxt[(n0 + n, lo0 + lo, min(m, hi0 + hi))] += w0 * ways
        dp = nxt
    out = Counter()
    for (n, lo, hi), ways in dp.items():
        w = size - n
        if 0 <= w <= wilds and lo <= m <= hi:
            out[w] += ways * comb(wilds, w)
    return dict(out)


def _sets_exact_count(m: int, ranks: int = NATURAL_RANKS, wilds: int = WILDS) -> int:
    """Number of hands of 3m cards (from ``ranks`` x 4 suits x 2 copies + ``wilds``) that are m sets of 3."""
    return sum(_sets_count_by_wilds(m, ranks, wilds).values())


def _meld_shapes(kind: str, size: int, ranks=None, suits=None) -> list:
    """Every meld of exactly ``size`` cards as (natural indices, wilds), at least one natural.

    ``ranks``/``suits`` restrict the natural cards that exist (small decks, for tests).
    """
    ranks = (1,) + tuple(range(3, 14)) if ranks is None else tuple(ranks)
    suits = tuple(range(4)) if suits is None else tuple(suits)
    out = []
    if kind == "set":
        for r in ranks:
            for k in range(1, min(3, size) + 1):
                for chosen in combinations(suits, k):
                    out.append((tuple(13 * s + r - 1 for s in chosen), size - k))
        return out
    for s in suits:
        for lo in range(1, 16 - size):
            cards = [13 * s + (0 if v == 14 else v - 1) for v in range(lo, lo + size)]
            can = [j for j in range(size) if cards[j] % 13 + 1 in ranks and cards[j] % 13 != 1]
            for k in range(1, len(can) + 1):          # which places hold naturals (2s are wild)
                for places in combinations(can, k):
                    out.append((tuple(cards[j] for j in places), size - k))
    return out


def _shape_count_by_wilds(deal: int, ranks=None, suits=None, wilds: int = WILDS) -> dict:
    """Per number of wilds w: dealt hands (physical cards) with w wilds that are exactly the contract's melds.

    The hand holds exactly the contract's number of cards, so every card is in a meld of
    exactly the minimum size. Each hand is a multiset of natural cards (two copies each)
    plus some of the ``wilds``; it is counted once however many ways it splits into melds:
    the distinct multisets are collected first, then weighted by
    prod C(2, copies used) * C(wilds, wilds used).
    """
    slots = CONTRACTS[deal]
    shapes = [_meld_shapes(kind, size, ranks, suits) for kind, size in slots]
    hands = set()

    def rec(i, start, nat, w):
        """Add slot i's meld."""
        if i == len(slots):
            hands.add((tuple(sorted(nat)), w))
            return
        same = i > 0 and slots[i] == slots[i - 1]
        for j in range(start if same else 0, len(shapes[i])):
            cards, k = shapes[i][j]
            if w + k > wilds:
                continue
            new = nat + cards
            if any(new.count(c) > 2 for c in cards):
                continue
            rec(i + 1, j, new, w + k)

    rec(0, 0, (), 0)
    out = Counter()
    for nat, w in hands:
        ways = comb(wilds, w)
        for c in set(nat):
            ways *= comb(2, nat.count(c))
        out[w] += ways
    return dict(out)


def _shape_count(deal: int, ranks=None, suits=None, wilds: int = WILDS) -> int:
    """Number of dealt hands (physical cards) that are exactly the deal's contract melds."""
    return sum(_shape_count_by_wilds(deal, ranks, suits, wilds).values())


def contract_prob_exact(deal: int) -> Fraction:
    """Exact P(a dealt hand already meets the contract), every deal 1-5.

    Set deals 1 and 4 by a sum over rank patterns (:func:`_sets_exact_count`); deals
    with runs by collecting every distinct hand that is the contract's melds
    (:func:`_shape_count`, a few seconds for deal 5). Both methods agree on deal 1.

    >>> p1 = contract_prob_exact(1)
    >>> p1 == Fraction(_sets_exact_count(2), comb(108, 6)) == Fraction(_shape_count(1), comb(108, 6))
    True
    """
    return _exact(_check_deal(deal))


def _exact(deal: int) -> Fraction:
    """Body of :func:`contract_prob_exact`: the counts by number of wilds, summed."""
    return Fraction(sum(_counts_by_wilds(deal).values()), comb(108, HAND_SIZES[deal]))


@lru_cache(maxsize=None)
def _counts_by_wilds(deal: int) -> dict:
    """Cached: w -> number of dealt hands with exactly w wilds that meet the contract."""
    if deal in (1, 4):
        return MappingProxyType(_sets_count_by_wilds(len(CONTRACTS[deal])))
    return MappingProxyType(_shape_count_by_wilds(deal))


def _deal_hands(rng, n_hands: int, size: int) -> np.ndarray:
    """n_hands random hands (indices into the deck), vectorized: rows of ``size`` indices."""
    keys = rng.random((n_hands, len(DECK)))
    return np.argpartition(keys, size, axis=1)[:, :size]


def _meets(counts_wilds, deal) -> bool:
    """True if a hand given as (counts, wilds) meets the contract."""
    counts, wilds = counts_wilds
    plan = deficit_plan(counts, deal)
    return plan is not None and plan.need <= wilds


_NAT_INDEX = index_array(DECK)


def contract_prob_mc(deal: int, n: int = 20000, seed=None) -> Estimate:
    """Monte Carlo P(a dealt hand already meets the contract), any deal, with the meld finder.

    Hands are dealt in one numpy batch; each is checked by the finder's contract
    deficit (the least number of wilds its naturals need).

    >>> contract_prob_mc(1, n=2000, seed=1).agrees(contract_prob_exact(1))
    True
    """
    _check_deal(deal)
    n = _count("n", n, 2)
    rng = make_rng(seed)
    size = HAND_SIZES[deal]
    hands = _NAT_INDEX[_deal_hands(rng, n, size)]
    return _estimate(_hits(hands, deal))


def _hits(hands: np.ndarray, deal: int) -> np.ndarray:
    """1.0 per row of natural indices (-1 = a wild) whose hand meets the contract, else 0.0."""
    n, size = hands.shape
    wilds = (hands < 0).sum(1)
    counts = np.zeros((n, 53), dtype=np.int64)
    np.add.at(counts, (np.repeat(np.arange(n), size), hands.ravel() % 53), 1)
    counts = counts[:, :52]
    return np.fromiter((_meets((tuple(row.tolist()), int(w)), deal)
                        for row, w in zip(counts, wilds)), dtype=float, count=n)


# ---------------------------------------------------------------- conditioned on the wilds in hand

def _wild_range(deal: int) -> range:
    """The possible numbers of wilds in the deal's hand: 0 .. min(12, hand size)."""
    return range(min(WILDS, HAND_SIZES[deal]) + 1)


def _check_wilds(deal: int, wilds) -> int:
    """A possible number of wilds in the deal's dealt hand, or SetupError."""
    top = _wild_range(deal)[-1]
    if not is_count(wilds, 0, top):
        raise SetupError(f"a deal-{deal} hand holds 0 to {top} wilds, not {wilds!r}")
    return int(wilds)


def wild_count_pmf(deal: int) -> dict:
    """Exact P(the dealt hand holds w wilds) for every possible w (hypergeometric).

    >>> pmf = wild_count_pmf(1)
    >>> sum(pmf.values()) == 1, pmf[0] == Fraction(comb(96, 6), comb(108, 6))
    (True, True)
    """
    n = HAND_SIZES[_check_deal(deal)]
    return {w: hypergeom_pmf(w, WILDS, len(DECK), n) for w in _wild_range(deal)}


def contract_given_wilds_exact(deal: int) -> dict:
    """Exact P(the dealt hand meets the contract | it holds w wilds), for every possible w.

    The exact count of :func:`contract_prob_exact`, split by the number of wilds w in
    the hand, over the C(12, w) C(96, n - w) hands with w wilds. Weighted by
    :func:`wild_count_pmf` the values sum to :func:`contract_prob_exact` (law of total
    probability).

    >>> cond, pmf = contract_given_wilds_exact(1), wild_count_pmf(1)
    >>> sum(pmf[w] * cond[w] for w in cond) == contract_prob_exact(1)
    True
    >>> [round(float(cond[w]), 4) for w in range(4)]
    [0.0001, 0.0017, 0.0219, 0.1821]
    """
    n = HAND_SIZES[_check_deal(deal)]
    counts = _counts_by_wilds(deal)
    return {w: Fraction(counts.get(w, 0), comb(WILDS, w) * comb(len(DECK) - WILDS, n - w))
            for w in _wild_range(deal)}


_NATURALS = _NAT_INDEX[_NAT_INDEX >= 0]


def contract_given_wilds_mc(deal: int, wilds=range(5), n: int = 2000, seed=None) -> dict:
    """Monte Carlo P(the dealt hand meets the contract | it holds w wilds), per w in ``wilds``.

    For each w, ``n`` hands of w wilds plus n - w cards dealt from the 96 naturals,
    checked by the meld finder's contract deficit; one Generator for all w, so a seed
    fixes every estimate. Returns {w: :class:`Estimate`}.

    >>> est = contract_given_wilds_mc(1, wilds=[3], n=1000, seed=1)[3]
    >>> est.agrees(contract_given_wilds_exact(1)[3])
    True
    """
    _check_deal(deal)
    ws = [_check_wilds(deal, w) for w in ([wilds] if isinstance(wilds, (int, np.integer)) else wilds)]
    n = _count("n", n, 2)
    rng = make_rng(seed)
    size = HAND_SIZES[deal]
    out = {}
    for w in ws:
        keys = rng.random((n, len(_NATURALS)))
        nat = _NATURALS[np.argsort(keys, axis=1)[:, :size - w]]
        hands = np.concatenate([nat, np.full((n, w), -1)], axis=1)
        out[w] = _estimate(_hits(hands, deal))
    return out


def contract_given_wilds(deal: int, wilds=range(5), *, exact: bool | None = None,
                         n: int = 2000, seed=None) -> dict:
    """P(the dealt hand meets the contract | w wilds) per w in ``wilds``: exact or simulated.

    Exact (:class:`~fractions.Fraction` values, :func:`contract_given_wilds_exact`) for
    the deals in :data:`EXACT_DEALS` unless ``exact=False``; otherwise Monte Carlo
    (:class:`Estimate` values with standard errors, :func:`contract_given_wilds_mc`,
    ``n`` hands per w).

    >>> contract_given_wilds(1, [0, 2])[2] == contract_given_wilds_exact(1)[2]
    True
    >>> isinstance(contract_given_wilds(1, [2], exact=False, n=100, seed=0)[2], Estimate)
    True
    """
    _check_deal(deal)
    if exact is None:
        exact = deal in EXACT_DEALS
    if not exact:
        return contract_given_wilds_mc(deal, wilds, n=n, seed=seed)
    ws = [_check_wilds(deal, w) for w in ([wilds] if isinstance(wilds, (int, np.integer)) else wilds)]
    table = contract_given_wilds_exact(deal)
    return {w: table[w] for w in ws}


# ---------------------------------------------------------------- with the game engine and bots

def _bots(bot, n=4):
    """Four bots from one bot, a factory, or a sequence of four."""
    if bot is None:
        bot = HeuristicBot
    if isinstance(bot, (list, tuple)):
        if len(bot) != 4:
            raise SetupError(f"give one bot or four, got {len(bot)}")
        return [b() if isinstance(b, type) else b for b in bot]
    return [bot() if isinstance(bot, type) else bot for _ in range(n)]


def contract_within(deal: int, turns: int = 10, n: int = 200, seed=None, bot=None):
    """Monte Carlo P(the first player meets the contract within t of their own turns), t=1..turns.

    All four seats play ``bot`` (default :class:`~pushlab.rummy.bots.HeuristicBot`).
    A deal that ends before the player has met the contract counts as "not met".
    Returns (probabilities, standard errors) as arrays of length ``turns``.

    >>> p, se = contract_within(1, turns=3, n=20, seed=0)
    >>> p.shape, bool(np.all(np.diff(p) >= 0))
    ((3,), True)
    """
    _check_deal(deal)
    turns = _count("turns", turns, 1)
    n = _count("n", n, 2)
    rng = make_rng(seed)
    met_at = np.full(n, np.inf)
    for i in range(n):
        bots = _bots(bot)
        g = Game.new(seed=int(rng.integers(2**63)), deals=(deal,))
        first = g.current_player
        own = 0
        while not g.is_over and own <= turns:
            p = g.current_player
            if p == first and g.phase == "draw":
                own += 1
            g = g.apply(bots[p].choose(g, rng))
            if g.is_over:
                if g.results[-1].went_out == first and own <= turns:
                    met_at[i] = own
                break
            if g.met[first] and np.isinf(met_at[i]):
                met_at[i] = own
                break
    hits = met_at[:, None] <= np.arange(1, turns + 1)[None, :]
    p = hits.mean(0)
    se = hits.std(0, ddof=1) / sqrt(n)
    return p, se


def penalty_when_out(deal: int, n: int = 200, seed=None, bot=None):
    """Monte Carlo penalty of the partnership left holding cards when the other side goes out.

    Plays ``n`` deals with ``bot`` in every seat (default heuristic). Returns
    (array of penalties, one per deal where somebody went out; Estimate of the mean).

    >>> pens, est = penalty_when_out(1, n=10, seed=2)
    >>> bool(np.all(pens >= 0)), est.n == len(pens)
    (True, True)
    """
    _check_deal(deal)
    n = _count("n", n, 2)
    rng = make_rng(seed)
    out = []
    for _ in range(n):
        bots = _bots(bot)
        g = Game.new(seed=int(rng.integers(2**63)), deals=(deal,))
        while not g.is_over:
            g = g.apply(bots[g.current_player].choose(g, rng))
        r = g.results[-1]
        if r.went_out is not None:
            out.append(r.scores[1 - r.went_out % 2])
    pens = np.array(out, dtype=float)
    return pens, (_estimate(pens) if len(pens) > 1 else Estimate(float("nan"), float("inf"), len(pens)))


# ---------------------------------------------------------------- a card in the stock

def card_in_stock(card, *, hand=(), seen=(), stock_size: int, other_cards: int,
                  copies: int | None = None) -> Fraction:
    """Exact P(at least one copy of ``card`` is in the stock), from one player's knowledge.

    Model: the player sees their own ``hand`` and the cards in ``seen`` (melds on the
    table, the discard pile, and any card known to sit in another hand). Every copy of
    ``card`` not seen is equally likely to be in any of the unseen places: the
    ``stock_size`` stock cards and the ``other_cards`` cards of the other three hands.
    The number of copies in the stock is then hypergeometric.

    >>> card_in_stock("7H", hand="7H", stock_size=60, other_cards=20)   # one copy unseen
    Fraction(3, 4)
    >>> card_in_stock("JK", stock_size=2, other_cards=2)      # 4 jokers unseen, 4 places
    Fraction(1, 1)
    """
    card = Card.parse(card)
    stock_size = _count("stock_size", stock_size)
    other_cards = _count("other_cards", other_cards)
    if copies is None:
        copies = 4 if card.is_joker else 2
    visible = Counter(parse_cards(hand)) + Counter(parse_cards(seen))
    unseen = copies - visible[card]
    if unseen < 0:
        raise SetupError(f"{visible[card]} copies of {card} are visible, but the deck has {copies}")
    places = stock_size + other_cards
    if unseen > places:
        raise SetupError(f"{unseen} unseen copies of {card} cannot fit in {places} unseen places")
    if unseen == 0 or stock_size == 0:
        return Fraction(0)
    return 1 - hypergeom_pmf(0, unseen, places, stock_size)


def card_in_stock_for(game, player: int, card) -> Fraction:
    """:func:`card_in_stock` from what ``player`` sees in ``game`` (own hand, table, discards).

    >>> from pushlab.rummy.game import Game
    >>> g = Game.new(seed=3, deals=(1,))
    >>> 0 <= card_in_stock_for(g, 0, "JK") <= 1
    True
    """
    hand = game.hand(player)
    seen = [c for m in game.table for c in m.cards] + list(game.discard_pile)
    others = sum(len(game.hand(p)) for p in range(4) if p != player)
    return card_in_stock(card, hand=hand, seen=seen, stock_size=game.stock_size,
                         other_cards=others)


# ---------------------------------------------------------------- the next stock card

_WILD = Card.parse("JK")


def _deficit_or_inf(hand, deal) -> float:
    """The finder's contract deficit of ``hand``, infinite when no number of wilds would do."""
    d = contract_deficit(tuple(hand), deal)
    return float("inf") if d is None else d


def helpful_naturals(hand, deal: int) -> tuple:
    """The distinct natural cards that would lower ``hand``'s contract deficit (deck order).

    >>> [str(c) for c in helpful_naturals("5H 5S 9C 9D 3C KH", 1)]
    ['9S', '9H', '5D', '5C']
    """
    _check_deal(deal)
    hand = tuple(parse_cards(hand))
    now = _deficit_or_inf(hand, deal)
    out = [c for c in dict.fromkeys(DECK) if c.is_natural and _deficit_or_inf(hand + (c,), deal) < now]
    return tuple(out)


def next_card_helps(game, player: int) -> Fraction:
    """Exact P(the next stock card lowers ``player``'s contract deficit), from what they see.

    Same model as :func:`card_in_stock`: every card the player cannot see (not in their
    hand, on the table or in the discard pile) is equally likely to be in any unseen
    place, so the next stock card is each unseen card with equal chance. The card helps
    if it is one of :func:`helpful_naturals` or a wild that lowers the deficit.

    >>> from pushlab.rummy.game import Game
    >>> g = Game.new(seed=33, dealer=3, deals=(1,))
    >>> next_card_helps(g, 0)      # 8 unseen copies of 4 naturals, 12 wilds, 101 unseen cards
    Fraction(20, 101)
    """
    if game.met[player]:
        raise SetupError(f"player {player} has met the contract: no card brings it closer")
    deal = game.deal_number
    hand = tuple(game.hand(player))
    seen = Counter(hand) + Counter(c for m in game.table for c in m.cards) + Counter(game.discard_pile)
    unseen = game.stock_size + sum(n for p, n in enumerate(game.hand_sizes) if p != player)
    if unseen == 0:
        raise SetupError("no card is unseen: there is no next stock card to ask about")
    copies = sum(2 - seen[c] for c in helpful_naturals(hand, deal))
    if _deficit_or_inf(hand + (_WILD,), deal) < _deficit_or_inf(hand, deal):
        copies += WILDS - sum(n for c, n in seen.items() if c.is_wild)
    return Fraction(copies, unseen)


# ---------------------------------------------------------------- the contract within the first draws

def _set_profile(naturals: int, suits: int, sets: int) -> tuple:
    """Most naturals of one rank usable in 0..``sets`` sets of three (-1: impossible).

    A rank held as ``naturals`` cards in ``suits`` different suits gives at most
    min(3, suits) naturals to one set (a set's naturals have different suits) and at most
    min(naturals, j * min(3, suits)) to j sets, each set needing one natural at least.
    """
    per = min(3, suits)
    return tuple(0 if j == 0 else (min(naturals, j * per) if naturals >= j else -1) for j in range(sets + 1))


@lru_cache(maxsize=None)
def _sets_within_counts(sets: int, cards: int) -> int:
    """Number of ``cards``-card hands of the 108 that hold ``sets`` sets of three (disjoint)."""
    pats = []
    for d in range(5):                       # suits held twice
        for e in range(5 - d):               # suits held once
            n = 2 * d + e
            pats.append((n, _set_profile(n, d + e, sets), comb(4, d) * comb(4 - d, e) * 2 ** e))
    # state: (naturals so far, best naturals usable in j = 1..sets sets over the ranks so far)
    dp = Counter({(0, (0,) + (-1,) * sets): 1})
    for _ in range(NATURAL_RANKS):
        nxt = Counter()
        for (nat, best), ways in dp.items():
            for n, prof, w in pats:
                if nat + n > cards:
                    continue
                new = tuple(max([best[j]] + [best[j - i] + prof[i] for i in range(1, j + 1)
                                             if best[j - i] >= 0 and prof[i] >= 0]) for j in range(sets + 1))
                nxt[(nat + n, new)] += ways * w
        dp = nxt
    total = 0
    for (nat, best), ways in dp.items():
        wilds = cards - nat
        if 0 <= wilds <= WILDS and best[sets] >= 0 and best[sets] + wilds >= 3 * sets:
            total += ways * comb(WILDS, wilds)
    return total


def contract_in_cards_exact(deal: int, cards: int) -> Fraction:
    """Exact P(``cards`` cards dealt from the 108 hold the contract of set deal 1 or 4).

    The cards are a random part of the deck, as a dealt hand plus the stock cards drawn
    after it are (the cards other players hold are just as random). "Hold the contract":
    the sets can be made from some of the cards (the rest are spare). A sum over the 12
    natural ranks of how many naturals each could give to j sets, then over the wilds.
    At the hand size it is :func:`contract_prob_exact`.

    >>> contract_in_cards_exact(1, 6) == contract_prob_exact(1)
    True
    >>> round(float(contract_in_cards_exact(1, 12)), 4)
    0.4549
    """
    _check_deal(deal)
    if deal not in (1, 4):
        raise SetupError(f"the exact chance within draws is computed for the set deals 1 and 4, not {deal}")
    cards = _count("cards", cards)
    if not HAND_SIZES[deal] <= cards <= len(DECK):
        raise SetupError(f"a deal-{deal} hand and its draws hold {HAND_SIZES[deal]} to {len(DECK)} cards, not {cards}")
    return Fraction(_sets_within_counts(len(CONTRACTS[deal]), cards), comb(len(DECK), cards))


def contract_draw_distribution(deal: int, draws: int) -> dict:
    """Exact distribution of the draw that first completes the contract (set deals 1 and 4).

    A hand of the deal's size is dealt, then ``draws`` stock cards are drawn and kept.
    Key 0: the dealt hand holds it; key k: the k-th draw completes it; key ``draws + 1``:
    not within ``draws`` draws. From :func:`contract_in_cards_exact`.

    >>> d = contract_draw_distribution(1, 3)
    >>> sorted(d), sum(d.values())
    ([0, 1, 2, 3, 4], Fraction(1, 1))
    """
    draws = _count("draws", draws)
    size = HAND_SIZES[_check_deal(deal)]
    held = [contract_in_cards_exact(deal, size + k) for k in range(draws + 1)]
    out = {0: held[0]}
    out.update({k: held[k] - held[k - 1] for k in range(1, draws + 1)})
    out[draws + 1] = 1 - held[-1]
    return out
