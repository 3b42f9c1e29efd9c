"""Vectorized simulation of Push (push-your-luck) against exact values and the engine."""

import dataclasses
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pushlab.errors import IllegalAction, SetupError, UnsupportedPolicy
from pushlab.luck import Game, full_deck, parse_cards
from pushlab.luck.bots import Greedy, RandomBot, StopAfter, StopAtRisk, pile_bust_probability
from pushlab.luck.policy import Policy
from pushlab.luck.sim import (
    TurnOdds,
    continue_engine,
    simulate_from,
    TurnPolicy,
    decode,
    die_string,
    encode,
    exact_turn,
    fractional_wins,
    random_decks,
    simulate_games,
    simulate_turns,
    simulate_turns_engine,
)
from pushlab.stats import agrees
from pushlab.tournament import play, tournament

from helpers import run


def three_columns(pile, players=3, first="R1 B1 G1"):
    """Columns from ``first`` (one card each) on the table, phase push."""
    g = Game.new(players, deck=f"{first} {pile}", rolls="*" * 40, switch_cards=True)
    return run(g, ["draw", "place 0", "draw", "place 1", "draw", "place 2"])


def midgame(seed, turns, players=4, switch_rule="turn"):
    """A full-deck game after ``turns`` turns of StopAfter(4) play, in phase turn/push."""
    g, rng, bot = (Game.new(players, seed=seed, switch_rule=switch_rule),
                   np.random.default_rng(seed), StopAfter(4))
    last = g
    while not g.is_over and (g.turn <= turns or g.phase not in ("turn", "push")):
        if g.phase in ("turn", "push"):
            last = g
        g = g.apply(bot.choose(g, rng))
    return last if g.is_over else g


# ---------------------------------------------------------------------- encoding
def test_codes_round_trip_the_full_deck():
    deck = full_deck()
    codes = encode(deck)
    assert decode(codes) == deck
    assert np.bincount(codes, minlength=32).tolist() == [3] * 30 + [18, 12]
    assert die_string([0, 1, 2, 3, 4, 5]) == "RBGYP*"


# ---------------------------------------------------------------------- exact turn values
def test_exact_turn_small_case_by_hand():
    # R1 | B1 | G1; pile Y1 P1 Y3 R6 roll switch. One more draw:
    #   Y1, P1 bust; Y3 -> R1 Y3 (4); R6 -> B1 R6 (7); roll -> G1 roll (best 1); switch: 1
    g = three_columns("Y1 P1 Y3 R6 roll switch")
    assert exact_turn(g, TurnPolicy.more(1)) == TurnOdds(Fraction(2, 6), Fraction(4 + 7 + 1 + 1, 6))


def test_exact_one_step_bust_equals_odds_module():
    odds = pytest.importorskip("pushlab.luck.odds")
    for seed, turns in [(1, 3), (2, 10), (5, 20)]:
        g = midgame(seed, turns)
        if len(g.columns) == 3:
            assert exact_turn(g, TurnPolicy.more(1)).bust == odds.bust_probability(g)
    g = three_columns("Y1 P1 Y3 R6 roll switch")
    assert exact_turn(g, TurnPolicy.more(1)).bust == odds.bust_probability(g)
    assert pile_bust_probability(g) == odds.bust_probability(g)


def test_exact_turn_empty_pile_and_no_column():
    g = run(Game.new(2, deck="R3"), ["draw", "place 0"])
    assert exact_turn(g, TurnPolicy.after(9)) == TurnOdds(Fraction(0), Fraction(3))
    g = run(Game.new(3, deck="switch"), [])
    assert exact_turn(g, TurnPolicy.after(1)) == TurnOdds(Fraction(0), Fraction(0))


# ---------------------------------------------------------------------- Monte Carlo vs exact
SMALL = "Y1 P1 Y3 R6 roll switch B2 G5 P4 roll R2 Y6 switch G3"


