"""pushlab.plots.stats: the lesson 09 plots draw what pushlab.stats computes."""

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from pushlab import stats  # noqa: E402
from pushlab.errors import PushlabError  # noqa: E402
from pushlab.plots import stats as sp  # noqa: E402


def labelled(ax):
    """Title and both axis labels are set."""
    return bool(ax.get_title() and ax.get_xlabel() and ax.get_ylabel())


def test_ladder_counts_what_simulated_coverage_counts():
    ax = sp.interval_ladder(0.02, 50, 200, np.random.default_rng(4), "wald")
    caught = stats.simulated_coverage(0.02, 50, 200, np.random.default_rng(4), "wald")[3]
    assert labelled(ax) and f"{int(caught.sum())} of 200" in ax.get_title()
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(t.startswith("zero-width interval") for t in legend)   # Wald at k = 0
    wilson = sp.interval_ladder(0.02, 50, 200, np.random.default_rng(4), "wilson")
    assert not any("zero-width" in t.get_text() for t in wilson.get_legend().get_texts())


def test_coverage_curve_plots_exact_coverage():
    ax = sp.coverage_curve(0.1, [10, 40], methods=("wilson",))
    assert labelled(ax)
    y = ax.get_lines()[0].get_ydata()
    assert y == pytest.approx([100 * stats.coverage(10, 0.1), 100 * stats.coverage(40, 0.1)])
    with pytest.raises(PushlabError):
        sp.coverage_curve(0.1, [])


def test_difference_plot_and_width_curve():
    left, right = sp.difference_plot({"A": (5, 3, 7)}, {"A - B": (1, -0.5, 2.5)})
    assert labelled(left) and labelled(right)
    lo, hi = right.get_xlim()
    assert lo < -0.5 and hi > 2.5
    with pytest.raises(PushlabError, match="differences"):
        sp.difference_plot({"A": (5, 3, 7)}, {})
    ax = sp.width_curve((0.5,), games=[100, 400])
    half = ax.get_lines()[0].get_ydata()
    assert labelled(ax) and half[0] / half[1] == pytest.approx(2, rel=0.02)
