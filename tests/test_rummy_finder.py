"""Tests of the rummy meld finder: hand-made hands per deal, a brute-force cross-check,
best way = least penalty, the contract deficit, further melds and lay-offs."""

from pushlab.display import html_of
from collections import Counter
from itertools import combinations, product

import numpy as np
import pytest

from pushlab.errors import ParseError
from pushlab.rummy import (CONTRACTS, Card, HAND_SIZES, Meld, full_deck, is_valid_meld, meets_contract,
                           parse_cards, penalty)
from pushlab.rummy.finder import (best_contract, best_extra_melds, contract_deficit, deficit_plan,
                                  find_contract, hand_key, might_place, quick_contract, reference)
from pushlab.rummy.finder.extra import layoff_targets, new_meld_possible, table_infos

DECK = full_deck()


def cards(text):
    """Cards from notation."""
    return parse_cards(text)


def pairs(melds):
    """Melds as (kind, cards) pairs."""
    return [(m.kind, m.cards) for m in melds]


def abstract(way):
    """A way (Melds or (kind, cards) pairs) with every wild written W (which wild fills which
    place is not a difference)."""
    way = [(m.kind, m.cards) if isinstance(m, Meld) else m for m in way]
    return tuple(sorted((k, tuple("W" if c.is_wild else str(c) for c in cs)) for k, cs in way))


def random_hands(seed, deal, n_hands, extra=0):
    """Seeded random hands of the deal's size (plus extra cards)."""
    rng = np.random.default_rng(seed)
    n = HAND_SIZES[deal] + extra
    return [tuple(DECK[i] for i in rng.choice(len(DECK), n, replace=False)) for _ in range(n_hands)]


def rich_hands(seed, deal, n_hands):
    """Seeded hands built around the contract (with wilds, aces, noise; a third lose a card)."""
    rng = np.random.default_rng(seed)
    wilds = [c for c in DECK if c.is_wild]
    limit = Counter(DECK)
    out = []
    while len(out) < n_hands:
        hand = []
        for kind, size in CONTRACTS[deal]:
            if kind == "set":
                rank = int(rng.choice([1] + list(range(3, 14))))
                k = int(rng.integers(1, 4))
                hand += [Card(rank, s) for s in rng.choice(list("SHDC"), k, replace=False)]
                hand += [wilds[i] for i in rng.choice(12, size - k)]
            else:
                suit = str(rng.choice(list("SHDC")))
                lo = int(rng.integers(1, 16 - size))
                for v in range(lo, lo + size):
                    hand.append(wilds[int(rng.integers(12))] if rng.random() < 0.25
                                else Card(1 if v == 14 else v, suit))
        hand += [DECK[i] for i in rng.choice(108, int(rng.integers(0, 2)))]
        if rng.random() < 1 / 3:
            hand.pop(int(rng.integers(len(hand))))
        if all(k <= limit[c] for c, k in Counter(hand).items()) and any(c.is_natural for c in hand):
            out.append(tuple(hand))
    return out


# ---------------------------------------------------------------- brute force (independent)

def brute_melds(hand):
    """Every valid meld (kind, cards) from hand, found by trying subsets and run windows."""
    out = set()
    idx = range(len(hand))
    for size in range(3, len(hand) + 1):
        for sub in combinations(idx, size):
            cs = [hand[i] for i in sub]
            if size <= 4 and is_valid_meld(cs, "set"):
                nat = sorted(c for c in cs if c.is_natural)
                out.add(("set", tuple(nat + sorted(c for c in cs if c.is_wild))))
            nats = [c for c in cs if c.is_natural]
            wild = sorted(c for c in cs if c.is_wild)
            for lo in range(1, 16 - size):
                seq, ok = [None] * size, True
                for c in nats:
                    vals = [v for v in (c.rank, 14 if c.rank == 1 else None) if v and lo <= v < lo + size]
                    if len(vals) != 1 or seq[vals[0] - lo] is not None:
                        ok = False
                        break
                    seq[vals[0] - lo] = c
                if not ok:
                    continue
                it = iter(wild)
                seq = tuple(c if c is not None else next(it) for c in seq)
                if is_valid_meld(seq, "run"):
                    out.add(("run", seq))
    return sorted(out, key=str)


