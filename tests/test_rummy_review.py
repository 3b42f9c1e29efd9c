"""Review of the Push (contract rummy) engine against docs/rules/push-rummy.md and docs/rummy-api.md.

Scripted game records for what tests/test_rummy_rules.py leaves out: pushes that wrap
round the table (Dan pushes to Ann), lay-offs and wild replacements on an opponent's
or a partner's melds, a partner who has not met the contract, a wild 2 replaced in a
run, the ace closing a run at either end, the safety cap's scoring, and a sweep
checking that every well-formed illegal action names its rule and changes nothing.

Seats: Ann 0, Ben 1, Cat 2, Dan 3; Ann & Cat against Ben & Dan. The player left of
the dealer starts; "left" is the next player clockwise.
"""

import pytest

from pushlab.errors import IllegalAction
from pushlab.rummy import Card, Game, Meld, deck_for, parse_cards, penalty
from pushlab.rummy.actions import Discard, LayOff


def cards(text):
    return parse_cards(text)


def hand(text):
    """A hand as the engine keeps it (sorted)."""
    return tuple(sorted(cards(text)))


def game(ann, ben, cat, dan, up, stock, dealer, deals=(1,), **kw):
    return Game.new(deck=deck_for([ann, ben, cat, dan], up, stock, dealer=dealer),
                    dealer=dealer, deals=deals, **kw)


def refused(g, action, *words):
    """The action raises IllegalAction naming a rule (and words); g is left exactly as it was."""
    snapshot = (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.private_log, g.phase,
                g.active_player, g.results)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    problem = str(e.value).split("; legal actions")[0]
    assert "rule " in problem, problem
    for w in words:
        assert w in problem, problem
    assert (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.private_log, g.phase,
            g.active_player, g.results) == snapshot
    return problem


# ----------------------------------------------------------------------------------------
# Deal 1, Cat deals: Dan starts and pushes to Ann (the push wraps round to player 0).
# Ann melds her contract; Ben, her opponent, may not touch her melds before meeting his
# own contract; once he has, he replaces Ann's joker by 5♦ and lays the freed joker off
# on his own set, emptying his hand: he goes out by the replacement's follow-up.
def test_dan_pushes_to_ann_and_ben_goes_out_by_replacing_the_joker_in_anns_set():
    g = game(ann="5H 5S JK 9S 9C 9D", ben="7S 7H 7C KS KH 5D", cat="6H 7D 9H JC KC AD",
             dan="8D 3H 6C 10H QS 4C", up="KD", stock="3C 4S 10S", dealer=2)
    assert g.current_player == 3 and g.dealer == 2
    g = g.apply("push")                                # rule 12b: to the LEFT = Ann
    assert g.hand(0) == hand("5H 5S JK 9S 9C 9D 3C KD") and g.hand_sizes == (8, 6, 6, 7)
    assert g.hand(3) == hand("8D 3H 6C 10H QS 4C 4S") and g.stock == cards("10S")
    assert g.discard_pile == ()
    assert g.log[-1] == "Dan pushes K♦ and the top stock card to Ann, then draws from the stock"
    assert g.private_log[0][-1] == "Ann receives 3♣ from the stock (pushed by Dan)"
    assert "3♣" not in " ".join(g.private_log[1] + g.private_log[2] + g.private_log[3])

    g = g.apply("discard 8D").apply("take")            # Ann takes Dan's 8♦
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    refused(g, "discard 8D", "rule 15", "free pass")    # not the card just taken
    g = g.apply("discard KD")
    assert g.hand(0) == hand("3C 8D") and g.met == (True, False, False, False)

    g = g.apply("take")                                # Ben takes the K♦
    assert not any(isinstance(a, LayOff) for a in g.legal_actions())
    refused(g, "layoff 5D 0", "rule 13", "Ben has not met")           # opponent's set, fits
    refused(g, "replace 0 5D then layoff JK 1", "rule 14", "not met")
    refused(g, "meld set 7S 7H 7C", "rule 13", "whole contract")
    g = g.apply("meld set 7S 7H 7C; set KS KH KD")     # melds 3 and 4 (indices 2, 3)
    assert g.hand(1) == cards("5D") and "layoff 5D 0" in g.legal_actions()
    refused(g, "replace 0 5D then layoff JK 0", "rule 14", "another meld")
    refused(g, "replace 0 5D then meld set 7S 7D JK", "rule 13", "does not hold")
    g = g.apply("replace 0 5D then layoff JK 2")
    assert g.table[0] == Meld("set", "5H 5S 5D", owner=0)
    assert g.log[-5:-2] == ("Ben replaces JK in meld 1 by 5♦",
                            "Ben lays off JK on meld 3 (Ben's set 7♠ 7♥ 7♣ JK)",
                            "Ben goes out (rule 16)")
    r = g.results[0]
    assert (r.went_out, r.reason) == (1, "out")
    # rule 19: Ben & Dan 0 (Dan's cards do not count); Ann & Cat pay both hands
    assert r.scores == (penalty("3C 8D") + penalty("6H 7D 9H JC KC AD"), 0) == (60, 0)
    assert g.is_over and g.winners() == (1,)


