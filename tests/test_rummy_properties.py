"""Property tests of the contract rummy engine: random games with random legal actions.

Invariants: all 108 cards are always somewhere exactly once; hand sizes change exactly
as the action says (draws, pushes, melds, lay-offs, discards); deal scores are the
penalties of the hands left (rule 19); illegal actions raise and leave the state
unchanged; equal histories give equal states.
"""

from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pushlab.errors import IllegalAction
from pushlab.rummy import Game, full_deck, left_of, parse_cards, penalty, team_of
from pushlab.rummy.actions import Action, Discard, LayOff, MeldDown, Push, Replace, Take
from pushlab.stats import rate_agrees

from helpers import rummy_cards

FULL = Counter(full_deck())


def expected_sizes(g, action):
    """Hand sizes after a legal action that does not end the deal."""
    sizes = list(g.hand_sizes)
    p = g.active_player
    match Action.parse(action):
        case Take():
            sizes[p] += 1
        case Push():
            sizes[p] += 1
            sizes[left_of(p)] += 2
        case Discard() | LayOff():
            sizes[p] -= 1
        case MeldDown() as meld:
            sizes[p] -= len(meld.cards)
        case Replace(then=follow):
            sizes[p] += expected_sizes(g, follow)[p] - g.hand_sizes[p]    # natural out, wild in
    return tuple(sizes)


def check_deal_scores(result):
    """Rule 19 from the hands left."""
    pens = [penalty(h) for h in result.hands]
    team = [pens[0] + pens[2], pens[1] + pens[3]]
    if result.went_out is not None:
        assert result.hands[result.went_out] == ()
        team[team_of(result.went_out)] = 0
    assert tuple(team) == result.scores


def bad_actions(g, rng):
    """A few actions that must be refused now."""
    missing = [c for c in full_deck() if c not in g.hands[g.active_player]]
    card = missing[int(rng.integers(len(missing)))]
    acts = [f"discard {card}", f"layoff {card} 0", f"layoff {g.hands[g.active_player][0]} 99",
            "meld set", "replace 0 5H", "fly"]
    acts.append("take" if g.phase == "play" else f"discard {g.hands[g.active_player][0]}")
    if g.phase == "play" and not g.met[g.active_player]:
        acts.append(f"meld set {' '.join(str(c) for c in g.hands[g.active_player][:3])}")
    return acts


def random_play(seed, deals, steps, check):
    """Play random legal actions (melds often) from a seeded game; call check on each step."""
    rng = np.random.default_rng(seed)
    g = Game.new(seed=seed, deals=deals, round_cap=3)
    history = []
    for _ in range(steps):
        if g.is_over:
            break
        acts = g.legal_actions()
        if g.phase == "play":
            melds = g.meld_actions(limit=10)
            if melds and rng.random() < 0.8:
                acts = melds
        action = acts[int(rng.integers(len(acts)))]
        nxt = g.apply(action)
        check(g, action, nxt, rng)
        history.append(action)
        g = nxt
    return g, history


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), deal=st.sampled_from([1, 2, 3, 4, 5]))
def test_random_games_keep_the_invariants(seed, deal):
    def check(g, action, nxt, rng):
        assert rummy_cards(nxt) == FULL                                  # rule 2: 108 cards
        same_deal = len(nxt.results) == len(g.results)
        if same_deal:
            assert nxt.hand_sizes == expected_sizes(g, action)
            assert nxt.stock_size == g.stock_size - (2 if action == "push" else 0)
            assert all(m.owner in range(4) for m in nxt.table)
            assert all(nxt.met[m.owner] for m in nxt.table)            # rule 13
        else:
            check_deal_scores(nxt.results[-1])
        snapshot = (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase)
        for bad in bad_actions(g, rng):
            try:
                g.apply(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{bad!r} was accepted in {g!r}")
        assert (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase) == snapshot
        assert g.apply(action) == nxt                                  # deterministic

    g, history = random_play(seed, (deal,), 120, check)
    replay = Game.new(seed=seed, deals=(deal,), round_cap=3)
    for a in history:
        replay = replay.apply(a)
    assert replay == g


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_whole_matches_score_every_deal(seed):
    def check(g, action, nxt, rng):
        assert sum(nxt.hand_sizes) + nxt.stock_size + len(nxt.discard_pile) + \
            sum(len(m) for m in nxt.table) == 108

    g, _ = random_play(seed, (1, 2, 3, 4, 5), 3000, check)
    assert g.is_over and len(g.results) == 5
    for r in g.results:
        check_deal_scores(r)
    assert g.scores() == tuple(sum(r.scores[t] for r in g.results) for t in (0, 1))
    low = min(g.scores())
    assert g.winners() == tuple(t for t in (0, 1) if g.scores()[t] == low)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_listed_action_is_legal_and_listed_melds_are_legal(seed):
    def check(g, action, nxt, rng):
        for a in g.legal_actions():
            assert g.is_legal(a), a
        for a in g.meld_actions(limit=5):
            assert g.is_legal(a), a

    random_play(seed, (int(seed % 5) + 1,), 40, check)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), player=st.integers(0, 3))
def test_observations_show_only_the_own_hand(seed, player):
    g, _ = random_play(seed, (2,), 15, lambda *a: None)
    obs = g.observation(player)
    assert obs.hand == g.hand(player) and obs.hand_sizes == g.hand_sizes
    assert obs.stock_size == g.stock_size and obs.table == g.table
    assert not hasattr(obs, "hands") and not hasattr(obs, "stock")
    assert set(obs.private_log) == set(g.private_log[player])
    if g.current_player == player:
        assert list(obs.legal_actions) == g.legal_actions()
    else:
        assert obs.legal_actions == () and obs.drawn is None


def test_dealing_matches_the_exact_odds_of_a_wild_in_hand():
    """Monte Carlo over seeded deals vs the exact 1 - C(96, n)/C(108, n), within 4 standard errors."""
    from fractions import Fraction
    from math import comb

    for deal, n in ((1, 6), (5, 10)):
        exact = 1 - Fraction(comb(96, n), comb(108, n))
        games = 2000
        hits = sum(any(c.is_wild for c in Game.new(seed=s, deals=(deal,)).hand(0))
                   for s in range(games))
        assert rate_agrees(hits, games, float(exact)), (deal, hits / games, float(exact))


TOKENS = ["take", "push", "meld", "set", "run", "layoff", "replace", "then", "for", "discard",
          "low", "high", ";", "0", "1", "7", "-1", "x", "5H", "5S", "JK", "2C", "9D", "AS", "KC",
          "10H", "5Z", "", "♥"]


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.sampled_from(TOKENS), min_size=0, max_size=9), steps=st.integers(0, 12))
def test_any_action_string_is_applied_or_refused_with_a_domain_error(words, steps):
    g, _ = random_play(7, (1,), steps, lambda *a: None)
    action = " ".join(words)
    before = (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase)
    try:
        nxt = g.apply(action)
    except IllegalAction as e:
        assert str(e) and e.action == action
    else:
        assert rummy_cards(nxt) == FULL
    assert (g.hands, g.table, g.stock, g.discard_pile, g.met, g.log, g.phase) == before