@pytest.mark.parametrize("policy", [TurnPolicy.more(1), TurnPolicy.more(3), TurnPolicy.after(5),
                                    TurnPolicy.after(7), TurnPolicy.risk(0.3),
                                    TurnPolicy.risk(Fraction(1, 2))])
def test_vectorized_agrees_with_exact_small_pile(policy):
    g = three_columns(SMALL if policy.kind != "risk" else " ".join(SMALL.split()[:10]))
    exact = exact_turn(g, policy)
    est = simulate_turns(g, policy, 40_000, np.random.default_rng(7))
    assert agrees(est.bust, float(exact.bust), est.bust_se)
    assert agrees(est.points, float(exact.points), est.points_se)


@pytest.mark.parametrize("seed, turns, policy", [
    (3, 8, TurnPolicy.more(2)), (4, 15, TurnPolicy.more(2)), (6, 0, TurnPolicy.after(2)),
])
def test_vectorized_agrees_with_exact_full_pile(seed, turns, policy):
    g = midgame(seed, turns)
    exact = exact_turn(g, policy)
    est = simulate_turns(g, policy, 60_000, np.random.default_rng(seed))
    assert agrees(est.bust, float(exact.bust), est.bust_se)
    assert agrees(est.points, float(exact.points), est.points_se)


def test_vectorized_sees_real_busts_from_three_columns():
    g = three_columns(SMALL)
    exact = exact_turn(g, TurnPolicy.more(3))
    assert 0.2 < exact.bust < 0.9                # a non-trivial check


# ---------------------------------------------------------------------- vectorized vs engine
@pytest.mark.parametrize("switch_rule", ["turn", "game"])
@pytest.mark.parametrize("policy", [TurnPolicy.after(3), TurnPolicy.after(6), TurnPolicy.more(4),
                                    TurnPolicy.risk(0.15), TurnPolicy.risk(0.4)])
def test_vectorized_equals_engine_on_identical_orders(policy, switch_rule):
    rng = np.random.default_rng(99)
    for seed, turns in [(0, 0), (1, 6), (2, 14), (3, 25)]:
        g = midgame(seed, turns, switch_rule=switch_rule)
        pile = encode(g.draw_pile)
        orders = np.array([rng.permutation(pile) for _ in range(60)])
        a = simulate_turns_engine(g, policy, 0, orders=orders)
        b = simulate_turns(g, policy, 0, orders=orders)
        assert a.busts.tolist() == b.busts.tolist()
        assert a.scores.tolist() == b.scores.tolist()


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 40), players=st.integers(2, 6),
       policy=st.one_of(st.builds(TurnPolicy.after, st.integers(0, 12)),
                        st.builds(TurnPolicy.more, st.integers(0, 12)),
                        st.builds(TurnPolicy.risk, st.fractions(0, 1, max_denominator=20))),
       switch_rule=st.sampled_from(["turn", "game"]))
def test_vectorized_equals_engine_property(seed, turns, players, policy, switch_rule):
    g = midgame(seed, turns, players, switch_rule)
    rng = np.random.default_rng(seed)
    orders = np.array([rng.permutation(encode(g.draw_pile)) for _ in range(20)])
    a = simulate_turns_engine(g, policy, 0, orders=orders)
    b = simulate_turns(g, policy, 0, orders=orders)
    assert a.busts.tolist() == b.busts.tolist() and a.scores.tolist() == b.scores.tolist()


def test_vectorized_agrees_with_engine_statistically():
    g = midgame(8, 5)
    policy = TurnPolicy.risk(0.25)
    eng = simulate_turns_engine(g, policy, 1500, np.random.default_rng(1))
    vec = simulate_turns(g, policy, 100_000, np.random.default_rng(2))
    for field in ("bust", "points"):
        se = np.hypot(getattr(eng, field + "_se"), getattr(vec, field + "_se"))
        assert abs(getattr(eng, field) - getattr(vec, field)) <= 4 * se


