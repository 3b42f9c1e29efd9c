"""Tests of pushlab.luck.odds: exact next-card odds and the expectimax hint.

The hint is checked against an independent brute-force expectimax that plays the
real engine (``Game.apply``), enumerating every card order and every die face,
with exact Fractions.
"""

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pushlab.errors import IllegalAction, PushlabError
from pushlab.luck import DIE_FACES, Card, Game, full_deck, parse_cards
from pushlab.luck.odds import (
    DISTRIBUTION_KEYS,
    Hint,
    bust_probability,
    hint,
    hint_value,
    next_card_distribution,
    pile_counts,
    seen_counts,
)


# ---------------------------------------------------------------------- helpers
def play(game, actions):
    """Apply a space-separated script of actions ("draw,place 0,...")."""
    for action in actions.split(","):
        game = game.apply(action.strip())
    return game


def build(players, columns, pile, harder=False, switch_cards=None, rolls=None):
    """A game in phase push whose columns are ``columns`` ("R1 B2|G3|roll") and pile ``pile``."""
    cols = [parse_cards(c) for c in columns.split("|")]
    deck = [card for col in cols for card in col] + list(parse_cards(pile))
    g = Game.new(players, deck=deck, harder=harder, switch_cards=switch_cards, rolls=rolls)
    for i, col in enumerate(cols):
        for j, _ in enumerate(col):
            g = g.apply("draw").apply(f"place {i}")
    assert g.phase == "push" and len(g.columns) == len(cols)
    return g


def with_bench(game, player, cards):
    """``game`` with ``player``'s bench replaced (a test fixture, not a game move)."""
    benches = list(game.benches)
    benches[player] = tuple(sorted(parse_cards(cards)))
    return replace(game, benches=tuple(benches))


def bench_points(game):
    """Bench points per player."""
    return [sum(c.points for c in b) for b in game.benches]


def outcomes(game, action):
    """Every (probability, next state) of ``action``: each die face where a die is rolled."""
    i = game.die_index
    game = replace(game, die=game.die + "R" * 20)            # never run past the script
    plain = game.apply(action)
    if plain.die_index == i:
        return [(Fraction(1), plain)]
    assert plain.die_index == i + 1, "one apply rolls the die at most once"
    return [(Fraction(1, 6), replace(game, die=game.die[:i] + f + game.die[i + 1:]).apply(action))
            for f in DIE_FACES]


def draws(game):
    """Every (probability, state after drawing): each distinct card of the pile on top."""
    pile = game.draw_pile
    out = []
    for card, copies in Counter(pile).items():
        k = pile.index(card)
        top = replace(game, draw_pile=(card,) + pile[:k] + pile[k + 1:])
        out += [(p * Fraction(copies, len(pile)), g) for p, g in outcomes(top, "draw")]
    return out


def brute(game):
    """Exact hint values by full expectimax over ``Game.apply`` (the spec of ``hint``)."""
    decider, turn, start = game.current_player, game.turn, game.scores()
    risk = Fraction(1, 3) if game.harder else Fraction(1, 6)

    memo = {}

    def value(g):
        # the value depends on the position, not on the log, the die or the pile order
        key = (g.phase, g.active_player, g.collector, g.pending, g.columns, g.benches,
               tuple(sorted(g.draw_pile)), g.switches_drawn, g.direction, g.turn)
        if key not in memo:
            memo[key] = position_value(g)
        return memo[key]

    def position_value(g):
        if g.is_over or g.turn != turn:
            gain = [a - b for a, b in zip(g.scores(), start)]      # banking moves no points
            others = [x for p, x in enumerate(gain) if p != decider]
            return gain[decider] - Fraction(sum(others), len(others))
        if g.current_player == decider:
            return max(action_value(g, a) for a in g.legal_actions())
        p = g.current_player                         # an opponent collects greedily

        def own(i):
            col = g.columns[i]
            pts = sum(c.points for c in col)
            roll = any(c.is_roll for c in col)
            return (pts - roll * risk * (bench_points(g)[p] + pts), not roll)
        best = max(range(len(g.columns)), key=own)
        return action_value(g, f"take {best}")

    def action_value(g, action):
        branches = draws(g) if action == "draw" else outcomes(g, action)
        return sum(p * value(h) for p, h in branches)

    return {a: action_value(game, a) for a in game.legal_actions()}


