"""One scenario per numbered rule of docs/rules/push-your-luck.md (rules 1-20), as game records.

Each scenario scripts the deck (top card first) and the die, plays actions with
``play(game, "draw place 0 ... stop take 0")`` and checks columns, benches,
banks, log sentences and scores.
"""

from pushlab.display import html_of
from collections import Counter
from itertools import permutations

import numpy as np
import pytest

from pushlab.errors import IllegalAction, SetupError
from pushlab.luck import ROLL, SWITCH, Card, Game, full_deck
from pushlab.stats import rate_agrees

from helpers import FILL, cards, new, play

# ------------------------------------------------------------------ components
def test_rule_01_components_120_cards():
    """Rule 1: 90 number cards (5 colours x 1-6 x 3), 18 roll, 12 switch cards."""
    g = Game.new(4, seed=11)
    assert g.draw_pile_size == 120
    assert g.pile_counts() == Counter(full_deck())
    counts = g.pile_counts()
    assert counts[ROLL] == 18 and counts[SWITCH] == 12
    assert sum(n for c, n in counts.items() if c.is_number) == 90
    assert {c.colour for c in counts if c.is_number} == set("RBGYP")
    assert all(counts[Card.parse(f"{c}{n}")] == 3 for c in "RBGYP" for n in range(1, 7))
    # facts for checking: 315 points, 63 per colour, each number 15 times
    deck = full_deck()
    assert sum(c.points for c in deck) == 315
    assert all(sum(c.points for c in deck if c.colour == col) == 63 for col in "RBGYP")
    assert all(sum(c.number == n for c in deck) == 15 for n in range(1, 7))


def test_rule_02_die_six_equally_likely_faces_scripted_first():
    """Rule 2: one face per colour plus a star, each 1/6; scripted rolls come first."""
    g = Game.new(3, seed=5, rolls="**R")
    assert g.die[:3] == "**R" and g.die_index == 0
    assert set(g.die) <= set("RBGYP*")
    faces = "".join(Game.new(3, seed=s).die for s in range(40))
    n = len(faces)
    assert n == 40 * 120
    for face in "RBGYP*":
        assert rate_agrees(faces.count(face), n, 1 / 6), face
    # the same seed gives the same die and deck; a numpy Generator works as seed
    assert Game.new(3, seed=9) == Game.new(3, seed=9)
    assert Game.new(3, seed=np.random.default_rng(9)) == Game.new(3, seed=9)
    assert Game.new(3, seed=9) != Game.new(3, seed=10)


# ------------------------------------------------------------------ setup
def test_rule_03_setup_player_counts_and_two_player_deck():
    """Rule 3: 2-6 players; a 2-player game removes the 12 switch cards (108 cards)."""
    for n in range(2, 7):
        g = Game.new(n, seed=n)
        assert g.num_players == n and g.players == ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")[:n]
        assert g.draw_pile_size == (108 if n == 2 else 120)
        assert g.scores() == (0,) * n and g.benches == ((),) * n and g.banks == ((),) * n
    assert SWITCH not in Game.new(2, seed=1).draw_pile
    assert Game.new(["Zoe", "Yan"], seed=1).players == ("Zoe", "Yan")
    for bad in (1, 7, 0, True, "Ann", ["Ann"], ["Ann", "Ann"], ["Ann", ""], 2.5, None):
        with pytest.raises(SetupError):
            Game.new(bad)
    with pytest.raises(SetupError, match="seed"):
        Game.new(3, seed="x")
    with pytest.raises(SetupError, match="switch"):
        Game.new(2, deck="R1 switch")


def test_rule_03_shuffle_first_card_frequencies():
    """Rule 3: the pile is shuffled; first card roll 18/120, switch 12/120, number 90/120."""
    n = 3000
    firsts = Counter(Game.new(4, seed=s).draw_pile[0].kind for s in range(n))
    assert rate_agrees(firsts["roll"], n, 18 / 120)
    assert rate_agrees(firsts["switch"], n, 12 / 120)
    assert rate_agrees(firsts["number"], n, 90 / 120)


