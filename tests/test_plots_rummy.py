"""Plots of Push rummy: every plot draws, has a title and labelled axes, and rejects empty data."""

import math

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pushlab.errors import PushlabError  # noqa: E402
from pushlab.plots import rummy as rp  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _labelled(ax):
    assert ax.get_title()
    assert ax.get_xlabel()
    assert ax.get_ylabel()


def test_contract_probability_exact_and_simulated():
    exact = {1: [0.05, 0.2, 0.4], 3: [0.01, 0.03, 0.08]}
    sim = {1: {"p": [0.06, 0.19, 0.41], "se": [0.01, 0.01, 0.01]}}
    ax = rp.contract_probability(exact, simulated=sim)
    _labelled(ax)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "deal 1 exact" in labels and "deal 3 exact" in labels and "deal 1 simulated (95 % CI)" in labels
    exact_line = next(line for line in ax.lines if line.get_label() == "deal 1 exact")
    np.testing.assert_allclose(exact_line.get_ydata(), [0.05, 0.2, 0.4])


def test_contract_probability_uses_given_axes_and_turns():
    fig, ax = plt.subplots()
    out = rp.contract_probability({2: [0.1, 0.2]}, ax=ax, turns=[0, 5])
    assert out is ax
    np.testing.assert_allclose(ax.lines[0].get_xdata(), [0, 5])


def test_wild_value_bars():
    ax = rp.wild_value({"deal 1": {0: 0.02, 1: 0.1, 2: 0.4}, "deal 4": {0: 0.0, 1: 0.01, 2: {"p": 0.05, "se": 0.01}}})
    _labelled(ax)
    heights = sorted(round(p.get_height(), 3) for p in ax.patches)
    assert heights == [0.0, 0.01, 0.02, 0.05, 0.1, 0.4]
    assert "40%" in [t.get_text() for t in ax.texts]


def test_penalty_distribution_means_in_legend():
    ax = rp.penalty_distribution({"taker": [0, 40, 80], "pusher": [10, 20]})
    _labelled(ax)
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts == ["taker (mean 40, n=3)", "pusher (mean 15, n=2)"]


def test_penalty_distribution_shares_in_ten_point_bins():
    ax = rp.penalty_distribution({"a": [0, 5, 12, 19, 19, 80], "b": [30] * 3})
    assert ax.get_ylabel() == "share of deals (%)"
    assert "10 points" in ax.get_xlabel()
    xy_a, xy_b = (p.get_xy() for p in ax.patches)
    # a: 2 of 6 deals in [0, 10), 3 of 6 in [10, 20), 1 of 6 in [80, 90); b: all in [30, 40)
    steps = {(round(x0), round(y, 6)) for (x0, y), (x1, y1) in zip(xy_a, xy_a[1:]) if y == y1 and x1 - x0 == 10}
    assert {(0, round(100 * 2 / 6, 6)), (10, 50.0), (80, round(100 / 6, 6))} <= steps
    assert xy_b[:, 1].max() == 100.0
    assert max(x for x, _ in xy_a) == 90


def test_wild_value_labels_sit_above_error_bars_and_do_not_overlap():
    sim = {"deal 1": {0: {"p": 0.0, "se": 0.0}, 1: {"p": 0.3, "se": 0.05}},
           "deal 3": {0: {"p": 0.0, "se": 0.0}, 1: {"p": 0.02, "se": 0.004}}}
    ax = rp.wild_value({"deal 1": {0: 0.00002, 1: 0.25}, "deal 3": {0: 0.0, 1: 0.03}}, simulated=sim, log=True)
    texts = {t.get_text(): t for t in ax.texts}
    assert set(texts) == {"<0.01%", "25%", "0", "3%"}
    assert texts["25%"].xy[1] == pytest.approx(0.3 + 1.959963984540054 * 0.05)   # above the simulated CI
    assert texts["3%"].xy[1] == pytest.approx(0.03)                              # the bar is higher
    assert texts["25%"].get_rotation() == 90 and texts["0"].get_rotation() == 0
    ax.figure.canvas.draw()
    boxes = [t.get_window_extent() for t in ax.texts]
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_bot_comparison_ci_from_samples():
    values = [10.0, 20.0, 30.0, 40.0]
    ax = rp.bot_comparison({"pusher": values, "taker": (25.0, 4.0)})
    _labelled(ax)
    heights = [p.get_height() for p in ax.patches]
    assert heights == [25.0, 25.0]
    mean, half = rp.mean_ci(values)
    assert mean == 25.0
    assert math.isclose(half, 3.182446305284263 * np.std(values, ddof=1) / 2)  # t, 3 df


@pytest.mark.parametrize("fn", [rp.contract_probability, rp.wild_value, rp.penalty_distribution,
                                rp.bot_comparison])
def test_empty_data_is_a_clear_error(fn):
    with pytest.raises(PushlabError, match="nothing to plot"):
        fn({})


def test_mean_ci_needs_values():
    with pytest.raises(PushlabError):
        rp.mean_ci([])
    mean, half = rp.mean_ci([3])
    assert mean == 3.0 and math.isnan(half)  # one value: no interval


def test_wild_value_exact_bars_with_simulated_points():
    from fractions import Fraction

    from pushlab.rummy.odds import Estimate

    exact = {"deal 1": {0: Fraction(1, 100), 1: Fraction(1, 5)}, "deal 3": {0: 0.0, 1: 0.05}}
    sim = {"deal 1": {0: Estimate(0.012, 0.002, 1000), 1: {"p": 0.19, "se": 0.01}}}
    ax = rp.wild_value(exact, simulated=sim)
    _labelled(ax)
    assert sorted(round(p.get_height(), 3) for p in ax.patches) == [0.0, 0.01, 0.05, 0.2]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "deal 1 simulated (95 % CI)" in labels and "deal 3 simulated (95 % CI)" not in labels
    points = next(c for c in ax.containers if c.get_label() == "deal 1 simulated (95 % CI)")
    np.testing.assert_allclose(np.asarray(points.lines[0].get_ydata(), float), [0.012, 0.19])


def test_wild_value_simulated_needs_matching_bars():
    with pytest.raises(PushlabError, match="deal 2"):
        rp.wild_value({"deal 1": {0: 0.1}}, simulated={"deal 2": {0: 0.1}})


def test_wild_value_log_scale_keeps_zero_labels_on_the_axis():
    ax = rp.wild_value({"deal 5": {0: 0.0, 3: 0.0003, 7: 0.38}}, log=True)
    _labelled(ax)
    assert ax.get_yscale() == "log" and "log" in ax.get_ylabel()
    low, high = ax.get_ylim()
    assert 0 < low <= 1e-5 and high >= 1
    labels = {t.get_text(): t.xy[1] for t in ax.texts}
    assert labels == {"0": low, "0.03%": 0.0003, "38%": 0.38}
