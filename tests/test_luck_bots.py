"""Bots for Push (push-your-luck): shared rules, each bot's decision, legality, reproducibility."""

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pushlab.errors import IllegalAction, SetupError
from pushlab.luck import Card, Game, parse_cards
from pushlab.luck.bots import (
    BOT_KINDS,
    Greedy,
    HintBot,
    RandomBot,
    RolloutBot,
    StopAfter,
    StopAtRisk,
    bank_choice,
    pile_bust_probability,
    placement,
    play_game,
    take_choice,
    take_value6,
)
from pushlab.tournament import play

from helpers import run


def cols(*texts):
    """Columns from notation strings."""
    return tuple(parse_cards(t) for t in texts)


# ---------------------------------------------------------------------- placement
@pytest.mark.parametrize("card, columns, expected", [
    ("R1", (), 0),                                 # first card starts column 0
    ("Y2", ("R3", "B5 G1"), 1),                    # fits both: the one with more points
    ("Y2", ("R3", "B5 G1 roll"), 0),               # the roll-free column first
    ("Y2", ("R3 roll", "B5 G1 roll"), 1),          # all hold rolls: most points
    ("R2", ("R3", "B5 G1"), 1),                    # only column 1 accepts
    ("R3", ("R5", "B3"), 2),                       # none accepts: new column
    ("R3", ("R5", "B3", "G3"), None),              # none accepts, three columns: bust
    ("Y4", ("R1", "B3", "G3"), 1),                 # tie on points: lowest index
    ("roll", ("R5",), 1),                          # roll starts a new column while < 3
    ("roll", ("R5 B1", "G2", "Y6"), 1),            # three columns: the fewest points
    ("roll", ("R5 roll", "G2 roll", "Y6"), 2),     # only column 2 has no roll
    ("roll", ("R5 roll", "G2 roll", "Y6 roll"), None),
])
def test_placement_rule(card, columns, expected):
    assert placement(Card.parse(card), cols(*columns)) == expected


def test_placement_matches_engine_legality():
    """Whenever the engine asks to place, the bot's column is among the legal ones."""
    rng = np.random.default_rng(3)
    g = Game.new(4, seed=3)
    while not g.is_over:
        if g.phase == "place":
            assert f"place {placement(g.pending, g.columns)}" in g.legal_actions()
        g = g.apply(g.legal_actions()[int(rng.integers(len(g.legal_actions())))])


# ---------------------------------------------------------------------- take and bank
def test_take_value_counts_expected_roll_loss():
    # 6 x (8 - (10 + 8) / 6) = 48 - 18 = 30 with a bench of 10 points
    assert take_value6(parse_cards("R3 B5 roll"), 10) == 30
    assert take_value6(parse_cards("R3 B5 roll"), 10, harder=True) == 12
    assert take_value6(parse_cards("R3 B5"), 10) == 48
    assert take_value6(parse_cards("roll"), 0) == 0


def _collect_state(deck, actions, rolls="*"):
    """A game in phase collect after a scripted turn."""
    g = run(Game.new(3, deck=deck, rolls=rolls), actions)
    assert g.phase == "collect"
    return g


def test_take_choice_prefers_value_then_lowest_index():
    # columns R3 | B3: equal points, take column 0
    g = _collect_state("R3 B3 G1", ["draw", "place 0", "draw", "place 1", "stop"])
    assert take_choice(g) == 0
    # columns R2 | B5 roll | ...: 6*5 - (0 + 5) = 25 > 12, so the roll column wins
    g = _collect_state("R2 B5 roll G1", ["draw", "place 0", "draw", "place 1", "draw",
                                          "place 1", "stop"])
    assert g.columns == cols("R2", "B5 roll")
    assert take_choice(g) == 1


def test_take_choice_uses_collectors_bench():
    """A big bench makes a roll column worse than a small clean one."""
    g = Game.new(2, deck="R6 B6 G6 Y6 P5 B5 roll G1 Y1", rolls="**")
    g = run(g, ["draw", "place 0", "draw", "place 1", "draw", "place 2", "stop", "take 0",
                "take 0"])  # Ann R6, Ben B6, G6 discarded
    g = run(g, ["draw", "place 0", "draw", "place 1", "draw", "place 0", "stop"])
    assert g.columns == cols("Y6 B5", "P5")  # Ben: Y6 B5 | P5
    assert take_choice(g) == 0
    g2 = run(Game.new(2, deck="R6 B6 G6 P2 roll P5 G1", rolls="**"),
             ["draw", "place 0", "draw", "place 1", "draw", "place 2", "stop", "take 0",
              "take 0", "draw", "place 0", "draw", "place 0", "draw", "place 1", "stop"])
    # Ben (bench B6): P2 roll -> 6*2 - (6+2) = 4; P5 -> 30
    assert g2.columns == cols("P2 roll", "P5") and take_choice(g2) == 1