def test_simulate_turns_is_reproducible_and_checks_input():
    g = midgame(1, 4)
    a = simulate_turns(g, TurnPolicy.after(5), 500, np.random.default_rng(3))
    b = simulate_turns(g, TurnPolicy.after(5), 500, np.random.default_rng(3))
    assert (a.scores == b.scores).all() and (a.busts == b.busts).all()
    assert simulate_turns(g, StopAtRisk(0.2), 10, np.random.default_rng(0)).n == 10
    with pytest.raises(SetupError, match="Generator"):
        simulate_turns(g, TurnPolicy.after(5), 10, None)
    with pytest.raises(SetupError, match="phase"):
        simulate_turns(Game.new(2, deck="R1 B2").apply("draw"), TurnPolicy.after(1), 5,
                       np.random.default_rng(0))
    with pytest.raises(SetupError, match="permutations"):
        simulate_turns(g, TurnPolicy.after(5), 0, orders=np.zeros((2, 3), int))
    for bad in [("after", -1), ("risk", 2), ("sometimes", 1), ("more", 1.5)]:
        with pytest.raises(SetupError):
            TurnPolicy(*bad)
    with pytest.raises(SetupError):
        TurnPolicy.of("after 3")


def test_risk_zero_stops_at_once_and_pile_end_stops():
    g = three_columns("Y1 Y3")
    est = simulate_turns(g, TurnPolicy.risk(0), 100, np.random.default_rng(0))
    assert est.bust == 0 and est.points == 1
    est = simulate_turns(g, TurnPolicy.after(99), 400, np.random.default_rng(0))
    # Y1 first: bust; Y3 first: R1 Y3, then Y1 fits B1? no (1) -> bust. So always bust.
    assert est.bust == 1.0
    g = three_columns("Y3 P4")
    est = simulate_turns(g, TurnPolicy.after(99), 50, np.random.default_rng(0))
    assert est.bust == 0 and est.points == 1 + 3 + 4          # R1 Y3 P4, pile ran out


# ---------------------------------------------------------------------- whole games
def engine_game(deck_codes, dice, players, ks, banks, harder, switch_cards, switch_rule="turn"):
    """The engine's game with the same deck, die faces and StopAfter bots."""
    g = Game.new(players, deck=decode(deck_codes), rolls=die_string(dice), harder=harder,
                 switch_cards=switch_cards, switch_rule=switch_rule)
    return play(g, [StopAfter(int(k), bank_at=b) for k, b in zip(ks, banks)])


@pytest.mark.parametrize("switch_rule", ["turn", "game"])
def test_batched_games_equal_engine_games_on_fixed_decks_and_dice(switch_rule):
    rng = np.random.default_rng(2024)
    for players in range(2, 7):
        for _ in range(6):
            ks = rng.integers(1, 8, players)
            banks = [None if b == 0 else int(b) for b in rng.integers(0, 16, players)]
            harder = bool(rng.integers(2))
            switch = players > 2 or bool(rng.integers(2))
            decks = random_decks(1, rng, switch_cards=switch)
            dice = rng.integers(0, 6, decks.shape)
            res = simulate_games(players=players, k=ks, bank_at=banks, decks=decks, dice=dice,
                                 harder=harder, switch_rule=switch_rule)
            final = engine_game(decks[0], dice[0], players, ks, banks, harder, switch,
                                switch_rule)
            assert tuple(res.scores[0]) == final.scores()
            assert res.turns[0] == final.turn
            assert res.wins[0].tolist() == [1 / len(final.winners()) if i in final.winners()
                                             else 0 for i in range(players)]


@pytest.mark.parametrize("switch_rule", ["turn", "game"])
def test_batched_games_in_one_batch_equal_engine_games(switch_rule):
    """Many games in lock-step (each in its own phase) still equal their engine games."""
    rng = np.random.default_rng(77)
    ks, banks = [2, 5, 3, 7], [None, 9, 4, None]
    decks = random_decks(24, rng)
    dice = rng.integers(0, 6, decks.shape)
    res = simulate_games(players=4, k=ks, bank_at=banks, decks=decks, dice=dice, batch=10,
                         switch_rule=switch_rule)
    for i in range(24):
        final = engine_game(decks[i], dice[i], 4, ks, banks, False, True, switch_rule)
        assert tuple(res.scores[i]) == final.scores() and res.turns[i] == final.turn


