"""Grades against perfect play (pushlab.luck.grade): exact policy evaluation, checked by simulation.

Cost: about 6 CPU-s (a 939-state deck; 600 engine games; 20,000 numpy rollouts).
"""

from __future__ import annotations

import numpy as np
import pytest

from pushlab.errors import SetupError
from pushlab.luck import grade
from pushlab.luck.bots import Greedy, HintBot, RandomBot, StopAfter, StopAtRisk
from pushlab.luck.sim import simulate_from
from pushlab.luck.solve import SmallDeck, solve

DECK = SmallDeck(colours=2, numbers=1, copies=2, rolls=1)


@pytest.fixture(scope="module")
def sol():
    return solve(DECK)


def test_optimal_against_itself_is_the_solution(sol):
    assert grade.match_value(sol, "optimal", "optimal") == pytest.approx(sol.start_value, abs=1e-12)


@pytest.mark.parametrize("bot", [RandomBot(), StopAfter(1), StopAfter(3), StopAtRisk(0.25), Greedy(), HintBot(),
                                 "after 2, bank at 2"], ids=str)
def test_no_opponent_does_better_than_perfect_play(sol, bot):
    v = sol.start_value
    assert grade.match_value(sol, "optimal", bot) >= v - 1e-12
    assert grade.match_value(sol, bot, "optimal") <= v + 1e-12


def test_exact_policy_values_match_the_numpy_simulator(sol):
    # an independent implementation of the policies and the rules (pushlab.luck.sim)
    exact = grade.match_value(sol, "after 1", "after 2")
    c = simulate_from(DECK.new_game(seed=0), 20_000, ["after 1", "after 2"], rng=np.random.default_rng(4))
    w = c.wins[0, :, 0]
    se = w.std(ddof=1) / np.sqrt(w.size)
    assert abs(w.mean() - exact) < 4 * se


def test_monte_carlo_with_the_engine_agrees(sol):
    r = grade.monte_carlo(sol, "after 2", 600, seed=11)
    assert r["exact"] == pytest.approx(0.5 * (grade.match_value(sol, "optimal", "after 2")
                                              + 1 - grade.match_value(sol, "after 2", "optimal")))
    assert abs(r["z"]) < 4 and r["se"] > 0


def test_grades_and_rules(sol):
    grades = grade.grade_policies(sol, [StopAfter(1), "after 3"])
    assert [g.opponent for g in grades] == ["StopAfter(1, bank_at=None)", "after 3"]
    for g in grades:
        assert g.mean == pytest.approx((g.first + g.second) / 2) and g.regret >= -1e-12
    rule, win, best, best_win, table = grade.simplest_rule(sol, ("after 3", "after 1", "risk 0.5"), margin=1)
    assert rule == "after 3" and win == table["after 3"]
    assert max(table.values()) == best_win <= 0.5 + 1e-12          # nothing beats perfect play
    assert grade.simplest_rule(sol, ("after 3",), margin=0)[0] is None


def test_advice_grade(sol):
    a = grade.grade_advice(sol, rollouts=100, limit=6, seed=3)
    assert a.decisions == 6 and 0 <= a.agreement <= 1 and a.regret >= 0
    assert a.checks >= 12 and a.beyond_4se == 0
    with pytest.raises(SetupError, match="real die"):
        grade.grade_advice(solve(SmallDeck(colours=1, numbers=1, rolls=0, die="R*")))


def test_shipped_figures_are_what_the_code_computes(sol):
    import json
    from importlib import resources

    data = json.loads(resources.files("pushlab").joinpath("data", "luck-solve.json").read_text())
    small = next(g for g in data["grades"] if g["deck"] == {"colours": 2, "numbers": 1, "copies": 2, "rolls": 1})
    assert small["states"] == sol.states and small["start_value"] == pytest.approx(sol.start_value)
    shipped = {o["opponent"]: o for o in small["opponents"]}
    for g in grade.grade_policies(sol, [StopAfter(2), Greedy()]):
        assert shipped[g.opponent]["mean"] == pytest.approx(g.mean, abs=1e-12)
    mc = data["monte_carlo"]
    assert len({json.dumps(r["deck"]) for r in mc}) >= 2
    assert all(r["games"] >= 100_000 and abs(r["mean"] - r["exact"]) < 4 * r["se"] for r in mc)
    rows = [r for r in data["scaling"] if r["states"]]
    assert [r["states"] for r in rows] == sorted(r["states"] for r in rows)       # growing decks
