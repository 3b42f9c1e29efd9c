"""The class's tries pooled: counts, shares, the headline estimate with its interval, per student.

:func:`pool` turns stored tries (any objects with ``student``, ``outcome`` and ``choice``)
into a :class:`Pooled` summary for one experiment, with the intervals of
:mod:`pushlab.stats`: Wilson for a rate (a proportion, or win shares), Student t for a
mean. Nothing here draws; the dashboard draws a :class:`Pooled`.

>>> from types import SimpleNamespace as T
>>> from pushlab.classroom.experiments import FourthCard
>>> e = FourthCard.default()
>>> p = pool(e, [T(student="a" * 16, outcome=o, choice=None) for o in (1, 0, 0, 0)])
>>> p.tries, p.students, p.headline.estimate, p.headline.exact
(4, 1, 0.25, 0.10256410256410256)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pushlab import stats
from pushlab.classroom.views import action_label
from pushlab.i18n import _

__all__ = ["Headline", "Pooled", "pool"]


@dataclass(frozen=True)
class Headline:
    """One number the class estimates: ``estimate`` with its 95% interval ``low``-``high``
    (NaN: not enough tries), beside the library's ``exact`` value (exact or estimated, as
    ``exact_is_exact`` says); ``what`` names it, ``method`` the interval."""

    what: str
    estimate: float
    low: float
    high: float
    exact: float
    exact_is_exact: bool
    method: str

    @property
    def covers(self) -> bool:
        """Does the interval hold the library's value?"""
        return bool(self.low <= self.exact <= self.high)


@dataclass(frozen=True)
class Pooled:
    """The pooled picture of an experiment's tries (see :func:`pool`).

    ``counts``: outcome -> tries; ``shares``: outcome -> share of tries; ``reference``:
    the experiment's :class:`~pushlab.classroom.experiments.Reference`; ``per_student``:
    student -> their outcomes in order; ``by_choice``: choice -> (tries, rate, low, high)
    for experiments with choices.
    """

    tries: int
    students: int
    counts: dict
    shares: dict
    headline: Headline | None
    reference: object
    per_student: dict = field(default_factory=dict)
    by_choice: dict = field(default_factory=dict)


def _rate(values) -> tuple:
    """(rate, low, high) of 0..1 values; NaNs when there are none."""
    if len(values) == 0:
        return float("nan"), float("nan"), float("nan")
    return tuple(float(x) for x in stats.rate_ci(values))


def pool(experiment, tries) -> Pooled:
    """Pool ``tries`` of ``experiment`` (see the module doc)."""
    ref = experiment.reference()
    outcomes = np.array([t.outcome for t in tries], dtype=int)
    per_student: dict = {}
    for t in tries:
        per_student.setdefault(t.student, []).append(t.outcome)
    n = len(outcomes)
    counts = {o: int((outcomes == o).sum()) for o in experiment.outcomes}
    shares = {o: (c / n if n else 0.0) for o, c in counts.items()}
    headline, by_choice = None, {}
    if experiment.shape == "choices":
        for c in experiment.choices:
            won = [experiment.success(t.outcome) for t in tries if t.choice == c]
            by_choice[c] = (len(won), *_rate(won))
        best = max(ref.values, key=ref.values.get)
        won = [experiment.success(t.outcome) for t in tries if t.choice == best]
        rate, low, high = _rate(won)
        headline = Headline(_("win rate of the advised choice, {choice}").format(choice=action_label(best)), rate, low, high,
                            float(ref.values[best]), ref.exact, _("Wilson"))
    elif experiment.shape == "proportion" or (experiment.shape == "distribution" and experiment.kind == "rummy-contract"):
        values = [experiment.success(o) for o in outcomes]
        rate, low, high = _rate(values)
        exact = sum(float(p) * experiment.success(o) for o, p in ref.values.items())
        what = (_("share of tries with a bust") if experiment.shape == "proportion"
                else _("share of hands with the contract within {n} draws").format(n=experiment.draws))
        headline = Headline(what, rate, low, high, exact, ref.exact, _("Wilson"))
    else:
        if n:
            mean, half = stats.mean_ci(outcomes)
        else:
            mean, half = float("nan"), float("nan")
        headline = Headline(_("mean number of cards"), mean, mean - half, mean + half, ref.mean(), ref.exact,
                            _("Student t"))
    return Pooled(n, len(per_student), counts, shares, headline, ref, per_student, by_choice)
