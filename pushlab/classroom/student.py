"""The student app of a class experiment: join with the code, play tries, each one recorded.

:class:`StudentApp` shows the experiment's question, the table (the normal push-your-luck
table, or the rummy hand), a button per possible action, an optional nickname and the
student's own results (and the class's nicknames while the teacher shows them). It only shows a :class:`~pushlab.classroom.experiments.Task` and
calls ``act``; a finished try goes to the store through a
:class:`~pushlab.classroom.desk.StudentDesk` bound to this experiment. Every control is a
real button or text box (keyboard: Tab, then Enter or Space). The page's ``?code=``
joins at once (:func:`pushlab.widgets.links.on_page_query`, so a warm kernel waits for
the reader in a thread).

**The shuffles are the server's.** Every try is shuffled by a generator seeded from the
kernel's own entropy (on the server), never by the page: a ``?seed=N`` in a student's link
is ignored, so a student cannot replay a deal they liked and fill the class's picture with
it. Only whoever starts the server can make the shuffles repeatable, for a demonstration
or a test: with ``PUSHLAB_DEMO_SEEDS=1`` in the server's environment the page's ``?seed=N``
is honoured. (``StudentApp(seed=...)`` in Python is the same choice, made by who runs it.)
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

import numpy as np

from pushlab.classroom.desk import StudentDesk
from pushlab.classroom.tries import NICKNAME_MAX, ClassroomError, NotAllowed, check_code, clean_nickname
from pushlab.i18n import _, ngettext
from pushlab.i18n.lists import list_text
from pushlab.classroom.views import action_label
from pushlab.widgets.common import MessageArea, Shown, esc, ipw, page_direction, routed

__all__ = ["StudentApp"]

#: Set to ``1`` in the server's environment to let the page's ``?seed=`` fix the shuffles (demos, tests).
DEMO_SEEDS_ENV = "PUSHLAB_DEMO_SEEDS"
#: Text in an HTML widget takes the widgets' line height (44 px on a phone: one line per 44 px);
#: the app's sentences get a reading one.
PROSE = ' style="line-height:1.4"'
#: The most nicknames a student's page lists (the class's, when the teacher shows them).
MAX_NAMES = 40


class StudentApp(Shown):
    """A student's page (see the module doc). ``store``: an open store (default:
    :func:`~pushlab.classroom.store.open_store`); ``code``: join at once; ``seed``: the
    tries' shuffles (default: fresh from the kernel's entropy; the page cannot choose them)."""

    def __init__(self, store=None, code: str | None = None, seed=None, join_from_page: bool = True):
        from pushlab.classroom.store import open_store

        w = ipw()
        self.store = store if store is not None else open_store()
        self.rng = np.random.default_rng(seed)
        self.desk = None
        self.task = None
        self.recorded = False
        self._shown_actions = None
        self.message = MessageArea()
        guard = routed(self.message)
        self.code = w.Text(placeholder=_("e.g. k7q2m"), description=_("Experiment code:"),
                           style={"description_width": "initial"}, layout=w.Layout(width="260px"))
        self.code.add_class("pl-cx-code")
        self.join = w.Button(description=_("Join"), button_style="primary", tooltip=_("Join the class experiment"))
        self.join.add_class("pl-cx-join")
        self.nickname = w.Text(placeholder=_("optional"), description=_("Nickname:"),
                               style={"description_width": "initial"}, layout=w.Layout(width="300px"))
        self.nickname.add_class("pl-cx-nickname")
        self.title = w.HTML()
        self.view = w.HTML()
        self.view.add_class("pl-cx-view")
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.next = w.Button(description=_("Next try"), icon="refresh", tooltip=_("Start your next try"))
        self.next.add_class("pl-cx-next")
        self.note = w.HTML()
        self.note.add_class("pl-cx-note")
        self.mine = w.HTML()
        self.mine.add_class("pl-cx-mine")
        self.join.on_click(guard(lambda _=None: self.open(self.code.value)))
        self.code.on_submit(guard(lambda _=None: self.open(self.code.value)))
        self.next.on_click(guard(lambda _=None: self.new_try()))
        self.play = w.VBox([self.title, self.view, self.buttons, self.note, self.next, self.mine],
                           layout=w.Layout(display="none"))
        self.widget = w.VBox([w.HBox([self.code, self.join, self.nickname],
                                     layout=w.Layout(flex_flow="row wrap", align_items="center")),
                              self.message.widget, self.play])
        self.widget.add_class("pl-classroom-student")
        page_direction(self.widget)
        if code:
            guard(self.open)(code)
        elif join_from_page:
            from pushlab.widgets.links import on_page_query

            on_page_query(self._from_query, self.message)

    def _from_query(self, query: str) -> None:
        params = parse_qs(query.lstrip("?"))
        seed = params.get("seed", [""])[0]
        if os.environ.get(DEMO_SEEDS_ENV) == "1" and seed.isdigit() and len(seed) < 19:
            self.rng = np.random.default_rng(int(seed))   # the server's demo mode only (module doc)
        codes = params.get("code")
        if codes:
            self.code.value = codes[0][:40]
            self.open(codes[0])

    # -- actions
    def open(self, code: str) -> None:
        """Join the experiment ``code`` and start the first try."""
        code = check_code(code)
        self.desk = StudentDesk(self.store, code)
        self.code.value = code
        e = self.desk.experiment
        self.title.value = (f"<h3>{esc(e.title())}</h3><p{PROSE}>{esc(e.question())}</p>")
        self.play.layout.display = "flex"
        self.message.clear()
        self.new_try()

    def new_try(self) -> None:
        """Start a new try (a fresh shuffle)."""
        if self.desk is None:
            raise ClassroomError(_("Enter the experiment code your teacher gives you, then press Join."))
        self.task = self.desk.experiment.new_task(self.rng)
        self.recorded = False
        self.refresh()

    def act(self, action: str) -> None:
        """Do ``action`` in the try; a finished try is recorded at once.

        A nickname the store would refuse is refused before the action (nothing drawn). A
        finished try the store refuses (the teacher paused the experiment, ...) is shown as
        not recorded, the reason in the message line, and **Next try** lets the student go on.
        """
        nickname = clean_nickname(self.nickname.value[:4 * NICKNAME_MAX])
        self.task.act(action)
        if self.task.done:
            try:
                self.desk.record(self.task, nickname)
                self.recorded = True
            except Exception:
                self.refresh()                       # the try is over: Next try is offered
                raise                                # and the reason is shown (routed)
        self.refresh()

    # -- drawing
    def refresh(self) -> None:
        """Redraw the table, the buttons and the student's results."""
        w = ipw()
        task = self.task
        self.view.value = self._table_html(task)
        actions = task.actions()
        for b in self.buttons.children:              # a finished try: the buttons stay, disabled
            b.disabled = not actions
        if actions and actions != self._shown_actions:   # made once per set of actions
            guard = routed(self.message)
            buttons = []
            for a in actions:
                b = w.Button(description=action_label(a), button_style="primary" if a == "draw" else "",
                             layout=w.Layout(width="auto", min_width="110px"))
                b.add_class("pl-cx-act")
                b.add_class("pl-cx-act-" + a.replace(" ", "-"))
                b.on_click(guard(lambda _=None, a=a: self.act(a)))
                buttons.append(b)
            self.buttons.children = buttons
            self._shown_actions = actions
        self.next.layout.display = "flex" if task.done else "none"
        note = esc(task.note)
        if task.done and self.recorded:
            e = self.desk.experiment
            note += " <b>" + esc(_("Recorded: {outcome}.").format(outcome=e.outcome_label(task.outcome))) + "</b>"
        self.note.value = f'<div role="status" aria-live="polite"{PROSE}>{note}</div>'
        self._show_mine()

    def _table_html(self, task) -> str:
        if hasattr(task, "hand"):
            from pushlab.widgets.render.rummy import hand_html

            return hand_html(task.hand, caption=_("Your hand ({n} cards)").format(n=len(task.hand)))
        from pushlab.widgets.render.luck import table_html

        game = getattr(task, "final", None) or task.game
        html = table_html(game, you=task.game.current_player)     # the student's seat, not the shared name
        card = getattr(task, "card", None)
        if card is not None and getattr(task, "busted", False):
            from pushlab.display.cards import card_html

            bust = _("Bust!")
            html = f'<div class="pl-cx-bust"><b>{esc(bust)}</b> {card_html(card)}</div>' + html
        return html

    def _show_mine(self) -> None:
        mine = self.desk.mine()
        students, tries = self.desk.counts()
        e = self.desk.experiment
        shown = list_text([e.outcome_label(t.outcome) + (f" ({action_label(t.choice)})" if t.choice else "")
                           for t in mine[-12:]])
        self.mine.value = (f"<p{PROSE}>" + esc(_("Your tries: {n}").format(n=len(mine)))
                           + (f" — {esc(shown)}" if shown else "") + "<br>"
                           + esc(_("The class so far: {students}, {tries}.").format(
                               students=ngettext("{n} student", "{n} students", students).format(n=students),
                               tries=ngettext("{n} try", "{n} tries", tries).format(n=tries))) + "</p>"
                           + self._names_html())

    def _names_html(self) -> str:
        """The class's nicknames with their tries, while the teacher shows them ('' otherwise)."""
        try:
            names = self.desk.names()
        except NotAllowed:
            return ""
        if not names:
            return ""
        text = ", ".join(f"{name} ({n})" for name, n in names[:MAX_NAMES]) + (" …" if len(names) > MAX_NAMES else "")
        return f'<p class="pl-cx-names"{PROSE}>' + esc(_("Nicknames in the class: {names}").format(names=text)) + "</p>"
