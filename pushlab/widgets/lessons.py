"""The scripted-lesson player both games' lesson blocks build on: Back / Next / Restart over a script.

:func:`replay` turns a lesson's script into its states (an illegal step raises at once,
naming it), :class:`StepPlayer` is the player's buttons, position line and notes.
"""

from __future__ import annotations

from pushlab.errors import IllegalAction
from pushlab.i18n import _
from pushlab.widgets.common import MessageArea, Shown, routed
from pushlab.display.html import CSS, esc

__all__ = ["replay", "script_actions", "notes_by_step", "StepPlayer"]


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


class StepPlayer(Shown):
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