def test_rule_04_start_player_and_clockwise_turns():
    """Rule 4: Ann starts; turns pass clockwise, whatever switch cards are drawn."""
    g = new(3, "R1 switch B2 G3 Y4" + FILL)
    assert g.active_player == g.current_player == 0 and g.phase == "turn"
    g = play(g, "draw place 0 draw stop take 0")  # a switch card this turn
    assert g.log[-3:] == ("Ann draws a switch card: collection now runs counter-clockwise",
                          "Ann stops", "Ann takes column 1: R1")
    seen = [g.active_player]
    for _ in range(3):
        g = play(g, "draw place 0 stop take 0")
        seen.append(g.active_player)
    assert seen == [1, 2, 0, 1]
    assert g.turn == 5


# ------------------------------------------------------------------ push or bank
def test_rule_05_push_or_bank_exactly_one():
    """Rule 5: a turn starts with the choice push (draw) or bank; banking draws nothing."""
    g = play(new(2, "R3 B4" + FILL), "draw place 0 stop take 0")  # Ann: R3
    g = play(g, "draw place 0 stop take 0")  # Ben: B4
    assert g.phase == "turn" and g.legal_actions() == ["draw", "bank R"]
    pile = g.draw_pile_size
    g = g.apply("bank R")
    assert g.active_player == 1 and g.phase == "turn" and g.draw_pile_size == pile
    assert g.legal_actions() == ["draw", "bank B"]


def test_rule_06_bank_moves_all_of_a_colour_and_is_safe():
    """Rule 6: bank all bench cards of a colour present; ends the turn; banks are never lost."""
    g = new(2, "R3 B5 R5 G1 Y2 Y3 R2 R4 R6 R1 R2" + FILL, rolls="R")
    assert g.legal_actions() == ["draw"]  # empty bench: must push
    with pytest.raises(IllegalAction, match="no red card on the bench"):
        g.apply("bank R")
    g = play(g, "draw place 0 draw place 0 draw place 1 stop take 0 take 0")
    assert g.benches == (cards("R3 B5"), cards("R5"))
    g = play(g, "draw place 0 stop take 0")  # Ben takes G1
    assert g.legal_actions() == ["draw", "bank R", "bank B"]
    with pytest.raises(IllegalAction, match="no green card"):
        g.apply("bank G")
    g = g.apply("bank R")
    assert g.banks[0] == cards("R3") and g.benches[0] == cards("B5")
    assert g.log[-1] == "Ann banks 1 red card (3 points)"
    assert g.active_player == 1 and g.scores() == (8, 6)
    g = play(g, "draw place 0 draw place 1 stop take 0 take 0")  # Ben Y2, Ann Y3
    assert g.benches == (cards("B5 Y3"), cards("R5 G1 Y2"))
    # Ann busts on three red columns and rolls red: the banked R3 is safe
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ann draws R1, which fits no column",
                          "Ann rolls red and loses nothing")
    assert g.banks[0] == cards("R3")
    g = play(g, "take 0")  # Ben collects R2; back to Ann: the rest is discarded
    g = g.apply("bank R")  # Ben banks both reds
    assert g.banks[1] == cards("R2 R5") and g.benches[1] == cards("G1 Y2")
    assert g.log[-1] == "Ben banks 2 red cards (7 points)"
    g = play(g, "draw place 0 stop take 0")  # Ann takes R2 ...
    g = play(g, "draw place 0 stop take 0")  # ... Ben takes P6
    g = g.apply("bank red")  # the same colour may be banked again (colour names work too)
    assert g.banks[0] == cards("R2 R3") and g.benches[0] == cards("B5 Y3")
    assert g.log[-1] == "Ann banks 1 red card (2 points)"


# ------------------------------------------------------------------ push
def test_rule_07_push_draws_one_card_at_a_time_at_least_one():
    """Rule 7: drawing handles each card at once; after each, draw again or stop."""
    g = new(3, "R3 B4 G5" + FILL)
    with pytest.raises(IllegalAction, match="cannot 'stop' now: Ann must draw"):
        g.apply("stop")
    g = g.apply("draw")
    assert g.phase == "place" and g.pending == Card.parse("R3") and g.draw_pile_size == 10
    assert g.legal_actions() == ["place 0"]  # a single choice is still asked
    g = g.apply("place 0")
    assert g.phase == "push" and g.pending is None and g.legal_actions() == ["draw", "stop"]
    g = g.apply("draw")
    assert g.pending == Card.parse("B4") and g.legal_actions() == ["place 0", "place 1"]
    assert g.log == ("Ann draws R3 and starts column 1",)


