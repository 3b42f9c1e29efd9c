"""Arabic in figures: drawn shaped and right to left, kept logical for screen readers."""

import base64
import io

import arabic_reshaper
import matplotlib
import pytest
from bidi.algorithm import get_display

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from pushlab import i18n  # noqa: E402
from pushlab.plots import alt, rtl  # noqa: E402
from pushlab.plots import luck as pl  # noqa: E402


@pytest.fixture
def arabic():
    """The current language is Arabic during the test."""
    before = i18n.current_language()
    i18n.set_language("ar")
    yield
    i18n.set_language(before)


def drawn(text: str) -> str:
    """What the reader must see drawn: the libraries' shaped, display-ordered form."""
    return get_display(arabic_reshaper.reshape(text))


def texts_while_drawn(fig) -> tuple:
    """(The texts of ``fig``'s first axes while :func:`alt.figure_html` draws it, its HTML)."""
    seen = {}

    def record(_event):
        ax = fig.axes[0]
        seen.update(title=ax.get_title(), xlabel=ax.xaxis.label.get_text(),
                    legend=[t.get_text() for t in ax.get_legend().get_texts()])

    fig.canvas.mpl_connect("draw_event", record)
    html = alt.figure_html(fig)
    return seen, html


def test_arabic_plot_text_is_drawn_shaped_and_the_alt_text_stays_logical(arabic):
    """Title, axis label and legend of an Arabic plot are drawn in the shaped form of
    their catalog strings; the figure's own text and its alt text stay logical Unicode."""
    ax = pl.strategy_comparison({"bold": [1, 0, 1, 1], "careful": {"mean": 0.5, "lo": 0.4, "hi": 0.6}})
    fig = ax.figure
    title = i18n.gettext("{quantity} by strategy, with 95%\u00a0confidence intervals", "ar").format(
        quantity=i18n.gettext("win rate", "ar"))
    strategy = i18n.gettext("strategy", "ar")
    interval = i18n.gettext("95%\u00a0confidence interval", "ar")
    assert ax.get_title() == title and ax.get_ylabel() == strategy       # logical before drawing
    seen, html = texts_while_drawn(fig)
    assert seen["title"] == drawn(title) != title
    assert seen["xlabel"] == drawn(f"{i18n.gettext('win rate', 'ar')} (%)")
    assert drawn(interval) in seen["legend"]
    # after drawing: the figure is logical again, and so is everything a screen reader gets
    assert ax.get_title() == title and ax.xaxis.label.get_text().startswith(i18n.gettext("win rate", "ar"))
    assert alt.describe(fig) in html and title in html and drawn(title) not in html
    plt.close(fig)


def test_arabic_tick_labels_are_drawn_shaped():
    """Category tick labels (strings turned into ticks by matplotlib) are shaped when drawn."""
    fig, ax = plt.subplots()
    ax.bar(["أحمر", "أزرق"], [1, 2])
    seen = []
    fig.canvas.mpl_connect("draw_event", lambda e: seen.extend(t.get_text() for t in ax.get_xticklabels()))
    with rtl.drawn_shaped(fig):
        fig.canvas.draw()
    assert seen == [drawn("أحمر"), drawn("أزرق")]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["أحمر", "أزرق"]
    plt.close(fig)


def test_text_without_right_to_left_letters_is_drawn_exactly_as_before():
    """An English (or Estonian, Czech, Esperanto) figure gives the same PNG bytes as a plain savefig."""
    fig, ax = plt.subplots(figsize=(3, 2))
    ax.bar(["R3", "Kõik"], [0.25, 0.5], label="P(bust)")
    ax.set_title("Risk (%)"); ax.legend()
    plain = io.BytesIO()
    fig.savefig(plain, format="png", dpi=50, bbox_inches="tight")
    assert rtl.png_base64(fig, dpi=50) == base64.b64encode(plain.getvalue()).decode("ascii")
    plt.close(fig)


def test_shape_is_per_line_and_mirrors_brackets():
    """Each line is ordered on its own; brackets are mirrored, as the reader expects them."""
    assert rtl.shape("نسبة الفوز (%)\nR3") == drawn("نسبة الفوز (%)") + "\nR3"
    assert rtl.shape("نسبة (%)").startswith("(%)")
    assert rtl.shape("") == "" and rtl.shape("5♥ 5♠") == "5♥ 5♠"