def test_the_switch_rule_changes_batched_games_as_it_changes_engine_games():
    """On the same decks and dice the two readings give different games (not a no-op)."""
    rng = np.random.default_rng(13)
    decks = random_decks(40, rng)
    dice = rng.integers(0, 6, decks.shape)
    turn, game = (simulate_games(players=4, k=4, decks=decks, dice=dice, switch_rule=rule)
                  for rule in ("turn", "game"))
    differ = np.flatnonzero((turn.scores != game.scores).any(1))
    assert differ.size > 10
    i = int(differ[0])
    for res, rule in ((turn, "turn"), (game, "game")):
        final = engine_game(decks[i], dice[i], 4, [4] * 4, [None] * 4, False, True, rule)
        assert tuple(res.scores[i]) == final.scores()
    with pytest.raises(SetupError, match="'turn'.*'game'"):
        simulate_games(10, 4, rng=rng, switch_rule="lasting")


@pytest.mark.parametrize("switch_rule", ["turn", "game"])
def test_batched_games_equal_engine_on_short_scripted_decks(switch_rule):
    """Short decks exercise the end of the pile (forced stop, empty turn end)."""
    rng = np.random.default_rng(5)
    for i in range(40):
        players, L = 2 + i % 5, int(rng.integers(1, 30))
        decks = rng.integers(0, 32, (1, L))
        dice = rng.integers(0, 6, (1, L))
        ks, banks, harder = rng.integers(1, 6, players), [4] * players, bool(i % 2)
        res = simulate_games(players=players, k=ks, bank_at=banks, decks=decks, dice=dice,
                             harder=harder, switch_rule=switch_rule)
        final = engine_game(decks[0], dice[0], players, ks, banks, harder, True, switch_rule)
        assert tuple(res.scores[0]) == final.scores()
        assert res.turns[0] == final.turn


def test_batched_games_agree_with_engine_statistically():
    ks, banks = [2, 4, 6, 5], [None, 10, None, None]
    eng = tournament([StopAfter(k, bank_at=b) for k, b in zip(ks, banks)], games=150, seed=3,
                     rotate_seats=False)
    vec = simulate_games(20_000, 4, k=ks, bank_at=banks, rng=np.random.default_rng(4))
    e_mean = eng.scores.mean(0)
    e_se = eng.scores.std(0, ddof=1) / np.sqrt(eng.games)
    v_se = vec.scores.std(0, ddof=1) / np.sqrt(vec.games)
    assert agrees(e_mean, vec.mean_scores(), np.hypot(e_se, v_se))
    se = vec.wins.std(0, ddof=1) * np.sqrt(1 / eng.games + 1 / vec.games)
    assert agrees(eng.wins.mean(0), vec.win_rates(), se)


def test_batched_random_seats_agree_with_engine_random_bots():
    from pushlab.luck.bots import RandomBot

    eng = tournament([RandomBot(), StopAfter(5), RandomBot(bank_at=10), StopAfter(3, bank_at=10)],
                     games=150, seed=8, rotate_seats=False)
    vec = simulate_games(10_000, 4, k=[5, 5, 3, 3], bank_at=[None, None, 10, 10],
                         random=[True, False, True, False], rng=np.random.default_rng(9))
    e_se = eng.scores.std(0, ddof=1) / np.sqrt(eng.games)
    v_se = vec.scores.std(0, ddof=1) / np.sqrt(vec.games)
    assert agrees(eng.scores.mean(0), vec.mean_scores(), np.hypot(e_se, v_se))
    # win rates near 0 make the engine's sample SD 0: use the precise batched SD for both
    sd = vec.wins.std(0, ddof=1)
    se = sd * np.sqrt(1 / eng.games + 1 / vec.games)
    assert agrees(eng.wins.mean(0), vec.win_rates(), se)
    with pytest.raises(SetupError, match="Generator"):
        simulate_games(players=4, decks=random_decks(1, np.random.default_rng(0)), random=True)
    with pytest.raises(SetupError, match="random"):
        simulate_games(10, 4, random=[True, False], rng=np.random.default_rng(0))


