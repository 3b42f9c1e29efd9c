"""Exercises and predictions of lesson 10, simulation and intervals (lesson 03's second part)."""

from __future__ import annotations

import numpy as np

from pushlab import stats
from pushlab.teaching import Choice, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.teaching.luck import RUN_FROM, RUN_SEED, RUN_TO, RUNS, band_p, rate
from pushlab.i18n import numbers as nums

L10 = "10-simulation-and-intervals"


def exercises_10(lang):
    """Lesson 10: the band's width, four times the samples, reading a paired interval."""
    _ = translator(lang)
    p = band_p()
    n = 2000
    width = (lambda turns: stats.Z95 * float(np.sqrt(float(p) * (1 - float(p)) / turns)))
    half, ratio = width(n), width(4 * n) / width(n)
    interval = (1.2, -0.3, 2.7)
    verdict = "cannot-tell" if interval[1] <= 0 <= interval[2] else ("a" if interval[1] > 0 else "b")
    return [
        ExerciseSpec(
            "10.band-width", L10,
            _("The exact chance is p = {p} and you simulate n = {n:,} turns. How wide is the band on each side, "
              "1.96 × √(p(1−p)/n)? (Answer as a probability, e.g. 0.015.)").format(
                p=nums.decimal(float(p), 4, group=False), n=nums.Number(n)),
            "number", half, nums.decimal(half, 4, group=False),
            _("√({p} × {q} / {n:,}) = {se}; times 1.96 gives {half}.").format(
                p=nums.decimal(float(p), 4, group=False), q=nums.decimal(1 - float(p), 4, group=False), n=nums.Number(n),
                se=nums.decimal(half / stats.Z95, 5, group=False), half=nums.decimal(half, 4, group=False)),
            unit="", tolerance=0.0005,
            mistakes=((half / stats.Z95, _("That is one standard error. The band is 1.96 of them on each side.")),),
            source="pushlab.stats.Z95 * sqrt(p(1-p)/n)", label=_("exact"), language=lang),
        ExerciseSpec(
            "10.four-times", L10,
            _("You simulate four times as many turns. By what factor does the band's width change?"),
            "number", ratio, format_value(ratio),
            _("The width is proportional to 1/√n: four times n divides it by √4 = 2, so it is multiplied by 0.5."),
            unit="", tolerance=0.01,
            mistakes=((0.25, _("The width shrinks like 1/√n, not 1/n: four times the turns halve it.")),
                      (4, _("More turns make the band narrower, not wider."))),
            source="1.96·√(p(1−p)/n) at 4n over the same at n", label=_("exact"), language=lang),
        ExerciseSpec(
            "10.paired-verdict", L10,
            _("Bot A minus bot B, over the same games: {d:+.1f} points per game, 95%\u00a0interval [{lo:+.1f}, "
              "{hi:+.1f}]. What do these games show?").format(
                d=nums.Number(interval[0]), lo=nums.Number(interval[1]), hi=nums.Number(interval[2])),
            "choice", verdict, _("they cannot tell A and B apart"),
            _("The interval contains 0: a real difference anywhere from B better by 0.3 to A better by 2.7 "
              "points fits these games. That is not the same as 'no difference': more games may show one."),
            choices=(Choice("a", _("A scores more")), Choice("b", _("B scores more")),
                     Choice("cannot-tell", _("they cannot tell A and B apart")),
                     Choice("equal", _("A and B are equally good"))),
            mistakes=(("equal", _("An interval that contains 0 does not show 'no difference': it only says these "
                                  "games cannot tell. (Lesson 09 comes back to this.)")),
                      ("a", _("A scored more in these games, but the interval reaches below 0: B better is still "
                              "possible."))),
            source="", label=_("read from the interval in the question, not computed"), language=lang),
    ]


def predictions_10(lang):
    """Lesson 10: the band at one n (exact) and over a whole run (simulated)."""
    _ = translator(lang)
    p = float(band_p())
    n = 1000
    exact = stats.band_coverage(p, n)

    def one_n(rng, runs=4000):
        means = rng.binomial(n, p, size=runs) / n
        inside = np.abs(means - p) <= stats.Z95 * np.sqrt(p * (1 - p) / n) + 1e-12
        return rate(int(inside.sum()), runs)

    def runs(rng):
        stayed, total = stats.band_run(p, RUNS, rng, RUN_FROM, RUN_TO)
        return rate(stayed, total)

    return [
        PredictionSpec(
            "10.band-one-n", L10,
            _("Look at the band at one fixed n = 1,000 turns. In what share of simulations is the estimate "
              "inside the band there?"),
            "number", 100 * exact,
            _("binomial probabilities summed over the numbers of busts inside the band, at the exact chance "
              "p = {p}").format(p=nums.decimal(p, 4, group=False)),
            _("At any one n the band holds the estimate about 95%\u00a0of the time: that is how it was built, "
              "exact ± 1.96 standard errors."),
            low=0, high=100, step=1, start=50, exact_label=_("exact: binomial probabilities"),
            simulate=one_n, seed=7, model=_("4,000 simulations of 1,000 turns each"), close=3.0,
            source="pushlab.stats.band_coverage(p, 1000)", language=lang),
        PredictionSpec(
            "10.band-whole-run", L10,
            _("Now a whole run: the estimate is followed from n = 30 to 5,000 turns. In what share of runs "
              "does it stay inside the band the whole time?"),
            "number", None, "",
            _("Only about half of the runs stay inside all the way: 95%\u00a0is a promise at each n, not for the "
              "whole path. A run that leaves the band for a while is nothing broken."),
            low=0, high=100, step=1, start=90, exact_label="",
            simulate=runs, seed=RUN_SEED, model=_("400 simulated runs of 5,000 turns at the exact chance"),
            close=5.0, source="pushlab.stats.band_run(p, 400, rng, 30, 5000)", language=lang),
    ]


EXERCISES = {L10: exercises_10}
PREDICTIONS = {L10: predictions_10}
