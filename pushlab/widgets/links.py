"""Position links in the apps: open at ``?position=<text>``, and "Link to this position".

The text format is :mod:`pushlab.share`. An app shows its default game first and reads
the page's query string with :func:`on_page_query` (at once; in a kernel of the warm pool,
when the reader's request arrives, so the page is ready before anyone asks for it), turns
it into a game with :func:`requested_position`, and shows a :class:`PositionLink` that
writes the current position's address into a box to copy.

>>> from pushlab.luck import Game
>>> g = Game.new(3, seed=1)
>>> from pushlab.share import encode
>>> requested_position(Game, query="position=" + encode(g)) == (g, "")
True
>>> requested_position(Game, query="")
(None, '')
>>> requested_position(Game, query="position=")[1]
'This link names no position (position= is empty). Showing a new game instead.'
"""

from __future__ import annotations

import os
import threading

from pushlab.i18n import _, current_language
from pushlab.widgets.common import Shown, esc, kernel_loop, routed
from pushlab.i18n import numbers as nums

__all__ = ["page_query", "on_page_query", "follow_page_position", "page_address", "requested_position",
           "PlaysPositions", "PositionLink", "SharedPosition"]


def page_query() -> str:
    """The query string of the Voilà page running this kernel; '' outside Voilà (never blocks there)."""
    from pushlab.serving import query_string

    return query_string()


def on_page_query(callback, message=None) -> threading.Thread | None:
    """Call ``callback(query)`` with the page's query string (:func:`page_query`).

    At once, except in a kernel of the warm pool (``VOILA_PREHEAT=True``), which runs the
    lesson before any reader comes: there a background thread waits for the reader's
    request (and is returned), so the cell goes on and the page, built with the app's
    default game, is ready when the reader arrives. The callback then runs on the
    kernel's event loop, between two of the reader's clicks, as a click's handler does
    (without a kernel loop, in tests: in the thread). An exception in it is shown in
    ``message`` (a :class:`~pushlab.widgets.common.MessageArea`).

    >>> on_page_query(lambda query: print(repr(query)))
    ''
    """
    from pushlab.serving import in_warm_kernel

    if not in_warm_kernel():
        callback(page_query())
        return None

    loop = kernel_loop()            # read here, on the kernel's own thread
    if message is not None:
        callback = routed(message, clear=False)(callback)
        query_of_the_page = routed(message, clear=False)(page_query)
    else:
        query_of_the_page = page_query

    def wait_for_the_reader():
        """The thread: the reader's query, then the callback on the kernel's loop."""
        query = query_of_the_page()
        if query is None:                     # it failed, and says so in ``message``
            return
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(callback, query)
        else:
            callback(query)

    thread = threading.Thread(target=wait_for_the_reader, name="pushlab-page-query", daemon=True)
    thread.start()
    return thread


def follow_page_position(game_type, play, message, fallback: str | None = None) -> threading.Thread | None:
    """Once the page's query is known (:func:`on_page_query`), play its ``?position=`` (a
    ``game_type``) with ``play(game)``; a position that cannot be opened leaves the game
    shown and says why in ``message`` (ending with ``fallback``, as in
    :func:`requested_position`); no ``?position=``: nothing happens."""
    def from_the_query(query: str) -> None:
        """The position the query asks for, if any."""
        game, problem = requested_position(game_type, query=query, fallback=fallback)
        if game is not None:
            play(game)
        if problem:
            message.error(problem)

    return on_page_query(from_the_query, message)


class PlaysPositions:
    """The position wiring of a play app: a first game (the page's ``?position=`` over the
    setup's game, read as :func:`follow_page_position` does) and :meth:`open_position`.

    The app has ``message``, ``start()`` (a new game from its setup), ``play(game)`` (play
    a given position) and ``game_type()`` (its engine's ``Game``, imported when asked).
    """

    def first_game(self, position: str | None = None) -> None:
        """``position`` (a text; None: the page's ``?position=``). In a warm kernel, where
        the page's query comes only with the reader, the setup's game now and the page's
        position when the reader's request arrives (so the page is complete before it)."""
        from pushlab.serving import in_warm_kernel

        if position is None and in_warm_kernel():
            self.start()
            follow_page_position(self.game_type(), self._play_from, self.message)
        else:
            self.open_position(position)

    def open_position(self, text: str | None = None, *, query: str | None = None) -> None:
        """Play from the position ``text`` (:mod:`pushlab.share`; None: the ``?position=`` of
        ``query``, by default the page's). No position asked for: a new game from the
        setup. A position that cannot be opened: a new game, and the reason in the
        message line."""
        self._play_from(*requested_position(self.game_type(), text, query=query))

    def _play_from(self, game, problem: str = "") -> None:
        """Play ``game`` (None: a new game from the setup), then show ``problem`` if any."""
        if game is None:
            self.start()
        else:
            self.play(game)
        if problem:
            self.message.error(problem)