# ----------------------------------------------------------------------------------------
# Deal 1, Dan deals. Ben meets the contract; Dan, his partner, holds cards fitting Ben's
# melds but may not lay them off until he has met the contract himself (rule 13).
def _ben_melds_then_cat_pushes_to_dan():
    g = game(ann="3C 6S 8C 10D JD 9D", ben="5H 5S JK 9S 9C KD", cat="7S 7H 7C QH QS 4H",
             dan="5C 8S 8H 8D QD QH", up="5D", stock="6D 7D 9H 4D 10S 3S", dealer=3)
    g = g.apply("push").apply("discard 9D")            # Ben gets 6♦ and 5♦, Ann draws 7♦
    g = g.apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D").apply("discard KD")
    assert g.hand(1) == hand("6D 5D") and g.met == (False, True, False, False)
    g = g.apply("push")                                # Cat pushes K♦ and 9♥ to Dan
    assert g.hand(3) == hand("5C 8S 8H 8D QD QH 9H KD")
    return g.apply("discard QS")


def test_a_partner_who_has_not_met_the_contract_may_not_lay_off_on_partners_melds():
    g = _ben_melds_then_cat_pushes_to_dan().apply("take")
    assert g.current_player == 3 and not g.met[3]
    assert Meld("set", "5H 5S JK").layoff_ends("5C") == ("any",)    # it would fit
    assert [a for a in g.legal_actions() if not isinstance(a, Discard)] == []
    refused(g, "layoff 5C 0", "rule 13", "Dan has not met the contract")
    refused(g, "layoff 9H 1", "rule 13", "Dan has not met the contract")
    refused(g, "replace 0 5C then layoff JK 1", "rule 14")
    g = g.apply("meld set 8S 8H 8D; set QD QH QS")
    assert "layoff 5C 0" in g.legal_actions() and "layoff 9H 1" in g.legal_actions()
    g = g.apply("layoff 5C 0")                         # now the partner's set is full
    assert g.table[0].cards == cards("5H 5S JK 5C")
    assert g.table[0].layoff_ends("JK") == () and g.table[0].layoff_ends("5D") == ()
    assert not any(isinstance(a, LayOff) and a.meld == 0 for a in g.legal_actions())
    g = g.apply("layoff 9H 1").apply("discard KD")     # rule 16: out by discarding
    r = g.results[0]
    assert r.went_out == 3 and r.hands[1] == hand("6D 5D")        # Ben's cards not counted
    assert r.scores == (penalty("3C 6S 8C 10D JD 7D") + penalty("7S 7H 7C QH 4H 4D"), 0)


def test_after_the_contract_a_single_meld_on_a_later_turn_is_allowed():
    g = _ben_melds_then_cat_pushes_to_dan().apply("take")
    g = g.apply("discard KD")                          # Dan keeps his cards
    g = g.apply("take").apply("discard 7D")            # Ann gives up the 7♦
    g = g.apply("take")
    assert g.hand(1) == hand("5D 6D 7D")
    g = g.apply("meld run 5D 6D 7D")                   # one meld, not the contract's shape
    assert g.table[-1] == Meld("run", "5D 6D 7D", owner=1)
    assert g.is_over and g.results[0].went_out == 1    # melding the last card (rule 16)


