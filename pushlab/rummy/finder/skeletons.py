"""Meld skeletons and their layout, shared by the contract search and the further-meld search.

A *skeleton* is the natural cards a meld uses (a set: one rank, distinct suits; a run: one
suit, values within a span of 13), with the wilds it needs (gaps of a run, a set or run
shorter than the minimum size) and its capacity (a set holds 4 cards, a run 13). All 2s and
jokers are interchangeable wilds in the search (penalty 20 each, rule 18); when cards are
laid out (:func:`pushlab.rummy.melds.lay_out_run`), a 2 of a run's suit filling that run's
2-place is used there (rule 10 makes it natural), otherwise jokers are used before 2s.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from pushlab.rummy.cards import SUITS, Card
from pushlab.rummy.encoding import NATURALS as _CARDS, ORDER as _ORDER, RANK_PENALTY as _PEN, \
    TWOS as _TWOS, sort_fast, value_index as _idx
from pushlab.rummy.melds import MAX_RUN, MAX_SET, Meld, _known_meld, lay_out_run

_SET_RANKS = (1,) + tuple(range(3, 14))
_IDXS = tuple(tuple(_idx(s, v) if v else 0 for v in range(15)) for s in range(4))


def _Skel(kind, nat, need, size, cap, value, rank=0, suit=0, first=0, last=0) -> tuple:
    """A meld skeleton, a plain tuple read by position (the searches index it):

    ====  =======  ===============================================================
    [0]   kind     ``"set"`` or ``"run"``
    [1]   nat      natural indices used (a tuple)
    [2]   need     wilds needed to reach the minimum size (gaps + padding)
    [3]   size     cards in the meld at its minimum (naturals + need)
    [4]   cap      most cards it can hold
    [5]   value    penalty of its naturals
    [6]   rank     sets: the rank (runs: 0)
    [7]   suit     runs: the suit number (sets: 0)
    [8]   first    runs: the values of the first and last natural (sets: 0)
    [9]   last
    ====  =======  ===============================================================

    Not a named tuple: the caches hold thousands of skeletons, and a plain tuple of ints and
    strings is one CPython's garbage collector stops tracking (a named tuple it walks in
    every full collection); compiled, ``sk[2]`` of a tuple is a C array read.

    >>> _Skel("run", (4, 5), 1, 3, 13, 10, suit=0, first=5, last=6)
    ('run', (4, 5), 1, 3, 13, 10, 0, 0, 5, 6)
    """
    return (kind, nat, need, size, cap, value, rank, suit, first, last)


@lru_cache(maxsize=1 << 16)
def _rank_set_skels(rank, held, minsize):
    """Set skeletons of one rank from the suits held (a tuple)."""
    out = []
    for k in range(1, len(held) + 1):
        for suits in combinations(held, k):
            size = max(k, minsize)
            out.append(("set", tuple([13 * s + rank - 1 for s in suits]), size - k, size,
                        MAX_SET, k * _PEN[rank - 1], rank, 0, 0, 0))
    return tuple(out)


def _set_skels(counts, minsize):
    """Every set skeleton: a rank (not 2) and a nonempty set of distinct suits held."""
    out = []
    for rank in _SET_RANKS:
        held = tuple([s for s in range(4) if counts[13 * s + rank - 1]])
        if held:
            out.extend(_rank_set_skels(rank, held, minsize))
    return out


@lru_cache(maxsize=1 << 16)
def _suit_run_skels(s, vals, minsize, full):
    """Run skeletons of suit s from the values held (1..14, a tuple)."""
    if not full:                                # every held value between the ends: a slice
        return _slice_run_skels(s, vals, minsize)
    out = []
    for i, first in enumerate(vals):
        for j in range(i, len(vals)):
            last = vals[j]
            if last - first > MAX_RUN - 1:
                break
            inner = vals[i + 1:j]
            subsets = ([c for k in range(len(inner) + 1) for c in combinations(inner, k)]
                       if full else [tuple(inner)])
            for sub in subsets:
                chosen = (first,) + sub + ((last,) if j > i else ())
                span = last - first + 1
                size = max(span, minsize)
                nat = tuple([_idx(s, v) for v in chosen])
                out.append(("run", nat, size - len(chosen), size, MAX_RUN,
                            sum([_PEN[(v - 1) % 13] for v in chosen]), 0, s, first, last))
    return tuple(out)


def _slice_run_skels(s, vals, minsize, wilds=MAX_RUN):
    """:func:`_suit_run_skels` with ``full=False``: the skeletons using every held value between
    their ends, those needing at most ``wilds`` wilds (all by default: a run needs fewer than
    :data:`MAX_RUN`). Once a skeleton spans ``minsize`` values its need (its gaps) only grows
    with its last value, so the first one over ``wilds`` ends that first value's skeletons and
    the others are never made.

    >>> _slice_run_skels(0, (4, 5, 6, 9), 3, 0) == tuple(
    ...     sk for sk in _slice_run_skels(0, (4, 5, 6, 9), 3) if sk[2] <= 0)
    True
    """
    out = []
    pens = [_PEN[(v - 1) % 13] for v in vals]
    ids = [_idx(s, v) for v in vals]
    n = len(vals)
    longest = MAX_RUN - 1
    for i in range(n):
        first = vals[i]
        value = 0
        for j in range(i, n):
            last = vals[j]
            if last - first > longest:
                break
            value += pens[j]
            size = last - first + 1
            if size < minsize:
                size = minsize
            need = size - (j - i + 1)
            if need <= wilds:
                out.append(("run", tuple(ids[i:j + 1]), need, size, MAX_RUN, value, 0, s, first, last))
            elif last - first + 1 >= minsize:
                break
    return tuple(out)


def _run_skels(counts, minsize, full=True):
    """Every run skeleton: a suit and a subset of held values spanning at most 13.

    With ``full=False`` only skeletons using every held natural between their ends.
    """
    out = []
    for s in range(4):
        idx = _IDXS[s]
        vals = tuple([v for v in range(1, 15) if counts[idx[v]]])
        if vals:
            out.extend(_suit_run_skels(s, vals, minsize, full))
    return out


@lru_cache(maxsize=256)
def _skels(counts, kind, minsize, full=True):
    """Skeletons of one kind (cached by counts)."""
    return tuple(_set_skels(counts, minsize) if kind == "set" else _run_skels(counts, minsize, full))


# ---------------------------------------------------------------- layout

def _run_windows(sk: tuple, extra: int):
    """Every (lo, hi) window around a run skeleton holding exactly its size + ``extra`` cards."""
    length = sk[3] + extra
    if length > MAX_RUN:
        return []
    lo_min = max(1, sk[9] - length + 1)
    lo_max = min(sk[8], 14 - length + 1)
    return [(lo, lo + length - 1) for lo in range(lo_min, lo_max + 1)]


def _default_window(sk: tuple, extra: int):
    """The window used for a best way: extend high first (up to the ace), then low."""
    length = sk[3] + extra
    lo = min(sk[8], 14 - length + 1)
    return lo, lo + length - 1


class _Wilds:
    """The wild cards of a hand, handed out: a 2 to its own run place first, then jokers, then 2s."""

    def __init__(self, cards, plan=(), wilds=-1):
        """Pool of wild cards; the 2s that ``plan`` [(skeleton, window)] can use in their own
        run place are handed out last to other places. ``wilds``: how many the cards hold, if
        the caller knows (0: no card is read)."""
        self.pool = pool = [c for c in cards if c.is_wild] if wilds else []
        if len(pool) > 1:                       # (most hands hold one wild or none: no order)
            own = {_TWOS[SUITS[sk[7]]] for sk, win in plan
                   if sk[0] == "run" and win[0] <= 2 <= win[1] and _idx(sk[7], 2) not in sk[1]}
            pool.sort(key=lambda c: (c in own, c.rank, _ORDER[c]))

    def take(self, prefer: Card | None = None) -> Card:
        """Take one wild, ``prefer`` if it is in the pool."""
        if prefer is not None and prefer in self.pool:
            self.pool.remove(prefer)
            return prefer
        return self.pool.pop(0)


_NO_WILDS = _Wilds(())      # the pool of a hand holding no wild (nothing is ever taken from it)


def _layout(sk: tuple, extra: int, window, wilds: _Wilds) -> Meld:
    """The meld of a skeleton laid out with ``extra`` wilds beyond the minimum (owner None)."""
    kind = sk[0]
    nat = [_CARDS[i] for i in sk[1]]
    if kind == "set":
        cards = tuple(nat) + tuple([wilds.take() for _ in range(sk[3] + extra - len(nat))])
        detail = sk[6]                          # a set's detail: its rank
    else:
        cards = lay_out_run(SUITS[sk[7]], window[0], window[1], nat, wilds.pool)
        detail = (window[0], SUITS[sk[7]])      # a run's: its first value and suit
    # the meld as the analysis would find it (melds._analyse_cached: the tests compare), known
    # valid by construction: analysing it again cost a cache lookup keyed by its cards, and a
    # miss in most new melds
    return _known_meld(kind, cards, None, detail)


_object_new = object.__new__


def _made(cls, fields: dict):
    """An instance of the frozen dataclass ``cls`` with ``fields`` (all of them, in their
    order): what ``cls(**fields)`` makes, without its generated ``__init__`` (a Python-level
    call setting each field through ``object.__setattr__``: most of the cost of a result,
    compiled or not). Only for the finder's result types, which have no ``__post_init__``.

    >>> from pushlab.rummy.finder.extra import Layoff
    >>> _made(Layoff, {"index": 2, "low": (), "high": ()}) == Layoff(2)
    True
    """
    obj = _object_new(cls)
    obj.__dict__.update(fields)
    return obj


def _split(hand_cards, melds):
    """Cards of hand left after removing the cards of melds."""
    rest = list(hand_cards)
    for m in melds:
        for c in m.cards:
            rest.remove(c)
    return sort_fast(rest)


def _fmt(melds):
    """Melds as (kind, notation) pairs, for reprs."""
    return [(m.kind, " ".join(map(str, m.cards))) for m in melds]
