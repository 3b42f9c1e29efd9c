"""The push-your-luck lesson blocks: a table, the odds, scripted step-through players.

:class:`TableView` and :class:`OddsPanel` observe a game; :class:`StepThrough` and
:class:`CompareSteps` replay a lesson's script with Back / Next (on
:class:`pushlab.widgets.lessons.StepPlayer`).
"""

from __future__ import annotations

from pushlab.errors import SetupError
from pushlab.i18n import _
from pushlab.widgets.common import Shown, ipw, lean, page_direction, sheetless_html
from pushlab.widgets.lessons import StepPlayer, replay
from pushlab.display.html import CSS, esc, title_html
from pushlab.widgets.render.luck import _step_html, log_html, odds_html, table_html

__all__ = ["TableView", "OddsPanel", "StepThrough", "CompareSteps"]


class TableView(Shown):
    """A static view of one state of the game; ``show(game)`` redraws it.

    ``sheets``: the style sheets of the app it is part of, which its root carries (left out here).

    In a notebook, ``TableView(game)`` displays itself (as its ``widget``).
    """

    def __init__(self, game=None, labels=None, you=None, width: str = "660px", sheets=None):
        layout = dict(width=width, min_width="340px")
        self.widget = (lean(ipw().HTML, layout=layout) if sheets is None
                       else sheetless_html(sheets, layout=layout))       # its app carries ``sheets``
        self.widget.add_class("pl-tableview")
        self.labels, self.you, self.game = labels, you, None
        if game is not None:
            self.show(game)

    def show(self, game) -> None:
        """Draw ``game``."""
        self.game = game
        self.widget.value = table_html(game, self.labels, self.you)

    def _repr_html_(self):
        return table_html(self.game, self.labels, self.you) if self.game is not None else ""


class OddsPanel(Shown):
    """Exact bust probability of the next card (counting vs naive) and the next-card distribution.

    ``sheets``: as for :class:`TableView`."""

    def __init__(self, game=None, sheets=None):
        layout = dict(max_width="560px")
        self.widget = (lean(ipw().HTML, layout=layout) if sheets is None
                       else sheetless_html(sheets, layout=layout))       # its app carries ``sheets``
        self.widget.add_class("pl-odds")
        self.game = None
        if game is not None:
            self.show(game)

    def show(self, game) -> None:
        """Redraw for ``game``."""
        self.game = game
        self.widget.value = odds_html(game)


class StepThrough(StepPlayer):
    """A Next/Back player over a scripted list of actions, the event log beside the table.

    ``notes`` is a list of sentences: ``notes[0]`` for the start, ``notes[i]`` after the
    i-th action (shorter lists are fine), or a dict ``{step: note}``.
    An illegal script raises ``IllegalAction`` naming the step at once.
    """

    def __init__(self, game, actions, notes=None, odds: bool = False, title: str = ""):
        w = ipw()
        self.setup_steps(game, actions, notes)
        self.table = TableView(game)
        self.log = w.HTML(layout=w.Layout(width="330px"))
        self.odds = OddsPanel() if odds else None
        side = [w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b></div>"), self.log]
        if self.odds:
            side.append(self.odds.widget)
        header = [w.HTML(title_html(title, 18, ""))] if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox([self.table.widget, w.VBox(side)], layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
        ])
        self.widget.add_class("pl-stepthrough")
        page_direction(self.widget)
        self.go(0)

    def show(self, game, new_from: int) -> None:
        """Draw the table, the log (this step's lines in bold) and the odds."""
        self.table.show(game)
        self.log.value = log_html(game, start=new_from)
        if self.odds:
            self.odds.show(game)

    def action_html(self, action: str) -> str:
        """Name the next action in words and in the script's notation."""
        return _step_html(action)


class CompareSteps(StepPlayer):
    """One script played on several games side by side (say, the two readings of rule 10).

    ``games`` maps a caption to a ``Game``; every game replays the same ``actions``
    (each must be legal in every game: an illegal step raises at once) and one row of
    Next/Back buttons moves them all. ``notes`` as in :class:`StepThrough`.

    >>> from pushlab.luck import Card, Game
    >>> c = CompareSteps({"a": Game.new(2, deck="R3 B5"), "b": Game.new(2, deck="R3 B5", harder=True)},
    ...                  ["draw", "place 0"])
    >>> c.go(2); [t.game.columns for t in c.tables] == [((Card("R3"),),)] * 2
    True
    """

    def __init__(self, games, actions, notes=None, title: str = "", width: str = "470px"):
        w = ipw()
        items = list(games.items())
        if not items:
            raise SetupError(_("CompareSteps needs at least one game"))

        self.setup_steps(items[0][1], actions, notes)
        self.lines = [replay(game, self.actions) for _, game in items]
        self.tables = [TableView(game, width=width) for _, game in items]
        self.logs = [w.HTML(layout=w.Layout(width=width)) for _ in items]
        sides = [w.VBox([w.HTML(f"{CSS}<div class='pl-root' style='font-size:16px;font-weight:600;"
                                f"margin:4px'>{esc(caption)}</div>"),
                         table.widget, w.HTML(f"{CSS}<div class='pl-root'><b>" + esc(_("Event log")) + "</b> "
                                              + esc(_("(latest)")) + "</div>"),
                         log])
                 for (caption, _game), table, log in zip(items, self.tables, self.logs)]
        header = [w.HTML(title_html(title, 18, ""))] if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox(sides, layout=w.Layout(align_items="flex-start", flex_flow="row wrap")),
        ])
        self.widget.add_class("pl-comparesteps")
        page_direction(self.widget)
        self.go(0)

    def show(self, game, new_from: int) -> None:
        """Draw every game at the current step; each log shows its last lines, this step's in bold."""
        k = self.step
        for states, table, log in zip(self.lines, self.tables, self.logs):
            g = states[k]
            start = len(states[k - 1].log) if k else len(g.log)
            log.value = log_html(g, start=start, last=max(6, len(g.events) - start))
            table.show(g)

    def action_html(self, action: str) -> str:
        """Name the next action in words and in the script's notation."""
        return _step_html(action)
