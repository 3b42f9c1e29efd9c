"""Teaching widgets: predict then reveal, exercises with feedback, for any lesson.

The questions themselves are data in :mod:`pushlab.teaching` (answers computed by the
library); these widgets only ask them:

- :class:`Predict`: a guess (a slider or a choice), **Lock in my guess**, then **Reveal**:
  the exact answer (library), the simulated one (seeded, with its interval and model) and
  how close the guess was;
- :class:`Exercise`: a number (typed: ``1/6``, ``16.7%``, ``0,167``...) or a choice,
  **Check** (Enter works too), feedback on right or wrong (specific for known mistakes),
  **Show the reasoning**; :class:`Exercises`: every exercise of a lesson, numbered.

A prediction whose answer the page shows right below it covers that answer:
``Predict(key, covers=2)`` blurs the next two cells of the Voilà page (a plot, a table, the
sentence that says the number) until the guess is revealed (CSS ``:has()``; a browser
without it, JupyterLab and the static book show them as before). ``Predict.hide(widget)``
blurs a widget further down the page (an app's panel that would give the answer away)
until the reveal.

Everything works from the keyboard (Tab, Space/Enter, arrow keys on sliders and choices);
feedback is in a ``role="status"`` element. Errors (an unreadable answer) go to the
widget's message line and change nothing. Both widgets can be driven from code
(``answer``, ``lock``/``reveal``), which is how the tests use them.

>>> from pushlab import teaching
>>> ex = Exercise(teaching.exercise("03.first-switch"))
>>> ex.answer("12/108"); ex.correct, "pl-msg pl-error" in ex.feedback.value
(False, True)
>>> ex.answer("1/10"); ex.correct
True
>>> p = Predict(teaching.prediction("03.first-card"))
>>> p.guess.value = 20; p.lock(); p.reveal(); p.closeness.verdict
'close'
"""

from __future__ import annotations

import functools

from pushlab import teaching
from pushlab.errors import ParseError, SetupError, Unavailable
from pushlab.i18n import _
from pushlab.widgets.common import MessageArea, Shown, lean_ipw, page_direction, routed, sheetless_html, styles_html
from pushlab.display.html import CSS, esc

__all__ = ["Exercise", "Exercises", "Predict", "TEACH_CSS", "COVER_CSS", "MAX_COVERS", "css_key"]

TEACH_CSS = """<style>
.pl-teach{border:1px solid #c7d3e0;border-radius:10px;padding:8px 12px;margin:8px 0;background:#fbfcfe;max-width:900px}
.pl-teach .pl-q{font-size:15px;margin:2px 0 6px 0}
.pl-teach .pl-kind{font-size:12px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:#00595f}
.pl-predict{border-left:6px solid #00737f}
.pl-exercise{border-left:6px solid #6a1b9a}
.pl-exercise .pl-kind{color:#6a1b9a}
.pl-teach .pl-cards{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin:4px 0}
.pl-teach .pl-cards figure{margin:0}
.pl-teach .pl-cards figcaption{font-size:12px;color:#444}
.pl-teach .pl-answer-table td{padding:2px 8px;font-size:14px;vertical-align:top}
.pl-teach .pl-answer-table th{padding:2px 8px;font-size:13px;text-align:start;font-weight:600;color:#333}
.pl-teach .widget-button{min-height:36px}
.pl-line{position:relative;height:64px;margin:6px 10px 2px 10px;max-width:640px}
.pl-line .pl-axis{position:absolute;left:0;right:0;top:30px;border-top:2px solid #888}
.pl-line .pl-band{position:absolute;top:23px;height:14px;background:#9cc3e8;border-radius:3px}
.pl-line .pl-mark{position:absolute;top:16px;width:0;height:30px;border-left:3px solid}
.pl-line .pl-mark span{position:absolute;top:-16px;left:-2px;font-size:11px;white-space:nowrap;font-weight:600}
.pl-line .pl-mark.pl-low span{top:30px}
.pl-line .pl-mark.pl-flip span{left:auto;right:-1px}
.pl-line .pl-end{position:absolute;top:2px;font-size:11px;color:#555}
</style>"""


#: The most page cells a prediction may cover (``Predict(..., covers=n)``).
MAX_COVERS = 4
#: Voilà renders each notebook cell as a sibling ``<div cell-index=...>``: the ``n`` cells after
#: the one holding an unrevealed prediction with ``covers=n`` are blurred, so the answer below a
#: question is not read before the guess.
COVER_CSS = "<style>" + ",".join(
    f"[cell-index]:has(.pl-covers-{n}.pl-unrevealed)" + " + [cell-index]" * k
    for n in range(1, MAX_COVERS + 1) for k in range(1, n + 1)
) + ",.pl-covered{filter:blur(7px);user-select:none}</style>"


