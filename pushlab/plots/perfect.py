"""Heatmaps of perfect play in a small Push (push-your-luck): what the optimal policy does, beside a bot.

The numbers come from an exact solution (:func:`pushlab.luck.solve.solve`, duck-typed
here: ``positions()``, ``describe(state)``, ``game(state)``): every decision state of a
two-player game on a small deck, with the value of every action under perfect play.

- :func:`decision_data` lists the decisions (draw or stop; draw or bank) with what the
  optimal player does there and, if asked, what another player (a bot or a policy) does;
- :func:`grid_data` counts them on a grid: "draw or stop" by bench points and the chance
  that the next card busts, "draw or bank" by the points at risk on the bench and the
  cards left in the pile;
- :func:`policy_heatmap` draws one grid: each cell the share of those positions where the
  player draws (blue) or stops / banks (red), with how many positions it holds; for
  perfect play a tie (draw exactly as good as stop / bank) counts as half a draw.

Each position is one distinct state of the game (after the solver folds symmetries),
not weighted by how often play reaches it: the maps show the policy's *shape*.

>>> import matplotlib; matplotlib.use("Agg")
>>> data = {"decision": ["push"] * 3, "bench": [0, 0, 4], "risk": [0, 0.5, 0.5], "pile": [3, 2, 2],
...         "optimal": ["draw", "stop", "stop"]}
>>> grid = grid_data(data, "push")
>>> grid["share"][0][0], grid["count"][0][0]
(100.0, 1)
>>> policy_heatmap(grid).get_title()
'Perfect play: draw or stop?'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from pushlab.errors import PushlabError
from pushlab.i18n import _
from pushlab.luck.cards import parse_cards
from pushlab.luck.rules import busts
from pushlab.plots import axes
from pushlab.i18n import numbers as nums

__all__ = ["decision_data", "grid_data", "policy_heatmap", "shared_colorbar", "agreement", "bust_chance", "DECISIONS", "RISK_BINS"]

#: The two decisions the maps show: "push" (draw or stop) and "turn" (draw or bank).
DECISIONS = ("push", "turn")
#: Bust-chance bins (upper edges, inclusive) of the "draw or stop" map: 0 is its own row.
RISK_BINS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)


def _decision(state_desc, values) -> str | None:
    """"push" for a draw-or-stop choice, "turn" for a draw-or-bank choice, else None."""
    phase = state_desc["phase"]
    if phase == "push" and {"draw", "stop"} <= set(values):
        return "push"
    if phase == "turn" and "draw" in values and len(values) > 1:
        return "turn"
    return None


def decision_data(solution, other=None, seed: int = 0) -> dict:
    """Every draw-or-stop and draw-or-bank decision of ``solution``, as columns.

    Keys: ``decision`` ("push" or "turn"), ``bench`` (the mover's bench points), ``table``
    (points in the columns), ``risk`` (exact chance that the next card busts), ``pile``
    (cards left to draw), ``optimal`` (an optimal action: the first of equally good ones;
    ``bank`` for any bank), ``optimals`` (every optimal action, a tuple: two when draw and
    stop / bank are exactly equally good), ``gain`` (the mover's win probability of the
    optimal action minus the best other one: how much the choice matters; 0 at a tie), and
    with ``other`` (a bot or policy: ``choose(game, rng)``)
    ``other``, its action on the same position. ``seed`` drives the piles' order that the
    other player never sees (and its rng).
    """
    rng = np.random.default_rng(seed)
    out = {k: [] for k in ("decision", "bench", "table", "risk", "pile", "optimal", "optimals", "gain")}
    if other is not None:
        out["other"] = []
    for state, values in solution.positions():
        desc = solution.describe(state)
        kind = _decision(desc, values)
        if kind is None:
            continue
        mover = desc["mover"]
        columns = [parse_cards(col) for col in desc["columns"]]
        best = max(values, key=values.get)
        ranked = sorted(values.values(), reverse=True)
        out["decision"].append(kind)
        out["bench"].append(int(sum(desc["benches"][mover].values())))
        out["table"].append(int(sum(c.points for col in columns for c in col)))
        out["risk"].append(bust_chance(desc["pile"], columns))
        out["pile"].append(int(sum(desc["pile"].values())))
        out["optimal"].append(_short(best))
        out["optimals"].append(_optimals(values))
        out["gain"].append(float(ranked[0] - ranked[1]))
        if other is not None:
            out["other"].append(_short(other.choose(solution.game(state, rng), rng)))
    return out


def shared_colorbar(axes, decision: str):
    """One colour bar beside the maps ``axes`` of ``decision`` (drawn with ``colorbar=False``).

    The maps share the scale (0-100 % of positions drawing), so a row of them needs one bar,
    after the last map: a bar between two maps crowds the next map's axis label.
    """
    axes = list(axes)
    if decision not in DECISIONS:
        raise PushlabError(f"decision must be one of {DECISIONS}, got {decision!r}")
    if not axes or not axes[0].images:
        raise PushlabError("shared_colorbar needs maps drawn by policy_heatmap")
    return axes[0].figure.colorbar(axes[0].images[0], ax=axes, label=_titles(decision, "optimal", "")[3])


def bust_chance(pile, columns) -> Fraction:
    """The exact chance that the next card drawn from ``pile`` (card -> copies) busts ``columns``.

    A card busts when three columns exist and none of them accepts it (rule 11,
    :func:`pushlab.luck.rules.busts`).

    >>> from pushlab.luck.cards import parse_cards
    >>> from collections import Counter
    >>> bust_chance(Counter(parse_cards("R1 R2 roll")), [parse_cards("R1"), parse_cards("R2"), parse_cards("R3 roll")])
    Fraction(2, 3)
    """
    total = sum(pile.values())
    if not total:
        return Fraction(0)
    return Fraction(sum(n for card, n in pile.items() if busts(card, columns)), total)


def _optimals(values) -> tuple:
    """The short actions (:func:`_short`) of every optimal action in ``values`` (action -> value).

    Exact Fractions compare exactly; floats within 1e-12 count as equal (rounding only).

    >>> from fractions import Fraction as F
    >>> _optimals({"draw": F(1, 2), "stop": F(1, 2)}), _optimals({"draw": 0.3, "bank 1": 0.5, "bank 2": 0.5})
    (('draw', 'stop'), ('bank',))
    """
    best = max(values.values())
    out = []
    for action, v in values.items():
        short = _short(action)
        if best - v <= 1e-12 and short not in out:
            out.append(short)
    return tuple(out)


def _draw_share(data, who: str, i: int) -> float:
    """How much position ``i`` counts as a draw for ``who``: 1 or 0, and for perfect play
    1/k when draw is one of k equally good actions (a tie counts as half a draw)."""
    if who == "optimal" and "optimals" in data:
        opts = data["optimals"][i]
        return ("draw" in opts) / len(opts)
    return float(data[who][i] == "draw")


def _short(action: str) -> str:
    """"bank" for any bank action; other actions as they are."""
    return "bank" if action.startswith("bank") else action


def _risk_row(p) -> int:
    """The row of a bust chance in :data:`RISK_BINS` (0 alone, then up to 20%, 40%, ...)."""
    p = float(p)
    for i, edge in enumerate(RISK_BINS):
        if p <= edge + 1e-12:
            return i
    return len(RISK_BINS) - 1


def _risk_labels() -> list:
    """Row labels of the bust-chance bins."""
    labels = [nums.percent(0)]
    for lo, hi in zip(RISK_BINS, RISK_BINS[1:]):
        labels.append(f"{nums.decimal(100 * lo, 0, group=False)}\u2013{nums.percent(hi)}")
    return labels


def grid_data(data, decision: str = "push", who: str = "optimal", name: str = "") -> dict:
    """Count ``data`` (from :func:`decision_data`) on the grid of one ``decision``.

    ``decision="push"``: columns by the mover's bench points, rows by the chance that the
    next card busts (:data:`RISK_BINS`); ``"turn"``: columns by the points at risk on the
    bench, rows by the cards left in the pile. ``who``: ``"optimal"`` or ``"other"``.
    For perfect play a position where draw and stop (or bank) are exactly equally good
    counts as half a draw (with ``optimals`` in ``data``): the tie-break is no policy.
    Returns ``x``, ``y`` (labels), ``share`` (percent of the cell's positions where the
    player draws; NaN for an empty cell), ``count`` (positions per cell), ``decision``, ``who``.
    """
    if decision not in DECISIONS:
        raise PushlabError(f"decision must be one of {DECISIONS}, got {decision!r}")
    if not isinstance(data, Mapping) or who not in data or "decision" not in data:
        raise PushlabError(f"grid_data needs decision data with the key {who!r} (see decision_data)")
    rows = [i for i, d in enumerate(data["decision"]) if d == decision]
    if not rows:
        raise PushlabError(f"nothing to plot: no {decision!r} decisions in the data")
    xs = sorted({int(data["bench"][i]) for i in rows})
    if decision == "push":
        ys = list(range(len(RISK_BINS)))
        y_of = {i: _risk_row(data["risk"][i]) for i in rows}
        y_labels = _risk_labels()
    else:
        ys = sorted({int(data["pile"][i]) for i in rows})
        y_of = {i: ys.index(int(data["pile"][i])) for i in rows}
        y_labels = [str(n) for n in ys]
    draws = np.zeros((len(ys), len(xs)))
    count = np.zeros((len(ys), len(xs)), dtype=int)
    for i in rows:
        r, c = y_of[i], xs.index(int(data["bench"][i]))
        count[r, c] += 1
        draws[r, c] += _draw_share(data, who, i)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(count > 0, 100 * draws / np.maximum(count, 1), np.nan)
    if decision == "push":          # keep the bust-chance rows that hold positions, in order
        keep = [r for r in ys if count[r].any()]
        share, count, y_labels = share[keep], count[keep], [y_labels[r] for r in keep]
    return {"x": [str(x) for x in xs], "y": y_labels, "share": share.tolist(), "count": count.tolist(),
            "decision": decision, "who": who, "name": name}


def agreement(data, decision: str | None = None) -> float:
    """The share of positions (of one ``decision``, or all) where ``other`` plays an optimal action.

    Where two actions are exactly equally good (``optimals`` in ``data``), either counts as right.
    """
    if "other" not in data:
        raise PushlabError("agreement needs decision data with an 'other' player (decision_data(..., other=bot))")
    rows = [i for i, d in enumerate(data["decision"]) if decision is None or d == decision]
    if not rows:
        raise PushlabError(f"no {decision!r} decisions in the data")
    optimals = data.get("optimals") or [(o,) for o in data["optimal"]]
    return sum(data["other"][i] in optimals[i] for i in rows) / len(rows)


def _titles(decision: str, who: str, name: str) -> tuple:
    """(title, x label, y label, colour bar label) of a map."""
    player = _("Perfect play") if who == "optimal" else (name or _("the other player"))
    if decision == "push":
        return (_("{player}: draw or stop?").format(player=player),
                _("points on the mover's bench (points)"),
                _("chance that the next card busts (%)"),
                _("positions where the player draws (%; red: stops)"))
    return (_("{player}: draw or bank?").format(player=player),
            _("points at risk on the mover's bench (points)"),
            _("cards left in the draw pile (count)"),
            _("positions where the player draws (%; red: banks)"))


def policy_heatmap(grid, ax=None, colorbar: bool = True):
    """One map of :func:`grid_data`: each cell the share of its positions where the player draws.

    Blue draws, red stops (or banks); each cell shows its share and how many positions it
    holds; an empty cell is left white.
    """
    if not isinstance(grid, Mapping) or "share" not in grid:
        raise PushlabError("policy_heatmap needs a grid from grid_data")
    share = np.asarray(grid["share"], dtype=float)
    count = np.asarray(grid["count"], dtype=int)
    if share.ndim != 2 or share.size == 0:
        raise PushlabError("nothing to plot: the grid is empty")
    ax = axes(ax, (6, 4), layout="constrained")
    im = ax.imshow(np.ma.masked_invalid(share), cmap="RdBu", vmin=0, vmax=100, aspect="auto",
                   origin="lower")
    for (i, j), v in np.ndenumerate(share):
        if count[i, j]:
            dark = abs(v - 50) > 30
            ax.text(j, i, f"{nums.percent(v / 100)}\nn={nums.number(count[i, j])}", ha="center", va="center", fontsize=7,
                    color="white" if dark else "#111")
    title, xlabel, ylabel, bar = _titles(grid["decision"], grid.get("who", "optimal"), grid.get("name", ""))
    ax.set_xticks(range(share.shape[1]), grid["x"])
    ax.set_yticks(range(share.shape[0]), grid["y"])
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label=bar)
    return ax
