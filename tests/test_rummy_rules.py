"""Scenario tests of Push (contract rummy), one or more per numbered rule 1-20.

Each scenario scripts a deck with ``deck_for`` and reads like a game record. Unless
said otherwise Dan (3) deals deal 1 (6 cards each, contract 2 sets of 3), so Ann (0)
plays first and Ben (1) sits on her left.
"""

from pushlab.display import html_of
from collections import Counter

import numpy as np
import pytest

from pushlab.errors import IllegalAction, SetupError
from pushlab.rummy import (Card, Game, Meld, deck_for, full_deck, parse_cards, partner_of, penalty,
                           team_of)
from pushlab.rummy.actions import LayOff

from helpers import rummy_cards

BEN = "3S 4S 8S 10C QD KH"
CAT = "6H 7S 9H JC KC AD"
DAN = "3H 6C 8D 10H QS 4C"


def start(ann, up="4D", stock="7H 8H 10S KS", ben=BEN, cat=CAT, dan=DAN, dealer=3, deals=(1,),
          **kw):
    """A one-deal game with scripted hands."""
    deck = deck_for([ann, ben, cat, dan], up, stock, dealer=dealer)
    return Game.new(deck=deck, dealer=dealer, deals=deals, **kw)


def cards(text):
    return parse_cards(text)