def test_bank_choice_threshold_and_ties():
    g = Game.new(2, deck="R6 B6 G1 Y1 P1 R1")
    g = run(g, ["draw", "place 0", "draw", "place 1", "stop", "take 0", "take 0"])
    # Ann R6, Ben B6; Ben's turn: nothing benched yet for Ann's colour logic
    g = run(g, ["draw", "place 0", "draw", "place 1", "stop", "take 0", "take 0"])
    # Ben took G1 (first), Ann took Y1; now Ann to play: bench R6 Y1
    assert g.active_player == 0 and g.benches[0] == parse_cards("R6 Y1")
    assert bank_choice(g, 6) == "R" and bank_choice(g, 7) is None
    assert bank_choice(g, 1) == "R"                     # most points first
    assert StopAfter(2, bank_at=5).choose(g) == "bank R"
    assert StopAfter(2).choose(g) == "draw"             # default: never bank


def test_bank_tie_goes_to_first_colour():
    g = Game.new(2, seed=0)
    tie = replace(g, benches=(parse_cards("B4 G3 G1 Y2"), ()))
    assert bank_choice(tie, 4) == "B" and bank_choice(tie, 5) is None
    assert bank_choice(replace(g, benches=((), parse_cards("R6"))), 1) is None  # Ann's bench
    assert RandomBot(bank_at=4).choose(tie, np.random.default_rng(0)) == "bank B"
    assert bank_choice(tie.apply("draw"), 1) is None                           # not phase turn


# ---------------------------------------------------------------------- stop decisions
def three_columns(deck, rolls="*"):
    """R1 | B1 | G1 on the table, in phase push."""
    return run(Game.new(3, deck="R1 B1 G1 " + deck, rolls=rolls),
               ["draw", "place 0", "draw", "place 1", "draw", "place 2"])


def test_stop_after_counts_cards_in_columns():
    g = three_columns("Y3 P4")
    assert StopAfter(3).choose(g) == "stop"
    assert StopAfter(4).choose(g) == "draw"
    g = run(Game.new(3, deck="switch R1 B2"), ["draw"])      # a switch, no column yet
    assert g.phase == "push" and StopAfter(1).choose(g) == "draw"


def test_stop_at_risk_uses_exact_bust_probability():
    g = three_columns("Y1 P1 Y3 R6")                          # 2 of 4 cards bust
    assert pile_bust_probability(g) == Fraction(1, 2)
    assert StopAtRisk(0.5).choose(g) == "stop"
    assert StopAtRisk(0.51).choose(g) == "draw"
    assert StopAtRisk(0.0).choose(run(Game.new(3, deck="R1 B1"), ["draw", "place 0"])) == "stop"


def test_pile_bust_probability_agrees_with_odds():
    odds = pytest.importorskip("pushlab.luck.odds")
    rng = np.random.default_rng(11)
    checked = 0
    for seed in range(6):
        g = Game.new(4, seed=seed)
        while not g.is_over:
            if g.phase == "push" and g.draw_pile:
                assert pile_bust_probability(g) == odds.bust_probability(g, counting=True)
                checked += 1
            g = g.apply(StopAfter(7).choose(g, rng))
    assert checked > 100


def test_greedy_one_step_expectation():
    # R1 | B1 | G1, bench empty; pile Y1 P1 Y3 R6: stop now 1, draw: (0+0+4+7)/4 = 2.75
    g = three_columns("Y1 P1 Y3 R6")
    assert Greedy.gain6(g) == Fraction(6 * 11, 4) - 6
    assert Greedy().choose(g) == "draw"
    # pile only busting cards: drawing is worse
    assert Greedy().choose(three_columns("Y1 P1")) == "stop"
    assert Greedy().choose(three_columns("Y1 P1 R3")) == "draw"    # 1/3 * 4 > 1


def test_greedy_counts_bust_loss_of_bench():
    """With a bench at risk a bust costs bench/6 on average; equal gains mean stop."""
    g = three_columns("Y1 Y3")
    # stop: 1; draw: 1/2 * 0 + 1/2 * 4 = 2 -> draw with an empty bench
    assert Greedy.gain6(g) == 6
    assert Greedy().choose(g) == "draw"


def test_random_bot_is_reproducible_and_legal():
    g = Game.new(3, seed=2)
    a = [RandomBot().choose(g, np.random.default_rng(5)) for _ in range(3)]
    assert len(set(a)) == 1 and a[0] in g.legal_actions()
    with pytest.raises(SetupError, match="Generator"):
        RandomBot().choose(g)


