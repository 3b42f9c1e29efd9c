"""Tournaments: seeding, seat rotation, arrays, confidence intervals (on a toy game with known truth)."""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import pytest

from pushlab.errors import IllegalAction, SetupError
from pushlab.luck.bots import Greedy, RandomBot, StopAfter
from pushlab.tournament import (
    TournamentResult,
    bot_name,
    game_seeds,
    is_factory,
    make_bot,
    mean_ci,
    play,
    seating_of,
    tournament,
)


@dataclass(frozen=True)
class DiceDuel:
    """Toy game: each player in turn scores one die ('one') or the best of two ('best2')."""

    dice: tuple
    totals: tuple = ()

    @classmethod
    def new(cls, seed, players=2):
        rng = np.random.default_rng(seed)
        return cls(tuple(tuple(int(x) for x in rng.integers(1, 7, 2)) for _ in range(players)))

    @property
    def is_over(self):
        return len(self.totals) == len(self.dice)

    @property
    def current_player(self):
        return None if self.is_over else len(self.totals)

    def legal_actions(self):
        return [] if self.is_over else ["one", "best2"]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"illegal {action!r}", action, self.legal_actions())
        d = self.dice[len(self.totals)]
        return replace(self, totals=self.totals + (d[0] if action == "one" else max(d),))

    def scores(self):
        return self.totals

    def winners(self):
        top = max(self.totals)
        return tuple(i for i, s in enumerate(self.totals) if s == top)


def one(game, rng):
    return "one"


def best2(game, rng):
    return "best2"


# exact truth for one vs best2
P_MAX = {k: Fraction(2 * k - 1, 36) for k in range(1, 7)}
MEAN_BEST2 = sum(k * p for k, p in P_MAX.items())                           # 161/36
WIN_BEST2 = sum(Fraction(1, 6) * P_MAX[m] * (1 if m > d else Fraction(1, 2) if m == d else 0)
                for d in range(1, 7) for m in range(1, 7))


def duel(games, seed, **kw):
    return tournament([one, best2], games=games, seed=seed, game_factory=DiceDuel.new, **kw)


def test_toy_truth_is_what_we_think():
    assert MEAN_BEST2 == Fraction(161, 36)
    assert 0.5 < WIN_BEST2 < 0.8


def test_confidence_intervals_cover_the_truth_about_95_percent():
    cover_score = cover_one = cover_win = 0
    reps = 200
    for rep in range(reps):
        res = duel(60, seed=rep)
        m, lo, hi = res.mean_score()
        cover_score += lo[1] <= MEAN_BEST2 <= hi[1]
        cover_one += lo[0] <= 3.5 <= hi[0]
        w, wl, wh = res.win_rate()
        cover_win += wl[1] <= WIN_BEST2 <= wh[1]
    assert 0.90 <= cover_score / reps <= 0.99
    assert 0.90 <= cover_one / reps <= 0.99
    assert 0.88 <= cover_win / reps <= 0.99


def test_confidence_intervals_shrink_like_one_over_root_n():
    small, big = duel(100, seed=1), duel(1600, seed=2)
    w_small = np.subtract(*small.mean_score()[2:0:-1])
    w_big = np.subtract(*big.mean_score()[2:0:-1])
    assert np.all((w_big / w_small > 0.2) & (w_big / w_small < 0.32))    # ideally 1/4


def test_result_arrays_and_seat_rotation():
    res = duel(10, seed=5)
    assert res.scores.shape == res.wins.shape == res.seating.shape == (10, 2)
    assert res.seating.tolist() == [[0, 1], [1, 0]] * 5
    assert np.allclose(res.wins.sum(1), 1)
    # by_bot undoes the rotation: best2 at seat 1 in even games, seat 0 in odd games
    assert (res.by_bot(res.scores)[0::2] == res.scores[0::2]).all()
    assert (res.by_bot(res.scores)[1::2] == res.scores[1::2, ::-1]).all()
    fixed = duel(10, seed=5, rotate_seats=False)
    assert (fixed.seating == [0, 1]).all()
    assert res.names == ("one", "best2")
    assert np.allclose(res.mean_score(by="seat")[0], res.scores.mean(0))
    with pytest.raises(SetupError):
        res.mean_score(by="colour")