def page_address() -> str:
    """The page's address without its query (from Voilà's request variables); '' when unknown."""
    script, host = os.environ.get("SCRIPT_NAME", ""), os.environ.get("SERVER_NAME", "")
    if not script or not host:
        return ""
    port = os.environ.get("SERVER_PORT", "")
    return f"http://{host}{':' + port if port else ''}{script}"


def requested_position(game_type, text: str | None = None, query: str | None = None,
                       fallback: str | None = None):
    """``(game, problem)``: the position ``text`` (or the page's ``?position=``) as a ``game_type``.

    ``(None, "")`` when no position is asked for; ``(None, sentence)`` when the asked-for
    position cannot be opened (empty, truncated, tampered, too long, another version or
    the other game): the app then shows the sentence and its default game. ``fallback``
    ends the sentence (default: "Showing a new game instead.").
    """
    from urllib.parse import parse_qs

    from pushlab.share import MAX_TEXT, ShareError, decode

    fallback = " " + (_("Showing a new game instead.") if fallback is None else fallback)
    if text is None:
        query = page_query() if query is None else query
        if len(query) > MAX_TEXT + 2_000:
            return None, _("This link is too long to hold a position ({n} characters).").format(
                n=nums.decimal(len(query), 0)) + fallback
        values = parse_qs(query.lstrip("?"), keep_blank_values=True).get("position")
        if not values:
            return None, ""
        text = values[0]
    if not text.strip():
        return None, _("This link names no position (position= is empty).") + fallback
    try:
        game = decode(text.strip())
    except ShareError as exc:
        return None, _("This link's position cannot be opened: {problem}.").format(problem=exc) + fallback
    if not isinstance(game, game_type):
        return None, (_("This link holds a position of the other game; open it in that game's app.")
                      + fallback)
    return game, ""


class PositionLink:
    """"Link to this position": a button that writes the address of ``current()``'s position to copy.

    ``base`` is the app's address (default: the page's, from Voilà; a relative
    ``?position=`` link when unknown).
    """

    def __init__(self, current, base: str | None = None):
        from pushlab.widgets.common import lean_ipw

        w = lean_ipw()
        self.current, self.base = current, base
        self.button = w.Button(description=_("Link to this position"),
                               tooltip=_("Show an address that opens this exact position, to copy and send"))
        self.button.add_class("pl-btn-link")
        self.box = w.Text(value="", description=_("Link:"), placeholder=_("press 'Link to this position'"),
                          layout=dict(width="520px"), style={"description_width": "40px" if current_language() == "en" else "initial"})
        self.box.add_class("pl-position-link")
        self.anchor = w.HTML()
        self.button.on_click(lambda _=None: self.update())
        self.widget = w.HBox([self.button, self.box, self.anchor],
                             layout=dict(flex_flow="row wrap", align_items="center"))

    def update(self) -> str:
        """Write the current position's address into the box and return it."""
        from pushlab.share import url_for

        base = self.base if self.base is not None else page_address()
        url = url_for(self.current(), base)
        self.box.value = url
        self.anchor.value = (f'<a href="{esc(url)}" target="_blank" rel="noopener">'
                             + esc(_("open it in a new tab")) + '</a>')
        return url


class SharedPosition(Shown):
    """A position in a lesson: the page's ``?position=`` if it holds one of this game, else ``default``.

    ``render(game) -> html`` draws it (e.g. the game's ``table_html``). A link that cannot
    be opened shows why (``role="alert"``) and the default; "Link to this position" gives
    the address of the position shown. ``text`` instead of the page's query: for tests.

    >>> from pushlab.luck import Game
    >>> from pushlab.widgets.luck import table_html
    >>> v = SharedPosition(Game.new(2, seed=3), table_html, text="L1.broken")
    >>> v.game == Game.new(2, seed=3), v.message.kind, "lesson's position" in v.message.text
    (True, 'error', True)
    """

    def __init__(self, default, render, text: str | None = None, base: str | None = None):
        import ipywidgets as w

        from pushlab.widgets.common import MessageArea, page_direction

        self.game, self.render = default, render
        self.message = MessageArea()
        self.view = w.HTML(render(default))
        self.link = PositionLink(lambda: self.game, base)
        self.widget = w.VBox([self.message.widget, self.view, self.link.widget])
        self.widget.add_class("pl-shared-position")
        page_direction(self.widget)
        fallback = _("Showing the lesson's position instead.")
        if text is None:       # the page's ?position=, once the reader's request is known
            follow_page_position(type(default), self.show, self.message, fallback)
        else:
            game, problem = requested_position(type(default), text, fallback=fallback)
            if game is not None:
                self.show(game)
            if problem:
                self.message.error(problem)

    def show(self, game) -> None:
        """Show ``game`` (its link too)."""
        self.game = game
        self.view.value = self.render(game)

