"""Brute-force versions of the finder's fast paths, for tests to compare against.

Each answers the same question as a function of :mod:`~pushlab.rummy.finder.contract` or
:mod:`~pushlab.rummy.finder.extra` by plain enumeration, with no shortcut; slow, but
simple enough to trust.

>>> from pushlab.rummy.encoding import hand_key
>>> from pushlab.rummy.finder import deficit_plan
>>> counts, _ = hand_key("5H 5S 9C 9D KH")
>>> deficit(counts, 1) == deficit_plan(counts, 1).need == 2
True
"""

from __future__ import annotations

from pushlab.rummy.finder.contract import _in_suit, _suit_double, _suit_single, combos
from pushlab.rummy.finder.extra import (Extra, ExtraSearch, MAX_NODES, layoff_options)
from pushlab.rummy.finder.skeletons import _IDXS, _SET_RANKS
from pushlab.rummy.melds import CONTRACTS

__all__ = ["deficit", "runs_plan", "new_meld_possible", "layoff_targets", "best_extra_melds"]


def deficit(counts, deal) -> int | None:
    """Least wilds the naturals need to meet deal's contract, by enumerating every combination
    of skeletons (:func:`~pushlab.rummy.finder.contract.deficit_plan` answers it fast)."""
    best = None
    for _, need in combos(counts, 99, CONTRACTS[deal], full=False):
        if best is None or need < best:
            best = need
    return best


def runs_plan(counts, m):
    """:func:`~pushlab.rummy.finder.contract._runs_plan` with every candidate evaluated (two
    runs in each suit too, however many wilds they need): the same plan, found slowly."""
    one = [_suit_single(tuple(counts[13 * s:13 * s + 13]), m) for s in range(4)]
    two = [_suit_double(tuple(counts[13 * s:13 * s + 13]), m) for s in range(4)]
    cands = []                                  # in the fast search's order
    for s1 in range(4):
        if one[s1] is None:
            continue
        if two[s1] is not None:
            cands.append((two[s1][0], _in_suit(two[s1], s1)))
        for s2 in range(s1 + 1, 4):
            if one[s2] is not None:
                a, b = _in_suit(one[s1], s1), _in_suit(one[s2], s2)
                cands.append((a[0] + b[0], (a[0] + b[0], a[1] + b[1], a[2] + b[2])))
    if not cands:
        return None
    least = min(need for need, _ in cands)
    return next(plan for need, plan in cands if need == least)


def new_meld_possible(counts, wilds) -> tuple[bool, bool]:
    """(a new set might be formed, a new run might be formed) with fewer than 2 wilds, from the
    counts by rank and by suit (:func:`~pushlab.rummy.finder.extra.new_meld_possible` uses
    bitmasks of the cards)."""
    c = counts
    sets_ok = any((c[r - 1] > 0) + (c[12 + r] > 0) + (c[25 + r] > 0) + (c[38 + r] > 0)
                  + wilds >= 3 for r in _SET_RANKS)
    runs_ok = False
    for s in range(4):
        idx = _IDXS[s]
        held = [v for v in range(1, 15) if c[idx[v]]]
        if any(held[i + 2 - wilds] - held[i] <= 2 for i in range(len(held) - 2 + wilds)):
            runs_ok = True
            break
    return sets_ok, runs_ok


def layoff_targets(info, counts, wilds) -> tuple:
    """Every natural lay-off onto one table meld, enumerated with no reach test first
    (:func:`~pushlab.rummy.finder.extra.layoff_targets` tests reach before enumerating)."""
    if info[0] == "set":                       # (kind, rank, suits, size)
        part = tuple(counts[13 * t + info[1] - 1] for t in range(4))
    else:                                       # (kind, suit, lo, hi)
        part = tuple(counts[13 * info[1]:13 * info[1] + 13])
    return layoff_options(info, part, wilds)


def best_extra_melds(hand, table_melds=(), max_nodes: int = MAX_NODES) -> Extra:
    """:func:`~pushlab.rummy.finder.extra.best_extra_melds` by the exhaustive lay-off search
    (no memoized suffix search when the table has room for every wild)."""
    return ExtraSearch(hand, table_melds, max_nodes, shortcut=False).result()
