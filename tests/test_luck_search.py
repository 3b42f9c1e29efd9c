"""Policy search: the same results on any executor, the engine's games, convergence, files."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from pushlab.errors import PushlabError, SetupError
from pushlab.luck import Game
from pushlab.luck.search import (
    REGENERATE, Family, Unit, dumps, find, load_results, loads, run_batch, run_unit, run_units,
    search, seat_policy,
)
from pushlab.luck.sim import decode, die_string
from pushlab.tournament import play

SMALL = Family(stop=("after 3", "risk 0.1"), bank=(None, "bank at 12"), endgame=("endgame 20: after 8",))
TINY = Family(stop=("after 3", "risk 0.1"), bank=(None,), endgame=("endgame 20: after 8",))


def test_same_seed_same_results_serial_threads_processes():
    kw = dict(family=TINY, games=8, seed=5, max_rounds=2, chunk=4)
    serial = search(2, **kw)
    with ThreadPoolExecutor(3) as ex:
        assert search(2, executor=ex, **kw) == serial
    with ProcessPoolExecutor(2) as ex:
        assert search(2, executor=ex, **kw) == serial
        assert search(2, executor=ex, batch=1, **kw) == serial
    assert search(2, batch=1, **kw) == search(2, batch=3, **kw) == serial
    assert search(2, **{**kw, "seed": 6}) != serial


def test_same_results_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")  # in the test extra: CI has it
    kw = dict(family=TINY, games=8, seed=3, max_rounds=1, chunk=4, harder=True)
    serial = search(2, **kw)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        assert search(2, executor=client.get_executor(), **kw) == serial


def test_units_do_not_depend_on_order_and_candidates_share_the_chance():
    units = [Unit(1, 2, False, 0, c, 2, cand, "after 5")
             for c in range(2) for cand in ("after 3", "risk 0.2, bank loss 5")]
    forward = run_units(units)
    backward = run_units(units[::-1])[::-1]
    for (w1, s1), (w2, s2) in zip(forward, backward):
        assert (w1 == w2).all() and (s1 == s2).all()
    a, b = units[0].chance(), units[1].chance()
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()        # same chunk, same decks
    assert not (units[0].chance()[0] == units[2].chance()[0]).all()  # another chunk


def test_a_batch_plays_the_games_of_its_units_one_by_one():
    """Candidates with every kind of rule in one simulator call: the same games as alone."""
    cands = ("after 3", "risk 0.15, bank loss 3, endgame 90: after 2", "after 7, bank at 10",
             "risk 0.1, endgame 40: risk 0.3")
    units = [Unit(2, 3, h, 0, 0, 3, c, f) for h, f in ((True, "after 6, bank loss 5"),
                                                      (False, "risk 0.2")) for c in cands]
    for part in (units[:4], units[4:]):
        for (w1, s1), (w2, s2) in zip(run_batch(part), map(run_unit, part)):
            assert (w1 == w2).all() and (s1 == s2).all()
    ones, batched = run_units(units), run_units(units, batch=3)
    assert all((a[0] == b[0]).all() and (a[1] == b[1]).all() for a, b in zip(ones, batched))
    with pytest.raises(SetupError, match="differ only"):
        run_batch([units[0], units[4]])
    with pytest.raises(SetupError, match="batch"):
        run_units(units, batch=0)


def test_unit_games_equal_engine_games():
    """Each game of a unit, replayed by Game.apply with the same deck and dice, ends the same."""
    unit = Unit(4, 3, True, 1, 0, 2, "risk 0.15, bank loss 3, endgame 90: after 2", "after 6, bank at 10")
    wins, scores = run_unit(unit)
    decks, dice = unit.chance()
    for i in range(len(decks)):
        seat = i // unit.games_per_seat
        bots = [seat_policy(unit.field)] * 3
        bots[seat] = seat_policy(unit.candidate)
        g = Game.new(3, deck=decode(decks[i]), rolls=die_string(dice[i]), harder=True,
                     switch_cards=True)
        assert g.draw_pile_size == 120
        final = play(g, bots)
        assert final.scores()[seat] == scores[i]
        w = final.winners()
        assert wins[i] == (1 / len(w) if seat in w else 0)


def test_best_response_climbs_out_of_a_bad_start_and_converges():
    fam = Family(stop=("after 1", "after 5"), bank=(None,), endgame=())
    res = search(2, family=fam, games=400, seed=2, start="after 1", max_rounds=4)
    first, last = res.rounds[0], res.rounds[-1]
    assert first.field == "after 1" and fam.policies()[first.best] == "after 5"
    lo, hi = first.win_ci(first.best)
    assert lo > 0.5                                 # it beats the field it answers
    assert first.edge_ci[0] > 0                     # paired against the field policy itself
    assert res.converged and res.best == "after 5" and last.field == "after 5"
    assert len(res.rounds) == 2 and res.endgame is None and res.recommended == "after 5"


def test_endgame_refinement_against_the_final_field():
    fam = Family(stop=("after 5",), bank=(None,), endgame=("endgame 200: after 1", "endgame 10: after 6"))
    res = search(2, family=fam, games=200, seed=4, max_rounds=1)
    e = res.endgame
    assert e.field == "after 5" and e.policies == (
        "after 5", "after 5, endgame 200: after 1", "after 5, endgame 10: after 6")
    assert e.win[1] < 0.5 and e.win_ci(1)[1] < 0.5       # stopping after 1 card all game loses
    assert res.recommended in e.policies

def test_results_round_trip_through_json():
    res = search(2, family=TINY, games=4, seed=0, max_rounds=1)
    text = dumps([res], command="pushlab search test")
    assert loads(text) == [res]
    with pytest.raises(SetupError, match="format"):
        loads('{"format": 99, "results": []}')


@pytest.mark.parametrize("kwargs, match", [
    (dict(players=7), "2 to 6 players"),
    (dict(players=3, games=100), "multiple of the players"),
    (dict(players=2, games=0), "games"),
    (dict(players=2, start="greedy"), "not a stop rule"),
    (dict(players=2, seed=-1), "seed"),
])
def test_bad_input_raises(kwargs, match):
    with pytest.raises(PushlabError, match=match):
        search(**{"family": SMALL, "games": 60, **kwargs})


def test_family_rejects_repeats_and_policies_it_cannot_run():
    with pytest.raises(SetupError, match="each rule once"):
        Family(stop=("after 3", "after 3"), bank=(None,))
    with pytest.raises(SetupError, match="cannot run"):
        Family(stop=("optimal",), bank=(None,))
    with pytest.raises(SetupError, match="cannot run"):
        Family(stop=("after 3",), bank=(None,), endgame=("endgame 5: optimal",))
def test_shipped_results_cover_the_issue_and_reproduce():
    results = load_results()
    for n in range(2, 7):
        for harder in (False, True):
            r = find(results, n, harder)
            assert r.rounds and r.stopped in ("converged", "cycle", "max_rounds")
            assert r.rounds[0].field == "after 5"
            for a, b in zip(r.rounds, r.rounds[1:]):       # each field is the last best response
                assert b.field == r.family.policies()[a.best]
    # recompute one candidate of the shipped 2-player normal search exactly
    r = find(results, 2, False)
    i = r.family.index("after 4, bank at 25")
    fam = Family(stop=("after 4",), bank=("bank at 25",), endgame=())
    again = search(2, family=fam, games=r.games, seed=r.seed, chunk=r.chunk, max_rounds=1)
    assert again.rounds[0].win[0] == pytest.approx(r.rounds[0].win[i], abs=1e-12)
    assert results.command == REGENERATE
