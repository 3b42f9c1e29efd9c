"""The rummy play app: a match (or one deal) with a bot partner, the reader's odds and a whole-deal hint.

:class:`PlayApp` wires buttons to a :class:`~pushlab.widgets.rummy_session.RummySession`
and redraws; a refused action raises in the session and shows in the message line.
:class:`HandView` is the reader's hand as checkboxes, :class:`OddsPanel` and
:class:`HintPanel` the reader's chances and the background estimate of each choice.
"""

from __future__ import annotations

import functools

from pushlab.errors import IllegalAction
from pushlab.i18n import _
from pushlab.widgets.common import (INLINE_TOGGLES, MessageArea, Shown, error_text, lean_ipw, page_direction, routed,
                                    sheetless_html)
from pushlab.widgets.links import PlaysPositions, PositionLink
from pushlab.display.cards import RUMMY_CSS, card_classes, card_name
from pushlab.display.html import CSS, esc, title_html
from pushlab.widgets.render.rummy import (advice_html, cards_html, log_html, ltr_cards, meld_html, odds_html,
                                          private_html, result_html, table_html)
from pushlab.widgets.rummy_session import RummySession

__all__ = ["PlayApp", "HandView", "OddsPanel", "HintPanel"]


class HandView:
    """The reader's hand as one checkbox per card (click, or Tab to it and press Space, to select).

    A checkbox is what a screen reader needs of a selectable card: its name ("5 of
    hearts", "joker (wild) \u2013 just drawn") and whether it is selected (checked). The
    rank and suit are drawn by CSS from the classes ``pl-rk-<rank>`` and
    ``pl-su-<suit>`` so that the visible card and the spoken name do not repeat.
    """

    def __init__(self, on_toggle, size: int = 0):
        w = lean_ipw()
        self.on_toggle = on_toggle
        self.buttons = []
        self._syncing = False
        self.box = w.HBox([], layout=dict(flex_flow="row wrap", min_height="86px"))
        self.box.add_class("pl-hand")
        self.box.add_class("pushlab-ltr")           # cards low to high, left to right, in every language
        self._grow(size)

    def _grow(self, size: int) -> None:
        """Make sure there are at least ``size`` card checkboxes: made as the hand first needs
        them (a hand grows when pushed to), kept (hidden) when it shrinks."""
        w = lean_ipw()
        for i in range(len(self.buttons), size):
            b = w.Checkbox(value=False, description="", indent=False, _dom_classes=("pl-handcard",),
                           layout=w.Layout(display="none", width="50px"))   # its own: shown and hidden
            b.observe(lambda change, i=i: self._changed(i, change), names="value")
            self.buttons.append(b)
        if len(self.box.children) != len(self.buttons):
            self.box.children = tuple(self.buttons)

    def _changed(self, i, change):
        """Forward a click to the session unless the change came from :meth:`show`."""
        if not self._syncing:
            self.on_toggle(i)

    def show(self, cards, selected=(), new=None) -> None:
        """Show ``cards`` with the indices in ``selected`` checked; ``new`` is the card just drawn."""
        self._grow(len(cards))
        self._syncing = True
        try:
            marked_new = False
            for i, b in enumerate(self.buttons):
                # a card's classes, name and check in one message to the page (none if unchanged)
                keep = [c for c in b._dom_classes if not c.startswith(("pl-rk-", "pl-su-"))
                        and c not in ("pl-red", "pl-wild", "pl-joker", "pl-drawn")]
                with b.hold_sync():
                    if i < len(cards):
                        c = cards[i]
                        name = card_name(c)
                        extra = []
                        if new is not None and c == new and not marked_new:
                            name = _("{card} \u2013 just drawn").format(card=name)
                            marked_new = True
                            extra.append("pl-drawn")
                        extra += ["pl-rk-jk" if c.is_joker else f"pl-rk-{c.rank}",
                                  "pl-su-jk" if c.is_joker else f"pl-su-{c.suit}", *card_classes(c).split()]
                        classes = tuple(keep + [x for j, x in enumerate(extra) if x not in extra[:j]])
                        b.description = name
                        b.value = i in selected
                    else:
                        classes = tuple(keep)
                        b.value = False
                    if classes != tuple(b._dom_classes):
                        b._dom_classes = classes
                b.layout.display = None if i < len(cards) else "none"
        finally:
            self._syncing = False