def test_rule_08_number_cards_no_shared_colour_or_number_at_most_three_columns():
    """Rule 8: no column with the same colour or number; new columns while fewer than 3."""
    g = new(3, "R3 B3 R5 G1 Y6 P3" + FILL)
    g = play(g, "draw place 0 draw")
    assert g.legal_actions() == ["place 1"]  # B3 shares the number 3 with R3
    with pytest.raises(IllegalAction, match="B3 does not fit column 1, which holds R3"):
        g.apply("place 0")
    g = play(g, "place 1 draw")
    assert g.legal_actions() == ["place 1", "place 2"]  # R5: not with R3
    g = play(g, "place 1 draw")
    assert g.legal_actions() == ["place 0", "place 1", "place 2"]  # G1 may start a column
    g = play(g, "place 2 draw")
    assert g.legal_actions() == ["place 0", "place 1", "place 2"]  # Y6 fits all three
    with pytest.raises(IllegalAction, match="no more than 3 columns"):
        g.apply("place 3")
    g = play(g, "place 0 draw")
    assert g.legal_actions() == ["place 2"]  # P3: not with R3, B3
    g = g.apply("place 2")
    assert g.columns == (cards("R3 Y6"), cards("B3 R5"), cards("G1 P3"))
    assert g.log == (
        "Ann draws R3 and starts column 1", "Ann draws B3 and starts column 2",
        "Ann draws R5 and puts it in column 2", "Ann draws G1 and starts column 3",
        "Ann draws Y6 and puts it in column 1", "Ann draws P3 and puts it in column 3")


def test_rule_09_roll_cards_one_per_column():
    """Rule 9: a roll card goes in a column without one, or starts a column."""
    g = new(3, "roll roll G2 roll" + FILL)
    g = play(g, "draw place 0 draw")
    assert g.legal_actions() == ["place 1"]
    with pytest.raises(IllegalAction, match="roll does not fit column 1"):
        g.apply("place 0")
    g = play(g, "place 1 draw place 0 draw")
    assert g.legal_actions() == ["place 2"]
    g = g.apply("place 2")
    assert g.columns == (cards("roll G2"), cards("roll"), cards("roll"))


def test_rule_10_switch_cards_reverse_collection_direction():
    """Rule 10: switch cards are set aside; odd count = counter-clockwise; discarded at turn end."""
    g = new(4, "R1 B2 G3 switch" + FILL)
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.phase == "push" and g.pending is None and g.set_aside == (SWITCH,)
    assert g.switches_drawn == 1 and g.direction == -1
    assert all(SWITCH not in col for col in g.columns)
    assert g.log[-1] == "Ann draws a switch card: collection now runs counter-clockwise"
    g = play(g, "stop take 0")
    assert g.collector == 3 and g.current_player == 3  # Dan, to Ann's right
    g = play(g, "take 0")
    assert g.collector == 2
    g = play(g, "take 0")
    assert g.benches == (cards("R1"), (), cards("G3"), cards("B2"))
    assert g.active_player == 1 and g.switches_drawn == 0 and g.direction == 1
    assert g.discard_pile == (SWITCH,)
    # two switch cards: clockwise again
    g = new(4, "R1 switch B2 switch G3" + FILL)
    g = play(g, "draw place 0 draw draw place 1 draw")
    assert g.direction == 1 and g.log[-1] == (
        "Ann draws a switch card: collection now runs clockwise")
    g = play(g, "draw place 2 stop take 0 take 0 take 0")
    assert g.benches == (cards("R1"), cards("B2"), cards("G3"), ())
    assert g.discard_pile == (SWITCH, SWITCH)


