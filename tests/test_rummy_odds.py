"""Tests of rummy probabilities: hypergeometric values by hand, exact dealt-hand odds against
brute force on small decks and against Monte Carlo, the engine-based estimates, cards in stock."""

import dataclasses
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from pushlab.errors import ParseError, SetupError
from pushlab.rummy import Card, full_deck
from pushlab.rummy.finder import contract_deficit
from pushlab.rummy.game import Game
from pushlab.rummy.melds import HAND_SIZES
from pushlab.rummy.melds import CONTRACTS
from pushlab.stats import agrees, rate_agrees
from pushlab.rummy.odds import (Estimate, _sets_count_by_wilds, _sets_exact_count, _shape_count,
                                _shape_count_by_wilds, card_in_stock, card_in_stock_for,
                                contract_given_wilds, contract_given_wilds_exact, contract_given_wilds_mc,
                                contract_prob_exact, contract_prob_mc, contract_within,
                                helpful_naturals, hypergeom_pmf, next_card_helps, penalty_when_out, prob_at_least, prob_wild_in_hand,
                                wild_count_pmf)


# ---------------------------------------------------------------- hypergeometric by hand

def test_wild_in_a_six_card_hand():
    assert prob_wild_in_hand(6) == 1 - Fraction(comb(96, 6), comb(108, 6))
    assert prob_wild_in_hand(6) == Fraction(comb(108, 6) - comb(96, 6), comb(108, 6))


def test_pmf_by_hand_and_sums_to_one():
    # exactly two jokers among 10 cards: C(4,2) C(104,8) / C(108,10)
    assert hypergeom_pmf(2, 4, 108, 10) == Fraction(6 * comb(104, 8), comb(108, 10))
    assert sum(hypergeom_pmf(k, 12, 108, 9) for k in range(10)) == 1
    assert hypergeom_pmf(7, 4, 108, 10) == 0 and hypergeom_pmf(-1, 4, 108, 10) == 0


def test_prob_at_least_by_hand():
    # at least 2 of the 8 aces in a 10-card hand
    by_hand = 1 - Fraction(comb(100, 10) + 8 * comb(100, 9), comb(108, 10))
    assert prob_at_least(2, 8, 108, 10) == by_hand
    assert prob_at_least(0, 8, 108, 10) == 1
    assert prob_at_least(9, 8, 108, 10) == 0


def test_hypergeom_rejects_bad_arguments():
    with pytest.raises(SetupError, match="cannot exceed"):
        hypergeom_pmf(1, 20, 10, 3)
    with pytest.raises(SetupError, match="population"):
        prob_at_least(1, 2, -1, 1)


# ---------------------------------------------------------------- dealt hand meets the contract

def small_deck(ranks, wilds, suits="SHDC"):
    """ranks x suits x 2 copies plus jokers: a deck small enough for brute force."""
    nat = [Card(r, s) for r in ranks for s in suits for _ in range(2)]
    return nat + [Card.parse("JK")] * wilds


def brute_count(deck, deal):
    """Hands (as sets of deck positions) of the deal's size that meet its contract."""
    size = HAND_SIZES[deal]
    return sum(contract_deficit(tuple(deck[i] for i in idx), deal) == 0
               for idx in combinations(range(len(deck)), size))


