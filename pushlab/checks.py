"""Checks of the numbers a caller passes in (counts, seeds, probabilities), one home for all.

Each check returns the value in a clean form or raises :class:`~pushlab.errors.SetupError`
(a ``ValueError``) naming what was expected and what came: a bool is never a count, a
numpy integer is one.

>>> count(3, "games"), count(None, "rounds", optional=True)
(3, None)
>>> count(True, "games")
Traceback (most recent call last):
...
pushlab.errors.SetupError: games must be a whole number >= 1, got True
>>> probability(0.3)
Fraction(3, 10)
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Integral

import numpy as np

from pushlab.errors import SetupError

__all__ = ["is_whole", "is_count", "count", "probability", "seed"]


def is_whole(value) -> bool:
    """True for a whole number: an int or a numpy integer, never a bool (nor an int-based value
    that says it is no number, such as a rummy card: ``not_a_number``)."""
    return isinstance(value, Integral) and not isinstance(value, bool) and \
        not getattr(value, "not_a_number", False)


def is_count(value, low: int = 1, high: int | None = None) -> bool:
    """True for a whole number (not a bool) in ``low..high``.

    >>> is_count(3), is_count(0), is_count(0, 0), is_count(7, 1, 6), is_count(True), is_count(2.0)
    (True, False, True, False, False, False)
    """
    return is_whole(value) and value >= low and (high is None or value <= high)


def count(value, name: str, low: int = 1, high: int | None = None, optional: bool = False,
          message: str | None = None) -> int | None:
    """``value`` as an int in ``low..high`` (None allowed when ``optional``), else SetupError.

    The error says ``"<name> must be a whole number >= <low>, got <value>"`` (with ``<= high``
    when given), or ``message`` formatted with ``value`` (its repr) when given.
    """
    if value is None and optional:
        return None
    if is_count(value, low, high):
        return int(value)
    if message is not None:
        raise SetupError(message.format(value=repr(value)))
    bound = f">= {low}" if high is None else f"{low}..{high}"
    raise SetupError(f"{name} must be a whole number {bound}{' or None' if optional else ''}, got {value!r}")


def probability(p) -> Fraction:
    """A probability as an exact Fraction; a float is read as its decimal (0.3 = 3/10).

    >>> probability(Fraction(1, 3)), probability(1)
    (Fraction(1, 3), Fraction(1, 1))
    """
    if isinstance(p, bool) or not isinstance(p, (int, float, Fraction, np.integer, np.floating)):
        raise SetupError(f"a probability must be a number 0..1, got {p!r}")
    if isinstance(p, (float, np.floating)):
        frac = Fraction(repr(float(p)))
    elif isinstance(p, (int, np.integer)):
        frac = Fraction(int(p))
    else:
        frac = p
    if not 0 <= frac <= 1:
        raise SetupError(f"a probability must be 0..1, got {p!r}")
    return frac


def seed(value, optional: bool = True) -> int | None:
    """A seed: a whole number >= 0 (or None when ``optional``), else SetupError.

    >>> seed(7), seed(None)
    (7, None)
    """
    return count(value, "seed", low=0, optional=optional,
                 message="seed must be a non-negative int" + (" or None" if optional else "") + ", got {value}")