def test_rule_11_bust_discard_roll_lose_colour_others_collect():
    """Rule 11: bust: the card is discarded, the die rolled, that colour lost; others collect."""
    g = new(3, "Y4 B1 R2 G2 P5 R1 R3 R4 R5" + FILL, rolls="Y")
    g = play(g, "draw place 0 draw place 0 draw place 0 stop take 0")  # Ann: Y4 B1 R2
    g = play(g, "draw place 0 stop take 0 draw place 0 stop take 0")  # Ben G2, Cat P5
    g = play(g, "bank B bank G bank P")
    assert g.benches[0] == cards("R2 Y4") and g.banks[0] == cards("B1")
    g = play(g, "draw place 0 draw place 1 draw place 2")
    assert g.legal_actions() == ["draw", "stop"]
    g = g.apply("draw")  # R5 fits no column: all three hold a red card
    assert g.log[-2:] == ("Bust! Ann draws R5, which fits no column",
                          "Ann rolls yellow and loses Y4")
    assert g.benches[0] == cards("R2") and g.banks[0] == cards("B1")
    assert g.discard_pile[-2:] == cards("R5 Y4") and g.pending is None
    assert g.phase == "collect" and g.collector == 1 and g.active_player == 0
    assert g.legal_actions() == ["take 0", "take 1", "take 2"]
    g = play(g, "take 1 take 0")
    assert g.log[-3:] == ("Ben takes column 2: R3", "Cat takes column 1: R1",
                          "Columns nobody takes are discarded: R4")
    assert [b for b in g.benches] == [cards("R2"), cards("R3"), cards("R1")]
    assert g.discard_pile[-1] == Card.parse("R4") and g.columns == ()
    assert g.active_player == 1 and g.phase == "turn"


def test_rule_11_bust_on_a_roll_card_and_counter_clockwise():
    """Rule 11: a roll card busts when every column holds one; collection follows the switch."""
    g = new(3, "switch R1 R2 R3 R4" + FILL, rolls="*")
    g = play(g, "draw draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ann draws R4, which fits no column",
                          "Ann rolls a star: nothing is lost")
    assert g.collector == 2  # counter-clockwise: Cat first
    g = play(g, "take 0 take 0")
    assert g.benches == ((), cards("R2"), cards("R1"))
    assert g.discard_pile == cards("R4 R3 switch")
    g = new(2, "roll roll roll roll" + FILL, rolls="G")
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ann draws a roll card, which fits no column",
                          "Ann rolls green and loses nothing")
    assert g.discard_pile == (ROLL,) and g.collector == 1


def test_rule_12_stop_needs_a_column_and_empty_pile_forces_stop():
    """Rule 12: stop once a column exists; an empty pile forces a stop (not a bust)."""
    g = new(3, "switch R1" + FILL).apply("draw")
    assert g.phase == "push" and g.legal_actions() == ["draw"]
    with pytest.raises(IllegalAction, match="no column yet"):
        g.apply("stop")
    g = new(2, "R1 B2")
    g = play(g, "draw place 0 draw place 1")
    assert g.draw_pile_size == 0 and g.legal_actions() == ["stop"]
    with pytest.raises(IllegalAction, match="draw pile is empty"):
        g.apply("draw")
    g = play(g, "stop")
    assert g.collector == 0 and g.legal_actions() == ["take 0", "take 1"]
    g = play(g, "take 1 take 0")
    assert g.benches == (cards("B2"), cards("R1")) and not any("Bust" in s for s in g.log)
    # the pile runs out on a switch card with no column: the turn simply ends
    g = new(3, "switch").apply("draw")
    assert g.log[-2:] == ("The draw pile is empty: Ann's turn ends",
                          "The game is over: Ann, Ben, and Cat share the win with 0 points each")
    assert g.is_over and g.discard_pile == (SWITCH,)


def test_rule_13_collection_order_and_two_player_limit():
    """Rule 13: active player first, then each next player, until back to the active player."""
    g = play(new(4, "R1 B2 G3" + FILL), "draw place 0 draw place 1 draw place 2 stop")
    assert g.collector == 0
    g = play(g, "take 2 take 0 take 0")
    assert g.benches == (cards("G3"), cards("R1"), cards("B2"), ())
    assert g.log[-3:] == ("Ann takes column 3: G3", "Ben takes column 1: R1",
                          "Cat takes column 1: B2")
    # two columns, four players: Cat and Dan get nothing
    g = play(new(4, "R1 B2" + FILL), "draw place 0 draw place 1 stop take 0 take 0")
    assert g.benches == (cards("R1"), cards("B2"), (), ()) and g.phase == "turn"
    # two players: at most two of three columns are collected
    g = play(new(2, "R1 B2 G3" + FILL), "draw place 0 draw place 1 draw place 2 stop")
    g = play(g, "take 1 take 1")
    assert g.benches == (cards("B2"), cards("G3"))
    assert g.log[-1] == "Columns nobody takes are discarded: R1"
    assert g.active_player == 1 and g.phase == "turn"