def brute_ways(hand, deal):
    """Every way (abstracted) to meet deal's contract with exactly its number of melds."""
    slots = CONTRACTS[deal]
    melds = brute_melds(hand)
    have = Counter(hand)
    found = set()

    def rec(i, used, chosen):
        if i == len(slots):
            if meets_contract(chosen, deal):
                found.add(abstract(chosen))
            return
        kind, size = slots[i]
        for m in melds:
            if m[0] != kind or len(m[1]) < size:
                continue
            u = used + Counter(m[1])
            if all(u[c] <= have[c] for c in u):
                rec(i + 1, u, chosen + [m])

    rec(0, Counter(), [])
    return found


# ---------------------------------------------------------------- hand-made hands

def test_deal1_two_sets_with_a_wild():
    ways = find_contract("7H 7S JK 9C 9D 9S", 1)
    assert ways == [[Meld("set", "7S 7H JK"), Meld("set", "9S 9D 9C")]]
    assert best_contract("7H 7S JK 9C 9D 9S", 1).penalty == 0


def test_deal1_impossible_without_enough_naturals():
    assert find_contract("7H 7S 9C 9D KS QS", 1) == []
    assert best_contract("7H 7S 9C 9D KS QS", 1) is None
    assert contract_deficit("7H 7S 9C 9D KS QS", 1) == 2


def test_deal2_set_and_run_with_high_ace():
    way = best_contract("QC KC AC JK 5H 5S 5D", 2)
    assert pairs(way.melds) == [("set", cards("5S 5H 5D")), ("run", cards("JK QC KC AC"))]
    assert way.rest == () and way.penalty == 0


def test_deal3_low_ace_run_and_own_two_is_natural_in_place():
    way = best_contract("AD 3D 4D 2D 7S 8S 9S 10S", 3)
    assert Meld("run", "AD 2D 3D 4D") in way.melds       # 2D in its own place (rule 10)
    assert Meld("run", "7S 8S 9S 10S") in way.melds
    assert Meld("run", "AD 2D 3D 4D").natural == (True,) * 4


def test_own_two_goes_to_its_place_even_when_another_meld_needs_a_wild():
    way = best_contract("AH 3H 4H 5S 5D 2H 2C", 2)
    assert way.melds == [Meld("set", "5S 5D 2C"), Meld("run", "AH 2H 3H 4H")]
    assert all(m.natural.count(False) <= 1 for m in way.melds)


def test_no_wrap_around():
    # K A JK(2) 3 of clubs would be a run of 4 only with wrap-around (rule 9)
    assert find_contract("KC AC 3C JK 9S 10S JS QS", 3) == []
    assert best_contract("KC AC 3C JK 9S 10S JS QS", 3) is None
    assert contract_deficit("KC AC 3C JK 9S 10S JS QS", 3) == 1


def test_full_sets_leave_a_natural_rather_than_the_wild():
    # sets hold 4 cards: keeping all eight naturals would leave the joker (20 points)
    way = best_contract("7H 7S 7D 7C 9H 9S 9D 9C JK", 1)
    assert meets_contract(way.melds, 1) and way.penalty == 5
    assert [c for c in way.rest if c.is_wild] == []


def test_deal4_three_sets_with_two_copies():
    way = best_contract("7H 7S 7H 7S JK 2D KH KS KD", 4)
    assert way is not None and way.penalty == 0
    assert sorted(len(m) for m in way.melds) == [3, 3, 3]


def test_deal5_two_runs_of_five_in_one_suit_from_both_copies():
    hand = "3H 4H 5H 6H 7H 3H 4H 5H 6H JK"
    way = best_contract(hand, 5)
    assert way.penalty == 0 and meets_contract(way.melds, 5)
    assert all(m.kind == "run" and len(m) >= 5 for m in way.melds)


def test_keep_wilds_uses_fewest_wilds():
    hand = "5H 6H 7H 8H 9S 9D JK 2C"
    assert best_contract(hand, 2).penalty == 0
    kept = best_contract(hand, 2, keep_wilds=True)
    assert kept.rest == cards("2C") and kept.penalty == 20


def test_two_runs_of_one_suit_share_a_single_natural():
    # both runs span 5S and 7S, held once: one run must take a wild there
    hand = "3S 4S 4S 5S 6S 6S 7S JK 2D 8S"
    way = best_contract(hand, 5, keep_wilds=True)
    assert way is not None and way.penalty == 0 and meets_contract(way.melds, 5)
    assert contract_deficit(hand, 5) == 0


