"""The pooled picture as inline SVG: cheap to redraw every few seconds, sharp, and readable
by a screen reader (a title and a text summary).

:func:`picture_svg` draws a :class:`~pushlab.classroom.pooled.Pooled` for its
experiment: the class's shares as bars beside the library's answer (exact: black marks;
estimated: marks with their interval), each student's own result as a faint point, and
the headline interval shrinking as tries arrive (:func:`funnel_svg`).
"""

from __future__ import annotations

import math
from html import escape

from pushlab.i18n import _, ngettext
from pushlab.i18n import numbers as nums
from pushlab.i18n.forms import colour_name

__all__ = ["picture_svg", "funnel_svg", "summary_text", "action_label"]

BAR = "#4c78a8"
EXACT = "#111"
FAINT = "rgba(228, 87, 86, 0.35)"


def action_label(action: str) -> str:
    """A task's action as a button says it (``draw``, ``bank R``).

    >>> action_label("bank R")
    'Bank red'
    """
    if action == "draw":
        return _("Draw")
    if action.startswith("bank "):
        return _("Bank {colour}").format(colour=colour_name(action.split()[1]))
    return action


def _num(x, digits=3) -> str:
    """``x`` with ``digits`` significant digits in the reader's language; a dash for no value."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return nums.number(x, significant=digits, group=False)


def _bins(experiment, pooled, most: int = 10):
    """(label, class share, library value, outcomes) per bin; a long tail is pooled in the last."""
    ref = pooled.reference.values
    if experiment.shape == "choices":
        return [(action_label(c), pooled.by_choice.get(c, (0, float("nan")))[1], float(ref[c]), c)
                for c in experiment.choices]
    keys = [o for o in experiment.outcomes if pooled.counts.get(o) or float(ref.get(o, 0)) > 0.0005]
    if experiment.kind == "bust-time" and 0 in keys and not float(ref.get(0, 0)):
        keys.remove(0)
    out = []
    for o in keys[:most - 1]:
        out.append((experiment.outcome_label(o), pooled.shares.get(o, 0.0), float(ref.get(o, 0)), (o,)))
    rest = keys[most - 1:]
    if rest:
        share = sum(pooled.shares.get(o, 0.0) for o in rest)
        out.append((f"{experiment.outcome_label(rest[0])}+", share, float(sum(ref.get(o, 0) for o in rest)), tuple(rest)))
    return out


def picture_svg(experiment, pooled, width: int = 640, height: int = 280) -> str:
    """The class's bars beside the library's answer, with each student's share as faint points."""
    bins = _bins(experiment, pooled)
    left, right, top, bottom = 60, 12, 16, 24
    w, h = width - left - right, height - top - bottom
    top_value = max([0.05] + [b[1] for b in bins if not math.isnan(b[1])] + [b[2] for b in bins])
    top_value = min(1.0, math.ceil(top_value * 10 + 0.5) / 10)
    y = lambda v: top + h - h * v / top_value          # noqa: E731
    step = w / max(1, len(bins))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-labelledby="pl-cx-title" class="pl-classroom-picture" style="direction:ltr">'
             f'<title id="pl-cx-title">{escape(summary_text(experiment, pooled))}</title>']
    for k in range(6):                                  # grid and axis
        v = top_value * k / 5
        parts.append(f'<line x1="{left}" x2="{left + w}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{nums.percent(v)}</text>')
    axis = _("win rate after each choice") if experiment.shape == "choices" else _("share of the class's tries")
    parts.append(f'<text class="pl-cx-axis" transform="translate(13,{top + h / 2:.1f}) rotate(-90)" font-size="12" '
                 f'text-anchor="middle">{escape(axis)}</text>')
    per = _student_shares(experiment, pooled, bins)
    for i, (label, share, exact, _keys) in enumerate(bins):
        x0 = left + i * step
        bw = step * 0.55
        if not math.isnan(share):
            parts.append(f'<rect class="pl-cx-bar" x="{x0 + step * 0.2:.1f}" y="{y(share):.1f}" width="{bw:.1f}" '
                         f'height="{max(0.0, top + h - y(share)):.1f}" fill="{BAR}"/>')
        for s in per.get(i, []):                          # each student's own share: a faint point
            parts.append(f'<circle cx="{x0 + step * 0.2 + bw / 2:.1f}" cy="{y(min(s, top_value)):.1f}" r="3.5" '
                         f'fill="{FAINT}"/>')
        if experiment.shape == "choices" and pooled.reference.ci.get(_keys):
            lo, hi = pooled.reference.ci[_keys]
            cx = x0 + step * 0.85
            parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" stroke="{EXACT}" '
                         f'stroke-width="2"/>')
        cx = x0 + step * 0.85 if experiment.shape == "choices" else x0 + step * 0.2 + bw / 2
        parts.append(f'<path class="pl-cx-exact" d="M{cx - 9:.1f},{y(exact):.1f} h18" stroke="{EXACT}" '
                     f'stroke-width="3"/>')
        parts.append(f'<text x="{x0 + step * 0.47:.1f}" y="{top + h + 16}" font-size="12" '
                     f'text-anchor="middle">{escape(label)}</text>')
    legend = (_("bars: the class") + " · " + (_("black marks: exact") if pooled.reference.exact else
                                              _("black marks: estimated, with a 95%\u00a0interval"))
              + " · " + _("faint points: each student"))
    parts.append("</svg>")
    return "".join(parts) + f'<div style="font-size:0.85em;color:#444;max-width:{width}px">{escape(legend)}</div>'