def test_rule_14_benches_sorted_by_colour_and_public():
    """Rule 14: benches are sorted by colour (R B G Y P) then number, visible to all."""
    g = new(2, "P1 R5 B2 Y3 R3" + FILL)
    g = play(g, "draw place 0 draw place 0 draw place 0 stop take 0")
    assert g.benches[0] == cards("R5 B2 P1")
    g = play(g, "draw place 0 draw place 1 stop take 1 take 0")
    assert g.benches == (cards("R5 B2 Y3 P1"), cards("R3"))
    text = g.describe()
    assert "R5 B2 Y3 P1" in text and "R3" in text


def test_rule_15_roll_card_in_a_taken_column():
    """Rule 15: the taker rolls and loses that colour, new cards included; star safe."""
    g = new(2, "G1 Y1 G5 roll B3 roll P4" + FILL, rolls="*G")
    g = play(g, "draw place 0 draw place 1 stop take 0 take 0")  # Ann G1, Ben Y1
    g = play(g, "draw place 0 draw place 0 draw place 0 draw")
    assert g.legal_actions() == ["place 1"]
    g = play(g, "place 1 draw place 1")
    assert g.columns == (cards("G5 roll B3"), cards("roll P4"))
    g = play(g, "stop take 1")
    assert g.log[-2:] == ("Ben takes column 2: roll P4", "Ben rolls a star: nothing is lost")
    assert g.benches[1] == cards("Y1 P4") and g.discard_pile == (ROLL,)
    g = g.apply("take 0")
    assert g.log[-2:] == ("Ann takes column 1: G5 roll B3", "Ann rolls green and loses G1 G5")
    assert g.benches[0] == cards("B3")
    assert g.discard_pile == cards("roll G1 G5 roll") and g.die_index == 2
    assert g.active_player == 0 and g.phase == "turn"


# ------------------------------------------------------------------ end and scoring
def test_rule_16_game_ends_when_pile_empty_and_columns_collected():
    """Rule 16: the game ends once the pile is empty and the turn's columns are dealt with."""
    g = play(new(2, "R1 B2"), "draw place 0 draw place 0 stop")
    assert not g.is_over and g.phase == "collect"
    g = g.apply("take 0")
    assert g.is_over and g.phase == "over" and g.current_player is None
    assert g.legal_actions() == [] and g.log[-1] == "The game is over: Ann wins with 3 points"
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply("draw")
    # a bust on the last card: the others still collect before the end
    g = play(new(2, "R1 R2 R3 R4", rolls="*"), "draw place 0 draw place 1 draw place 2 draw")
    assert g.phase == "collect" and g.collector == 1 and g.draw_pile_size == 0
    g = g.apply("take 2")
    assert g.is_over and g.log[-2:] == ("Columns nobody takes are discarded: R1 | R2",
                                        "The game is over: Ben wins with 3 points")
    assert Game.new(3, deck="").is_over


def test_rule_17_scores_count_numbers_on_bench_and_bank():
    """Rule 17: a number card scores its number, on the bench or in the bank; others 0."""
    g = new(2, "R6 roll B4 G2" + FILL, rolls="Y")
    g = play(g, "draw place 0 draw place 0 draw place 0 stop take 0")  # Ann R6 B4 (roll: Y)
    assert g.scores() == (10, 0)
    g = play(g, "draw place 0 stop take 0 bank R")
    assert g.benches[0] == cards("B4") and g.banks[0] == cards("R6")
    assert g.scores() == (10, 2)
    assert ROLL.points == SWITCH.points == 0


def test_rule_18_most_points_wins_ties_share():
    """Rule 18: most points wins; a tie is a shared win."""
    g = play(new(2, "R3 B3"), "draw place 0 draw place 1 stop take 0 take 0")
    assert g.is_over and g.scores() == (3, 3) and g.winners() == (0, 1)
    assert g.log[-1] == "The game is over: Ann and Ben share the win with 3 points each"
    g = play(new(3, "R3 B4"), "draw place 0 draw place 1 stop take 0 take 0")
    assert g.scores() == (3, 4, 0) and g.winners() == (1,)
    assert g.log[-1] == "The game is over: Ben wins with 4 points"


