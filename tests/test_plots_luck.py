"""Plots of Push (push-your-luck): each returns its axes with a title, labelled axes and a legend."""

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pushlab.errors import PushlabError  # noqa: E402
from pushlab.luck import Game, odds  # noqa: E402
from pushlab.plots import luck as pl  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    """Close every figure a test made."""
    yield
    plt.close("all")


def three_columns():
    """Columns R1 | B1 | G1 with Y1 R2 left: Y1 busts, R2 fits, so P(bust) = 1/2."""
    g = Game.new(2, deck="R1 B1 G1 Y1 R2", rolls="*")
    for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
        g = g.apply(a)
    return g


def labelled(ax, legend=True):
    """True when the axes have a title, both axis labels with units, and a legend if asked."""
    ok = bool(ax.get_title()) and "(" in ax.get_xlabel() and bool(ax.get_ylabel())
    return ok and (not legend or ax.get_legend() is not None)


def test_push_path_draws_until_the_card_count():
    states = pl.push_path(Game.new(2, deck="R1 B2 G3 Y4 P5", rolls="*"), cards=4)
    assert [sum(map(len, g.columns)) for g in states] == [1, 2, 3, 4]
    assert all(g.phase == "push" for g in states)


def test_push_path_stops_at_a_bust():
    # R1 B1 G1 open three columns; Y1 shares its number with every column: a bust.
    states = pl.push_path(Game.new(2, deck="R1 B1 G1 Y1 P5", rolls="*"), cards=9)
    assert [sum(map(len, g.columns)) for g in states] == [1, 2, 3]


def test_push_path_rejects_a_collection_state():
    g = three_columns().apply("stop")
    with pytest.raises(PushlabError, match="push_path"):
        pl.push_path(g)


def test_bust_odds_data_matches_the_exact_odds():
    data = pl.bust_odds_data([three_columns()])
    assert data["cards"] == [3]
    assert data["counting"] == [Fraction(1, 2)]
    assert data["naive"] == [odds.bust_probability(three_columns(), counting=False)]


def test_bust_odds_plot_draws_both_series_in_percent():
    ax = pl.bust_odds({"cards": [3, 4], "counting": [Fraction(1, 4), 0.5], "naive": [0.2, 0.4]})
    assert labelled(ax)
    ys = [list(line.get_ydata()) for line in ax.get_lines()]
    assert ys == [[25.0, 50.0], [20.0, 40.0]]


def test_ev_data_uses_the_hint_values():
    g = three_columns()
    data = pl.ev_data([g])
    h = odds.hint(g)
    assert data == {"cards": [3], "draw": [h.values["draw"]], "stop": [h.values["stop"]]}


def test_ev_plot_has_one_bar_per_action_and_step():
    ax = pl.ev_one_more({"cards": [1, 2, 3], "draw": [1.0, 2.0, 0.5], "stop": [1.5, 1.0, 2.0]})
    assert labelled(ax)
    assert len(ax.patches) == 6
    assert sorted(p.get_height() for p in ax.patches) == [0.5, 1.0, 1.0, 1.5, 2.0, 2.0]


def test_policy_data_keeps_three_column_push_tables():
    data = pl.policy_data(n_games=1, players=2, seed=3)
    assert len(data["points"]) == len(data["risk"]) == len(data["best"]) > 0
    assert set(data["best"]) <= {"draw", "stop"}
    assert all(0 <= r <= 1 for r in data["risk"])


def test_policy_map_splits_points_by_best_action():
    ax = pl.policy_map({"points": [5, 10, 20], "risk": [0.1, 0.2, 0.4], "best": ["draw", "draw", "stop"]})
    assert labelled(ax)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["one-turn hint says draw (2 tables)", "one-turn hint says stop (1 tables)"]


def test_policy_map_needs_one_action_per_point():
    with pytest.raises(PushlabError, match="one 'best' action"):
        pl.policy_map({"points": [5, 10], "risk": [0.1, 0.2], "best": ["draw"]})


def test_mc_convergence_band_shrinks_like_one_over_root_n():
    rng = np.random.default_rng(7)
    samples = rng.random(400) < 0.25
    ax = pl.mc_convergence(samples, Fraction(1, 4))
    assert labelled(ax)
    assert ax.get_xscale() == "log"
    band = ax.collections[0].get_paths()[0].vertices
    # the band's width at n=1 and n=400 differ by a factor sqrt(400) = 20
    widths = {}
    for x, y in band:
        widths.setdefault(round(x), []).append(y)
    w1 = max(widths[1]) - min(widths[1])
    w400 = max(widths[400]) - min(widths[400])
    assert w1 / w400 == pytest.approx(20, rel=1e-6)
    running = ax.get_lines()[0].get_ydata()
    assert running[-1] == pytest.approx(samples.mean())