def test_bad_input_raises_domain_errors():
    with pytest.raises(ParseError, match="deals 1 to 5"):
        find_contract("5H 5S 5D 9C 9D 9S", 6)
    with pytest.raises(ParseError, match="5X"):
        best_contract("5X 5S", 1)
    with pytest.raises(ParseError):
        contract_deficit("5H", 0)
    with pytest.raises(ParseError):
        best_contract("5H 5S 5D", [1])


# ---------------------------------------------------------------- cross-checks on many hands

@pytest.mark.parametrize("deal", [1, 2, 3, 4])
def test_find_contract_equals_brute_force(deal):
    hands = rich_hands(10 + deal, deal, 20 if deal < 4 else 8)
    nonempty = 0
    for hand in hands:
        mine = find_contract(hand, deal)
        assert len({abstract(w) for w in mine}) == len(mine), "ways are distinct"
        for way in mine:
            assert meets_contract(way, deal)
            used = Counter(c for m in way for c in m.cards)
            assert all(used[c] <= Counter(hand)[c] for c in used)
        assert {abstract(w) for w in mine} == brute_ways(hand, deal), hand
        nonempty += bool(mine)
    assert nonempty >= 2          # the check is not vacuous


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_best_is_least_penalty_among_all_ways(deal):
    for hand in rich_hands(20 + deal, deal, 15):
        ways = find_contract(hand, deal)
        best = best_contract(hand, deal)
        assert (best is None) == (not ways) == (contract_deficit(hand, deal) != 0)
        if ways:
            least = min(penalty(Counter(hand) - Counter(c for m in w for c in m.cards)) for w in ways)
            assert best.penalty == least == penalty(best.rest)
            assert meets_contract(best.melds, deal)
            assert Counter(best.rest) + Counter(c for m in best.melds for c in m.cards) == Counter(hand)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_keep_wilds_is_fewest_wilds_then_least_penalty(deal):
    checked = 0
    for hand in rich_hands(40 + deal, deal, 15):
        ways = find_contract(hand, deal)
        kept = best_contract(hand, deal, keep_wilds=True)
        assert (kept is None) == (not ways)
        if not ways:
            continue
        def key(way):
            used = [c for m in way for c in m.cards]
            return (sum(c.is_wild for c in used), penalty(Counter(hand) - Counter(used)))
        assert key(kept.melds) == min(key(w) for w in ways)
        assert meets_contract(kept.melds, deal)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_quick_contract_uses_the_fewest_wilds(deal):
    checked = 0
    for hand in rich_hands(60 + deal, deal, 40) + random_hands(70 + deal, deal, 20, 6):
        quick = quick_contract(hand, deal)
        assert (quick is None) == (contract_deficit(hand, deal) != 0)
        if quick is None:
            continue
        assert meets_contract(quick.melds, deal)
        used = Counter(c for m in quick.melds for c in m.cards)
        assert used + Counter(quick.rest) == Counter(hand)
        kept = best_contract(hand, deal, keep_wilds=True)
        wild = lambda way: sum(c.is_wild for m in way.melds for c in m.cards)  # noqa: E731
        assert wild(quick) == wild(kept)
        checked += 1
    assert checked >= 10


def test_finder_melds_carry_the_analysis_detail():
    """The finder lays melds out without analysing them again (skeletons._layout): each meld's
    detail (a set's rank; a run's first value and suit) is what the analysis of its cards
    finds, for the contract (best, fewest wilds, quick) and further melds. About 0.4 s."""
    from pushlab.rummy.melds import _analyse_cached
    table = [("run", "5H 6H 7H"), ("set", "QH QD QC"), ("run", "JK 3C 4C")]
    melds = []
    for deal in CONTRACTS:
        for hand in rich_hands(80 + deal, deal, 12) + random_hands(90 + deal, deal, 12, 6):
            for way in (best_contract(hand, deal), best_contract(hand, deal, keep_wilds=True),
                        quick_contract(hand, deal)):
                melds += way.melds if way is not None else []
            melds += best_extra_melds(hand, table).melds
    runs = [m for m in melds if m.kind == "run"]
    assert len(melds) > 150 and len(runs) > 50
    assert {m.cards[0].rank == 1 or m.cards[-1].rank == 1 for m in runs} == {True, False}
    for m in melds:
        assert _analyse_cached(m.cards, m.kind) == (None, m._detail), m


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_fast_deficit_equals_enumeration(deal):
    for extra in (0, 4):
        for hand in random_hands(30 + deal, deal, 40, extra):
            counts, _ = hand_key(hand)
            plan = deficit_plan(counts, deal)
            slow = reference.deficit(counts, deal)
            assert (plan and plan[0]) == slow or (plan is None and slow is None)
            if plan:                               # the plan's naturals are really held
                assert all(k <= counts[i] for i, k in Counter(plan[1]).items())


