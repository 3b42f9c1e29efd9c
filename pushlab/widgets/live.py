"""A shipped result shown at once, with a button that recomputes it live under a progress bar.

Lessons must be usable within seconds, so a figure whose numbers take long to
compute is drawn from the result shipped with the package (:mod:`pushlab.precomputed`)
and labelled as such; "Recompute live" runs the same library call in the kernel,
shows its progress and redraws. Errors appear in the widget's message line
(tested in ``tests/test_precomputed.py``).
"""

from __future__ import annotations

import time

from pushlab.i18n import _
from pushlab.widgets.common import MessageArea, Shown, esc, figure_html, page_direction, routed
from pushlab.i18n import numbers as nums


class LiveResult(Shown):
    """The figure ``draw(value)`` now; the button calls ``compute(progress)`` and redraws.

    ``value``: the shipped result; ``draw(value)`` returns a matplotlib Figure (or an
    HTML string); ``source``: what made the value (shown under the figure);
    ``compute(progress)`` must call ``progress(done, total)`` as it goes; ``alt``: the
    figure's text alternative.
    """

    def __init__(self, value, compute, draw, source: str, label: str | None = None,
                 estimate: str = "", alt: str = "figure"):
        import ipywidgets as w

        self.value, self.compute, self.draw = value, compute, draw
        self.alt = alt
        self.figure = w.HTML()
        self.button = w.Button(description=_("Recompute live") if label is None else label, button_style="info",
                               tooltip=_("Run the computation now in this kernel"),
                               layout=w.Layout(width="auto"))
        self.button.add_class("pl-live-button")
        self.bar = w.IntProgress(value=0, min=0, max=1, description="",
                                 layout=w.Layout(width="260px", visibility="hidden"))
        shown = _("Shown: {source}.").format(source=source)
        self.status = w.HTML(value=f'<span class="pl-muted">{shown}'
                             f'{" " + estimate if estimate else ""}</span>')
        self.message = MessageArea()
        self.widget = w.VBox([self.figure, w.HBox([self.button, self.bar]), self.status,
                              self.message.widget])
        self.widget.add_class("pl-live")
        page_direction(self.widget)
        self.button.on_click(routed(self.message)(self.recompute))
        self._show()

    @classmethod
    def shipped(cls, name: str, draw, label: str | None = None, estimate: str = "",
                alt: str = "figure"):
        """The shipped result ``name`` of :mod:`pushlab.precomputed`, recomputable live."""
        from pushlab import precomputed

        call = precomputed.RESULTS[name].call if name in precomputed.RESULTS else name
        value = precomputed.load(name)
        return cls(value, lambda progress: precomputed.compute(name, progress), draw,
                   source=_("computed ahead with {call} and shipped with pushlab").format(
                       call=f"<code>{call}</code>"),
                   label=label, estimate=estimate, alt=alt)

    def _show(self) -> None:
        """Draw the current value as a PNG image (no output capture: it works the same while
        Voilà executes the notebook and in a button's callback)."""
        self.figure.value = figure_html(self.draw(self.value), self.alt)

    def _progress(self, done: int, total: int) -> None:
        """Move the progress bar."""
        self.bar.max = max(1, total)
        self.bar.value = done
        self.bar.description = f"{done}/{total}"

    def recompute(self, _button=None) -> None:
        """Compute the result now (the button's action), then redraw it."""
        self.button.disabled = True
        self.bar.layout.visibility = "visible"
        self.status.value = '<span class="pl-muted">' + esc(_("Computing…")) + '</span>'

        t0 = time.perf_counter()
        try:
            self.value = self.compute(self._progress)
        finally:
            self.button.disabled = False
            self.bar.layout.visibility = "hidden"
        took = _("Computed live in this kernel in {seconds} s.").format(
            seconds=nums.decimal(time.perf_counter() - t0, 1, group=False))
        self.status.value = f'<span class="pl-muted">{esc(took)}</span>'

        self._show()

