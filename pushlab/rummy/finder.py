"""Meld finder for Push (contract rummy): every way to meet a deal's contract, the best way,
and the best further melds and lay-offs onto the table.

The search works on *skeletons*: the natural cards a meld uses (a set: one rank, distinct
suits; a run: one suit, values within a span of 13). A skeleton needs some wilds (gaps of a
run, a set or run shorter than the contract size) and can take more up to its capacity (a
set holds 4 cards, a run 13). All 2s and jokers are interchangeable wilds in the search
(penalty 20 each, rule 18); when cards are laid out, a 2 of a run's suit filling that run's
2-place is used there (rule 10 makes it natural), otherwise jokers are used before 2s.

*Best* means the least penalty left in hand (rule 18). Because a wild (20) is worth at least
as much as any natural (15 at most), a best way also places every wild it can.

>>> best_contract("7H 7S JK 9C 9D 9S KH", 1)
Way(melds=[('set', '7S 7H JK'), ('set', '9S 9D 9C')], rest='KH', penalty=10)
>>> len(find_contract("7H 7S 7D JK 9C 9D 9S", 1))
9
"""

from __future__ import annotations

from dataclasses import dataclass, field
from bisect import bisect_left
from functools import lru_cache
from itertools import combinations, compress
from numbers import Integral
from operator import itemgetter
from typing import NamedTuple

from pushlab.errors import ParseError
from pushlab.rummy.cards import JOKER, SUITS, Card, cards_str, parse_cards
from pushlab.rummy.melds import CONTRACTS, MAX_RUN, MAX_SET, Meld, run_values

__all__ = ["Way", "Extra", "Layoff", "find_contract", "best_contract", "best_extra_melds",
           "contract_deficit", "hand_key", "might_place", "quick_contract"]

WILD_PENALTY = 20
_PEN = [15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10]      # penalty by rank 1..13 (index rank-1)
_CARDS = [Card(r, s) for s in SUITS for r in range(1, 14)]  # natural index 13*s + rank - 1
_TWOS = {s: Card(2, s) for s in SUITS}
_MAX_NODES = 20000          # safety cap of the extra-meld search (nodes)
_AMPLE_SHORTCUT = True      # tests switch it off to compare with the exhaustive lay-off search
_INDEX = {c: -1 if c.is_wild else 13 * SUITS.index(c.suit) + c.rank - 1
          for c in _CARDS + list(_TWOS.values()) + [JOKER]}      # natural index, -1 for wilds
_ORDER = {c: i for i, c in enumerate(sorted(_INDEX))}             # fast sort key of cards


