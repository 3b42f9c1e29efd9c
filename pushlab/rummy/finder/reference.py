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

from pushlab.rummy.finder.contract import combos
from pushlab.rummy.finder.extra import (Extra, ExtraSearch, MAX_NODES, layoff_options)
from pushlab.rummy.finder.skeletons import _IDXS, _SET_RANKS
from pushlab.rummy.melds import CONTRACTS

__all__ = ["deficit", "new_meld_possible", "layoff_targets", "best_extra_melds"]


def deficit(counts, deal) -> int | None:
    """Least wilds the naturals need to meet deal's contract, by enumerating every combination
    of skeletons (:func:`~pushlab.rummy.finder.contract.deficit_plan` answers it fast)."""
    best = None
    for _, need in combos(counts, 99, CONTRACTS[deal], full=False):
        if best is None or need < best:
            best = need
    return best


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
    if info.kind == "set":
        part = tuple(counts[13 * t + info.rank - 1] for t in range(4))
    else:
        part = tuple(counts[13 * info.suit:13 * info.suit + 13])
    return layoff_options(info, part, wilds)


def best_extra_melds(hand, table_melds=(), max_nodes: int = MAX_NODES) -> Extra:
    """:func:`~pushlab.rummy.finder.extra.best_extra_melds` by the exhaustive lay-off search
    (no memoized suffix search when the table has room for every wild)."""
    return ExtraSearch(hand, table_melds, max_nodes, shortcut=False).result()
