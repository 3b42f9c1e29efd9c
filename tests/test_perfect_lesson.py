"""Lesson 11, perfect play in a small Push: its maps (pushlab.plots.perfect), its session and apps
(pushlab.widgets.perfect) and its questions (pushlab.teaching.perfect), against the exact solver.

Cost: about 4 CPU-s (the five-card deck solves in a fraction of a second; the rest is widgets
and one 400-game Monte Carlo check).
"""

from collections import Counter
from fractions import Fraction

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from pushlab import i18n  # noqa: E402
from pushlab.errors import IllegalAction, PushlabError, SetupError, Unavailable  # noqa: E402
from pushlab.luck.cards import parse_cards  # noqa: E402
from pushlab.plots import perfect as plots  # noqa: E402
from pushlab.teaching import perfect as lesson  # noqa: E402

KEY = lesson.STORY_DECK


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def sol():
    return lesson.solution(KEY)


@pytest.fixture(scope="module")
def data(sol):
    from pushlab.luck.bots import StopAfter

    return plots.decision_data(sol, other=StopAfter(2))


# ---------------------------------------------------------------------- the data behind the maps
def test_bust_chance_counts_the_cards_no_column_takes():
    cols = [parse_cards("R1"), parse_cards("R2 roll"), parse_cards("B1")]
    pile = Counter(parse_cards("R1 B2 roll roll G3"))
    # only R1 fits no column (red in two of them, a 1 in the third); B2, G3 and the roll cards fit one
    assert plots.bust_chance(pile, cols) == Fraction(1, 5)
    assert plots.bust_chance(pile, cols[:2]) == 0            # fewer than three columns never bust
    assert plots.bust_chance(Counter(), cols) == 0


def test_decision_data_agrees_with_the_solution_and_the_engine(sol, data):
    from pushlab.luck.rules import pile_bust_probability

    n = len(data["decision"])
    assert n > 100 and set(data["decision"]) == {"push", "turn"}
    assert all(len(data[k]) == n for k in data)
    assert all(g >= 0 for g in data["gain"])
    assert Counter(data["optimal"])["stop"] > 0 and Counter(data["optimal"])["bank"] > 0
    rng = np.random.default_rng(0)
    checked = 0
    for state, values in sol.positions():          # the bust chance is the engine's on the same table
        desc = sol.describe(state)
        if desc["phase"] != "push" or len(desc["columns"]) < 3:
            continue
        game = sol.game(state, rng)
        assert plots.bust_chance(desc["pile"], [parse_cards(c) for c in desc["columns"]]) == \
            pile_bust_probability(game)
        checked += 1
    assert checked > 20


def test_the_optimal_bot_agrees_everywhere_and_a_simple_bot_does_not(sol, data):
    perfect = plots.decision_data(sol, other=sol.bot())
    assert plots.agreement(perfect) == 1.0
    share = plots.agreement(data, "push")
    assert 0.3 < share < 0.95 and share == lesson.agreement()
    with pytest.raises(PushlabError, match="'other'"):
        plots.agreement({"decision": ["push"], "optimal": ["draw"]})


def test_a_tie_counts_either_action_as_optimal(sol, data):
    # draw and stop exactly equally good: stopping is right too (was: only "draw", dict order)
    tie = {"decision": ["push"] * 2, "bench": [0, 0], "risk": [0, 0], "pile": [3, 3],
           "optimal": ["draw", "draw"], "optimals": [("draw", "stop"), ("draw",)], "other": ["stop", "stop"]}
    assert plots.agreement(tie) == 0.5
    assert plots.grid_data(tie, "push")["share"] == [[75.0]]     # (half a draw + a draw) of 2 (was: 100)
    # on the lesson's deck, the count is of the bot's action being worth the best value
    rows = [(s, v) for s, v in sol.positions() if plots._decision(sol.describe(s), v)]
    assert len(rows) == len(data["decision"])
    right = ties = 0
    for (state, values), kind, other in zip(rows, data["decision"], data["other"]):
        if kind != "push":
            continue
        best = max(values.values())
        ties += values["draw"] == values["stop"] == best
        right += max((v for a, v in values.items() if plots._short(a) == other), default=-1) >= best - 1e-12
    assert ties > 50                                      # ties are common (130 of 318 on one-colour)
    assert plots.agreement(data, "push") == right / data["decision"].count("push")
    strict = sum(o == b for k, o, b in zip(data["decision"], data["other"], data["optimal"]) if k == "push")
    assert right > strict                                 # the old count called equal actions wrong