def test_batched_games_reproducible_and_sane():
    a = simulate_games(3000, 4, k=4, rng=np.random.default_rng(1))
    b = simulate_games(3000, 4, k=4, rng=np.random.default_rng(1))
    c = simulate_games(3000, 4, k=4, rng=np.random.default_rng(2))
    assert (a.scores == b.scores).all() and (a.scores != c.scores).any()
    d = simulate_games(3000, 4, k=4, rng=np.random.default_rng(1), batch=700)
    assert abs(d.mean_scores().mean() - a.mean_scores().mean()) < 2
    assert np.allclose(a.wins.sum(1), 1)
    assert (a.scores.sum(1) <= 315).all() and (a.scores >= 0).all()
    hard = simulate_games(3000, 4, k=4, harder=True, rng=np.random.default_rng(1))
    assert hard.mean_scores().mean() < a.mean_scores().mean()
    two = simulate_games(500, 2, k=3, rng=np.random.default_rng(1))
    assert two.scores.shape == (500, 2)
    m, lo, hi = a.mean_score()
    assert np.allclose(m, a.mean_scores()) and (lo < m).all() and (m < hi).all()
    r, rlo, rhi = a.win_rate()
    assert np.allclose(r, a.win_rates()) and (rlo >= 0).all() and (rhi <= 1).all()


def test_batched_games_reject_bad_input():
    rng = np.random.default_rng(0)
    for kwargs in [dict(players=7), dict(players=4, k=0), dict(players=4, bank_at=0),
                   dict(players=4, k=[1, 2]), dict(players=4, bank_at=2.5)]:
        with pytest.raises(SetupError):
            simulate_games(10, rng=rng, **kwargs)
    with pytest.raises(SetupError, match="Generator"):
        simulate_games(10, 4)
    with pytest.raises(SetupError, match="codes"):
        simulate_games(players=4, decks=np.full((1, 5), 40))
    with pytest.raises(SetupError, match="dice"):
        simulate_games(players=4, decks=np.zeros((1, 5), int), dice=np.zeros((1, 2), int))


def test_fractional_wins_share_ties():
    w = fractional_wins(np.array([[1, 1, 1, 1], [0, 7, 3, 7]]))
    assert w.tolist() == [[0.25] * 4, [0, 0.5, 0, 0.5]]


def test_parse_cards_helper_used_by_tests():
    assert encode(parse_cards("P6 roll")).tolist() == [29, 30]


# ---------------------------------------------------------------------- from a position
def mixed_position(seed, players, harder, steps, switch_rule="turn"):
    """A position reached by ``steps`` decisions, 30% random, else 'after 3, bank at 10'."""
    rng = np.random.default_rng(seed)
    g = Game.new(players, seed=seed, harder=harder, switch_rule=switch_rule)
    bot = Policy.parse("after 3, bank at 10")
    for _ in range(steps):
        if g.is_over:
            break
        g = g.apply(RandomBot().choose(g, rng) if rng.random() < 0.3 else bot.choose(g))
    return g


FROM_POLICIES = ["after 4", "risk 0.3, bank at 12", "after 2, bank loss 3, endgame 30: risk 0.2",
                 "risk 0, bank loss 0", "after 5, endgame 50: after 1"]