def refused(g, action, *words):
    """Apply must raise IllegalAction mentioning words; the state stays equal to before."""
    before = g
    snapshot = (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    for w in words:
        assert w in str(e.value), str(e.value)
    assert (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase) == snapshot
    assert g == before and e.value.action == action
    return str(e.value)


def test_rule_1_four_players_two_partnerships_sitting_opposite():
    g = Game.new(seed=1)
    assert g.num_players == 4 and g.players == ("Ann", "Ben", "Cat", "Dan")
    assert g.teams == ("Ann & Cat", "Ben & Dan")
    assert [team_of(p) for p in range(4)] == [0, 1, 0, 1]
    assert [partner_of(p) for p in range(4)] == [2, 3, 0, 1]
    # partners may not see each other's hands: an observation holds only the own hand
    obs = g.observation(0)
    assert obs.hand == g.hand(0) and obs.hand_sizes == (6, 6, 6, 6)
    assert g.hand(2) not in [getattr(obs, f) for f in obs.__dataclass_fields__ if f != "hand"]
    with pytest.raises(SetupError, match="4 players"):
        Game.new(names=("Ann", "Ben", "Cat"))
    with pytest.raises(SetupError, match="distinct"):
        Game.new(names=("Ann", "Ben", "Ann", "Dan"))
    assert Game.new(names=["N", "E", "S", "W"], seed=0).teams == ("N & S", "E & W")


# --------------------------------------------------------------------------- rule 2
def test_rule_2_a_shuffled_deal_uses_all_108_cards():
    for seed in range(3):
        for deal in (1, 5):
            g = Game.new(seed=seed, deals=(deal,))
            assert rummy_cards(g) == Counter(full_deck())
    with pytest.raises(SetupError, match="too many copies of 5H"):
        Game.new(deck=["5H"] * 3 + list(full_deck()[26:60]))


# --------------------------------------------------------------------------- rule 3
def test_rule_3_the_ace_is_high_or_low_but_never_wraps():
    # deal 3 (8 cards each, 2 runs of 4): Ann holds Q-K-A and A-2-3-4 runs
    g = start("JC QC KC AC AD 2D 3D 4D", up="9S", ben=BEN + " 5C 5S", cat=CAT + " 5D 7D",
              dan=DAN + " 6S 9C", deals=(3,))
    g = g.apply("take")
    refused(g, "meld run QC KC AC 2D; run AD 3D 4D 9S", "rule 9", "no wrap-around")
    refused(g, "meld run AC KC QC JC; run AD 2D 3D 4D", "not in sequence")
    g = g.apply("meld run JC QC KC AC; run AD 2D 3D 4D")
    assert [m.stands_for()[-1] for m in g.table] == [Card("AC"), Card("4D")]
    assert g.hand(0) == cards("9S")


# --------------------------------------------------------------------------- rule 4
def test_rule_4_twos_and_jokers_are_wild():
    wilds = [c for c in full_deck() if c.is_wild]
    assert len(wilds) == 12 and Counter(wilds) == Counter(cards("JK JK JK JK 2S 2S 2H 2H 2D 2D 2C 2C"))
    g = start("5H 5S JK 9S 9C 2D", up="7S").apply("take")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 2D")
    assert g.table[0].cards == cards("5H 5S JK") and g.table[1].cards == cards("9S 9C 2D")


# --------------------------------------------------------------------------- rule 5
def test_rule_5_deal_order_one_card_at_a_time_clockwise_from_the_dealers_left():
    deck = full_deck()[:26]
    g = Game.new(deck=deck, dealer=0, deals=(1,))
    assert g.hand(1) == tuple(sorted(deck[0:24:4])) and g.hand(2) == tuple(sorted(deck[1:24:4]))
    assert g.hand(3) == tuple(sorted(deck[2:24:4])) and g.hand(0) == tuple(sorted(deck[3:24:4]))
    assert g.discard_pile == (deck[24],) and g.stock == (deck[25],)
    assert g.active_player == 1 and g.current_player == 1
    assert "Ann deals 6 cards each" in g.log[0]


def test_rule_5_five_deals_the_deal_passes_left_and_hand_sizes_grow():
    # short scripted decks: the first push of each deal finds too short a stock (rule 12)
    decks = [full_deck()[-(4 * n + 2):] for n in (6, 7, 8, 9, 10)]
    g = Game.new(decks=decks, dealer=2)
    seen = []
    while not g.is_over:
        seen.append((g.deal_number, g.dealer, g.active_player, g.hand_sizes, g.contract_text))
        g = g.apply("push")
    assert seen == [
        (1, 2, 3, (6,) * 4, "2 sets of 3"), (2, 3, 0, (7,) * 4, "1 set of 3 + 1 run of 4"),
        (3, 0, 1, (8,) * 4, "2 runs of 4"), (4, 1, 2, (9,) * 4, "3 sets of 3"),
        (5, 2, 3, (10,) * 4, "2 runs of 5")]
    assert [r.deal for r in g.results] == [1, 2, 3, 4, 5]
    assert g.current_player is None and g.legal_actions() == []


def test_rule_5_the_first_dealer_is_random_and_reproducible():
    dealers = {Game.new(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Game.new(seed=5) == Game.new(seed=5)
    assert Game.new(seed=np.random.default_rng(5)) == Game.new(seed=5)
    assert Game.new(seed=5).hands != Game.new(seed=6).hands


@pytest.mark.parametrize("deal, stock", [(1, 83), (2, 79), (3, 75), (4, 71), (5, 67)])
def test_rule_5_stock_sizes_after_dealing(deal, stock):
    for seed in range(3):
        g = Game.new(seed=seed, deals=(deal,))
        assert g.stock_size == stock and len(g.discard_pile) == 1
        assert g.discard_top.is_natural                        # rule 6


# --------------------------------------------------------------------------- rule 6
def test_rule_6_the_upcard_starts_the_discard_pile_the_rest_is_the_stock():
    g = start("5H 5S JK 9S 9C 9D", up="4D", stock="7H 8H 10S")
    assert g.discard_pile == cards("4D") and g.stock == cards("7H 8H 10S")


def test_rule_6_a_wild_upcard_goes_back_into_the_stock_at_a_random_place():
    stock = "7H 8H 10S KS 3D 6D"
    places = set()
    for seed in range(30):
        g = start("5H 5S JK 9S 9C 9D", up="JK", stock=stock, seed=seed)
        assert g.discard_pile == cards("7H")
        assert Counter(g.stock) == Counter(cards("8H 10S KS 3D 6D JK"))
        places.add(g.stock.index(Card("JK")))
        assert "is wild" in g.log[1] and "rule 6" in g.log[1]
    assert places == {0, 1, 2, 3, 4, 5}                        # every place of the stock occurs


def test_rule_6_several_wild_upcards_in_a_row_and_a_stock_of_only_wilds():
    g = start("5H 5S 9C 9S 9D 3C", up="2S", stock="JK 2C 7D", seed=4)
    assert g.discard_top == Card("7D") and Counter(g.stock) == Counter(cards("2S JK 2C"))
    # nothing natural left to turn: the wild upcard stays (decision)
    g = start("5H 5S 9C 9S 9D 3C", up="2S", stock="JK 2C", seed=4)
    assert g.discard_top == Card("2S") and g.stock == cards("JK 2C")


# --------------------------------------------------------------------------- rule 7
def test_rule_7_a_meld_needs_three_cards_and_a_natural():
    g = start("2H JK 2S 9S 9C 9D", up="7H").apply("take")
    refused(g, "meld set 2H JK 2S; set 9S 9C 9D", "rule 7", "natural")
    refused(g, "meld set 9S 9C; set 2H JK 2S 9D", "rule 7", "at least 3")
    refused(g, "meld run 2H JK 2S; set 9S 9C 9D", "rule 7")
    g = g.apply("meld set 2H JK 9S; set 2S 9C 9D")
    assert g.met[0] and g.hand(0) == cards("7H")


# --------------------------------------------------------------------------- rule 8
def test_rule_8_sets_one_rank_distinct_suits_at_most_four():
    g = start("5H 5S 5C JK 2D 9C", up="5H", stock="7H 8H 10S").apply("take")
    refused(g, "meld set 5H 5H 5S; set 5C JK 2D", "rule 8", "different suits (two 5♥)")
    refused(g, "meld set 5H 5S 5C JK 2D", "rule 8", "at most 4")
    refused(g, "meld set 5H 5S 9C; set 5C JK 2D", "rule 8", "one rank")
    g2 = g.apply("meld set 5H 5S 5C; set 5H JK 2D")            # two sets of one rank are fine
    assert g2.hand(0) == cards("9C") and g2.met[0]


# --------------------------------------------------------------------------- rule 9
def test_rule_9_runs_one_suit_in_order_low_to_high_wild_positions_matter():
    # deal 3 (2 runs of 4); Ann's JK fills 6C in one run, the run is declared low to high
    g = start("4C 5C JK 7C 9S 10S JS QS", up="8C", ben=BEN + " 5S 5D", cat=CAT + " 7D 3D",
              dan=DAN + " 6S 9C", deals=(3,)).apply("take")
    refused(g, "meld run 7C JK 5C 4C; run 9S 10S JS QS", "rule 9", "not in sequence")
    refused(g, "meld run 4C 5C JK 7C; run 9S 10S JS 8C", "rule 9", "share one suit")
    refused(g, "meld run 4C 5C 7C JK; run 9S 10S JS QS", "rule 9")
    g = g.apply("meld run 4C 5C JK 7C 8C; run 9S 10S JS QS")
    assert g.table[0].stands_for()[2] == Card("6C")
    assert ("Ann melds run 4♣ 5♣ JK 7♣ 8♣ (meld 1) and run 9♠ 10♠ J♠ Q♠ (meld 2), meeting the "
            "contract") in g.log
    assert g.is_over and g.results[0].went_out == 0               # all 9 cards melded


def _pushed_to_ben(ben, stock, up="5D", deals=(1,), ann="3C 6S 8C 10D JD KD", extra=None):
    """Ann pushes (Ben gets stock top + upcard), discards her KD; Ben takes the KD."""
    hands = dict(ann=ann, ben=ben, up=up, stock=stock, deals=deals)
    if extra:
        hands.update(extra)
    g = start(**hands)
    g = g.apply("push").apply("discard KD").apply("take")
    return g


# --------------------------------------------------------------------------- rule 10
def test_rule_10_a_two_in_its_own_place_is_natural_and_cannot_be_replaced():
    # deal 2 (7 cards: a set of 3 + a run of 4); Ben melds A♥ 2♥ 3♥ JK
    g = _pushed_to_ben("AH 2H 3H JK 8S 8C 8D", stock="2H 10S KS 9D", up="4H",
                       ann="3C 6S 8H 10D JD KD 7C", deals=(2,),
                       extra=dict(cat=CAT + " 3D", dan=DAN + " 9S"))
    assert g.hand(1) == tuple(sorted(cards("AH 2H 3H JK 8S 8C 8D 2H 4H KD")))
    g = g.apply("meld run AH 2H 3H JK; set 8S 8C 8D")
    assert g.table[0].natural == (True, True, True, False)
    refused(g, "replace 0 2H then layoff JK 1", "rule 14")
    g = g.apply("replace 0 4H then layoff JK 1")
    assert g.table[0].cards == cards("AH 2H 3H 4H") and g.table[1].cards == cards("8S 8C 8D JK")
    assert g.hand(1) == cards("2H KD")


# --------------------------------------------------------------------------- rule 11
def test_rule_11_larger_melds_meet_the_contract():
    g = start("5H 5S 5C 9S 9C 9D", up="5D").apply("take")
    g = g.apply("meld set 5H 5S 5C 5D; set 9S 9C 9D")          # 7 cards: Ann goes out
    assert g.results[0].went_out == 0 and g.results[0].reason == "out"


def test_rule_11_wrong_kinds_or_short_melds_do_not():
    g = start("5H 6H 7H 9S 9C 9D", up="8H", deals=(1,)).apply("take")
    refused(g, "meld run 5H 6H 7H 8H; set 9S 9C 9D", "rule 13", "2 sets of 3+")


# --------------------------------------------------------------------------- rule 12
def test_rule_12a_take_the_top_discard():
    g = start("5H 5S JK 9S 9C 3D", up="4D")
    assert g.legal_actions() == ["take", "push"]
    g = g.apply("take")
    assert g.hand_sizes == (7, 6, 6, 6) and g.discard_pile == () and g.drawn == Card("4D")
    assert g.source == "discard" and g.phase == "play"
    assert g.log[-1] == "Ann takes 4♦ from the discard pile"


def test_rule_12b_push_gives_stock_top_and_discard_top_to_the_left_player():
    g = start("5H 5S JK 9S 9C 3D", up="4D", stock="7H 8H 10S")
    g = g.apply("push")
    assert g.hand_sizes == (7, 8, 6, 6) and g.stock == cards("10S") and g.discard_pile == ()
    assert Card("7H") in g.hand(1) and Card("4D") in g.hand(1) and Card("8H") in g.hand(0)
    assert g.log[-1] == "Ann pushes 4♦ and the top stock card to Ben, then draws from the stock"
    assert "7♥" not in " ".join(g.log) and "8♥" not in " ".join(g.log)     # stock cards stay private
    assert g.private_log[1][-1] == "Ben receives 7♥ from the stock (pushed by Ann)"
    assert g.private_log[0][-1] == "Ann draws 8♥ from the stock"
    assert g.observation(1).private_log[-1].startswith("Ben receives 7♥")
    assert g.observation(1).drawn is None and g.observation(0).drawn == Card("8H")
    g = g.apply("discard 8H")
    assert g.discard_pile == cards("8H") and g.current_player == 1


def test_rule_12_push_with_one_stock_card_gives_both_cards_then_ends_the_deal():
    g = start("5H 5S JK 9S 9C 3D", up="4D", stock="7H 8H 10S")
    g = g.apply("push").apply("discard 3D")                     # stock: 10S only
    assert g.stock_size == 1
    g = g.apply("push")                                         # Ben: 10S and 3D go to Cat
    r = g.results[0]
    assert g.is_over and r.reason == "stock" and r.went_out is None
    assert r.hands[2] == tuple(sorted(cards(CAT + " 10S 3D"))) and len(r.hands[1]) == 8
    assert "the stock is now empty, so Ben cannot draw: the deal ends" in g.log[-3]


# --------------------------------------------------------------------------- rule 13
def test_rule_13_the_whole_contract_in_one_action():
    g = start("5H 5S JK 9S 9C 3D", up="9D").apply("take")
    refused(g, "meld set 5H 5S JK", "rule 13", "whole contract")
    g2 = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    assert g2.met == (True, False, False, False)


def test_rule_13_lay_off_only_after_meeting_the_contract_and_each_partner_separately():
    # Ben (with 2 pushed cards) meets the contract and keeps cards; then Cat, his
    # opponent, and Dan, his partner, may not lay off on his melds before meeting theirs
    g = _pushed_to_ben("5H 5S JK 9S 9C 9D", stock="6D 7D 10S KS", up="5D",
                       extra=dict(cat="5C 9H 6H 7S JC KC", dan="3H 6C 8D 10H QS 4C"))
    assert g.hand(1) == tuple(sorted(cards("5H 5S JK 9S 9C 9D 6D 5D KD")))
    refused(g, "layoff 5D 0", "rule 13")                       # no melds yet, no contract yet
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    # the same turn: lay off and further melds are allowed (default)
    assert "layoff 5D 0" in g.legal_actions()
    g = g.apply("layoff 5D 0")
    assert g.table[0].cards == cards("5H 5S JK 5D")
    assert "layoff 5D 0" not in g.legal_actions()
    refused(g, "discard KD", "rule 15", "free pass")           # Ben took KD this turn
    g = g.apply("discard 6D")                                  # Ben keeps KD
    g = g.apply("take")                                        # Cat takes 6D
    assert not any(isinstance(a, LayOff) for a in g.legal_actions())
    refused(g, "layoff 9H 1", "rule 13", "Cat has not met the contract")
    g = g.apply("discard KC").apply("push")                    # Dan pushes
    refused(g, "layoff 5C 0", "rule 13")


def test_rule_13_lay_off_at_either_end_of_a_run():
    # deal 3 (8 cards: 2 runs of 4): Ben holds 2 pushed cards more
    g = _pushed_to_ben("4C 5C 6C 7C 9S 10S JS QS", stock="8C 10C 2S KS", up="3C", deals=(3,),
                       ann="3H 6S 8H 10D JD KD 5D 9D",
                       extra=dict(cat=CAT + " 7D 3D", dan=DAN + " 6D 9C"))
    assert g.discard_pile == () and g.hand_sizes == (8, 11, 8, 8)
    assert g.hand(1) == tuple(sorted(cards("4C 5C 6C 7C 9S 10S JS QS 8C 3C KD")))
    g = g.apply("meld run 4C 5C 6C 7C; run 9S 10S JS QS")
    acts = g.legal_actions()
    assert "layoff 8C 0" in acts and "layoff 3C 0" in acts
    g = g.apply("layoff 3C 0").apply("layoff 8C 0")
    assert g.table[0].cards == cards("3C 4C 5C 6C 7C 8C")
    assert g.log[-1] == "Ben lays off 8♣ at the high end of meld 1 (Ben's run 3♣ 4♣ 5♣ 6♣ 7♣ 8♣)"
    assert g.hand(1) == cards("KD")


# --------------------------------------------------------------------------- rule 14
def _ben_met_with_5d():
    g = _pushed_to_ben("5H 5S JK 9S 9C 9D", stock="6D 7D 10S KS", up="5D",
                       extra=dict(cat="5C 9H 6H 7S JC KC"))
    return g.apply("meld set 5H 5S JK; set 9S 9C 9D")


def test_rule_14_replace_a_wild_and_play_it_at_once():
    g = _ben_met_with_5d()
    assert any(str(a).startswith("replace 0 5D then layoff JK 1") for a in g.meld_actions())
    g2 = g.apply("replace 0 5D then layoff JK 1")
    assert g2.table == (Meld("set", "5H 5S 5D", 1), Meld("set", "9S 9C 9D JK", 1))
    assert g2.hand(1) == cards("6D KD")
    assert g2.log[-2:] == ("Ben replaces JK in meld 1 by 5♦",
                           "Ben lays off JK on meld 2 (Ben's set 9♠ 9♣ 9♦ JK)")


def test_rule_14_the_freed_wild_may_not_dangle_nor_go_back():
    g = _ben_met_with_5d()
    refused(g, "replace 0 5D", "rule 14")                      # no follow-up
    refused(g, "replace 0 5D then layoff JK 0", "rule 14", "another meld")
    refused(g, "replace 0 5D then layoff KD 1", "rule 14")
    refused(g, "replace 0 5D then meld run 6D 7D 8D", "rule 14", "does not use it")
    refused(g, "replace 0 5D then meld run 6D 7D KD", "rule 9")       # not a meld at all
    refused(g, "replace 0 5C then layoff JK 1", "does not hold 5♣")
    refused(g, "replace 1 5D then layoff JK 0", "rule 14")      # meld 1 has no wild
    refused(g, "replace 0 6D then layoff JK 1", "rule 14")      # 6D is not what JK stands for
    # a follow-up that fails refuses the whole action: the wild stays in meld 1
    refused(g, "replace 0 5D then layoff JK 7", "no meld 7")
    refused(g, "replace 0 5D then meld set KD JK 6D", "rule 8")
    assert g.table[0].cards == cards("5H 5S JK") and Card("5D") in g.hand(1)


def test_rule_14_the_freed_wild_may_start_a_new_meld_and_so_go_out():
    g = _pushed_to_ben("5H 5S JK 9S 9C 9D", stock="KS 7D 10S KH", up="5D")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    assert g.hand(1) == tuple(sorted(cards("5D KS KD")))
    refused(g, "replace 0 5D then meld set KS KD 2C", "rule 14", "does not use it")
    refused(g, "replace 0 5D then meld set KS KD 9S", "rule 8", "one rank")
    g = g.apply("replace 0 5D then meld set KS KD JK")
    assert g.table[0].cards == cards("5H 5S 5D") and g.table[2] == Meld("set", "KS KD JK", 1)
    assert g.is_over and g.results[0].went_out == 1            # rule 16 by the follow-up meld


def test_rule_14_only_after_meeting_the_contract():
    g = start("5H 5S JK 9S 9C 3D", up="9D", stock="7H 8H 10S")
    g = g.apply("push").apply("discard 3D").apply("take")      # Ben takes 3D, has not met
    refused(g, "replace 0 5D then layoff JK 1", "rule 14", "not met")


# --------------------------------------------------------------------------- rule 15
def test_rule_15_any_card_may_be_discarded_even_a_wild_but_not_the_card_just_taken():
    g = start("5H 5S JK 9S 9C 3D", up="4D").apply("take")
    assert g.legal_actions() == ["discard " + str(c) for c in sorted(set(g.hand(0))) if c != Card("4D")]
    refused(g, "discard 4D", "rule 15", "free pass")            # docs/decisions.md
    g1 = g.apply("discard 3D")
    assert g1.discard_pile == cards("3D") and g1.current_player == 1 and g1.phase == "draw"
    g2 = g.apply("discard JK")
    assert g2.discard_top == Card("JK")
    refused(g, "discard KS", "rule 15", "no K♠")
    refused(g, "take", "rule 12", "already drawn")
    refused(start("5H 5S JK 9S 9C 3D"), "discard 5H", "rule 12", "must first draw")


# --------------------------------------------------------------------------- rule 16
def test_rule_16_going_out_by_discarding_the_last_card():
    g = start("5H 5S JK 9S 9C 9D", up="4D").apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D")
    assert g.hand(0) == cards("4D") and not g.is_over
    g = g.apply("discard 4D")
    assert g.is_over and g.results[0].went_out == 0
    assert "Ann goes out (rule 16)" in g.log


def test_rule_16_going_out_by_melding_the_last_card():
    g = start("5H 5S JK 9S 9C 9D", up="9H").apply("take")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D 9H")
    assert g.is_over and g.results[0].went_out == 0 and g.results[0].hands[0] == ()


def test_rule_16_going_out_by_laying_off_the_last_card():
    g = start("5H 5S JK 9S 9C 9D", up="9H").apply("take")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    assert not g.is_over
    g = g.apply("layoff 9H 1")
    assert g.is_over and g.results[0].went_out == 0


# --------------------------------------------------------------------------- rule 17
def test_rule_17_the_deal_ends_when_the_stock_is_too_short_there_is_no_reshuffle():
    g = start("5H 5S JK 9S 9C 3D", up="4D", stock="7H 8H")
    g = g.apply("push").apply("discard 3D")
    assert g.stock_size == 0
    g = g.apply("take").apply("discard 3S")                    # taking the discard is still fine
    before = g.hands
    g = g.apply("push")                                        # the stock is empty: nothing moves
    assert g.is_over and g.results[0].reason == "stock" and g.results[0].hands == before


def test_rule_17_safety_cap_fifty_rounds_without_a_stock_card():
    def quiet_round(g):
        for _ in range(4):                                     # take, discard another card
            g = g.apply("take")
            g = g.apply(g.legal_actions()[0])
        return g

    g = start("5H 5S JK 9S 9C 3D", round_cap=2)
    g = quiet_round(g)
    assert not g.is_over and g.quiet_turns == 4
    g = quiet_round(g)
    assert g.is_over and g.results[0].reason == "cap"
    assert "2 full rounds without a card taken from the stock" in g.log[-3]
    # a push resets the count
    g = start("5H 5S JK 9S 9C 3D", round_cap=1)
    g = g.apply("take").apply("discard 3D").apply("push")
    g = g.apply(f"discard {g.drawn}")
    assert g.quiet_turns == 0 and not g.is_over
    # the default is 50 rounds; None switches the cap off
    assert Game.new(seed=1).round_cap == 50
    g = start("5H 5S JK 9S 9C 3D", round_cap=None)
    for _ in range(60):
        g = quiet_round(g)
    assert not g.is_over and g.quiet_turns == 240
    with pytest.raises(SetupError):
        Game.new(round_cap=0)


# --------------------------------------------------------------------------- rules 18, 19
def test_rule_18_19_going_out_scores_zero_for_the_partnership():
    g = start("5H 5S JK 9S 9C 9D", up="4D").apply("take")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D").apply("discard 4D")
    # Cat still holds cards but Ann went out: Ann & Cat score 0
    assert g.results[0].scores == (0, penalty(BEN) + penalty(DAN))
    assert penalty(BEN) + penalty(DAN) == 5 + 5 + 5 + 10 + 10 + 10 + 5 + 5 + 5 + 10 + 10 + 5
    assert g.scores() == (0, 85) and g.winners() == (0,)
    assert "Ann & Cat score 0, Ben & Dan score 85" in g.log[-2]


def test_rule_18_19_nobody_out_each_partnership_scores_both_hands():
    g = start("5H 5S JK 9S 9C 3D", up="4D", stock="7H 8H 10S")
    g = g.apply("push").apply("discard 3D").apply("push")      # Ben's push: 10S + 3D to Cat
    ann, ben, cat = cards("5H 5S JK 9S 9C 8H"), cards(BEN + " 7H 4D"), cards(CAT + " 10S 3D")
    assert g.results[0].hands[:3] == (tuple(sorted(ann)), tuple(sorted(ben)), tuple(sorted(cat)))
    assert g.results[0].scores == (penalty(ann) + penalty(cat), penalty(ben) + penalty(DAN))
    assert g.results[0].scores == (45 + 50 + 15, 55 + 40)


# --------------------------------------------------------------------------- rule 20
def test_rule_20_scores_add_up_over_deals_lower_wins_ties_share():
    # two deals: Ann goes out in deal 1; nobody goes out in deal 2 (push, short stock)
    d1 = deck_for(["5H 5S JK 9S 9C 9D", BEN, CAT, DAN], "4D", "7H 8H", dealer=3)
    d2 = full_deck()[-30:]
    g = Game.new(decks=[d1, d2], deals=(1, 2), dealer=3)
    g = g.apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D").apply("discard 4D")
    assert g.deal_number == 2 and g.dealer == 0 and g.current_player == 1 and not g.is_over
    g = g.apply("push")
    h = g.results[1].hands
    second = (penalty(h[0]) + penalty(h[2]), penalty(h[1]) + penalty(h[3]))
    assert g.deal_scores == ((0, 85), second)
    assert g.scores() == (second[0], 85 + second[1])
    assert g.winners() == ((0,) if second[0] < 85 + second[1] else (1,))


def test_rule_20_tie_is_shared():
    ann, ben = "5H 5S JK 9S 9C 3D", "5D 5C 2S 9H 10C 10D"
    assert penalty(ann) + penalty(CAT) == 45 + 50 and penalty(ben) + penalty(DAN) == 55 + 40
    g = start(ann, up="4D", stock="", ben=ben).apply("push")    # empty stock: nobody out
    assert g.scores() == (95, 95) and g.winners() == (0, 1)
    assert "tie with 95 points and share the win" in g.log[-1]


# --------------------------------------------------------------------------- setup and errors
def test_setup_errors_are_clear():
    with pytest.raises(SetupError, match="at least 25"):
        Game.new(deck="5H 5S JK", deals=(1,))
    with pytest.raises(SetupError, match="either deck"):
        Game.new(deck=full_deck(), decks=[None] * 5)
    with pytest.raises(SetupError, match="one entry per deal"):
        Game.new(decks=[None])
    with pytest.raises(SetupError, match="deal numbers"):
        Game.new(deals=(6,))
    with pytest.raises(SetupError, match="deal numbers"):
        Game.new(deals=())
    with pytest.raises(SetupError, match="seed"):
        Game.new(seed="x")
    with pytest.raises(SetupError, match="5X"):
        Game.new(deck="5X " * 30)
    assert Game.new(deals=3, seed=0).deals == (3,)


def test_malformed_actions_name_the_problem():
    g = start("5H 5S JK 9S 9C 3D")
    refused(g, "dance", "unknown action")
    refused(g, "", "non-empty")
    refused(g, "take 3", "no arguments")
    g = g.apply("take")
    refused(g, "discard", "discard <card>")
    refused(g, "discard 5Z", "5Z")
    refused(g, "meld 5H 5S JK", "set|run")
    refused(g, "layoff 5H x", "not a meld number")
    refused(g, "layoff 5H 0 middle", "low|high")
    refused(g, "replace 0 5H then discard 3D", "meld or a lay-off")
    with pytest.raises(IllegalAction):
        g.apply(None)
    refused(g, "layoff 5H 0", "rule 13")


def test_game_is_an_immutable_value_and_describes_itself():
    g = start("5H 5S JK 9S 9C 3D")
    with pytest.raises(AttributeError):
        g.phase = "over"
    g2 = g.apply("take")
    assert g.phase == "draw" and g2.phase == "play" and g != g2
    assert g.apply("take") == g2                               # equal histories, equal states
    text = g2.describe(player=0)
    assert "Ann *" in text and "5♥" in text and "Table: -" in text
    assert "Deal 1" in html_of(g2) and "deal 1" in repr(g2)
    assert g2.is_legal("discard 5H") and not g2.is_legal("discard KS")


def test_game_html_escapes_the_players_names():
    """Names are the teacher's text: ``<b>`` in a name is shown, not obeyed."""
    g = Game.new(seed=1, deals=(1,), names=("<b>Ann</b>", "Ben", "Cat & co", "Dan"))
    html = html_of(g)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html and "<b>Ann</b>" not in html
    assert "Cat &amp; co" in html