def assert_matches_brute(game):
    """hint(game) equals the brute force on every action, and is exact."""
    h = hint(game, depth=game.draw_pile_size)
    expected = brute(game)
    assert h.exact and h.depth == (0 if game.phase == "collect" else game.draw_pile_size)
    assert set(h.values) == set(expected)
    for action, v in expected.items():
        assert h.values[action] == pytest.approx(float(v), abs=1e-9), action
    assert h.values[h.best] == pytest.approx(float(max(expected.values())), abs=1e-9)


# ---------------------------------------------------------------------- next-card odds
def test_first_card_odds_match_the_rule_facts():
    d = next_card_distribution(Game.new(4, seed=0))
    assert d["new column only"] == Fraction(90, 120)
    assert d["roll"] == Fraction(18, 120) and d["switch"] == Fraction(12, 120)
    assert d["bust"] == 0 and list(d) == list(DISTRIBUTION_KEYS)


def test_three_r1_columns_naive_view_by_hand():
    # every red card and every 1 busts: 15 red cards left + 4 colours x three 1s.
    g = build(4, "R1|R1|R1", "B2 roll")
    assert bust_probability(g, counting=False) == Fraction(15 + 12, 117)
    d = next_card_distribution(g, counting=False)
    assert d == {"bust": Fraction(27, 117), "new column only": 0, "fits 1": 0, "fits 2": 0,
                 "fits 3": Fraction(60, 117), "roll": Fraction(18, 117),
                 "switch": Fraction(12, 117)}
    two = build(2, "R1|R1|R1", "B2 roll")                      # 108 cards, no switch
    assert bust_probability(two, counting=False) == Fraction(27, 105)


def test_three_r1_columns_counting_view_by_hand():
    g = build(3, "R1|R1|R1", "R5 G1 B2 roll switch B3 Y1 P6")
    assert bust_probability(g) == Fraction(3, 8)                # R5 G1 Y1
    d = next_card_distribution(g)
    assert d["fits 3"] == Fraction(3, 8) and d["roll"] == d["switch"] == Fraction(1, 8)
    assert sum(d.values()) == 1


def test_roll_card_busts_only_when_every_column_has_one():
    g = build(3, "roll R1|roll B2|G3", "roll")
    assert bust_probability(g) == 0
    assert next_card_distribution(g)["roll"] == 1
    g = build(3, "roll R1|roll B2|roll G3", "roll roll Y4")
    assert bust_probability(g) == Fraction(2, 3)
    assert next_card_distribution(g)["fits 3"] == Fraction(1, 3)


def test_switch_never_busts_and_no_bust_before_three_columns():
    g = build(3, "R1 B2 G3 Y4 P5|R2 B1 G4 Y3 P6|R3 B4 G1 Y2 roll", "switch")
    assert bust_probability(g) == 0 and next_card_distribution(g)["switch"] == 1
    g = build(3, "R1 B2 G3 Y4 P5|R2 B1 G4 Y3 P6", "R6 R1")      # R6/R1 fit nothing, 2 columns
    d = next_card_distribution(g)
    assert d["bust"] == 0 and d["new column only"] == 1


def test_fits_counts_exact_number_of_columns():
    g = build(3, "R1|B2", "G3 R2 Y1 B3")
    d = next_card_distribution(g)
    # G3 fits both, R2 fits none (new column only), Y1 fits B2 only, B3 fits R1 only
    assert d["fits 2"] == Fraction(1, 4)
    assert d["new column only"] == Fraction(1, 4)
    assert d["fits 1"] == Fraction(2, 4)


