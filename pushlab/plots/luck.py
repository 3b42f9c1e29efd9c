"""Matplotlib plots for Push (push-your-luck): every plot is ``f(data, ax=None) -> ax``.

Plots only draw. The numbers come from :mod:`pushlab.luck.odds` (exact),
:mod:`pushlab.luck.sim` and :mod:`pushlab.tournament` (Monte Carlo); positions and the
numbers measured on them (``midgame``, ``push_path``, ``bust_odds_data``, ``ev_data``,
``policy_data``, ``protection_data``) from :mod:`pushlab.luck.survey`, given here too.
The ``*_data`` functions defined here only reshape library results into the plain
mappings the plots take, so a lesson can also pass numbers of its own.
Each plot has a title, axis labels with units and a legend where there is more
than one series.

>>> import matplotlib; matplotlib.use("Agg")
>>> ax = bust_odds({"cards": [3, 4, 5], "counting": [0.1, 0.2, 0.3], "naive": [0.1, 0.2, 0.35]})
>>> ax.get_title()
'Chance that the next card busts, as the columns grow'
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from pushlab.errors import PushlabError
from pushlab.i18n import _, ngettext
from pushlab.i18n.lists import list_text
from pushlab.luck.names import bot_label
from pushlab.luck.policy import policy_label
from pushlab.lazy import lazy_names
from pushlab.plots import axes
from pushlab.stats import Z95, mean_ci, rate_ci
from pushlab.i18n import numbers as nums

__all__ = [
    "midgame", "tournament_data", "push_path", "bust_odds", "bust_odds_data", "ev_one_more", "ev_data",
    "policy_map", "policy_data",
    "mc_convergence", "strategy_comparison", "bot_label", "mean_ci", "Z95",
    "switch_rule_data", "switch_rule_seats", "switch_rule_summary",
    "search_grid_data", "search_heatmap", "best_response_data", "best_response_path",
    "protection_data", "protection_plot", "bank_edge_plot",
]

DRAW_COLOUR, STOP_COLOUR = "#1e63b8", "#d32f2f"


def _column(data, key, what):
    """``data[key]`` as a float array; a clear error when missing or empty."""
    if not isinstance(data, Mapping) or key not in data:
        raise PushlabError(f"{what} needs a mapping with key {key!r}")
    arr = np.asarray([float(x) for x in data[key]], dtype=float)
    if arr.size == 0:
        raise PushlabError(f"nothing to plot: {what} data {key!r} is empty")
    return arr


# --------------------------------------------------------------------------- data from the library

#: Positions and the numbers measured on them are computed in pushlab.luck.survey; given here
#: too (imported on first use: drawing needs none of it), so the lessons keep plots.midgame(...).
_LAZY = dict.fromkeys(("midgame", "push_path", "bust_odds_data", "ev_data", "policy_data", "protection_data"),
                      "pushlab.luck.survey")
__getattr__, __dir__ = lazy_names(globals(), _LAZY)


def tournament_data(result, what: str = "win_rate") -> dict:
    """A tournament result (``pushlab.tournament``) as ``{bot: {"mean", "lo", "hi"}}`` for plotting.

    ``what`` is ``"win_rate"`` or ``"mean_score"``.
    """
    if what not in ("win_rate", "mean_score"):
        raise PushlabError(f"what must be 'win_rate' or 'mean_score', got {what!r}")
    mean, lo, hi = getattr(result, what)()
    return {name: {"mean": float(mean[i]), "lo": float(lo[i]), "hi": float(hi[i])}
            for i, name in enumerate(result.names)}


# --------------------------------------------------------------------------- plots

def bust_odds(data, ax=None):
    """Exact chance that the next card busts against the cards on the table: counting vs naive.

    ``data``: ``{"cards": [...], "counting": [...], "naive": [...]}`` (probabilities),
    e.g. from :func:`bust_odds_data`.
    """
    x = _column(data, "cards", "bust_odds")
    ax = axes(ax, layout="constrained")
    counting = 100 * _column(data, "counting", "bust_odds")
    ax.plot(x, counting, "o-", color=STOP_COLOUR, label=_("counting the cards seen (exact)"))
    if "naive" in data:
        ax.plot(x, 100 * _column(data, "naive", "bust_odds"), "s--", color="#777",
                label=_("naive: full deck minus the columns"))
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(_("Chance that the next card busts, as the columns grow"))
    ax.set_xlabel(_("cards in the columns (count)"))
    ax.set_ylabel(_("chance the next card busts (%)"))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    return ax


def ev_one_more(data, ax=None):
    """Expected value of one more card vs stopping now, for each step of a push.

    ``data``: ``{"cards": [...], "draw": [...], "stop": [...]}`` in points, e.g. from
    :func:`ev_data` (the one-turn hint's values: a model of this turn, not exact).
    """
    x = _column(data, "cards", "ev_one_more")
    draw, stop = _column(data, "draw", "ev_one_more"), _column(data, "stop", "ev_one_more")
    ax = axes(ax, layout="constrained")
    pos = np.arange(len(x))
    ax.bar(pos - 0.2, stop, 0.4, color=STOP_COLOUR, label=_("stop now"))
    ax.bar(pos + 0.2, draw, 0.4, color=DRAW_COLOUR, label=_("draw one more card (then as the hint plays)"))
    ax.axhline(0, color="#333", lw=0.8)
    ax.set_xticks(pos, [f"{int(v)}" for v in x])
    ax.set_title(_("Expected value: one more card or stop?"))
    ax.set_xlabel(_("cards in the columns (count)"))
    ax.set_ylabel(_("expected gain over the others (points)"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    return ax


def policy_map(data, ax=None):
    """Which tables call for stop and which for draw: points on the table against bust risk.

    ``data``: ``{"points": [...], "risk": [...], "best": ["draw" | "stop", ...]}``, e.g.
    from :func:`policy_data`.
    """
    points = _column(data, "points", "policy_map")
    risk = 100 * _column(data, "risk", "policy_map")
    best = np.asarray(list(data.get("best", [])))
    if best.size != points.size:
        raise PushlabError("policy_map needs one 'best' action per point")
    ax = axes(ax, layout="constrained")
    rng = np.random.default_rng(0)     # a little jitter so equal tables do not hide each other
    jitter = rng.uniform(-0.25, 0.25, points.size)
    for action, colour, marker in (("draw", DRAW_COLOUR, "o"), ("stop", STOP_COLOUR, "x")):
        mask = best == action
        if mask.any():
            ax.scatter(points[mask] + jitter[mask], risk[mask], c=colour, marker=marker, s=22,
                       alpha=0.7, label=(ngettext("one-turn hint says draw ({n} tables)",
                                                  "one-turn hint says draw ({n} tables)", int(mask.sum()))
                                         if action == "draw" else
                                         ngettext("one-turn hint says stop ({n} tables)",
                                                  "one-turn hint says stop ({n} tables)", int(mask.sum()))
                                         ).format(n=int(mask.sum())))
    ax.set_title(_("Policy map: when does the one-turn hint stop?"))
    ax.set_xlabel(_("points in the columns on the table (points)"))
    ax.set_ylabel(_("chance the next card busts (%)"))
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    return ax


def mc_convergence(samples, exact, ax=None, z: float = Z95, label: str | None = None):
    """Law of large numbers: the running Monte Carlo mean against the exact value, with a 95% band.

    ``samples`` are independent outcomes (0/1 for an event, or values); the band is
    ``exact ± z·σ/√n``, so it shrinks like 1/√n. For 0/1 outcomes σ = √(p(1-p)) of the
    exact p (never zero unless p is 0 or 1); otherwise σ is the sample SD of all samples.
    """
    label = _("P(bust)") if label is None else label
    arr = np.asarray(samples, dtype=float).ravel()
    if arr.size < 2:
        raise PushlabError(_("mc_convergence needs at least two samples"))
    exact = float(exact)
    n = np.arange(1, arr.size + 1)
    running = np.cumsum(arr) / n
    binary = bool(np.isin(arr, (0.0, 1.0)).all()) and 0 <= exact <= 1
    sigma = float(np.sqrt(exact * (1 - exact))) if binary else float(arr.std(ddof=1))
    half = z * sigma / np.sqrt(n)
    ax = axes(ax, layout="constrained")
    ax.fill_between(n, exact - half, exact + half, color="#9cc3e8", alpha=0.5,
                    label=_("exact \u00b1 {z}\u00b7\u03c3/\u221an (95% band)").format(z=nums.decimal(z, 2, group=False)))
    ax.plot(n, running, color=DRAW_COLOUR, lw=1.2, label=_("Monte Carlo running mean"))
    ax.axhline(exact, color=STOP_COLOUR, lw=1.5, ls="--", label=_("exact value {value}").format(
        value=nums.decimal(exact, 4, group=False)))
    ax.set_xscale("log")
    lo, hi = np.percentile(running[min(9, arr.size - 1):], [0, 100])
    pad = max(hi - lo, 1e-3) * 0.3
    bottom, top = min(lo, exact) - pad, max(hi, exact) + pad
    if arr.min() >= 0 and arr.max() <= 1:       # a probability: keep the axis inside [0, 1]
        bottom, top = max(bottom, 0.0), min(top, 1.0)
    ax.set_ylim(bottom, top)
    ax.set_title(_("Monte Carlo converges to the exact {label}").format(label=label))
    ax.set_xlabel(_("number of simulated trials n (log scale)"))
    ax.set_ylabel(_("estimate of {label}").format(label=label))
    ax.grid(alpha=0.3, which="both")
    ax.legend(loc="lower right")          # the running mean has settled near the exact value there
    return ax


RULE_COLOURS = {"turn": "#8fb3d9", "game": "#e0a458"}


def _rule_words(rule: str) -> str:
    """A reading of rule 10 in words, in the current language."""
    return {"turn": _("per turn (default)"), "game": _("lasting (the rule texts' wording)")}[rule]


def switch_rule_data(results) -> dict:
    """Win rates per seat under both readings of rule 10, with 95% intervals.

    ``results``: ``{"turn": GamesResult, "game": GamesResult}`` of paired games, as
    :func:`pushlab.luck.sim.compare_switch_rules` returns. Per rule and seat: the win
    rate (ties shared) with its Wilson interval (:func:`pushlab.stats.rate_ci`); per
    seat, the paired difference game - turn (:func:`pushlab.stats.paired_rate_diff_ci`,
    the same deals under both rules). Arrays are indexed by seat (0 starts the game).

    >>> from pushlab.luck.sim import compare_switch_rules
    >>> d = switch_rule_data(compare_switch_rules(300, 3, rng=np.random.default_rng(1)))
    >>> d["players"], d["games"], sorted(d["rules"]), len(d["diff"]["rate"])
    (3, 300, ['game', 'turn'], 3)
    """
    from pushlab.stats import paired_rate_diff_ci, rate_ci

    if not isinstance(results, Mapping) or set(results) != {"turn", "game"}:
        raise PushlabError("switch_rule_data needs {'turn': result, 'game': result} "
                           "(pushlab.luck.sim.compare_switch_rules)")
    turn, game = results["turn"].wins, results["game"].wins
    if turn.shape != game.shape or turn.size == 0:
        raise PushlabError("the two readings need paired results of the same games")
    rules = {}
    for rule, wins in (("turn", turn), ("game", game)):
        rate, lo, hi = rate_ci(wins)
        rules[rule] = {"rate": rate, "lo": lo, "hi": hi}
    d, dlo, dhi = paired_rate_diff_ci(game, turn)
    return {"players": turn.shape[1], "games": turn.shape[0], "rules": rules,
            "diff": {"rate": d, "lo": dlo, "hi": dhi}}


def switch_rule_seats(data, ax=None):
    """Win rate by seat under both readings of rule 10, with 95% intervals and the fair share.

    ``data`` as :func:`switch_rule_data` returns.
    """
    if not isinstance(data, Mapping) or "rules" not in data:
        raise PushlabError("switch_rule_seats needs the mapping switch_rule_data returns")
    n = int(data["players"])
    ax = axes(ax, (7.5, 4), layout="constrained")
    pos = np.arange(n)
    width = 0.38
    for j, rule in enumerate(("turn", "game")):
        r = data["rules"][rule]
        rate, lo, hi = (100 * np.asarray(r[key], dtype=float) for key in ("rate", "lo", "hi"))
        x = pos + (j - 0.5) * width
        ax.bar(x, rate, width, color=RULE_COLOURS[rule],
               label=_("switch cards {reading}").format(reading=_rule_words(rule)))
        ax.errorbar(x, rate, yerr=[rate - lo, hi - rate], fmt="none", ecolor="#222", capsize=3)
    ax.axhline(100 / n, color="#555", linestyle="--", linewidth=1,
               label=_("fair share (1 in {n})").format(n=n))
    ax.errorbar([], [], yerr=[], fmt="none", ecolor="#222", capsize=3,
                label=_("95%\u00a0confidence interval (Wilson)"))
    ax.set_xticks(pos, [_("seat {n} (starts)").format(n=1) if i == 0 else _("seat {n}").format(n=i + 1)
                        for i in range(n)])
    ax.set_xlabel(_("seat in turn order ({n} players, {games} games per reading)").format(
        n=n, games=nums.decimal(int(data['games']), 0)))
    ax.set_ylabel(_("win rate (%)"))
    ax.set_title(_("Who wins under each reading of the switch cards?"))
    ax.set_ylim(bottom=0)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
    return ax


def switch_rule_summary(data) -> str:
    """The answer of :func:`switch_rule_data` in words (Markdown), with its 95% intervals.

    >>> d = {"players": 3, "games": 900, "rules": {
    ...     r: {"rate": np.array([.3, .4, .3]), "lo": np.array([.27, .37, .27]),
    ...         "hi": np.array([.33, .43, .33])} for r in ("turn", "game")},
    ...     "diff": {"rate": np.zeros(3), "lo": np.full(3, -.02), "hi": np.full(3, .02)}}
    >>> text = switch_rule_summary(d)
    >>> "worth -3.3% and -3.3%" in text, "more than about 2.0%" in text, "far more" in text
    (True, True, True)
    """
    n = int(data["players"])
    rules, diff = data["rules"], data["diff"]
    first = {rule: f"{nums.percent(rules[rule]['rate'][0], 1)} "
                   f"{nums.interval(rules[rule]['lo'][0], rules[rule]['hi'][0], 1, percent=True)}"
             for rule in rules}
    edge = {rule: rules[rule]["rate"][0] - 1 / n for rule in rules}
    seats = [f"{_('seat {n}').format(n=i + 1)}: {nums.percent(diff['rate'][i], 1, sign=True)} "
             f"{nums.interval(diff['lo'][i], diff['hi'][i], 1, percent=True, sign=True)}" for i in range(n)]
    bound = float(max(np.max(np.abs(diff["lo"])), np.max(np.abs(diff["hi"]))))
    turn = np.asarray(rules["turn"]["rate"], dtype=float)
    clear = [i + 1 for i in range(n) if diff["lo"][i] > 0 or diff["hi"][i] < 0]
    parts = [
        _("**Going first** wins {first_turn} of the games under the per-turn reading and {first_game} "
          "under the lasting one; a fair share is {fair}, so going first is worth {edge_turn} and "
          "{edge_game} (win rate minus fair share).").format(
              first_turn=first["turn"], first_game=first["game"], fair=nums.percent(1 / n, 1),
              edge_turn=nums.percent(edge['turn'], 1, sign=True), edge_game=nums.percent(edge['game'], 1, sign=True)),
        _("**Lasting minus per-turn**, on the same {games} deals: {seats}.").format(
            games=nums.decimal(int(data['games']), 0), seats="; ".join(seats)),
    ]
    spread = turn.max() - turn.min()
    values = {"bound": nums.percent(bound, 1), "low": nums.percent(turn.min(), 1),
              "high": nums.percent(turn.max(), 1)}
    if spread > 2 * bound:
        parts.append(_("No seat's win rate moves by more than about {bound} (the widest bound of these "
                       "intervals); the seats themselves range from {low} to {high}: where you sit "
                       "matters far more than how the switch cards are read.").format(**values))
    else:
        parts.append(_("No seat's win rate moves by more than about {bound} (the widest bound of these "
                       "intervals); the seats themselves range from {low} to {high}.").format(**values))
    if clear:
        which = list_text(_("seat {n}").format(n=i) for i in clear)
        parts.append(_("The interval of {which} excludes 0; with {n} seats each tested at 95%, such a hit "
                       "can be luck, so play more games before believing it.").format(which=which, n=n))
    parts.append(_("(95%\u00a0intervals; every seat plays the same bot.)"))
    return " ".join(parts)


def strategy_comparison(data, ax=None, quantity: str | None = None, unit: str = "%",
                        label: str | None = None, names=None):
    """Strategies side by side with 95% confidence-interval error bars.

    ``data`` maps a strategy name to either raw outcomes (a sequence of numbers) or
    ``{"mean": m, "lo": lo, "hi": hi}``. Raw outcomes with ``unit="%"`` are wins or win
    shares in 0..1 (Wilson interval, :func:`pushlab.stats.rate_ci`); otherwise values
    (t interval, :func:`mean_ci`; a single value has no bar).
    With ``unit="%"`` values are fractions shown as percentages. Bot names such as
    ``"StopAfter(2, bank_at=None)"`` are shown in words (:func:`bot_label`); ``names``, one
    per key, are the bars' names as shown instead (labels the caller wrote from its bots:
    a label is never read back). ``label`` names the bars in the legend (default
    "mean <quantity>", or ``quantity`` itself when it starts with "mean").
    """
    quantity = _("win rate") if quantity is None else quantity
    if not isinstance(data, Mapping) or not data:
        raise PushlabError(_("strategy_comparison needs a non-empty mapping name -> outcomes"))
    if names is not None and len(names) != len(data):
        raise PushlabError(f"strategy_comparison: {len(names)} names for {len(data)} strategies")
    shown = [bot_label(name) for name in data] if names is None else [str(n) for n in names]
    names, means, lows, highs = shown, [], [], []
    for value in data.values():
        if isinstance(value, Mapping):
            m, lo, hi = float(value["mean"]), float(value["lo"]), float(value["hi"])
        elif unit == "%":
            m, lo, hi = rate_ci(value)
        else:
            m, h = mean_ci(value)
            lo, hi = m - h, m + h       # NaN for a single value: no error bar
        means.append(m); lows.append(lo); highs.append(hi)
    scale = 100.0 if unit == "%" else 1.0
    means, lows, highs = (scale * np.asarray(v) for v in (means, lows, highs))
    ax = axes(ax, layout="constrained")
    pos = np.arange(len(names))
    if label is None:      # a quantity that already says "mean ..." is not "mean mean ..."
        label = quantity if quantity.startswith("mean") else _("mean {quantity}").format(quantity=quantity)
    ax.barh(pos, means, color="#8fb3d9", label=label)
    ax.errorbar(means, pos, xerr=[means - lows, highs - means], fmt="none", ecolor="#222",
                capsize=4, label=_("95%\u00a0confidence interval"))
    ax.set_yticks(pos, names)
    ax.invert_yaxis()
    title = _("{quantity} by strategy, with 95%\u00a0confidence intervals").format(quantity=quantity)
    ax.set_title(title[:1].upper() + title[1:])
    ax.set_xlabel(f"{quantity} ({unit})")
    ax.set_ylabel(_("strategy"))
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlim(left=0)
    ax.margins(y=0.15)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    return ax


# --------------------------------------------------------------------------- policy search

def _variant(harder) -> str:
    """'harder game' or 'normal game'."""
    return _("harder game") if harder else _("normal game")


def search_grid_data(result, round: int = 0) -> dict:
    """One round of a :class:`pushlab.luck.search.SearchResult` as a stop x bank grid.

    Keys: ``win``, ``lo`` and ``hi`` (win rate and its 95% Wilson interval, stop x bank arrays),
    ``stop`` and ``bank`` (row and column labels; the bank rule ``never`` in words), ``best``
    (row, column), ``field``, ``players``, ``harder``, ``games``.
    """
    from pushlab.luck.search import bank_rule_label

    try:
        rnd = result.rounds[round]
    except IndexError:
        raise PushlabError(f"the search has {len(result.rounds)} round(s), not round {round}") from None
    shape = result.family.shape
    win = rnd.grid(shape)
    lo = np.asarray(rnd.win_lo, dtype=float).reshape(shape)
    hi = np.asarray(rnd.win_hi, dtype=float).reshape(shape)
    return {"win": win, "lo": lo, "hi": hi, "stop": [policy_label(s) for s in result.family.stop_labels()],
            "bank": [bank_rule_label(b) for b in result.family.bank], "best": divmod(rnd.best, shape[1]),
            "field": policy_label(rnd.field), "players": result.players, "harder": result.harder,
            "games": result.games}


def search_heatmap(data, ax=None, vmin=None, vmax=None):
    """Win rate of one seat over stop rule x bank rule, every other seat playing the field.

    ``data`` as from :func:`search_grid_data`. Each cell shows the win rate in percent;
    the best cell is outlined; the colour bar is centred on the fair share 1/players.
    """
    win = 100 * np.asarray(data["win"], dtype=float)
    if win.ndim != 2 or win.size == 0:
        raise PushlabError("search_heatmap needs a non-empty stop x bank grid 'win'")
    ax = axes(ax, (7, 4.6), layout="constrained")
    fair = 100 / data["players"]
    spread = max(np.abs(win - fair).max(), 1.0)
    lo = fair - spread if vmin is None else vmin
    hi = fair + spread if vmax is None else vmax
    im = ax.imshow(win, cmap="RdBu", vmin=lo, vmax=hi, aspect="auto")
    for (i, j), v in np.ndenumerate(win):
        dark = abs(v - fair) > 0.6 * (hi - lo) / 2
        ax.text(j, i, nums.decimal(v, 0, group=False), ha="center", va="center", fontsize=8,
                color="white" if dark else "#111")
    bi, bj = data["best"]
    from matplotlib.patches import Rectangle
    ax.add_patch(Rectangle((bj - 0.5, bi - 0.5), 1, 1, fill=False, lw=2.5, ec="#111",
                           label=_("best: {stop}, bank {bank}: {win}% (95%\u00a0interval {lo}-{hi}%)").format(
                               stop=data['stop'][bi], bank=data['bank'][bj], win=nums.decimal(win[bi, bj], 1, group=False),
                               lo=nums.decimal(100 * data['lo'][bi, bj], 1, group=False),
                               hi=nums.decimal(100 * data['hi'][bi, bj], 1, group=False))))
    ax.set_xticks(range(win.shape[1]), data["bank"])
    ax.set_yticks(range(win.shape[0]), data["stop"])
    ax.set_xlabel(_("bank rule for the top bench colour (at x points; loss t: forecast loss of t points; never)"))
    ax.set_ylabel(_("stop rule (after k cards; risk p: bust risk)"))
    ax.set_title(_("Win rate (%) of one seat, {players} players, {variant}; the others play '{field}'").format(
        players=data['players'], variant=_variant(data['harder']), field=data['field']), fontsize=10)
    ax.figure.colorbar(im, ax=ax, label=_("win rate (%); fair share {fair}%").format(
        fair=nums.decimal(fair, 0, group=False)))
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    return ax


def best_response_data(result) -> dict:
    """Per round of a search: the field, the best response and its win rate with 95% interval."""
    pols = result.family.policies()
    rounds = result.rounds
    return {"round": list(range(len(rounds))), "field": [policy_label(r.field) for r in rounds],
            "best": [policy_label(pols[r.best]) for r in rounds],
            "win": [r.win[r.best] for r in rounds],
            "lo": [r.win_ci(r.best)[0] for r in rounds],
            "hi": [r.win_ci(r.best)[1] for r in rounds],
            "players": result.players, "harder": result.harder, "stopped": result.stopped}


def best_response_path(data, ax=None):
    """Iterated best response: each round's best win rate against the field, down to the fair share.

    ``data`` as from :func:`best_response_data`. When no policy of the family beats
    the field any more, the best response's win rate is about 1/players.
    """
    x = _column(data, "round", "best_response_path")
    win = 100 * _column(data, "win", "best_response_path")
    lo, hi = 100 * _column(data, "lo", "best_response_path"), 100 * _column(data, "hi", "best_response_path")
    ax = axes(ax, layout="constrained")
    fair = 100 / data["players"]
    ax.axhline(fair, color="#777", ls="--", label=_("fair share 1/{players} = {fair}%").format(
        players=data['players'], fair=nums.decimal(fair, 0, group=False)))
    ax.errorbar(x, win, yerr=[win - lo, hi - win], fmt="o-", color=DRAW_COLOUR, capsize=4,
                label=_("best response's win rate (95% Wilson interval)"))
    for xi, wi, hi_, best in zip(x, win, hi, data["best"]):
        ax.annotate(best, (xi, hi_), textcoords="offset points", xytext=(0, 6), ha="center",
                    fontsize=8)
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(x.min() - 0.5, x.max() + 0.5)
    ax.set_ylim(min(fair, lo.min()) - 3, hi.max() + 8)
    from pushlab.luck.search import stop_reason

    ax.set_title(_("Iterated best response, {players} players, {variant} ({stopped})").format(
        players=data['players'], variant=_variant(data['harder']), stopped=stop_reason(data['stopped'])),
        fontsize=10)
    ax.set_xlabel(_("round (the field plays the previous round's best response) (count)"))
    ax.set_ylabel(_("win rate of the best response (%)"))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left")
    return ax


# --------------------------------------------------------------------------- why banking pays

def protection_plot(data, ax=None):
    """Points a bank protects as the pile shrinks: the rule of thumb, the advice, the rollouts.

    ``data`` as from :func:`protection_data`.
    """
    pile = _column(data, "pile", "protection_plot")
    ax = axes(ax, layout="constrained")
    q = "3" if data.get("harder") else "6"
    ax.plot(pile, _column(data, "formula", "protection_plot"), "s--", color="#777",
            label=_("rule of thumb: points \u00d7 rolls / {q}").format(q=q))
    ax.plot(pile, _column(data, "protects", "protection_plot"), "o-", color=DRAW_COLOUR,
            label=_("advice: points \u00d7 (1 \u2212 (1 \u2212 1/{q})^rolls), averaged").format(q=q))
    lost = _column(data, "lost", "protection_plot")
    ax.errorbar(pile, lost, yerr=_column(data, "lost_half", "protection_plot"), fmt="x",
                color=STOP_COLOUR, capsize=4, label=_("rollouts: points actually lost (95%\u00a0interval)"))
    ax.axhline(data.get("points", 0), color="#333", lw=0.8, ls=":",
               label=_("all {points} points on the bench").format(points=data.get('points', 0)))
    ax.invert_xaxis()
    ax.set_title(_("What banking protects, {players} players, {variant}").format(
        players=data.get('players', '?'), variant=_variant(data.get('harder'))), fontsize=10)
    ax.set_xlabel(_("cards left in the draw pile (count; the game runs to the right)"))
    ax.set_ylabel(_("bench points lost to the die by the end (points)"))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize=8)
    return ax


def bank_edge_plot(data, ax=None):
    """Win probability of banking now minus drawing, as the pile shrinks (paired 95% intervals)."""
    pile = _column(data, "pile", "bank_edge_plot")
    edge = 100 * _column(data, "edge", "bank_edge_plot")
    lo, hi = 100 * _column(data, "edge_lo", "bank_edge_plot"), 100 * _column(data, "edge_hi", "bank_edge_plot")
    ax = axes(ax, layout="constrained")
    ax.axhline(0, color="#333", lw=0.8)
    ax.bar(pile, edge, width=6, color=np.where(edge > 0, DRAW_COLOUR, STOP_COLOUR),
           label=_("bank minus draw (estimated by rollouts)"))
    ax.errorbar(pile, edge, yerr=[edge - lo, hi - edge], fmt="none", ecolor="#222", capsize=4,
                label=_("95%\u00a0interval (paired: the same shuffles and dice)"))
    ax.invert_xaxis()
    ax.set_title(_("Does banking the {points} points pay? (every seat then plays '{policy}')").format(
        points=data.get('points', '?'), policy=policy_label(data.get('policy', '?'))), fontsize=10)
    ax.set_xlabel(_("cards left in the draw pile (count)"))
    ax.set_ylabel(_("win probability gained by banking (percentage points)"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False, fontsize=8)
    return ax