def css_key(key: str) -> str:
    """A spec's key as a CSS class: ``"03.first-switch"`` -> ``"pl-key-03-first-switch"``."""
    return "pl-key-" + "".join(c if c.isalnum() else "-" for c in key)


def _head(kind: str, question: str, number: int | None = None) -> str:
    """The kind line (``Exercise 2``, ``Predict``) and the question (the style sheets are the
    root's: :func:`sheets`)."""
    label = kind if number is None else f"{kind} {number}"
    return (f"<div class='pl-root'><div class='pl-kind'>{esc(label)}</div>"
            f"<div class='pl-q'>{esc(question)}</div></div>")


def sheets(specs) -> list:
    """The style sheets the teaching widgets of ``specs`` need, carried once by their root:
    pushlab's, the teaching one and, where a question shows cards, the cards'."""
    from pushlab.display.cards import RUMMY_CSS
    return [CSS, TEACH_CSS] + ([RUMMY_CSS] if any(getattr(s, "show", None) for s in specs) else [])


def _cards(groups) -> str:
    """Captioned rows of cards (either game's)."""
    if not groups:
        return ""
    from pushlab.display.cards import block, cards_html
    figures = "".join(f"<figure><figcaption>{esc(caption)}</figcaption>{cards_html(cards, 'sm')}</figure>"
                      for caption, cards in groups)
    return block(f"<div class='pl-cards'>{figures}</div>", tag="div")


def _status(text: str, kind: str) -> str:
    """Feedback in a live region (``kind``: ok, error, info)."""
    if not text:
        return "<div role='status'></div>"
    return f"{CSS}<div role='status' class='pl-root pl-msg pl-{kind}'>{esc(text)}</div>"


def number_line(spec, guess, estimate=None) -> str:
    """A number line from ``spec.low`` to ``spec.high``: the guess (label above), the exact answer
    (label below) and the simulated one with its interval (a band), with a text alternative.
    The range's ends are labelled where no mark stands near them."""
    lo, hi = float(spec.low), float(spec.high)
    at = (lambda v: 100 * min(max((float(v) - lo) / (hi - lo), 0.0), 1.0))
    parts, said = ["<div class='pl-axis'></div>"], [_("your guess {value}").format(value=spec.show(guess))]
    marks = [(guess, "#6a1b9a", _("your guess"), "")]
    if spec.exact is not None:
        marks.append((spec.exact, "#b71c1c", _("exact"), " pl-low"))
        said.append(_("exact {value}").format(value=spec.show(spec.exact)))
    if estimate is not None and not estimate.text:
        a, b = at(estimate.low), at(estimate.high)
        parts.append(f"<div class='pl-band' style='left:{a:.1f}%;width:{max(b - a, 0.6):.1f}%'></div>")
        said.append(_("simulated {low} to {high}").format(low=spec.show(estimate.low), high=spec.show(estimate.high)))
        if spec.exact is None:
            marks.append((estimate.value, "#1b4f80", _("simulated"), " pl-low"))
    for value, colour, name, where in marks:
        if at(value) > 60:              # a label right of a mark near the end would stick out
            where += " pl-flip"         # of a phone's screen: it ends at its mark instead
        parts.append(f"<div class='pl-mark{where}' style='left:{at(value):.1f}%;border-color:{colour}'>"
                     f"<span style='color:{colour}'>{esc(name)}</span></div>")
    spots = [at(value) for value, *_rest in marks]
    if all(x > 15 for x in spots):
        parts.append(f"<div class='pl-end' style='left:0'>{esc(spec.show(lo))}</div>")
    if all(x < 85 for x in spots):
        parts.append(f"<div class='pl-end' style='right:0'>{esc(spec.show(hi))}</div>")
    return (f"<div class='pl-line pushlab-ltr' role='img' aria-label='{esc('; '.join(said))}'>"
            f"{''.join(parts)}</div>")