# ------------------------------------------------------------------ options
def test_rule_19_harder_star_discards_whole_bench():
    """Rule 19: harder: a star loses the whole bench, after a roll card and after a bust."""
    g = new(2, "R1 B2 roll G3 R4 R5 R6 R2 R3" + FILL, rolls="**", harder=True)
    g = play(g, "draw place 0 draw place 0 stop take 0")  # Ann R1 B2
    g = play(g, "draw place 0 draw place 0 stop take 0")  # Ben roll G3, rolls a star
    assert g.log[-1] == "Ben rolls a star and loses the whole bench: G3"
    assert g.benches[1] == () and g.discard_pile == cards("G3 roll")
    g = play(g, "bank B draw place 0 stop take 0")  # Ann banks B2; Ben takes R4
    g = play(g, "draw place 0 draw place 1 draw place 2 draw")
    assert g.log[-2:] == ("Bust! Ann draws R3, which fits no column",
                          "Ann rolls a star and loses the whole bench: R1")
    assert g.benches[0] == () and g.banks[0] == cards("B2")  # the bank is safe
    # without the option a star is harmless
    easy = play(new(2, "R1 B2 roll G3" + FILL, rolls="*"),
                "draw place 0 draw place 0 stop take 0 draw place 0 draw place 0 stop take 0")
    assert easy.benches[1] == cards("G3")


def test_rule_20_switch_cards_with_two_players_option():
    """Rule 20: two players may keep the switch cards (120 cards)."""
    g = Game.new(2, seed=3, switch_cards=True)
    assert g.draw_pile_size == 120 and g.pile_counts()[SWITCH] == 12 and g.switch_cards
    assert not Game.new(2, seed=3).switch_cards
    g = new(2, "switch R1 B2" + FILL, switch_cards=True)
    g = play(g, "draw draw place 0 draw place 1 stop")
    assert g.direction == -1 and g.log[0] == (
        "Ann draws a switch card: collection now runs counter-clockwise")
    g = play(g, "take 0 take 0")
    assert g.benches == (cards("R1"), cards("B2")) and g.discard_pile == (SWITCH,)
    assert Game.new(4, seed=1, switch_cards=False).draw_pile_size == 108
    with pytest.raises(SetupError):
        Game.new(2, switch_cards="yes")


# ------------------------------------------------------------------ facts for checking
def test_fact_column_holds_at_most_five_numbers_and_one_roll_worth_20():
    """Facts: a column holds at most 5 number cards and 1 roll card, worth at most 20."""
    g = play(new(2, "R1 B2 G3 Y4 P5 roll" + FILL),
             "draw place 0 draw place 0 draw place 0 draw place 0 draw place 0 draw place 0")
    full = g.columns[0]
    assert len(full) == 6
    numbers = [Card.parse(f"{c}{n}") for c in "RBGYP" for n in range(1, 7)]
    assert not any(g.fits(c, 0) for c in numbers + [ROLL])
    best = 0
    for nums in permutations(range(1, 7), 5):
        column = cards(" ".join(f"{c}{n}" for c, n in zip("RBGYP", nums)))
        best = max(best, sum(c.points for c in column))
    assert best == 20


def test_fact_no_bust_before_three_columns():
    """Facts: with fewer than three columns every card can be placed."""
    g = play(new(2, "R1 R2 R3" + FILL), "draw place 0 draw place 1 draw")
    assert g.phase == "place" and g.legal_actions() == ["place 2"]


# ------------------------------------------------------------------ values and errors
def test_states_are_immutable_values():
    """apply returns a new state; the old one is unchanged, also after an illegal action."""
    g = new(3, "R3 B5" + FILL)
    before = Game.new(3, deck="R3 B5" + FILL, rolls="", seed=0)
    h = g.apply("draw")
    assert g == before and h != g and g.phase == "turn"
    for bad in ("stop", "place 0", "take 0", "bank R", "fly", "", "draw 2", None, 3):
        with pytest.raises(IllegalAction) as err:
            g.apply(bad)
        assert "legal actions: draw" in str(err.value)
        assert err.value.legal == ["draw"] and err.value.action == bad
        assert g == before
    with pytest.raises(Exception):
        g.phase = "over"
    assert hash(g) == hash(before)


