"""Shipped lesson results (pushlab/data/) are what the library computes, and the live widget works."""

import numpy as np
import pytest

from pushlab import precomputed
from pushlab.errors import PushlabError
from pushlab.tournament import tournament


def test_policy_map_is_the_librarys_result():
    """The whole map is recomputed (a few seconds) and must equal the shipped file."""
    shipped = precomputed.load("luck-policy-map")
    assert shipped == precomputed.compute("luck-policy-map")
    assert len(shipped["points"]) > 50 and set(shipped["best"]) == {"draw", "stop"}


def test_strategy_games_are_the_librarys_games():
    """Game i of a tournament is seeded on its own: the first 6 shipped games replay exactly."""
    shipped = precomputed.load("luck-strategies")
    assert shipped.games == 200
    first = tournament(precomputed.strategy_bots(), games=6, seed=11)
    assert first.names == shipped.names
    np.testing.assert_array_equal(first.scores, shipped.scores[:6])
    np.testing.assert_array_equal(first.wins, shipped.wins[:6])
    np.testing.assert_array_equal(first.seating, shipped.seating[:6])


def test_unknown_result_is_named():
    with pytest.raises(PushlabError, match="luck-policy-map"):
        precomputed.load("nope")


def test_check_mode_writes_nothing(tmp_path, monkeypatch):
    r = precomputed.Result("tiny", "tiny()", lambda progress: [1, 2], list, list)
    monkeypatch.setitem(precomputed.RESULTS, "tiny", r)
    assert precomputed.regenerate(["tiny"], folder=tmp_path, check=True) == ["tiny"]
    assert not (tmp_path / "tiny.json").exists()
    assert precomputed.regenerate(["tiny"], folder=tmp_path) == ["tiny"]
    assert precomputed.regenerate(["tiny"], folder=tmp_path, check=True) == []


def test_live_result_shows_then_recomputes_with_progress():
    from pushlab.widgets.live import LiveResult

    shown, steps = [], []

    def compute(progress):
        for i in range(3):
            progress(i + 1, 3)
            steps.append(i)
        return "new"

    def draw(value):
        shown.append(value)
        return f"<b>{value}</b>"

    live = LiveResult("shipped", compute, draw, source="made ahead")
    assert shown == ["shipped"] and "made ahead" in live.status.value
    assert live.figure.value == "<b>shipped</b>"
    live.button.click()
    assert shown == ["shipped", "new"] and steps == [0, 1, 2] and live.figure.value == "<b>new</b>"
    assert live.bar.value == 3 and not live.button.disabled
    assert "Computed live" in live.status.value


def test_live_result_shows_errors():
    from pushlab.widgets.live import LiveResult

    def broken(progress):
        raise PushlabError("no games to play")

    live = LiveResult("shipped", broken, str, source="x")
    live.button.click()
    assert live.message.kind == "error" and "no games to play" in live.message.text
    assert not live.button.disabled


def test_figures_become_images_with_alt_text():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from pushlab.widgets.live import figure_html

    fig, ax = plt.subplots()
    ax.plot([0, 1])
    html = figure_html(fig, alt="a line")
    assert html.startswith('<img alt="a line"') and "base64," in html
    assert not plt.fignum_exists(fig.number)
