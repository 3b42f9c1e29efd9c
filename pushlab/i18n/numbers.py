"""Probabilities as percentages, one home for the three ways pushlab writes them.

- :func:`percent`: a fixed number of decimals (``38%``, ``37.5%``), for tables;
- :func:`percent_label`: short enough for a bar in a plot, keeping two significant digits
  of a small chance (``0.27%``) and saying ``<0.01%`` below that;
- :func:`percent_words`: for a sentence a reader acts on, never rounding a near-certainty
  to 100% or a small chance to 0% ("over 99%", "under 1%", in the reader's language).

>>> percent(0.375), percent(0.375, 1), percent_label(0.0027), percent_words(0.9996)
('38%', '37.5%', '0.27%', 'over 99%')
"""

from __future__ import annotations

from pushlab.i18n import _

__all__ = ["percent", "percent_label", "percent_words"]


def percent(p, digits: int = 0) -> str:
    """``p`` (0..1) as a percentage with ``digits`` decimals.

    >>> percent(1), percent(0.0973, 1), percent(0)
    ('100%', '9.7%', '0%')
    """
    return f"{100 * float(p):.{digits}f}%"


def percent_label(p) -> str:
    """A probability as a short label: 38%, 2.7%, 0.03%, <0.01%, 0.

    >>> [percent_label(p) for p in (0, 0.384, 0.0973, 0.0027, 0.0003, 0.00009)]
    ['0', '38%', '9.7%', '0.27%', '0.03%', '<0.01%']
    """
    p = float(p)
    if p <= 0:
        return "0"
    if p >= 0.1:
        return f"{100 * p:.0f}%"
    if p >= 0.0001:
        return f"{100 * p:.2g}%"
    return "<0.01%"


def percent_words(p) -> str:
    """A probability as a whole percentage that never rounds a near-certainty to 100% (or a
    tiny chance to 0%), in the current language.

    >>> percent_words(1), percent_words(0.9996), percent_words(0.5), percent_words(0.001), percent_words(0)
    ('100%', 'over 99%', '50%', 'under 1%', '0%')
    """
    p = float(p)
    if 0.995 <= p < 1:
        return _("over 99%")
    if 0 < p < 0.005:
        return _("under 1%")
    return percent(p)