def test_deficit_drops_by_one_per_wild():
    hand = cards("5H 5S 9C 9D KH")
    assert contract_deficit(hand, 1) == 2
    assert contract_deficit(hand + cards("JK"), 1) == 1
    assert contract_deficit(hand + cards("JK 2C"), 1) == 0
    assert contract_deficit("JK 2C 2D", 1) is None


# ---------------------------------------------------------------- further melds and lay-offs

def apply_extra(table, extra):
    """Lay the planned cards one by one with the Meld API (raises if a step is illegal)."""
    table = list(table)
    for lay in extra.layoffs:
        m = table[lay.index]
        for c in reversed(lay.low):
            m = m.lay_off(c, "low")
        for c in lay.high:
            m = m.lay_off(c, None if m.kind == "set" else "high")
        table[lay.index] = m
    return table + list(extra.melds)


def test_extra_lays_off_at_both_ends_and_melds():
    table = [Meld("run", "5H 6H 7H"), Meld("set", "QH QD QC")]
    extra = best_extra_melds("4H 8H 9H QS 4S 4D 4C KD", table)
    assert extra.rest == cards("KD") and extra.penalty == 10
    new = apply_extra(table, extra)
    assert new[0].cards == cards("4H 5H 6H 7H 8H 9H") and new[1].cards == cards("QH QD QC QS")


def test_extra_bridges_a_gap_with_a_wild_and_extends_to_high_ace():
    table = [Meld("run", "9C 10C JC")]
    extra = best_extra_melds("KC AC JK 5D", table)
    new = apply_extra(table, extra)
    assert new[0].cards == cards("9C 10C JC JK KC AC")
    assert extra.rest == cards("5D")


def test_extra_with_nothing_to_do_leaves_the_hand():
    extra = best_extra_melds("5D 9S", [Meld("run", "5H 6H 7H")])
    assert extra.melds == [] and extra.layoffs == []
    assert Counter(extra.rest) == Counter(cards("5D 9S")) and extra.penalty == 10


def test_extra_invariants_on_random_positions():
    rng = np.random.default_rng(5)
    tables = [[Meld("run", "5H 6H 7H"), Meld("set", "9S 9D JK")],
              [Meld("run", "JK 3C 4C 5C"), Meld("run", "10D JD QD"), Meld("set", "AS AH AC")],
              []]
    for k in range(30):
        hand = tuple(DECK[i] for i in rng.choice(108, int(rng.integers(2, 10)), replace=False))
        table = tables[k % 3]
        extra = best_extra_melds(hand, table)
        new = apply_extra(table, extra)                  # every step legal
        placed = Counter(c for m in new for c in m.cards) - Counter(c for m in table for c in m.cards)
        assert placed + Counter(extra.rest) == Counter(hand)
        assert extra.penalty == penalty(extra.rest)
        assert extra.penalty <= penalty(hand)


def test_might_place_never_rules_out_a_card_the_search_places():
    rng = np.random.default_rng(8)
    tables = [[Meld("run", "5H 6H 7H"), Meld("set", "9S 9D JK")],
              [Meld("run", "JK 3C 4C 5C"), Meld("run", "10D JD QD"), Meld("set", "AS AH AC")],
              [Meld("run", "QS KS AS")], []]
    ruled_out = 0
    for k in range(120):
        hand = tuple(DECK[i] for i in rng.choice(108, int(rng.integers(1, 8)), replace=False))
        card = DECK[int(rng.integers(108))]
        table = tables[k % 4]
        if not might_place(card, hand, table):
            ruled_out += 1
            extra = best_extra_melds(hand + (card,), table)
            assert Counter(extra.rest)[card] == Counter(hand + (card,))[card]
    assert ruled_out > 20


