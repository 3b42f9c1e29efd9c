"""The class experiments: each task, played many times with a seeded generator, agrees with
the library's answer (exact at 4 standard errors), and the new exact computations agree
with independent ones."""

import math
from fractions import Fraction

import numpy as np
import pytest

from pushlab import stats
from pushlab.classroom import experiments as E
from pushlab.classroom.desk import StudentDesk, start
from pushlab.classroom.pooled import pool
from pushlab.classroom.tries import ClassroomError, NotAllowed, TryRefused


def play(experiment, n, rng, choose=None):
    """Outcomes (and choices) of ``n`` tries played through the experiment's tasks."""
    out = []
    for i in range(n):
        task = experiment.new_task(rng)
        while not task.done:
            actions = task.actions()
            task.act(choose(i, actions) if choose else actions[0])
        assert task.outcome in experiment.outcomes
        out.append((task.outcome, task.choice))
    return out


@pytest.fixture(scope="module")
def menu():
    return {cls.kind: cls.default().prepared() for cls in E.MENU}


def test_every_experiment_rebuilds_from_its_stored_params(menu):
    for kind, e in menu.items():
        again = E.Experiment.from_record(kind, e.params())
        assert again == e and again.reference() == e.reference()
        assert sum(Fraction(v) for v in e.reference().values.values()) == 1 or not e.reference().exact
        assert e.title() and e.question()


def test_bust_time_tries_follow_the_exact_distribution(menu):
    e = menu["bust-time"]
    ref = e.reference()
    outcomes = np.array([o for o, _ in play(e, 600, np.random.default_rng(21))])
    mean, half = stats.mean_ci(outcomes)
    sd = math.sqrt(sum(float(p) * (k - ref.mean()) ** 2 for k, p in ref.values.items()))
    assert abs(mean - ref.mean()) < 4 * sd / math.sqrt(len(outcomes))
    for k in (1, 2, 3):                       # the first bars of the histogram, each at 4 SE
        assert stats.rate_agrees(int((outcomes == k).sum()), len(outcomes), float(ref.values[k]))


def test_bust_time_distribution_matches_exact_turn():
    """P(bust within k draws) from the distribution equals exact_turn's "draw k more"."""
    from pushlab.luck import Game
    from pushlab.luck.sim import TurnPolicy, bust_time_distribution, exact_turn

    g = Game.new(3, deck="R1 B2 G3 Y4 P5 R6 B3 G4 Y1 roll switch R2 B1 Y5 G6 P1 Y3 switch P2", rolls="*")
    for j, n in enumerate((3, 3, 3)):
        for _ in range(n):
            g = g.apply("draw").apply(f"place {j}")
    dist = bust_time_distribution(g)
    assert sum(dist.values()) == 1
    for k in (1, 2, 3):
        within = sum(p for t, p in dist.items() if 1 <= t <= k)
        assert within == exact_turn(g, TurnPolicy.more(k)).bust


def test_placement_on_masks_is_the_bots_rule():
    from pushlab.luck.bots import placement
    from pushlab.luck.cards import full_deck
    from pushlab.luck.sim import CARD_MASK, _CODE_POINTS, _code, _place_code

    rng = np.random.default_rng(3)
    deck = [c for c in full_deck() if not c.is_switch]
    for _ in range(300):
        cols = []
        for card in rng.permutation(len(deck))[:rng.integers(1, 12)]:
            card = deck[card]
            i = placement(card, tuple(tuple(c) for c in cols))
            if i is None:
                break
            if i == len(cols):
                cols.append([card])
            else:
                cols[i].append(card)
        probe = deck[int(rng.integers(len(deck)))]
        masks = tuple((int(np.bitwise_or.reduce([CARD_MASK[_code(c)] for c in col])),
                       int(sum(_CODE_POINTS[_code(c)] for c in col))) for col in cols)
        assert _place_code(_code(probe), masks) == placement(probe, tuple(tuple(c) for c in cols))


def test_a_table_with_too_few_cards_is_refused_quickly():
    from pushlab.errors import SetupError
    from pushlab.luck.sim import BUST_TIME_STATES

    assert BUST_TIME_STATES <= 100_000
    with pytest.raises((SetupError, ClassroomError)):
        E.BustTime(position=E.table_position("R1")).prepared()


def test_fourth_card_tries_agree_with_the_exact_bust_chance(menu):
    e = menu["fourth-card"]
    assert e.reference().values[1] == Fraction(4, 39)     # 12 of the 117 cards left bust R1 | B1 | G1
    outcomes = [o for o, _ in play(e, 800, np.random.default_rng(4))]
    assert stats.rate_agrees(sum(outcomes), len(outcomes), float(e.reference().values[1]))
    summary = pool(e, [type("T", (), dict(student="ab" * 8, outcome=o, choice=None)) for o in outcomes])
    assert summary.headline.covers and summary.tries == 800


def test_rummy_exact_within_draws_agrees_with_the_meld_finder():
    from pushlab.rummy import odds
    from pushlab.rummy.odds import _NAT_INDEX, _deal_hands, _hits

    assert odds.contract_in_cards_exact(1, 6) == odds.contract_prob_exact(1)
    assert odds.contract_in_cards_exact(4, 9) == odds.contract_prob_exact(4)
    rng = np.random.default_rng(7)
    for cards in (9, 12):
        hits = _hits(_NAT_INDEX[_deal_hands(rng, 3000, cards)], 1)
        assert stats.rate_agrees(int(hits.sum()), len(hits), float(odds.contract_in_cards_exact(1, cards)))
    with pytest.raises(ValueError):
        odds.contract_in_cards_exact(2, 10)


def test_rummy_tries_agree_with_the_exact_distribution(menu):
    e = menu["rummy-contract"]
    ref = e.reference()
    outcomes = np.array([o for o, _ in play(e, 1500, np.random.default_rng(8))])
    within = float(sum(p for k, p in ref.values.items() if k <= e.draws))
    assert stats.rate_agrees(int((outcomes <= e.draws).sum()), len(outcomes), within)
    assert stats.rate_agrees(int((outcomes == e.draws).sum()), len(outcomes), float(ref.values[e.draws]))


def test_bank_or_push_outcomes_follow_the_advice_model(menu):
    e = menu["bank-or-push"]
    ref = e.reference()
    assert not ref.exact and set(ref.values) == set(e.choices) and "draw" in e.choices
    shares = [e.success(o) for o, c in play(e, 150, np.random.default_rng(9), choose=lambda i, a: "draw")]
    assert stats.rate_agrees(sum(shares), len(shares), ref.values["draw"])


def test_a_task_refuses_what_is_not_possible(menu):
    task = menu["fourth-card"].new_task(np.random.default_rng(1))
    with pytest.raises(ClassroomError):
        task.act("stop")
    task.act("draw")
    with pytest.raises(ClassroomError):
        task.act("draw")


def test_a_student_desk_writes_only_its_experiment(tmp_path, menu):
    from pushlab.classroom import open_store

    store = open_store(tmp_path / "c.sqlite3")
    one = start(store, menu["fourth-card"])
    two = start(store, menu["rummy-contract"])
    desk = StudentDesk(store, one)
    task = menu["rummy-contract"].new_task(np.random.default_rng(2))
    while not task.done:
        task.act("draw")
    if task.outcome > 1:                      # an outcome of the other experiment: refused here
        with pytest.raises(TryRefused):
            desk.record(task)
    assert store.counts(two) == (0, 0)
    with pytest.raises(NotAllowed):
        desk.names()
    with pytest.raises(TryRefused):
        StudentDesk(store, "zzzzz")
