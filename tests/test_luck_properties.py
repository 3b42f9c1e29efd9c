"""Property tests: random legal play from random seeds keeps every rule invariant."""

import dataclasses
from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pushlab.errors import IllegalAction
from pushlab.luck import COLOURS, SWITCH, Game, full_deck
from pushlab.luck.game import card_fits

MAX_STEPS = 5000  # far above any real game (about 400 actions for 6 players)
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

ALL_SHAPES = (["draw", "stop"] + [f"bank {c}" for c in COLOURS + "X"]
              + [f"place {i}" for i in range(5)] + [f"take {i}" for i in range(5)])

setups = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "seed": st.integers(0, 2**32 - 1),
    "harder": st.booleans(),
    "switch_cards": st.sampled_from([None, True]),
    "switch_rule": st.sampled_from(["turn", "game"]),
})


def new_game(setup):
    """A shuffled game from a hypothesis setup."""
    return Game.new(setup["players"], seed=setup["seed"], harder=setup["harder"],
                    switch_cards=setup["switch_cards"], switch_rule=setup["switch_rule"])


def places(g):
    """Every card of the game, wherever it is (rule 1: nothing appears or vanishes)."""
    every = list(g.draw_pile) + list(g.discard_pile) + list(g.switch_pile)
    every += [c for col in g.columns for c in col]
    every += [c for b in g.benches for c in b] + [c for b in g.banks for c in b]
    if g.pending is not None:
        every.append(g.pending)
    return Counter(every)


def check_invariants(g, deck):
    """Assert the structural rules on one state."""
    assert places(g) == deck
    assert len(g.columns) <= 3 and all(g.columns)
    for col in g.columns:
        nums = [c for c in col if c.is_number]
        assert len({c.colour for c in nums}) == len(nums)
        assert len({c.number for c in nums}) == len(nums)
        assert sum(c.is_roll for c in col) <= 1 and SWITCH not in col
    for pile in g.benches + g.banks:
        assert all(c.is_number for c in pile) and list(pile) == sorted(pile)
    assert g.scores() == tuple(sum(c.number for c in b) + sum(c.number for c in k)
                               for b, k in zip(g.benches, g.banks))
    assert (g.pending is not None) == (g.phase == "place")
    assert (g.collector is not None) == (g.phase == "collect")
    assert g.direction == (-1 if len(g.switch_pile) % 2 else 1)
    assert g.switch_pile == (SWITCH,) * len(g.switch_pile)
    assert g.set_aside == (SWITCH,) * g.switches_drawn
    if g.switch_rule == "turn":        # rule 10: this turn's switch cards only
        assert len(g.switch_pile) == g.switches_drawn
    else:                              # option: the pile lasts, nothing goes to the discards
        assert len(g.switch_pile) >= g.switches_drawn and SWITCH not in g.discard_pile
    assert g.die_index <= len(g.die)
    if g.is_over:
        assert g.legal_actions() == [] and g.current_player is None and not g.columns
        assert g.draw_pile_size == 0 and g.switches_drawn == 0
        assert g.switch_rule == "game" or not g.switch_pile
    else:
        assert g.legal_actions() and g.current_player in range(g.num_players)


def check_refusals(g):
    """Every action not legal now raises IllegalAction and leaves the state equal."""
    legal = g.legal_actions()
    snapshot = dataclasses.replace(g)  # a field-by-field copy (ClassVars are not fields)
    for action in ALL_SHAPES:
        if action in legal:
            continue
        try:
            g.apply(action)
        except IllegalAction as err:
            assert err.legal == legal and "legal actions" in str(err)
        else:
            raise AssertionError(f"{action!r} accepted but not in {legal}")
        assert g == snapshot


def check_step(before, action, after):
    """Assert what one apply may change: log grows, busts happen exactly when nothing fits."""
    assert after.log[:len(before.log)] == before.log
    # a drawn number or roll card is logged once placed ("Ann draws R3 and starts column 1")
    assert len(after.log) > len(before.log) or (action == "draw" and after.phase == "place")
    new_lines = after.log[len(before.log):]
    busted = any(line.startswith("Bust!") for line in new_lines)
    if action == "draw":
        card = before.draw_pile[0]
        fits_nowhere = (not card.is_switch and len(before.columns) == 3
                        and not any(card_fits(card, col) for col in before.columns))
        assert busted == fits_nowhere
    else:
        assert not busted
    if after.turn != before.turn:
        assert after.active_player == (before.active_player + 1) % before.num_players
    # the direction changes only by a switch card drawn, or (rule "turn") at a turn's end
    changed = after.direction != before.direction
    drew_switch = action == "draw" and before.draw_pile[0].is_switch
    if after.switch_rule == "game":
        assert changed == drew_switch
        assert len(after.switch_pile) == len(before.switch_pile) + drew_switch
    elif changed and not drew_switch:
        assert after.turn != before.turn or after.is_over
        assert after.direction == 1 and not after.switch_pile


def random_play(g, rng, on_state):
    """Play random legal actions until the game ends; returns the number of actions."""
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        action = legal[rng.integers(len(legal))]
        nxt = g.apply(action)
        on_state(g, action, nxt, steps)
        g = nxt
        steps += 1
        assert steps < MAX_STEPS, "game does not terminate"
    return g, steps


@SETTINGS
@given(setup=setups, play_seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_invariants_and_terminate(setup, play_seed):
    g = new_game(setup)
    deck = Counter(full_deck(g.switch_cards))
    assert g.draw_pile_size == (120 if g.switch_cards else 108)
    check_invariants(g, deck)

    def on_state(before, action, after, step):
        check_invariants(after, deck)
        check_step(before, action, after)
        if step % 7 == 0:
            check_refusals(before)

    end, steps = random_play(g, np.random.default_rng(play_seed), on_state)
    assert end.is_over and steps > 0
    assert end.log[-1].startswith("The game is over")
    top = max(end.scores())
    assert end.winners() == tuple(i for i, s in enumerate(end.scores()) if s == top)
    assert sum(end.scores()) <= 315


@settings(max_examples=60, deadline=None)
@given(setup=setups, steps=st.integers(0, 150), junk=st.one_of(
    st.sampled_from(ALL_SHAPES + ["DRAW", " stop ", "bank red", "Bank y", "place 01", "take -1",
                                  "place", "bank", "draw draw", "take 1.0", "place ３"]),
    st.text(max_size=12), st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=2)))
def test_junk_actions_raise_and_leave_state_unchanged(setup, steps, junk):
    g = new_game(setup)
    rng = np.random.default_rng(steps)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g = g.apply(legal[rng.integers(len(legal))])
    snapshot = dataclasses.replace(g)  # a field-by-field copy (ClassVars are not fields)
    legal = g.legal_actions()
    try:
        after = g.apply(junk)
    except IllegalAction:
        assert g == snapshot
    else:  # hypothesis found a spelling of a legal action ("DRAW", " take 00")
        assert isinstance(junk, str) and g == snapshot
        assert any(after == g.apply(action) for action in legal), junk


@settings(max_examples=20, deadline=None)
@given(setup=setups, play_seed=st.integers(0, 2**32 - 1))
def test_replaying_the_same_actions_gives_equal_states(setup, play_seed):
    first = new_game(setup)
    actions = []
    random_play(first, np.random.default_rng(play_seed),
                lambda before, action, after, step: actions.append(action))
    g, h = new_game(setup), new_game(setup)
    for action in actions:
        g, h = g.apply(action), h.apply(action)
    assert g == h and g.is_over and hash(g) == hash(h)