def test_lay_off_shortcut_equals_exhaustive_search():
    rng = np.random.default_rng(21)
    tables = [[Meld("run", "5H 6H 7H"), Meld("set", "9S 9D JK"), Meld("run", "3H 4H 5H 6H")],
              [Meld("run", "JK 3C 4C 5C"), Meld("run", "10D JD QD"), Meld("set", "AS AH AC"),
               Meld("run", "8C 9C 10C")]]
    fast = []
    for k in range(40):
        hand = tuple(DECK[i] for i in rng.choice(108, int(rng.integers(2, 9)), replace=False))
        fast.append((hand, tables[k % 2], best_extra_melds(hand, tables[k % 2]).penalty))
    for hand, table, pen in fast:
        assert reference.best_extra_melds(hand, table).penalty == pen


def test_html_views_show_the_cards():
    way = best_contract("7H 7S JK 9C 9D 9S KH", 1)
    assert "left in hand" in html_of(way) and "K" in html_of(way)
    extra = best_extra_melds("8H KD", [Meld("run", "5H 6H 7H")])
    html = html_of(extra)
    assert "lay off on meld 0" in html and "(10 points)" in html


# ---------------------------------------------------------------- brute force by assignment

JOKER_CARD = Card.parse("JK")


def _run_layouts(nats, n):
    """Every run of n cards placing each natural at its value (an ace at 1 or 14), wilds elsewhere."""
    for lo in range(1, 16 - n):
        seq, ok = [None] * n, True
        for c in nats:
            vals = [v for v in (c.rank, 14 if c.rank == 1 else None) if v and lo <= v < lo + n]
            if len(vals) != 1 or seq[vals[0] - lo] is not None:
                ok = False
                break
            seq[vals[0] - lo] = c
        if ok:
            yield [c if c is not None else JOKER_CARD for c in seq]


_RANGE = {}


def meld_wilds(kind, size, nats):
    """(fewest, most) wilds making a valid ``kind`` of at least ``size`` cards with these
    naturals (checked with is_valid_meld), or None; every count between is valid too."""
    key = (kind, size, nats)
    if key not in _RANGE:
        ok = []
        for w in range(14):
            n = len(nats) + w
            if n < size:
                continue
            cands = ([list(nats) + [JOKER_CARD] * w] if kind == "set" else _run_layouts(nats, n))
            if any(is_valid_meld(cs, kind) for cs in cands):
                ok.append(w)
        assert ok == list(range(ok[0], ok[-1] + 1)) if ok else True
        _RANGE[key] = (ok[0], ok[-1]) if ok else None
    return _RANGE[key]


def brute_assignments(hand, deal):
    """Every split of the hand's naturals among the contract's melds (each meld at least one,
    the rest stay in hand) with each meld's (fewest, most) wilds: [(groups, ranges, rest)]."""
    slots = CONTRACTS[deal]
    nats = sorted(c for c in hand if c.is_natural)
    out = []
    for assign in product(range(len(slots) + 1), repeat=len(nats)):
        groups = [tuple(c for c, a in zip(nats, assign) if a == i) for i in range(len(slots))]
        if not all(groups):
            continue
        ranges = []
        for (kind, size), g in zip(slots, groups):
            ranges.append(meld_wilds(kind, size, g))
            if ranges[-1] is None:      # this split cannot make the contract: the rest need not be asked
                break
        else:
            out.append((groups, ranges, [c for c, a in zip(nats, assign) if a == len(slots)]))
    return out


def signature(way):
    """A way as its melds' (kind, naturals, number of wilds), in sorted order."""
    return tuple(sorted((k, tuple(sorted(c for c in cs if c.is_natural)), sum(c.is_wild for c in cs))
                        for k, cs in pairs(way)))