def test_actions_are_normalised():
    """Case and spacing are ignored; 'place 01' means 'place 1'."""
    g = new(3, "R3 B5" + FILL)
    assert g.apply("  DRAW ") == g.apply("draw")
    g = play(g, "draw place 0 draw")
    assert g.apply("Place   01") == g.apply("place 1")


def test_views_repr_and_describe():
    """repr is one short line; describe() is a plain-text table."""
    g = play(new(3, "R3 B5" + FILL), "draw place 0 draw")
    assert repr(g) == "<Game 3 players, turn 1, Ann to place, columns [R3], pile 8>"
    text = str(g)
    assert text == g.describe()
    assert "Pending:  B5" in text and "1: R3" in text and "Ann *" in text


def test_game_html_view_shows_columns_and_benches():
    """_repr_html_ shows the status, the columns as cards and every bench."""
    g = play(new(2, "R3 B5" + FILL), "draw place 0 draw")
    html = html_of(g)
    assert "Ann must place B5" in html and "column 1" in html
    from pushlab.display import card_html
    assert card_html(Card.parse("R3")) in html and card_html(Card.parse("B5")) in html
    assert html.count("<tr>") == 3


def test_illegal_action_messages_name_the_problem():
    """Each refusal says what is wrong and lists the legal actions."""
    g = play(new(3, "R3 B5 G1" + FILL), "draw place 0 draw place 1 stop")
    cases = {
        "take 5": "there is no column 5 (columns are 0..1); legal actions: take 0, take 1",
        "fly": "unknown action 'fly'",
        "take": "malformed action 'take' (expected 'take i')",
        "take x": "'x' is not a column number",
        "draw": "cannot 'draw' now: Ann must take a column",
        "bank Q": "cannot 'bank Q' now: Ann must take a column",
    }
    for action, words in cases.items():
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert words in str(err.value), (action, str(err.value))
    with pytest.raises(IllegalAction, match="must be a string"):
        g.apply(0)
    h = play(new(3, "R3 B5 G1" + FILL), "draw place 0 draw")
    with pytest.raises(IllegalAction, match=r"no column 5 \(the next new column is 1\)"):
        h.apply("place 5")
    k = play(new(2, "R3 B5" + FILL), "draw place 0 stop take 0 draw place 0 stop take 0")
    with pytest.raises(IllegalAction, match="'Q' is not a colour"):
        k.apply("bank Q")


def test_setup_accepts_numpy_values_and_card_sequences():
    """Counts, options and decks may come as numpy values or lists of cards."""
    g = Game.new(np.int64(3), seed=np.int64(4), harder=np.bool_(True),
                 deck=[Card.parse("R3"), "B5"])
    assert g.num_players == 3 and g.harder is True and g.draw_pile == cards("R3 B5")
    with pytest.raises(SetupError, match="harder"):
        Game.new(3, harder="no")


def test_die_bound_and_deterministic_extension():
    """The die holds len(rolls) + len(deck) faces; past the end it cycles RBGYP*."""
    import dataclasses
    g = Game.new(2, deck="R1 R2 R3 R4 R5", rolls="GG", seed=1)
    assert len(g.die) == 7 and g.die.startswith("GG")
    short = dataclasses.replace(g, die="", die_index=0)  # an exhausted die, built by hand
    end = play(short, "draw place 0 draw place 1 draw place 2 draw")
    assert end.log[-1] == "Ann rolls red and loses nothing" and end.die_index == 1


def test_states_pickle_and_copy():
    """States survive pickling (for multiprocessing) and copying."""
    import copy
    import pickle
    g = play(Game.new(4, seed=2), "draw")
    assert pickle.loads(pickle.dumps(g)) == g and copy.deepcopy(g) == g


