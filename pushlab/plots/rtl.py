"""Arabic in matplotlib figures: letters joined and lines in right-to-left order, when drawn.

matplotlib's Agg renderer draws one glyph per character, left to right: Arabic comes
out as isolated letters in reverse order. :func:`shape` turns a line into the form a
plain renderer must draw: ``arabic_reshaper`` joins the letters (Unicode presentation
forms, which DejaVu Sans has) and ``python-bidi`` puts the line in display order,
brackets mirrored. :func:`drawn_shaped` applies it to every text of a figure (titles,
axis labels, tick labels, legends, annotations) *only while the figure is drawn*; the
figure keeps its logical Unicode text, so the alt text and the data table that
:mod:`pushlab.plots.alt` reads from it stay what a screen reader needs. Every PNG that
pushlab makes of a figure goes through :func:`png_base64`, which draws inside it.

Text without right-to-left letters is never touched, so English, Estonian, Czech and
Esperanto figures are drawn exactly as before, with one exception: plain numeric tick
labels (``0.25``, ``−1.5``) are drawn in the language's decimal mark (:func:`localized`,
through :mod:`pushlab.i18n.numbers`), so Czech ticks read ``0,25``; English ones are
unchanged, byte for byte.

>>> shape("R3 B5")
'R3 B5'
>>> shape("نسبة الفوز (%)") == "(%) ﺯﻮﻔﻟﺍ ﺔﺒﺴﻧ"
True
"""

from __future__ import annotations

import base64
import io
import re
from contextlib import contextmanager

__all__ = ["shape", "localized", "drawn_shaped", "png_base64"]

#: Hebrew, Arabic, Syriac, Thaana, NKo, ... and the Arabic presentation forms.
_RTL_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")


def shape(text: str) -> str:
    """``text`` as a left-to-right glyph renderer must draw it (each line on its own).

    A line with right-to-left letters is reshaped (joined letters) and reordered for
    display (``bidi.algorithm.get_display``, which mirrors brackets; the Rust-backed
    ``bidi.get_display`` of python-bidi 0.6 leaves ``(`` and ``)`` unmirrored). Other text
    is returned unchanged.
    """
    if not text or not _RTL_LETTER.search(text):
        return text
    import arabic_reshaper
    from bidi.algorithm import get_display

    return "\n".join(get_display(arabic_reshaper.reshape(line)) if _RTL_LETTER.search(line) else line
                     for line in text.split("\n"))


_TICK_NUMBER = re.compile(r"([\u2212-]?)(\d+)(?:\.(\d+))?")


def localized(label: str, language: str | None = None) -> str:
    """A plain numeric tick label (matplotlib's ``0.25``, ``\u22121.5``, ``1000``) with the
    language's decimal mark (:func:`pushlab.i18n.numbers.number`, the same decimals, no
    grouping, matplotlib's own minus sign kept); any other label unchanged.

    >>> localized("0.25", "cs"), localized("\u22121.5", "eo"), localized("1000", "et"), localized("0.25", "en")
    ('0,25', '\u22121,5', '1000', '0.25')
    >>> localized("1e-3", "cs"), localized("R3", "cs")
    ('1e-3', 'R3')
    """
    m = _TICK_NUMBER.fullmatch(label or "")
    if m is None:
        return label
    from pushlab.i18n.numbers import number

    sign, whole, frac = m.groups()
    return sign + number(float(f"{whole}.{frac or 0}"), len(frac or ""), group=False, language=language)


def _drawn(label: str) -> str:
    """A tick label as drawn: numbers in the reader's language, right-to-left text shaped."""
    return shape(localized(label))


def _shaped_formatter(inner):
    """A tick formatter that gives ``inner``'s labels in their drawn form."""
    from matplotlib.ticker import Formatter

    class Shaped(Formatter):
        """``inner``'s labels, localized (:func:`localized`) and shaped (:func:`shape`)."""

        def __init__(self):
            self.inner = inner
            self.axis = getattr(inner, "axis", None)

        def __call__(self, x, pos=None):
            return _drawn(self.inner(x, pos))

        def format_ticks(self, values):
            return [_drawn(s) for s in self.inner.format_ticks(values)]

        def get_offset(self):
            return shape(self.inner.get_offset())

        def set_locs(self, locs):
            self.inner.set_locs(locs)

        def format_data_short(self, value):
            return self.inner.format_data_short(value)

    return Shaped()


@contextmanager
def drawn_shaped(fig):
    """While open, ``fig`` draws its right-to-left texts shaped and its numeric tick labels in
    the reader's language (:func:`localized`); on exit they are as they were.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(); _ = ax.set_title("نسبة الفوز")
    >>> with drawn_shaped(fig):
    ...     ax.get_title() == shape("نسبة الفوز")
    True
    >>> ax.get_title()
    'نسبة الفوز'
    >>> plt.close(fig)
    """
    from matplotlib.text import Text

    texts = [(t, t.get_text()) for t in fig.findobj(lambda a: isinstance(a, Text))]
    texts = [(t, s) for t, s in texts if _RTL_LETTER.search(s)]
    tickers = [(ticker, ticker.formatter) for ax in fig.axes for axis in (ax.xaxis, ax.yaxis)
               for ticker in (axis.major, axis.minor)]
    try:
        for text, logical in texts:
            text.set_text(shape(logical))
        for ticker, formatter in tickers:
            ticker.formatter = _shaped_formatter(formatter)
        yield fig
    finally:
        for ticker, formatter in tickers:
            ticker.formatter = formatter
        for text, logical in texts:
            text.set_text(logical)


def png_base64(fig, dpi: int = 96, tight: bool = True) -> str:
    """``fig`` as a PNG in base64, drawn with its right-to-left text shaped (:func:`drawn_shaped`)."""
    buf = io.BytesIO()
    with drawn_shaped(fig):
        fig.savefig(buf, format="png", dpi=dpi, **({"bbox_inches": "tight"} if tight else {}))
    return base64.b64encode(buf.getvalue()).decode("ascii")
