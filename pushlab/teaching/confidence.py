"""Exercises and predictions of lesson 09, "How sure are we?" (for both games).

Every answer comes from :mod:`pushlab.stats`: intervals (:func:`~pushlab.stats.proportion_ci`,
:func:`~pushlab.stats.wald_ci`), exact coverage (:func:`~pushlab.stats.coverage`), precision
(:func:`~pushlab.stats.games_needed`) and power (:func:`~pushlab.stats.games_for_power`,
:func:`~pushlab.stats.detection_chance`).

>>> [e.key for e in EXERCISES["09-how-sure-are-we"]("en")]
['09.wilson-zero', '09.games-5', '09.power-52', '09.overlap']
"""

from __future__ import annotations

import numpy as np

from pushlab import stats
from pushlab.teaching import Choice, Estimate, ExerciseSpec, PredictionSpec, format_value, translator
from pushlab.i18n import numbers as nums

L09 = "09-how-sure-are-we"


def exercises_09(lang):
    """Lesson 09: Wilson after no win, games for a precision, games for a power, overlap."""
    _ = translator(lang)
    lo, hi = stats.proportion_ci(0, 50)
    wlo, whi = stats.wald_ci(0, 50)
    five = stats.games_needed(0.05)
    power = stats.games_for_power(0.02)
    half = stats.games_needed(0.02)
    return [
        ExerciseSpec(
            "09.wilson-zero", L09,
            _("A bot wins 0 of 50 games. What is the upper end of the 95% Wilson interval for its win rate?"),
            "number", hi, format_value(hi, "probability"),
            _("The Wilson interval after 0 wins in 50 games is {wilson}: a rate up to about 7% would make "
              "0 wins in 50 unsurprising. The Wald interval is {wald}: zero width, as if 50 games "
              "proved the bot never wins.").format(
                  wilson=nums.interval(lo, hi, 1, percent=True), wald=nums.interval(wlo, whi, 0, percent=True)),
            unit="probability", tolerance=0.003,
            mistakes=((0.0, _("That is the Wald interval's answer: p̂ ± 1.96·SE with p̂ = 0 has zero width. "
                              "The Wilson interval is never squeezed to nothing.")),),
            source="pushlab.stats.proportion_ci(0, 50)", label=_("exact"), language=lang),
        ExerciseSpec(
            "09.games-5", L09,
            _("How many games does it take to know a win rate near 50% within ± 5 percentage points (95%)?"),
            "number", five, format_value(five, "games"),
            _("n = 1.96² × p(1−p) / h² = 3.84 × 0.25 / 0.05² ≈ {n} games.").format(n=five),
            unit="games", tolerance=2,
            mistakes=((stats.games_needed(0.05) * 4, _("That is for ± 2.5 points: halving the width takes four "
                                                       "times the games.")),),
            source="pushlab.stats.games_needed(0.05)", label=_("formula (normal approximation)"), language=lang),
        ExerciseSpec(
            "09.power-52", L09,
            _("A bot really wins 52%\u00a0of its games against a fair 50%. How many games does it need so that the "
              "95%\u00a0interval excludes 50%\u00a0in 80%\u00a0of such tournaments? (Within 100 games is right.)"),
            "number", power, format_value(power, "games"),
            _("Asking for a half-width of 2 points ({half} games) is not enough: the estimate lands below 52% "
              "half the time, and then the interval reaches 50%. For 80% power: n = (1.96 + 0.84)² × 0.25 / "
              "0.02² ≈ {n} games. To compare two estimated rates, each needs about twice that.").format(
                half=format_value(half, "games"), n=format_value(power, "games")),
            unit="games", tolerance=100,
            mistakes=((half, _("With a half-width equal to the edge, a real 52%\u00a0is detected only about half the "
                               "time ({chance}). Ask for more.").format(
                chance=nums.percent(stats.detection_chance(0.02, half), 0))),),
            source="pushlab.stats.games_for_power(0.02)", label=_("formula (normal approximation)"),
            language=lang),
        ExerciseSpec(
            "09.overlap", L09,
            _("The 95%\u00a0intervals of bot A and bot B overlap. What follows?"),
            "choice", "nothing",
            _("nothing yet: look at the interval of the difference"),
            _("Overlapping intervals can come with a difference whose interval lies wholly above 0, especially "
              "for paired games. Only the interval of A − B answers 'is A better?'."),
            choices=(Choice("equal", _("A and B are equally good")),
                     Choice("nothing", _("nothing yet: look at the interval of the difference")),
                     Choice("b-better", _("B is better"))),
            mistakes=(("equal", _("Overlap does not mean equal: the difference may still be clear, and even a "
                                  "difference interval containing 0 only says 'cannot tell'.")),),
            source="", label=_("a property of intervals, not computed"), language=lang),
    ]


