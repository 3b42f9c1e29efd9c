"""Tests of rummy probabilities: hypergeometric values by hand, exact dealt-hand odds against
brute force on small decks and against Monte Carlo, the engine-based estimates, cards in stock."""

from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from pushlab.errors import ParseError, SetupError
from pushlab.rummy import Card
from pushlab.rummy.finder import contract_deficit
from pushlab.rummy.game import Game
from pushlab.rummy.melds import HAND_SIZES
from pushlab.rummy.odds import (Estimate, _sets_exact_count, _shape_count, card_in_stock, card_in_stock_for,
                                contract_prob_exact, contract_prob_mc, contract_within,
                                hypergeom_pmf, penalty_when_out, prob_at_least, prob_wild_in_hand)


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
    assert abs(mean - float(np.mean([float(x) for x in exact]))) <= 4 * se
