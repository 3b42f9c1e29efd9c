"""The teacher's dashboard: start an experiment, give the class its code, watch the pooled picture.

:class:`Dashboard` starts an experiment from :data:`~pushlab.classroom.experiments.MENU`
(or one given in Python), shows its join code and the student page's link, the number of
students and tries, and the pooled picture (:mod:`pushlab.classroom.views`) beside the
library's answer, with the headline interval shrinking as tries arrive. Buttons: pause /
resume, reset (a new round; the old tries are archived, never deleted), export CSV (a
download link), show the nicknames to the class.

**Live without a reload, cheaply.** A timer on the kernel's event loop (every
``every`` seconds, 3 by default) asks the store for the tries with an id above the last
one seen (one indexed query) and the experiment's state; only when something changed
are the summary and the SVG picture redrawn and sent to the page. Outside a kernel
(tests, scripts) there is no timer: call :meth:`Dashboard.poll`.
"""

from __future__ import annotations

import base64
import math
import os
import time

from pushlab.classroom import experiments as E
from pushlab.classroom.desk import start
from pushlab.classroom.pooled import pool
from pushlab.classroom.views import funnel_svg, picture_svg, summary_text
from pushlab.display.qr import qr_available, qr_svg
from pushlab.i18n import _, ngettext
from pushlab.i18n import numbers as nums
from pushlab.widgets.common import MessageArea, Shown, esc, ipw, kernel_loop, page_direction, routed

__all__ = ["Dashboard", "STUDENT_APP", "student_link"]

#: The student app's notebook, next to the teacher's.
STUDENT_APP = "12-class-experiment.ipynb"


def student_link(code: str, page: str = "", join: str = "") -> str:
    """The student page's address with ``?code=``: next to the teacher page ``page`` when
    known (Voilà's request), else relative. ``join``: the room's join address
    (``PUSHLAB_JOIN_URL``, set by ``pushlab serve --host``), whose host a student's device
    can reach and whose class code (``token``) lets the student in with one scan.

    >>> student_link("k7m2qx")
    '12-class-experiment.ipynb?code=k7m2qx'
    >>> student_link("k7m2qx", "http://127.0.0.1:8866/voila/render/12-class-experiment-teacher.ipynb",
    ...              "http://192.168.1.5:8866/voila/tree/?token=K7M2QX")
    'http://192.168.1.5:8866/voila/render/12-class-experiment.ipynb?code=k7m2qx&token=K7M2QX'
    """
    from urllib.parse import parse_qs, urlsplit

    base = STUDENT_APP
    if page:
        base = page.rsplit("/", 1)[0] + "/" + STUDENT_APP
    link = f"{base}?code={code}"
    if join and page:
        room = urlsplit(join)
        here = urlsplit(link)
        token = parse_qs(room.query).get("token", [""])[0]
        link = f"{room.scheme}://{room.netloc}{here.path}?{here.query}" + (f"&token={token}" if token else "")
    return link