def test_same_seed_same_results_any_executor_and_chunking():
    a = duel(40, seed=9)
    b = duel(40, seed=9, chunk=7)
    with ThreadPoolExecutor(2) as ex:
        c = duel(40, seed=9, executor=ex)
    for r in (b, c):
        assert (r.scores == a.scores).all() and (r.wins == a.wins).all()
    assert (duel(40, seed=10).scores != a.scores).any()


def test_game_seeds_index_games_directly():
    full = game_seeds(3, 5)
    tail = game_seeds(3, 5, start=3)
    assert [s for s, _ in full[3:]] == [s for s, _ in tail]
    assert len({s for s, _ in full}) == 5


def test_progress_callback_and_tqdm():
    seen = []
    duel(30, seed=1, progress=lambda done, total: seen.append((done, total)), chunk=10)
    assert seen == [(10, 30), (20, 30), (30, 30)]
    duel(5, seed=1, progress=True)


def test_factories_make_fresh_bots_per_game():
    made = []

    class Counting:
        def __init__(self):
            made.append(self)

        def choose(self, game, rng):
            return "one"

    tournament([Counting, lambda: Counting()], games=6, seed=0, game_factory=DiceDuel.new)
    assert len(made) == 2 + 12      # one check each up front, then one per seat per game


def test_bot_helpers():
    assert is_factory(StopAfter) and is_factory(lambda: StopAfter(2))
    assert not is_factory(StopAfter(2)) and not is_factory(one)
    assert bot_name(one) == "one" and bot_name(StopAfter) == "StopAfter"
    assert bot_name(StopAfter(2)) == "StopAfter(2, bank_at=None)"
    with pytest.raises(SetupError):
        make_bot(42)
    assert seating_of(2, 4).tolist() == [2, 3, 0, 1]


def test_bad_arguments():
    with pytest.raises(SetupError):
        tournament([], games=3)
    with pytest.raises(SetupError):
        tournament([one, best2], games=0, game_factory=DiceDuel.new)
    with pytest.raises(SetupError):
        tournament([one, best2], games=2, seed=-1, game_factory=DiceDuel.new)
    with pytest.raises(SetupError):
        tournament([one, best2], games=2, game_factory=DiceDuel.new, harder=True)
    with pytest.raises(SetupError):
        tournament([one, 3], games=2, game_factory=DiceDuel.new)


def test_play_stops_runaway_games():
    @dataclass(frozen=True)
    class Forever:
        is_over: bool = False
        current_player: int = 0

        def apply(self, action):
            return self

    with pytest.raises(SetupError, match="did not end"):
        play(Forever(), [one], max_steps=50)


def test_luck_tournament_default_factory_and_options():
    res = tournament([StopAfter(3), Greedy(), RandomBot()], games=6, seed=4, harder=True)
    assert res.scores.shape == (6, 3) and isinstance(res, TournamentResult)
    again = tournament([StopAfter(3), Greedy(), RandomBot()], games=6, seed=4, harder=True)
    assert (res.scores == again.scores).all()
    assert "games" in str(res) and "<table>" in res._repr_html_()
    assert len(res.summary()) == 3 and set(res.summary()[0]) >= {"bot", "score", "win_ci"}


def test_mean_ci_formula():
    values = np.array([[1.0, 0.0], [2.0, 1.0], [3.0, 0.0], [4.0, 1.0]])
    m, lo, hi = mean_ci(values)
    half = 3.182446305284263 * values.std(0, ddof=1) / 2  # t quantile, 3 degrees of freedom
    assert np.allclose(m, [2.5, 0.5]) and np.allclose(hi - m, half) and np.allclose(m - lo, half)