def test_counting_and_naive_views_differ_as_expected():
    g = build(3, "R1|R2|R3", "R4 R5 R6 B1")
    # counting: reds bust (every column holds red); B1 fits the R2 column
    assert bust_probability(g) == Fraction(3, 4)
    # naive: 117 cards; a card busts iff red (15 left): no number is 1, 2 and 3 at once
    assert bust_probability(g, counting=False) == Fraction(15, 117)
    # the naive view forgets benches; the counting view does not
    r1 = Card.parse("R1")
    g = play(Game.new(2, deck="R1 R1 B5 Y2", rolls="*"), "draw,place 0,stop,take 0")
    assert g.benches[0] == (r1,) and not g.columns
    assert pile_counts(g, counting=False)[r1] == 3 and pile_counts(g)[r1] == 1
    assert sum(pile_counts(g, counting=False).values()) == 108


def test_card_counting_sees_the_lasting_switch_pile():
    """Under switch_rule="game" the switch pile is seen: by perfect memory and on the table."""
    deck = "switch R1 switch B2 G3" + " P6" * 4
    for rule, pile_left in (("turn", 0), ("game", 2)):
        g = play(Game.new(3, deck=deck, switch_rule=rule), "draw,draw,place 0,draw,stop,take 0")
        assert g.turn == 2 and len(g.switch_pile) == pile_left
        assert seen_counts(g)[Card.parse("switch")] == 2          # discarded or on the pile
        naive = pile_counts(g, counting=False)
        # the naive player forgets discards, but sees the lasting pile on the table
        assert naive[Card.parse("switch")] == 12 - pile_left
        assert sum(naive.values()) == 120 - pile_left
        assert pile_counts(g)[Card.parse("switch")] == 0


def test_hint_follows_the_lasting_direction():
    """Ann collects first; who takes the roll column next depends on the direction."""
    # Ann's turn 2 of a 3-player game; Cat's 30-point bench makes the roll column poor for her
    base = build(3, "R6 roll|B1", "G2 Y3")
    base = with_bench(with_bench(base, 2, "G6 G5 Y6 Y5 P4 P4"), 1, "")
    stop = base.apply("stop")
    lasting = replace(stop, switch_rule="game", switch_pile=parse_cards("switch"))
    this_turn = replace(stop, switch_pile=parse_cards("switch"), switches_drawn=1)
    assert lasting.direction == this_turn.direction == -1 and stop.direction == 1
    cw, ccw = hint(stop).values, hint(lasting).values
    assert hint(this_turn).values == ccw
    # take B1 (1 point): the roll column R6 goes next to Ben (gain 6 - 1 = 5) clockwise,
    # to Cat (gain 6 - (30 + 6) / 6 = 0) counter-clockwise; Ben or Cat get the other
    assert cw["take 1"] == pytest.approx(1 - 5 / 2) and ccw["take 1"] == pytest.approx(1 - 0 / 2)
    assert_matches_brute(lasting)
    assert_matches_brute(stop)


def test_naive_view_excludes_the_pending_card():
    g = Game.new(2, deck="R3 R3 roll").apply("draw")
    assert g.phase == "place" and g.pending == Card.parse("R3")
    naive = pile_counts(g, counting=False)
    assert sum(naive.values()) == 107 and naive[Card.parse("R3")] == 2
    assert pile_counts(g.apply("place 0"), counting=False) == naive


@pytest.mark.parametrize("switch_rule", ["turn", "game"])
def test_seen_plus_pile_is_the_full_deck_in_real_games(switch_rule):
    g = Game.new(4, seed=11, switch_rule=switch_rule)
    rng = np.random.default_rng(0)
    for _ in range(200):
        if g.is_over:
            break
        assert seen_counts(g) + pile_counts(g) == Counter(full_deck())
        acts = g.legal_actions()
        g = g.apply(acts[int(rng.integers(len(acts)))])