def predictions_09(lang):
    """Lesson 09: how many Wald intervals catch a rare truth; the games a 52% bot needs."""
    _ = translator(lang)
    p, n, tournaments = 0.02, 50, 100
    wald = stats.coverage(n, p, "wald")
    power = stats.games_for_power(0.02)

    def ladder(rng):
        caught = stats.simulated_coverage(p, n, 2000, rng, "wald")[3]
        lo, hi = stats.proportion_ci(int(caught.sum()), caught.size)
        return Estimate(tournaments * caught.mean(), tournaments * lo, tournaments * hi, caught.size)

    def detected(rng, runs=2000):
        wins = rng.binomial(power, 0.52, size=runs)
        low, _high = stats.proportion_ci(wins, np.full(runs, power))
        hits = int((low > 0.5).sum())
        lo, hi = stats.proportion_ci(hits, runs)
        return Estimate(100 * hits / runs, 100 * lo, 100 * hi, runs, _(
            "{runs:,} simulated tournaments of {n:,} games by a 52% bot: the Wilson interval excluded 50%\u00a0in "
            "{share} of them.").format(runs=nums.Number(runs), n=nums.Number(power), share=nums.percent(hits / runs, 1)))

    return [
        PredictionSpec(
            "09.wald-rare", L09,
            _("A bot wins 2%\u00a0of its games. It plays 100 tournaments of 50 games, and each tournament gets a Wald "
              "interval (p̂ ± 1.96·SE). How many of the 100 intervals catch the true 2%?"),
            "number", tournaments * wald,
            _("{k} of 100 on average: the exact coverage is {c} (summed binomial probabilities).").format(
                k=nums.decimal(tournaments * wald, 1, group=False), c=nums.percent(wald, 1)),
            _("Far fewer than the promised 95: every tournament without a win gets the interval {wald}, which "
              "always misses.").format(wald=nums.interval(0, 0, 0, percent=True)),
            unit="count", low=0, high=100, step=1, start=95, exact_label=_("exact: binomial probabilities"),
            simulate=ladder, seed=10, model=_("2,000 simulated tournaments, scaled to 100"), close=4.0,
            source="pushlab.stats.coverage(50, 0.02, 'wald')", language=lang),
        PredictionSpec(
            "09.power", L09,
            _("A bot truly wins 52% against a fair 50%. How many games must it play so that its 95%\u00a0interval "
              "excludes 50%\u00a0in 80%\u00a0of tournaments?"),
            "number", power,
            _("About {n} games (normal approximation, 80% power).").format(n=format_value(power, "games")),
            _("The interval has to clear 50%\u00a0even when the estimate falls short of 52%: that takes about twice "
              "the games a half-width of 2 points needs ({half}), and comparing two bots whose rates are both "
              "estimated takes about twice as many again.").format(half=format_value(stats.games_needed(0.02), "games")),
            unit="games", low=0, high=12_000, step=100, start=1000, exact_label=_("formula (normal approximation)"),
            simulate=detected, seed=11, model=_("2,000 simulated tournaments at that number of games"), close=300.0,
            source="pushlab.stats.games_for_power(0.02)", language=lang),
    ]


EXERCISES = {L09: exercises_09}
PREDICTIONS = {L09: predictions_09}