class Dashboard(Shown):
    """The teacher's live view (see the module doc). ``store``: an open store (default
    :func:`~pushlab.classroom.store.open_store`); ``code``: watch an existing experiment;
    ``experiment``: start this one (a Python-defined experiment, for instance) at once;
    ``every``: seconds between polls."""

    def __init__(self, store=None, code: str | None = None, experiment=None, every: float = 3.0,
                 page: str | None = None):
        from pushlab.classroom.store import open_store

        w = ipw()
        self.store = store if store is not None else open_store()
        self.every = float(every)
        self.code = None
        self.experiment = None
        self.tries, self.last_id, self.round, self.state = [], 0, 0, ""
        self.history = []
        self.polls = 0
        self.redraws = 0
        self._timer = None
        self._page = page
        self.message = MessageArea()
        guard = routed(self.message)
        menu = [(cls.menu_title(), cls.kind) for cls in E.MENU]
        self.menu = w.Dropdown(options=menu, value=E.MENU[0].kind, description=_("Experiment:"),
                               style={"description_width": "initial"}, layout=w.Layout(width="440px"))
        self.menu.add_class("pl-cx-menu")
        self.start_button = w.Button(description=_("Start"), button_style="primary", icon="play",
                                     tooltip=_("Start this experiment: a new code for the class"))
        self.pause = w.Button(description=_("Pause"), icon="pause", tooltip=_("Stop taking tries for now"))
        self.reset_button = w.Button(description=_("Reset"), icon="undo",
                                     tooltip=_("Start a new round: the tries so far are archived, never deleted"))
        self.export = w.Button(description=_("Export CSV"), icon="download",
                               tooltip=_("A table of every try, archived rounds included"))
        self.names = w.Checkbox(value=False, description=_("Show nicknames to the class"), indent=False)
        for name, b in [("start", self.start_button), ("pause", self.pause), ("reset", self.reset_button),
                        ("export", self.export)]:
            b.add_class(f"pl-cx-{name}")
        self.join = w.HTML()
        self.join.add_class("pl-cx-join-info")
        self.counts = w.HTML()
        self.counts.add_class("pl-cx-counts")
        self.picture = w.HTML()
        self.picture.add_class("pl-cx-picture")
        self.funnel = w.HTML()
        self.summary = w.HTML()
        self.summary.add_class("pl-cx-summary")
        self.download = w.HTML()
        self.start_button.on_click(guard(lambda _=None: self.start(E.KINDS[self.menu.value].default())))
        self.pause.on_click(guard(lambda _=None: self.toggle_pause()))
        self.reset_button.on_click(guard(lambda _=None: self.reset()))
        self.export.on_click(guard(lambda _=None: self.export_csv()))
        self.names.observe(guard(lambda _=None: self._names()), names="value")
        self.controls = w.HBox([self.pause, self.reset_button, self.export, self.names],
                               layout=w.Layout(flex_flow="row wrap", align_items="center", display="none"))
        self.widget = w.VBox([w.HBox([self.menu, self.start_button], layout=w.Layout(flex_flow="row wrap")),
                              self.message.widget, self.join, self.counts, self.controls, self.download,
                              self.picture, self.funnel, self.summary])
        self.widget.add_class("pl-classroom-teacher")
        page_direction(self.widget)
        if experiment is not None:
            guard(self.start)(experiment)
        elif code:
            guard(self.watch)(code)

    # -- the experiment
    def start(self, experiment) -> str:
        """Start ``experiment`` (its answer computed once here) and watch it; its code."""
        self.message.info(_("Computing the answer to compare with…"))
        code = start(self.store, experiment)
        self.watch(code)
        return code

    def watch(self, code: str) -> None:
        """Show the experiment ``code`` and poll it from now on."""
        rec = self.store.experiment(code)
        self.code = rec.code
        self.experiment = E.Experiment.from_record(rec.kind, rec.params)
        self.tries, self.last_id, self.round, self.state, self.history = [], 0, rec.round, rec.state, []
        self.names.value = rec.show_names
        self.controls.layout.display = "flex"
        self.message.clear()
        self._show_join()
        self.poll(force=True)
        self._schedule()

    def _show_join(self) -> None:
        from pushlab.widgets.links import page_address

        page = self._page if self._page is not None else page_address()
        link = student_link(self.code, page, os.environ.get("PUSHLAB_JOIN_URL", ""))
        # (texts outside the f-strings: Babel's extractor does not look inside them)
        qr_label, code_label, page_label = (_("QR code of the student page"), _("Code for the class:"),
                                            _("Student page:"))
        qr = ""
        if link.startswith("http") and qr_available():      # a phone can scan only a whole address
            qr = (f'<div class="pl-cx-qr" role="img" aria-label="{esc(qr_label)}" '
                  f'style="width:12em;max-width:100%">{qr_svg(link, scale=4)}</div>')
        self.join.value = (
            f'<div style="font-size:1.1em">{esc(self.experiment.title())}</div>'
            f'<div>{esc(code_label)} <b class="pl-cx-code-shown" style="font-size:2em;'
            f'letter-spacing:0.15em">{esc(self.code)}</b></div>'
            f'<div>{esc(page_label)} <a href="{esc(link)}" target="_blank" rel="noopener" '
            f'class="pl-cx-link">{esc(link)}</a></div>' + qr)

    # -- buttons
    def toggle_pause(self) -> None:
        """Pause (tries are refused) or resume."""
        state = "paused" if self.state == "open" else "open"
        self.store.set_state(self.code, state)
        self.poll(force=True)

    def reset(self) -> None:
        """Start a new round; the tries so far stay in the store, archived."""
        self.store.reset(self.code)
        self.watch(self.code)

    def export_csv(self) -> str:
        """Every try as CSV, offered as a download link; returns the text."""
        text = self.store.export_csv(self.code)
        data = base64.b64encode(text.encode("utf-8")).decode()
        name = f"pushlab-{self.code}-{time.strftime('%Y%m%d-%H%M')}.csv"
        label = _("Download {name}").format(name=name)
        self.download.value = (f'<a download="{esc(name)}" href="data:text/csv;base64,{data}" class="pl-cx-csv">'
                               f'{esc(label)}</a>')
        return text

    def _names(self) -> None:
        if self.code is not None:
            self.store.show_names(self.code, bool(self.names.value))

    # -- live
    def _schedule(self) -> None:
        loop = kernel_loop()
        if loop is None or self._timer is not None:
            return

        def tick():
            self._timer = None
            try:
                self.poll()
            except Exception as exc:  # noqa: BLE001 - shown, and the timer goes on
                self.message.error(str(exc))
            self._timer = loop.call_later(self.every, tick)

        self._timer = loop.call_later(self.every, tick)

    def stop(self) -> None:
        """Stop polling."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def poll(self, force: bool = False) -> bool:
        """Fetch the tries that came since the last poll; redraw if anything changed."""
        if self.code is None:
            return False
        self.polls += 1
        rec = self.store.experiment(self.code)
        if rec.round != self.round:
            self.tries, self.last_id, self.round, self.history = [], 0, rec.round, []
            force = True
        new = self.store.tries(self.code, since=self.last_id, round=self.round)
        changed = bool(new) or rec.state != self.state or force
        self.state = rec.state
        if new:
            self.tries.extend(new)
            self.last_id = new[-1].id
        if changed:
            self._redraw()
        return changed

    def pooled(self):
        """The pooled summary of the tries seen so far."""
        return pool(self.experiment, self.tries)

    def _redraw(self) -> None:
        self.redraws += 1
        p = self.pooled()
        h = p.headline
        if p.tries and (not self.history or self.history[-1][0] != p.tries):
            self.history.append((p.tries, h.estimate, h.low, h.high))
        state = {"open": _("taking tries"), "paused": _("paused"), "closed": _("closed")}[self.state]
        self.pause.description = _("Resume") if self.state == "paused" else _("Pause")
        self.counts.value = ('<div role="status" class="pl-cx-count-line">' + esc(
            _("{students}, {tries} (round {round}, {state})").format(
                students=ngettext("{n} student", "{n} students", p.students).format(n=p.students),
                tries=ngettext("{n} try", "{n} tries", p.tries).format(n=p.tries),
                round=self.round, state=state)) + "</div>")
        self.picture.value = picture_svg(self.experiment, p)
        bounds = ((0.0, 1.0) if self.experiment.shape != "distribution" or self.experiment.kind == "rummy-contract"
                  else (float(min(self.experiment.outcomes)), float(max(self.experiment.outcomes))))
        self.funnel.value = funnel_svg(self.history, h.exact, _("{what}: the class's estimate and its 95%\u00a0interval "
                                                                "after each batch of tries; dashed: the library's value")
                                       .format(what=h.what), bounds, what=h.what) if self.history else ""
        ref = p.reference
        compare = _("The answer to compare with is")
        self.summary.value = (f"<p><b>{esc(summary_text(self.experiment, p))}</b></p>"
                              f"<p class='pl-muted'>{esc(compare)} {esc(ref.model)}.</p>"
                              + self._lesson(p))

    def _lesson(self, p) -> str:
        """A few sentences on what the class has just seen."""
        h = p.headline
        if p.tries < 2 or math.isnan(h.low):
            return "<p>" + esc(_("Wait for a few tries: one try alone gives no interval.")) + "</p>"
        width = h.high - h.low
        text = _("Each student alone saw only a few tries, and their results (the faint points) scatter widely. "
                 "Pooled, {tries} tries pin the answer down to an interval {width} wide. Four times as many "
                 "tries make it about half as wide: the width shrinks like one over the square root of the "
                 "number of tries.").format(tries=p.tries, width=nums.number(width, significant=3, group=False))
        if not p.reference.exact:
            text += " " + _("The value it is compared with is itself an estimate, from many simulated games: "
                            "its own interval is drawn too.")
        return "<p>" + esc(text) + "</p>"