@pytest.mark.parametrize("make", [lambda: StopAfter(0), lambda: StopAfter(2.5),
                                  lambda: StopAtRisk(1.5), lambda: StopAfter(2, bank_at=0),
                                  lambda: Greedy(bank_at="x"), lambda: RandomBot(bank_at=True)])
def test_bad_parameters_raise(make):
    with pytest.raises(SetupError):
        make()


def test_reprs_and_names():
    assert repr(StopAfter(3, bank_at=10)) == "StopAfter(3, bank_at=10)"
    assert StopAtRisk(0.2).name == "StopAtRisk(0.2, bank_at=None)"
    assert repr(Greedy()) == "Greedy(bank_at=None)" and repr(HintBot()) == "HintBot(bank_at=None)"
    assert StopAfter(3) == StopAfter(3) and StopAfter(3) != StopAfter(4)


# ---------------------------------------------------------------------- legality, property
bot_strategy = st.one_of(
    st.builds(RandomBot, bank_at=st.one_of(st.none(), st.integers(1, 15))),
    st.builds(StopAfter, st.integers(1, 9), bank_at=st.one_of(st.none(), st.integers(1, 15))),
    st.builds(StopAtRisk, st.sampled_from([0.0, 0.1, 0.3, 0.6, 1.0]),
              bank_at=st.one_of(st.none(), st.integers(1, 15))),
    st.builds(Greedy, bank_at=st.one_of(st.none(), st.integers(1, 15))),
)


class Checked:
    """Wraps a bot and asserts every action it picks is legal."""

    def __init__(self, bot):
        self.bot = bot
        self.moves = 0

    def choose(self, game, rng):
        action = self.bot.choose(game, rng)
        assert action in game.legal_actions(), (self.bot, action, game.legal_actions())
        self.moves += 1
        return action


@settings(max_examples=50)
@given(data=st.data(), players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       harder=st.booleans(), switch=st.booleans())
def test_bots_never_make_illegal_moves(data, players, seed, harder, switch):
    bots = [Checked(data.draw(bot_strategy)) for _ in range(players)]
    switch_cards = True if players > 2 else switch
    g = Game.new(players, seed=seed, harder=harder, switch_cards=switch_cards)
    final = play(g, bots, np.random.default_rng(seed))
    assert final.is_over and sum(b.moves for b in bots) > 0


def test_hint_bot_is_legal_and_follows_the_hint():
    odds = pytest.importorskip("pushlab.luck.odds")
    rng = np.random.default_rng(0)
    g = Game.new(3, seed=21)
    bot, followed = HintBot(), 0
    for _ in range(120):
        if g.is_over:
            break
        action = bot.choose(g, rng)
        assert action in g.legal_actions()
        if g.current_player == 0:
            h = odds.hint(g)
            if h.best in g.legal_actions():
                assert action == h.best
                followed += 1
        g = g.apply(action if g.current_player == 0 else StopAfter(4).choose(g, rng))
    assert followed > 10


@pytest.mark.parametrize("players, harder", [(2, False), (4, True), (6, False)])
def test_hint_bots_play_whole_games_legally(players, harder):
    pytest.importorskip("pushlab.luck.odds")
    bots = [Checked(HintBot(bank_at=None if i % 2 else 8)) for i in range(players)]
    g = Game.new(players, seed=players, harder=harder)
    assert play(g, bots, np.random.default_rng(0)).is_over


def test_a_plain_function_is_a_bot():
    def always_first(game, rng):
        return game.legal_actions()[0] if game.phase != "push" or not game.columns else "stop"

    final = play_game([always_first, StopAfter(2)], seed=1)
    assert final.is_over


# ---------------------------------------------------------------------- whole games
def test_play_game_is_reproducible():
    bots = [RandomBot(), StopAfter(3, bank_at=9), Greedy(), StopAtRisk(0.25)]
    a, b = play_game(bots, seed=12), play_game(bots, seed=12)
    assert a == b and a.is_over
    c = play_game(bots, seed=13)
    assert c.log != a.log


def test_play_game_passes_options_and_checks_seats():
    final = play_game([StopAfter(2), StopAfter(3)], seed=1, harder=True, switch_cards=True)
    assert final.harder and final.switch_cards and final.is_over
    with pytest.raises(SetupError):
        play_game([StopAfter(2)] * 3, seed=1, players=2)
    with pytest.raises(SetupError):
        play_game([StopAfter(2)], seed=1)