def test_from_position_equals_engine_on_the_same_shuffles_and_dice():
    """Every legal first action (and the policy's own) from positions in every phase, both
    switch rules (rule 10)."""
    phases = set()
    for seed in range(45):
        players = 2 + seed % 5
        rule = ("turn", "game")[seed // 2 % 2]
        g = mixed_position(seed, players, seed % 3 == 0, 20 + 7 * seed, rule)
        if g.is_over:
            continue
        phases.add(g.phase)
        policy = FROM_POLICIES[seed % len(FROM_POLICIES)]
        seats = [policy] * players if seed % 2 else \
            [FROM_POLICIES[(seed + i) % len(FROM_POLICIES)] for i in range(players)]
        rng = np.random.default_rng(seed)
        actions = g.legal_actions() + [None]
        decks = rng.permuted(np.tile(encode(g.draw_pile), (2, 1)), axis=1)
        dice = rng.integers(0, 6, size=(2, g.draw_pile_size + 8))
        sim = simulate_from(g, policy=seats, actions=actions, decks=decks, dice=dice)
        for a, action in enumerate(actions):
            for i, final in enumerate(continue_engine(g, seats, decks, dice, action)):
                rolls = [sum(line.startswith(f"{name} rolls") for line in final.log[len(g.log):])
                         for name in g.players]
                assert tuple(sim.scores[a, i]) == final.scores(), (seed, action, i)
                assert sim.rolls[a, i].tolist() == rolls
    assert phases == {"turn", "place", "push", "collect"}


def test_from_position_short_piles_and_forced_stops():
    """Positions near the end (pile empty in the push phase: stop is forced)."""
    for seed in range(12):
        g = mixed_position(seed, 3, seed % 2 == 0, 400, ("turn", "game")[seed // 2 % 2])
        while not g.is_over and g.draw_pile_size > seed % 3:
            g = g.apply(Policy.parse("after 2").choose(g))
        if g.is_over:
            continue
        rng = np.random.default_rng(seed)
        decks = rng.permuted(np.tile(encode(g.draw_pile), (3, 1)), axis=1)
        dice = rng.integers(0, 6, size=(3, g.draw_pile_size + 8))
        sim = simulate_from(g, policy="risk 0.2", actions=g.legal_actions(), decks=decks, dice=dice)
        for a, action in enumerate(g.legal_actions()):
            ends = continue_engine(g, "risk 0.2", decks, dice, action)
            assert [e.scores() for e in ends] == [tuple(s) for s in sim.scores[a]]


def test_from_position_common_random_numbers_and_lost_colours():
    # Ann holds B5 B6 (11 blue) and R1; the pile: a bust card for 3 columns and more
    g = Game.new(3, deck="G1 roll switch Y2 G3 R4 P5 B1 Y6 P3 R2")
    g = dataclasses.replace(g, benches=(parse_cards("R1 B5 B6"), (), ()))
    rng = np.random.default_rng(3)
    c = simulate_from(g, 400, "after 3", actions=["draw", "bank B", "bank R"], rng=rng)
    assert c.actions == ("draw", "bank B", "bank R") and c.player == 0
    assert not c.lost[1, :, 1].any()                    # banked blue is never lost
    assert not c.lost[:, :, 2:].any()                   # she held no green, yellow, purple
    assert c.lost[0, :, 1].any() and c.lost[2, :, 1].any()
    # rollout i of every action faces the same cards and dice: a repeated action repeats
    twice = simulate_from(g, 300, "after 3", actions=["draw", "bank B", "draw"], rng=rng)
    assert (twice.scores[0] == twice.scores[2]).all() and (twice.rolls[0] == twice.rolls[2]).all()
    assert (twice.scores[0] != twice.scores[1]).any()
    same = simulate_from(g, 400, "after 3", actions=["draw", "bank B", "bank R"],
                         rng=np.random.default_rng(3))
    assert (same.scores == c.scores).all()


def test_from_position_rejects_what_it_cannot_run():
    g = Game.new(3, seed=1)
    rng = np.random.default_rng(0)
    with pytest.raises(UnsupportedPolicy, match="Greedy"):
        simulate_from(g, 10, Greedy(), rng=rng)
    with pytest.raises(UnsupportedPolicy, match="optimal"):
        simulate_from(g, 10, "after 3, endgame 9: optimal", rng=rng)
    with pytest.raises(SetupError, match="one policy per seat"):
        simulate_from(g, 10, ["after 3"] * 2, rng=rng)
    with pytest.raises(IllegalAction):
        simulate_from(g, 10, "after 3", actions=["stop"], rng=rng)
    with pytest.raises(SetupError, match="Generator"):
        simulate_from(g, 10, "after 3")
    with pytest.raises(SetupError, match="permutations"):
        simulate_from(g, policy="after 3", decks=np.zeros((2, 120), int),
                      dice=np.zeros((2, 128), int))
    over = mixed_position(0, 2, False, 10_000)
    with pytest.raises(SetupError, match="over"):
        simulate_from(over, 10, "after 3", rng=rng)


# ---------------------------------------------------------------------- both readings of rule 10
def test_compare_switch_rules_plays_both_readings_on_the_same_deals():
    from pushlab.luck.sim import compare_switch_rules

    seen = []
    res = compare_switch_rules(150, 4, k=3, rng=np.random.default_rng(21), batch=100,
                               progress=lambda done, total: seen.append((done, total)))
    assert seen == [(100, 150), (150, 150)]
    # the same deals, drawn from the generator in the same order, replayed one rule at a time
    rng = np.random.default_rng(21)
    for lo, size in ((0, 100), (100, 50)):
        decks = random_decks(size, rng)
        dice = rng.integers(0, 6, size=decks.shape, dtype=np.int8)
        for rule in ("turn", "game"):
            again = simulate_games(players=4, k=3, decks=decks, dice=dice, switch_rule=rule)
            assert (res[rule].scores[lo:lo + size] == again.scores).all()
        final = engine_game(decks[0], dice[0], 4, [3] * 4, [None] * 4, False, True, "game")
        assert tuple(res["game"].scores[lo]) == final.scores()
    assert (res["turn"].scores != res["game"].scores).any()
    for bad in (dict(players=2), dict(players=4, games=0), dict(players=4, rng=None)):
        kwargs = dict(games=10, rng=np.random.default_rng(0)) | bad
        with pytest.raises(SetupError):
            compare_switch_rules(**kwargs)


def test_from_position_policy_tables_equal_separate_calls():
    """policy_index: each rollout equals the rollout of its table alone (every phase, rule kind)."""
    for seed in range(6):
        players = 2 + seed % 4
        g = mixed_position(seed, players, seed % 2 == 0, 30 + 11 * seed)
        if g.is_over:
            continue
        tables = [FROM_POLICIES[(seed + t) % len(FROM_POLICIES)] for t in range(2)]
        tables.append([FROM_POLICIES[(seed + i) % len(FROM_POLICIES)] for i in range(players)])
        rng = np.random.default_rng(seed)
        decks = rng.permuted(np.tile(encode(g.draw_pile), (9, 1)), axis=1)
        dice = rng.integers(0, 6, size=(9, g.draw_pile_size + 8))
        index = rng.permutation(np.arange(9) % 3)
        actions = g.legal_actions()
        both = simulate_from(g, policy=tables, actions=actions, decks=decks, dice=dice,
                             policy_index=index)
        for t, table in enumerate(tables):
            rows = index == t
            alone = simulate_from(g, policy=table, actions=actions, decks=decks[rows], dice=dice[rows])
            assert (both.scores[:, rows] == alone.scores).all() and (both.rolls[:, rows] == alone.rolls).all()
    g = Game.new(3, seed=1)
    rng = np.random.default_rng(0)
    with pytest.raises(SetupError, match="list of policy tables"):
        simulate_from(g, 4, "after 3", rng=rng, policy_index=[0, 0, 0, 0])
    with pytest.raises(SetupError, match="one table number"):
        simulate_from(g, 4, ["after 3", "after 4"], rng=rng, policy_index=[0, 1, 2, 0])
    with pytest.raises(SetupError, match="one table number"):
        simulate_from(g, 4, ["after 3", "after 4"], rng=rng, policy_index=[0, 1])