def test_grid_counts_every_position_once(data):
    for decision in plots.DECISIONS:
        for who in ("optimal", "other"):
            grid = plots.grid_data(data, decision, who)
            count = np.asarray(grid["count"])
            assert count.sum() == data["decision"].count(decision)
            share = np.asarray(grid["share"])
            assert np.all(np.isnan(share) == (count == 0))
            draws = sum(("draw" in o) / len(o) if who == "optimal" else a == "draw"
                        for d, a, o in zip(data["decision"], data[who], data["optimals"]) if d == decision)
            assert np.nansum(share * count / 100) == pytest.approx(draws)
    with pytest.raises(PushlabError, match="decision must be"):
        plots.grid_data(data, "place")
    with pytest.raises(PushlabError, match="no 'push' decisions"):
        plots.grid_data({"decision": ["turn"], "bench": [1], "pile": [2], "optimal": ["draw"]}, "push")


def test_heatmap_has_titles_axes_and_units(data):
    ax = plots.policy_heatmap(plots.grid_data(data, "push"))
    assert ax.get_title() == "Perfect play: draw or stop?"
    assert ax.get_xlabel().endswith("(points)") and ax.get_ylabel().endswith("(%)")
    plt.close(ax.figure)
    ax = plots.policy_heatmap(plots.grid_data(data, "turn", "other", name="cautious"))
    assert ax.get_title() == "cautious: draw or bank?" and ax.get_ylabel().endswith("(count)")
    plt.close(ax.figure)
    with pytest.raises(PushlabError):
        plots.policy_heatmap({"share": [], "count": []})


@pytest.mark.parametrize("language", ["en", "ar"])
def test_maps_figure_has_one_colour_bar_per_row_and_nothing_overlaps(data, language):
    # was: a colour bar beside each map, the left one's label on the right map's y-axis label
    from pushlab.plots import rtl
    from pushlab.widgets.perfect import _maps_figure

    i18n.set_language(language)
    fig = _maps_figure(data, "cautious")
    bars = [ax for ax in fig.axes if ax.get_label() == "<colorbar>"]
    maps = [ax for ax in fig.axes if ax not in bars]
    assert len(maps) == 4 and len(bars) == 2
    with rtl.drawn_shaped(fig):                  # measured as drawn (Arabic shaped)
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        boxes = [ax.get_tightbbox(renderer) for ax in fig.axes]
    for bar in bars:                             # each bar right of its row's maps
        y0, y1 = bar.get_position().y0, bar.get_position().y1
        row = [m for m in maps if y0 < (m.get_position().y0 + m.get_position().y1) / 2 < y1]
        assert len(row) == 2 and all(bar.get_position().x0 > m.get_position().x1 for m in row)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)
    plt.close(fig)


def test_arabic_heatmap_is_drawn_shaped_and_stays_logical(data):
    from pushlab.plots import alt, rtl

    i18n.set_language("ar")
    ax = plots.policy_heatmap(plots.grid_data(data, "push"))
    title = i18n.gettext("{player}: draw or stop?", "ar").format(player=i18n.gettext("Perfect play", "ar"))
    assert ax.get_title() == title
    seen = []
    ax.figure.canvas.mpl_connect("draw_event", lambda e: seen.append(ax.get_title()))
    html = alt.figure_html(ax.figure)
    assert seen and seen[0] == rtl.shape(title) and title in html
    plt.close(ax.figure)


# ---------------------------------------------------------------------- the session
def test_session_values_are_the_legal_actions_and_the_value_is_their_best():
    from pushlab.widgets.perfect import PerfectSession

    s = PerfectSession(KEY, opponent="optimal", seed=5)
    steps = 0
    while not s.game.is_over:
        values = s.values()
        assert list(values) == s.game.legal_actions()
        assert s.chance() == max(values.values())
        assert s.best() in values and values[s.best()] == max(values.values())
        s.act(s.best())
        steps += 1
    assert steps >= 2
    r = s.review()
    assert r["lost"] == 0 and r["optimal"] == r["decisions"]
    assert s.chance() in (0, Fraction(1, 2), 1)


def test_session_records_what_a_worse_choice_costs_and_refuses_bad_input():
    from pushlab.widgets.perfect import PerfectSession

    s = PerfectSession(KEY, opponent="cautious", seed=2)
    lost = Fraction(0)
    worse_seen = False
    while not s.game.is_over:
        values = s.values()
        worst = min(values, key=values.get)
        lost += max(values.values()) - values[worst]
        worse_seen |= values[worst] < max(values.values())
        s.act(worst)
    assert worse_seen and s.review()["lost"] == lost > 0
    before = s.game
    with pytest.raises(IllegalAction):
        s.act("draw")
    assert s.game is before
    s.undo()
    assert len(s.decisions) == len(s.history)
    with pytest.raises(SetupError, match="unknown deck"):
        PerfectSession("huge")
    with pytest.raises(SetupError, match="unknown opponent"):
        PerfectSession(KEY, opponent="wizard")
    fresh = PerfectSession(KEY, seed=1)
    with pytest.raises(Unavailable):
        fresh.undo()