# ------------------------------------------------------------------ rule 10: the two readings
def test_rule_10_switch_rule_game_direction_lasts_into_the_next_turn():
    """Rule 10 option: a switch card on Ann's turn changes Ben's collection under "game" only."""
    script = "draw place 0 draw draw place 1 stop take 0 take 0"  # Ann: R1, switch, B2
    deck = "R1 switch B2 G3 Y4" + FILL
    for rule, second in (("turn", 2), ("game", 0)):
        g = play(new(4, deck, switch_rule=rule), script)
        assert g.benches == (cards("R1"), (), (), cards("B2"))    # Dan collects second
        assert g.turn == 2 and g.active_player == 1 and g.switches_drawn == 0
        g = play(g, "draw place 0 draw place 1 stop take 0")      # Ben: G3, Y4
        assert g.collector == second, rule                        # Cat, or Ann under "game"
    # under "game" the switch card stays on its pile, under "turn" it is discarded
    turn = play(new(4, deck), script)
    game = play(new(4, deck, switch_rule="game"), script)
    assert turn.switch_rule == "turn" and turn.switch_pile == () and turn.direction == 1
    assert turn.discard_pile == (SWITCH,)
    assert game.switch_pile == (SWITCH,) and game.direction == -1 and game.discard_pile == ()
    assert game.log[1] == ("Ann draws a switch card: collection now runs counter-clockwise "
                           "for the rest of the game (until the next switch card)")
    assert turn.log[1] == "Ann draws a switch card: collection now runs counter-clockwise"
    assert "Collection: counter-clockwise; switch pile 1, lasts until the next switch card" \
        in game.describe()
    assert "Collection: clockwise" in turn.describe()


def test_rule_10_bust_collection_follows_the_lasting_direction():
    """A bust on Ben's turn: Ann collects first under "game" (switch card on turn 1), Cat under "turn"."""
    deck = "switch R1 B1 G1 Y1 P1" + FILL
    for rule, first in (("turn", 2), ("game", 0)):
        g = play(new(3, deck, rolls="*", switch_rule=rule), "draw draw place 0 stop take 0")
        assert g.active_player == 1 and g.benches[0] == cards("R1")
        g = play(g, "draw place 0 draw place 1 draw place 2 draw")   # B1 | G1 | Y1, P1 busts
        assert g.log[-2:] == ("Bust! Ben draws P1, which fits no column",
                              "Ben rolls a star: nothing is lost")
        assert g.phase == "collect" and g.collector == first, rule


def test_rule_10_two_switch_cards_on_one_turn_under_both_readings():
    """Two switch cards on one turn cancel out; under "game" both stay on the pile."""
    deck = "R1 switch switch B2 G3 switch Y4 P5" + FILL
    for rule in ("turn", "game"):
        g = play(new(3, deck, switch_rule=rule), "draw place 0 draw draw")
        assert g.direction == 1 and g.switches_drawn == 2 and len(g.switch_pile) == 2
        assert g.log[-1].startswith("Ann draws a switch card: collection now runs clockwise")
        g = play(g, "draw place 1 stop take 0")
        assert g.collector == 1                                   # clockwise: Ben
        g = play(g, "take 0")
        assert g.turn == 2 and g.direction == 1
        assert len(g.switch_pile) == (2 if rule == "game" else 0)
        assert g.discard_pile.count(SWITCH) == (0 if rule == "game" else 2)
        # Ben: G3, one switch card (counter-clockwise), Y4; stop: Ann collects second
        g = play(g, "draw place 0 draw draw place 1 stop take 0")
        assert g.collector == 0 and g.direction == -1
        g = play(g, "take 0")
        assert g.turn == 3 and g.active_player == 2
        assert g.direction == (-1 if rule == "game" else 1)
        assert len(g.switch_pile) == (3 if rule == "game" else 0)
        g = play(g, "draw place 0 draw place 1 stop take 0")      # Cat: P5, P6
        assert g.collector == (1 if rule == "game" else 0)


def test_rule_10_switch_rule_must_be_turn_or_game():
    for bad in ("round", "Game", "", None, 1, True):
        with pytest.raises(SetupError, match="'turn'.*'game'"):
            Game.new(4, seed=0, switch_rule=bad)
    assert Game.new(4, seed=0).switch_rule == "turn"
    g = Game.new(2, seed=0, switch_rule="game")      # no switch cards: the rule never acts
    assert g.switch_rule == "game" and g.direction == 1 and g.switch_pile == ()
    assert "lasts until the next switch card" in html_of(g)
