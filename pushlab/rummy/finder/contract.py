"""Contract search: every way to meet a deal's contract (:func:`find_contract`), the best way
(:func:`best_contract`), a quick way with the fewest wilds (:func:`quick_contract`) and the
contract deficit (:func:`contract_deficit`, from :func:`deficit_plan`).

*Best* means the least penalty left in hand (rule 18). Because a wild (20) is worth at least
as much as any natural (15 at most), a best way also places every wild it can.

>>> best_contract("7H 7S JK 9C 9D 9S KH", 1)
Way(melds=[('set', '7S 7H JK'), ('set', '9S 9D 9C')], rest='KH', penalty=10)
>>> len(find_contract("7H 7S 7D JK 9C 9D 9S", 1))
9
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import NamedTuple

from pushlab.checks import is_whole
from pushlab.errors import ParseError
from pushlab.rummy.cards import cards_str
from pushlab.rummy.encoding import INDEX as _INDEX, WILD_PENALTY, as_cards, hand_key
from pushlab.rummy.finder.skeletons import (_IDXS, _NO_WILDS, _SET_RANKS, _Wilds,
                                            _default_window, _fmt, _layout, _made, _run_windows,
                                            _skels, _split)
from pushlab.rummy.melds import CONTRACTS, MAX_RUN, MAX_SET

__all__ = ["Way", "Plan", "PlanMeld", "find_contract", "best_contract", "quick_contract",
           "contract_deficit", "deficit_plan", "combos"]


@dataclass(frozen=True)
class Way:
    """A way to meet a contract: ``melds`` [Meld] (owner None), cards ``rest`` in hand, their ``penalty``."""

    melds: list
    rest: tuple
    penalty: int

    def __repr__(self):
        """Compact notation."""
        return f"Way(melds={_fmt(self.melds)}, rest='{cards_str(self.rest)}', penalty={self.penalty})"


class PlanMeld(NamedTuple):
    """One meld of a deficit plan: ``kind``; ``key`` a set's rank or a run's (suit, lo, length);
    ``nat`` the natural indices it uses. The shape of :attr:`Plan.melds`' entries, which are
    plain tuples in this order (read by position or unpacked)."""

    kind: str
    key: object
    nat: tuple


class Plan(NamedTuple):
    """The least wilds a hand's naturals need to meet a contract (``need``), the natural
    indices used (``used``) and the melds (``melds``: plain tuples shaped as :class:`PlanMeld`,
    (kind, key, nat))."""

    need: int
    used: tuple
    melds: tuple


def _deal(deal) -> tuple:
    """The contract slots of a deal, or ParseError."""
    if type(deal) is int:                       # (the usual case, without is_whole's tests)
        slots = CONTRACTS.get(deal)
        if slots is not None:
            return slots
    if not is_whole(deal) or deal not in CONTRACTS:
        raise ParseError(f"there are deals 1 to 5, not {deal!r}")
    return CONTRACTS[deal]


def combos(counts, wilds, slots, full=True):
    """Yield (skeleton tuple, total wilds needed) for every combination meeting the slots."""
    counts = list(counts)
    key = tuple(counts)
    cands = [[sk for sk in _skels(key, kind, size, full) if sk[2] <= wilds] for kind, size in slots]
    n = len(slots)

    def rec(i, start, need, chosen):
        """Choose the skeleton of slot i."""
        if i == n:
            yield tuple(chosen), need
            return
        same = i > 0 and slots[i] == slots[i - 1]
        cand = cands[i]
        for j in range(start if same else 0, len(cand)):
            sk = cand[j]
            if need + sk[2] > wilds:
                continue
            ok = True
            for x in sk[1]:
                if counts[x] == 0:
                    ok = False
                counts[x] -= 1
            if ok:
                chosen.append(sk)
                nxt = j if i + 1 < n and slots[i + 1] == slots[i] else 0
                yield from rec(i + 1, nxt, need + sk[2], chosen)
                chosen.pop()
            for x in sk[1]:
                counts[x] += 1

    yield from rec(0, 0, 0, [])


def find_contract(hand, deal: int) -> list:
    """Every way ``hand`` can meet deal's contract, as lists of melds (Meld values, owner None).

    Melds may be larger than the contract asks (rule 11); runs are laid out low to high
    with their wilds placed. Ways differ in the melds they lay down; which wild card (a
    joker or a 2) fills which wild place is fixed as in the module docstring.

    >>> find_contract("5H 5S 5D 9C 9D 9S", 1)  # doctest: +NORMALIZE_WHITESPACE
    [[Meld('set', '5S 5H 5D'), Meld('set', '9S 9D 9C')]]
    >>> find_contract("5H 5S 9C 9D 9S", 1)
    []
    """
    cards = as_cards(hand)
    slots = _deal(deal)
    counts, wilds = hand_key(cards)
    out, seen = [], set()
    for skels, need in combos(counts, wilds, slots):
        for layout in _spread(skels, wilds - need):
            pool = _Wilds(cards, [(sk, win) for sk, _, win in layout])
            melds = [_layout(sk, extra, win, pool) for sk, extra, win in layout]
            key = tuple(sorted((m.kind, tuple(_INDEX[x] for x in m.cards)) for m in melds))  # wilds: -1
            if key not in seen:
                seen.add(key)
                out.append(melds)
    return out


def _spread(skels, spare):
    """Every way to give up to ``spare`` extra wilds to skeletons: [(sk, extra, window)]."""
    def rec(i, spare):
        """Options of skeleton i."""
        if i == len(skels):
            yield []
            return
        sk = skels[i]
        for extra in range(0, min(spare, sk[4] - sk[3]) + 1):
            wins = _run_windows(sk, extra) if sk[0] == "run" else [None]
            for win in wins:
                for tail in rec(i + 1, spare - extra):
                    yield [(sk, extra, win)] + tail
    yield from rec(0, spare)


def _dump(skels, spare):
    """Give spare wilds to skeletons up to their capacity (runs first, then sets): extras list."""
    extras = [0] * len(skels)
    order = sorted(range(len(skels)), key=lambda i: skels[i][0] != "run")
    for i in order:
        take = min(spare, skels[i][4] - skels[i][3])
        extras[i] = take
        spare -= take
    return extras


@lru_cache(maxsize=65536)
def _best_combo(counts, wilds, deal, keep_wilds):
    """(skeletons, extras) of the best contract, or None."""
    if not keep_wilds:
        return _best_of(counts, wilds, deal, False, True)
    # fewest wilds: skeletons using every natural between their ends usually suffice and
    # are far fewer; when they need more wilds than the exact least number (two runs of one
    # suit sharing a single natural), search every skeleton
    plan = deficit_plan(counts, deal)
    if plan is None or plan.need > wilds:
        return None
    found = _best_of(counts, wilds, deal, True, False)
    if found is None or sum(sk[2] for sk in found[0]) > plan.need:
        found = _best_of(counts, wilds, deal, True, True)
    return found


def _best_of(counts, wilds, deal, keep_wilds, full):
    """Best combination among all skeletons (``full``) or those using every natural between ends."""
    best, best_val = None, None
    for skels, need in combos(counts, wilds, CONTRACTS[deal], full=full):
        spare = wilds - need
        if keep_wilds:                      # fewest wilds first, then the most natural penalty
            extras = [0] * len(skels)
            val = sum(sk[5] for sk in skels) - 1000 * need
        else:
            extras = _dump(skels, spare)
            val = sum(sk[5] for sk in skels) + WILD_PENALTY * (need + sum(extras))
        if best_val is None or val > best_val:
            best, best_val = (skels, tuple(extras)), val
    return best


def best_contract(hand, deal: int, keep_wilds: bool = False) -> Way | None:
    """The way to meet deal's contract leaving the least penalty in hand, or None.

    With ``keep_wilds=True`` the melds use as few wilds as possible (the rest stay in hand
    for later melds and lay-offs), and among those leave the least penalty.

    >>> best_contract("5H 6H 7H 8H 9S 9D JK 2C", 2)
    Way(melds=[('set', '9S 9D JK'), ('run', '5H 6H 7H 8H 2C')], rest='', penalty=0)
    >>> best_contract("5H 6H 7H 8H 9S 9D JK 2C", 2, keep_wilds=True)
    Way(melds=[('set', '9S 9D JK'), ('run', '5H 6H 7H 8H')], rest='2C', penalty=20)
    >>> best_contract("5H 6H 7H", 3) is None
    True
    """
    cards = as_cards(hand)
    _deal(deal)
    counts, wilds = hand_key(cards)
    found = _best_combo(counts, wilds, deal, keep_wilds)
    if found is None:
        return None
    skels, extras = found
    wins = [_default_window(sk, e) if sk[0] == "run" else None for sk, e in zip(skels, extras)]
    pool = _Wilds(cards, list(zip(skels, wins)), wilds)
    melds = [_layout(sk, e, w, pool) for sk, e, w in zip(skels, extras, wins)]
    rest = _split(cards, melds)
    return Way(melds, rest, sum(c.penalty for c in rest))


def _rank_options(rank, cs, m):
    """[(wilds needed, naturals used, groups)] for j = 0..m sets of 3 of one rank (suit counts cs).

    The groups are the j sets' naturals: distinct suits in each, as even as possible.
    """
    opts = [(0, (), ())]
    for j in range(1, m + 1):
        per = [min(c, j) for c in cs]
        if sum(per) < j:
            break
        used = [13 * s + rank - 1 for s in range(4) for _ in range(per[s])][:3 * j]
        groups = [[] for _ in range(j)]
        for i in used:                      # each to the smallest set lacking its suit
            smallest = None                 # (the first of the smallest, as min(key=len))
            for g in groups:
                if i not in g and (smallest is None or len(g) < len(smallest)):
                    smallest = g
            smallest.append(i)
        opts.append((3 * j - len(used), tuple(used),
                     tuple([("set", rank, tuple(g)) for g in groups])))
    return tuple(opts)


def _sets_plan(key, m):
    """(wilds needed, naturals used) for m (2 or 3) sets of 3, or None (``key``: the counts as
    bytes, see :func:`deficit_plan`).

    The m sets split over distinct ranks as 1+1(+1), 2(+1) or 3 sets per rank.
    """
    by_rank = _RANK_OPTS[m]
    ranks = []
    for rank, sl in _RANK_ITEMS:
        cs = key[sl]                            # the rank's counts by suit, 4 bytes
        if cs != _NONE4:
            cache = by_rank[rank]
            opts = cache.get(cs)
            if opts is None:                    # at most 81 patterns a rank: never cleared
                opts = cache[cs] = _rank_options(rank, tuple(cs), m)
            ranks.append(opts)
    one = sorted([(opts[1][0], i) for i, opts in enumerate(ranks)])
    best = None
    if len(one) >= m:
        need, used, groups = 0, (), ()
        for _, i in one[:m]:
            o = ranks[i][1]
            need += o[0]
            used += o[1]
            groups += o[2]
        best = (need, used, groups)
    for i in range(len(ranks)):
        opts = ranks[i]
        for j in range(2, len(opts)):
            want = m - j                        # sets of other ranks: the cheapest ones
            others = []
            if want:
                for _, k in one:
                    if k != i:
                        others.append(ranks[k][1])
                        if len(others) == want:
                            break
                if len(others) < want:
                    continue
            need = opts[j][0]
            for o in others:
                need += o[0]
            if best is None or need < best[0]:
                used, groups = opts[j][1], opts[j][2]
                for o in others:
                    used += o[1]
                    groups += o[2]
                best = (need, used, groups)
    return best


_RANK_ITEMS = tuple((rank, slice(rank - 1, None, 13)) for rank in _SET_RANKS)   # a rank's 4 suits
_NONE4 = bytes(4)
_RANK_OPTS = {m: [{} for _ in range(14)] for m in (2, 3)}   # m -> rank -> counts by suit -> options


def _wins0(part, counts, d, m):
    """:func:`_suit_windows` of suit 0 for the suit whose counts start at ``counts[d]``,
    remembered by ``part`` (those 13 counts as bytes: a key the collector never tracks,
    hashed once)."""
    cache = _WINS[m]
    wins = cache.get(part)
    if wins is None:
        wins = _suit_windows(0, counts[d:d + 13], m)
        if len(cache) >= _SUIT_MAX:
            cache.clear()
        cache[part] = wins
    return wins


_SUIT_MAX = 1 << 14                             # patterns remembered per cache (then cleared)
_WINS = {4: {}, 5: {}}                          # run length -> suit bytes -> windows in suit 0
_BEST = {4: ({}, {}, {}, {}), 5: ({}, {}, {}, {})}     # run length -> suit -> bytes -> best
_ZERO13 = bytes(13)
_MISS = object()


def _suit_windows(s, pattern, m):
    """Candidate run windows of length m in suit s (pattern: counts of ranks 1..13).

    One window per held value (it starts there, or ends at the ace): [(need, used, lo)].
    Some best window always starts at a held value, so these suffice.
    """
    idx = _IDXS[s]
    held = [v for v in range(1, 14) if pattern[v - 1]]     # values 1..14 (a C loop compiled)
    if pattern[0]:
        held.append(14)                         # the ace, high
    ids = [idx[v] for v in held]
    top = 15 - m
    out = []
    last = 0
    n = len(held)
    j = 0
    for k, v in enumerate(held):
        lo = v if v < top else top              # non-decreasing in v
        if lo == last:
            continue
        last = lo
        # v is the first held value >= lo: when lo = top < v, the value held before v is
        # below top (one at or above it would have made last = top already)
        if j < k:
            j = k
        end = lo + m
        while j < n and held[j] < end:          # the window's end only moves up
            j += 1
        used = tuple(ids[k:j])
        out.append((m - len(used), used, lo))
    return tuple(out)


def _suit_pair(s, pattern, m):
    """Best (need, used) of two runs of length m in suit s, or None.

    With bitmasks: a natural held once and wanted by both windows serves only one of
    them (the ace: value 1 and value 14 are the same card).
    """
    wins = _suit_windows(s, pattern, m)
    once = 0                                    # bits of the values held once (an ace: 1 and 14)
    for v in range(1, 14):
        if pattern[v - 1] == 1:
            once |= 1 << v
    ace_once = pattern[0] == 1
    if ace_once:
        once |= 1 << 14
    full = (1 << m) - 1
    masks = [(full << w[2], m - w[0]) for w in wins]     # (values covered, naturals held)
    top = 0
    for _, n1 in masks:
        if n1 > top:
            top = n1
    best = None
    for a, (w1, n1) in enumerate(masks):
        if best is not None and n1 + top <= 2 * m - best[0]:
            continue                            # no pair with this window can do better
        for b in range(a, len(masks)):
            w2, n2 = masks[b]
            if best is not None and n1 + n2 <= 2 * m - best[0]:
                continue
            clash = (w1 & w2 & once).bit_count()
            if ace_once and ((w1 >> 1 & 1 and w2 >> 14 & 1) or (w1 >> 14 & 1 and w2 >> 1 & 1)):
                clash += 1
            got_n = n1 + n2 - clash
            if got_n < 2:
                continue                        # one natural cannot serve both runs
            need = 2 * m - got_n
            if best is None or need < best[0]:
                best = (need, a, b, clash)
    if best is None:
        return None
    need, a, b, clash = best
    first = list(wins[a][1])
    second = [i for i in wins[b][1] if not (i in first and pattern[i % 13] == 1)]
    if not second:                              # give the second run one shared natural
        for i in wins[b][1]:
            if i in first:
                second.append(i)
                break
        first.remove(second[0])
    groups = (("run", (s, wins[a][2], m), tuple(first)), ("run", (s, wins[b][2], m), tuple(second)))
    return need, tuple(first + second), groups


def _suit_single(pattern, m):
    """The best single run of length m, (need, used, melds), in a suit with this pattern, or None;
    written for suit 0 (see :func:`_in_suit`)."""
    wins = _suit_windows(0, pattern, m) if any(pattern) else ()
    if not wins:
        return None
    single = min(wins)
    return single[0], single[1], (("run", (0, single[2], m), single[1]),)


@lru_cache(maxsize=1 << 12)
def _suit_double(pattern, m):
    """The best pair of runs of length m in a suit with this pattern (:func:`_suit_pair`, for
    suit 0), or None; asked only when it might be the best plan (see :func:`_runs_plan`)."""
    return _suit_pair(0, pattern, m)


def _in_suit(plan, s):
    """A (need, used, melds) plan of suit 0 moved to suit s."""
    if not s:
        return plan
    d = 13 * s
    need, used, melds = plan
    return (need, tuple([i + d for i in used]),
            tuple([(k, (s, key[1], key[2]), tuple([i + d for i in nat])) for k, key, nat in melds]))


def _suit_best(part, counts, m, s):
    """(wilds the best single run needs, the least two runs in the suit could need, the run's
    naturals, its lowest value) in suit s, or None (no natural in it): what
    :func:`_runs_plan` reads of each suit, remembered by the suit's counts as bytes
    (``part``) in one cache per suit and run length (a pair needs at least twice the best
    single run, and 2m less the suit's naturals). A flat tuple of ints: the collector
    untracks it at once.

    The best run is the first of :func:`_suit_windows`' windows in suit s (``min``): in
    suit 0 and moved, as :func:`_suit_single` and :func:`_in_suit` (the same order: every
    index moves by the same 13s).
    """
    cache = _BEST[m][s]
    best = cache.get(part, _MISS)
    if best is not _MISS:
        return best
    if part == _ZERO13:
        best = None
    else:
        need, used, lo = min(_suit_windows(s, counts[13 * s:13 * s + 13], m))
        best = (need, max(2 * need, 2 * m - sum(part)), used, lo)
    if len(cache) >= _SUIT_MAX:
        cache.clear()
    cache[part] = best
    return best


@lru_cache(maxsize=1 << 12)
def _pair_in(pattern, m, s):
    """:func:`_suit_double` moved to suit s."""
    return _in_suit(_suit_double(pattern, m), s)


def _runs_plan(counts, key, m):
    """(wilds needed, naturals used) for two runs of length m, or None (``key``: the counts as
    bytes).

    The candidates, in order: for each suit, two runs in it, then one run in it and one in
    each later suit; the first of the fewest wilds wins. Two runs in one suit (the costly
    search) are looked for only when they could win: they need at least a bound
    (:func:`_suit_best`), and must beat the candidates before them and tie the best
    one-and-one pair after them.
    """
    c0, c1, c2, c3 = _BEST[m]                   # a hit: one dict lookup a suit, no call
    p0, p1, p2, p3 = key[0:13], key[13:26], key[26:39], key[39:52]
    one = (c0.get(p0, _MISS), c1.get(p1, _MISS), c2.get(p2, _MISS), c3.get(p3, _MISS))
    if _MISS in one:
        one = (_suit_best(p0, counts, m, 0), _suit_best(p1, counts, m, 1),
               _suit_best(p2, counts, m, 2), _suit_best(p3, counts, m, 3))
    after = [None] * 5                          # fewest wilds of the one-and-one pairs from s1 on
    for s1 in range(3, -1, -1):
        low = after[s1 + 1]
        if one[s1] is not None:
            for s2 in range(s1 + 1, 4):
                if one[s2] is not None:
                    need = one[s1][0] + one[s2][0]
                    if low is None or need < low:
                        low = need
        after[s1] = low
    best = None                                 # (need, suit, other suit or None for a pair)
    for s1 in range(4):
        first = one[s1]
        if first is None:
            continue
        bound = first[1]                        # two runs in the suit need at least this
        if not (best is not None and bound >= best[0] or after[s1] is not None and bound > after[s1]):
            two = _suit_double(counts[13 * s1:13 * s1 + 13], m)
            if two is not None and (best is None or two[0] < best[0]):
                best = (two[0], s1, None)
        for s2 in range(s1 + 1, 4):
            other = one[s2]
            if other is not None and (best is None or first[0] + other[0] < best[0]):
                best = (first[0] + other[0], s1, s2)
    if best is None:
        return None
    _, s1, with_suit = best
    if with_suit is None:
        return _pair_in(counts[13 * s1:13 * s1 + 13], m, s1)
    first, other = one[s1], one[with_suit]
    return (first[0] + other[0], first[2] + other[2],
            (("run", (s1, first[3], m), first[2]), ("run", (with_suit, other[3], m), other[2])))


def _set_run_plan(counts, key, m):
    """(wilds needed, naturals used) for a set of 3 and a run of length m, or None (``key``:
    the counts as bytes).

    A natural held once that both could use goes to the run, or to the set with a wild
    standing for it in the run (needed when it is the set's only natural: ``JS QS`` and
    5 wilds make ``JS JK JK`` and ``JK QS JK JK``).
    """
    avail = {}                                  # rank -> naturals held, suit by suit
    for i in compress(range(52), counts):
        avail.setdefault(i % 13 + 1, []).append(i)
    if not avail:
        return None
    order = [r for _, r in sorted([(-len(nat), r) for r, nat in avail.items()])]   # most held first
    least_set = 3 - min(3, len(avail[order[0]]))     # no set needs fewer wilds than this
    best = None
    for s in range(4):
        d = 13 * s
        part = key[d:d + 13]
        if part == _ZERO13:
            continue
        for need_r, used0, lo in _wins0(part, counts, d, m):    # windows of suit 0, moved by d
            if best is not None and need_r + least_set >= best[0]:
                continue                        # this window cannot beat the best so far
            touched = {i % 13 + 1: i + d for i in used0 if counts[i + d] == 1}
            set_best = None                     # (total need, set naturals, rank, natural the
            for rank in order:                  # run leaves to the set); best untouched rank
                if rank not in touched:
                    set_best = (need_r + 3 - min(3, len(avail[rank])), tuple(avail[rank][:3]),
                                rank, -1)
                    break
            for rank, shared in touched.items():
                if rank not in avail:
                    continue
                suits = [i for i in avail[rank] if i != shared]
                if suits:                       # the run keeps the shared natural
                    opt = (need_r + 3 - min(3, len(suits)), tuple(suits[:3]), rank, -1)
                    if set_best is None or opt[0] < set_best[0]:
                        set_best = opt
                if len(suits) < 3 and len(used0) > 1:      # the set takes it, a wild replaces it
                    opt = (need_r + 1 + 3 - min(3, len(suits) + 1), tuple(suits) + (shared,),
                           rank, shared)
                    if set_best is None or opt[0] < set_best[0]:
                        set_best = opt
            if set_best is not None and (best is None or set_best[0] < best[0]):
                need, nat_set, rank, left = set_best
                nat_run = tuple([i + d for i in used0 if i + d != left])
                best = (need, nat_run + nat_set, (("set", rank, nat_set), ("run", (s, lo, m), nat_run)))
    return best


def deficit_plan(counts, deal) -> Plan | None:
    """The :class:`Plan` of the fewest wilds the naturals (``counts``, as from
    :func:`~pushlab.rummy.encoding.hand_key`) need to meet deal's contract, or None if no
    number of wilds would do.

    >>> from pushlab.rummy.encoding import hand_key
    >>> plan = deficit_plan(hand_key("5H 5S 9C 9D KH")[0], 1)
    >>> plan.need, [(kind, key, len(nat)) for kind, key, nat in plan.melds]
    (2, [('set', 5, 2), ('set', 9, 2)])
    >>> PlanMeld(*plan.melds[0])                # the same, by name
    PlanMeld(kind='set', key=5, nat=(4, 17))
    """
    key = bytes(counts)                         # a key the collector never tracks, hashed once
    cache = _PLANS[deal]
    found = cache.get(key, _MISS)
    if found is _MISS:
        found = _plan(counts, key, deal)
        if len(cache) >= _PLANS_MAX:
            cache.clear()
        cache[key] = found
    if found is None:
        return None
    # the cache keeps plain tuples (the collector untracks them; named tuples it would walk in
    # every collection), the plan's melds too (each PlanMeld made cost as much as the lookup);
    # Plan(...) without its Python-level __new__
    return _tuple_new(Plan, found)


def _plan(counts, key, deal):
    """:func:`deficit_plan`'s (need, used, melds) as plain tuples, or None."""
    if deal in (1, 4):
        return _sets_plan(key, len(CONTRACTS[deal]))
    if deal == 2:
        return _set_run_plan(counts, key, 4)
    return _runs_plan(counts, key, CONTRACTS[deal][0][1])


_PLANS = {deal: {} for deal in CONTRACTS}       # deal -> bytes of the counts -> plan tuples
_PLANS_MAX = 4096
_tuple_new = tuple.__new__


def quick_contract(hand, deal: int, plan=None) -> Way | None:
    """A way to meet deal's contract with the fewest wilds, straight from the deficit plan.

    Much faster than :func:`best_contract` (no search among the ways with equally few
    wilds; the melds have exactly the contract's sizes), or None if the hand cannot.
    ``plan``: the hand's :func:`deficit_plan`, if the caller has it.

    >>> quick_contract("5H 6H 7H 9S 9D JK 2C KD", 2)
    Way(melds=[('set', '9S 9D JK'), ('run', '5H 6H 7H 2C')], rest='KD', penalty=10)
    """
    cards = as_cards(hand)
    _deal(deal)
    if plan is None:
        counts, wilds = hand_key(cards)
        plan = deficit_plan(counts, deal)
    else:
        wilds = len([c for c in cards if c.is_wild])
    if plan is None or plan.need > wilds:
        return None
    skels = []                                  # (skeleton as _Skel makes it, window)
    for kind, key, nat in plan.melds:
        if kind == "set":
            skels.append((("set", nat, 3 - len(nat), 3, MAX_SET, 0, key, 0, 0, 0), None))
        else:
            suit, lo, m = key
            idx = _IDXS[suit]
            vals = [v for v in range(lo, lo + m) if idx[v] in nat]     # ascending
            skels.append((("run", nat, m - len(nat), m, MAX_RUN, 0, 0, suit, vals[0], vals[-1]),
                          (lo, lo + m - 1)))
    pool = _Wilds(cards, skels, wilds) if wilds else _NO_WILDS
    melds = [_layout(sk, 0, win, pool) for sk, win in skels]
    rest = _split(cards, melds)
    return _made(Way, {"melds": melds, "rest": rest, "penalty": sum([c.penalty for c in rest])})


def contract_deficit(hand, deal: int) -> int | None:
    """How many more wilds the hand would need to meet deal's contract (0: it can now).

    None if no number of wilds would do (too few naturals, e.g. no natural at all).

    >>> contract_deficit("5H 5S 9C 9D", 1), contract_deficit("5H 5S 9C JK", 1)
    (2, 2)
    >>> contract_deficit("5H 5S 5C 9C 9D 9S", 1), contract_deficit("JK 2H", 1)
    (0, None)
    """
    _deal(deal)
    counts, wilds = hand_key(hand)
    plan = deficit_plan(counts, deal)
    return None if plan is None else max(0, plan.need - wilds)