class Exercise(Shown):
    """One exercise (a :class:`pushlab.teaching.ExerciseSpec`), answered in the widget.

    ``number`` numbers it in its lesson. ``answer(response)`` sets the input and checks it
    (a typed text, a choice's value, or values for a multiple choice); ``correct`` is True
    once a right answer was checked; ``attempts`` counts checks. ``root=False``: a part of
    :class:`Exercises`, which carries the page's styles once for all its exercises.
    """

    def __init__(self, spec, number: int | None = None, root: bool = True):
        w = lean_ipw()
        self.spec, self.correct, self.attempts, self._last = spec, False, 0, None
        self.sheets = sheets([spec])
        html = functools.partial(sheetless_html, self.sheets)
        self.message = MessageArea(self.sheets)
        self.header = html(value=_head(_("Exercise"), spec.question, number) + _cards(spec.show))
        if spec.kind == "number":
            self.input = w.Text(value="", placeholder=_("e.g. 3/8, 0.375 or 37.5%") if spec.unit == "probability"
                                else _("a number"), description=_("Your answer:"), continuous_update=False,
                                style={"description_width": "initial"}, layout=dict(width="340px"))
            self.input.observe(lambda change: self._typed(), "value")
            controls = [self.input]
        elif spec.kind == "choice":
            self.input = w.RadioButtons(options=[(c.label, c.value) for c in spec.choices], value=None,
                                        description=_("Your answer:"), style={"description_width": "initial"},
                                        layout=dict(width="auto"))
            controls = [self.input]
        else:
            self.boxes = {c.value: w.Checkbox(value=False, description=c.label, indent=False,
                                              layout=dict(width="auto")) for c in spec.choices}
            self.input = w.VBox(list(self.boxes.values()))
            tick = _("Tick every right answer.")
            controls = [w.HTML(f"<span class='pl-muted'>{esc(tick)}</span>"), self.input]
        self.check_button = w.Button(description=_("Check"), button_style="primary", icon="check",
                                     tooltip=_("Check your answer"), layout=dict(width="auto"))
        self.reason_button = w.Button(description=_("Show the reasoning"), icon="lightbulb-o",
                                      tooltip=_("Show how to get the answer"), layout=dict(width="auto"))
        self.feedback = html(value=_status("", ""))
        self.reasoning = None               # built when first shown (most readers never open it)
        guard = routed(self.message)
        self.check_button.on_click(guard(lambda _b=None: self.check()))
        self.reason_button.on_click(guard(lambda _b=None: self.toggle_reasoning()))
        buttons = w.HBox([self.check_button, self.reason_button], layout=dict(flex_flow="row wrap"))
        self.widget = w.VBox([self.header, *controls, buttons, self.message.widget, self.feedback],
                             _dom_classes=("pl-teach", "pl-exercise", css_key(spec.key)))
        page_direction(self.widget, sheets="".join(self.sheets), styles=root)

    def response(self):
        """What the student has entered now."""
        if self.spec.kind == "multi":
            return tuple(v for v, box in self.boxes.items() if box.value)
        return self.input.value

    def _typed(self) -> None:
        """Enter (or leaving the field) checks a typed answer."""
        if self.input.value.strip():
            routed(self.message)(self.check)()

    def check(self) -> None:
        """Check the current response and show the feedback (an unreadable one raises AnswerError)."""
        response = self.response()
        if response == self._last and self.attempts:
            return                                  # Enter, then the button: checked once
        fb = self.spec.check(response)
        self._last = response
        self.attempts += 1
        self.correct = self.correct or fb.correct
        self.feedback.value = _status(fb.message, "ok" if fb.correct else "error")

    def answer(self, response) -> None:
        """Enter ``response`` and check it (errors go to the message line, as for a reader)."""
        self._last = None
        if self.spec.kind == "multi":
            picked = {response} if isinstance(response, str) else set(response)
            for value, box in self.boxes.items():
                box.value = value in picked
        elif self.spec.kind == "number":
            with self.input.hold_trait_notifications():
                self.input.value = str(response)
        else:
            self.input.value = response
        routed(self.message)(self.check)()

    def toggle_reasoning(self) -> None:
        """Show (or hide again) the reasoning and the answer."""
        hidden = not self.reasoning_shown
        if hidden:
            s = self.spec
            label = f" <span class='pl-muted'>({esc(s.label)})</span>" if s.label else ""
            value = (f"<div class='pl-root pl-msg pl-info'><p><b>{esc(_('Answer:'))}</b> "
                     f"{esc(s.answer_text)}{label}</p><p>{esc(s.reasoning)}</p></div>")
            if self.reasoning is None:
                w = lean_ipw()
                self.reasoning = sheetless_html(self.sheets, value=value, layout=w.Layout())   # its own: hidden again
                self.widget.children = (*self.widget.children, self.reasoning)
            else:
                self.reasoning.value = value
        self.reasoning.layout.display = None if hidden else "none"
        self.reason_button.description = _("Hide the reasoning") if hidden else _("Show the reasoning")

    @property
    def reasoning_shown(self) -> bool:
        """Whether the reasoning is on show."""
        return self.reasoning is not None and self.reasoning.layout.display != "none"