def _student_shares(experiment, pooled, bins) -> dict:
    """bin index -> each student's share of their own tries in that bin (choices: win rate)."""
    out = {}
    if experiment.shape == "choices":
        return out
    for outcomes in pooled.per_student.values():
        n = len(outcomes)
        for i, (_l, _s, _e, keys) in enumerate(bins):
            out.setdefault(i, []).append(sum(1 for o in outcomes if o in keys) / n)
    return out


def funnel_svg(history, exact: float, label: str, bounds=(0.0, 1.0), width: int = 640, height: int = 190,
               what: str = "") -> str:
    """The headline estimate and its interval after each update (``history``: [(tries,
    estimate, low, high)]), with the library's value as a line: the interval shrinks.
    ``bounds``: the values the estimate can take (the interval is cut there); ``what``: what
    the vertical axis measures, written above it (the horizontal one counts the tries).

    >>> svg = funnel_svg([(10, 0.3, 0.1, 0.5), (40, 0.25, 0.15, 0.35)], 0.26, "funnel",
    ...                  what="share of tries with a bust")
    >>> ">share of tries with a bust</text>" in svg, ">0</text>" in svg, ">40 tries</text>" in svg
    (True, True, True)
    """
    left, right, top, bottom = 52, 60, 24, 30
    w, h = width - left - right, height - top - bottom
    lo_b, hi_b = bounds
    pts = [(n, e, max(lo, lo_b), min(hi, hi_b)) for n, e, lo, hi in history
           if not any(math.isnan(v) for v in (e, lo, hi))]
    vals = [exact] + [v for p in pts for v in p[2:]]
    lo_v, hi_v = min(vals), max(vals)
    pad = max(0.05 * (hi_v - lo_v), 1e-3)
    lo_v, hi_v = lo_v - pad, hi_v + pad
    n_max = max([p[0] for p in pts] + [1])
    x = lambda n: left + w * n / n_max                  # noqa: E731
    y = lambda v: top + h - h * (v - lo_v) / (hi_v - lo_v)  # noqa: E731
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{escape(label)}" class="pl-classroom-funnel" style="direction:ltr">']
    if pts:
        band = " ".join(f"{x(n):.1f},{y(hi):.1f}" for n, _e, _lo, hi in pts) + " " + " ".join(
            f"{x(n):.1f},{y(lo):.1f}" for n, _e, lo, _hi in reversed(pts))
        parts.append(f'<polygon points="{band}" fill="rgba(76,120,168,0.25)"/>')
        line = " ".join(f"{x(n):.1f},{y(e):.1f}" for n, e, _lo, _hi in pts)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{BAR}" stroke-width="2"/>')
    parts.append(f'<line x1="{left}" x2="{left + w}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="{EXACT}" '
                 f'stroke-dasharray="6 4" stroke-width="2"/>')
    for v in (lo_v + pad, hi_v - pad):
        parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{_num(v)}</text>')
    axis = top + h + 16                                 # the tries: 0 at the left, all at the right
    parts.append(f'<text x="{left}" y="{axis}" font-size="11" text-anchor="middle">{nums.number(0)}</text>')
    tries = ngettext("{n} try", "{n} tries", n_max).format(n=nums.number(n_max))
    parts.append(f'<text x="{left + w}" y="{axis}" font-size="11" text-anchor="middle">{escape(tries)}</text>')
    if what:
        parts.append(f'<text x="{left - 6}" y="{top - 10}" font-size="11" font-weight="600">{escape(what)}</text>')
    parts.append("</svg>")
    return "".join(parts) + f'<div style="font-size:0.85em;color:#444;max-width:{width}px">{escape(label)}</div>'


def summary_text(experiment, pooled) -> str:
    """The picture in one or two sentences (the figure's text alternative)."""
    head = pooled.headline
    if pooled.tries == 0 or head is None:
        return _("No tries yet.")
    if math.isnan(head.low):
        interval = _("not enough tries for an interval yet")
    else:
        interval = _("95%\u00a0interval {low} to {high}").format(low=_num(head.low), high=_num(head.high))
    answer = _("exact value") if head.exact_is_exact else _("estimated value")
    verdict = (_("the interval holds it") if head.covers else _("the interval misses it"))
    return _("{students}, {tries}. {what}: {estimate} ({interval}); {answer} {exact}: "
             "{verdict}.").format(students=ngettext("{n} student", "{n} students", pooled.students).format(
                 n=pooled.students), tries=ngettext("{n} try", "{n} tries", pooled.tries).format(n=pooled.tries),
                 what=head.what,
                                   estimate=_num(head.estimate), interval=interval, answer=answer,
                                   exact=_num(head.exact), verdict=verdict)