def test_optimal_self_play_matches_the_exact_start_value(sol):
    """Monte Carlo (the engine's own games, seeded) within 4 standard errors of the exact value."""
    from pushlab import stats

    wins, n = lesson.self_play(KEY, 400, np.random.default_rng(23))
    assert stats.rate_agrees(wins, n, float(sol.start_value))


# ---------------------------------------------------------------------- the apps
def test_play_app_shows_values_on_the_buttons_and_routes_errors():
    from pushlab.widgets.perfect import PerfectPlay

    app = PerfectPlay(seed=4, opponent="optimal")
    assert app.message.text == ""
    for _ in range(40):
        if app.session.game.is_over:
            break
        buttons = app.buttons.children
        assert len(buttons) == len(app.session.legal())
        if len(buttons) > 1:
            assert "%" in buttons[0].description and "exact" in app.values.value
        buttons[-1].click()
        assert app.message.text == ""
    assert app.session.game.is_over and "Game over" in app.prompt.value
    app._guard(app.act)("draw")                   # after the end: shown, not raised
    assert app.message.kind == "error" and "over" in app.message.text
    app.opponent.value = "bold"
    assert app.session.opponent == "bold" and "floor" in app.values.value


def test_policy_maps_draw_both_players_and_say_how_often_they_agree():
    from pushlab.widgets.perfect import PolicyMaps

    maps = PolicyMaps(KEY, other="cautious")
    assert maps.message.text == "" and "<img" in maps.maps.value
    assert f"{lesson.agreement():.0%}" in maps.summary.value
    # a deck where the solver's position puts the bank difference on one seat that the cards out
    # of play cannot give (a bank of 2 with only R1 and R3 out): the bot still gets a real game
    maps.deck.value = "one-colour-6"
    assert maps.message.text == "" and "<img" in maps.maps.value


def test_no_bot_beats_perfect_play_in_either_seat_and_the_table_says_so():
    """Perfect play is a floor: a bot going first wins at most the first player's perfect value,
    going second at most the second player's; the table's figures are grade.match_value's."""
    from pushlab.luck import grade
    from pushlab.widgets.luck_session import make_bot
    from pushlab.widgets.perfect import GRADED, BotGrades, grades_html, grades_rows, simplest_rule_html

    sol = lesson.solution(KEY, exact=False)
    v = float(sol.start_value)
    rows = grades_rows(KEY)
    assert [r["kind"] for r in rows] == list(GRADED)
    for r in rows:
        assert r["first"] <= v + 1e-9 and r["second"] <= 1 - v + 1e-9
        assert r["mean"] == pytest.approx((r["first"] + r["second"]) / 2)
    cautious = rows[GRADED.index("cautious")]
    assert cautious["first"] == pytest.approx(grade.match_value(sol, make_bot("cautious"), "optimal"))
    assert cautious["first"] < v - 0.01                     # the cautious bot gives something away
    html = grades_html(rows, sol.start_value)
    assert html.count("<tr>") == len(GRADED) + 2 and f"{v:.1%}" in html
    assert "after 2" in simplest_rule_html(("after 2", 0.495, "after 2", 0.495, {"after 2": 0.495}))
    assert "No rule" in simplest_rule_html((None, None, "after 1", 0.36, {"after 1": 0.36, "after 2": 0.3}))
    app = BotGrades(KEY)
    assert app.message.text == "" and "pl-perfect-grades" in app.table.value
    app.deck.value = "two-colours"
    assert app.message.text == "" and f"{float(lesson.solution('two-colours').start_value):.1%}" in app.table.value


def test_the_shipped_grades_of_larger_decks_are_shown_with_how_to_compute_them_again():
    from pushlab.widgets.perfect import shipped_grades_html

    data = lesson.shipped_grades()
    html = shipped_grades_html(data)
    assert data["command"] in html and html.count("<tr>") == len(data["grades"][0]["opponents"]) + 2
    for d in data["grades"]:
        assert f"({d['states']:,})" in html
        assert all(1 - o["mean"] <= 0.5 + 1e-9 for o in d["opponents"])   # perfect play is a floor
    i18n.set_language("cs")
    assert "RandomBot" not in shipped_grades_html(data)                   # bots in the reader's words
