"""The rummy lesson blocks: the meld checker, the push illustration and the scripted deal player.

They observe cards or a game and draw them with :mod:`pushlab.widgets.render.rummy`;
the engine judges every meld.
"""

from __future__ import annotations

from pushlab.errors import PushlabError
from pushlab.i18n import _, apply_direction
from pushlab.rummy.cards import Card, parse_cards
from pushlab.i18n.events import kind_word
from pushlab.widgets.common import INLINE_TOGGLES, MessageArea, Shown, error_text, ipw, page_direction, routed
from pushlab.widgets.lessons import StepPlayer
from pushlab.display.cards import RUMMY_CSS, card_classes, card_name
from pushlab.display.html import esc, title_html
from pushlab.widgets.render.rummy import (action_words, check_html, check_meld, log_html, ltr_cards,
                                          push_frame_html, push_frames, table_html)

__all__ = ["MeldChecker", "PushDraw", "StepThrough"]


def _palette_button(card, on_click):
    """A small button that adds ``card`` to a text box.

    Not in the Tab order: the 53 palette buttons would stand between the text box (which
    takes every card from the keyboard) and the rest of the lesson.
    """
    w = ipw()
    b = w.Button(description=card.pretty if not card.is_joker else "\u2605JK",
                 tooltip=_("add the {card}").format(card=card_name(card)), tabbable=False)
    for cls in card_classes(card).split():
        b.add_class(cls)
    b.on_click(lambda _=None: on_click(card))
    return b


class MeldChecker(Shown):
    """Type cards (``5H JK 7H``) or click them, and see whether they form a set or a run, and why.

    Runs are read in the order given, low to high, so a wild's place says which card
    it stands for; *Sort* puts the natural cards in rank order (wilds keep their places).

    >>> m = MeldChecker("5H JK 7H")
    >>> m.results()[1]
    ('run', True, 'valid run: JK is 6♥')
    >>> m.add(Card.parse("8H")); m.text.value
    '5H JK 7H 8H'
    """

    def __init__(self, cards: str = "", kind: str = "both"):
        w = ipw()
        from pushlab.rummy import SUITS, JOKER
        self.message = MessageArea()
        guard = routed(self.message)
        self.text = w.Text(value=str(cards), description=_("Cards:"),
                           placeholder=_("e.g. {first}  or  {second}").format(first="5H JK 7H", second="5♥ 5♠ 2C"),
                           tooltip=_("Cards in notation: rank (A 2..10 J Q K) then suit (S H D C); JK is a joker"),
                           continuous_update=True, layout=w.Layout(width="380px"),
                           style={"description_width": "initial"})
        self.kind = w.ToggleButtons(options=[(kind_word("set"), "set"), (kind_word("run"), "run"),
                                             (_("both"), "both")], value=kind,
                                    description=_("Check as:"),
                                    tooltips=[_("a set: one rank, different suits"),
                                              _("a run: one suit, consecutive, low to high"),
                                              _("check both readings")],
                                    style={"button_width": "auto", "description_width": "initial"},
                                    layout=INLINE_TOGGLES)
        self.clear_button = w.Button(description=_("Clear"), icon="times", tooltip=_("Remove all cards"),
                                     layout=w.Layout(width="auto", min_width="90px"))
        self.back_button = w.Button(description=_("Last"), icon="arrow-left", tooltip=_("Remove the last card"),
                                    layout=w.Layout(width="auto", min_width="80px"))
        self.sort_button = w.Button(description=_("Sort"), icon="sort", tooltip=_("Sort the cards (wilds stay last)"),
                                    layout=w.Layout(width="auto", min_width="90px"))
        self.result = w.HTML()
        self.result.add_class("pl-meldcheck-result")
        rows = []
        for suit in SUITS:
            rows.append(w.HBox([_palette_button(Card(r, suit), guard(self.add)) for r in range(1, 14)]))
        rows.append(w.HBox([_palette_button(JOKER, guard(self.add)), self.back_button, self.clear_button,
                            self.sort_button]))
        palette = w.VBox(rows)
        palette.add_class("pl-palette")
        palette.add_class("pushlab-ltr")            # ranks A..K left to right in every language
        for button in (self.back_button, self.clear_button, self.sort_button):
            apply_direction(button)                 # words, not notation: right to left in Arabic
        self.text.observe(guard(lambda _=None: self.refresh()), names="value")
        self.kind.observe(guard(lambda _=None: self.refresh()), names="value")
        self.clear_button.on_click(guard(lambda _=None: setattr(self.text, "value", "")))
        self.back_button.on_click(guard(lambda _=None: self._drop_last()))
        self.sort_button.on_click(guard(lambda _=None: self._sort()))
        self.widget = w.VBox([w.HTML(RUMMY_CSS), w.HBox([self.text, self.kind]), palette,
                              self.message.widget, self.result])
        self.widget.add_class("pl-meldchecker")
        page_direction(self.widget)
        self.refresh()

    def cards(self):
        """The cards typed so far (``ParseError`` if the text is malformed)."""
        return parse_cards(self.text.value)

    def results(self):
        """[(kind, valid, explanation)] for the current cards."""
        return check_meld(self.cards(), self.kind.value)

    def add(self, card) -> None:
        """Append a card to the text."""
        self.text.value = (self.text.value.strip() + " " + str(Card.parse(card))).strip()

    def _drop_last(self) -> None:
        """Remove the last card typed."""
        self.text.value = " ".join(self.text.value.replace(",", " ").split()[:-1])

    def _sort(self) -> None:
        """Sort naturals by rank (ace low), wilds after them."""
        cards = self.cards()
        naturals = sorted((c for c in cards if c.is_natural), key=lambda c: (c.rank, c.suit))
        self.text.value = " ".join(str(c) for c in naturals + [c for c in cards if c.is_wild])

    def refresh(self) -> None:
        """Recheck the cards and redraw the verdict (a typing error shows in the message area)."""
        try:
            cards = self.cards()
        except PushlabError as exc:
            self.result.value = ""
            self.message.error(error_text(exc))
            return
        self.message.clear()
        self.result.value = check_html(cards, self.kind.value)