def test_empty_pile_and_game_over_raise_domain_errors():
    g = Game.new(2, deck="R1").apply("draw").apply("place 0")     # pile empty, must stop
    with pytest.raises(PushlabError, match="draw pile is empty"):
        bust_probability(g)
    assert next_card_distribution(g, counting=False)["bust"] == 0    # naive pile is not empty
    over = g.apply("stop").apply("take 0")
    assert over.is_over
    for f in (bust_probability, next_card_distribution, hint):
        with pytest.raises(PushlabError, match="game is over"):
            f(over)


@pytest.mark.parametrize("counting", [True, False])
def test_exact_bust_probability_agrees_with_engine_monte_carlo(counting):
    g = Game.new(3, seed=2)
    rng = np.random.default_rng(42)
    # a fixed sensible line: draw until three columns exist, spreading cards
    while len(g.columns) < 3 or g.phase != "push":
        acts = g.legal_actions()
        g = g.apply("draw" if "draw" in acts else acts[-1])
    for _ in range(4):                                    # a few more cards on the table
        g = g.apply("draw")
        if g.phase != "place":
            break
        g = g.apply(g.legal_actions()[0])
    assert g.phase == "push"
    p = bust_probability(g, counting)
    assert 0 < p < 1
    pile = list(pile_counts(g, counting).elements())
    trials = 4000
    busts = 0
    for _ in range(trials):
        top = pile[int(rng.integers(len(pile)))]          # the top card of a shuffled pile
        after = replace(g, draw_pile=(top,) + g.draw_pile).apply("draw")
        busts += after.log[-2].startswith("Bust!") if len(after.log) >= 2 else 0
    se = (float(p) * (1 - float(p)) / trials) ** 0.5
    assert abs(busts / trials - float(p)) < 4 * se


def test_shuffled_pile_monte_carlo_matches_distribution():
    # the whole pile shuffled by the generator (not just a top card), engine decides
    g = build(3, "R1 B2|G3 Y4|P5 R6 B4 roll", "R2 B1 G5 Y3 roll switch P1 P2 R4 G6 B3 Y1")
    d = next_card_distribution(g)
    rng = np.random.default_rng(7)
    trials, busts = 3000, 0
    for _ in range(trials):
        pile = tuple(g.draw_pile[i] for i in rng.permutation(g.draw_pile_size))
        after = replace(g, draw_pile=pile).apply("draw")
        busts += any(line.startswith("Bust!") for line in after.log[len(g.log):])
    p = float(d["bust"])
    assert d["bust"] == Fraction(2, 12)                   # R4 and B3 clash with every column
    assert abs(busts / trials - p) < 4 * (p * (1 - p) / trials) ** 0.5


# ---------------------------------------------------------------------- the hint
def test_hint_stops_when_bust_is_near_certain():
    g = build(3, "R1 B2 G3|R2 B1 G4|R3 B4 G1", "R5 R6 B5 B6 G6 P1 Y1 G5 P4", rolls="R")
    g = with_bench(g, 0, "Y6 Y5 P6 P5")
    assert bust_probability(g) == Fraction(8, 9)
    h = hint(g)
    assert h.best == "stop" and h.values["stop"] > h.values["draw"]
    assert h.exact


def test_hint_draws_when_no_bust_is_possible():
    g = Game.new(3, deck="R1 B2 G3 Y4 P5 R6", rolls="*").apply("draw").apply("place 0")
    assert bust_probability(g) == 0
    h = hint(g)
    assert h.best == "draw" and h.values["draw"] > h.values["stop"] > 0


