"""The rummy play app: a match (or one deal) with a bot partner, the reader's odds and a whole-deal hint.

:class:`PlayApp` wires buttons to a :class:`~pushlab.widgets.rummy_session.RummySession`
and redraws; a refused action raises in the session and shows in the message line.
:class:`HandView` is the reader's hand as checkboxes, :class:`OddsPanel` and
:class:`HintPanel` the reader's chances and the background estimate of each choice.
"""

from __future__ import annotations

from pushlab.errors import IllegalAction
from pushlab.i18n import _
from pushlab.widgets.common import INLINE_TOGGLES, MessageArea, Shown, error_text, ipw, page_direction, routed
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

    def __init__(self, on_toggle, size: int = 24):
        w = ipw()
        self.on_toggle = on_toggle
        self.buttons = []
        self._syncing = False
        self.box = w.HBox([], layout=w.Layout(flex_flow="row wrap", min_height="86px"))
        self.box.add_class("pl-hand")
        self.box.add_class("pushlab-ltr")           # cards low to high, left to right, in every language
        self._grow(size)

    def _grow(self, size: int) -> None:
        """Make sure there are at least ``size`` card checkboxes (hands grow when pushed to)."""
        w = ipw()
        for i in range(len(self.buttons), size):
            b = w.Checkbox(value=False, description="", indent=False,
                           layout=w.Layout(display="none", width="50px"))
            b.add_class("pl-handcard")
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
                for cls in [c for c in b._dom_classes if c.startswith(("pl-rk-", "pl-su-"))] + [
                        "pl-red", "pl-wild", "pl-joker", "pl-drawn"]:
                    b.remove_class(cls)
                if i < len(cards):
                    c = cards[i]
                    name = card_name(c)
                    if new is not None and c == new and not marked_new:
                        name = _("{card} \u2013 just drawn").format(card=name)
                        marked_new = True
                        b.add_class("pl-drawn")
                    b.description = name
                    b.add_class("pl-rk-jk" if c.is_joker else f"pl-rk-{c.rank}")
                    b.add_class("pl-su-jk" if c.is_joker else f"pl-su-{c.suit}")
                    for cls in card_classes(c).split():
                        b.add_class(cls)
                    b.value = i in selected
                    b.layout.display = None
                else:
                    b.value = False
                    b.layout.display = "none"
        finally:
            self._syncing = False


