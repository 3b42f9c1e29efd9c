"""The shipped results of lesson 07: made by the library with the documented settings (not stale)."""

import json

import numpy as np

from pushlab.rummy import odds, odds_data
from pushlab.rummy.bots import HeuristicBot
from pushlab.rummy.expert import ExpertBot, duplicate_matches

REGENERATE = "stale shipped data: run `python -m pushlab.rummy.odds_data --workers 2`"


def test_the_shipped_file_holds_every_section_with_the_documented_settings():
    data = odds_data.load()
    assert data["settings"] == json.loads(json.dumps(odds_data.SETTINGS)), REGENERATE
    assert sorted(data["dealt"]) == [1, 2, 3, 4, 5] and sorted(data["exact"]) == list(odds.EXACT_DEALS)
    assert all(len(v["p"]) == odds_data.SETTINGS["within_turns"] for v in data["within"].values())
    assert sorted(data["bots"]) == sorted(f"{a} vs {b}" for a, b in odds_data.BOT_PAIRINGS)
    for res in data["bots"].values():
        assert res["penalties"].shape == (odds_data.SETTINGS["pairs"], 2, 2)


def test_the_shipped_numbers_are_what_the_library_computes():
    data = odds_data.load()
    s = odds_data.SETTINGS
    for deal in (1, 2, 4):                                  # the quick exact counts
        assert data["exact"][deal] == odds.contract_prob_exact(deal)
        assert data["wilds_exact"][deal] == odds.contract_given_wilds_exact(deal)
    assert data["dealt"][1] == odds.contract_prob_mc(1, n=s["n_dealt"], seed=101), REGENERATE
    first = duplicate_matches(ExpertBot, HeuristicBot, pairs=1, seed=s["seed"] + 1)
    assert np.array_equal(first[0], data["bots"]["ExpertBot vs HeuristicBot"]["penalties"][0]), REGENERATE


def test_a_quick_run_writes_a_file_that_loads(tmp_path):
    settings = dict(odds_data.QUICK, n_dealt=50, n_within=2, n_wilds=20, n_penalty=3, pairs=1,
                    wild_deals=(1,), penalty_deals=(1,), exact_deals=(1,))
    path = odds_data.save(odds_data.compute(settings, log=lambda _: None), tmp_path / "d.json")
    data = odds_data.load(path)
    assert data["dealt"][3].n == 50 and data["bots"]["ExpertBot vs NeverPushBot"]["penalties"].shape == (1, 2, 2)


def test_live_bot_comparison_reports_progress_and_reproduces():
    """Lesson 07's live comparison (its button): the pairs asked for, progress per pair, and
    the same numbers on every run (fixed seed)."""
    from pushlab.rummy.odds_data import live_bots

    seen = []
    r = live_bots(pairs=2, seed=5, progress=lambda done, total: seen.append((done, total)))
    assert (r["a"], r["b"], r["penalties"].shape) == ("ExpertBot", "HeuristicBot", (2, 2, 2))
    assert seen == [(1, 2), (2, 2)]
    assert (live_bots(pairs=2, seed=5)["penalties"] == r["penalties"]).all()