def test_collect_values_by_hand():
    # 3 players, Ann stops with columns R1 B2 (3) | G5 roll (5) | Y6 (6)
    g = build(3, "R1 B2|G5 roll|Y6", "P1 P2")
    g = with_bench(g, 1, "B6 B5 B4 B3 B2 B1")           # Ben: 21 points on his bench
    h = hint(g.apply("stop"))
    # Ann takes Y6 -> Ben takes R1 B2 (3 > 5 - (21+5)/6), Cat takes G5 roll (5 - 5/6)
    v_y6 = 6 - Fraction(3 + 5 - Fraction(5, 6), 2)
    # Ann takes R1 B2 -> Ben Y6, Cat G5 roll
    v_rb = 3 - Fraction(6 + 5 - Fraction(5, 6), 2)
    # Ann takes G5 roll (loses 5/6 in expectation) -> Ben Y6, Cat R1 B2
    v_g = 5 - Fraction(5, 6) - Fraction(6 + 3, 2)
    assert h.values == pytest.approx({"take 0": float(v_rb), "take 1": float(v_g),
                                      "take 2": float(v_y6)})
    assert h.best == "take 2" and h.depth == 0 and h.exact
    assert hint_value(g, "stop") == pytest.approx(float(v_y6))
    # Ben, second collector, chooses for himself; Cat is greedy after him
    ben = g.apply("stop").apply("take 2")
    hb = hint(ben)
    assert hb.player == "Ben"
    assert hb.values["take 0"] == pytest.approx(3 - (5 - 5 / 6) / 2)
    assert hb.values["take 1"] == pytest.approx(5 - (21 + 5) / 6 - 3 / 2)


def test_harder_option_doubles_the_roll_risk():
    g = build(2, "G5 roll", "P1")
    g = with_bench(g, 0, "R6 B6")
    assert hint_value(g, "stop") == pytest.approx(5 - (12 + 5) / 6)
    hard = replace(g, harder=True)
    assert hint_value(hard, "stop") == pytest.approx(5 - (12 + 5) / 3)


def test_stop_value_is_the_best_take_after_stopping():
    g = build(4, "R1 B2 roll|G5 Y3|P6", "R4 B4 G4", rolls="*")
    g = with_bench(g, 2, "G6 G5")
    after = hint(g.apply("stop"))
    assert hint_value(g, "stop") == pytest.approx(max(after.values.values()))


def test_bank_is_worth_zero_and_turn_start_values():
    g = Game.new(2, deck="R1 B2 G3 Y4", rolls="**")
    g = play(g, "draw,place 0,stop,take 0")              # Ann benches R1; Ben's turn
    g = play(g, "draw,place 0,stop,take 0")              # Ben benches B2; Ann's turn
    h = hint(g)
    assert h.phase == "turn" and h.values["bank R"] == 0.0
    assert h.values["draw"] > 0 and h.best == "draw"


def test_draw_value_grows_with_depth_and_is_a_lower_bound():
    g = Game.new(4, seed=9)
    g = play(g, "draw")
    while g.phase != "push":
        g = g.apply(g.legal_actions()[-1] if g.phase == "place" else "draw")
    values = [hint_value(g, "draw", depth=d) for d in (1, 2, 3)]
    assert values[0] <= values[1] + 1e-12 <= values[2] + 2e-12
    assert hint(g, depth=2).depth == 2 and not hint(g, depth=2).exact


@pytest.mark.parametrize("case", range(32))
def test_hint_equals_brute_force_expectimax(case):
    """Random small scripted games (every phase, 2-5 players, harder, switches, both rules)."""
    switch_rule = ("turn", "game")[case % 2]
    rng = np.random.default_rng(1000 + case)
    players = int(rng.integers(2, 6))
    switch = players > 2 or bool(rng.integers(2))
    deck = list(full_deck(switch))
    picks = rng.choice(len(deck), size=int(rng.integers(9, 14)), replace=False)
    g = Game.new(players, deck=[deck[i] for i in picks], harder=bool(case % 3 == 0),
                 switch_cards=switch, seed=int(rng.integers(1 << 30)), switch_rule=switch_rule)
    # a random prefix of play until the pile is small, stopping at a decision
    target, extra = int(rng.integers(2, 6)), int(rng.integers(0, 5))
    while not g.is_over and (g.draw_pile_size > target or extra):
        extra -= g.draw_pile_size <= target
        acts = g.legal_actions()
        g = g.apply(acts[int(rng.integers(len(acts)))])
    if g.is_over:
        pytest.skip("random prefix ended the game")
    assert_matches_brute(g)