@pytest.mark.parametrize("bot", [RandomBot(), StopAfter(2), StopAtRisk(0.2), Greedy(), HintBot()])
def test_bots_refuse_to_choose_when_the_game_is_over(bot):
    final = play_game([StopAfter(3), StopAfter(4)], seed=2)
    with pytest.raises(IllegalAction, match="over"):
        bot.choose(final, np.random.default_rng(0))


def test_subclasses_can_override_one_phase():
    class TakeLast(StopAfter):
        def on_collect(self, game, rng):
            return f"take {len(game.columns) - 1}"

    g = _collect_state("R3 B3 G1", ["draw", "place 0", "draw", "place 1", "stop"])
    assert TakeLast(2).choose(g) == "take 1" and StopAfter(2).choose(g) == "take 0"


def test_bot_kinds_are_all_listed():
    assert set(BOT_KINDS) == {RandomBot, StopAfter, StopAtRisk, Greedy, HintBot, RolloutBot}


def test_rollout_bot_plays_the_advice():
    from pushlab.luck import advise
    from test_luck_advice import position

    g = position(3, "B2 B5 B5 B6 B6 B6", 102, harder=True)
    bot = RolloutBot(300, policy="after 4")
    assert bot.choose(g, np.random.default_rng(1)) == \
        advise(g, rollouts=300, policy="after 4", seed=np.random.default_rng(1)).best == "bank B"
    place = Game.new(3, deck="R3 B4 G5 R1 Y2 P6 roll").apply("draw")
    assert RolloutBot(50, phases=("turn", "push")).choose(place, np.random.default_rng(0)) == "place 0"
    with pytest.raises(SetupError):
        RolloutBot(1)
    with pytest.raises(SetupError):
        RolloutBot(10, phases=("bank",))
    with pytest.raises(SetupError):
        RolloutBot(10, policy=Greedy())
    assert repr(RolloutBot(30, "after 4", phases=("push",))) == \
        "RolloutBot(30, policy='after 4', phases=('push',))"


def test_rollout_bot_finishes_a_game():
    final = play_game([RolloutBot(20, phases=("turn", "push")), StopAfter(5)], seed=3,
                      deck=" ".join(["R1 B2 G3 Y4 P5 R6 roll"] * 4))
    assert final.is_over


def _three_columns(deck):
    """Two players, three one-card columns drawn from the scripted ``deck``: a push decision."""
    g = Game.new(2, deck=deck, rolls="*")
    for _ in range(3):
        g = g.apply("draw").apply(f"place {len(g.columns)}")
    return g


def test_rollout_bot_leaves_the_policy_only_where_rollouts_say_so():
    # the pile Y1 P1 Y1 P1 R2 busts 4 times in 5 against R1 | B1 | G1: stop, not "after 9"
    risky = _three_columns("R1 B1 G1 Y1 P1 Y1 P1 R2")
    bot = RolloutBot(100, policy="after 9", phases=("push",), margin=1)
    assert bot.policy.choose(risky) == "draw"
    assert bot.choose(risky, np.random.default_rng(0)) == "stop"
    # every card left fits and is worth 6: draw, not "after 3"; with push_pile below the
    # pile's 5 cards the bot does not simulate and plays the policy
    safe = _three_columns("R1 B1 G1 R6 B6 G6 Y6 P6")
    assert RolloutBot(100, policy="after 3", phases=("push",)).choose(
        safe, np.random.default_rng(0)) == "draw"
    late = RolloutBot(100, policy="after 3", phases=("push",), push_pile=4)
    assert not late.simulates(safe) and late.choose(safe, np.random.default_rng(0)) == "stop"
    assert RolloutBot(100, policy="after 3", push_pile=5).simulates(safe)


def test_rollout_bot_bank_top_compares_drawing_with_the_top_colour_only():
    from pushlab.luck import advise
    from test_luck_advice import position

    g = position(3, "R1 B2 B5 B5 B6 B6 B6", 102, harder=True)
    assert RolloutBot(30, bank_top=True).candidates(g) == ["draw", "bank B"]
    assert set(RolloutBot(30).candidates(g)) == set(g.legal_actions())
    bot = RolloutBot(300, policy="after 4", bank_top=True)
    assert bot.choose(g, np.random.default_rng(1)) == "bank B" == \
        advise(g, rollouts=300, policy="after 4", seed=np.random.default_rng(1)).best
    assert repr(bot) == "RolloutBot(300, policy='after 4', bank_top=True)"
    for bad in (dict(push_pile=-1), dict(push_pile="30"), dict(push_pile=True),
                dict(bank_top="yes")):
        with pytest.raises(SetupError):
            RolloutBot(30, **bad)