def _sorted(cards) -> tuple:
    """Cards in their usual order (suit, rank; jokers last), quickly."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


# ---------------------------------------------------------------- encoding

def _cards_of(hand) -> tuple[Card, ...]:
    """Cards from notation, cards, or a game hand (a tuple of cards passes through)."""
    if isinstance(hand, tuple) and set(map(type, hand)) <= _CARD_TYPE:
        return hand
    return parse_cards(hand)


_CARD_TYPE = {Card}


def hand_key(hand) -> tuple[tuple[int, ...], int]:
    """(counts of the 52 naturals by index 13*suit+rank-1, number of wilds); 2s count as wilds.

    >>> counts, wilds = hand_key("AS AS 2H JK 5D")
    >>> counts[0], counts[13 * 2 + 4], wilds
    (2, 1, 2)
    """
    counts = [0] * 52
    wilds = 0
    index = _INDEX
    for c in _cards_of(hand):
        i = index[c]
        if i < 0:
            wilds += 1
        else:
            counts[i] += 1
    return tuple(counts), wilds


def _idx(suit: int, value: int) -> int:
    """Natural index of run value 1..14 (14 is the ace) in suit."""
    return 13 * suit + (0 if value == 14 else value - 1)


# ---------------------------------------------------------------- skeletons

class _Skel(NamedTuple):
    """A meld skeleton: the naturals it uses, wilds it needs, most cards it can hold."""

    kind: str
    nat: tuple          # natural indices used
    need: int           # wilds needed to reach the minimum size (gaps + padding)
    size: int           # cards in the meld at its minimum (naturals + need)
    cap: int            # most cards it can hold
    value: int          # penalty of its naturals
    rank: int = 0       # sets
    suit: int = 0       # runs
    first: int = 0      # runs: values of the first and last natural
    last: int = 0


_SET_RANKS = (1,) + tuple(range(3, 14))
_IDXS = tuple(tuple(_idx(s, v) if v else 0 for v in range(15)) for s in range(4))


@lru_cache(maxsize=1 << 16)
def _rank_set_skels(rank, held, minsize):
    """Set skeletons of one rank from the suits held (a tuple)."""
    out = []
    for k in range(1, len(held) + 1):
        for suits in combinations(held, k):
            size = max(k, minsize)
            out.append(_Skel("set", tuple(13 * s + rank - 1 for s in suits), size - k, size,
                             MAX_SET, k * _PEN[rank - 1], rank=rank))
    return tuple(out)


def _set_skels(counts, minsize):
    """Every set skeleton: a rank (not 2) and a nonempty set of distinct suits held."""
    out = []
    for rank in _SET_RANKS:
        held = tuple(s for s in range(4) if counts[13 * s + rank - 1])
        if held:
            out.extend(_rank_set_skels(rank, held, minsize))
    return out


@lru_cache(maxsize=1 << 16)
def _suit_run_skels(s, vals, minsize, full):
    """Run skeletons of suit s from the values held (1..14, a tuple)."""
    out = []
    if not full:                                # every held value between the ends: a slice
        pens = [_PEN[(v - 1) % 13] for v in vals]
        ids = [_idx(s, v) for v in vals]
        for i, first in enumerate(vals):
            value = 0
            for j in range(i, len(vals)):
                last = vals[j]
                if last - first > MAX_RUN - 1:
                    break
                value += pens[j]
                size = max(last - first + 1, minsize)
                out.append(_Skel("run", tuple(ids[i:j + 1]), size - (j - i + 1), size, MAX_RUN,
                                 value, suit=s, first=first, last=last))
        return tuple(out)
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
                nat = tuple(_idx(s, v) for v in chosen)
                out.append(_Skel("run", nat, size - len(chosen), size, MAX_RUN,
                                 sum(_PEN[(v - 1) % 13] for v in chosen),
                                 suit=s, first=first, last=last))
    return tuple(out)


def _run_skels(counts, minsize, full=True):
    """Every run skeleton: a suit and a subset of held values spanning at most 13.

    With ``full=False`` only skeletons using every held natural between their ends.
    """
    out = []
    for s in range(4):
        idx = _IDXS[s]
        vals = tuple(v for v in range(1, 15) if counts[idx[v]])
        if vals:
            out.extend(_suit_run_skels(s, vals, minsize, full))
    return out


@lru_cache(maxsize=256)
def _skels(counts, kind, minsize, full=True):
    """Skeletons of one kind (cached by counts)."""
    return tuple(_set_skels(counts, minsize) if kind == "set" else _run_skels(counts, minsize, full))


# ---------------------------------------------------------------- layout

def _run_windows(sk: _Skel, extra: int):
    """Every (lo, hi) window around a run skeleton holding exactly ``sk.size + extra`` cards."""
    length = sk.size + extra
    if length > MAX_RUN:
        return []
    lo_min = max(1, sk.last - length + 1)
    lo_max = min(sk.first, 14 - length + 1)
    return [(lo, lo + length - 1) for lo in range(lo_min, lo_max + 1)]


def _default_window(sk: _Skel, extra: int):
    """The window used for a best way: extend high first (up to the ace), then low."""
    length = sk.size + extra
    lo = min(sk.first, 14 - length + 1)
    return lo, lo + length - 1


class _Wilds:
    """The wild cards of a hand, handed out: a 2 to its own run place first, then jokers, then 2s."""

    def __init__(self, cards, plan=()):
        """Pool of wild cards; the 2s that ``plan`` [(skeleton, window)] can use in their own
        run place are handed out last to other places."""
        own = {_TWOS[SUITS[sk.suit]] for sk, win in plan
               if sk.kind == "run" and win[0] <= 2 <= win[1] and _idx(sk.suit, 2) not in sk.nat}
        self.pool = sorted((c for c in cards if c.rank in (0, 2)),
                           key=lambda c: (c in own, c.rank, _ORDER[c]))

    def take(self, prefer: Card | None = None) -> Card:
        """Take one wild, ``prefer`` if it is in the pool."""
        if prefer is not None and prefer in self.pool:
            self.pool.remove(prefer)
            return prefer
        return self.pool.pop(0)


def _layout(sk: _Skel, extra: int, window, wilds: _Wilds):
    """The cards of a skeleton laid out with ``extra`` wilds beyond the minimum."""
    if sk.kind == "set":
        nat = [_CARDS[i] for i in sk.nat]
        return ("set", tuple(nat) + tuple(wilds.take() for _ in range(sk.size + extra - len(nat))))
    lo, hi = window
    used = set(sk.nat)
    s = sk.suit
    out = []
    for v in range(lo, hi + 1):
        i = _idx(s, v)
        if sk.first <= v <= sk.last and i in used:
            out.append(_CARDS[i])
        else:
            out.append(None)
    # place 2s of the suit in their own place first (rule 10), then the other wilds
    if 2 - lo in range(len(out)) and out[2 - lo] is None:
        out[2 - lo] = wilds.take(_TWOS[SUITS[s]])
    return ("run", tuple(c if c is not None else wilds.take() for c in out))


def _split(hand_cards, melds):
    """Cards of hand left after removing the cards of melds."""
    rest = list(hand_cards)
    for _, cards in melds:
        for c in cards:
            rest.remove(c)
    return _sorted(rest)


# ---------------------------------------------------------------- results

def _fmt(melds):
    """Melds as (kind, notation) pairs, for reprs."""
    return [(k, cards_str(c)) for k, c in melds]


@dataclass(frozen=True)
class Way:
    """A way to meet a contract: ``melds`` [(kind, cards)], cards ``rest`` in hand, their ``penalty``."""

    melds: list
    rest: tuple
    penalty: int

    def __repr__(self):
        """Compact notation."""
        return f"Way(melds={_fmt(self.melds)}, rest='{cards_str(self.rest)}', penalty={self.penalty})"

    def _repr_html_(self):
        """The melds as rows of small cards, then the rest."""
        rows = [f"<div>{k}: " + "".join(c._repr_html_() for c in cards) + "</div>"
                for k, cards in self.melds]
        rest = "".join(c._repr_html_() for c in self.rest) or "nothing"
        return "".join(rows) + f"<div>left in hand: {rest} ({self.penalty} points)</div>"


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
    """Further ``melds`` [(kind, cards)] and ``layoffs`` [Layoff], cards ``rest`` left, ``penalty``."""

    melds: list
    layoffs: list
    rest: tuple
    penalty: int = field(default=0)

    def __repr__(self):
        """Compact notation."""
        return (f"Extra(melds={_fmt(self.melds)}, layoffs={self.layoffs}, "
                f"rest='{cards_str(self.rest)}', penalty={self.penalty})")

    def _repr_html_(self):
        """New melds, lay-offs (by table meld number, from 0) and the rest, as small cards."""
        def row(cards):
            return "".join(c._repr_html_() for c in cards)
        rows = [f"<div>new {k}: {row(cards)}</div>" for k, cards in self.melds]
        rows += [f"<div>lay off on meld {lf.index}: {row(lf.cards)}</div>" for lf in self.layoffs]
        rest = row(self.rest) or "nothing"
        return "".join(rows) + f"<div>left in hand: {rest} ({self.penalty} points)</div>"


# ---------------------------------------------------------------- the contract

def _deal(deal) -> tuple:
    """The contract slots of a deal, or ParseError."""
    if not isinstance(deal, Integral) or isinstance(deal, bool) or deal not in CONTRACTS:
        raise ParseError(f"there are deals 1 to 5, not {deal!r}")
    return CONTRACTS[deal]


def _combos(counts, wilds, slots, full=True):
    """Yield (skeleton tuple, total wilds needed) for every combination meeting the slots."""
    counts = list(counts)
    key = tuple(counts)
    cands = [[sk for sk in _skels(key, kind, size, full) if sk.need <= wilds] for kind, size in slots]
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
            if need + sk.need > wilds:
                continue
            ok = True
            for x in sk.nat:
                if counts[x] == 0:
                    ok = False
                counts[x] -= 1
            if ok:
                chosen.append(sk)
                nxt = j if i + 1 < n and slots[i + 1] == slots[i] else 0
                yield from rec(i + 1, nxt, need + sk.need, chosen)
                chosen.pop()
            for x in sk.nat:
                counts[x] += 1

    yield from rec(0, 0, 0, [])


def find_contract(hand, deal: int) -> list:
    """Every way ``hand`` can meet deal's contract, as lists of (kind, cards) melds.

    Melds may be larger than the contract asks (rule 11); runs are laid out low to high
    with their wilds placed. Ways differ in the melds they lay down; which wild card (a
    joker or a 2) fills which wild place is fixed as in the module docstring.

    >>> find_contract("5H 5S 5D 9C 9D 9S", 1)  # doctest: +NORMALIZE_WHITESPACE
    [[('set', (Card('5S'), Card('5H'), Card('5D'))), ('set', (Card('9S'), Card('9D'), Card('9C')))]]
    >>> find_contract("5H 5S 9C 9D 9S", 1)
    []
    """
    cards = _cards_of(hand)
    slots = _deal(deal)
    counts, wilds = hand_key(cards)
    out, seen = [], set()
    for skels, need in _combos(counts, wilds, slots):
        for layout in _spread(skels, wilds - need):
            pool = _Wilds(cards, [(sk, win) for sk, _, win in layout])
            melds = [_layout(sk, extra, win, pool) for sk, extra, win in layout]
            key = tuple(sorted((k, tuple(_INDEX[x] for x in c)) for k, c in melds))  # wilds: -1
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
        for extra in range(0, min(spare, sk.cap - sk.size) + 1):
            wins = _run_windows(sk, extra) if sk.kind == "run" else [None]
            for win in wins:
                for tail in rec(i + 1, spare - extra):
                    yield [(sk, extra, win)] + tail
    yield from rec(0, spare)


def _dump(skels, spare):
    """Give spare wilds to skeletons up to their capacity (runs first, then sets): extras list."""
    extras = [0] * len(skels)
    order = sorted(range(len(skels)), key=lambda i: skels[i].kind != "run")
    for i in order:
        take = min(spare, skels[i].cap - skels[i].size)
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
    plan = _deficit_plan(counts, deal)
    if plan is None or plan[0] > wilds:
        return None
    found = _best_of(counts, wilds, deal, True, False)
    if found is None or sum(sk.need for sk in found[0]) > plan[0]:
        found = _best_of(counts, wilds, deal, True, True)
    return found


def _best_of(counts, wilds, deal, keep_wilds, full):
    """Best combination among all skeletons (``full``) or those using every natural between ends."""
    best, best_val = None, None
    for skels, need in _combos(counts, wilds, CONTRACTS[deal], full=full):
        spare = wilds - need
        if keep_wilds:                      # fewest wilds first, then the most natural penalty
            extras = [0] * len(skels)
            val = sum(sk.value for sk in skels) - 1000 * need
        else:
            extras = _dump(skels, spare)
            val = sum(sk.value for sk in skels) + WILD_PENALTY * (need + sum(extras))
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
    cards = _cards_of(hand)
    _deal(deal)
    counts, wilds = hand_key(cards)
    found = _best_combo(counts, wilds, deal, keep_wilds)
    if found is None:
        return None
    skels, extras = found
    wins = [_default_window(sk, e) if sk.kind == "run" else None for sk, e in zip(skels, extras)]
    pool = _Wilds(cards, list(zip(skels, wins)))
    melds = [_layout(sk, e, w, pool) for sk, e, w in zip(skels, extras, wins)]
    rest = _split(cards, melds)
    return Way(melds, rest, sum(c.penalty for c in rest))


def _deficit_slow(counts, deal):
    """Least wilds needed, by enumerating every combination (reference for tests)."""
    best = None
    for _, need in _combos(counts, 99, CONTRACTS[deal], full=False):
        if best is None or need < best:
            best = need
    return best


@lru_cache(maxsize=1 << 16)
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
            g = min((g for g in groups if i not in g), key=len)
            g.append(i)
        opts.append((3 * j - len(used), tuple(used),
                     tuple(("set", rank, tuple(g)) for g in groups)))
    return tuple(opts)


def _sets_plan(counts, m):
    """(wilds needed, naturals used) for m (2 or 3) sets of 3, or None.

    The m sets split over distinct ranks as 1+1(+1), 2(+1) or 3 sets per rank.
    """
    ranks = []
    for rank in _SET_RANKS:
        cs = (counts[rank - 1], counts[12 + rank], counts[25 + rank], counts[38 + rank])
        if cs != (0, 0, 0, 0):
            ranks.append(_rank_options(rank, cs, m))
    one = sorted((opts[1][0], i) for i, opts in enumerate(ranks))
    best = None
    if len(one) >= m:
        picked = [ranks[i][1] for _, i in one[:m]]
        best = (sum(o[0] for o in picked), sum((o[1] for o in picked), ()),
                sum((o[2] for o in picked), ()))
    for i, opts in enumerate(ranks):
        for j in range(2, len(opts)):
            others = [ranks[k][1] for _, k in one if k != i][:m - j]
            if len(others) < m - j:
                continue
            need = opts[j][0] + sum(o[0] for o in others)
            if best is None or need < best[0]:
                best = (need, opts[j][1] + sum((o[1] for o in others), ()),
                        opts[j][2] + sum((o[2] for o in others), ()))
    return best


@lru_cache(maxsize=1024)
def _suit_windows(s, pattern, m):
    """Candidate run windows of length m in suit s (pattern: counts of ranks 1..13).

    One window per held value (it starts there, or ends at the ace): [(need, used, lo)].
    Some best window always starts at a held value, so these suffice.
    """
    idx = _IDXS[s]
    held = [v for v, c in zip(_VALUES, pattern + pattern[:1]) if c]      # values 1..14
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
        i = k if lo == v else bisect_left(held, lo)
        if j < i:
            j = i
        end = lo + m
        while j < n and held[j] < end:          # the window's end only moves up
            j += 1
        used = tuple(ids[i:j])
        out.append((m - len(used), used, lo))
    return tuple(out)


_VALUES = range(1, 15)


def _bits(values) -> int:
    """Bitmask of run values (bit v for value v in 1..14)."""
    out = 0
    for v in values:
        out |= 1 << v
    return out


def _suit_pair(s, pattern, m):
    """Best (need, used) of two runs of length m in suit s, or None.

    With bitmasks: a natural held once and wanted by both windows serves only one of
    them (the ace: value 1 and value 14 are the same card).
    """
    wins = _suit_windows(s, pattern, m)
    once = _bits(v for v, c in zip(_VALUES, pattern + pattern[:1]) if c == 1)
    ace_once = pattern[0] == 1
    full = (1 << m) - 1
    masks = [(full << w[2], m - w[0]) for w in wins]     # (values covered, naturals held)
    top = max((n for _, n in masks), default=0)
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
        second.append(next(i for i in wins[b][1] if i in first))
        first.remove(second[0])
    groups = (("run", (s, wins[a][2], m), tuple(first)), ("run", (s, wins[b][2], m), tuple(second)))
    return need, tuple(first + second), groups


@lru_cache(maxsize=4096)
def _suit_runs(pattern, m):
    """(best single run, best pair of runs) of length m in a suit with this pattern, each
    (need, used, melds) or None, written for suit 0 (see :func:`_in_suit`): one cache for
    all four suits."""
    wins = _suit_windows(0, pattern, m) if any(pattern) else ()
    if not wins:
        return None, None
    single = min(wins)
    return ((single[0], single[1], (("run", (0, single[2], m), single[1]),)),
            _suit_pair(0, pattern, m))


def _in_suit(plan, s):
    """A (need, used, melds) plan of suit 0 moved to suit s."""
    if not s:
        return plan
    d = 13 * s
    need, used, melds = plan
    return (need, tuple(i + d for i in used),
            tuple((k, (s, lo, m), tuple(i + d for i in nat)) for k, (_, lo, m), nat in melds))


def _runs_plan(counts, m):
    """(wilds needed, naturals used) for two runs of length m, or None."""
    per = [_suit_runs(counts[13 * s:13 * s + 13], m) for s in range(4)]
    best = None                                 # (need, suit, other suit or None for a pair)
    for s1 in range(4):
        one, two = per[s1]
        if one is None:
            continue
        if two is not None and (best is None or two[0] < best[0]):
            best = (two[0], s1, None)
        for s2 in range(s1 + 1, 4):
            other = per[s2][0]
            if other is not None and (best is None or one[0] + other[0] < best[0]):
                best = (one[0] + other[0], s1, s2)
    if best is None:
        return None
    _, s1, s2 = best
    if s2 is None:
        return _in_suit(per[s1][1], s1)
    one, other = _in_suit(per[s1][0], s1), _in_suit(per[s2][0], s2)
    return (one[0] + other[0], one[1] + other[1], one[2] + other[2])


def _set_run_plan(counts, m):
    """(wilds needed, naturals used) for a set of 3 and a run of length m, or None.

    A natural held once that both could use goes to the run, or to the set with a wild
    standing for it in the run (needed when it is the set's only natural: ``JS QS`` and
    5 wilds make ``JS JK JK`` and ``JK QS JK JK``).
    """
    avail = {}                                  # rank -> naturals held, suit by suit
    for i in compress(range(52), counts):
        avail.setdefault(i % 13 + 1, []).append(i)
    if not avail:
        return None
    order = sorted(avail, key=lambda r: (-len(avail[r]), r))
    least_set = 3 - min(3, len(avail[order[0]]))     # no set needs fewer wilds than this
    best = None
    for s in range(4):
        d = 13 * s
        pattern = counts[d:d + 13]
        if not any(pattern):
            continue
        for need_r, used0, lo in _suit_windows(0, pattern, m):    # windows of suit 0, moved by d
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
                nat_run = tuple(i + d for i in used0 if i + d != left)
                best = (need, nat_run + nat_set, (("set", rank, nat_set), ("run", (s, lo, m), nat_run)))
    return best


@lru_cache(maxsize=1024)
def _deficit_plan(counts, deal):
    """(least wilds the naturals need to meet the contract, naturals used, melds), or None.

    The melds are ("set", rank, naturals) and ("run", (suit, lo, length), naturals).
    """
    if deal in (1, 4):
        return _sets_plan(counts, len(CONTRACTS[deal]))
    if deal == 2:
        return _set_run_plan(counts, 4)
    return _runs_plan(counts, CONTRACTS[deal][0][1])


def quick_contract(hand, deal: int) -> Way | None:
    """A way to meet deal's contract with the fewest wilds, straight from the deficit plan.

    Much faster than :func:`best_contract` (no search among the ways with equally few
    wilds; the melds have exactly the contract's sizes), or None if the hand cannot.

    >>> quick_contract("5H 6H 7H 9S 9D JK 2C KD", 2)
    Way(melds=[('set', '9S 9D JK'), ('run', '5H 6H 7H 2C')], rest='KD', penalty=10)
    """
    cards = _cards_of(hand)
    _deal(deal)
    counts, wilds = hand_key(cards)
    plan = _deficit_plan(counts, deal)
    if plan is None or plan[0] > wilds:
        return None
    skels = []
    for kind, key, nat in plan[2]:
        if kind == "set":
            skels.append((_Skel("set", nat, 3 - len(nat), 3, MAX_SET, 0, rank=key), None))
        else:
            suit, lo, m = key
            vals = sorted(v for v in range(lo, lo + m) if _idx(suit, v) in nat)
            skels.append((_Skel("run", nat, m - len(nat), m, MAX_RUN, 0, suit=suit,
                                first=vals[0], last=vals[-1]), (lo, lo + m - 1)))
    pool = _Wilds(cards, skels)
    melds = [_layout(sk, 0, win, pool) for sk, win in skels]
    rest = _split(cards, melds)
    return Way(melds, rest, sum(c.penalty for c in rest))


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
    plan = _deficit_plan(counts, deal)
    return None if plan is None else max(0, plan[0] - wilds)


# ---------------------------------------------------------------- further melds and lay-offs

_INFO_BY_ID: dict = {}


def _table_info(meld):
    """('set', rank, suits (sorted tuple), size) or ('run', suit, lo, hi) of a table meld."""
    if isinstance(meld, Meld):
        hit = _INFO_BY_ID.get(id(meld))
        if hit is not None and hit[0] is meld:
            return hit[1]
        if meld.kind == "run":                  # its place is known: no need to analyse the cards
            start, suit = meld._place
            info = ("run", SUITS.index(suit), start, start + len(meld.cards) - 1)
        else:
            info = _table_info_cached(meld.kind, meld.cards)
        if len(_INFO_BY_ID) > 2048:
            _INFO_BY_ID.clear()
        _INFO_BY_ID[id(meld)] = (meld, info)
        return info
    return _table_info_cached(meld[0], parse_cards(meld[1]))


_INFOS_BY_ID: dict = {}


def _table_infos(table_melds) -> list:
    """:func:`_table_info` of every meld (remembered for the last tables seen)."""
    if isinstance(table_melds, tuple):
        hit = _INFOS_BY_ID.get(id(table_melds))
        if hit is not None and hit[0] is table_melds:
            return hit[1]
        get = _INFO_BY_ID.get               # inline hits of _table_info (a table of ~10 melds)
        infos = []
        for m in table_melds:
            hit = get(id(m))
            infos.append(hit[1] if hit is not None and hit[0] is m else _table_info(m))
        if len(_INFOS_BY_ID) > 256:
            _INFOS_BY_ID.clear()
        _INFOS_BY_ID[id(table_melds)] = (table_melds, infos)
        return infos
    return [_table_info(m) for m in table_melds]


@lru_cache(maxsize=4096)
def _table_info_cached(kind, cards):
    """Cached body of :func:`_table_info`."""
    if kind == "set":
        nats = [c for c in cards if c.is_natural]
        suits = tuple(sorted({SUITS.index(c.suit) for c in nats}))    # a tuple: no GC tracking
        return ("set", nats[0].rank, suits, len(cards))
    vals = run_values(cards)
    suit = next(c.suit for c in cards if c.is_natural)
    return ("run", SUITS.index(suit), vals[0], vals[-1])


def _layoff_targets(info, counts, wilds):
    """Natural lay-offs onto one table meld needing at most ``wilds`` wilds:
    [(natural indices, wilds needed, low vals, high vals)]."""
    if info[0] == "set":
        _, r, suits, size = info
        key = (counts[r - 1], counts[12 + r], counts[25 + r], counts[38 + r])
        if size >= MAX_SET or not any(key[t] for t in range(4) if t not in suits):
            return ()                           # no natural of a suit the set lacks, or full
        return _layoff_targets_cached(info, key, wilds)
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
    return _layoff_targets_cached(info, counts[13 * s:13 * s + 13], wilds)


@lru_cache(maxsize=1 << 14)
def _layoff_targets_cached(info, part, wilds):
    """:func:`_layoff_targets` from the relevant part of the counts (memoized): a set's
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
    idx = _IDXS[s]
    held = (False,) + tuple(part[(v - 1) % 13] > 0 for v in range(1, 15))     # by value 1..14
    lows = [lo] + [v for v in range(lo - 1, max(0, hi - MAX_RUN), -1) if held[v]]
    highs = [hi] + [v for v in range(hi + 1, min(15, lo + MAX_RUN)) if held[v]]
    ups = []                                    # (new high end, naturals above, gaps above)
    for nhi in highs:
        up = range(hi + 1, nhi + 1)
        nat = tuple(idx[v] for v in up if held[v])
        ups.append((nhi, nat, len(up) - len(nat)))
    out = []
    for nlo in lows:
        down = range(nlo, lo)
        low_nat = tuple(idx[v] for v in down if held[v])
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


def _extra_cands(counts, wilds, cards=None):
    """Skeletons of possible new melds (3+ cards) from a hand: sets, then runs.

    Quick checks first (from ``cards``, the hand, if given): most hands late in a deal can
    form no new meld at all.
    """
    if wilds >= 2:
        sets_ok = runs_ok = any(counts)
    else:
        sets_ok, runs_ok = _new_meld_possible(counts, wilds) if cards is None else \
            _new_meld_possible_cards(cards, wilds)
    out = []
    if sets_ok:
        out += [sk for sk in _set_skels(counts, 3) if sk.need <= wilds]
    if runs_ok:
        out += [sk for sk in _run_skels(counts, 3, False) if sk.need <= wilds]
    return out


def _new_meld_possible(counts, wilds):
    """(a new set might be formed, a new run might be formed) with fewer than 2 wilds."""
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


def _new_meld_possible_cards(cards, wilds):
    """:func:`_new_meld_possible` from the cards of the hand (faster for a short hand): with
    bitmasks of the suits held per rank and the run values (1..14) held per suit."""
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
    counts, wilds = hand_key(hand)
    if card.is_wild:
        return True
    r, s = card.rank, SUITS.index(card.suit)
    idx = _IDXS[s]
    vals = (1, 14) if r == 1 else (r,)
    if sum(1 for t in range(4) if t != s and counts[13 * t + r - 1]) + 1 + wilds >= 3:
        return True                                          # a new set
    for v in vals:                                           # a new run of 3 through it
        for lo in range(max(1, v - 2), min(v, 12) + 1):
            if sum(1 for w in range(lo, lo + 3) if w != v and not counts[idx[w]]) <= wilds:
                return True
    for info in _table_infos(table_melds):
        if info[0] == "set":
            if info[1] == r and s not in info[2] and info[3] < MAX_SET:
                return True
            continue
        if info[1] != s:
            continue
        _, _, lo, hi = info
        for v in vals:
            if v > hi and v - lo + 1 <= MAX_RUN:
                gaps = range(hi + 1, v)
            elif v < lo and hi - v + 1 <= MAX_RUN:
                gaps = range(v + 1, lo)
            else:
                continue
            if sum(1 for w in gaps if not counts[idx[w]]) <= wilds:
                return True
    return False


def best_extra_melds(hand, table_melds=(), max_nodes: int = _MAX_NODES) -> Extra:
    """The further melds and lay-offs (rule 13) that leave the least penalty in hand.

    ``table_melds``: Meld values or (kind, cards) pairs on the table (a run low to high).
    Naturals are placed by exhaustive search (new melds use every natural between their
    ends); the wilds left over are then laid off wherever there is room. Wild replacement
    (rule 14) is not considered. The search stops after ``max_nodes`` nodes (never reached
    by hands of normal size) and returns the best found.

    >>> best_extra_melds("8H 9H 4S 4D 4C KD", [("run", "5H 6H 7H")])
    Extra(melds=[('set', '4S 4D 4C')], layoffs=[Layoff(0, low='', high='8H 9H')], rest='KD', penalty=10)
    >>> best_extra_melds("JK QS", [("set", "QH QD QC")]).layoffs   # one place: the wild is worth more
    [Layoff(0, low='', high='JK')]
    """
    cards = _cards_of(hand)
    counts, wilds = hand_key(cards)
    infos = _table_infos(table_melds)
    ranks = {c.rank for c in cards if c.is_natural}
    suits = {SUITS.index(c.suit) for c in cards if c.is_natural}
    targets = []                               # (meld index, its non-empty natural options)
    for i, info in enumerate(infos):
        if info[1] not in (ranks if info[0] == "set" else suits):
            continue                           # no natural of the hand can go there
        opts = _layoff_targets(info, counts, wilds)
        if opts:
            targets.append((i, opts))
    cands = _extra_cands(counts, wilds, cards)
    if not targets and not cands:                 # only spare wilds to lay off
        if not wilds:
            rest = _sorted(cards)
            return Extra([], [], rest, sum(c.penalty for c in rest))
        return _extra_result(cards, infos, [], [], 0, wilds)
    if not cands and not wilds:
        lays = _independent_layoffs(targets)
        if lays is not None:
            return _extra_result(cards, infos, [], lays, 0, 0)
    room0 = sum(MAX_SET - info[3] if info[0] == "set" else MAX_RUN - (info[3] - info[2] + 1)
                for info in infos)
    ample = _AMPLE_SHORTCUT and room0 >= len(cards) + wilds   # every spare wild finds room
    if not cands and ample and len(targets) == 1:
        lays = _independent_layoffs(targets)
        return _extra_result(cards, infos, [], lays, lays[0][1][1], wilds)
    cnt = list(counts)
    state = {"best": None, "val": -1, "nodes": 0}
    later = [sorted({x for _, opts in targets[t:] for o in opts for x in o[0]})
             for t in range(len(targets) + 1)]
    getters = [itemgetter(*xs) if xs else (lambda _: ()) for xs in later]
    memo = {}

    def suffix(t, need):
        """With ample room: (most natural penalty laid off onto targets t.., wilds, choices)."""
        key = (t, need, getters[t](cnt))
        hit = memo.get(key)
        if hit is not None:
            return hit
        state["nodes"] += 1
        best = suffix(t + 1, need) if t < len(targets) else (0, need, ())
        if t < len(targets):
            i, opts = targets[t]
            for opt in opts:
                nat, w = opt[0], opt[1]
                if need + w > wilds or any(cnt[x] < nat.count(x) for x in nat):
                    continue
                for x in nat:
                    cnt[x] -= 1
                val, nd, ch = suffix(t + 1, need + w)
                for x in nat:
                    cnt[x] += 1
                val += sum(_PEN[x % 13] for x in nat)
                if val > best[0]:
                    best = (val, nd, ((i, opt),) + ch)
        memo[key] = best
        return best

    def lay(t, need, added, value, chosen, lays):
        """Choose a lay-off onto target t (or none), then finish."""
        state["nodes"] += 1
        if t == len(targets):
            finish(need, added, value, chosen, lays)
            return
        lay(t + 1, need, added, value, chosen, lays)
        i, opts = targets[t]
        for opt in opts:
            nat, w = opt[0], opt[1]
            if need + w > wilds or any(cnt[x] < nat.count(x) for x in nat):
                continue
            for x in nat:
                cnt[x] -= 1
            lays.append((i, opt))
            lay(t + 1, need + w, added + len(nat) + w, value + sum(_PEN[x % 13] for x in nat),
                chosen, lays)
            lays.pop()
            for x in nat:
                cnt[x] += 1
            if state["nodes"] > max_nodes:
                return

    def finish(need, added, value, chosen, lays):
        """Score a full choice: naturals placed, spare wilds laid where there is room."""
        room = room0 - added + sum(sk.cap - sk.size for sk in chosen)
        val = value + WILD_PENALTY * (need + min(wilds - need, room))
        if val > state["val"]:
            state["val"] = val
            state["best"] = (list(chosen), list(lays), need)

    def pick(start, need, value, chosen):
        """Choose further new melds (non-decreasing candidate index), then lay-offs."""
        state["nodes"] += 1
        if ample:
            val, nd, ch = suffix(0, need)
            if value + val + WILD_PENALTY * wilds > state["val"]:
                state["val"] = value + val + WILD_PENALTY * wilds
                state["best"] = (list(chosen), list(ch), nd)
        else:
            lay(0, need, 0, value, chosen, [])
        for j in range(start, len(cands)):
            if state["nodes"] > max_nodes:
                return
            sk = cands[j]
            if need + sk.need > wilds or any(cnt[x] == 0 for x in sk.nat):
                continue
            for x in sk.nat:
                cnt[x] -= 1
            chosen.append(sk)
            pick(j, need + sk.need, value + sk.value, chosen)
            chosen.pop()
            for x in sk.nat:
                cnt[x] += 1

    pick(0, 0, 0, [])
    del suffix, lay, finish, pick      # the closures refer to each other: free them now, not in a GC pass
    return _extra_result(cards, infos, *state["best"], wilds)


def _independent_layoffs(targets):
    """The search's choice when no two targets share a natural and no new meld is possible
    (and the wilds do not matter: none, or one target with room for every wild): on each
    target its first option of the highest natural penalty. None if targets share one."""
    seen = set()
    lays = []
    for i, opts in targets:
        xs = {x for o in opts for x in o[0]}
        if seen & xs:
            return None
        seen |= xs
        best, best_val = None, 0
        for o in opts:
            val = sum(_PEN[x % 13] for x in o[0])
            if val > best_val:
                best, best_val = o, val
        lays.append((i, best))
    return lays


def _extra_result(cards, infos, chosen, lays, need, wilds) -> Extra:
    """Lay out the best choice of further melds and lay-offs (spare wilds: new melds, then table)."""
    spare = wilds - need
    extras = []
    for sk in chosen:
        take = min(spare, sk.cap - sk.size)
        extras.append(take)
        spare -= take
    wins = [_default_window(sk, e) if sk.kind == "run" else None for sk, e in zip(chosen, extras)]
    pool = _Wilds(cards, list(zip(chosen, wins)))
    melds = [_layout(sk, e, w, pool) for sk, e, w in zip(chosen, extras, wins)]
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
                layoffs.append(Layoff(i, (), tuple(add)))
            continue
        _, s, lo, hi = info
        nlo = low[0] if low else lo
        nhi = high[1] if high else hi
        more = min(spare, MAX_RUN - (nhi - nlo + 1))
        spare -= more
        up = min(more, 14 - nhi)
        nhi += up
        nlo -= more - up
        lows = tuple(_run_card(s, v, nat, pool) for v in range(nlo, lo))
        highs = tuple(_run_card(s, v, nat, pool) for v in range(hi + 1, nhi + 1))
        if lows or highs:
            layoffs.append(Layoff(i, lows, highs))
    rest = list(cards)
    for c in [c for _, cs in melds for c in cs] + [c for lf in layoffs for c in lf.cards]:
        rest.remove(c)
    rest = _sorted(rest)
    return Extra(melds, layoffs, rest, sum(c.penalty for c in rest))


def _run_card(s, v, counts_nat, pool):
    """The card placed at run value v of suit s: the natural if chosen, else a wild."""
    i = _idx(s, v)
    if i in counts_nat:
        return _CARDS[i]
    return pool.take(_TWOS[SUITS[s]] if v == 2 else None)
