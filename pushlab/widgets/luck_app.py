"""The push-your-luck play app: a whole game against 1-5 bots, with odds, advice, undo and a review.

:class:`PlayApp` only wires buttons to a :class:`~pushlab.widgets.luck_session.LuckSession`
and redraws; a refused action raises in the session and shows in the message line.
"""

from __future__ import annotations

import functools

from pushlab.i18n import _, ngettext
from pushlab.i18n.forms import colour_name
from pushlab.widgets.common import (MessageArea, Shown, UndoesDecisions, error_text, kernel_loop, lean_ipw,
                                    page_direction, routed, sheetless_html)
from pushlab.widgets.links import PlaysPositions, PositionLink
from pushlab.widgets.luck_lessons import OddsPanel, TableView
from pushlab.widgets.luck_session import (ADVICE_ROLLOUTS, BOT_KINDS, REVIEW_ROLLOUTS, LuckSession,
                                          bot_kind_names, bot_kind_texts, starts)
from pushlab.luck.cards import COLOURS
from pushlab.display.html import CSS, esc
from pushlab.widgets.render.luck import (_column_title, advice_html, log_html, phase_text, summary_html,
                                         switch_rule_text, switch_rule_words)
from pushlab.i18n import numbers as nums

__all__ = ["PlayApp"]


def _label_width(px: str) -> dict:
    """A setting's label width: ``px`` for the English labels, as wide as needed in translations."""
    from pushlab import i18n
    return {"description_width": px if i18n.current_language() == i18n.SOURCE else "initial"}