class PlayApp(PlaysPositions, Shown):
    """Push rummy for the reader (seat 0, Ann) with a bot partner (Cat) against two bots.

    All game logic is in :class:`RummySession`; this class wires buttons to it and
    redraws. Play a whole match (five deals) or one deal chosen by number. ``odds``
    shows the reader's chances; ``hint`` adds the whole-deal estimate of each choice
    (:class:`HintPanel`, computed in the background): ``"ask"`` (the default) from the
    reader's first press of *Estimate my options* on, at each of their turns; ``True``
    from the first turn; ``False``: none.
    """

    def __init__(self, seed: int = 0, deal: int | None = None, bots=None, odds: bool = True,
                 hint: bool | str = "ask", position: str | None = None):
        w = lean_ipw()                      # controls share their layout and style models
        sheets = [RUMMY_CSS]                # once, in the root (page_direction): not in every piece
        html = functools.partial(sheetless_html, sheets)
        self.message = MessageArea(sheets)
        guard = routed(self.message)
        self._bots = bots
        wide = dict(width="auto", min_width="148px")      # translated labels are longer

        def button(name, **kwargs):
            """A button with the class ``pl-btn-<name>``: a stable hook for browser tests."""
            return w.Button(_dom_classes=(f"pl-btn-{name}",), **kwargs)
        # setup
        self.mode = w.Dropdown(options=[(_("whole match (5 deals)"), 0)]
                               + [(_("deal {deal} only").format(deal=k), k) for k in range(1, 6)],
                               value=deal or 0, description=_("Play:"), tooltip=_("A whole match or one deal by number"),
                               layout=dict(width="260px"), style={"description_width": "initial"})
        self.seed = w.IntText(value=int(seed), description=_("Seed:"), tooltip=_("Same seed, same shuffle"),
                              layout=dict(width="170px"), style={"description_width": "initial"})
        self.new_game = button("new", description=_("New game"), icon="refresh", layout=wide,
                                 tooltip=_("Deal a new game with these settings"))
        # draw
        self.take = button("take", description=_("Take discard"), button_style="primary", icon="hand-paper-o",
                           layout=wide,
                             tooltip=_("Rule 12a: take the top card of the discard pile"))
        self.push = button("push", description=_("Push"), button_style="warning", icon="share", layout=wide,
                             tooltip=_("Rule 12b: give the discard and the top stock card to your left neighbour, "
                                       "then draw from the stock"))
        # meld
        self.order = w.ToggleButtons(options=[(_("as selected"), "selected"), (_("sorted"), "sorted")], value="sorted",
                                     description=_("Run order:"),
                                     tooltips=[_("runs are read low to high in the order you clicked the cards"),
                                               _("lay the run out for me: naturals in rank order, wilds in the gaps")],
                                     style={"button_width": "auto", "description_width": "initial"},
                                     layout=INLINE_TOGGLES)
        narrow = dict(width="auto", min_width="112px")   # the staging row fits 800 px with the run order
        self.stage_set = button("stage-set", description=_("Stage set"), icon="plus", layout=narrow,
                                  tooltip=_("Put the selected cards aside as a set (one rank, different suits)"))
        self.stage_run = button("stage-run", description=_("Stage run"), icon="plus", layout=narrow,
                                  tooltip=_("Put the selected cards aside as a run (one suit, consecutive)"))
        self.lay_down = button("lay-down", description=_("Lay down melds"), button_style="success", icon="check",
                               layout=wide,
                                 tooltip=_("Meld the staged melds in one action (the first time: the whole contract)"))
        self.unstage = button("unstage", description=_("Put back"), icon="undo", layout=narrow,
                                tooltip=_("Return the staged melds to your hand"))
        # lay off / replace / discard
        self.target = w.Dropdown(options=[(_("(no melds yet)"), -1)], description=_("Meld:"),
                                 tooltip=_("The meld on the table to lay off on or replace a wild in"),
                                 layout=dict(width="330px"), style={"description_width": "initial"})
        self.end = w.Dropdown(options=[(_("either end"), ""), (_("low end"), "low"), (_("high end"), "high")],
                              value="", description=_("End:"),
                              tooltip=_("Where on a run (needed only when a wild fits both ends)"),
                              layout=dict(width="200px"), style={"description_width": "initial"})
        self.lay_off = button("lay-off", description=_("Lay off"), icon="arrow-down", layout=wide,
                                tooltip=_("Rule 13: add the selected cards to the chosen meld"))
        self.then = w.Dropdown(options=self._then_options(0), description=_("Freed wild:"),
                               tooltip=_("Rule 14: where the freed wild goes this turn"),
                               layout=dict(width="330px"), style={"description_width": "initial"})
        self.replace = button("replace", description=_("Replace wild"), icon="exchange", layout=wide,
                                tooltip=_("Rule 14: the first selected card replaces the wild it stands for "
                                          "in the chosen meld"))
        self.discard = button("discard", description=_("Discard"), button_style="danger", icon="trash", layout=wide,
                                tooltip=_("Rule 15: discard the selected card and end your turn"))
        self.clear = button("clear", description=_("Deselect"), icon="times", tooltip=_("Deselect all cards"),
                            layout=wide)
        for b, fn in [(self.take, lambda: self.session.take()), (self.push, lambda: self.session.push()),
                      (self.stage_set, lambda: self.session.stage("set")),
                      (self.stage_run, lambda: self.session.stage("run", self.order.value)),
                      (self.lay_down, lambda: self.session.meld()),
                      (self.unstage, lambda: self.session.unstage()),
                      (self.lay_off, lambda: self.session.lay_off(self._target(), self.end.value or None)),
                      (self.replace, lambda: self.session.replace_wild(self._target(), self.then.value)),
                      (self.discard, lambda: self.session.discard()),
                      (self.clear, lambda: self.session.clear_selection())]:
            b.on_click(guard(lambda _=None, fn=fn: self._do(fn)))
        self.new_game.on_click(guard(lambda _=None: self.start()))
        # views
        self.hand = HandView(guard(self._toggle))
        self.prompt = html(_dom_classes=("pl-prompt",))
        self.table = html(_dom_classes=("pl-rummy-tableview",))
        self.selection = html(_dom_classes=("pl-selection",))
        self.results = html()
        self.log = html()
        self.private = html()
        self.odds = OddsPanel(hint=hint, seed=seed, sheets=sheets) if odds else None
        order_note = w.HTML("<div class='pl-root pl-muted' style='max-width:720px'>" + _(
            "Runs are laid low to high. <i>as selected</i> keeps the order in which you clicked the cards, "
            "so you decide where each wild stands; <i>sorted</i> puts the natural cards in rank order and "
            "the wilds into the gaps for you.") + "</div>")
        setup = w.HBox([self.mode, self.seed, self.new_game], layout=dict(flex_flow="row wrap"))
        controls = w.VBox([
            w.HBox([self.take, self.push, self.discard, self.clear], layout=dict(flex_flow="row wrap")),
            w.HBox([self.stage_set, self.stage_run, self.order, self.lay_down, self.unstage],
                   layout=dict(flex_flow="row wrap", align_items="center")),
            order_note,
            w.HBox([self.target, self.end, self.lay_off], layout=dict(flex_flow="row wrap")),
            w.HBox([self.then, self.replace], layout=dict(flex_flow="row wrap")),
        ])
        side = [html(value=title_html(_("What happened (latest last)"))), self.log, self.private]
        if self.odds:
            side.append(self.odds.widget)
        main = w.VBox([self.prompt, self.message.widget, self.results,
                       html(value=title_html(_("Your hand (click cards to select them)"))), self.hand.box,
                       self.selection, controls, self.table], layout=dict(flex="1 1 560px", max_width="800px"))
        # two columns side by side where there is room (at least 860 px), stacked on a tablet or a phone
        self.widget = w.VBox([setup,
                              w.HBox([main, w.VBox(side, layout=dict(flex="1 1 300px"))],
                                     layout=dict(align_items="flex-start", flex_flow="row wrap"))])
        self.widget.add_class("pl-rummy-playapp")
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (self.widget.children[0], self.link.widget, *self.widget.children[1:])
        page_direction(self.widget, sheets=RUMMY_CSS)
        self.first_game(position)

    # -- wiring
    def game_type(self):
        """The engine's ``Game`` (for position links)."""
        from pushlab.rummy.game import Game
        return Game

    def play(self, game) -> None:
        """Play the position ``game``: the reader is Ann (seat 0), the bots the other seats."""
        self.session = RummySession(game, bots=self._bots)
        self.message.clear()
        self._results_seen = 0
        self.refresh()

    def start(self) -> None:
        """A new session from the setup controls."""
        deals = (self.mode.value,) if self.mode.value else (1, 2, 3, 4, 5)
        self.session = RummySession(seed=int(self.seed.value), deals=deals, bots=self._bots)
        self.message.clear()
        self._results_seen = 0
        self.refresh()

    def _target(self) -> int:
        """The chosen meld's index; an error if there is none."""
        if self.target.value is None or self.target.value < 0:
            raise IllegalAction(_("there are no melds on the table yet"))
        return int(self.target.value)

    def _toggle(self, i: int) -> None:
        """A card was clicked."""
        self.session.toggle(i)
        self._refresh_selection()

    def _do(self, fn) -> None:
        """Run a session call and redraw; its note is shown, a refusal raises on to the message line (``routed``)."""
        before = len(self.session.game.results)
        try:
            fn()
            if self.session.info:
                self.message.info(self.session.info)
        finally:
            self._results_seen = before
            self.refresh()

    def _refresh_selection(self) -> None:
        """Redraw the hand, the selection line and the staged melds."""
        s = self.session
        shown = s.hand_sorted()
        drawn = s.game.drawn if s.your_move and s.game.phase == "play" else None
        self.hand.show(shown, s.selection, new=drawn)
        parts = []
        if s.selection:
            from pushlab.rummy import is_valid_meld
            cards = s.selected()
            sorted_run = s.selected("sorted")
            parts.append(esc(_("Selected:")) + " " + cards_html(cards, size="sm"))
            if len(cards) >= 3 and sorted_run != cards and is_valid_meld(sorted_run, "run"):
                parts.append("<span class='pl-muted'>" + esc(_("as a sorted run:")) + "</span> "
                             + cards_html(sorted_run, size="sm"))
        else:
            parts.append("<span class='pl-muted'>" + esc(_("No card selected.")) + "</span>")
        if s.staged:
            staged = "".join(meld_html(m.owned_by(s.you), _("staged")) for m in s.staged)
            parts.append("<b>" + esc(_("Staged:")) + "</b> " + staged)
        self.selection_version = getattr(self, "selection_version", 0) + 1
        self.selection.value = (f"<div class='pl-root pl-row' data-version='{self.selection_version}' "
                                f"style='align-items:center'>{''.join(parts)}</div>")

    def refresh(self) -> None:
        """Redraw everything from the session."""
        s = self.session
        g = s.game
        self._refresh_selection()
        self.table.value = table_html(g, you=s.you)
        self.results.value = result_html(g, g.results[self._results_seen:]) if g.results else ""
        self.log.value = log_html(g, start=s.seen, last=25)
        notes = private_html(g, s.you)
        only = esc(_("Only you know"))
        self.private.value = (f"<div class='pl-root pl-box'><h4>{only}</h4>"
                              + "<br>".join(notes) + "</div>") if notes else ""
        options = [(self._meld_option(i, g.players[m.owner], m), i) for i, m in enumerate(g.table)]
        keep = self.target.value
        self.target.options = options or [(_("(no melds yet)"), -1)]
        if keep in [v for _o, v in options]:
            self.target.value = keep
        self.then.options = self._then_options(len(g.table))
        over = g.is_over
        for b in (self.take, self.push, self.stage_set, self.stage_run, self.lay_down, self.unstage,
                  self.lay_off, self.replace, self.discard):
            b.disabled = over
        if self.odds:
            self.odds.show(s)
        # last, with a version number: a front end that sees the new prompt has every update above
        self.version = getattr(self, "version", 0) + 1
        self.prompt.value = (f"<div class='pl-root' role='status' data-version='{self.version}' "
                             f"style='font-size:15px;padding:4px 0;font-weight:500'>{ltr_cards(esc(s.phase_text()))}</div>")

    @staticmethod
    def _meld_option(i: int, owner: str, meld) -> str:
        """A meld in the lay-off menu: '1: Ben's set 5♥ 5♠ JK'."""
        cards = " ".join(c.pretty for c in meld.cards)
        text = _("{number}: {owner}'s set {cards}") if meld.kind == "set" else _("{number}: {owner}'s run {cards}")
        return text.format(number=i + 1, owner=owner, cards=cards)

    @staticmethod
    def _then_options(melds: int) -> list:
        """Where a freed wild may go: a new set or run with the selection, or a lay-off on a meld."""
        return ([(_("new set with selection"), "set"), (_("new run with selection"), "run")]
                + [(_("lay off on meld {number}").format(number=i + 1), i) for i in range(melds)])


