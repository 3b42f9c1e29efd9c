"""Review of the push-your-luck engine against docs/rules/push-your-luck.md and docs/luck-api.md.

Scenarios the rule-by-rule tests (tests/test_luck_rules.py) do not cover, written as game
records: the deck is scripted top card first, the die faces are scripted, and
``play(game, "draw place 0 ... stop take 0")`` plays the actions.
"""

import dataclasses
import pytest

from pushlab.errors import IllegalAction
from pushlab.luck import ROLL, SWITCH, Game

from helpers import FILL, cards, new, play

def assert_refused(g, action, *words):
    """``action`` raises IllegalAction naming the problem and listing the legal actions,
    and ``g`` is unchanged."""
    snapshot = dataclasses.replace(g)  # a field-by-field copy (ClassVars are not fields)
    legal = g.legal_actions()
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    message = str(err.value)
    listed = ", ".join(legal) if legal else "none (the game is over)"
    assert message.endswith(f"; legal actions: {listed}"), message
    for word in words:
        assert word in message, (action, message)
    assert err.value.legal == legal
    assert g == snapshot
    return message


# ------------------------------------------------------------------ collection order
def test_stop_collection_wraps_round_the_table_from_a_later_seat():
    """Rule 13: Cat (seat 2) stops: Cat, then Ann, then Ben (clockwise, wrapping)."""
    g = new(3, "Y1 Y2 R1 B2 G3" + FILL)
    g = play(g, "draw place 0 stop take 0")            # Ann: Y1
    g = play(g, "draw place 0 stop take 0")            # Ben: Y2
    g = play(g, "draw place 0 draw place 1 draw place 2 stop")
    assert g.active_player == 2 and g.collector == 2
    g = play(g, "take 1")
    assert g.collector == 0
    g = play(g, "take 1")
    assert g.collector == 1
    g = play(g, "take 0")
    assert g.log[-3:] == ("Cat takes column 2: B2", "Ann takes column 2: G3",
                          "Ben takes column 1: R1")
    assert g.benches == (cards("G3 Y1"), cards("R1 Y2"), cards("B2"))
    assert g.active_player == 0 and g.phase == "turn" and g.turn == 4


def test_stop_counter_clockwise_wraps_and_two_players_of_five_collect():
    """Rules 10, 13: Ben (seat 1) with one switch card: Ben, Ann, Eve; Cat and Dan get nothing."""
    g = new(5, "G1 switch R1 B2 Y3" + FILL)
    g = play(g, "draw place 0 stop take 0")            # Ann: G1
    g = play(g, "draw draw place 0 draw place 1 draw place 2 stop")
    assert g.direction == -1 and g.collector == 1
    g = play(g, "take 0")
    assert g.collector == 0
    g = play(g, "take 0")
    assert g.collector == 4
    g = play(g, "take 0")
    assert g.benches == (cards("B2 G1"), cards("R1"), (), (), cards("Y3"))
    assert g.active_player == 2 and g.direction == 1 and g.discard_pile == (SWITCH,)


def test_bust_four_players_counter_clockwise_every_column_collected():
    """Rule 11: Ben busts with one switch card: Ann, Dan, Cat collect; nothing left to discard."""
    g = new(4, "G1 switch R1 R2 R3 R4" + FILL, rolls="B")
    g = play(g, "draw place 0 stop take 0")            # Ann: G1
    g = play(g, "draw draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ben draws R4, which fits no column",
                          "Ben rolls blue and loses nothing")
    assert g.phase == "collect" and g.collector == 0 and g.active_player == 1
    g = play(g, "take 0")
    assert g.collector == 3
    g = play(g, "take 0")
    assert g.collector == 2
    g = play(g, "take 0")
    assert g.log[-3:] == ("Ann takes column 1: R1", "Dan takes column 1: R2",
                          "Cat takes column 1: R3")
    assert not any(line.startswith("Columns nobody takes") for line in g.log)
    assert g.benches == (cards("R1 G1"), (), cards("R3"), cards("R2"))
    assert g.discard_pile == cards("R4 switch")
    assert g.active_player == 2 and g.phase == "turn"


def test_bust_three_players_clockwise_wraps_and_discards_the_last_column():
    """Rule 11: Cat (seat 2) busts: Ann then Ben collect; back at Cat the third is discarded."""
    g = new(3, "Y1 Y2 R1 R2 R3 R5" + FILL, rolls="*")
    g = play(g, "draw place 0 stop take 0 draw place 0 stop take 0")  # Ann Y1, Ben Y2
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-1] == "Cat rolls a star: nothing is lost"
    assert g.collector == 0
    g = play(g, "take 2 take 0")
    assert g.log[-3:] == ("Ann takes column 3: R3", "Ben takes column 1: R1",
                          "Columns nobody takes are discarded: R2")
    assert g.benches == (cards("R3 Y1"), cards("R1 Y2"), ())
    assert g.active_player == 0 and g.phase == "turn"