# ----------------------------------------------------------------------------------------
# Deal 3 (8 cards, 2 runs of 4), Cat deals. Ann's first run uses 2♠ as 6♥ (a wild 2 of
# another suit). She replaces it by 6♥ and must play the 2♠ on ANOTHER meld; at a run's
# end a wild needs low/high. An ace then closes the club run at the top.
def test_a_wild_two_in_a_run_is_replaced_and_an_ace_closes_the_run_at_the_top():
    g = game(ann="4H 5H 2S 7H 9C 10C JC QC", ben="2H 3H 4D 5D KS KH 6S 8S",
             cat="10D JD QD KD 3S 4S 5S 6C", dan="3D 8H 9H 10H JH 7C 8C QS",
             up="AC", stock="6H KC AD AH 9D", dealer=2, deals=(3,))
    g = g.apply("push").apply("discard 3D").apply("take")
    g = g.apply("meld run 4H 5H 2S 7H; run 9C 10C JC QC")
    assert g.table[0].stands_for()[2] == Card("6H") and g.table[0].natural == (True,) * 2 + (False, True)
    assert g.hand(0) == hand("6H 3D AC")
    refused(g, "replace 0 6H then layoff 2S 0 high", "rule 14", "another meld")
    refused(g, "replace 0 6H then layoff 2S 1", "rule 13", "both ends")
    refused(g, "layoff AC 1", "rule 13", "does not fit")               # Q♣ is not yet K♣
    g = g.apply("replace 0 6H then layoff 2S 1 high")  # the 2♠ becomes K♣
    assert g.table[0].cards == cards("4H 5H 6H 7H")
    assert g.table[1].cards == cards("9C 10C JC QC 2S")
    assert g.table[1].stands_for()[-1] == Card("KC")
    g = g.apply("layoff AC 1")                         # the ace is high here
    assert g.table[1].stands_for()[-1] == Card("AC")
    # nothing ranks above a high ace: a wild fits only at the low end now
    assert g.table[1].layoff_ends("JK") == ("low",) and g.table[1].layoff_ends("2C") == ("low",)
    assert g.hand(0) == cards("3D")
    g = g.apply("discard 3D")
    assert g.results[0].went_out == 0 and g.results[0].scores[0] == 0


# Deal 3, Cat deals. Ann's run 2♥ 3♥ 4♥ 5♥ holds a natural 2♥ (rule 10): it cannot be
# replaced, and once A♥ is laid off below it nothing fits below the low ace.
def test_a_natural_two_stays_and_nothing_goes_below_a_low_ace():
    g = game(ann="2H 3H 4H 5H 9C 10C JC QC", ben="6D 3D 4D 5D KS KH 6S 8S",
             cat="10D JD QD KD 3S 4S 5S 6C", dan="2H 8H 9H 10H JH 7C 8C QS",
             up="AH", stock="JK KC AD AC 9D", dealer=2, deals=(3,))
    g = g.apply("push").apply("discard 2H").apply("take")
    assert g.hand(0) == hand("2H 3H 4H 5H 9C 10C JC QC AH JK 2H")
    g = g.apply("meld run 2H 3H 4H 5H; run 9C 10C JC QC")
    assert g.table[0].natural == (True, True, True, True)
    refused(g, "replace 0 2H then layoff JK 1 high", "rule 14")     # 2♥ there is natural
    refused(g, "layoff AH 0 high", "rule 13", "high end")
    g = g.apply("layoff AH 0")                         # only the low end fits: no low/high needed
    assert g.table[0].cards == cards("AH 2H 3H 4H 5H")
    assert g.table[0].layoff_ends("JK") == ("high",)
    refused(g, "layoff JK 0 low", "rule 13", "low end")              # no wrap-around
    g = g.apply("layoff 2H 0")                         # the second 2♥ is wild: it is 6♥
    assert g.table[0].stands_for()[-1] == Card("6H") and g.table[0].natural[-1] is False
    refused(g, "layoff JK 1", "rule 13", "both ends")
    g = g.apply("layoff JK 1 low")                     # out by laying off the last card
    assert g.table[1].cards == cards("JK 9C 10C JC QC") and g.results[0].went_out == 0


