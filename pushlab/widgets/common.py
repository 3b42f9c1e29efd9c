"""Rendering and error-routing helpers shared by the widgets of both games.

Everything here is presentation: HTML strings for cards, stacks and messages,
and a message area that shows any exception a callback raises. No game rules.

>>> "pl-card" in card_face("7", "#d62728", title="red 7")
True
>>> error_text(ValueError("bad"))
'Error: bad'
"""

from __future__ import annotations

import functools
import html
import traceback

from pushlab.errors import IllegalAction, PushlabError
from pushlab.i18n import _

__all__ = [
    "CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html",
    "message_html", "error_text", "MessageArea", "routed", "RunButton", "page_direction",
]

#: One style sheet for every pushlab widget; prefixed ``pl-`` to avoid clashes.
CSS = """<style>
.pl-root{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;line-height:1.3}
.pl-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 position:relative;box-sizing:border-box;width:46px;height:66px;margin:2px;border-radius:8px;
 border:2px solid rgba(0,0,0,.35);box-shadow:1px 2px 3px rgba(0,0,0,.25);color:#fff;
 font-weight:700;vertical-align:top;text-shadow:0 1px 1px rgba(0,0,0,.35)}
.pl-card .pl-big{font-size:26px;line-height:1}
.pl-card .pl-small{font-size:9px;letter-spacing:.04em;text-transform:uppercase;margin-top:3px}
.pl-card .pl-corner{position:absolute;top:2px;left:4px;font-size:10px;line-height:1}
.pl-card .pl-mark{position:absolute;top:2px;right:4px;font-size:11px;line-height:1}
.pl-card.pl-sm .pl-mark{top:1px;right:2px;font-size:9px}
.pl-card.pl-sm .pl-corner{top:1px;left:3px;font-size:9px}
.pl-card.pl-light{color:#222;text-shadow:none}
.pl-card.pl-sm{width:32px;height:46px;border-radius:6px;border-width:1.5px}
.pl-card.pl-sm .pl-big{font-size:17px}
.pl-card.pl-sm .pl-small{display:none}
.pl-card.pl-back{background:repeating-linear-gradient(45deg,#35506b,#35506b 4px,#43627f 4px,#43627f 8px);}
.pl-stack{display:inline-flex;flex-direction:column;align-items:center;margin:2px 8px 2px 2px;vertical-align:top}
.pl-stack .pl-pile{position:relative;width:54px;height:74px}
.pl-stack .pl-pile .pl-card{position:absolute;margin:0}
.pl-stack.pl-sm .pl-pile{width:40px;height:54px}
.pl-slot.pl-sm{width:32px;height:46px;border-radius:6px;font-size:9px}
.pl-stack .pl-cap{font-size:12px;color:#444;text-align:center;margin-top:2px}
.pl-row{display:flex;flex-wrap:wrap;align-items:flex-start;gap:6px}
.pl-box{border:1px solid #d0d0d0;border-radius:8px;padding:6px 8px;margin:4px;background:#fafafa}
.pl-box.pl-hl{border:2px solid #e08a00;background:#fff8ea}
.pl-box h4{margin:0 0 4px 0;font-size:13px;font-weight:600;color:#333}
.pl-col{display:flex;flex-direction:column;align-items:center;min-width:54px;min-height:80px}
.pl-col .pl-card{margin:-8px 2px 0 2px}
.pl-col .pl-card:first-of-type{margin-top:2px}
.pl-slot{width:46px;height:66px;border:2px dashed #bbb;border-radius:8px;box-sizing:border-box;margin:2px;
 display:flex;align-items:center;justify-content:center;color:#595959;font-size:11px;text-align:center}
.pl-msg{padding:6px 10px;border-radius:6px;margin:4px 0;font-size:14px}
.pl-msg.pl-error{background:#fdecea;color:#a4000f;border:1px solid #e57373;font-weight:600}
.pl-msg.pl-info{background:#eef5fc;color:#1b4f80;border:1px solid #9cc3e8}
.pl-msg.pl-ok{background:#edf7ed;color:#1e5e20;border:1px solid #8bc48d}
.pl-log{font-size:13px;max-height:420px;overflow-y:auto;margin:0;padding-left:34px}
.pl-log li.pl-new{font-weight:600}
.pl-muted{color:#666;font-size:12px}
.pl-kv td{padding:1px 6px;font-size:13px}
.pl-kv th{padding:1px 6px;font-size:12px;text-align:left;font-weight:600;color:#444}
.pl-root p{font-size:14px;margin:4px 0}
.pl-data summary{cursor:pointer;font-size:13px;color:#1b4f80}
.pl-data table{border-collapse:collapse;font-size:12px;margin:4px 0}
.pl-data td,.pl-data th{border:1px solid #ccc;padding:1px 6px;text-align:left}
/* ipywidgets' warning (orange) and success (green) buttons: white text below WCAG AA 4.5:1; darker shades */
.jupyter-button.mod-warning,.jupyter-widgets.mod-warning.jupyter-button{background-color:#b35900}
.jupyter-button.mod-success,.jupyter-widgets.mod-success.jupyter-button{background-color:#2e7d32}
.jupyter-button.mod-info,.jupyter-widgets.mod-info.jupyter-button{background-color:#00737f}
.pl-bar{display:inline-block;height:10px;background:#5b8cc0;vertical-align:middle;border-radius:2px}
</style>"""