class Exercises(Shown):
    """The exercises of ``lesson`` (a number or a name, :func:`pushlab.teaching.exercises`),
    numbered from ``start``: all of them, or those whose keys are in ``keys`` (a lesson can ask
    its core exercises in one place and its extension's in another)."""

    def __init__(self, lesson, keys=None, start: int = 1):
        w = lean_ipw()
        specs = teaching.exercises(lesson)
        if keys is not None:
            unknown = set(keys) - {s.key for s in specs}
            if unknown:
                raise ParseError(f"no exercise {sorted(unknown)} in lesson {lesson!r}")
            specs = [s for s in specs if s.key in keys]
        self.items = [Exercise(spec, i, root=False) for i, spec in enumerate(specs, start)]
        # the exercises' styles once, in a first child (each exercise has the page's classes)
        self.widget = w.VBox([styles_html("".join(sheets(specs)))] + [e.widget for e in self.items])
        self.widget.add_class("pl-exercises")

    def __getitem__(self, key):
        """An exercise by its key or its index (an unknown key is a KeyError naming the keys)."""
        if isinstance(key, int):
            return self.items[key]
        for e in self.items:
            if e.spec.key == key:
                return e
        raise KeyError(f"no exercise {key!r} here; these are {[e.spec.key for e in self.items]}")


