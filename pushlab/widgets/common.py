"""UI plumbing shared by the widgets of both games: the error channel, a run button, the page direction.

Sessions raise domain errors; a callback wrapped in :func:`routed` shows them in a
:class:`MessageArea` (:func:`error_text` says them in a sentence). No game rules. The HTML
pieces (cards, boxes, messages) live in :mod:`pushlab.display.html` (re-exported here); the
lesson player, which builds on this module, in :mod:`pushlab.widgets.lessons`.

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
from pushlab.display.html import (CSS, DEVICE_CSS, box_html, card_back, card_face, esc, message_html,  # noqa: F401
                                         row_html, stack_html)

__all__ = [
    "CSS", "esc", "card_face", "card_back", "stack_html", "row_html", "box_html",
    "message_html", "error_text", "MessageArea", "routed", "RunButton", "page_direction",
    "Shown", "ipw", "lean_ipw", "lean", "figure_html", "kernel_loop", "INLINE_TOGGLES", "sheetless_html", "styles_html",
]

#: ToggleButtons render their label above the buttons by default; this keeps it beside them.
INLINE_TOGGLES = {"display": "flex", "align_items": "center", "width": "auto"}

def ipw():
    """ipywidgets, imported where widgets are built (importing a widgets module does not import it)."""
    import ipywidgets
    return ipywidgets


# --------------------------------------------------------------------------- lean widgets
#
# Every ipywidgets control comes with a Layout model and most with a style model of its
# own: two more widgets each, which the kernel opens, every page asks the state of and
# the browser builds. An app of 100 controls was 300 widgets (issue 20: a view of app 02
# cost the server 2.1x a one-button notebook's). Widgets drawn the same way can share
# one Layout and one style model (ipywidgets' own documentation passes one Layout to many
# Buttons); :func:`lean` does that for the default ones and for those given as a dict.

_SHARED: dict = {}
_FROZEN: dict = {}


def _frozen_setattr(self, name, value):
    if self.__dict__.get("_pl_frozen") and name in self.keys:
        raise AttributeError(f"this {type(self).__name__} is shared by several widgets and read-only: "
                             f"give the widget its own to change {name!r}")
    super(type(self), self).__setattr__(name, value)


def _frozen_class(klass):
    """A subclass of the model class ``klass`` whose synced traits cannot change after creation."""
    if klass not in _FROZEN:
        _FROZEN[klass] = type(klass.__name__, (klass,), {
            "__setattr__": _frozen_setattr, "__module__": __name__,
            "__doc__": f"A {klass.__name__} shared by several widgets: read-only (:func:`lean`)."})
    return _FROZEN[klass]


def shared_model(klass, options=None):
    """The one read-only ``klass`` model (a Layout or a style) with ``options`` in this kernel.

    >>> import ipywidgets as w
    >>> shared_model(w.Layout, {"width": "auto"}) is shared_model(w.Layout, {"width": "auto"})
    True
    """
    options = dict(options or {})
    try:
        key = (klass, frozenset(options.items()))
        hash(key)
    except TypeError:                       # an unhashable option: a model of its own
        return klass(**options)
    model = _SHARED.get(key)
    if model is None or model.comm is None:   # none yet, or closed (Widget.close_all)
        model = _frozen_class(klass)(**options)
        model.__dict__["_pl_frozen"] = True
        _SHARED[key] = model
    return model


def lean(cls, /, *args, **kwargs):
    """``cls(*args, **kwargs)`` (an ipywidgets control) sharing its Layout and style models.

    ``layout`` and ``style`` left out or given as a dict get the kernel's one read-only
    model with those options (:func:`shared_model`); a ``Layout(...)`` or style instance
    stays the widget's own, so give one to any widget whose layout or style changes later
    (``b.layout.display = "none"``). Changing a shared one raises ``AttributeError``.

    >>> import ipywidgets as w
    >>> a, b = lean(w.Button, description="A"), lean(w.Button, description="B", layout={})
    >>> a.layout is b.layout and a.style is b.style
    True
    >>> c = lean(w.Button, layout=w.Layout(width="9px")); c.layout.display = "none"; c.layout is a.layout
    False
    >>> a.layout.display = "none"
    Traceback (most recent call last):
    ...
    AttributeError: this Layout is shared by several widgets and read-only: give the widget its own to change 'display'
    """
    import ipywidgets

    for name in ("layout", "style"):
        trait = cls.class_traits().get(name)
        value = kwargs.get(name)
        if trait is None or not (value is None or isinstance(value, dict)):
            continue
        klass = trait.klass
        if isinstance(klass, type) and issubclass(klass, ipywidgets.Widget):
            kwargs[name] = shared_model(klass, value)
    return cls(*args, **kwargs)


class _Lean:
    """ipywidgets whose controls are built by :func:`lean` (``w.Button(...)``); models such as
    ``w.Layout(...)`` are plain (a widget's own)."""

    def __getattr__(self, name):
        import ipywidgets

        obj = getattr(ipywidgets, name)
        if isinstance(obj, type) and issubclass(obj, ipywidgets.DOMWidget):
            obj = functools.partial(lean, obj)
        setattr(self, name, obj)
        return obj


_LEAN = _Lean()


def lean_ipw():
    """ipywidgets for an app's builder: every control made with it shares its default or dict
    Layout and style models (:func:`lean`)."""
    return _LEAN


def _style_blocks(sheets) -> list:
    """The ``<style>...</style>`` blocks of the style sheets ``sheets`` (strings)."""
    blocks = []
    for sheet in sheets:
        for part in sheet.split("</style>"):
            if part.strip():
                block = part + "</style>"
                if block not in blocks:
                    blocks.append(block)
    return blocks


def sheetless_html(sheets, **kwargs):
    """An ``HTML`` control (lean) whose value never carries the style sheets ``sheets``: the
    app's root carries them once (:func:`page_direction` with ``sheets``), where every HTML
    piece drawn by :mod:`pushlab.widgets.render` would repeat them (about 3.7 kB each, sent
    again with every redraw).

    >>> h = sheetless_html([CSS], value=CSS + "<b>x</b>" + CSS)
    >>> h.value
    '<b>x</b>'
    """
    cls = _sheetless_class()
    blocks = tuple(_style_blocks(sheets))
    return lean(cls, blocks=blocks, **kwargs)


@functools.lru_cache(maxsize=None)
def _sheetless_class():
    import ipywidgets
    import traitlets

    class SheetlessHTML(ipywidgets.HTML):
        """An HTML control that drops the style blocks ``blocks`` from its value (not synced)."""

        blocks = traitlets.Tuple()

        def __init__(self, blocks=(), **kwargs):
            blocks = tuple(blocks)
            value = _drop_blocks(kwargs.pop("value", ""), blocks)     # its first state, without them
            super().__init__(value=value, blocks=blocks, **kwargs)

        @traitlets.validate("value")
        def _validate_value(self, proposal):
            return _drop_blocks(proposal["value"], self.blocks)

    return SheetlessHTML


def _drop_blocks(value: str, blocks) -> str:
    """``value`` without the style blocks ``blocks``."""
    for block in blocks:
        if block in value:
            value = value.replace(block, "")
    return value


def figure_html(figure, alt: str = "figure", *, dpi: int = 96, tight: bool = True) -> str:
    """A matplotlib figure as the value of an ``HTML`` widget: an inline PNG ``<img>`` with
    ``alt`` text (:func:`pushlab.plots.alt.figure_html`, Arabic drawn shaped), the figure
    closed; a string is returned as it is.

    >>> import matplotlib; matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig = plt.figure(figsize=(1, 1))
    >>> html = figure_html(fig, "an <empty> plot", tight=False)
    >>> html.startswith('<img alt="an &lt;empty&gt; plot" style="max-width:100%" src="data:image/png;base64,')
    True
    >>> plt.fignum_exists(fig.number), figure_html("<b>ready</b>")
    (False, '<b>ready</b>')
    """
    if isinstance(figure, str):
        return figure
    import matplotlib.pyplot as plt

    from pushlab.plots.alt import figure_html as img_html

    try:
        return img_html(figure, alt, table=False, dpi=dpi, tight=tight)
    finally:
        plt.close(figure)


def kernel_loop():
    """The running event loop of a Jupyter kernel, or None (plain Python, tests).

    Another library's loop (Playwright's sync API keeps one running in the main thread
    of a test session) is not a kernel's: work scheduled there would never run.
    """
    import asyncio
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Shown:
    """A holder of an ipywidgets ``widget`` that displays as that widget in a notebook."""

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


class UndoesDecisions:
    """The Undo button's handler, for an app with a ``session`` (a
    :class:`~pushlab.widgets.session.Session`), a ``message`` area and ``refresh()``: the play
    app and lesson 11's PerfectPlay."""

    def _undo(self) -> None:
        """Undo the reader's last decision (nothing to undo: said as a note, not an error)."""
        try:
            self.session.undo()
        except Unavailable as exc:
            self.message.info(str(exc))
        self.refresh()


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


def page_direction(widget, sheets: str = "", styles: bool = True):
    """Give an app's outer box the page direction of the current language and the styles it needs.

    Right to left (Arabic) adds :data:`pushlab.i18n.RTL_CLASS` and its ``<style>``; cards
    and card notation stay left to right inside (``pushlab-ltr``). Every app also gets the
    class ``pl-app`` and :data:`~pushlab.display.html.DEVICE_CSS` (phones, tablets and
    touch screens), in one HTML child put first, followed by ``sheets`` (the style sheets
    its parts need, once: :func:`sheetless_html`). ``styles=False``: the classes only, for
    a box inside another that has them. Returns ``widget``.
    """
    from pushlab import i18n
    i18n.apply_direction(widget)
    widget.add_class("pl-app")
    if styles:
        widget.children = (styles_html(sheets), *widget.children)
    return widget


def styles_html(sheets: str = ""):
    """The HTML child that gives a page the styles of its language and of students' devices
    (:data:`~pushlab.display.html.DEVICE_CSS`), then ``sheets`` (:func:`page_direction`)."""
    from pushlab import i18n
    return lean_ipw().HTML(i18n.page_style() + DEVICE_CSS + sheets)


class MessageArea:
    """A message line under a widget: ``error``/``info``/``clear``; ``text`` and ``kind`` are readable.

    ``sheets``: the style sheets the app's root carries (its messages leave them out).
    Works without ipywidgets' front end (tests read ``.text``); ``.widget`` is the
    ``ipywidgets.HTML`` to place in a layout.

    >>> m = MessageArea(); m.error("nope"); (m.kind, m.text)
    ('error', 'nope')
    """

    def __init__(self, sheets=None):
        if sheets is None:
            self.widget = lean(ipw().HTML, value="", layout={"min_height": "0px"}, _dom_classes=("pl-message",))
        else:                                           # inside an app that carries ``sheets``
            self.widget = sheetless_html(sheets, value="", layout={"min_height": "0px"},
                                         _dom_classes=("pl-message",))
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


class RunButton(Shown):
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