class PlayApp(PlaysPositions, UndoesDecisions, Shown):
    """A full game against 1-5 bots with live odds, an optional hint, undo and an end summary.

    All game logic is in :class:`LuckSession`; this class only wires buttons to it.
    """

    def __init__(self, n_bots: int = 2, bot_kinds=None, seed=None, hints: bool = False,
                 first: str = "random", advice_rollouts: int = ADVICE_ROLLOUTS,
                 review_rollouts: int = REVIEW_ROLLOUTS, chunk: int = 100,
                 switch_rule: str = "turn", position: str | None = None):
        from pushlab.luck.game import check_switch_rule

        check_switch_rule(switch_rule)
        w = lean_ipw()                      # controls share their layout and style models
        self.advice_rollouts, self.review_rollouts, self.chunk = advice_rollouts, review_rollouts, chunk
        self._task = None
        kinds = list(BOT_KINDS)
        sheets = [CSS]                      # once, in the root (page_direction): not in every piece
        html = functools.partial(sheetless_html, sheets)
        self.message = MessageArea(sheets)
        guard = routed(self.message)
        # setup controls
        self.n_bots = w.BoundedIntText(value=n_bots, min=1, max=5, description=_("Bots:"),
                                       tooltip=_("How many bots play against you (1-5)"),
                                       layout=dict(width="130px"), style=_label_width("40px"))
        first_kind = bot_kinds[0] if bot_kinds else "steady"
        names = bot_kind_names()
        self.kind = w.Dropdown(options=[(f"{names[k]} ({d})", k) for k, d in bot_kind_texts().items()]
                               + [(names["mixed"], "mixed")],
                               value=first_kind if first_kind in kinds else "steady", description=_("Bot kind:"),
                               tooltip=_("How the bots decide"), layout=dict(width="330px"),
                               style=_label_width("65px"))
        self.seed = w.IntText(value=0 if seed is None else int(seed), description=_("Seed:"),
                              tooltip=_("Same seed, same shuffle: replay a game"),
                              layout=dict(width="150px"), style=_label_width("40px"))
        self.first = w.Dropdown(options=[(text, key) for key, text in starts().items()], value=first,
                                description=_("Starts:"), tooltip=_("Who plays the first turn"),
                                layout=dict(width="190px"), style=_label_width("45px"))
        rule_words = switch_rule_words()
        self.switch_rule = w.Dropdown(
            options=[(rule_words["turn"], "turn"), (rule_words["game"], "game")],
            value=switch_rule, description=_("Switch cards:"),
            tooltip=_("Rule 10: does a switch card reverse collection for this turn only, "
                      "or until the next switch card (as the printed rule texts say)?"),
            layout=dict(width="330px"), style=_label_width("90px"))
        self.switch_rule.add_class("pl-switch-rule")
        self.rule_note = html()
        self.rule_note.add_class("pl-rule-note")
        self.new_game = w.Button(description=_("New game"), icon="refresh",
                                 tooltip=_("Deal a new game with these settings"))
        self.show_hint = w.Checkbox(value=hints, description=_("Show advice"), indent=False,
                                    tooltip=_("Whole-game advice (estimated by rollouts) and the one-turn "
                                              "hint (a model of this turn)"), layout=dict(width="120px"))
        # action controls

        def button(name, **kwargs):
            """A button with the class ``pl-btn-<name>``: a stable hook for browser tests."""
            return w.Button(_dom_classes=(f"pl-btn-{name}",), **kwargs)
        self.draw = button("draw", description=_("Draw"), icon="hand-paper-o", button_style="primary",
                             tooltip=_("Draw the top card of the pile"))
        self.stop = button("stop", description=_("Stop"), icon="hand-stop-o", button_style="warning",
                             tooltip=_("Stop pushing and take a column"))
        self.columns = [button(f"col-{i}", description=_column_title(i),
                               tooltip=_("Put the card in / take column {n}").format(n=i + 1),
                               layout=dict(width="120px")) for i in range(3)]
        self.new_column = button("new", description=_("New column"), icon="plus",
                                   tooltip=_("Start a new column with the card"))
        self.banks = [button(f"bank-{c}", description=_("Bank {colour}").format(colour=colour_name(c)),
                             tooltip=_("Bank all your {colour} bench cards").format(colour=colour_name(c)),
                             layout=dict(width="auto", min_width="120px")) for c in COLOURS]
        self.undo = button("undo", description=_("Undo"), icon="undo", tooltip=_("Take back your last decision"))
        for i, b in enumerate(self.columns):
            b.on_click(guard(lambda _=None, i=i: self._column(i)))
        self.new_column.on_click(guard(lambda _=None: self._new_column()))
        for c, b in zip(COLOURS, self.banks):
            b.on_click(guard(lambda _=None, c=c: self._act(f"bank {c}")))
        self.draw.on_click(guard(lambda _=None: self._act("draw")))
        self.stop.on_click(guard(lambda _=None: self._act("stop")))
        self.undo.on_click(guard(lambda _=None: self._undo()))
        self.new_game.on_click(guard(lambda _=None: self.start()))
        self.show_hint.observe(guard(lambda _=None: self.refresh()), names="value")
        # views
        self.table = TableView(width="680px", sheets=sheets)
        self.odds = OddsPanel(sheets=sheets)
        self.hint = html()
        self.hint.add_class("pl-hint")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", bar_style="info",
                                      layout=w.Layout(width="300px", visibility="hidden"))   # its own: shown and hidden
        self.progress.add_class("pl-progress")
        self.log = html()
        self.summary = html()
        self.prompt = html()
        self.prompt.add_class("pl-prompt")
        setup = w.HBox([self.n_bots, self.kind, self.first, self.seed, self.switch_rule,
                        self.new_game, self.show_hint],
                       layout=dict(flex_flow="row wrap", align_items="center"))
        # what to do and the buttons, one block: on a narrow screen it stays on screen above the table
        actions = w.VBox([
            self.prompt,
            w.HBox([self.draw, self.stop, *self.columns, self.new_column, self.undo],
                   layout=dict(flex_flow="row wrap")),
            w.HBox(self.banks, layout=dict(flex_flow="row wrap")),
            self.message.widget,
        ])
        actions.add_class("pl-actionbar")
        side = w.VBox([self.odds.widget, self.progress, self.hint,
                       w.HTML("<div class='pl-root'><b>" + esc(_("Event log")) + "</b> "
                              + esc(_("(latest last)")) + "</div>"), self.log],
                      layout=dict(width="360px", min_width="300px"))
        self.widget = w.VBox([setup, self.rule_note, actions, self.summary,
                              w.HBox([self.table.widget, side],
                                     layout=dict(align_items="flex-start", flex_flow="row wrap"))])
        self.widget.add_class("pl-playapp")
        self._given_kinds = list(bot_kinds) if bot_kinds else None
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (self.widget.children[0], self.link.widget, *self.widget.children[1:])
        page_direction(self.widget, sheets=CSS)
        self.first_game(position)

    # -- wiring
    def game_type(self):
        """The engine's ``Game`` (for position links)."""
        from pushlab.luck import Game
        return Game

    def play(self, game) -> None:
        """Play the position ``game``: the reader takes the seat to act, bots of the chosen kind the others."""
        n = game.num_players - 1
        self.n_bots.value = n
        you = game.current_player if game.current_player is not None else 0
        self.session = LuckSession(game, bots=self._kinds(n), you=you, seed=int(self.seed.value))
        self.message.clear()
        self.refresh()

    def _kinds(self, n: int) -> list:
        """The bots' kinds for ``n`` seats from the setup ("mixed": each kind in turn)."""
        if self.kind.value == "mixed":
            return [list(BOT_KINDS)[i % len(BOT_KINDS)] for i in range(n)]
        return [self.kind.value] * n

    def start(self) -> None:
        """Deal a new game from the setup controls."""
        n = int(self.n_bots.value)
        kinds = self._given_kinds if self._given_kinds and len(self._given_kinds) == n else self._kinds(n)
        self._given_kinds = None
        self.session = LuckSession(n_bots=n, bots=kinds, seed=int(self.seed.value),
                                   first=self.first.value, switch_rule=self.switch_rule.value)
        self.message.clear()
        self.refresh()

    def _act(self, action: str) -> None:
        """Send an action to the session and redraw; a refusal raises on to the message line (``routed``)."""
        try:
            self.session.act(action)
        finally:
            self.refresh()

    def _column(self, i: int) -> None:
        """A column button: place into or take column i, whichever the phase asks."""
        phase = self.session.game.phase
        self._act(f"take {i}" if phase == "collect" else f"place {i}")

    def _new_column(self) -> None:
        """Start a new column with the drawn card."""
        self._act(f"place {len(self.session.game.columns)}")

    def refresh(self) -> None:
        """Redraw everything from the session; enable exactly the legal choice buttons."""
        s = self.session
        g = s.game
        legal = set(s.legal())
        self.table.labels, self.table.you = s.labels, s.you
        self.table.show(g)
        self.rule_note.value = ("<div class='pl-root pl-muted'>" + esc(_("In this game:")) + " "
                                f"{esc(switch_rule_text()[g.switch_rule])}</div>")
        over = g.is_over
        self.draw.disabled = self.stop.disabled = over          # always pressable while playing
        collect = g.phase == "collect"
        for i, b in enumerate(self.columns):
            b.description = _("Take column {n}").format(n=i + 1) if collect else _column_title(i)
            b.disabled = not ({f"place {i}", f"take {i}"} & legal) or (f"place {i}" in legal and i == len(g.columns))
        self.new_column.disabled = f"place {len(g.columns)}" not in legal
        for c, b in zip(COLOURS, self.banks):
            b.disabled = f"bank {c}" not in legal
        self.undo.disabled = not s.history
        self.log.value = log_html(g, start=s.seen, last=40)
        self.odds.show(g)
        self.hint.value = ""
        self._cancel()
        if self.show_hint.value and s.your_move:
            self._start(self._advice_steps(s.hint()))
        self.summary.value = ""
        if over:
            self.summary.value = summary_html(s)
            self._start(self._review_steps())
        # last, with a version number: a front end that sees the new prompt has every update above
        self.version = getattr(self, "version", 0) + 1
        self.prompt.value = (f"<div class='pl-root' role='status' data-version='{self.version}' "
                             f"style='font-size:15px;padding:4px 0'>{esc(self._prompt_text())}</div>")

    # -- work in the background: chunks between which the page stays responsive
    def _cancel(self) -> None:
        """Stop the background computation, if any."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.progress.layout.visibility = "hidden"

    def _start(self, steps) -> None:
        """Run the generator ``steps`` chunk by chunk: as a task of the kernel's event loop
        (clicks are handled between chunks), or at once where no loop runs (plain Python)."""
        import asyncio
        loop = kernel_loop()
        if loop is None:
            for _ in steps:
                pass
            return

        async def drive():
            try:
                for _ in steps:
                    await asyncio.sleep(0.01)
            except Exception as exc:          # shown, never lost in the event loop
                self.message.error(error_text(exc))
            finally:
                self.progress.layout.visibility = "hidden"
        self._task = loop.create_task(drive())

    def _show_progress(self, done: int, total: int, what: str) -> None:
        """Show the progress bar at ``done`` of ``total``."""
        self.progress.max = max(total, 1)
        self.progress.value = done
        self.progress.description = what
        self.progress.layout.visibility = "visible" if done < total else "hidden"

    def _advice_steps(self, hint):
        """Show the one-turn hint now, then the whole-game advice as its rollouts come in."""
        s, total = self.session, self.advice_rollouts
        self.hint.value = advice_html(None, hint, s)
        self._show_progress(0, total, _("advice"))
        yield
        for done, _total in s.advice_steps(total, self.chunk):
            more = (_("(computing: {done} of {total})").format(
                done=nums.decimal(done, 0), total=nums.decimal(total, 0))
                    if done < total else "")
            self.hint.value = advice_html(s.adviser().advice(), hint, s, more)
            self._show_progress(done, total, _("advice"))
            yield

    def _review_steps(self):
        """Review the reader's decisions after the game, with progress."""
        s = self.session
        for done, total in s.review_steps(self.review_rollouts, self.chunk):
            self._show_progress(done, total, _("review"))
            self.summary.value = summary_html(s, ngettext("({done} of {total} decision)", "({done} of {total} decisions)",
                                                          total).format(done=done, total=total))
            yield
        self.summary.value = summary_html(s)

    def _prompt_text(self) -> str:
        """What the reader should do now, in words."""
        g = self.session.game
        if g.is_over:
            return _("The game is over. Press 'New game' to play again.")
        phase = g.phase
        if phase == "push" and not g.columns:
            return _("No column yet (a switch card is set aside): Draw again.")
        return {
            "turn": _("Your turn: Draw a card, or bank one colour of your bench."),
            "place": _("Put the drawn card in a column (or start a new column)."),
            "push": _("Draw again, or Stop and take a column."),
            "collect": _("Take one of the columns on the table."),
        }.get(phase, phase_text().get(phase, ""))