def test_hint_equals_brute_force_on_scripted_states():
    cases = [
        build(3, "R1 B2|G3 roll|Y4", "R3 B1 switch G2 roll"),
        build(2, "R1|B1|G1", "Y1 P2 roll R2 switch", switch_cards=True),
        build(4, "roll|B2 R3", "roll R2 G2 B3", harder=True),
        with_bench(build(5, "R6|roll B5", "G6 roll Y4 P3"), 0, "G5 G4 Y3"),
    ]
    place = Game.new(3, deck="R1 B1 G1 R2 roll Y3").apply("draw")
    cases.append(play(place, "place 0,draw,place 1,draw"))   # G1: place 2 or new
    for g in cases:
        assert_matches_brute(g)


def test_hint_object_str_html_and_errors():
    g = Game.new(3, deck="R1 B2 G3", rolls="*").apply("draw").apply("place 0")
    h = hint(g)
    assert isinstance(h, Hint) and h.phase == "push" and h.player == "Ann"
    assert str(h) == f"draw: {h.values['draw']:+.1f} points (stop: {h.values['stop']:+.1f})"
    html = h._repr_html_()
    assert "<table" in html and "<b>draw</b>" in html
    with pytest.raises(IllegalAction, match="legal actions: draw, stop"):
        hint_value(g, "take 0")
    with pytest.raises(PushlabError, match="depth"):
        hint(g, depth=-1)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_distribution_sums_to_one_and_matches_bust(seed, steps):
    g = Game.new(3, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        acts = g.legal_actions()
        g = g.apply(acts[int(rng.integers(len(acts)))])
    for counting in (True, False):
        d = next_card_distribution(g, counting)
        assert sum(d.values()) == 1 and all(v >= 0 for v in d.values())
        assert d["bust"] == bust_probability(g, counting)
        if len(g.columns) < 3:
            assert d["bust"] == 0
    before = g
    hint(g)
    assert g == before


def test_bust_probability_agrees_with_sim_exact_turn():
    """Cross-check with the simulation module's exact recursion: one more card, then stop."""
    from pushlab.luck.sim import TurnPolicy, exact_turn
    g = build(3, "R1 B2|G3 Y4|P5 R6 B4 roll", "R2 B1 G5 Y3 roll switch P1 P2 R4 G6 B3 Y1")
    # a switch card counts as a draw for ``more(1)`` and never busts
    assert exact_turn(g, TurnPolicy.more(1)).bust == bust_probability(g) == Fraction(1, 6)


def test_opponent_ties_go_to_the_column_without_roll_card():
    # Ben (empty bench) values R6+roll at 6 - 6/6 = 5, the same as B5: he takes B5,
    # so Cat (12 bench points) gets R6+roll: 6 - (12 + 6)/6 = 3.
    g = build(3, "Y1|R6 roll|B5", "P1")
    g = with_bench(g, 2, "G6 G4 G2")
    after = hint(g.apply("stop"))
    assert after.values["take 0"] == pytest.approx(1 - (5 + 3) / 2)
    ben = g.apply("stop").apply("take 0")
    assert [a for a in ben.legal_actions()] == ["take 0", "take 1"]
    assert hint(ben).values == pytest.approx({"take 0": 5 - 5 / 2, "take 1": 5 - 3 / 2})


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 80))
def test_hint_on_real_games_is_well_formed_and_deepening_never_lowers_draw(seed, steps):
    g = Game.new(2 + seed % 4, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if g.is_over:
            return
        acts = g.legal_actions()
        g = g.apply(acts[int(rng.integers(len(acts)))])
    if g.is_over:
        return
    h = hint(g)
    assert list(h.values) == g.legal_actions() and h.best in h.values
    assert h.values[h.best] == max(h.values.values())
    if g.phase == "push" and g.columns and "draw" in h.values:
        shallow = hint_value(g, "draw", depth=1)
        assert shallow <= h.values["draw"] + 1e-9
        assert hint_value(g, "stop", depth=1) == h.values["stop"]