def test_mc_convergence_needs_two_samples():
    with pytest.raises(PushlabError, match="two samples"):
        pl.mc_convergence([1], 0.5)


def test_strategy_comparison_raw_outcomes_and_given_intervals():
    ax = pl.strategy_comparison({"bold": [1, 0, 1, 1], "careful": {"mean": 0.5, "lo": 0.4, "hi": 0.6}})
    assert labelled(ax)
    heights = [p.get_width() for p in ax.patches]
    assert heights == pytest.approx([75.0, 50.0])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["bold", "careful"]


def test_strategy_comparison_legend_names_the_bars_once():
    """Default "mean <quantity>"; a quantity that says "mean" already is used as it is; ``label`` wins."""
    def legend(**kwargs):
        ax = pl.strategy_comparison({"bold": [1.0, 3.0]}, unit="points", **kwargs)
        return [t.get_text() for t in ax.get_legend().get_texts()][0]

    assert legend(quantity="score") == "mean score"
    assert legend(quantity="mean score") == "mean score"
    assert legend(quantity="score", label="average points") == "average points"


def test_strategy_comparison_rejects_empty_data():
    with pytest.raises(PushlabError, match="non-empty"):
        pl.strategy_comparison({})


def test_mean_ci_is_the_t_interval():
    m, h = pl.mean_ci([0, 1] * 50)
    assert m == 0.5
    assert h == pytest.approx(1.984217 * np.std([0, 1] * 50, ddof=1) / 10)  # t, 99 df


def test_plots_draw_on_a_given_axes():
    _, ax = plt.subplots()
    assert pl.bust_odds({"cards": [1], "counting": [0.0]}, ax=ax) is ax


def test_midgame_is_a_turn_start_after_the_asked_turns():
    g = pl.midgame(players=3, turns=5, seed=2)
    assert g.phase == "turn" and g.turn == 6 and not g.is_over
    assert pl.midgame(players=3, turns=5, seed=2) == g          # seeded: the same table again
    with pytest.raises(PushlabError, match="fewer turns"):
        pl.midgame(players=2, turns=500, seed=2)


def test_tournament_data_reads_the_result_intervals():
    from pushlab.luck.bots import StopAfter
    from pushlab.tournament import tournament
    res = tournament([StopAfter(1), StopAfter(3)], games=12, seed=4)
    data = pl.tournament_data(res)
    rate, lo, hi = res.win_rate()
    assert list(data) == list(res.names)
    assert [d["mean"] for d in data.values()] == pytest.approx(list(rate))
    assert [d["lo"] for d in data.values()] == pytest.approx(list(lo))
    scores = pl.tournament_data(res, "mean_score")
    assert [d["hi"] for d in scores.values()] == pytest.approx(list(res.mean_score()[2]))
    with pytest.raises(PushlabError, match="win_rate"):
        pl.tournament_data(res, "median")
    assert labelled(pl.strategy_comparison(data))


def test_switch_rule_plot_data_summary_and_errors():
    from pushlab.luck.sim import compare_switch_rules

    res = compare_switch_rules(400, 3, k=4, rng=np.random.default_rng(3))
    d = pl.switch_rule_data(res)
    assert d["players"] == 3 and d["games"] == 400
    for rule in ("turn", "game"):
        r = d["rules"][rule]
        assert np.allclose(r["rate"], res[rule].win_rates())
        assert (r["lo"] < r["rate"]).all() and (r["rate"] < r["hi"]).all()
    diff = d["diff"]
    assert np.allclose(diff["rate"], res["game"].win_rates() - res["turn"].win_rates())
    assert (diff["lo"] <= diff["rate"]).all() and (diff["rate"] <= diff["hi"]).all()
    ax = pl.switch_rule_seats(d)
    assert labelled(ax) and ax.get_xticklabels()[0].get_text() == "seat 1 (starts)"
    assert len(ax.patches) == 6                        # 3 seats x 2 readings
    text = pl.switch_rule_summary(d)
    assert "Going first" in text and "seat 3:" in text and "95%" in text
    with pytest.raises(PushlabError, match="turn"):
        pl.switch_rule_data({"turn": res["turn"]})
    with pytest.raises(PushlabError):
        pl.switch_rule_seats({"players": 3})


@pytest.fixture(scope="module")
def small_search():
    """A tiny seeded policy search (2 x 2 family, 2 players)."""
    from pushlab.luck.search import Family, search

    fam = Family(stop=("after 2", "after 5"), bank=(None, "bank at 15"), endgame=())
    return search(2, family=fam, games=40, seed=3, start="after 2", max_rounds=3)


