"""Position links in the apps: open at ``?position=<text>``, and "Link to this position".

The text format is :mod:`pushlab.share`. An app reads the page's query string with
:func:`page_query` (Voilà's ``get_query_string()``, which also works in preheated
kernels and returns at once outside Voilà), turns it into a game with
:func:`requested_position`, and shows a :class:`PositionLink` that writes the
current position's address into a box to copy.

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

from pushlab.i18n import _, current_language
from pushlab.widgets.common import Shown, esc

__all__ = ["page_query", "page_address", "requested_position", "PositionLink", "SharedPosition"]


def page_query() -> str:
    """The query string of the Voilà page running this kernel; '' outside Voilà (never blocks there)."""
    from pushlab.serving import query_string

    return query_string()


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
                n=f"{len(query):,}") + fallback
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
        import ipywidgets as w

        self.current, self.base = current, base
        self.button = w.Button(description=_("Link to this position"),
                               tooltip=_("Show an address that opens this exact position, to copy and send"))
        self.button.add_class("pl-btn-link")
        self.box = w.Text(value="", description=_("Link:"), placeholder=_("press 'Link to this position'"),
                          layout=w.Layout(width="520px"), style={"description_width": "40px" if current_language() == "en" else "initial"})
        self.box.add_class("pl-position-link")
        self.anchor = w.HTML()
        self.button.on_click(lambda _=None: self.update())
        self.widget = w.HBox([self.button, self.box, self.anchor],
                             layout=w.Layout(flex_flow="row wrap", align_items="center"))

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

        game, problem = requested_position(type(default), text,
                                           fallback=_("Showing the lesson's position instead."))
        self.game = default if game is None else game
        self.message = MessageArea()
        if problem:
            self.message.error(problem)
        self.view = w.HTML(render(self.game))
        self.link = PositionLink(lambda: self.game, base)
        self.widget = w.VBox([self.message.widget, self.view, self.link.widget])
        self.widget.add_class("pl-shared-position")
        page_direction(self.widget)