def test_bust_direction_follows_parity_of_switch_cards():
    """Rule 10: two switch cards = clockwise again, three = counter-clockwise, for a bust too."""
    g = new(4, "switch switch R1 R2 R3 R4" + FILL, rolls="*")
    g = play(g, "draw draw")
    assert g.direction == 1 and g.log[-1] == "Ann draws a switch card: collection now runs clockwise"
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.collector == 1
    g = new(4, "switch R1 switch R2 switch R3 R4" + FILL, rolls="*")
    g = play(g, "draw draw place 0 draw draw place 1 draw draw place 2 draw")
    assert g.switches_drawn == 3 and g.direction == -1 and g.collector == 3
    g = play(g, "take 0 take 0 take 0")
    assert g.benches == ((), cards("R3"), cards("R2"), cards("R1"))
    assert g.discard_pile == cards("R4 switch switch switch")


# ------------------------------------------------------------------ bust + roll cards
def test_two_player_bust_collector_rolls_for_a_roll_card_in_order():
    """Rules 11, 13, 15: Ann busts (rolls first), Ben takes a roll column and rolls, 2 discarded."""
    g = new(2, "B1 G2 R1 roll R2 R3 R4" + FILL, rolls="BG")
    g = play(g, "draw place 0 stop take 0")            # Ann: B1
    g = play(g, "draw place 0 stop take 0")            # Ben: G2
    g = play(g, "draw place 0 draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ann draws R4, which fits no column", "Ann rolls blue and loses B1")
    assert g.benches[0] == () and g.current_player == 1 and g.die_index == 1
    g = g.apply("take 0")
    assert g.log[-3:] == ("Ben takes column 1: R1 roll", "Ben rolls green and loses G2",
                          "Columns nobody takes are discarded: R2 | R3")
    assert g.benches == ((), cards("R1")) and g.die_index == 2
    assert g.discard_pile == cards("R4 B1 G2 roll R2 R3")
    assert g.active_player == 1 and g.phase == "turn"


def test_collector_must_take_a_roll_column_after_a_bust():
    """Rules 11, 13: every remaining column holds a roll card; the collector still must take one."""
    g = new(2, "R1 R2 R3 roll roll roll R4" + FILL, rolls="*R")
    g = play(g, "draw place 0 draw place 1 draw place 2 "
                "draw place 0 draw place 1 draw place 2 draw")
    assert g.phase == "collect" and g.legal_actions() == ["take 0", "take 1", "take 2"]
    g = g.apply("take 2")
    assert g.log[-2:] == ("Ben rolls red and loses R3",
                          "Columns nobody takes are discarded: R1 roll | R2 roll")
    assert g.benches == ((), ())


def test_rolls_resolve_in_collection_order_before_the_next_choice():
    """Rule 15: each taker rolls at once (just-collected cards included), before the next takes."""
    g = new(3, "R1 roll B2 roll G3" + FILL, rolls="R*")
    g = play(g, "draw place 0 draw place 0 draw place 1 draw place 1 draw place 2")
    assert g.columns == (cards("R1 roll"), cards("B2 roll"), cards("G3"))
    g = g.apply("stop").apply("take 0")
    assert g.log[-2:] == ("Ann takes column 1: R1 roll", "Ann rolls red and loses R1")
    assert g.collector == 1 and g.die_index == 1 and g.benches[0] == ()
    g = g.apply("take 0")
    assert g.log[-2:] == ("Ben takes column 1: B2 roll", "Ben rolls a star: nothing is lost")
    g = g.apply("take 0")
    assert g.log[-1] == "Cat takes column 1: G3" and g.die_index == 2
    assert g.benches == ((), cards("B2"), cards("G3"))
    assert g.discard_pile == cards("R1 roll roll")


def test_harder_star_after_a_roll_card_loses_old_and_new_bench_cards_not_the_bank():
    """Rules 15, 19: harder: a star loses the whole bench, cards just collected included."""
    g = new(2, "R1 B2 Y3 G4 roll" + FILL, rolls="*", harder=True)
    g = play(g, "draw place 0 draw place 0 stop take 0")      # Ann: R1 B2
    g = play(g, "draw place 0 stop take 0")                   # Ben: Y3
    g = play(g, "bank B")                                     # Ann banks B2
    g = play(g, "draw place 0 stop take 0")                   # Ben: G4
    g = play(g, "draw place 0 draw place 0 stop take 0")      # Ann: roll P6
    assert g.log[-2:] == ("Ann takes column 1: roll P6",
                          "Ann rolls a star and loses the whole bench: R1 P6")
    assert g.benches[0] == () and g.banks[0] == cards("B2") and g.scores() == (2, 7)


