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


@pytest.mark.parametrize("language, z", [("en", "1.96"), ("cs", "1,96"), ("et", "1,96"), ("eo", "1,96"),
                                         ("ar", "1.96")])
def test_the_wald_name_writes_its_number_in_the_language(language, z):
    """The Wald interval's name: a catalog message whose 1.96 goes through ``number()``, in the
    plot legend and in lesson 09's table (which used the English constant ``METHOD_NAMES``:
    "Wald (p ± 1.96·SE)" on every page). (~0.2 s)"""
    import json
    from pathlib import Path

    from pushlab import i18n

    name = sp.method_name("wald", language)
    assert f"(p ± {z}·SE)" in name and name.startswith("والد" if language == "ar" else "Wald")
    i18n.set_language(language)
    try:
        ax = sp.coverage_curve(0.5, [10, 20], methods=("wald",))
    finally:
        i18n.set_language("en")
    assert any(name in t.get_text() for t in ax.get_legend().get_texts())
    folder = Path(__file__).parents[1] / "notebooks" / ("" if language == "en" else language)
    cells = json.loads((folder / "09-how-sure-are-we.ipynb").read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "splots.method_name(method)" in code and "METHOD_NAMES" not in code