class PushDraw(Shown):
    """A stepped illustration of who gets which cards in a push: Back / Next buttons and a step box.

    (Buttons with text rather than ipywidgets' Play and slider, which have no accessible names.)
    """

    def __init__(self, discard_top="9C", stock_top="KD 4S", pusher: str = "Ann", left: str = "Ben"):
        w = ipw()
        self.frames = push_frames(discard_top, stock_top, pusher, left)
        self.names = (pusher, left)
        self.hidden = parse_cards(stock_top)[0]
        last = len(self.frames) - 1
        self.stepper = w.BoundedIntText(value=0, min=0, max=last, description=_("Step:"),
                                        tooltip=_("step 0 to {last} of the push").format(last=last),
                                        layout=w.Layout(width="150px"))
        self.back = w.Button(description=_("Back"), tooltip=_("the previous step of the push"))
        self.next = w.Button(description=_("Next"), button_style="primary", tooltip=_("the next step of the push"))
        self.back.on_click(lambda _=None: self._go(self.stepper.value - 1))
        self.next.on_click(lambda _=None: self._go(self.stepper.value + 1))
        self.view = w.HTML()
        self.view.add_class("pl-pushdraw")
        self.stepper.observe(lambda change: self.show(change["new"]), names="value")
        self.widget = w.VBox([w.HBox([self.back, self.next, self.stepper]), self.view])
        page_direction(self.widget)
        self.show(0)

    def _go(self, step: int) -> None:
        """Move to ``step``, kept within the frames."""
        self.stepper.value = min(max(step, 0), len(self.frames) - 1)

    def show(self, step: int) -> None:
        """Draw frame ``step``."""
        self.step = int(step)
        self.view.value = push_frame_html(self.frames[self.step], *self.names, hidden=self.hidden)


class StepThrough(StepPlayer):
    """A Next/Back player over a scripted rummy deal, every hand face up, the log beside it.

    ``notes`` is a list (``notes[0]`` at the start, ``notes[i]`` after action i) or a dict
    ``{step: note}``. An illegal script raises ``IllegalAction`` naming the step at once.
    """

    @property
    def restart_tip(self) -> str:
        """The Restart button's tooltip, in the current language."""
        return _("Back to the deal")

    def __init__(self, game, actions, notes=None, title: str = ""):
        w = ipw()
        self.setup_steps(game, actions, notes, button_width="100px")
        self.table = w.HTML(layout=w.Layout(width="840px"))
        self.log = w.HTML(layout=w.Layout(width="340px"))
        header = [w.HTML(title_html(title))] if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox([self.table, w.VBox([w.HTML(title_html(_("Event log"))), self.log])],
                   layout=w.Layout(align_items="flex-start"))])
        self.widget.add_class("pl-rummy-stepthrough")
        page_direction(self.widget)
        self.go(0)

    def action_html(self, action) -> str:
        """The next action in the reader's words (its notation in English, as before)."""
        from pushlab import i18n
        if i18n.current_language() == i18n.SOURCE:
            return super().action_html(str(action))
        return ltr_cards(esc(action_words(action, None)))

    def show(self, game, new_from: int) -> None:
        """Draw the table with every hand face up and the log (this step's lines in bold)."""
        self.table.value = table_html(game, you=None, show_hands=True)
        self.log.value = log_html(game, start=new_from, last=None)