def cluster_hands(seed, deal, n_hands):
    """Seeded small hands (at most 6 or 8 naturals) of naturals close together in one to four suits,
    with double-deck copies, plus 0-6 wilds (jokers and 2s of those suits): about the deal's size."""
    rng = np.random.default_rng(seed)
    most = 6 if len(CONTRACTS[deal]) > 2 else 8       # naturals: (melds + 1) ** naturals splits
    out = []
    while len(out) < n_hands:
        suits = list(rng.choice(list("SHDC"), int(rng.integers(1, 5)), replace=False))
        lo, width = int(rng.integers(1, 11)), int(rng.integers(2, 8))
        pool = [Card(1 if v == 14 else v, s) for v in range(lo, min(15, lo + width)) if v != 2
                for s in suits] * 2
        pool += [Card(r, str(s)) for r in (1, 7, 12) for s in rng.choice(list("SHDC"), 2)]
        nats = [pool[i] for i in rng.choice(len(pool), int(rng.integers(1, most + 1)), replace=False)]
        wilds = [JOKER_CARD if rng.random() < 0.5 else Card(2, str(rng.choice(suits)))
                 for _ in range(min(6, max(0, HAND_SIZES[deal] - len(nats) + int(rng.integers(-2, 2)))))]
        out.append(tuple(nats + wilds))
    return out


def check_way(way, hand, deal):
    """A way is valid, meets the contract and uses cards of the hand."""
    assert meets_contract(way, deal), (hand, way)
    used = Counter(c for m in way for c in m.cards)
    assert not used - Counter(hand), (hand, way)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_finder_equals_brute_force_over_assignments(deal):
    """contract_deficit, find_contract, best_contract (both modes) and quick_contract against
    every assignment of the naturals to the contract's melds (wilds: counts per meld)."""
    met = 0
    for hand in cluster_hands(900 + deal, deal, 250) + [
            cards("JS QS JK JK JK JK JK"), cards("AS JS QS JK JK JK JK"), cards("5H 5H 6H JK 2D"),
            cards("AS KS JK 2H 2D"), cards("9C 9D 9C JK JK 2S"), cards("5H 6H 7H 8H 9H 6H JK JK 2H"),
            cards("AS KS QS JS 10S 9S 8S JK 2S")]:
        wilds = sum(c.is_wild for c in hand)
        splits = brute_assignments(hand, deal)
        need = min((sum(r[0] for r in rs) for _, rs, _ in splits), default=None)
        assert contract_deficit(hand, deal) == (None if need is None else max(0, need - wilds)), hand
        # every way: the (naturals, wilds) of each meld, wild counts within range and in total
        ways = set()
        for groups, ranges, _ in splits:
            for ws in product(*[range(a, b + 1) for a, b in ranges]):
                if sum(ws) <= wilds:
                    ways.add(tuple(sorted((k, g, w) for (k, _), g, w in zip(CONTRACTS[deal], groups, ws))))
        found = find_contract(hand, deal)
        for way in found:
            check_way(way, hand, deal)
        assert {signature(w) for w in found} == ways, hand
        ok = [(g, rs, rest) for g, rs, rest in splits if sum(r[0] for r in rs) <= wilds]
        best, kept, quick = (best_contract(hand, deal), best_contract(hand, deal, keep_wilds=True),
                             quick_contract(hand, deal))
        assert (best is None) == (kept is None) == (quick is None) == (not ok), hand
        if not ok:
            continue
        met += 1
        least = min(penalty(rest) + 20 * (wilds - min(wilds, sum(r[1] for r in rs))) for _, rs, rest in ok)
        fewest = min((sum(r[0] for r in rs), penalty(rest) + 20 * (wilds - sum(r[0] for r in rs)))
                     for _, rs, rest in ok)
        for way in (best, kept, quick):
            check_way(way.melds, hand, deal)
            assert Counter(way.rest) + Counter(c for m in way.melds for c in m.cards) == Counter(hand)
            assert way.penalty == penalty(way.rest)
        assert best.penalty == least, hand
        used_wilds = lambda way: sum(c.is_wild for m in way.melds for c in m.cards)  # noqa: E731
        assert (used_wilds(kept), kept.penalty) == fewest, hand
        assert used_wilds(quick) == fewest[0], hand
    assert met >= 10            # the check is not vacuous