class OddsPanel(Shown):
    """The reader's chances (how the hand stands against the contract) and, with ``hint``
    (``True`` or ``"ask"``: :class:`HintPanel`'s ``auto``), the whole-deal hint below them. ``sheets``: the style sheets of
    the app it is part of, which its root carries (left out here)."""

    def __init__(self, hint: bool | str = True, rollouts: int | None = None, seed=None, sheets=None):
        w = lean_ipw()
        self.html = w.HTML() if sheets is None else sheetless_html(sheets)
        self.html.add_class("pl-rummy-odds")
        self.hint = HintPanel(rollouts=rollouts, seed=seed, sheets=sheets, auto=hint) if hint else None
        self.widget = page_direction(w.VBox([self.html] + ([self.hint.widget] if self.hint else [])),
                                     styles=sheets is None)

    def show(self, session) -> None:
        """Redraw for the session's current state (empty when it is not the reader's turn)."""
        self.html.value = odds_html(session)
        if self.hint:
            self.hint.show(session)


class _Stale(Exception):
    """The position changed while its hint was being computed."""


class HintPanel(Shown):
    """The whole-deal hint: :func:`pushlab.rummy.advise` for the reader's decision, computed in
    a background thread (the page stays live) with a progress bar, shown as an estimate.

    A new position (any move) abandons the estimate under way. ``auto``: ``True`` estimates
    each of the reader's positions at once; ``"ask"`` waits for the first press of *Estimate
    my options*, then estimates each later position too; ``False`` only on the button. (An
    estimate costs about half a CPU second: on a class's server, thirty of them at every
    turn of every reader were most of what a page of app 06 cost.)
    """

    def __init__(self, rollouts: int | None = None, seed=None, auto: bool | str = True, sheets=None):
        from pushlab.seeding import make_rng
        w = lean_ipw()
        self.rollouts = rollouts        # None: advise()'s default budget
        self.auto = auto
        self.rng = make_rng(seed)
        self.button = w.Button(description=_("Estimate my options"), icon="calculator",
                               layout=dict(width="auto", min_width="220px"),
                               tooltip=_("Play the rest of this deal many times from your position "
                                         "(hidden cards sampled) for each choice"))
        self.bar = w.IntProgress(min=0, max=1, description=_("Rollouts:"), style={"description_width": "initial"},
                                 layout=w.Layout(width="320px", visibility="hidden"))   # its own
        self.out = w.HTML() if sheets is None else sheetless_html(sheets)
        self.out.add_class("pl-rummy-hint")
        self.button.on_click(lambda _=None: self.ask())
        self.widget = w.VBox([self.button, self.bar, self.out])
        self._game = None
        self._token = 0
        self._thread = None
        self.advice = None

    def show(self, session) -> None:
        """A new position: drop the old hint; start the estimate if it is the reader's turn."""
        self._token += 1
        self._game = session.game if session.your_move else None
        self.advice = None
        self.bar.layout.visibility = "hidden"
        self.button.disabled = self._game is None
        self.out.value = "" if self._game is None else (
            f"{CSS}<div class='pl-root pl-muted'>"
            + _("Press <i>{button}</i> for a whole-deal estimate of each choice.").format(
                button=esc(_("Estimate my options"))) + "</div>")
        if self.auto is True and self._game is not None:
            self.start()

    def ask(self) -> None:
        """The reader pressed *Estimate my options*: estimate now, and (``auto="ask"``) from now on."""
        if self.auto == "ask":
            self.auto = True
        self.start()

    def start(self) -> None:
        """Estimate the current position in a background thread."""
        import threading
        if self._game is None:
            return
        self._token += 1
        token, game = self._token, self._game
        seed = int(self.rng.integers(2**63))
        self.bar.value, self.bar.layout.visibility = 0, "visible"
        self.button.disabled = True
        self.out.value = (f"{CSS}<div class='pl-root pl-muted'>"
                          + esc(_("Estimating: playing the rest of the deal many times for each choice…"))
                          + "</div>")
        self._thread = threading.Thread(target=self._work, args=(token, game, seed), daemon=True)
        self._thread.start()

    def _work(self, token, game, seed) -> None:
        """The thread: advise(), reporting progress; a newer position makes it stop."""
        from pushlab.rummy.advice import advise

        step = [0]

        def progress(done, total):
            if token != self._token:
                raise _Stale
            if done == total or done - step[0] >= max(1, total // 25):   # the bar in 4% steps: few messages
                step[0] = done
                self.bar.max, self.bar.value = total, done

        try:
            advice = advise(game, rollouts=self.rollouts, seed=seed, progress=progress)
        except _Stale:
            return
        except Exception as exc:            # shown, not lost in a thread
            if token == self._token:
                self.out.value = f"{CSS}<div class='pl-root pl-msg pl-error'>{esc(error_text(exc))}</div>"
            return
        if token == self._token:
            self.advice = advice
            self.out.value = advice_html(advice, game)
            self.bar.layout.visibility = "hidden"
            self.button.disabled = False

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the estimate under way (for tests and scripts)."""
        if self._thread is not None:
            self._thread.join(timeout)