def test_harder_star_with_an_empty_bench_loses_nothing():
    """Rule 19: a star with nothing on the bench loses nothing."""
    g = new(2, "R1 R2 R3 R4" + FILL, rolls="*", harder=True)
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-1] == "Ann rolls a star and loses nothing" and g.benches[0] == ()


# ------------------------------------------------------------------ placement
def test_roll_card_may_start_a_new_column_or_join_a_number_column():
    """Rule 9: a roll card fits any column without one, or starts a column (fewer than 3)."""
    g = new(3, "R1 roll roll roll roll" + FILL)
    g = play(g, "draw place 0 draw")
    assert g.legal_actions() == ["place 0", "place 1"]
    g = play(g, "place 1 draw")                      # a second roll: not in column 2
    assert g.legal_actions() == ["place 0", "place 2"]
    assert_refused(g, "place 1", "roll does not fit column 2, which holds a roll card already")
    g = play(g, "place 0 draw")                      # third roll: columns 1 and 2 full of rolls
    assert g.legal_actions() == ["place 2"]          # no bust before three columns exist
    g = play(g, "place 2 draw")
    assert g.phase == "collect" and g.log[-2] == "Bust! Ann draws a roll card, which fits no column"
    assert g.discard_pile[0] == ROLL


def test_new_column_even_when_the_card_fits_and_only_the_next_index():
    """Rule 8: while fewer than three columns exist, a new column is always allowed."""
    g = new(3, "R1 B2 Y3 G4" + FILL)
    g = play(g, "draw place 0 draw")
    assert_refused(g, "place 2", "there is no column 2 (the next new column is 1)")
    g = play(g, "place 1 draw")
    assert g.legal_actions() == ["place 0", "place 1", "place 2"]  # Y3 fits both, or starts one
    g = play(g, "place 2 draw")
    assert g.legal_actions() == ["place 0", "place 1", "place 2"]  # G4 fits all three
    assert_refused(g, "place 3", "no more than 3 columns")


def test_fits_is_false_for_a_switch_card():
    """API fits(card, i): a switch card never goes into a column (rule 10)."""
    g = play(new(3, "R1" + FILL), "draw place 0")
    assert g.fits("R2", 0) is False and g.fits("B2", 0) is True and g.fits(ROLL, 0) is True
    assert g.fits(SWITCH, 0) is False


# ------------------------------------------------------------------ the pile running out
def test_pile_runs_out_on_a_switch_card_with_columns_stop_is_reversed():
    """Rules 10, 12, 16: the last card is a switch card: only stop, collection counter-clockwise."""
    g = new(3, "R1 B2 switch")
    g = play(g, "draw place 0 draw place 1 draw")
    assert g.draw_pile_size == 0 and g.legal_actions() == ["stop"] and g.direction == -1
    assert_refused(g, "draw", "the draw pile is empty")
    g = play(g, "stop take 1")
    assert g.collector == 2
    g = g.apply("take 0")
    assert g.is_over and g.benches == (cards("B2"), (), cards("R1"))
    assert g.discard_pile == (SWITCH,) and not any("Bust" in line for line in g.log)
    assert g.log[-1] == "The game is over: Ann wins with 2 points"


def test_pile_runs_out_on_a_roll_card_the_taker_still_rolls_before_the_end():
    """Rules 12, 15, 16: the last card is a roll card; the roll happens, then the game ends."""
    g = new(2, "R1 roll", rolls="R")
    g = play(g, "draw place 0 draw place 0")
    assert g.legal_actions() == ["stop"]
    g = play(g, "stop take 0")
    assert g.log[-3:] == ("Ann takes column 1: R1 roll", "Ann rolls red and loses R1",
                          "The game is over: Ann and Ben share the win with 0 points each")
    assert g.is_over and g.scores() == (0, 0) and g.winners() == (0, 1)
    assert g.discard_pile == cards("R1 roll")


def test_bust_on_the_last_card_three_players_collect_then_the_game_ends():
    """Rules 11, 16: a bust on the last card: two collectors, third discarded, then game over."""
    g = new(3, "R1 R2 R3 R4", rolls="Y")
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.phase == "collect" and g.draw_pile_size == 0 and not g.is_over
    g = play(g, "take 0")
    assert not g.is_over and g.collector == 2
    g = g.apply("take 1")
    assert g.is_over and g.benches == ((), cards("R1"), cards("R3"))
    assert g.log[-2:] == ("Columns nobody takes are discarded: R2",
                          "The game is over: Cat wins with 3 points")
    assert_refused(g, "take 0", "the game is over")


