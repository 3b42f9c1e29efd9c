"""Text alternatives for matplotlib figures: alt text (title + key numbers) and a data table.

A PNG plot is invisible to a screen reader. :func:`figure_html` turns a figure into
an ``<img>`` whose ``alt`` is :func:`describe` (the titles and the numbers drawn as
bars or line ends) followed by a collapsible table of the same numbers
(:func:`data_table_html`). :func:`install` teaches IPython to show every figure that
way (``plt.show()`` and ``display(fig)`` alike); importing :mod:`pushlab.plots` calls it.

>>> import matplotlib; matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> _ = ax.bar(["red", "blue"], [0.25, 0.5], label="P(bust)"); _ = ax.set_title("Risk")
>>> describe(fig)
'Risk. P(bust): red 0.25, blue 0.5.'
>>> "<th>blue</th><td>0.5</td>" in data_table_html(fig)
True
>>> plt.close(fig)
"""

from __future__ import annotations

import html
import sys

from pushlab.i18n import _
from pushlab.i18n.numbers import number
from pushlab.plots.rtl import png_base64

__all__ = ["describe", "data_table_html", "figure_html", "install"]

#: At most this many numbers are read out in the alt text; all of them are in the table.
ALT_NUMBERS = 12


def _num(value) -> str:
    """A number as a reader wants it: 3 significant digits, in the reader's language."""
    return number(value, significant=3, group=False)


def _visible_label(artist) -> str:
    """An artist's legend label, '' for matplotlib's private ``_child0`` style names."""
    label = str(artist.get_label() or "")
    return "" if label.startswith("_") else label


def _tick_names(ax, axis: str) -> dict:
    """Tick position -> tick label text on ``axis`` ("x" or "y") of ``ax``."""
    ticks = ax.get_xticks() if axis == "x" else ax.get_yticks()
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    return {round(float(t), 6): lab.get_text() for t, lab in zip(ticks, labels) if lab.get_text()}


def _series(ax) -> list[tuple[str, list[tuple[str, float]]]]:
    """The numbers drawn on ``ax``: (series name, [(category or x, value), ...]) per bar group or line."""
    from matplotlib.container import BarContainer

    out = []
    for container in ax.containers:
        if not isinstance(container, BarContainer):
            continue
        horizontal = getattr(container, "orientation", "vertical") == "horizontal"
        names = _tick_names(ax, "y" if horizontal else "x")
        points = []
        for patch in container.patches:
            if horizontal:
                pos, value = patch.get_y() + patch.get_height() / 2, patch.get_width()
            else:
                pos, value = patch.get_x() + patch.get_width() / 2, patch.get_height()
            points.append((names.get(round(pos, 6), _num(pos)), float(value)))
        out.append((_visible_label(container), points))
    for line in ax.get_lines():
        label = _visible_label(line)
        xs, ys = line.get_xdata(), line.get_ydata()
        if not label or len(ys) == 0:
            continue
        try:
            points = [(_num(xs[0]), float(ys[0])), (_num(xs[-1]), float(ys[-1]))]
        except (TypeError, ValueError):  # dates or categories: keep the values only
            points = [(_("first"), float(ys[0])), (_("last"), float(ys[-1]))]
        out.append((label, points if len(ys) > 1 else points[:1]))
    return out


def _axes(fig):
    """The axes of ``fig`` that show something (colour bars and empty panels skipped)."""
    return [ax for ax in fig.axes if ax.has_data() and ax.get_label() != "<colorbar>"]


def describe(fig) -> str:
    """The figure's titles, axis names and key numbers as one paragraph (the ``alt`` text)."""
    parts = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None and suptitle.get_text():
        parts.append(suptitle.get_text().strip() + ".")
    budget = ALT_NUMBERS
    for ax in _axes(fig):
        title = " ".join(t for t in (ax.get_title("left"), ax.get_title(), ax.get_title("right")) if t)
        if title:
            parts.append(title.strip().rstrip(".") + ".")
        elif ax.get_ylabel() or ax.get_xlabel():
            named = [x for x in (ax.get_ylabel(), ax.get_xlabel()) if x]
            parts.append((_("{y} by {x}").format(y=named[0], x=named[1]) if len(named) == 2 else named[0]) + ".")
        for name, points in _series(ax):
            shown = points[:max(budget, 0)]
            budget -= len(shown)
            if not shown:
                continue
            more = (" " + _("and {n} more").format(n=len(points) - len(shown))) if len(shown) < len(points) else ""
            values = ", ".join(f"{k} {_num(v)}" for k, v in shown)
            parts.append(f"{name}: {values}{more}." if name else f"{values}{more}.")
    return " ".join(parts) or _("A plot.")


def data_table_html(fig) -> str:
    """Every number :func:`describe` reads out, as an HTML table in a ``<details>`` ('' if none)."""
    rows = []
    for ax in _axes(fig):
        title = ax.get_title() or ax.get_ylabel()
        for name, points in _series(ax):
            for key, value in points:
                rows.append(f"<tr><td>{html.escape(title)}</td><td>{html.escape(name)}</td>"
                            f"<th>{html.escape(str(key))}</th><td>{_num(value)}</td></tr>")
    if not rows:
        return ""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (_("panel"), _("series"), _("at"), _("value")))
    summary = html.escape(_("The numbers in this plot (table)"))
    return (f"<details class='pl-data'><summary>{summary}</summary>"
            f"<table><thead><tr>{head}</tr></thead>"
            "<tbody>" + "".join(rows) + "</tbody></table></details>")


def figure_html(fig, alt: str | None = None, *, table: bool = True, dpi: int = 96, tight: bool = True) -> str:
    """The figure as an inline PNG ``<img>`` with alt text (``alt`` or :func:`describe`) and its data table.

    Right-to-left text is drawn shaped (:func:`pushlab.plots.rtl.png_base64`); the alt text
    and the table keep the logical Unicode text. ``tight``: cropped to what is drawn.
    """
    data = png_base64(fig, dpi=dpi, tight=tight)   # drawn with Arabic shaped; the texts stay logical
    text = alt if alt is not None else describe(fig)
    img = (f'<img alt="{html.escape(text, quote=True)}" style="max-width:100%" '
           f'src="data:image/png;base64,{data}">')
    return img + (data_table_html(fig) if table else "")


def install() -> bool:
    """Show matplotlib figures in IPython as :func:`figure_html`; False when no IPython is running."""
    ipython = sys.modules.get("IPython")      # not imported: no IPython session to teach
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    try:  # the inline backend clears every figure formatter when it loads: let it load first
        import matplotlib_inline.backend_inline  # noqa: F401
    except ImportError:  # pragma: no cover - comes with ipykernel
        pass
    formatter = shell.display_formatter.formatters["text/html"]
    formatter.for_type_by_name("matplotlib.figure", "Figure", figure_html)
    return True
