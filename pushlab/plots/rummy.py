"""Matplotlib plots for Push rummy: every function is ``f(data, ax=None) -> ax``.

The plots take plain numbers (mappings and arrays) computed by
:mod:`pushlab.rummy.odds`, :mod:`pushlab.rummy.bots` or :mod:`pushlab.tournament`,
so they stay independent of how the numbers were made. Each plot has a title,
labelled axes with units, and a legend where there is more than one series.

>>> import matplotlib; matplotlib.use("Agg")
>>> ax = penalty_distribution({"taker": [0, 35, 60], "pusher": [0, 20, 80]})
>>> ax.get_title()
'Penalty points left in hand at the end of a deal'
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pushlab.errors import PushlabError
from pushlab.i18n import _
from pushlab.i18n.numbers import percent_label
from pushlab.plots import axes
from pushlab.stats import Z95, mean_ci, proportion_ci
from pushlab.i18n import numbers as nums

__all__ = [
    "contract_probability",
    "wild_value",
    "penalty_distribution",
    "bot_comparison",
    "mean_ci",
]



def _need(data, what):
    """Raise a clear error when ``data`` is empty."""
    if data is None or len(data) == 0:
        raise PushlabError(_("nothing to plot: {what} is empty").format(what=what))


def _series(value):
    """Split a plot entry into (probabilities, 95% error bars below/above as a 2 x k array, or None).

    A mapping gives ``"p"`` and either ``"lo"``/``"hi"`` (the interval), or ``"n"`` (the
    number of trials: the Wilson interval of :func:`pushlab.stats.proportion_ci`, never
    zero width), or only ``"se"`` (p ± 1.96 se, clipped to 0..1).

    >>> _series({"p": [0.0, 0.5], "n": [10, 10]})[1].round(3).tolist()
    [[0.0, 0.263], [0.278, 0.263]]
    """
    if not isinstance(value, Mapping):
        return np.asarray(value, dtype=float), None
    p = np.asarray(value["p"], dtype=float)
    if "lo" in value and "hi" in value:
        lo, hi = np.asarray(value["lo"], dtype=float), np.asarray(value["hi"], dtype=float)
    elif value.get("n") is not None:
        n = np.broadcast_to(np.asarray(value["n"], dtype=float), p.shape)
        lo, hi = proportion_ci(np.clip(p * n, 0, n), np.round(n))
    elif value.get("se") is not None:
        half = Z95 * np.asarray(value["se"], dtype=float)
        lo, hi = np.clip(p - half, 0, 1), np.clip(p + half, 0, 1)
    else:
        return p, None
    return p, np.array([np.maximum(p - lo, 0), np.maximum(hi - p, 0)])


def contract_probability(exact=None, ax=None, *, simulated=None, turns=None):
    """Probability of holding the contract, per deal, by turns played.

    ``exact`` maps deal -> probabilities after 0, 1, 2, ... own turns (index 0 =
    as dealt); ``simulated`` the same, or deal -> ``{"p": [...], "n": [...]}`` (trials
    behind each point: Wilson 95 % intervals; see :func:`_series` for the other forms),
    drawn as points with 95 % error bars so the two can be compared.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = contract_probability({1: [0.01, 0.05, 0.1]}, simulated={1: {"p": [0.0, 0.06, 0.1], "n": 200}})
    >>> ax.get_xlabel()
    'own turns played (0 = as dealt)'
    """
    exact = dict(exact or {})
    simulated = dict(simulated or {})
    _need({**exact, **simulated}, _("contract probability data"))
    ax = axes(ax)
    deals = sorted(set(exact) | set(simulated))
    colours = {deal: f"C{i}" for i, deal in enumerate(deals)}
    shift = {deal: 0.1 * (i - (len(deals) - 1) / 2) for i, deal in enumerate(deals)}
    for deal in sorted(simulated):
        p, yerr = _series(simulated[deal])
        x = (np.arange(len(p)) if turns is None else np.asarray(turns, dtype=float)[: len(p)]) + shift[deal]
        ax.errorbar(x, p, yerr=yerr, fmt="-o", ms=3.5, lw=1.2, capsize=2, color=colours[deal],
                    label=_("deal {deal} simulated ({percent} CI)").format(deal=deal, percent="95 %"))
    for deal in sorted(exact):
        p = _series(exact[deal])[0]
        x = (np.arange(len(p)) if turns is None else np.asarray(turns, dtype=float)[: len(p)]) + shift[deal]
        style = "*" if len(p) == 1 else "-*"
        ax.plot(x, p, style, ms=11, mec="black", mew=0.6, color=colours[deal], label=_("deal {deal} exact").format(deal=deal))
    ax.set_title(_("Chance to have the contract in hand"))
    ax.set_xlabel(_("own turns played (0 = as dealt)"))
    ax.set_ylabel(_("probability"))
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return ax


def _point(value):
    """(probability, (error below, error above) of its 95% interval, or None) of one plot
    entry: a number, a Fraction, an ``Estimate`` (its ``ci95``) or a mapping as in :func:`_series`."""
    if isinstance(value, Mapping):
        p, err = _series(value)
        return float(p), (None if err is None else (float(err[0]), float(err[1])))
    if hasattr(value, "mean") and hasattr(value, "ci95"):
        lo, hi = value.ci95
        p = float(value.mean)
        return p, (max(p - lo, 0.0), max(hi - p, 0.0))
    return float(value), None


LOG_FLOOR = 1e-5


def wild_value(data, ax=None, *, simulated=None, log: bool = False):
    """Probability of the contract as dealt, by number of wild cards in the hand.

    ``data`` maps a label (e.g. ``"deal 1"``) -> {number of wilds: probability} drawn
    as bars (a probability may be a Fraction, ``{"p": .., "n": ..}`` or an
    ``Estimate`` for simulated values, shown with a 95 % error bar). ``simulated``
    (same labels) adds Monte Carlo points with 95 % error bars on top of the bars, to
    check exact values by simulation. ``log=True`` uses a logarithmic probability axis
    (from 1e-5), where multiplying a chance is a constant step. Each bar is labelled
    with its percentage, turned upright and set above the bar and its error bars.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = wild_value({"deal 1": {0: 0.02, 1: 0.1, 2: 0.4}},
    ...                 simulated={"deal 1": {2: {"p": 0.38, "n": 600}}})
    >>> ax.get_ylabel(), [t.get_text() for t in ax.get_legend().get_texts()]
    ('probability of the contract as dealt', ['deal 1', 'deal 1 simulated (95 % CI)'])
    """
    _need(data, _("wild card data"))
    simulated = dict(simulated or {})
    labels = list(data)
    unknown = set(simulated) - set(labels)
    if unknown:
        raise PushlabError(_("simulated values for {labels} have no bars to go with").format(
            labels=sorted(map(str, unknown))))
    ax = axes(ax)
    floor = LOG_FLOOR if log else 0.0
    if log:
        ax.set_yscale("log")
    width = 0.8 / len(labels)
    all_k = sorted({int(k) for row in (*data.values(), *simulated.values()) for k in row})
    for i, label in enumerate(labels):
        row = data[label]
        ks = sorted(row)
        ps, errs = [], []
        for k in ks:
            p, err = _point(row[k])
            ps.append(p)
            errs.append((0.0, 0.0) if err is None else err)
        offset = (i - (len(labels) - 1) / 2) * width
        x = np.asarray(ks, dtype=float) + offset
        yerr = np.array(errs).T if any(map(any, errs)) else None
        bars = ax.bar(x, ps, width=width, yerr=yerr, capsize=2, label=str(label), color=f"C{i}")
        tops = {k: p + e[1] for k, p, e in zip(ks, ps, errs)}
        if label in simulated:
            sks = sorted(simulated[label])
            pts = [_point(simulated[label][k]) for k in sks]
            sim_errs = [(0.0, 0.0) if err is None else err for _, err in pts]
            ax.errorbar(np.asarray(sks, dtype=float) + offset, [p for p, _ in pts],
                        yerr=np.array(sim_errs).T, fmt="o", ms=3.5, capsize=2, color="black",
                        mfc=f"C{i}", label=_("{label} simulated ({percent} CI)").format(label=label, percent="95 %"))
            for k, (p, _err), e in zip(sks, pts, sim_errs):
                tops[k] = max(tops.get(k, 0.0), p + e[1])
        for k, bar, p_ in zip(ks, bars, ps):
            ax.annotate(percent_label(p_), (bar.get_x() + bar.get_width() / 2, max(tops[k], floor)),
                        textcoords="offset points", xytext=(0, 3), ha="center", va="bottom",
                        rotation=90 if p_ > 0 else 0, fontsize=7.5)
    ax.set_xticks(all_k)
    ax.set_title(_("What wild cards are worth"))
    ax.set_xlabel(_("wild cards (2s and jokers) in the dealt hand"))
    ax.set_ylabel(_("probability of the contract as dealt (log scale)") if log else
                  _("probability of the contract as dealt"))
    ax.set_ylim(*((floor, 8.0) if log else (0, 1.3)))
    ax.grid(axis="y", alpha=0.3)
    if len(labels) > 1 or simulated:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return ax


def penalty_distribution(samples, ax=None, *, bins=None):
    """Histograms (as step lines) of penalty points left in hand, one per label.

    ``samples`` maps a label -> sequence of penalty totals (points). Bars are 10 points
    wide unless ``bins`` says otherwise; heights are the percentage of that label's
    deals, so labels with different sample sizes compare directly.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = penalty_distribution({"taker": [5, 15, 15, 25]})
    >>> ax.get_ylabel(), float(ax.patches[0].get_xy()[:, 1].max())
    ('share of deals (%)', 50.0)
    """
    _need(samples, _("penalty samples"))
    ax = axes(ax)
    arrays = {str(k): np.asarray(v, dtype=float) for k, v in samples.items()}
    top = max((a.max() for a in arrays.values() if a.size), default=0.0)
    xlabel = _("penalty points of the side left holding cards")
    if bins is None:
        bins = 10 * np.arange(int(top // 10) + 2)
        xlabel = _("penalty points of the side left holding cards (bars 10 points wide)")
    for label, arr in arrays.items():
        if arr.size == 0:
            raise PushlabError(_("nothing to plot: no penalty samples for {label}").format(label=repr(label)))
        ax.hist(arr, bins=bins, histtype="step", linewidth=1.6, weights=np.full(arr.size, 100 / arr.size),
                label=_("{label} (mean {mean:.0f}, n={n})").format(label=label, mean=nums.Number(arr.mean()),
                                                                        n=arr.size))
    ax.set_title(_("Penalty points left in hand at the end of a deal"))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(_("share of deals (%)"))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    return ax


def bot_comparison(results, ax=None, *, ylabel=None, title=None):
    """Means with 95 % confidence intervals, one bar per label.

    ``ylabel`` and ``title`` default to "mean points per deal (lower is better)" and "Bot
    styles compared (95 % confidence intervals)" in the current language.

    ``results`` maps a label -> either a sequence of per-game values (the interval
    is computed) or a ``(mean, half_width)`` pair already computed.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> ax = bot_comparison({"pusher": [10, 30, 20], "taker": (25.0, 4.0)})
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['pusher', 'taker']
    """
    _need(results, _("bot results"))
    if ylabel is None:
        ylabel = _("mean points per deal (lower is better)")
    if title is None:
        title = _("Bot styles compared ({percent} confidence intervals)").format(percent="95 %")
    ax = axes(ax)
    labels, means, halves = [], [], []
    for label, value in results.items():
        if isinstance(value, tuple) and len(value) == 2 and np.isscalar(value[0]):
            mean, half = float(value[0]), float(value[1])
        else:
            mean, half = mean_ci(value)
        labels.append(str(label))
        means.append(mean)
        halves.append(half)
    x = np.arange(len(labels))
    known = [0.0 if np.isnan(h) else h for h in halves]
    ax.bar(x, means, yerr=known, capsize=6, color=[f"C{i}" for i in range(len(labels))], alpha=0.85)
    for xi, m, h in zip(x, means, halves):
        text = (_("{mean:.1f} (not enough games)").format(mean=nums.Number(m)) if np.isnan(h)
                else f"{nums.decimal(m, 1, group=False)} ± {nums.decimal(h, 1, group=False)}")
        ax.annotate(text, (xi, m + (0.0 if np.isnan(h) else h)), textcoords="offset points",
                    xytext=(0, 3), ha="center", fontsize="small")
    ax.set_xticks(x, labels)
    ax.margins(y=0.12)
    ax.set_title(title)
    ax.set_xlabel(_("bot style"))
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    return ax