def test_search_heatmap_shows_the_grid_with_the_best_cell(small_search):
    data = pl.search_grid_data(small_search, 0)
    assert data["win"].shape == (2, 2) and data["stop"] == ["after 2", "after 5"]
    assert data["bank"] == ["never", "at 15"]
    ax = pl.search_heatmap(data)
    assert labelled(ax) and "2 players" in ax.get_title() and "after 2" in ax.get_title()
    texts = [t.get_text() for t in ax.texts]
    assert texts == [f"{100 * v:.0f}" for v in data["win"].ravel()]
    with pytest.raises(PushlabError, match="round"):
        pl.search_grid_data(small_search, 99)


def test_best_response_path_one_point_per_round(small_search):
    data = pl.best_response_data(small_search)
    assert data["round"] == list(range(len(small_search.rounds)))
    assert data["field"][0] == "after 2"
    ax = pl.best_response_path(data)
    assert labelled(ax) and "best response" in ax.get_ylabel()
    assert len(ax.texts) == len(data["round"])


def test_search_heatmap_labels_come_from_the_rules_not_from_labels_read_back():
    """The heatmap's row and column names are written from the family's rules (their spec texts),
    in the page's numbers. Was: the bank columns re-read ``bank_labels()``'s English short text,
    and ``riziko 0.1`` in Czech. (~50 ms: the shipped results)"""
    from pushlab import i18n
    from pushlab.luck.policy import BankRule
    from pushlab.luck.search import bank_rule_label, load_results

    res = load_results()[0]
    i18n.set_language("cs")
    try:
        data = pl.search_grid_data(res)
    finally:
        i18n.set_language("en")
    assert data["bank"] == [bank_rule_label(b, "cs") for b in res.family.bank]
    assert "riziko 0,1" in data["stop"] and "ztráta 5" in data["bank"] and "nikdy" in data["bank"]
    assert bank_rule_label(BankRule("loss", 2.5), "cs") == "ztráta 2,5"


def test_strategy_comparison_shows_given_names_as_they_are():
    """Names the caller wrote are shown as given, never parsed as a bot's repr. (~0.1 s)"""
    ax = pl.strategy_comparison({0: {"mean": 0.3, "lo": 0.2, "hi": 0.4}, 1: {"mean": 0.2, "lo": 0.1, "hi": 0.3}},
                                names=["StopAfter(2, bank_at=None)", "field 1: riziko 0,15"])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["StopAfter(2, bank_at=None)", "field 1: riziko 0,15"]
    with pytest.raises(PushlabError):
        pl.strategy_comparison({0: [1, 0]}, names=["a", "b"])


@pytest.mark.parametrize("language, seats", [("en", "seat 1 and seat 3"), ("ar", "اللاعب 1 واللاعب 3"),
                                             ("cs", "místo 1 a\u00a0místo 3")])
def test_switch_rule_summary_lists_the_seats_as_the_language_does(language, seats):
    """The seats whose interval excludes 0 are a list by Babel's ``format_list``. Was:
    "seat 1, seat 3" with a Latin comma in every language. (~5 ms)"""
    from pushlab import i18n

    rules = {r: {"rate": np.array([.3, .4, .3]), "lo": np.array([.27, .37, .27]), "hi": np.array([.33, .43, .33])}
             for r in ("turn", "game")}
    d = {"players": 3, "games": 900, "rules": rules,
         "diff": {"rate": np.array([.05, 0, .05]), "lo": np.array([.01, -.02, .01]), "hi": np.array([.09, .02, .09])}}
    i18n.set_language(language)
    try:
        text = pl.switch_rule_summary(d)
    finally:
        i18n.set_language("en")
    assert seats in text, text


def test_switch_rule_summary_writes_intervals_by_numbers_interval():
    """The summary's intervals go through ``numbers.interval``: in Czech a semicolon between bounds
    with decimal commas. Was: ``stats.format_ci`` of ``Number`` bounds, "[27,0 %, 33,0 %]". (~5 ms)"""
    from pushlab import i18n

    rules = {r: {"rate": np.array([.3, .4, .3]), "lo": np.array([.27, .37, .27]), "hi": np.array([.33, .43, .33])}
             for r in ("turn", "game")}
    d = {"players": 3, "games": 900, "rules": rules,
         "diff": {"rate": np.array([.05, 0, .05]), "lo": np.array([.01, -.02, .01]), "hi": np.array([.09, .02, .09])}}
    i18n.set_language("cs")
    try:
        text = pl.switch_rule_summary(d)
    finally:
        i18n.set_language("en")
    assert "30,0\u00a0% [27,0\u00a0%; 33,0\u00a0%]" in text and "+5,0\u00a0% [+1,0\u00a0%; +9,0\u00a0%]" in text, text
    assert "[27.0%, 33.0%]" in pl.switch_rule_summary(d)           # English as before
