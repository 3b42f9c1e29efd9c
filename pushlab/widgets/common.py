"""UI plumbing shared by the widgets of both games: the error channel and the lesson player.

A message area that shows any exception a callback raises (:func:`routed`,
:func:`error_text`), a run-on-demand button, the page direction, and the scripted-lesson
player base. The HTML pieces (cards, boxes, messages) live in :mod:`pushlab.widgets.render`
and are re-exported here for older imports. No game rules.

>>> "pl-card" in card_face("7", "#d62728", title="red 7")
True
>>> error_text(ValueError("bad"))
'Error: bad'
"""

from __future__ import annotations

import functools
import traceback

from pushlab.errors import IllegalAction, PushlabError, Unavailable
from pushlab.i18n import _
from pushlab.widgets.render.html import (CSS, box_html, card_back, card_face, esc, message_html,  # noqa: F401
                                         row_html, stack_html)

__all__ = [
    "CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html",
    "message_html", "error_text", "MessageArea", "routed", "RunButton", "page_direction",
]


def error_text(exc: BaseException) -> str:
    """The sentence shown to a reader for an exception, with the legal actions if known.

    >>> error_text(IllegalAction("'stop' needs at least one column", "stop", ["draw"]))
    "Illegal: 'stop' needs at least one column. Legal: draw"
    >>> error_text(Unavailable("Nothing to undo."))
    'Nothing to undo.'
    """
    msg = str(exc).strip()
    if isinstance(exc, Unavailable):
        return msg
    if isinstance(exc, IllegalAction):
        legal = exc.legal
        listed = getattr(exc, "lists_legal", False) or "legal" in msg.lower()
        if legal is not None and not listed:
            shown = ", ".join(map(str, legal)) if not isinstance(legal, str) else legal
            msg = _("{message}. Legal: {actions}").format(message=msg.rstrip("."),
                                                         actions=shown or _("none"))
        return _("Illegal: {message}").format(message=msg)
    if isinstance(exc, (PushlabError, ValueError)):
        return _("Error: {message}").format(message=msg)
    return _("Unexpected {error}: {message}").format(error=type(exc).__name__, message=msg)


def page_direction(widget):
    """Give an app's outer box the page direction of the current language, and the style it needs.

    Right to left (Arabic) adds :data:`pushlab.i18n.RTL_CLASS` and its ``<style>``; cards
    and card notation stay left to right inside (``pushlab-ltr``). Returns ``widget``.
    """
    import ipywidgets as w

    from pushlab import i18n
    i18n.apply_direction(widget)
    style = i18n.page_style()
    if style:
        widget.children = (w.HTML(style), *widget.children)
    return widget


class MessageArea:
    """A message line under a widget: ``error``/``info``/``clear``; ``text`` and ``kind`` are readable.

    Works without ipywidgets' front end (tests read ``.text``); ``.widget`` is the
    ``ipywidgets.HTML`` to place in a layout.

    >>> m = MessageArea(); m.error("nope"); (m.kind, m.text)
    ('error', 'nope')
    """

    def __init__(self):
        import ipywidgets as w
        self.widget = w.HTML(value="", layout=w.Layout(min_height="0px"))
        self.widget.add_class("pl-message")
        self.text, self.kind = "", ""

    def show(self, text: str, kind: str = "info") -> None:
        """Show ``text`` as a message of the given kind."""
        self.text, self.kind = text, (kind if text else "")
        self.widget.value = message_html(text, kind)

    def error(self, text: str) -> None:
        """Show a red error message."""
        self.show(text, "error")

    def info(self, text: str) -> None:
        """Show a neutral message."""
        self.show(text, "info")

    def clear(self) -> None:
        """Remove the message."""
        self.show("", "")


def routed(area: MessageArea, clear: bool = True):
    """Decorator for widget callbacks: any exception is shown in ``area``, never swallowed silently.

    Domain errors show the engine's text; unexpected errors also print their
    traceback to stderr (the kernel log) so a developer can find them.

    >>> m = MessageArea()
    >>> @routed(m)
    ... def press(_=None):
    ...     raise IllegalAction("no column to take", "take 0", [])
    >>> press(); m.text
    'Illegal: no column to take. Legal: none'
    """
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if clear:
                area.clear()
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the reader, by design
                area.error(error_text(exc))
                if not isinstance(exc, ValueError):
                    traceback.print_exc()
                return None
        return wrapper
    return deco


