"""Further melds and lay-offs after the contract (rule 13): :func:`best_extra_melds` (an
:class:`ExtraSearch`), and the quick test :func:`might_place`.

>>> best_extra_melds("8H 9H 4S 4D 4C KD", [("run", "5H 6H 7H")])
Extra(melds=[('set', '4S 4D 4C')], layoffs=[Layoff(0, low='', high='8H 9H')], rest='KD', penalty=10)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import NamedTuple

from pushlab.rummy.cards import SUITS, Card, cards_str, parse_cards
from pushlab.rummy.encoding import (INDEX as _INDEX, NATURALS as _CARDS, RANK_PENALTY as _PEN, TWOS as _TWOS,
                                    WILD_PENALTY, as_cards, hand_key, sort_fast,
                                    value_index as _idx)
from pushlab.rummy.finder.skeletons import (_IDXS, _NO_WILDS, _SET_RANKS, _Wilds,
                                            _default_window, _fmt, _layout, _made,
                                            _rank_set_skels, _run_skels, _set_skels,
                                            _slice_run_skels)
from pushlab.rummy.melds import MAX_RUN, MAX_SET, Meld, run_values

__all__ = ["Layoff", "Extra", "SetInfo", "RunInfo", "ExtraSearch", "best_extra_melds",
           "might_place", "table_infos", "layoff_targets", "new_meld_possible"]

MAX_NODES = 20000           # safety cap of the extra-meld search (nodes)


@dataclass(frozen=True)
class Layoff:
    """Cards laid off onto table meld ``index``: ``low`` before it, ``high`` after it (sets: high)."""

    index: int
    low: tuple = ()
    high: tuple = ()

    @property
    def cards(self) -> tuple:
        """All cards laid off, low end first."""
        return self.low + self.high

    def __repr__(self):
        """Compact notation."""
        return f"Layoff({self.index}, low='{cards_str(self.low)}', high='{cards_str(self.high)}')"


@dataclass(frozen=True)
class Extra:
    """Further ``melds`` [Meld] and ``layoffs`` [Layoff], cards ``rest`` left, ``penalty``."""

    melds: list
    layoffs: list
    rest: tuple
    penalty: int = field(default=0)

    def __repr__(self):
        """Compact notation."""
        return (f"Extra(melds={_fmt(self.melds)}, layoffs={self.layoffs}, "
                f"rest='{cards_str(self.rest)}', penalty={self.penalty})")


class SetInfo(NamedTuple):
    """What the search needs of a set on the table: its ``rank``, the ``suits`` of its naturals
    (suit numbers, sorted) and its ``size``. The shape of :func:`table_infos`' set entries,
    which are plain tuples in this order (read by position)."""

    kind: str
    rank: int
    suits: tuple
    size: int


class RunInfo(NamedTuple):
    """What the search needs of a run on the table: its ``suit`` number and the values
    ``lo``..``hi`` (1..14) it covers. The shape of :func:`table_infos`' run entries, which are
    plain tuples in this order (read by position)."""

    kind: str
    suit: int
    lo: int
    hi: int


def _table_info(meld):
    """The info of a table meld (a Meld or a (kind, cards) pair): a plain tuple shaped as
    :class:`SetInfo` or :class:`RunInfo`.

    Plain, not the named tuples: the searches index infos, and a compiled index of a tuple
    subclass goes through the type's generic ``__getitem__`` slot (a Python-level call; a
    plain tuple's is an array read), and the garbage collector can untrack a plain tuple of
    ints and strings, never a named tuple.

    A Meld keeps its info once read (a value derived from the immutable meld, stored like
    :func:`functools.cached_property` does; not a field, so ``==``, hash and repr ignore it).
    """
    if isinstance(meld, Meld):
        d = meld.__dict__
        info = d.get("_info")
        if info is None:
            cards = d["cards"]
            if d["kind"] == "run":              # its place is known: no need to analyse the cards
                start, suit = meld._place
                info = ("run", _SUIT_NUM[suit], start, start + len(cards) - 1)
            else:
                info = _table_info_cached("set", cards)
            d["_info"] = info
        return info
    return _table_info_cached(meld[0], parse_cards(meld[1]))


_INFOS_BY_ID: dict = {}
_SUIT_NUM = {suit: i for i, suit in enumerate(SUITS)}


def table_infos(table_melds) -> list:
    """The info of every table meld (remembered for the last tables seen): plain tuples shaped
    as :class:`RunInfo` (kind, suit, lo, hi) and :class:`SetInfo` (kind, rank, suits, size).

    >>> table_infos([("run", "JK 3C 4C"), ("set", "9S 9D JK")])
    [('run', 3, 2, 4), ('set', 9, (0, 2), 3)]
    >>> RunInfo(*table_infos([("run", "JK 3C 4C")])[0])      # the same, by name
    RunInfo(kind='run', suit=3, lo=2, hi=4)
    """
    if isinstance(table_melds, tuple):
        by_id = _INFOS_BY_ID
        key = id(table_melds)
        hit = by_id.get(key)
        if hit is not None and hit[0] is table_melds:
            return hit[1]
        infos = []
        for m in table_melds:                # inline hits of _table_info (a table of ~10 melds)
            d = getattr(m, "__dict__", None)
            info = None if d is None else d.get("_info")
            infos.append(_table_info(m) if info is None else info)
        if len(by_id) > 16:                  # the tables of the last few turns: more would
            #                                  keep old tables alive for the garbage collector
            by_id.clear()
        by_id[key] = (table_melds, infos)
        return infos
    return [_table_info(m) for m in table_melds]


@lru_cache(maxsize=4096)
def _table_info_cached(kind, cards):
    """Cached body of :func:`_table_info`."""
    if kind == "set":
        nats = [c for c in cards if c.is_natural]
        suits = tuple(sorted({_SUIT_NUM[c.suit] for c in nats}))     # a tuple: no GC tracking
        return ("set", nats[0].rank, suits, len(cards))
    vals = run_values(cards)
    suit = next(c.suit for c in cards if c.is_natural)
    return ("run", _SUIT_NUM[suit], vals[0], vals[-1])


def layoff_targets(info, counts, wilds):
    """Natural lay-offs onto one table meld needing at most ``wilds`` wilds:
    [(natural indices, wilds needed, low vals, high vals)]; a quick reach test first, then
    :func:`layoff_options` (the enumeration; the same answer, see ``reference``)."""
    if info[0] == "set":
        _, r, suits, size = info
        key = (counts[r - 1], counts[12 + r], counts[25 + r], counts[38 + r])
        if size >= MAX_SET or not any(key[t] for t in range(4) if t not in suits):
            return ()                           # no natural of a suit the set lacks, or full
        return layoff_options(info, key, wilds)
    # a run: some natural must be within reach of an end (nearest held value, gaps <= wilds)
    _, s, lo, hi = info
    idx = _IDXS[s]
    for v in range(hi + 1, min(14, lo + MAX_RUN - 1, hi + 1 + wilds) + 1):
        if counts[idx[v]]:
            break
    else:
        for v in range(lo - 1, max(1, hi - MAX_RUN + 1, lo - 1 - wilds) - 1, -1):
            if counts[idx[v]]:
                break
        else:
            return ()
    return layoff_options(info, counts[13 * s:13 * s + 13], wilds)


@lru_cache(maxsize=1 << 14)
def layoff_options(info, part, wilds):
    """Every natural lay-off onto a table meld from the relevant part of the counts (memoized): a set's
    counts of its rank by suit, a run's counts of its suit by rank.

    Run options come low end major, high end minor, each end extended to a held natural;
    an end stops as soon as the gaps it opens need more wilds than are held.
    """
    if info[0] == "set":
        _, rank, suits, size = info
        held = [s for s in range(4) if s not in suits and part[s]]
        return tuple((tuple(13 * s + rank - 1 for s in sub), 0, (), sub)
                     for k in range(1, min(len(held), MAX_SET - size) + 1)
                     for sub in combinations(held, k))
    if not any(part):
        return ()
    _, s, lo, hi = info
    held = (False,) + tuple(part[(v - 1) % 13] > 0 for v in range(1, 15))     # by value 1..14
    return _run_enumeration(s, lo, hi, held, wilds)


def _run_enumeration(s, lo, hi, held, wilds):
    """:func:`layoff_options` of a run of suit s covering lo..hi, from whether each value 0..14
    is held (``held``, value 0 never)."""
    idx = _IDXS[s]
    lows = [lo] + [v for v in range(lo - 1, max(0, hi - MAX_RUN), -1) if held[v]]
    highs = [hi] + [v for v in range(hi + 1, min(15, lo + MAX_RUN)) if held[v]]
    ups = []                                    # (new high end, naturals above, gaps above)
    for nhi in highs:
        up = range(hi + 1, nhi + 1)
        nat = tuple([idx[v] for v in up if held[v]])
        ups.append((nhi, nat, len(up) - len(nat)))
    out = []
    for nlo in lows:
        down = range(nlo, lo)
        low_nat = tuple([idx[v] for v in down if held[v]])
        low_gaps = len(down) - len(low_nat)
        if low_gaps > wilds:
            break                               # lower starts open even more gaps
        for nhi, nat, gaps in ups:
            if nhi - nlo + 1 > MAX_RUN:
                break
            if low_gaps + gaps > wilds:
                break                           # higher ends open even more gaps
            if (nlo, nhi) != (lo, hi):
                out.append((low_nat + nat, low_gaps + gaps, (nlo, lo), (hi, nhi)))
    return tuple(out)


@lru_cache(maxsize=4096)
def set_options(rank, free, room):
    """:func:`layoff_options` of a set of ``rank`` with ``room`` places left, from the bits of the
    suits held that it lacks (``free``): a key that repeats far more often than the counts
    and wilds do (a set's natural lay-offs need no wild)."""
    held = [t for t in range(4) if free >> t & 1]
    return tuple([(tuple([13 * t + rank - 1 for t in sub]), 0, (), sub)
                  for k in range(1, min(len(held), room) + 1)
                  for sub in combinations(held, k)])


def run_options(s, lo, hi, near, wilds):
    """:func:`layoff_options` of a run of suit s covering lo..hi from :func:`near_values`' bits
    ``near`` (only the held values a lay-off with ``wilds`` wilds could reach: the key
    repeats far more often than the suit's counts do; :func:`_targets` keeps the answers in
    a dict by that key, so no cache here)."""
    if not near:
        return ()
    return _run_enumeration(s, lo, hi, tuple([bool(near >> v & 1) for v in range(15)]), wilds)


def near_values(held, lo, hi, wilds) -> int:
    """The bits of ``held`` (run values 1..14, as :func:`hand_masks`) that a lay-off onto a run
    lo..hi with at most ``wilds`` wilds could use: on each side, the values before the
    (wilds + 1)-th missing one, within a run of :data:`MAX_RUN` cards through lo..hi.

    >>> bin(near_values(1 << 8 | 1 << 10 | 1 << 12, 5, 7, 1))    # 8, 10: yes; 9, 11 missing
    '0b10100000000'
    """
    x = held & _OUTSIDE[lo][hi]
    keep = 0
    gaps = ~x & ((1 << lo) - 2)                 # missing values 1..lo-1, the nearest highest
    for _ in range(wilds + 1):
        if not gaps:
            keep |= (1 << lo) - 1
            break
        top = 1 << (gaps.bit_length() - 1)
        gaps ^= top
    else:
        keep |= (1 << lo) - (top << 1)          # the values above the last gap counted
    gaps = ~x & (0x7FFF ^ ((2 << hi) - 1))      # missing values hi+1..14, the nearest lowest
    for _ in range(wilds + 1):
        if not gaps:
            keep |= 0x7FFF ^ ((2 << hi) - 1)
            break
        bottom = gaps & -gaps
        gaps ^= bottom
    else:
        keep |= bottom - (2 << hi)              # the values below the last gap counted
    return x & keep


def _outside(lo, hi):
    """Bits of the run values (1..14) a lay-off onto a run lo..hi could reach: below and above
    it, no further than a run of :data:`MAX_RUN` cards through it (read from :data:`_OUTSIDE`)."""
    mask = 0
    for v in range(max(1, hi - MAX_RUN + 1), min(14, lo + MAX_RUN - 1) + 1):
        if not lo <= v <= hi:
            mask |= 1 << v
    return mask


_OUTSIDE = tuple(tuple(_outside(lo, hi) for hi in range(15)) for lo in range(15))   # [lo][hi]


def _extra_cands(counts, wilds, cards, sets_ok=None, runs_ok=None):
    """Skeletons of possible new melds (3+ cards) from a hand: sets, then runs.

    A quick check first (:func:`new_meld_possible`, or ``sets_ok``/``runs_ok`` if the caller
    made it): most hands late in a deal can form no new meld at all.
    """
    if sets_ok is None:
        if wilds >= 2:
            sets_ok = runs_ok = any(counts)
        else:
            sets_ok, runs_ok = new_meld_possible(cards, wilds)
    out = []
    if sets_ok:
        out += [sk for sk in _set_skels(counts, 3) if sk[2] <= wilds]
    if runs_ok:
        out += [sk for sk in _run_skels(counts, 3, False) if sk[2] <= wilds]
    return out


def hand_masks(cards):
    """(suit bits held per rank 0..13, run-value bits (1..14; an ace sets 1 and 14) held per
    suit number) of a hand's naturals.

    >>> by_rank, by_suit = hand_masks(parse_cards("AS 4S 4D JK"))
    >>> bin(by_rank[4]), bin(by_suit[0])
    ('0b101', '0b100000000010010')
    """
    by_rank = [0] * 14
    by_suit = [0, 0, 0, 0]
    idx = _INDEX
    for c in cards:
        i = idx[c]
        if i >= 0:
            s = i // 13
            r = i - 13 * s
            by_rank[r + 1] |= 1 << s
            by_suit[s] |= 16386 if r == 0 else 2 << r
    return by_rank, by_suit


def hand_data(cards):
    """(counts of the 52 naturals, wilds, :func:`hand_masks`' suit bits per rank and run-value bits
    per suit) of a tuple of cards, in one pass: :func:`~pushlab.rummy.encoding.hand_key` and
    :func:`hand_masks` together.

    >>> counts, wilds, by_rank, by_suit = hand_data(parse_cards("AS 4S 4D JK"))
    >>> (counts, wilds) == hand_key("AS 4S 4D JK"), (by_rank, by_suit) == hand_masks(parse_cards("AS 4S 4D JK"))
    (True, True)
    """
    counts = [0] * 52
    by_rank = [0] * 14
    by_suit = [0, 0, 0, 0]
    wilds = 0
    idx = _INDEX
    for c in cards:
        i = idx[c]
        if i < 0:
            wilds += 1
        else:
            counts[i] += 1
            s = i // 13
            r = i - 13 * s
            by_rank[r + 1] |= 1 << s
            by_suit[s] |= 16386 if r == 0 else 2 << r
    return tuple(counts), wilds, by_rank, by_suit


def _rank_cands(rank, mask, wilds):
    """New-set skeletons of one rank from the suits held (bits of ``mask``) needing at most
    ``wilds`` wilds, in :func:`~pushlab.rummy.finder.skeletons._set_skels`' order."""
    held = tuple([s for s in range(4) if mask >> s & 1])
    return tuple([sk for sk in _rank_set_skels(rank, held, 3) if sk[2] <= wilds])


def _suit_cands(s, mask, wilds):
    """New-run skeletons of suit s from the run values held (bits 1..14 of ``mask``) needing at
    most ``wilds`` wilds, in :func:`~pushlab.rummy.finder.skeletons._run_skels`' order."""
    return _slice_run_skels(s, tuple([v for v in range(1, 15) if mask >> v & 1]), 3, wilds)


def _possible(by_rank, by_suit, size, wilds):
    """:func:`new_meld_possible` from :func:`hand_masks` (``size`` cards in hand, ``wilds`` < 2)."""
    if size < 3:
        return False, False
    sets_ok = not _MASKS_OF[3 - wilds].isdisjoint(by_rank)     # a rank held in 3 - wilds suits
    a, b, c, d = by_suit
    if wilds:                                   # two values within a span of 3
        runs_ok = bool(a & (a >> 1 | a >> 2) or b & (b >> 1 | b >> 2) or c & (c >> 1 | c >> 2)
                       or d & (d >> 1 | d >> 2))
    else:                                       # three values in a row
        runs_ok = bool(a & a >> 1 & a >> 2 or b & b >> 1 & b >> 2 or c & c >> 1 & c >> 2
                       or d & d >> 1 & d >> 2)
    return sets_ok, runs_ok


_bit_count = int.bit_count
_MASKS_OF = tuple(frozenset([m for m in range(16) if _bit_count(m) >= n]) for n in range(4))
#            ^ n -> the masks of 4 suit bits with at least n bits set (a C loop of lookups, both
#              pure and compiled, where max(map(_bit_count, ...)) calls a method per rank)


@lru_cache(maxsize=None)
def _reach(lo, hi, wilds):
    """Bits of the run values (1..14) a natural must hold for a run lo..hi to be extended with
    at most ``wilds`` wilds: :func:`layoff_targets`' reach test as a mask."""
    a, b = hi + 1, min(14, lo + MAX_RUN - 1, hi + 1 + wilds)
    mask = (1 << (b + 1)) - (1 << a) if b >= a else 0
    a, b = max(1, hi - MAX_RUN + 1, lo - 1 - wilds), lo - 1
    if b >= a:
        mask |= (1 << (b + 1)) - (1 << a)
    return mask


def new_meld_possible(cards, wilds):
    """(a new set might be formed, a new run might be formed) from a hand with fewer than 2
    wilds: bitmasks of the suits held per rank and of the run values (1..14) held per suit.

    >>> new_meld_possible(parse_cards("4S 4D KH JK"), 1), new_meld_possible(parse_cards("4S 6S JK"), 1)
    ((True, False), (False, True))
    """
    if len(cards) < 3:
        return False, False
    by_rank, by_suit = {}, {}
    for c in cards:
        if c.is_natural:
            r, s = c.rank, c.suit
            by_rank[r] = by_rank.get(r, 0) | _SUIT_BIT[s]
            by_suit[s] = by_suit.get(s, 0) | (16386 if r == 1 else 1 << r)     # an ace: 1 and 14
    need = 3 - wilds
    sets_ok = any(m.bit_count() >= need for m in by_rank.values())
    if need >= 3:                               # three values in a row
        runs_ok = any(m & m >> 1 & m >> 2 for m in by_suit.values())
    else:                                       # two values within a span of 3
        runs_ok = any(m & (m >> 1 | m >> 2) for m in by_suit.values())
    return sets_ok, runs_ok


_SUIT_BIT = {s: 1 << i for i, s in enumerate(SUITS)}


def might_place(card, hand, table_melds=()) -> bool:
    """A quick necessary test: False means no further meld or lay-off can use ``card``
    together with ``hand`` (so :func:`best_extra_melds` need not be asked); True means maybe.

    >>> might_place("8H", "KD", [("run", "5H 6H 7H")]), might_place("9H", "KD", [("run", "5H 6H 7H")])
    (True, False)
    >>> might_place("9H", "8H KD", [("run", "5H 6H 7H")]), might_place("4C", "4S JK", [])
    (True, True)
    """
    card = Card.parse(card)
    if card.is_wild:
        return True
    _, wilds, by_rank, by_suit = hand_data(as_cards(hand))
    return might_place_data(card, wilds, by_rank, by_suit, table_infos(table_melds))


def might_place_data(card, wilds, by_rank, by_suit, infos) -> bool:
    """:func:`might_place` of a natural ``card`` from a hand's :func:`hand_data` (its wilds and
    bitmasks) and the table's :func:`table_infos`."""
    i = _INDEX[card]
    s = i // 13
    r = i - 13 * s + 1
    if _bit_count(by_rank[r] & ~(1 << s)) + 1 + wilds >= 3:
        return True                                          # a new set
    held = by_suit[s]
    mine = 16386 if r == 1 else 1 << r
    with_card = held | mine
    for v in _RUN_VALUES[r]:                                  # a new run of 3 through it
        for lo in range(max(1, v - 2), min(v, 12) + 1):
            if _bit_count((7 << lo) & ~with_card) <= wilds:
                return True
    for info in infos:
        if info[0] == "set":
            if info[1] == r and s not in info[2] and info[3] < MAX_SET:
                return True
            continue
        if info[1] != s:
            continue
        _, _, lo, hi = info
        for v in _RUN_VALUES[r]:
            if v > hi and v - lo + 1 <= MAX_RUN:
                gaps = (1 << v) - (2 << hi)                  # values hi+1 .. v-1
            elif v < lo and hi - v + 1 <= MAX_RUN:
                gaps = (1 << lo) - (2 << v)                  # values v+1 .. lo-1
            else:
                continue
            if _bit_count(gaps & ~held) <= wilds:
                return True
    return False


_RUN_VALUES = ((), (1, 14)) + tuple((r,) for r in range(2, 14))   # run values of rank r


def best_extra_melds(hand, table_melds=(), max_nodes: int = MAX_NODES) -> Extra:
    """The further melds and lay-offs (rule 13) that leave the least penalty in hand.

    ``table_melds``: Meld values or (kind, cards) pairs on the table (a run low to high).
    Naturals are placed by exhaustive search (new melds use every natural between their
    ends); the wilds left over are then laid off wherever there is room. Wild replacement
    (rule 14) is not considered. The search stops after ``max_nodes`` nodes (never reached
    by hands of normal size) and returns the best found. See :class:`ExtraSearch`.

    >>> best_extra_melds("8H 9H 4S 4D 4C KD", [("run", "5H 6H 7H")])
    Extra(melds=[('set', '4S 4D 4C')], layoffs=[Layoff(0, low='', high='8H 9H')], rest='KD', penalty=10)
    >>> best_extra_melds("JK QS", [("set", "QH QD QC")]).layoffs   # one place: the wild is worth more
    [Layoff(0, low='', high='JK')]
    """
    return ExtraSearch(hand, table_melds, max_nodes).result()


def _plain_infos(infos):
    """``infos`` as :func:`table_infos` gives them, plain tuples: unchanged when they are (the
    bots' case), else copied, so that named :class:`SetInfo`/:class:`RunInfo` values work the
    same compiled (where the searches read infos as exact tuples) and pure.

    >>> _plain_infos([SetInfo("set", 9, (0, 2), 3)])
    [('set', 9, (0, 2), 3)]
    """
    for info in infos:
        if type(info) is not tuple:
            return [tuple(i) for i in infos]
    return infos


class ExtraSearch:
    """One search for the best further melds and lay-offs of a hand onto a table.

    Quick answers first (nothing to place; lay-offs only, on targets that share no natural);
    else a depth-first search: new melds (:meth:`pick`), then lay-offs onto each target
    (:meth:`lay`), each full choice scored by :meth:`finish`. When the table has room for
    every spare wild (``ample``), lay-offs are chosen by a memoized suffix search
    (:meth:`suffix`) instead. ``shortcut=False`` turns that off (the exhaustive search the
    tests compare with, :mod:`pushlab.rummy.finder.reference`).
    """

    def __init__(self, hand, table_melds=(), max_nodes: int = MAX_NODES, shortcut: bool = True,
                 data=None, infos=None):
        """Read the hand and the table; find the lay-off targets and new-meld candidates.

        ``data``: the hand's :func:`hand_data`, ``infos``: the table's :func:`table_infos`, if
        the caller keeps them already (a bot updating them as cards come and go); with
        ``data``, ``hand`` is the tuple of cards it was read from (not notation)."""
        if data is None:
            self.cards = cards = as_cards(hand)
            counts, wilds, by_rank, by_suit = hand_data(cards)
        else:
            self.cards = cards = hand
            counts, wilds, by_rank, by_suit = data
        self.counts, self.wilds = counts, wilds
        self.infos = infos = table_infos(table_melds) if infos is None else _plain_infos(infos)
        self.max_nodes = max_nodes
        self.shortcut = shortcut
        self.targets = _targets(infos, by_rank, by_suit, wilds)
        self.cands = _new_cands(by_rank, by_suit, len(cards), wilds)

    def result(self) -> Extra:
        """The best choice, laid out."""
        cards, infos, targets, cands, wilds = self.cards, self.infos, self.targets, self.cands, self.wilds
        if not targets and not cands:          # only spare wilds to lay off
            if not wilds:
                rest = sort_fast(cards)
                return _made(Extra, {"melds": [], "layoffs": [], "rest": rest,
                                     "penalty": sum([c.penalty for c in rest])})
            return _extra_result(cards, infos, [], [], 0, wilds)
        if not cands and not wilds:
            lays = _independent_layoffs(targets)
            if lays is not None:
                return _extra_result(cards, infos, [], lays, 0, 0)
        self.room0 = sum([MAX_SET - info[3] if info[0] == "set" else MAX_RUN - (info[3] - info[2] + 1)
                          for info in infos])
        self.ample = self.shortcut and self.room0 >= len(cards) + wilds   # every spare wild finds room
        if not cands and self.ample and len(targets) == 1:
            lays = _independent_layoffs(targets)
            return _extra_result(cards, infos, [], lays, lays[0][1][1], wilds)
        self.cnt = list(self.counts)
        self.aug = [_augmented(opts) for _, opts in targets]
        self.best, self.val, self.nodes = None, -1, 0
        later = [sorted({x for _, opts in targets[t:] for o in opts for x in o[0]})
                 for t in range(len(targets) + 1)]
        self.getters = [itemgetter(*xs) if xs else (lambda _: ()) for xs in later]
        self.memo = {}
        self.pick(0, 0, 0, [])
        chosen, lays, need = self.best          # (unpacked: a star call is a Python-level call)
        return _extra_result(cards, infos, chosen, lays, need, wilds)

    def suffix(self, t, need):
        """With ample room: (most natural penalty laid off onto targets t.., wilds, choices)."""
        cnt, targets = self.cnt, self.targets
        key = (t, need, self.getters[t](cnt))
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if t == len(targets):
            best = (0, need, ())
        else:
            best = self.suffix(t + 1, need)
            best_val = best[0]
            i = targets[t][0]
            room = self.wilds - need
            for opt, nat, w, pen, distinct in self.aug[t]:
                if w > room or (_lacks(cnt, nat) if distinct else _short(cnt, nat)):
                    continue
                for x in nat:
                    cnt[x] -= 1
                val, nd, ch = self.suffix(t + 1, need + w)
                for x in nat:
                    cnt[x] += 1
                val += pen
                if val > best_val:
                    best_val = val
                    best = (val, nd, ((i, opt),) + ch)
        self.memo[key] = best
        return best

    def lay(self, t, need, added, value, chosen, lays):
        """Choose a lay-off onto target t (or none), then finish."""
        self.nodes += 1
        if t == len(self.targets):
            self.finish(need, added, value, chosen, lays)
            return
        self.lay(t + 1, need, added, value, chosen, lays)
        cnt = self.cnt
        i = self.targets[t][0]
        room = self.wilds - need
        for opt, nat, w, pen, distinct in self.aug[t]:
            if w > room or (_lacks(cnt, nat) if distinct else _short(cnt, nat)):
                continue
            for x in nat:
                cnt[x] -= 1
            lays.append((i, opt))
            self.lay(t + 1, need + w, added + len(nat) + w, value + pen, chosen, lays)
            lays.pop()
            for x in nat:
                cnt[x] += 1
            if self.nodes > self.max_nodes:
                return

    def finish(self, need, added, value, chosen, lays):
        """Score a full choice: naturals placed, spare wilds laid where there is room."""
        room = self.room0 - added
        for sk in chosen:
            room += sk[4] - sk[3]
        val = value + WILD_PENALTY * (need + min(self.wilds - need, room))
        if val > self.val:
            self.val = val
            self.best = (list(chosen), list(lays), need)

    def pick(self, start, need, value, chosen):
        """Choose further new melds (non-decreasing candidate index), then lay-offs."""
        self.nodes += 1
        if self.ample:
            val, nd, ch = self.suffix(0, need)
            if value + val + WILD_PENALTY * self.wilds > self.val:
                self.val = value + val + WILD_PENALTY * self.wilds
                self.best = (list(chosen), list(ch), nd)
        else:
            self.lay(0, need, 0, value, chosen, [])
        cnt, cands = self.cnt, self.cands
        for j in range(start, len(cands)):
            if self.nodes > self.max_nodes:
                return
            sk = cands[j]
            nat = sk[1]
            if need + sk[2] > self.wilds or _lacks(cnt, nat):
                continue
            for x in nat:
                cnt[x] -= 1
            chosen.append(sk)
            self.pick(j, need + sk[2], value + sk[5], chosen)
            chosen.pop()
            for x in nat:
                cnt[x] += 1


def _targets(infos, by_rank, by_suit, wilds) -> list:
    """The lay-off targets of :class:`ExtraSearch`: [(table meld index, its non-empty natural
    options)], from the hand's :func:`hand_masks` and its wilds.

    :func:`_reach`, :func:`set_options` and :func:`run_options` read through dicts keyed by
    one int made of their arguments (a lookup, not a call; ints the collector never tracks)."""
    targets = []
    reach, sets, runs = _REACH, _SET_OPTS, _RUN_OPTS
    for i in range(len(infos)):
        info = infos[i]
        if info[0] == "set":                   # a natural of a suit the set lacks, room left
            _, r, suits, size = info
            free = by_rank[r]
            for t in suits:                    # (no dict keyed by the suits: hashing a tuple
                free &= ~(1 << t)              # cost more than these few C operations)
            if size >= MAX_SET or not free:
                continue
            k = (r << 4 | free) << 3 | (MAX_SET - size)
            opts = sets.get(k)
            if opts is None:
                opts = sets[k] = set_options(r, free, MAX_SET - size)
        else:                                  # a natural within reach of an end
            _, s, lo, hi = info
            held = by_suit[s]
            k = (lo << 4 | hi) << 5 | wilds
            mask = reach.get(k, -1)
            if mask < 0:
                mask = reach[k] = _reach(lo, hi, wilds)
            if not held & mask:
                continue
            near = near_values(held, lo, hi, wilds)
            k = (((near << 2 | s) << 4 | lo) << 4 | hi) << 5 | wilds
            opts = runs.get(k)
            if opts is None:
                if len(runs) >= 1 << 14:
                    runs.clear()
                opts = runs[k] = run_options(s, lo, hi, near, wilds)
        if opts:
            targets.append((i, opts))
    return targets


_REACH: dict = {}           # (lo, hi, wilds) as one int -> _reach (at most 14 * 14 * 33 keys)
_SET_OPTS: dict = {}        # (rank, free suits, room) as one int -> set_options (at most 13 * 16 * 4)
_RUN_OPTS: dict = {}        # (near values, suit, lo, hi, wilds) as one int -> run_options


def _new_cands(by_rank, by_suit, size, wilds) -> list:
    """The new-meld candidates of :class:`ExtraSearch` (skeletons: sets by rank, then runs by
    suit, as :func:`_extra_cands`) of a hand of ``size`` cards."""
    if wilds >= 2:
        sets_ok = runs_ok = size > wilds
    else:
        sets_ok, runs_ok = _possible(by_rank, by_suit, size, wilds)
    cands = []
    if sets_ok:                                 # (caches keyed by one int: a lookup, no call)
        by = _RANK_CANDS
        for rank in _SET_RANKS:
            m = by_rank[rank]
            if m:
                k = (rank << 4 | m) << 5 | wilds
                found = by.get(k)
                if found is None:
                    found = by[k] = _rank_cands(rank, m, wilds)
                cands += found
    if runs_ok:
        by = _SUIT_CANDS
        for s in range(4):
            m = by_suit[s]
            if m:
                k = (s << 15 | m) << 5 | wilds
                found = by.get(k)
                if found is None:
                    if len(by) >= 1 << 15:
                        by.clear()
                    found = by[k] = _suit_cands(s, m, wilds)
                cands += found
    return cands


_RANK_CANDS: dict = {}      # (rank, suits held, wilds) as one int -> _rank_cands
_SUIT_CANDS: dict = {}      # (suit, run values held, wilds) as one int -> _suit_cands


def _lacks(cnt, nat) -> bool:
    """True if the counts ``cnt`` hold none of some natural of ``nat``: ``0 in map(cnt.__getitem__,
    nat)``, a C loop in the compiled build."""
    for x in nat:
        if not cnt[x]:
            return True
    return False


def _short(cnt, nat) -> bool:
    """True if the counts ``cnt`` hold fewer copies of some natural than ``nat`` uses."""
    for x in nat:
        if cnt[x] < nat.count(x):
            return True
    return False


_AUGMENTED: dict = {}


def _augmented(opts) -> tuple:
    """The lay-off options of a target as the search reads them: (option, naturals, wilds,
    natural penalty, naturals all distinct) each; kept by the identity of ``opts`` (the
    tuples :func:`layoff_options` hands out again and again)."""
    by_id = _AUGMENTED
    key = id(opts)
    hit = by_id.get(key)
    if hit is not None and hit[0] is opts:
        return hit[1]
    aug = tuple([(o, o[0], o[1], sum([_PEN[x % 13] for x in o[0]]), len(set(o[0])) == len(o[0]))
                 for o in opts])
    if len(by_id) > 1 << 15:
        by_id.clear()
    by_id[key] = (opts, aug)                    # opts kept alive: its id stays its own
    return aug


def _independent_layoffs(targets):
    """The search's choice when no two targets share a natural and no new meld is possible
    (and the wilds do not matter: none, or one target with room for every wild): on each
    target its first option of the highest natural penalty. None if targets share one."""
    seen = 0                                    # bits of the naturals used so far
    lays = []
    for i, opts in targets:
        xs = _naturals_of(opts)
        if seen & xs:
            return None
        seen |= xs
        best, best_val = None, 0
        for o, _, _, val, _ in _augmented(opts):       # val: the option's natural penalty
            if val > best_val:
                best, best_val = o, val
        lays.append((i, best))
    return lays


_NATURALS_OF: dict = {}


def _naturals_of(opts) -> int:
    """Bits of the naturals (bit x for index x) any lay-off option of a target uses, kept by the
    identity of ``opts`` (as :func:`_augmented`; an int, which the garbage collector need not
    track, unlike a frozenset)."""
    hit = _NATURALS_OF.get(id(opts))
    if hit is not None and hit[0] is opts:
        return hit[1]
    xs = 0
    for o in opts:
        for x in o[0]:
            xs |= 1 << x
    if len(_NATURALS_OF) > 1 << 15:
        _NATURALS_OF.clear()
    _NATURALS_OF[id(opts)] = (opts, xs)
    return xs


def _extra_result(cards, infos, chosen, lays, need, wilds) -> Extra:
    """Lay out the best choice of further melds and lay-offs (spare wilds: new melds, then table)."""
    spare = wilds - need
    extras = []
    plan = []                                   # (skeleton, window); no zips: C loops compiled
    for sk in chosen:
        take = min(spare, sk[4] - sk[3])
        extras.append(take)
        spare -= take
        plan.append((sk, _default_window(sk, take) if sk[0] == "run" else None))
    pool = _Wilds(cards, plan, wilds) if wilds else _NO_WILDS
    melds = [_layout(plan[k][0], extras[k], plan[k][1], pool) for k in range(len(plan))]
    planned = dict(lays)
    layoffs = []
    for i in range(len(infos)) if spare else sorted(planned):
        info = infos[i]
        nat, _, low, high = planned.get(i, ((), 0, (), ()))
        if info[0] == "set":
            add = [_CARDS[x] for x in nat]
            more = min(spare, MAX_SET - info[3] - len(add))
            add += [pool.take() for _ in range(more)]
            spare -= more
            if add:
                layoffs.append(_made(Layoff, {"index": i, "low": (), "high": tuple(add)}))
            continue
        _, s, lo, hi = info
        nlo = low[0] if low else lo
        nhi = high[1] if high else hi
        more = min(spare, MAX_RUN - (nhi - nlo + 1))
        spare -= more
        up = min(more, 14 - nhi)
        nhi += up
        nlo -= more - up
        lows = tuple([_run_card(s, v, nat, pool) for v in range(nlo, lo)])
        highs = tuple([_run_card(s, v, nat, pool) for v in range(hi + 1, nhi + 1)])
        if lows or highs:
            layoffs.append(_made(Layoff, {"index": i, "low": lows, "high": highs}))
    rest = list(cards)
    for c in [c for m in melds for c in m.cards] + [c for lf in layoffs for c in lf.cards]:
        rest.remove(c)
    rest = sort_fast(rest)
    return _made(Extra, {"melds": melds, "layoffs": layoffs, "rest": rest,
                         "penalty": sum([c.penalty for c in rest])})


def _run_card(s, v, counts_nat, pool):
    """The card placed at run value v of suit s: the natural if chosen, else a wild."""
    i = _idx(s, v)
    if i in counts_nat:
        return _CARDS[i]
    return pool.take(_TWOS[SUITS[s]] if v == 2 else None)