# ---------------------------------------------------------------------- intervals (issue 14)
def test_win_rates_are_wilson_and_never_zero_width():
    from pushlab import stats

    res = tournament([StopAfter(1), StopAfter(4)], games=20, seed=2)
    rate, lo, hi = res.win_rate()
    k = res.by_bot(res.wins).sum(0)
    for i in range(2):
        assert (lo[i], hi[i]) == pytest.approx(stats.proportion_ci(k[i], 20))
    assert np.all(hi - lo > 0)


def test_compare_is_the_paired_difference():
    from pushlab import stats

    res = tournament([StopAfter(1), StopAfter(4), Greedy()], games=30, seed=5)
    c = res.compare("StopAfter(4, bank_at=None)", 0)
    wins, scores = res.by_bot(res.wins), res.by_bot(res.scores)
    assert c["win_diff"] == pytest.approx(stats.paired_rate_diff_ci(wins[:, 1], wins[:, 0]))
    assert c["score_diff"] == pytest.approx(stats.paired_diff_ci(scores[:, 1], scores[:, 0]))
    assert [x["a"] for x in res.comparisons()] == list(res.names[1:])
    assert "minus" in str(res) and "&minus;" in res._repr_html_()
    with pytest.raises(SetupError, match="no bot"):
        res.compare("nobody", 0)
    with pytest.raises(SetupError, match="different"):
        res.compare(1, 1)


def test_one_game_says_not_enough_games():
    res = tournament([StopAfter(1), StopAfter(4)], games=1, seed=2)
    m, lo, hi = res.mean_score()
    assert np.isnan(lo).all() and "not enough games" in str(res)
    rate, lo, hi = res.win_rate()
    assert np.all(hi - lo > 0)       # a rate still has its Wilson interval


def test_the_html_table_names_the_bots_in_the_readers_language():
    """The table a lesson shows: bots in words of the page's language, not their reprs."""
    from pushlab import i18n
    from pushlab.luck.bots import Greedy, StopAfter

    res = tournament([StopAfter(2), Greedy()], games=2, seed=1)
    assert "stop after 2 cards" in res._repr_html_() and "StopAfter(" in str(res)   # str stays code
    i18n.set_language("cs")
    try:
        html = res._repr_html_()
    finally:
        i18n.set_language("en")
    assert "hladový (o kartu dopředu)" in html and "zastavit po 2 kartách" in html
    assert "Greedy(" not in html and "mean score" not in html and "Počet her: 2" in html


def test_the_html_tables_numbers_are_in_the_readers_language():
    """The table is in the page's language, its numbers too (was Python's {:.2f} and {:.1%}
    on every page: Czech '79.22', '22.5%', '[12.3%, 37.5%]', and an English 'not enough games'
    in a Czech table). English reads as before, but for a half: the mean difference 957/40 =
    23.925 is rounded half to even from its decimal value, 23.92, as every number pushlab.i18n
    writes (Python's format rounded the binary 23.92500000000000071 up: 23.93). ~0.1 s."""
    import re

    from pushlab import i18n
    from pushlab.luck.bots import Greedy, StopAfter

    res = tournament([StopAfter(2), Greedy()], games=40, seed=1)
    english = res._repr_html_()
    assert "<td>79.22</td><td>[72.30, 86.15]</td><td>22.5%</td><td>[12.3%, 37.5%]</td>" in english, english
    assert "<td>+23.92</td><td>[+13.61, +34.24]</td><td>+55.0%</td>" in english, english
    few = tournament([StopAfter(2), Greedy()], games=1, seed=1)
    i18n.set_language("cs")
    try:
        czech, czech_few = res._repr_html_(), few._repr_html_()
    finally:
        i18n.set_language("en")
    assert "<td>79,22</td><td>[72,30; 86,15]</td><td>22,5\xa0%</td><td>[12,3\xa0%; 37,5\xa0%]</td>" in czech, czech
    assert not re.search(r"\d\.\d", czech), czech
    assert "not enough" not in czech_few and "(na interval je her málo)" in czech_few, czech_few