# ------------------------------------------------------------------ switch-card-only turns
def test_switch_card_first_then_no_bank_no_stop_until_a_card_is_placed():
    """Rules 7, 10, 12: after a switch card with no column only 'draw' is legal, not bank."""
    g = new(2, "R3 B4 switch switch G1" + FILL, switch_cards=True)
    g = play(g, "draw place 0 stop take 0 draw place 0 stop take 0")
    assert g.legal_actions() == ["draw", "bank R"]
    g = g.apply("draw")
    assert g.phase == "push" and g.legal_actions() == ["draw"]
    assert_refused(g, "bank R", "cannot 'bank R' now: Ann must draw again")
    assert_refused(g, "stop", "no column yet")
    g = play(g, "draw")
    assert g.direction == 1 and g.legal_actions() == ["draw"]
    g = play(g, "draw place 0 stop take 0")
    assert g.benches == (cards("R3 G1"), cards("B4")) and g.discard_pile == cards("switch switch")


# ------------------------------------------------------------------ banking
def test_bank_only_at_turn_start_and_only_a_colour_still_on_the_bench():
    """Rule 6: banking is the whole turn: refused while placing, pushing or collecting; a colour
    lost to the die can no longer be banked; banking draws nothing and rolls nothing."""
    g = new(2, "R3 B4 G1 roll Y2" + FILL, rolls="R")
    g = play(g, "draw place 0 draw place 0 stop take 0")     # Ann: R3 B4
    g = play(g, "draw place 0 stop take 0")                  # Ben: G1
    g = g.apply("draw")
    assert_refused(g, "bank R", "cannot 'bank R' now: Ann must place roll")
    g = g.apply("place 0")
    assert_refused(g, "bank B", "cannot 'bank B' now: Ann must draw again or stop")
    g = play(g, "draw place 0 stop")
    assert_refused(g, "bank R", "cannot 'bank R' now: Ann must take a column")
    g = g.apply("take 0")
    assert g.log[-1] == "Ann rolls red and loses R3"
    g = play(g, "draw place 0 stop take 0")                  # Ben: P6
    assert g.legal_actions() == ["draw", "bank B", "bank Y"]
    assert_refused(g, "bank R", "Ann has no red card on the bench")
    pile, die = g.draw_pile_size, g.die_index
    g = g.apply("bank yellow")
    assert g.banks[0] == cards("Y2") and g.benches[0] == cards("B4")
    assert g.draw_pile_size == pile and g.die_index == die and g.active_player == 1


# ------------------------------------------------------------------ scores and winners
def test_scores_and_shared_win_count_bench_and_bank():
    """Rules 17, 18: bench + bank points; two of four players share the win."""
    g = new(4, "R3 B1 G2 Y1 P1")
    g = play(g, "draw place 0 draw place 1 draw place 1 draw place 2 stop take 0 take 0 take 0")
    assert g.benches == (cards("R3"), cards("B1 G2"), cards("Y1"), ())
    g = g.apply("bank B")                                    # Ben: bank B1, bench G2
    g = play(g, "draw place 0 stop take 0")                  # Cat: P1 (last card)
    assert g.is_over and g.scores() == (3, 3, 2, 0) and g.winners() == (0, 1)
    assert g.log[-1] == "The game is over: Ann and Ben share the win with 3 points each"


# ------------------------------------------------------------------ refusals
def test_refusals_in_every_phase_leave_the_state_unchanged():
    """Contract: malformed or illegal actions raise IllegalAction naming the problem and
    listing the legal actions; the state is unchanged."""
    junk = ["fly", "", "draw 1", "stop now", "bank", "bank X", "place", "place -1", "place 9",
            "take 9", "take x", "place 1.0", None, 3, ["draw"]]
    g = new(3, "R1 B2 R3" + FILL)
    states = [g]
    for action in ["draw", "place 0", "draw", "place 1", "stop"]:
        g = g.apply(action)
        states.append(g)
    states.append(play(new(2, "R1"), "draw place 0 stop take 0"))  # over
    for state in states:
        legal = state.legal_actions()
        for action in junk:
            try:
                canon = state.canonical(action)
            except IllegalAction:
                assert_refused(state, action)
            else:  # only a legal spelling may be accepted
                assert canon in legal


def test_huge_column_numbers_are_refused_as_illegal_actions():
    """Contract: 'place 000...0' is 'place 0'; a 5000-digit column number is an IllegalAction,
    not the ValueError of int() on very long strings."""
    g = play(new(3, "R1 B2" + FILL), "draw place 0 draw")
    assert g.canonical("place " + "0" * 5000) == "place 0"
    assert_refused(g, "place " + "9" * 5000, "there is no column")
    h = play(g, "place 1 stop")
    assert_refused(h, "take " + "1" * 5000, "there is no column")