class Predict(Shown):
    """A prediction (a :class:`pushlab.teaching.PredictionSpec`, or its key): guess, lock, reveal.

    ``lock()`` freezes the guess; ``reveal()`` (only after locking) shows the exact and the
    simulated answers and how close the guess was (``closeness``); ``again()`` starts over.
    """

    def __init__(self, spec, covers: int = 0):
        w = lean_ipw()
        if isinstance(spec, str):
            spec = teaching.prediction(spec)
        if not (isinstance(covers, int) and 0 <= covers <= MAX_COVERS):
            raise SetupError(f"covers must be a number of page cells from 0 to {MAX_COVERS}, got {covers!r}")
        self.covers = covers
        self.spec, self.locked, self.revealed = spec, False, False
        self.closeness = self.estimate = None
        self.sheets = sheets([])
        html = functools.partial(sheetless_html, self.sheets)
        self.message = MessageArea(self.sheets)
        self.header = html(value=_head(_("Predict"), spec.question))
        describe = {"percent": _("Your guess (%):"), "games": _("Your guess (games):"),
                    "points": _("Your guess (points):")}.get(spec.unit, _("Your guess:"))
        if spec.kind == "number":
            # a number field, not a slider: ipywidgets' slider handle has no accessible name (axe:
            # aria-input-field-name); the field has a label, arrow keys step it, phones show digits
            whole = float(spec.step).is_integer() and float(spec.low).is_integer()
            cls = w.BoundedIntText if whole else w.BoundedFloatText
            cast = int if whole else float
            self.guess = cls(value=cast(spec.initial), min=cast(spec.low), max=cast(spec.high), step=cast(spec.step),
                             description=describe, style={"description_width": "initial"},
                             layout=dict(width="260px"))
        else:
            self.guess = w.RadioButtons(options=[(c.label, c.value) for c in spec.choices], value=None,
                                        description=describe, style={"description_width": "initial"},
                                        layout=dict(width="auto"))
        self.lock_button = w.Button(description=_("Lock in my guess"), button_style="primary", icon="lock",
                                    tooltip=_("Fix your guess before you see the answer"),
                                    layout=dict(width="auto"))
        self.reveal_button = w.Button(description=_("Reveal the answer"), icon="eye", disabled=True,
                                      tooltip=_("Show the exact and the simulated answer"),
                                      layout=dict(width="auto"))
        self.again_button = w.Button(description=_("Guess again"), icon="undo",
                                     tooltip=_("Start this prediction again"),
                                     layout=w.Layout(width="auto", display="none"))   # its own: shown and hidden
        self.status = html(value=_status(_("Make your guess, then lock it in."), "info"))
        self.result = html(value="")
        self.hidden = []                    # widgets elsewhere on the page blurred until the reveal
        self.sheets.append(COVER_CSS)       # for covers=n and for hide(): on the page either way
        if covers:
            self.result.value = _status(_("The answer below stays hidden until you reveal it."), "info")
        guard = routed(self.message)
        self.lock_button.on_click(guard(lambda _b=None: self.lock()))
        self.reveal_button.on_click(guard(lambda _b=None: self.reveal()))
        self.again_button.on_click(guard(lambda _b=None: self.again()))
        buttons = w.HBox([self.lock_button, self.reveal_button, self.again_button],
                         layout=dict(flex_flow="row wrap"))
        covered = (f"pl-covers-{covers}", "pl-unrevealed") if covers else ()
        self.widget = w.VBox([self.header, self.guess, buttons, self.message.widget, self.status, self.result],
                             _dom_classes=("pl-teach", "pl-predict", css_key(spec.key), *covered))
        page_direction(self.widget, sheets="".join(self.sheets))

    def hide(self, *widgets) -> Predict:
        """Blur ``widgets`` until this prediction is revealed: a part of the page further down
        (an app's panel, say) that would give the answer away before the guess, with the line
        that says so under the prediction. Nothing is blurred once the answer has been revealed;
        returns the prediction.

        >>> import ipywidgets
        >>> panel = ipywidgets.HTML("first player: 60.8%")
        >>> p = Predict("11.first-player").hide(panel)
        >>> "pl-covered" in panel._dom_classes
        True
        """
        self.hidden.extend(widgets)
        if not self.revealed:
            for widget in widgets:
                widget.add_class("pl-covered")
            if widgets and not self.result.value:      # say why a part of the page is blurred
                self.result.value = _status(_("The answer below stays hidden until you reveal it."), "info")
        return self

    def lock(self) -> None:
        """Freeze the guess (a choice must be made first)."""
        if self.guess.value is None:
            raise Unavailable(_("Choose an answer first."))
        self.locked = True
        self.guess.disabled = True
        self.lock_button.disabled = True
        self.reveal_button.disabled = False
        self.status.value = _status(_("Your guess is locked: {guess}. Now reveal the answer.").format(
            guess=self.spec.show(self.guess.value)), "info")

    def reveal(self) -> None:
        """Show the exact answer, the simulated one and how close the guess was."""
        if not self.locked:
            raise Unavailable(_("Lock in your guess first."))
        s = self.spec
        self.reveal_button.disabled = True
        self.status.value = _status(_("Computing…"), "info")
        self.estimate = s.estimate()
        self.closeness = s.closeness(self.guess.value, self.estimate)
        rows = []
        if s.exact is not None:
            label = f" <span class='pl-muted'>({esc(s.exact_label)})</span>" if s.exact_label else ""
            rows.append((s.exact_heading or _("Exact (library)"),
                         f"<b>{esc(s.show(s.exact))}</b>: {esc(s.exact_text)}{label}"))
        if self.estimate is not None:
            e = self.estimate
            text = e.text or _("{value}, 95%\u00a0interval {low} to {high}").format(
                value=s.show(e.value), low=s.show(e.low), high=s.show(e.high))
            rows.append((_("Simulated (estimate)"), f"{esc(text)} <span class='pl-muted'>({esc(s.model)})</span>"))
        table = "".join(f"<tr><th scope='row'>{esc(k)}</th><td>{v}</td></tr>" for k, v in rows)
        line = number_line(s, self.guess.value, self.estimate) if s.kind == "number" else ""
        kind = {"right": "ok", "close": "info", "far": "error"}[self.closeness.verdict]
        # The verdict first, then the table: the browser applies the two updates in this order,
        # so whoever sees the answer table also sees the verdict, never "Computing…".
        self.status.value = _status(self.closeness.message, kind)
        self.result.value = (f"<div class='pl-root'>{line}<table class='pl-answer-table'>{table}"
                             f"</table><p>{esc(s.explain)}</p></div>")
        self.revealed = True
        self.again_button.layout.display = None
        self.widget.remove_class("pl-unrevealed")      # the cells it covers show (and stay shown)
        for widget in self.hidden:
            widget.remove_class("pl-covered")

    def again(self) -> None:
        """Start over: unlock the guess and hide the answer."""
        self.locked = self.revealed = False
        self.guess.disabled = False
        self.lock_button.disabled = False
        self.reveal_button.disabled = True
        self.again_button.layout.display = "none"
        self.result.value = ""
        self.status.value = _status(_("Make your guess, then lock it in."), "info")