# ----------------------------------------------------------------------------------------
def test_run_and_set_limits_in_a_meld_action():
    # deal 5 (10 cards, 2 runs of 5), Dan deals; Ann takes the upcard
    ann = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    g = game(ann=ann, ben="JS QS KS 3H 4H 5H 6H 7H 8H 9H", cat="AH 10H JH QH KH 3D 4D 5D 6D 7D",
             dan="8D 9D 10D JD QD KD 3C 4C 5C 6C", up="AS", stock="7C 8C", dealer=3, deals=(5,))
    g = g.apply("take")
    refused(g, "meld run AS 2S 3S 4S 5S; run 6S 7S 8S 9S 10S AS", "rule 9", "not in sequence")
    assert Meld("run", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS").layoff_ends("JK") == ()
    g = g.apply("meld run AS 2S 3S 4S 5S; run 6S 7S 8S 9S 10S")
    assert g.hand(0) == cards("AS") and not g.is_over
    assert g.table[1].layoff_ends("AS") == ()          # J♠ Q♠ K♠ would be needed first
    g = g.apply("discard AS")
    assert g.results[0].went_out == 0


def test_a_set_holds_at_most_four_cards_and_distinct_natural_suits_in_play():
    g = game(ann="5H 5S 5D 9S 9C 9D", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
             dan="8D 3H 6C 10H QS 4C", up="5C", stock="JK 9S 2D 4D", dealer=2)
    # Dan pushes 5♣ and the joker to Ann, draws 9♠ and discards it; Ann takes it
    g = g.apply("push").apply("discard 9S").apply("take")
    assert g.hand(0) == hand("5H 5S 5D 9S 9C 9D 5C JK 9S")
    refused(g, "meld set 5H 5S 5D 5C JK; set 9S 9C 9D", "rule 8", "at most 4")
    refused(g, "meld set 5H 5S 5D; set 9S 9S 9C 9D", "rule 8", "two 9♠")
    g = g.apply("meld set 5H 5S 5D 5C; set 9S 9C 9D")
    refused(g, "layoff JK 0", "rule 13", "does not fit")              # the 5s are full
    refused(g, "layoff 9S 1", "rule 13", "does not fit")              # no 9♠ twice in a set
    g = g.apply("layoff JK 1")                         # the 9s take the joker: 4 cards
    refused(g, "discard 9H", "rule 15")
    g = g.apply("discard 9S")
    assert g.results[0].went_out == 0


# ----------------------------------------------------------------------------------------
def test_the_safety_cap_ends_the_deal_with_both_sides_paying_and_the_deal_passes_left():
    ann, ben = "5H 5S JK 9S 9C 3D", "3C 6S 8C 10D JD KD"
    cat, dan = "6H 7D 9H JC KC AD", "8D 3H 6C 10H QS 4C"
    d1 = deck_for([ann, ben, cat, dan], "4D", "7H 8H", dealer=3)
    g = Game.new(decks=[d1, None], deals=(1, 2), dealer=3, round_cap=1, seed=3)
    for p in range(4):                                 # one full round of taking the discard
        assert g.current_player == p and g.quiet_turns == p
        took = g.discard_top
        g = g.apply("take")
        g = g.apply(g.legal_actions()[0])              # the lowest card but the one taken
        assert took in (g.results[0].hands[p] if g.results else g.hand(p))
    r = g.results[0]
    assert (r.reason, r.went_out) == ("cap", None) and [len(h) for h in r.hands] == [6] * 4
    assert r.scores == (penalty(r.hands[0]) + penalty(r.hands[2]),
                        penalty(r.hands[1]) + penalty(r.hands[3]))
    assert g.scores() == r.scores and g.deal_number == 2
    assert g.dealer == 0 and g.current_player == 1 and g.hand_sizes == (7,) * 4
    assert g.quiet_turns == 0 and g.met == (False,) * 4 and g.table == ()


def test_a_push_with_one_stock_card_hands_both_cards_left_then_ends_the_deal():
    """Rule 12b in order: the stock card and the discard go to the left, then the pusher would
    draw from the empty stock, and the deal ends (rule 17; docs/decisions.md)."""
    g = game(ann="5H 5S JK 9S 9C 3D", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
             dan="8D 3H 6C 10H QS 4C", up="4D", stock="7H", dealer=3)
    before = g.hands
    g = g.apply("push")
    r = g.results[0]
    assert (r.reason, r.went_out) == ("stock", None)
    assert r.hands[1] == hand("3C 6S 8C 10D JD KD 7H 4D")     # Ben, on Ann's left, took both
    assert (r.hands[0], r.hands[2], r.hands[3]) == (before[0], before[2], before[3])
    assert r.scores == (penalty(before[0]) + penalty(before[2]),
                        penalty(before[1]) + penalty(before[3]) + penalty("7H 4D"))
    assert "the stock is now empty, so Ann cannot draw: the deal ends" in g.log[-3]
    assert g.private_log[1][-1] == "Ben receives 7♥ from the stock (pushed by Ann)"


def test_a_push_with_an_empty_stock_ends_the_deal_and_moves_no_card():
    g = game(ann="5H 5S JK 9S 9C 3D", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
             dan="8D 3H 6C 10H QS 4C", up="4D", stock="", dealer=3)
    g = g.apply("take").apply("discard 3D")           # an empty stock: taking still works
    before = g.hands
    g = g.apply("push")                                # Ben would draw from the empty stock
    assert g.results[0].hands == before and g.results[0].reason == "stock"
    assert g.log[-3] == "Ben pushes, but the stock is empty: the deal ends (rules 12, 17)"


def test_taking_and_discarding_the_same_card_is_refused_unless_it_is_the_last_card():
    """A take-and-discard-back would change nothing (a free pass): refused while another card
    is held, also for the twin of the card taken; allowed when it is the last card (going out)."""
    g = game(ann="5H 5S JK 9S 9C 9D", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
             dan="8D 3H 6C 10H QS 4C", up="4D", stock="7H 8H 10S", dealer=3)
    t = g.apply("take")
    assert "discard 4D" not in t.legal_actions() and "discard 5H" in t.legal_actions()
    refused(t, "discard 4D", "rule 15", "took 4♦ from the discard pile", "free pass")
    out = t.apply("meld set 5H 5S JK; set 9S 9C 9D")   # 4D is now the last card
    assert out.legal_actions() == ["discard 4D"]
    assert out.apply("discard 4D").results[0].went_out == 0
    # the twin of the card taken: Ben holds 3C and takes the other 3C
    g2 = game(ann="5H 5S JK 9S 9C 3C", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
              dan="8D 3H 6C 10H QS 4C", up="4D", stock="7H 8H 10S", dealer=3)
    g2 = g2.apply("push").apply("discard 3C").apply("take")
    assert g2.hand(1).count(Card("3C")) == 2
    refused(g2, "discard 3C", "rule 15", "free pass")
    # pushing, then discarding the card drawn from the stock, stays allowed
    g3 = g.apply("push")
    assert g3.drawn in g3.hand(0) and f"discard {g3.drawn}" in g3.legal_actions()


# ----------------------------------------------------------------------------------------
def test_every_well_formed_illegal_action_names_its_rule_and_changes_nothing():
    g0 = game(ann="5H 5S JK 9S 9C 3D", ben="3C 6S 8C 10D JD KD", cat="6H 7D 9H JC KC AD",
              dan="8D 3H 6C 10H QS 4C", up="9D", stock="7H 8H 10S 2D 4S", dealer=3)
    for a in ("discard 5H", "meld set 5H 5S JK; set 9S 9C 9D", "layoff 5H 0",
              "replace 0 5D then layoff JK 1"):
        refused(g0, a, "rule 12")
    g = g0.apply("take")                               # Ann: not met yet
    refused(g, "take", "rule 12")
    refused(g, "push", "rule 12")
    refused(g, "discard KS", "rule 15")
    refused(g, "layoff 9D 0", "rule 13")
    refused(g, "replace 0 9H then layoff JK 1", "rule 14")
    refused(g, "meld set 5H 5S JK", "rule 13")
    refused(g, "meld set 5H 5S JK; set 9S 9C 9H", "rule 13", "does not hold 9♥")
    refused(g, "meld set 5H 5S JK; set 9S 9S 9D", "rule 8", "two 9♠")     # checked first
    refused(g, "meld set 5H 5S 9D; set 9S 9C JK", "rule 8")
    refused(g, "meld run 5H 5S JK; set 9S 9C 9D", "rule 9")
    refused(g, "meld set 5H 5S; set JK 9S 9C 9D", "rule 7")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")     # met; holds 3D
    assert g.hand(0) == cards("3D")
    refused(g, "layoff 3D 0", "rule 13", "does not fit")
    refused(g, "layoff 3D 5", "rule 13", "no meld 5")
    refused(g, "layoff 5D 0", "rule 13", "does not hold")
    refused(g, "replace 4 3D then layoff JK 1", "rule 14", "no meld 4")
    refused(g, "replace 0 5D then layoff JK 1", "rule 14", "does not hold")
    refused(g, "meld run 3D 4D 5D", "rule 13", "does not hold")
    g = g.apply("discard 3D")
    assert g.is_over
    for a in ("take", "push", "discard 3D"):
        refused(g, a, "rule 20", "over")


def test_lay_off_end_words_on_sets_and_runs_name_rule_13():
    g = game(ann="3C 6S 8C 10D JD KD", ben="5H 5S JK 9S 9C 9D", cat="7S 7H 7C QH QS 4H",
             dan="5C 8S 8H 8D QD QH", up="5D", stock="6D 7D 9H 4D 10S 3S", dealer=3)
    g = g.apply("push").apply("discard KD").apply("take")
    g = g.apply("meld set 5H 5S JK; set 9S 9C 9D")
    refused(g, "layoff 5D 0 low", "rule 13", "set")
    g2 = g.apply("layoff 5D 0")
    assert g2.table[0].cards == cards("5H 5S JK 5D")