@pytest.mark.parametrize("deal,ranks,wilds", [(1, (5, 9), 2), (1, (5,), 3), (4, (5, 9), 1)])
def test_exact_sets_count_equals_brute_force(deal, ranks, wilds):
    brute = brute_count(small_deck(ranks, wilds), deal)
    assert brute > 0
    assert _sets_exact_count(HAND_SIZES[deal] // 3, ranks=len(ranks), wilds=wilds) == brute


@pytest.mark.parametrize("deal,ranks,suits,wilds", [(1, (5, 9), "SHDC", 2), (2, (5, 6, 7), "SH", 2),
                                                    (3, (5, 6, 7), "SH", 3),
                                                    (5, (5, 6, 7, 8), "SH", 2)])
def test_exact_shape_count_equals_brute_force(deal, ranks, suits, wilds):
    deck = small_deck(ranks, wilds, suits)
    brute = brute_count(deck, deal)
    assert brute > 0
    assert _shape_count(deal, ranks=ranks, suits=["SHDC".index(x) for x in suits],
                        wilds=wilds) == brute


def test_two_exact_methods_agree_on_set_deals():
    assert _shape_count(1) == _sets_exact_count(2)
    assert _shape_count(1, ranks=(5, 9), wilds=2) == _sets_exact_count(2, ranks=2, wilds=2)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_exact_agrees_with_monte_carlo(deal):
    est = contract_prob_mc(deal, n=40000, seed=100 + deal)
    exact = contract_prob_exact(deal)
    assert isinstance(exact, Fraction) and 0 < exact < 1
    assert est.agrees(exact, 4), (est, float(exact))


def test_monte_carlo_is_reproducible_and_bounded():
    a = contract_prob_mc(2, n=3000, seed=7)
    b = contract_prob_mc(2, n=3000, seed=7)
    assert a == b and 0 <= a.mean <= 1 and a.se >= 0 and a.n == 3000


def test_exact_values_are_probabilities_falling_with_harder_contracts():
    p = {d: contract_prob_exact(d) for d in range(1, 6)}
    assert all(isinstance(x, Fraction) and 0 < x < 1 for x in p.values())
    assert p[1] > p[2] > p[3] > p[5] and p[1] > p[4]


def test_bad_deals_are_refused():
    with pytest.raises(ParseError, match="deals 1 to 5"):
        contract_prob_exact(6)
    with pytest.raises(ParseError, match="deals 1 to 5"):
        contract_prob_exact([1])
    with pytest.raises(ParseError, match="deals 1 to 5"):
        contract_prob_mc(0)


def test_estimate_agrees():
    e = Estimate(0.5, 0.01, 100)
    assert e.agrees(0.53) and not e.agrees(0.55)
    assert e.ci95[0] < 0.5 < e.ci95[1]


# ---------------------------------------------------------------- conditioned on the wilds in hand

def brute_by_wilds(deck, deal):
    """w -> hands (sets of deck positions) of the deal's size with w wilds that meet the contract."""
    size = HAND_SIZES[deal]
    out = {}
    for idx in combinations(range(len(deck)), size):
        hand = tuple(deck[i] for i in idx)
        if contract_deficit(hand, deal) == 0:
            w = sum(c.is_wild for c in hand)
            out[w] = out.get(w, 0) + 1
    return out


@pytest.mark.parametrize("deal,ranks,wilds", [(1, (5, 9), 2), (1, (5,), 3), (4, (5, 9), 1)])
def test_sets_counts_by_wilds_equal_brute_force(deal, ranks, wilds):
    brute = brute_by_wilds(small_deck(ranks, wilds), deal)
    assert len(brute) >= 2
    assert _sets_count_by_wilds(HAND_SIZES[deal] // 3, ranks=len(ranks), wilds=wilds) == brute


@pytest.mark.parametrize("deal,ranks,suits,wilds", [(1, (5, 9), "SHDC", 2), (2, (5, 6, 7), "SH", 3),
                                                    (3, (5, 6, 7), "SH", 3)])
def test_shape_counts_by_wilds_equal_brute_force(deal, ranks, suits, wilds):
    brute = brute_by_wilds(small_deck(ranks, wilds, suits), deal)
    assert len(brute) >= 2
    assert _shape_count_by_wilds(deal, ranks=ranks, suits=["SHDC".index(x) for x in suits],
                                 wilds=wilds) == brute


def test_two_exact_methods_agree_by_wilds():
    assert _shape_count_by_wilds(1) == _sets_count_by_wilds(2)


def test_conditional_by_hand_deal_1():
    # no wild: two ranks with 3 suits each (4 suit choices x 2^3 copies = 32), C(12,2) pairs,
    # or one rank with 6 naturals split into two 3-suit sets (suit counts 2220: 4, 2211: 24)
    no_wild = comb(12, 2) * 32 ** 2 + 12 * (4 + 24)
    # one wild: a 3-suit set and a 2-suit pair of another rank (6 x 4 = 24), or one rank
    # with 5 naturals (suit counts 2210: 24, 2111: 32)
    one_wild = 12 * 11 * 32 * 24 + 12 * (24 + 32)
    cond = contract_given_wilds_exact(1)
    assert cond[0] == Fraction(no_wild, comb(96, 6))
    assert cond[1] == Fraction(one_wild, comb(96, 5))


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_weighted_conditionals_sum_to_the_exact_chance(deal):
    pmf, cond = wild_count_pmf(deal), contract_given_wilds_exact(deal)
    assert set(pmf) == set(cond) == set(range(min(12, HAND_SIZES[deal]) + 1))
    assert sum(pmf.values()) == 1
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in cond.values())
    assert sum(pmf[w] * cond[w] for w in pmf) == contract_prob_exact(deal)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_each_meld_needs_a_natural(deal):
    """Rule 7: fewer naturals than melds never meets the contract; one natural per meld always does."""
    cond, melds = contract_given_wilds_exact(deal), len(CONTRACTS[deal])
    for w, p in cond.items():
        naturals = HAND_SIZES[deal] - w
        if naturals < melds:
            assert p == 0
        elif naturals == melds:
            assert p == 1
        else:
            assert 0 < p < 1 or (p == 0 and naturals > melds + 3)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_each_wild_helps_until_the_naturals_run_out(deal):
    cond, melds = contract_given_wilds_exact(deal), len(CONTRACTS[deal])
    ps = [cond[w] for w in range(HAND_SIZES[deal] - melds + 1)]
    assert all(a <= b for a, b in zip(ps, ps[1:]))
    assert all(a < b for a, b in zip(ps, ps[1:]) if b > 0)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_conditional_exact_agrees_with_monte_carlo(deal):
    cond = contract_given_wilds_exact(deal)
    ws = list(cond)
    n = 3000
    est = contract_given_wilds_mc(deal, ws, n=n, seed=500 + deal)
    assert set(est) == set(ws)
    for w in ws:
        p, e = float(cond[w]), est[w]
        assert e.n == n
        if p in (0.0, 1.0):
            assert e.mean == p, (w, e)
        else:      # the binomial SE of the exact value: a rare event may have no hit at all
            assert rate_agrees(e.mean * n, n, p), (w, e, p)
            if 0.05 < p < 0.95:
                assert e.agrees(cond[w], 4), (w, e, p)


@pytest.mark.parametrize("hand", ["JS QS JK JK JK JK JK", "AS JS QS JK JK JK JK"])
def test_finder_deal_2_leaves_a_run_natural_to_the_set(hand):
    # set: one natural + 2 wilds; run J-Q-K-A with the rest: the exact count has these hands
    assert contract_deficit(hand, 2) == 0


def test_conditional_monte_carlo_is_reproducible():
    a = contract_given_wilds_mc(2, [3, 4], n=500, seed=9)
    b = contract_given_wilds_mc(2, [3, 4], n=500, seed=9)
    assert a == b and a[4] != contract_given_wilds_mc(2, [3, 4], n=500, seed=10)[4]
    assert contract_given_wilds_mc(2, 4, n=500, seed=9).keys() == {4}


def test_contract_given_wilds_picks_exact_or_simulated():
    exact = contract_given_wilds(3, [0, 4])
    assert exact == {w: contract_given_wilds_exact(3)[w] for w in (0, 4)}
    sim = contract_given_wilds(3, [4], exact=False, n=400, seed=1)
    assert sim == contract_given_wilds_mc(3, [4], n=400, seed=1)
    assert isinstance(sim[4], Estimate)


def test_conditional_results_do_not_share_state():
    table = contract_given_wilds_exact(1)
    table[0] = Fraction(1)
    assert contract_given_wilds_exact(1)[0] < Fraction(1, 1000)


def test_conditional_rejects_bad_input():
    with pytest.raises(SetupError, match="0 to 6 wilds"):
        contract_given_wilds(1, [7])
    with pytest.raises(SetupError, match="wilds"):
        contract_given_wilds_mc(1, -1)
    with pytest.raises(SetupError, match="wilds"):
        contract_given_wilds_mc(1, [True])
    with pytest.raises(ParseError, match="deals 1 to 5"):
        contract_given_wilds_exact(6)
    with pytest.raises(ParseError, match="deals 1 to 5"):
        wild_count_pmf(0)
    with pytest.raises(SetupError, match="seed"):
        contract_given_wilds_mc(1, [2], seed="x")
    with pytest.raises(SetupError, match="n must be"):
        contract_given_wilds_mc(1, [2], n=1)


# ---------------------------------------------------------------- with the engine and bots

def test_contract_within_is_a_cdf_and_reproducible():
    p, se = contract_within(1, turns=4, n=30, seed=3)
    q, _ = contract_within(1, turns=4, n=30, seed=3)
    assert np.array_equal(p, q)
    assert p.shape == se.shape == (4,)
    assert np.all(np.diff(p) >= 0) and np.all((0 <= p) & (p <= 1))


def test_penalty_when_out():
    pens, est = penalty_when_out(1, n=12, seed=5)
    assert len(pens) == est.n and np.all(pens >= 0) and np.all(pens % 5 == 0)
    assert len(pens) >= 1


# ---------------------------------------------------------------- a card still in the stock

def test_card_in_stock_by_hand():
    # two unseen copies, 10 stock places out of 30: 1 - C(20,10)/C(30,10)
    assert card_in_stock("7H", stock_size=10, other_cards=20) == 1 - Fraction(comb(28, 10), comb(30, 10))
    assert card_in_stock("7H", hand="7H 7H", stock_size=10, other_cards=20) == 0
    assert card_in_stock("7H", hand="7H", seen="5C", stock_size=1, other_cards=3) == Fraction(1, 4)
    assert card_in_stock("7H", stock_size=0, other_cards=3) == 0


def test_card_in_stock_rejects_impossible_views():
    with pytest.raises(SetupError, match="visible"):
        card_in_stock("7H", hand="7H 7H 7H", stock_size=5, other_cards=5)
    with pytest.raises(ParseError):
        card_in_stock("7X", stock_size=5, other_cards=5)


def test_card_in_stock_matches_frequency_over_shuffles():
    """The symmetric model is exact for a fresh deal: check by simulation with the engine."""
    target = Card.parse("QS")
    rng = np.random.default_rng(11)
    hits, exact = [], []
    for _ in range(400):
        g = Game.new(seed=int(rng.integers(2**32)), deals=(1,))
        exact.append(card_in_stock_for(g, 0, target))
        hits.append(target in g.stock)
    mean = np.mean(hits)
    se = np.std(hits, ddof=1) / np.sqrt(len(hits))
    assert agrees(mean, float(np.mean([float(x) for x in exact])), se)


# ---------------------------------------------------------------- the next stock card

def test_helpful_naturals_by_hand():
    # two pairs for deal 1: the third 5 or 9 in a missing suit helps; 3C and KH lone cards
    # also become pairs, which does not lower the deficit (two sets need 2 wilds either way)
    assert [str(c) for c in helpful_naturals("5H 5S 9C 9D 3C KH", 1)] == ["9S", "9H", "5D", "5C"]
    assert helpful_naturals("5H 5S 5C 9C 9D 9S", 1) == ()          # deficit 0 already


def brute_next_card(game, player):
    """P(a uniformly random unseen card lowers the deficit), card by card over the unseen multiset."""
    deal, hand = game.deal_number, game.hand(player)
    unseen = Counter(full_deck())
    unseen.subtract(Counter(hand) + Counter(c for m in game.table for c in m.cards)
                    + Counter(game.discard_pile))
    cards = list(unseen.elements())
    assert len(cards) == game.stock_size + sum(game.hand_sizes) - len(hand)

    def d(h):
        x = contract_deficit(tuple(h), deal)
        return 99 if x is None else x
    return Fraction(sum(d(hand + (c,)) < d(hand) for c in cards), len(cards))


def test_next_card_helps_equals_brute_force_over_unseen_cards():
    for seed in range(6):
        g = Game.new(seed=seed, deals=(1 + seed % 5,))
        p = g.current_player
        assert next_card_helps(g, p) == brute_next_card(g, p)
        g = g.apply("push")           # later in the deal: the pusher's view includes more cards
        assert next_card_helps(g, (p + 1) % 4) == brute_next_card(g, (p + 1) % 4)


def test_next_card_helps_matches_the_engine():
    """Over fresh deals, the card a pusher gets from the stock helps as often as predicted."""
    rng = np.random.default_rng(21)
    hits, exact = [], []
    for _ in range(300):
        g = Game.new(seed=int(rng.integers(2**32)), deals=(2,))
        p = g.current_player
        exact.append(float(next_card_helps(g, p)))
        before = g.hand(p)
        got = list((Counter(g.apply("push").hand(p)) - Counter(before)).elements())
        assert len(got) == 1
        d0, d1 = contract_deficit(before, 2), contract_deficit(before + tuple(got), 2)
        hits.append((99 if d1 is None else d1) < (99 if d0 is None else d0))
    se = np.std(hits, ddof=1) / np.sqrt(len(hits))
    assert agrees(np.mean(hits), np.mean(exact), se)


def test_next_card_helps_refuses_a_met_contract():
    met = dataclasses.replace(Game.new(seed=3, deals=(1,)), met=(True,) * 4)
    with pytest.raises(SetupError, match="met the contract"):
        next_card_helps(met, 0)
