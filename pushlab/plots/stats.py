"""Plots about uncertainty itself (lesson 09, "How sure are we?"): ``f(data, ax=None) -> ax``.

- :func:`interval_ladder`: the intervals of many simulated tournaments against the true
  rate, the misses in red (what "95% confidence" means).
- :func:`coverage_curve`: exact coverage against the number of games, per interval method.
- :func:`difference_plot`: two estimates and the interval of their difference.
- :func:`width_curve`: how the interval narrows with the number of games.

The numbers come from :mod:`pushlab.stats`; these functions only draw.

>>> import matplotlib; matplotlib.use("Agg")
>>> ax = coverage_curve(0.02, [10, 30, 100])
>>> ax.get_xlabel()
'games per tournament (log scale)'
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pushlab import stats
from pushlab.errors import PushlabError
from pushlab.i18n import _, ngettext
from pushlab.plots import axes
from pushlab.i18n import numbers as nums

__all__ = ["interval_ladder", "coverage_curve", "difference_plot", "width_curve", "method_name", "METHOD_NAMES"]

#: The interval methods' English names, for code; a reader sees :func:`method_name`.
METHOD_NAMES = {"wald": "Wald (p ± 1.96·SE)", "wilson": "Wilson score",
                "clopper-pearson": "Clopper-Pearson"}


def method_name(method: str, language: str | None = None) -> str:
    """An interval method's name (a key of :data:`METHOD_NAMES`) in ``language`` (default: the
    current one), its number written as the language writes it; another text as it is.

    >>> method_name("wald"), method_name("wald", "cs"), method_name("wilson", "et")
    ('Wald (p ± 1.96·SE)', 'Wald (p ± 1,96·SE)', 'Wilsoni skoor')
    """
    if method == "wald":
        return _("Wald (p ± {z}·SE)", language).format(z=nums.decimal(stats.Z95, 2, language=language))
    if method == "wilson":
        return _("Wilson score", language)
    return {"clopper-pearson": "Clopper-Pearson"}.get(method, method)


_method_name = method_name


def _unit(unit: str) -> str:
    """A unit word in the current language (others as they are)."""
    return {"points": _("points")}.get(unit, unit)
CAUGHT, MISSED, TRUTH = "#4c72b0", "#d62728", "#222222"


def interval_ladder(p: float, n: int, tournaments: int = 100, rng=None, method: str = "wald",
                    ax=None, level: float = 0.95):
    """The 95% intervals of ``tournaments`` simulated tournaments of ``n`` games each.

    In each tournament a bot wins each game with the true chance ``p``. Intervals that
    catch ``p`` are blue, the misses red; the title counts them.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = interval_ladder(0.5, 20, 40, np.random.default_rng(1), "wilson")
    >>> "of 40 intervals catch" in ax.get_title()
    True
    """
    rng = np.random.default_rng(rng) if not isinstance(rng, np.random.Generator) else rng
    wins, low, high, caught = stats.simulated_coverage(p, n, tournaments, rng, method, level)
    ax = axes(ax)
    x = np.arange(1, tournaments + 1)
    for mask, colour, label in ((caught, CAUGHT, _("interval catches the true rate")),
                                (~caught, MISSED, _("interval misses it"))):
        if mask.any():
            ax.vlines(x[mask], 100 * low[mask], 100 * high[mask], color=colour, lw=2,
                      label=f"{label} ({int(mask.sum())})")
            ax.plot(x[mask], 100 * wins[mask] / n, "o", ms=2.5, color=colour)
    zero = high - low <= 0
    if zero.any():
        ax.plot(x[zero], 100 * low[zero], "_", ms=9, mew=2, color=MISSED,
                label=_("zero-width interval ({n})").format(n=int(zero.sum())))
    ax.axhline(100 * p, color=TRUTH, ls="--", lw=1.2, label=_("true win rate {p}").format(p=nums.percent(p, 0)))
    ax.set_title(ngettext("{method}: {caught} of {n} intervals catch the truth ({games} games each)",
                          "{method}: {caught} of {n} intervals catch the truth ({games} games each)",
                          tournaments).format(method=_method_name(method), caught=int(caught.sum()),
                                              n=tournaments, games=n))
    ax.set_xlabel(_("simulated tournament"))
    ax.set_ylabel(_("win rate and its 95%\u00a0interval (%)"))
    ax.set_ylim(-2, 102)
    ax.legend(fontsize="small", loc="upper right" if p < 0.5 else "lower right")
    ax.grid(axis="y", alpha=0.3)
    return ax


def coverage_curve(p, ns, methods=("wald", "wilson"), ax=None, level: float = 0.95):
    """Exact coverage of each interval method against the number of games, for true rate(s) ``p``.

    Computed by summing binomial probabilities (:func:`pushlab.stats.coverage`).
    """
    ps = [p] if np.isscalar(p) else list(p)
    ns = sorted(int(n) for n in ns)
    if not ns or not ps:
        raise PushlabError(_("coverage_curve needs at least one number of games and one rate"))
    ax = axes(ax)
    styles = ["-", "--", ":", "-."]
    for j, prob in enumerate(ps):
        for i, method in enumerate(methods):
            cov = [100 * stats.coverage(n, prob, method, level) for n in ns]
            ax.plot(ns, cov, styles[j % 4], marker="o", ms=3, color=f"C{i}",
                    label=_("{method}, true rate {p}").format(
                        method=_method_name(method), p=nums.percent(prob, 0)))
    ax.axhline(100 * level, color=TRUTH, lw=1, label=_("promised {level}").format(level=nums.percent(level, 0)))
    ax.set_xscale("log")
    ax.set_ylim(0, 102)
    ax.set_title(_("How often the 95%\u00a0interval catches the truth (exact)"))
    ax.set_xlabel(_("games per tournament (log scale)"))
    ax.set_ylabel(_("coverage (%)"))
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize="small", loc="lower right")
    return ax


def _interval_rows(ax, data, colour, signed):
    """Draw ``{label: (estimate, low, high)}`` as points with horizontal 95% error bars."""
    labels = list(data)
    est, low, high = (np.array([float(data[k][i]) for k in labels]) for i in range(3))
    pos = np.arange(len(labels))
    ax.errorbar(est, pos, xerr=[est - low, high - est], fmt="none", ecolor="#222", capsize=5, lw=2)
    ax.scatter(est, pos, s=60, c=colour, edgecolors="#222", zorder=3)
    fmt = "+.1f" if signed else ".1f"
    for y, e, lo, hi in zip(pos, est, low, high):
        ax.annotate(f"{e:{fmt}} [{lo:{fmt}}, {hi:{fmt}}]", (e, y), textcoords="offset points",
                    xytext=(0, 9), ha="center", fontsize="small")
    ax.set_yticks(pos, labels)
    ax.set_ylim(len(labels) - 0.4, -0.6)
    ax.margins(x=0.15)
    ax.grid(axis="x", alpha=0.3)


def difference_plot(estimates, differences, axes=None, unit: str = "points"):
    """Two panels: the estimates with their 95% intervals, and the differences with a line at 0.

    ``estimates`` and ``differences`` map a label to ``(estimate, low, high)``. A
    difference whose interval lies on one side of 0 is clear at 95% confidence.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> left, right = difference_plot({"A": (5, 3, 7), "B": (4, 2, 6)}, {"A - B (paired)": (1, 0.2, 1.8)})
    >>> [t.get_text() for t in right.get_yticklabels()], right.get_xlabel()
    (['A - B (paired)'], 'difference (points)')
    """
    for name, data in (("estimates", estimates), ("differences", differences)):
        if not isinstance(data, Mapping) or not data:
            raise PushlabError(_("difference_plot needs non-empty {name}: label -> (estimate, low, high)").format(
                name=name))
    if axes is None:
        import matplotlib.pyplot as plt

        _fig, axes = plt.subplots(1, 2, figsize=(12, 3))
    left, right = axes
    _interval_rows(left, estimates, "#8fb3d9", signed=False)
    left.set_title(_("Each policy alone (95%\u00a0intervals)"))
    left.set_xlabel(_("mean ({unit})").format(unit=_unit(unit)))
    left.set_ylabel(_("policy"))
    _interval_rows(right, differences, "#f0a35e", signed=True)
    right.axvline(0, color=TRUTH, ls="--", lw=1, label=_("no difference"))
    low = min(float(v[1]) for v in differences.values())
    high = max(float(v[2]) for v in differences.values())
    pad = 0.15 * max(high - low, 1e-9)
    right.set_xlim(min(low, 0) - pad, max(high, 0) + pad)
    right.set_title(_("The difference (95%\u00a0intervals)"))
    right.set_xlabel(_("difference ({unit})").format(unit=_unit(unit)))
    right.set_ylabel(_("comparison"))
    right.legend(fontsize="small", loc="lower right")
    return left, right


def width_curve(ps=(0.5, 0.02), games=None, ax=None, level: float = 0.95):
    """Half-width of the Wilson interval (percentage points) against the number of games.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = width_curve(games=[10, 100, 1000])
    >>> ax.get_yscale()
    'log'
    """
    games = np.unique(np.geomspace(10, 100_000, 40).astype(int)) if games is None \
        else np.asarray(sorted(games))
    ax = axes(ax)
    for i, p in enumerate(ps):
        low, high = stats.proportion_ci(np.round(p * games), games, level)
        ax.plot(games, 100 * (high - low) / 2, color=f"C{i}", label=_("true rate near {p}").format(p=nums.percent(p, 0)))
    for target in (5, 1):
        ax.axhline(target, color="#888", lw=0.8, ls=":")
        ax.annotate(ngettext("± {n} point", "± {n} points", target).format(n=target), (games[0], target),
                    textcoords="offset points",
                    xytext=(2, 3), fontsize="small", color="#555")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_title(_("More games, narrower intervals: the width shrinks like 1/√n"))
    ax.set_xlabel(_("games played (log scale)"))
    ax.set_ylabel(_("half-width of the 95%\u00a0interval (percentage points)"))
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize="small")
    return ax