class RunButton:
    """A slow computation run on demand: a button, a progress bar, a message line and an output.

    ``compute(progress)`` does the work and may call ``progress(done, total)``; its
    result goes to ``show(result)``, which runs inside the output (``display`` and
    ``plt.show()`` land there). Errors are shown in the message line. A lesson stays
    quick to open: nothing runs until the reader presses the button (``run()`` does
    the same from code).

    >>> shown = []
    >>> b = RunButton("Go", lambda progress: progress(1, 1) or 42, shown.append)
    >>> b.run(); shown, b.progress.value, b.message.text
    ([42], 1.0, 'Done.')
    """

    def __init__(self, label: str, compute, show, note: str = ""):
        import ipywidgets as w
        self.compute, self.show_result = compute, show
        self.button = w.Button(description=label, icon="play", button_style="primary",
                               layout=w.Layout(width="auto"))
        self.button.add_class("pl-run")
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0, description="",
                                        layout=w.Layout(width="260px", visibility="hidden"))
        self.message = MessageArea()
        self.output = w.Output()
        self.button.on_click(lambda _=None: self.run())
        head = [self.button, self.progress] + ([w.HTML(f"{CSS}<span class='pl-root pl-muted'>"
                                                      f"{esc(note)}</span>")] if note else [])
        self.widget = w.VBox([w.HBox(head, layout=w.Layout(align_items="center",
                                                           flex_flow="row wrap")),
                              self.message.widget, self.output])
        page_direction(self.widget)

    def _progress(self, done, total) -> None:
        """Move the bar to ``done / total``."""
        self.progress.value = float(done) / float(total) if total else 1.0

    def run(self) -> None:
        """Run the computation and show its result (errors go to the message line)."""
        self.button.disabled = True
        self.progress.layout.visibility = "visible"
        self.progress.value = 0.0
        self.message.info(_("Running..."))
        try:
            result = self.compute(self._progress)
            if self.output.outputs:             # (outside a kernel nothing is captured)
                self.output.clear_output(wait=True)
            with self.output:
                self.show_result(result)
            self.message.info(_("Done."))
        except Exception as exc:  # noqa: BLE001 - shown to the reader, by design
            self.message.error(error_text(exc))
            if not isinstance(exc, PushlabError):
                traceback.print_exc()
        finally:
            self.button.disabled = False

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def replay(game, actions) -> list:
    """Every state of a scripted lesson: ``[game, after action 1, ...]``.

    ``actions`` is a list or a comma-separated string. An illegal script raises
    ``IllegalAction`` naming the step at once, so a lesson fails when it is written.

    >>> from pushlab.luck import Game
    >>> states = replay(Game.new(2, deck="R3 B5"), "draw, place 0")
    >>> len(states), states[-1].columns
    (3, ((Card('R3'),),))
    >>> replay(Game.new(2, deck="R3 B5"), "draw, stop")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: step 2 ('stop') of the script is illegal: cannot 'stop' now: Ann must place R3; legal actions: place 0
    """
    states = [game]
    for k, action in enumerate(script_actions(actions), 1):
        try:
            states.append(states[-1].apply(action))
        except IllegalAction as exc:
            raise IllegalAction(_("step {k} ({action}) of the script is illegal: {error}").format(
                k=k, action=repr(action), error=exc), action, exc.legal) from None
    return states


def script_actions(actions) -> list:
    """A lesson's actions as a list, from a list or a comma-separated string."""
    if isinstance(actions, str):
        return [a.strip() for a in actions.split(",") if a.strip()]
    return list(actions)


def notes_by_step(notes) -> dict:
    """Lesson notes as ``{step: sentence}`` from a list (``notes[i]`` after action i) or a dict."""
    if isinstance(notes, dict):
        return {int(k): v for k, v in notes.items()}
    return dict(enumerate(notes or []))


class StepPlayer:
    """Base of the lesson players: Back / Next / Restart over a scripted list of actions.

    A subclass calls :meth:`setup_steps` in its ``__init__``, lays out
    :meth:`step_controls`, ``note``, ``message.widget`` and its own views, then calls
    ``go(0)``; it draws a state in :meth:`show`. ``notes`` is a list (``notes[0]``
    at the start, ``notes[i]`` after action i) or a dict ``{step: note}``; an illegal
    script raises ``IllegalAction`` naming the step at once.
    """

    restart_tip = "Back to the start of the scenario"

    def setup_steps(self, game, actions, notes=None, button_width: str = "110px") -> None:
        """Replay the script and make the step controls."""
        import ipywidgets as w
        self.actions = script_actions(actions)
        self.states = replay(game, self.actions)
        self.notes = notes_by_step(notes)
        self.step = 0
        self.message = MessageArea()
        guard = routed(self.message)
        size = w.Layout(width=button_width)
        self.back = w.Button(description=_("Back"), icon="arrow-left", tooltip=_("Go back one step"),
                             layout=size)
        self.next = w.Button(description=_("Next"), icon="arrow-right", button_style="primary",
                             tooltip=_("Play the next scripted action"), layout=size)
        tip = (_("Back to the start of the scenario") if self.restart_tip == StepPlayer.restart_tip
               else _(self.restart_tip))
        self.restart = w.Button(description=_("Restart"), icon="undo", tooltip=tip, layout=size)
        self.position = w.HTML()
        self.note = w.HTML()
        self.next.on_click(guard(lambda _=None: self.go(self.step + 1)))
        self.back.on_click(guard(lambda _=None: self.go(self.step - 1)))
        self.restart.on_click(guard(lambda _=None: self.go(0)))

    def step_controls(self):
        """The row of step buttons and the position line."""
        import ipywidgets as w
        return w.HBox([self.back, self.next, self.restart, self.position])

    def show(self, game, new_from: int) -> None:
        """Draw ``game``; log lines from index ``new_from`` on are this step's news."""
        raise NotImplementedError

    def action_html(self, action: str) -> str:
        """How the next action is named on the position line."""
        return f"<code>{esc(action)}</code>"

    def go(self, step: int) -> None:
        """Show the state after ``step`` actions (0 = the start)."""
        if not 0 <= step < len(self.states):
            raise IllegalAction(_("no step {step}: the scenario has steps 0 to {last}").format(
                step=step, last=len(self.states) - 1), str(step), [str(i) for i in range(len(self.states))])
        self.step = step
        game = self.states[step]
        self.show(game, len(self.states[step - 1].log) if step else len(game.log))
        what = (esc(_("next:")) + f" {self.action_html(self.actions[step])}" if step < len(self.actions)
                else esc(_("end of the scenario")))
        where = esc(_("Step {step} of {steps}").format(step=step, steps=len(self.actions)))
        self.position.value = (f"{CSS}<div class='pl-root' style='padding:6px 10px'>{where}"
                               f" \u00b7 {what}</div>")
        note = self.notes.get(step, "")
        self.note.value = f"{CSS}<div class='pl-root pl-msg pl-info'>{esc(note)}</div>" if note else ""
        self.next.disabled = step >= len(self.actions)
        self.back.disabled = step == 0

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)