def esc(text) -> str:
    """Escape any value for HTML.

    >>> esc("<b>")
    '&lt;b&gt;'
    """
    return html.escape(str(text), quote=True)


def card_face(big, colour, *, small="", corner="", title="", light=False, size="", mark="") -> str:
    """HTML of one face-up card: a coloured rounded rectangle with a big label.

    ``colour`` is any CSS colour; ``light`` uses dark ink (for pale cards);
    ``size="sm"`` draws a small card. ``corner`` (top left, e.g. the colour's letter)
    and ``mark`` (top right, e.g. the colour's shape) let a reader tell cards apart
    without seeing colour; the accessible name is ``title``.

    >>> card_face("3", "red", corner="R", mark="\u25cf", title="red 3").count("pl-mark")
    1

    >>> card_face("5", "blue", title="blue 5").startswith('<span class="pl-card')
    True
    """
    classes = "pl-card" + (" pl-light" if light else "") + (f" pl-{size}" if size else "")
    parts = [f'<span class="{classes}" style="background:{esc(colour)}" title="{esc(title)}" '
             f'role="img" aria-label="{esc(title or big)}">']
    if corner:
        parts.append(f'<span class="pl-corner">{esc(corner)}</span>')
    if mark:
        parts.append(f'<span class="pl-mark">{esc(mark)}</span>')
    parts.append(f'<span class="pl-big">{esc(big)}</span>')
    if small:
        parts.append(f'<span class="pl-small">{esc(small)}</span>')
    parts.append("</span>")
    return "".join(parts)


def card_back(title=None, size="") -> str:
    """HTML of one face-down card (``title`` default: "face-down card", translated).

    >>> "pl-back" in card_back()
    True
    """
    title = _("face-down card") if title is None else title
    classes = "pl-card pl-back" + (f" pl-{size}" if size else "")
    return f'<span class="{classes}" title="{esc(title)}"></span>'


def stack_html(count: int, caption: str, title: str = "", size: str = "") -> str:
    """A face-down stack of ``count`` cards (at most 4 drawn) with a caption under it.

    ``size="sm"`` draws a small stack.

    >>> "12 cards" in stack_html(12, "12 cards")
    True
    """
    layers = min(max(count, 0), 4)
    sized = f" pl-{size}" if size else ""
    if layers == 0:
        pile = f'<span class="pl-slot{sized}" style="position:absolute">' + esc(_("empty")) + '</span>'
    else:
        pile = "".join(
            card_back(title, size).replace(f'class="pl-card pl-back{sized}"',
                                           f'class="pl-card pl-back{sized}" style="top:{2 * i}px;left:{2 * i}px"', 1)
            for i in range(layers))
    return (f'<span class="pl-stack{sized}" title="{esc(title or caption)}"><span class="pl-pile">{pile}</span>'
            f'<span class="pl-cap">{esc(caption)}</span></span>')


def row_html(items) -> str:
    """Lay HTML fragments out left to right, wrapping.

    >>> row_html(["a", "b"])
    '<div class="pl-row">ab</div>'
    """
    return '<div class="pl-row">' + "".join(items) + "</div>"


def box_html(title: str, body: str, highlight: bool = False, style: str = "") -> str:
    """A titled, bordered box (``highlight`` marks e.g. the player whose turn it is).

    >>> box_html("Ann", "x").count("Ann")
    1
    """
    cls = "pl-box pl-hl" if highlight else "pl-box"
    st = f' style="{esc(style)}"' if style else ""
    return f'<div class="{cls}"{st}><h4>{esc(title)}</h4>{body}</div>'


def message_html(text: str, kind: str = "info") -> str:
    """A coloured message line; ``kind`` is ``"error"``, ``"info"`` or ``"ok"``; empty text gives ''.

    >>> 'pl-error' in message_html("Illegal: no", "error")
    True
    >>> message_html("")
    ''
    """
    if not text:
        return ""
    role = ' role="alert"' if kind == "error" else ' role="status"'     # both are announced
    return f'{CSS}<div class="pl-root pl-msg pl-{esc(kind)}"{role}>{esc(text)}</div>'


def error_text(exc: BaseException) -> str:
    """The sentence shown to a reader for an exception, with the legal actions if known.

    >>> error_text(IllegalAction("'stop' needs at least one column", "stop", ["draw"]))
    "Illegal: 'stop' needs at least one column. Legal: draw"
    """
    msg = str(exc).strip()
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