def test_quick_prechecks_agree_with_the_full_ones():
    """The bitmask test for new melds equals the counts-based one; the reach test of lay-off
    targets returns nothing exactly when the memoized enumeration finds nothing."""
    rng = np.random.default_rng(17)
    tables = [[Meld("run", "5H 6H 7H"), Meld("set", "9S 9D JK"), Meld("run", "JK 3C 4C 5C")],
              [Meld("run", "10D JD QD"), Meld("set", "AS AH AC"), Meld("run", "QS KS AS"),
               Meld("set", "KH KD KC KS"), Meld("run", "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")]]
    found = 0
    for k in range(400):
        hand = tuple(DECK[i] for i in rng.choice(108, int(rng.integers(1, 11)), replace=False))
        counts, wilds = hand_key(hand)
        if wilds < 2:                          # as the search asks (2 wilds: always maybe)
            assert new_meld_possible(hand, wilds) == reference.new_meld_possible(counts, wilds), hand
        for info in table_infos(tables[k % 2]):
            full = reference.layoff_targets(info, counts, wilds)
            assert layoff_targets(info, counts, wilds) == full, (hand, info)
            found += bool(full)
    assert found > 50


def test_runs_plan_asks_for_two_runs_in_a_suit_only_when_they_could_win():
    """The runs planner skips the pair search of a suit that cannot win; its plans equal the
    reference's, which evaluates every candidate (hands piled in one or two suits, where
    two runs in a suit do win). About 0.3 s."""
    from pushlab.rummy.finder.contract import _runs_plan
    rng = np.random.default_rng(24)
    pairs = 0
    for k in range(1000):
        counts = [0] * 52
        suits = rng.choice(4, int(rng.integers(1, 3)), replace=False)
        for _ in range(int(rng.integers(2, 13))):
            i = 13 * int(rng.choice(suits)) + int(rng.integers(13)) if rng.random() < 0.8 \
                else int(rng.integers(52))
            counts[i] = min(2, counts[i] + 1)
        m = 4 if k % 2 else 5
        fast = _runs_plan(tuple(counts), bytes(counts), m)
        assert fast == reference.runs_plan(counts, m), counts
        pairs += fast is not None and len({meld[1][0] for meld in fast[2]}) == 1
    assert pairs > 60                  # two runs of one suit won often enough to matter



def test_layoff_options_by_bitmask_equal_the_enumeration():
    """ExtraSearch reads lay-off options through keys that repeat more often (set_options: the
    suits a set lacks; run_options: near_values, the held values within reach of the wilds);
    they equal layoff_options for random table melds, suit patterns and wild counts. 0.3 s."""
    from pushlab.rummy.finder.extra import (RunInfo, SetInfo, layoff_options, near_values,
                                            run_options, set_options)
    rng = np.random.default_rng(25)
    found = 0
    for _ in range(1000):
        part = tuple(int(x) for x in rng.choice(3, 13, p=[0.6, 0.3, 0.1]))
        wilds = int(rng.integers(0, 4))
        held = sum(1 << v for v in range(1, 15) if part[(v - 1) % 13])
        s, lo = int(rng.integers(4)), int(rng.integers(1, 13))
        hi = min(14, lo + int(rng.integers(2, 13)))
        want = layoff_options(RunInfo("run", s, lo, hi), part, wilds)
        assert run_options(s, lo, hi, near_values(held, lo, hi, wilds), wilds) == want, \
            (s, lo, hi, part, wilds)
        found += bool(want)
        rank, size = int(rng.integers(3, 14)), int(rng.integers(3, 5))
        suits = tuple(sorted(int(x) for x in rng.choice(4, 3 if size == 4 else int(rng.integers(1, 4)),
                                                        replace=False)))
        free = sum(1 << t for t in range(4) if part[t] and t not in suits)
        want = layoff_options(SetInfo("set", rank, suits, size), part[:4], wilds)
        assert (set_options(rank, free, 4 - size) if free and size < 4 else ()) == want
    assert found > 200


def test_extra_search_takes_named_infos_as_plain_ones():
    """ExtraSearch(infos=...) gives the same answer for table_infos' plain tuples and for the
    same infos as SetInfo/RunInfo named tuples (compiled too, where searches read exact tuples)."""
    from pushlab.rummy.finder.extra import ExtraSearch, RunInfo, SetInfo
    table = [("run", "4C 5C 6C"), ("set", "9S 9D JK")]
    plain = table_infos(table)
    named = [SetInfo(*i) if i[0] == "set" else RunInfo(*i) for i in plain]
    hand = cards("7C 3C 9H KD")
    want = ExtraSearch(hand, table).result()
    assert want.layoffs                                   # 3C/7C onto the run, 9H onto the set
    assert ExtraSearch(hand, table, infos=plain).result() == want
    assert ExtraSearch(hand, table, infos=named).result() == want
