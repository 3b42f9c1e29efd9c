"""advise(): determinized whole-deal rollouts, checked against the engine and for what they may read."""

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from pushlab.errors import PushlabError
from pushlab.rummy import Game, deck_for, full_deck
from pushlab.rummy.advice import Advice, advise, choices, determinize, unseen_cards
from pushlab.rummy.expert import ExpertBot


def advanced(seed, actions, deals=(1,)):
    """A one-deal game after ``actions`` moves of ExpertBot self-play."""
    g, bot = Game.new(seed=seed, deals=deals, dealer=0), ExpertBot()
    for _ in range(actions):
        g = g.apply(bot.choose(g))
    return g


def scramble_hidden(g, rng):
    """The same public state and own hand, the other hands and the stock reshuffled."""
    p = g.current_player
    others = [q for q in range(4) if q != p]
    pool = [c for q in others for c in g.hands[q]] + list(g.stock)
    pool = [pool[i] for i in rng.permutation(len(pool))]
    hands = list(g.hands)
    for q in others:
        n = len(hands[q])
        hands[q], pool = tuple(sorted(pool[:n])), pool[n:]
    return replace(g, hands=tuple(hands), stock=tuple(pool))


def rollout(g, p):
    """Brute force: ExpertBots play the deal out; p's side minus the other side."""
    bots = [ExpertBot() for _ in range(4)]
    while not g.is_over:
        g = g.apply(bots[g.current_player].choose(g))
    s = g.results[-1].scores
    return s[p % 2] - s[1 - p % 2]


def test_hidden_cards_change_nothing_but_through_sampling():
    for g in (advanced(3, 0), advanced(5, 7)):          # a draw and a play decision
        a = advise(g, rollouts=2, seed=11)
        for k in range(2):
            b = advise(scramble_hidden(g, np.random.default_rng(k)), rollouts=2, seed=11)
            assert b.values == a.values                   # identical: nothing hidden is read
        assert advise(g, rollouts=2, seed=12).values != a.values   # ... the seed does matter


def test_determinization_keeps_sizes_and_public_cards_and_draws_only_unseen_cards():
    g = advanced(5, 7)
    p = g.current_player
    w = determinize(g, p, np.random.default_rng(0))
    assert w.hands[p] == g.hands[p] and w.table == g.table and w.discard_pile == g.discard_pile
    assert w.hand_sizes == g.hand_sizes and w.stock_size == g.stock_size
    hidden = Counter(w.stock) + sum((Counter(w.hands[q]) for q in range(4) if q != p), Counter())
    assert not hidden - Counter(unseen_cards(g, p))
    assert len(unseen_cards(g, p)) == sum(hidden.values())   # a full deck: all unseen are dealt


def test_advise_agrees_with_a_brute_force_engine_rollout_estimate():
    g = advanced(8, 0)                                     # deal 1, the first draw
    p, n = g.current_player, 24
    rng = np.random.default_rng(99)
    brute = {a: [rollout(scramble_hidden(g, rng).apply(a), p) for _ in range(n)]
             for a in ("take", "push")}
    adv = advise(g, rollouts=n, seed=1)
    for a, xs in brute.items():
        m, se = np.mean(xs), np.std(xs, ddof=1) / np.sqrt(n)
        v = adv.values[a]
        assert abs(v.mean - m) <= 4 * np.hypot(v.se, se), (a, v, m, se)


def test_a_line_that_goes_out_is_worth_the_opponents_expected_penalty():
    deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
                     "JD 10S 3H 8D 6S 4S"], upcard="4D", stock="AS KC 7H 7S", dealer=3)
    g = Game.new(deck=deck, dealer=3, deals=(1,)).apply("take")
    c = choices(g)
    line = next(a for a in c if a.startswith("meld"))
    assert c[line] == (line,)
    adv = advise(g, rollouts=30, seed=2)
    v = adv.values[line]                   # Ann melds, discards 4D and goes out: -(Ben + Dan)
    pool = unseen_cards(g, 0)              # their 12 cards are drawn from what Ann has not seen
    exact = -12 * sum(card.penalty for card in pool) / len(pool)
    assert abs(v.mean - exact) <= 4 * v.se and v.mean < 0
    assert adv.best == line and isinstance(adv, Advice)
    assert "estimate" in str(adv)


def test_advise_refuses_a_finished_match_and_bad_rollouts():
    g = Game.new(deck=full_deck()[:26], dealer=0, deals=(1,)).apply("push")   # ends the match
    with pytest.raises(PushlabError, match="over"):
        advise(g)
    with pytest.raises(PushlabError, match="rollouts"):
        advise(Game.new(seed=1), rollouts=0)