class PlayApp(PlaysPositions, Shown):
    """Push rummy for the reader (seat 0, Ann) with a bot partner (Cat) against two bots.

    All game logic is in :class:`RummySession`; this class wires buttons to it and
    redraws. Play a whole match (five deals) or one deal chosen by number. ``odds``
    shows the reader's chances; ``hint`` adds the whole-deal estimate of each choice
    (:class:`HintPanel`, computed in the background on each of the reader's turns).
    """

    def __init__(self, seed: int = 0, deal: int | None = None, bots=None, odds: bool = True,
                 hint: bool = True, position: str | None = None):
        w = ipw()
        self.message = MessageArea()
        guard = routed(self.message)
        self._bots = bots
        # setup
        self.mode = w.Dropdown(options=[(_("whole match (5 deals)"), 0)]
                               + [(_("deal {deal} only").format(deal=k), k) for k in range(1, 6)],
                               value=deal or 0, description=_("Play:"), tooltip=_("A whole match or one deal by number"),
                               layout=w.Layout(width="260px"), style={"description_width": "initial"})
        self.seed = w.IntText(value=int(seed), description=_("Seed:"), tooltip=_("Same seed, same shuffle"),
                              layout=w.Layout(width="170px"), style={"description_width": "initial"})
        self.new_game = w.Button(description=_("New game"), icon="refresh",
                                 tooltip=_("Deal a new game with these settings"))
        # draw
        self.take = w.Button(description=_("Take discard"), button_style="primary", icon="hand-paper-o",
                             tooltip=_("Rule 12a: take the top card of the discard pile"))
        self.push = w.Button(description=_("Push"), button_style="warning", icon="share",
                             tooltip=_("Rule 12b: give the discard and the top stock card to your left neighbour, "
                                       "then draw from the stock"))
        # meld
        self.order = w.ToggleButtons(options=[(_("as selected"), "selected"), (_("sorted"), "sorted")], value="sorted",
                                     description=_("Run order:"),
                                     tooltips=[_("runs are read low to high in the order you clicked the cards"),
                                               _("lay the run out for me: naturals in rank order, wilds in the gaps")],
                                     style={"button_width": "auto", "description_width": "initial"},
                                     layout=INLINE_TOGGLES)
        narrow = w.Layout(width="auto", min_width="112px")   # the staging row fits 800 px with the run order
        self.stage_set = w.Button(description=_("Stage set"), icon="plus", layout=narrow,
                                  tooltip=_("Put the selected cards aside as a set (one rank, different suits)"))
        self.stage_run = w.Button(description=_("Stage run"), icon="plus", layout=narrow,
                                  tooltip=_("Put the selected cards aside as a run (one suit, consecutive)"))
        self.lay_down = w.Button(description=_("Lay down melds"), button_style="success", icon="check",
                                 layout=w.Layout(width="auto", min_width="148px"),
                                 tooltip=_("Meld the staged melds in one action (the first time: the whole contract)"))
        self.unstage = w.Button(description=_("Put back"), icon="undo", layout=narrow,
                                tooltip=_("Return the staged melds to your hand"))
        # lay off / replace / discard
        self.target = w.Dropdown(options=[(_("(no melds yet)"), -1)], description=_("Meld:"),
                                 tooltip=_("The meld on the table to lay off on or replace a wild in"),
                                 layout=w.Layout(width="330px"), style={"description_width": "initial"})
        self.end = w.Dropdown(options=[(_("either end"), ""), (_("low end"), "low"), (_("high end"), "high")],
                              value="", description=_("End:"),
                              tooltip=_("Where on a run (needed only when a wild fits both ends)"),
                              layout=w.Layout(width="200px"), style={"description_width": "initial"})
        self.lay_off = w.Button(description=_("Lay off"), icon="arrow-down",
                                tooltip=_("Rule 13: add the selected cards to the chosen meld"))
        self.then = w.Dropdown(options=self._then_options(0), description=_("Freed wild:"),
                               tooltip=_("Rule 14: where the freed wild goes this turn"),
                               layout=w.Layout(width="330px"), style={"description_width": "initial"})
        self.replace = w.Button(description=_("Replace wild"), icon="exchange",
                                tooltip=_("Rule 14: the first selected card replaces the wild it stands for "
                                          "in the chosen meld"))
        self.discard = w.Button(description=_("Discard"), button_style="danger", icon="trash",
                                tooltip=_("Rule 15: discard the selected card and end your turn"))
        self.clear = w.Button(description=_("Deselect"), icon="times", tooltip=_("Deselect all cards"))
        for button in (self.new_game, self.take, self.push, self.lay_off, self.replace, self.discard, self.clear):
            button.layout = w.Layout(width="auto", min_width="148px")    # translated labels are longer
        for button, fn in [(self.take, lambda: self.session.take()), (self.push, lambda: self.session.push()),
                           (self.stage_set, lambda: self.session.stage("set")),
                           (self.stage_run, lambda: self.session.stage("run", self.order.value)),
                           (self.lay_down, lambda: self.session.meld()),
                           (self.unstage, lambda: self.session.unstage()),
                           (self.lay_off, lambda: self.session.lay_off(self._target(), self.end.value or None)),
                           (self.replace, lambda: self.session.replace_wild(self._target(), self.then.value)),
                           (self.discard, lambda: self.session.discard()),
                           (self.clear, lambda: self.session.clear_selection())]:
            button.on_click(guard(lambda _=None, fn=fn: self._do(fn)))
        self.new_game.on_click(guard(lambda _=None: self.start()))
        for name, b in [("take", self.take), ("push", self.push), ("stage-set", self.stage_set),
                        ("stage-run", self.stage_run), ("lay-down", self.lay_down), ("unstage", self.unstage),
                        ("lay-off", self.lay_off), ("replace", self.replace), ("discard", self.discard),
                        ("clear", self.clear), ("new", self.new_game)]:
            b.add_class(f"pl-btn-{name}")          # stable hooks for browser tests
        # views
        self.hand = HandView(guard(self._toggle))
        self.prompt = w.HTML()
        self.prompt.add_class("pl-prompt")
        self.table = w.HTML()
        self.table.add_class("pl-rummy-tableview")
        self.selection = w.HTML()
        self.selection.add_class("pl-selection")
        self.results = w.HTML()
        self.log = w.HTML()
        self.private = w.HTML()
        self.odds = OddsPanel(hint=hint, seed=seed) if odds else None
        order_note = w.HTML(f"{CSS}<div class='pl-root pl-muted' style='max-width:720px'>" + _(
            "Runs are laid low to high. <i>as selected</i> keeps the order in which you clicked the cards, "
            "so you decide where each wild stands; <i>sorted</i> puts the natural cards in rank order and "
            "the wilds into the gaps for you.") + "</div>")
        setup = w.HBox([self.mode, self.seed, self.new_game], layout=w.Layout(flex_flow="row wrap"))
        controls = w.VBox([
            w.HBox([self.take, self.push, self.discard, self.clear], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.stage_set, self.stage_run, self.order, self.lay_down, self.unstage],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            order_note,
            w.HBox([self.target, self.end, self.lay_off], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.then, self.replace], layout=w.Layout(flex_flow="row wrap")),
        ])
        side = [w.HTML(title_html(_("What happened (latest last)"))), self.log, self.private]
        if self.odds:
            side.append(self.odds.widget)
        main = w.VBox([self.prompt, self.message.widget, self.results,
                       w.HTML(title_html(_("Your hand (click cards to select them)"))), self.hand.box,
                       self.selection, controls, self.table], layout=w.Layout(flex="1 1 560px", max_width="800px"))
        # two columns side by side where there is room (at least 860 px), stacked on a tablet or a phone
        self.widget = w.VBox([w.HTML(RUMMY_CSS), setup,
                              w.HBox([main, w.VBox(side, layout=w.Layout(flex="1 1 300px"))],
                                     layout=w.Layout(align_items="flex-start", flex_flow="row wrap"))])
        self.widget.add_class("pl-rummy-playapp")
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (*self.widget.children[:2], self.link.widget, *self.widget.children[2:])
        page_direction(self.widget)
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
        self.selection.value = (f"{RUMMY_CSS}<div class='pl-root pl-row' data-version='{self.selection_version}' "
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
        self.private.value = (f"{CSS}<div class='pl-root pl-box'><h4>{only}</h4>"
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
        self.prompt.value = (f"{CSS}<div class='pl-root' role='status' data-version='{self.version}' "
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
    """The reader's chances (how the hand stands against the contract) and, with ``hint``,
    the whole-deal hint of :class:`HintPanel` below them."""

    def __init__(self, hint: bool = True, rollouts: int | None = None, seed=None):
        w = ipw()
        self.html = w.HTML()
        self.html.add_class("pl-rummy-odds")
        self.hint = HintPanel(rollouts=rollouts, seed=seed) if hint else None
        self.widget = page_direction(w.VBox([self.html] + ([self.hint.widget] if self.hint else [])))

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

    A new position (any move) abandons the estimate under way.
    """

    def __init__(self, rollouts: int | None = None, seed=None, auto: bool = True):
        from pushlab.seeding import make_rng
        w = ipw()
        self.rollouts = rollouts        # None: advise()'s default budget
        self.auto = auto
        self.rng = make_rng(seed)
        self.button = w.Button(description=_("Estimate my options"), icon="calculator",
                               layout=w.Layout(width="auto", min_width="220px"),
                               tooltip=_("Play the rest of this deal many times from your position "
                                         "(hidden cards sampled) for each choice"))
        self.bar = w.IntProgress(min=0, max=1, description=_("Rollouts:"), style={"description_width": "initial"},
                                 layout=w.Layout(width="320px", visibility="hidden"))
        self.out = w.HTML()
        self.out.add_class("pl-rummy-hint")
        self.button.on_click(lambda _=None: self.start())
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
        if self.auto and self._game is not None:
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

        def progress(done, total):
            if token != self._token:
                raise _Stale
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
