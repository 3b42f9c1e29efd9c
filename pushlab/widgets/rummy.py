"""What the reader sees of Push (contract rummy): card HTML, a play session, widgets.

Three layers, kept apart (as in :mod:`pushlab.widgets.luck`):

- rendering: ``card_html``, ``meld_html``, ``table_html`` turn cards and a
  :class:`~pushlab.rummy.Game` into HTML strings (no widgets, no rules);
- :class:`RummySession`: a pure-Python controller holding the game, the reader's
  card selection and the bots of the other three seats (testable without a browser);
- widgets (:class:`MeldChecker`, :class:`PushDraw`, :class:`StepThrough`,
  :class:`PlayApp`, :class:`OddsPanel`) that observe a session or a game.

Legality always comes from the engine; errors are the engine's
:class:`~pushlab.IllegalAction` text, shown in a message area.

>>> from pushlab.rummy import parse_cards
>>> html = cards_html(parse_cards("10H JK 2S"))
>>> html.count("pl-card"), "pl-red" in html, "pl-joker" in html, "pl-wild" in html
(3, True, True, True)
"""

from __future__ import annotations

import numpy as np

from pushlab.errors import IllegalAction, PushlabError, Unavailable
from pushlab.i18n import _, apply_direction, ngettext
from pushlab.rummy.cards import Card, parse_cards, rank_label
from pushlab.rummy.logtext import contract_words, kind_word, translate_log
from pushlab.widgets.links import PositionLink, requested_position
from pushlab.widgets.session import Session
from pushlab.widgets.common import MessageArea, StepPlayer, error_text, routed
from pushlab.widgets.render import CSS, RUMMY_CSS, box_html, card_back, card_classes, card_name, esc, row_html, stack_html
from pushlab.widgets.render import card_html as render_card
from pushlab.widgets.render import cards_html as render_cards

__all__ = [
    "RUMMY_CSS", "card_html", "cards_html", "hand_html", "card_name", "card_classes", "meld_html", "check_meld",
    "check_html", "run_order", "helpful_cards", "push_frames", "push_frame_html", "status_text", "table_html",
    "scores_html", "log_html", "result_html", "odds_html", "SEAT_NAMES", "RummySession", "default_bots",
    "MeldChecker", "PushDraw", "HandView", "PlayApp", "StepThrough", "OddsPanel", "HintPanel",
    "advice_html", "action_words",
]

#: ToggleButtons render their label above the buttons by default; this keeps it beside them.
_INLINE_TOGGLES = {"display": "flex", "align_items": "center", "width": "auto"}


def card_html(card, size: str = "", selected: bool = False, note: str = "") -> str:
    """One playing card, given as a Card or in notation (:func:`pushlab.widgets.render.card_html`).

    ``note`` is added to the tooltip (e.g. what a wild stands for).

    >>> 'title="5 of hearts"' in card_html("5H"), "wild" in card_html(Card.parse("2C"))
    (True, True)
    """
    return render_card(Card.parse(card), size, selected=selected, note=note)


def cards_html(cards, size: str = "", notes=None) -> str:
    """A row of cards, given as Cards or in notation (``notes`` optionally one tooltip note per card).

    >>> cards_html(parse_cards("AS KS")).count("pl-card")
    2
    """
    return render_cards(parse_cards(cards), size, notes)


def hand_html(cards, caption: str = "", size: str = "") -> str:
    """A self-contained block of cards (style sheet included) with an optional caption, for notebooks.

    >>> "pl-rcard" in hand_html("AS 2H", "two cards")
    True
    """
    cap = f'<div class="pl-muted" style="margin:2px">{esc(caption)}</div>' if caption else ""
    return f'{RUMMY_CSS}<div class="pl-root">{cap}<div class="pl-row" style="gap:0">{cards_html(cards, size)}</div></div>'


def meld_html(meld, caption: str = "", size: str = "sm") -> str:
    """A meld on the table: its cards (wilds' tooltips say what they stand for) and a caption.

    >>> from pushlab.rummy import Meld
    >>> h = meld_html(Meld("run", "5H JK 7H", owner=2), "Cat")
    >>> "stands for 6♥" in h, "Cat" in h
    (True, True)
    """
    notes = [""] * len(meld.cards)
    if meld.kind == "run":
        stands = meld.stands_for()
        mask = meld.natural
        notes = [_("stands for {card}").format(card=s.pretty) if c.is_wild and not m else ""
                 for c, s, m in zip(meld.cards, stands, mask)]
    elif meld.kind == "set":
        notes = [_("stands for a {rank}").format(rank=rank_label(meld.rank)) if c.is_wild else ""
                 for c in meld.cards]
    kind = kind_word(meld.kind)
    cap = f"{kind} \u00b7 {caption}" if caption else kind
    return (f'<span class="pl-meld pl-p{int(meld.owner) % 4}">'
            f'<span class="pushlab-ltr">{cards_html(meld.cards, size, notes)}</span>'
            f'<span class="pl-cap">{esc(cap)}</span></span>')


# --------------------------------------------------------------------------- meld checker

def check_meld(cards, kind: str = "both") -> list[tuple[str, bool, str]]:
    """Check cards as a set and/or a run (in the order given): [(kind, valid, explanation)].

    >>> check_meld("5H JK 7H", "run")
    [('run', True, 'valid run: JK is 6♥')]
    >>> [v for _, v, _ in check_meld("5H 5S JK")]
    [True, False]
    """
    from pushlab.rummy import explain_meld, is_valid_meld
    cards = parse_cards(cards)
    if kind not in ("set", "run", "both"):
        raise PushlabError(f"check a 'set', a 'run' or 'both', not {kind!r}")
    kinds = ("set", "run") if kind == "both" else (kind,)
    return [(k, is_valid_meld(cards, k), explain_meld(cards, k)) for k in kinds]


def check_html(cards, kind: str = "both") -> str:
    """The checker's verdict as HTML: the cards, then one green or red line per kind.

    >>> "valid run" in check_html("5H JK 7H", "run")
    True
    """
    cards = parse_cards(cards)
    if not cards:
        hint = esc(_("Type or click some cards to check them."))
        return f'{RUMMY_CSS}<div class="pl-root pl-muted">{hint}</div>'
    lines = []
    for k, ok, text in check_meld(cards, kind):
        cls = "pl-ok" if ok else "pl-error"
        mark = "\u2714" if ok else "\u2718"
        lines.append(f'<div class="pl-msg {cls}" style="font-weight:500">{mark} {esc(text)}</div>')
    return (f'{RUMMY_CSS}<div class="pl-root"><div class="pl-row pushlab-ltr">{cards_html(cards)}</div>'
            f'{"".join(lines)}</div>')


def _w():
    """ipywidgets, imported where widgets are built."""
    import ipywidgets
    return ipywidgets


def _palette_button(card, on_click):
    """A small button that adds ``card`` to a text box.

    Not in the Tab order: the 53 palette buttons would stand between the text box (which
    takes every card from the keyboard) and the rest of the lesson.
    """
    w = _w()
    b = w.Button(description=card.pretty if not card.is_joker else "\u2605JK",
                 tooltip=_("add the {card}").format(card=card_name(card)), tabbable=False)
    for cls in card_classes(card).split():
        b.add_class(cls)
    b.on_click(lambda _=None: on_click(card))
    return b


class MeldChecker:
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
        w = _w()
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
                                    layout=_INLINE_TOGGLES)
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
        _page_direction(self.widget)
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

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


# --------------------------------------------------------------------------- push draw illustration

def push_frames(discard_top, stock_top, pusher: str = "Ann", left: str = "Ben"):
    """The push (rule 12b) as four frames of (caption, {place: [cards shown]}) for an illustration.

    ``stock_top`` are the top two stock cards, top first: the first goes to the left
    player (only they see it), the second to the pusher.

    >>> frames = push_frames("9C", "KD 4S")
    >>> len(frames), frames[-1][1]["Ben"], frames[-1][1]["Ann"]
    (4, (Card('9C'), Card('KD')), (Card('4S'),))
    """
    discard_top = Card.parse(discard_top)
    stock = parse_cards(stock_top)
    if len(stock) < 2:
        raise PushlabError(_("a push needs the top two cards of the stock"))
    s1, s2 = stock[:2]
    words = dict(pusher=pusher, left=left, discard=discard_top.pretty, first=s1.pretty, second=s2.pretty)
    return [
        (_("{pusher} does not want the discard {discard} and pushes.").format(**words),
         {"discard": (discard_top,), "stock": (s1, s2), pusher: (), left: ()}),
        (_("The discard {discard} goes to {left}, the player on {pusher}'s left; everybody sees it.").format(**words),
         {"discard": (), "stock": (s1, s2), pusher: (), left: (discard_top,)}),
        (_("The top stock card goes to {left} too, face down: only {left} sees it is {first}.").format(**words),
         {"discard": (), "stock": (s2,), pusher: (), left: (discard_top, s1)}),
        (_("{pusher} then draws the next stock card ({second}) for themself. "
           "Net: {pusher} +1 card, {left} +2, stock \u22122, discard pile \u22121.").format(**words),
         {"discard": (), "stock": (), pusher: (s2,), left: (discard_top, s1)}),
    ]


def push_frame_html(frame, pusher: str = "Ann", left: str = "Ben", hidden=None) -> str:
    """One frame of :func:`push_frames` as a small table: discard, stock, the two players' new cards.

    ``hidden`` is the card only the left player sees (drawn face down with a note).
    """
    caption, places = frame

    def pile(cards, face_down=False):
        """A pile's cards, face up or down."""
        if not cards:
            empty = esc(_("empty"))
            return f'<span class="pl-slot">{empty}</span>'
        return "".join(card_back(_("face-down card")) if face_down else card_html(c) for c in cards)

    def player(cards):
        """The cards a player received in this frame."""
        if not cards:
            none = esc(_("no new cards"))
            return f'<span class="pl-muted">{none}</span>'
        out = []
        for c in cards:
            out.append(card_html(c, note=_("seen only by them") if c == hidden else ""))
        return "".join(out)

    boxes = [box_html(_("Discard pile (top)"), pile(places["discard"])),
             box_html(_("Stock (top cards, face down)"), pile(places["stock"], face_down=True)),
             box_html(_("{name} (pushes) gets").format(name=pusher), player(places[pusher])),
             box_html(_("{name} (on the left) gets").format(name=left), player(places[left]))]
    return (f'{RUMMY_CSS}<div class="pl-root"><div class="pl-msg pl-info">{esc(caption)}</div>'
            f'{row_html(boxes)}</div>')


class PushDraw:
    """A stepped illustration of who gets which cards in a push: Back / Next buttons and a step box.

    (Buttons with text rather than ipywidgets' Play and slider, which have no accessible names.)
    """

    def __init__(self, discard_top="9C", stock_top="KD 4S", pusher: str = "Ann", left: str = "Ben"):
        w = _w()
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
        _page_direction(self.widget)
        self.show(0)

    def _go(self, step: int) -> None:
        """Move to ``step``, kept within the frames."""
        self.stepper.value = min(max(step, 0), len(self.frames) - 1)

    def show(self, step: int) -> None:
        """Draw frame ``step``."""
        self.step = int(step)
        self.view.value = push_frame_html(self.frames[self.step], *self.names, hidden=self.hidden)

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


# --------------------------------------------------------------------------- ordering a run

def run_order(cards) -> tuple:
    """The selected cards laid out low to high as a run, wilds filling the gaps (a UI convenience).

    Tries the natural cards with the ace low, then high, in a window of as many places as
    cards: one where a 2 of the suit stands in its own place first, then the highest
    (spare wilds at the top, past the ace at the bottom); the cards are placed by
    :func:`pushlab.rummy.melds.lay_out_run` (the engine's and the finder's run layout).
    Returns the first layout the rules accept, else the naturals sorted with the wilds
    after them. The engine still judges the result.

    >>> [str(c) for c in run_order(parse_cards("7H JK 5H"))]
    ['5H', 'JK', '7H']
    >>> [str(c) for c in run_order(parse_cards("AC JK KC"))]
    ['JK', 'KC', 'AC']
    >>> [str(c) for c in run_order(parse_cards("4H 2H 3H"))]
    ['2H', '3H', '4H']
    >>> [str(c) for c in run_order(parse_cards("QS JK KS 2D"))]      # J Q K A: 2s first
    ['2D', 'QS', 'KS', 'JK']
    """
    from pushlab.rummy.melds import is_valid_meld, lay_out_run
    cards = parse_cards(cards)
    wilds = sorted((c for c in cards if c.is_wild), key=lambda c: (c.is_joker, str(c)))  # 2s first
    naturals = [c for c in cards if c.is_natural]
    fallback = tuple(sorted(naturals, key=lambda c: (c.suit, c.rank)) + wilds)
    suits = {c.suit for c in naturals}
    if len(suits) != 1 or not naturals:
        return fallback
    suit = suits.pop()
    own_two = any(c.rank == 2 and c.suit == suit for c in wilds)
    n = len(cards)
    for ace_high in (False, True):
        vals = sorted(14 if c.rank == 1 and ace_high else c.rank for c in naturals)
        if len(set(vals)) < len(vals):
            continue
        starts = range(max(1, vals[-1] - n + 1), min(vals[0], 15 - n) + 1)
        for lo in sorted(starts, key=lambda lo: (not (own_two and lo <= 2 < lo + n), -lo)):
            layout = lay_out_run(suit, lo, lo + n - 1, naturals, list(wilds))
            if is_valid_meld(layout, "run"):
                return layout
    return fallback


# --------------------------------------------------------------------------- table rendering

def _seat_words(game, you) -> list:
    """How each seat is described to the reader: 'you', 'your partner', 'opponent'."""
    words = []
    for p in range(4):
        if you is None:
            words.append(_("team {number}").format(number=p % 2 + 1))
        elif p == you:
            words.append(_("you"))
        elif p % 2 == you % 2:
            words.append(_("your partner"))
        else:
            words.append(_("opponent"))
    return words


def status_text(game) -> str:
    """Whose turn it is and what they must do, in one line.

    >>> from pushlab.rummy.game import Game
    >>> status_text(Game.new(seed=1, dealer=0, deals=(1,)))
    'Deal 1 (1 of 1) · contract: 2 sets of 3 · Ben to draw: take the discard or push'
    """
    head = _("Deal {deal} ({index} of {count}) \u00b7 contract: {contract}").format(
        deal=game.deal_number, index=game.deal_index + 1, count=len(game.deals),
        contract=contract_words(game.deal_number))
    if game.is_over:
        s = game.scores()
        win = game.winners()
        if len(win) > 1:
            return _("The match is over: {first} and {second} share the win ({a} to {b})").format(
                first=game.teams[win[0]], second=game.teams[win[1]], a=s[0], b=s[1])
        return _("The match is over: {team} win ({a} to {b})").format(team=game.teams[win[0]], a=s[0], b=s[1])
    name = game.players[game.active_player]
    what = (_("{name} to draw: take the discard or push") if game.phase == "draw" else
            _("{name} to meld, lay off, then discard"))
    return f"{head} \u00b7 {what.format(name=name)}"


def table_html(game, you: int | None = 0, show_hands: bool = False, labels=None) -> str:
    """The table seen by seat ``you``: piles, players (counts, contract met), melds with owners, scores.

    ``show_hands=True`` shows every hand face up (for scripted lessons); otherwise only
    seat ``you``'s hand is face up (``you=None``: none).

    >>> from pushlab.rummy.game import Game
    >>> h = table_html(Game.new(seed=1, dealer=0, deals=(1,)))
    >>> "stock: 83" in h, "Ann &amp; Cat" in h
    (True, True)
    """
    status = (f'<div style="font-size:16px;font-weight:600;margin:2px 4px 6px">'
              f'{esc(status_text(game))}</div>')
    stock = stack_html(game.stock_size, _("stock: {count}").format(count=game.stock_size),
                       title=_("face-down stock"))
    top = game.discard_top
    discards = _("discard: {count}").format(count=len(game.discard_pile))
    if top is not None:
        discard = (f'<span class="pl-stack"><span class="pl-pile">{card_html(top)}</span>'
                   f'<span class="pl-cap">{esc(discards)}</span></span>')
    else:
        discard = stack_html(0, discards)
    piles = box_html(_("Stock and discard pile"), row_html([stock, discard]))
    words = labels or _seat_words(game, you)
    boxes = []
    for p, name in enumerate(game.players):
        n = game.hand_sizes[p]
        if show_hands or p == you:
            cards = cards_html(game.hand(p), size="sm")
        else:
            back = card_back(_("face-down card"), size="sm")
            cards = back * min(n, 12) + (" \u2026" if n > 12 else "")
        if game.met[p]:
            met = esc(_("contract met"))
            met = f'<span style="color:#1e5e20;font-weight:600">\u2714 {met}</span>'
        else:
            met = esc(_("contract not met yet"))
            met = f'<span class="pl-muted">{met}</span>'
        dealer = " \u00b7 " + esc(_("dealer")) if p == game.dealer else ""
        count = ngettext("{n} card", "{n} cards", n).format(n=n)
        body = (f'<div class="pl-team{p % 2}" style="font-size:12px">{esc(words[p])} \u00b7 '
                f'{esc(count)}{dealer}</div>'
                f'<div class="pushlab-ltr" style="min-height:48px">{cards}</div><div style="font-size:12px">{met}</div>')
        boxes.append(box_html(name, body, highlight=(p == game.current_player),
                              style="flex:1 1 150px;min-width:150px"))
    players = f'<div class="pl-row" style="gap:0">{"".join(boxes)}</div>'
    if game.table:
        melds = "".join(meld_html(m, f"{i + 1} \u00b7 {game.players[m.owner]}")
                        for i, m in enumerate(game.table))
    else:
        melds = '<span class="pl-muted">' + esc(_("No melds yet.")) + '</span>'
    table = box_html(_("Melds on the table (number \u00b7 owner)"), f'<div class="pl-row" style="gap:2px">{melds}</div>')
    return (f'{RUMMY_CSS}<div class="pl-root pl-rummy-table">{status}'
            f'<div class="pl-row">{piles}{scores_html(game)}</div>{players}{table}</div>')


def scores_html(game) -> str:
    """Penalty points per partnership, per finished deal and in total (lower is better).

    >>> from pushlab.rummy.game import Game
    >>> "Total" in scores_html(Game.new(seed=1))
    True
    """
    head = "".join(f'<th class="pl-team{t}">{esc(game.teams[t])}</th>' for t in (0, 1))
    rows = []
    for r in game.results:
        who = _("{name} out").format(name=game.players[r.went_out]) if r.went_out is not None else \
            {"stock": _("stock ran out"), "cap": _("round cap")}.get(r.reason, r.reason)
        deal = _("deal {deal} ({how})").format(deal=r.deal, how=who)
        rows.append(f"<tr><td>{esc(deal)}</td><td>{r.scores[0]}</td><td>{r.scores[1]}</td></tr>")
    s = game.scores()
    total = esc(_("Total"))
    rows.append(f"<tr><td><b>{total}</b></td><td><b>{s[0]}</b></td><td><b>{s[1]}</b></td></tr>")
    return box_html(_("Penalty points (lower wins)"), f'<table class="pl-kv"><tr><th></th>{head}</tr>{"".join(rows)}</table>')


def log_html(lines, start: int = 0, last: int | None = 30) -> str:
    """The event log as a numbered list; lines from ``start`` on are bold (new).

    The engine's English lines are shown in the current language
    (:func:`pushlab.rummy.logtext.translate_line`), card notation kept left to right.

    >>> log_html(["a", "b"], start=1).count('class="pl-new"')
    1
    """
    items = list(enumerate(lines, 1))
    if last is not None and len(items) > last:
        items = items[-last:]
    if not items:
        nothing = esc(_("Nothing has happened yet."))
        return f'{RUMMY_CSS}<div class="pl-root pl-muted" role="log" aria-live="polite">{nothing}</div>'
    shown = translate_log(t for _k, t in items)
    lis = "".join(f'<li class="{"pl-new" if k - 1 >= start else ""}">{ltr_cards(esc(t))}</li>'
                  for (k, _t), t in zip(items, shown))
    name = esc(_("Event log"))
    return (f'{CSS}<div class="pl-root" role="log" aria-live="polite" aria-label="{name}">'
            f'<ol class="pl-log" tabindex="0" start="{items[0][0]}">{lis}</ol></div>')


_CARD_RUN = None


def ltr_cards(html: str) -> str:
    """``html`` with each run of card notation (``5♥ 5♠ JK``) in a left-to-right ``pushlab-ltr`` span.

    Right-to-left pages (Arabic) keep the cards in their order that way.

    >>> ltr_cards("Ann melds set 5♥ 5♠ JK (meld 1)")
    'Ann melds set <span class="pushlab-ltr">5♥ 5♠ JK</span> (meld 1)'
    """
    import re
    global _CARD_RUN
    if _CARD_RUN is None:
        card = r"(?:(?:10|[2-9AJQK])[\u2660\u2665\u2666\u2663]|JK)"
        _CARD_RUN = re.compile(rf"(?<!\w){card}(?: {card})*(?!\w)")
    return _CARD_RUN.sub(lambda m: f'<span class="pushlab-ltr">{m.group()}</span>', html)


# --------------------------------------------------------------------------- session

SEAT_NAMES = ("Ann", "Ben", "Cat", "Dan")


class RummySession(Session):
    """The reader (seat ``you``) with a bot partner against two bots; no widgets.

    The reader's choices are kept here: ``selection`` (indices into the sorted hand, in
    the order clicked) and ``staged`` melds waiting to be laid down together (the first
    melding must lay down the whole contract in one action, rule 13). Every action goes
    through ``Game.apply``; an illegal one raises the engine's ``IllegalAction`` (a
    request that cannot be made now, such as discarding with nothing selected, raises
    ``Unavailable``) and changes nothing. After the reader's turn the bots play until the
    reader must act.

    ``bots`` maps the other seats to objects with ``choose(game, rng) -> action``
    (default: :func:`default_bots`).

    >>> from pushlab.rummy.game import Game, deck_for
    >>> deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
    ...                  "JD 10S 3H 8D 6S 4S"], upcard="4D", stock="AS KC 7H", dealer=3)
    >>> s = RummySession(Game.new(deck=deck, dealer=3, deals=(1,), names=SEAT_NAMES), bots={})
    >>> s.act("discard 5H")
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: rule 12: Ann must first draw: take the discard or push; legal actions: take, push
    >>> s.take(); s.hand_text()
    '4D 5S 5H 9S 9D 9C JK'
    """

    def __init__(self, game=None, *, bots=None, seed=None, you: int = 0, deals=(1, 2, 3, 4, 5),
                 dealer=None, names=SEAT_NAMES):
        from pushlab.rummy.game import Game
        rng = np.random.default_rng(seed)
        if game is None:
            game = Game.new(seed=rng, deals=deals, dealer=dealer, names=names)
        if you not in range(4):
            raise PushlabError(f"the reader's seat must be 0..3, not {you!r}")
        super().__init__(game, you=you, rng=rng, bots=default_bots() if bots is None else bots)
        self.selection: list[int] = []
        self.staged: list = []              # Meld values (owner None) waiting to be laid down
        self.info = ""                       # a note for the reader after a step that worked
        self.run_bots()

    def over_text(self) -> str:
        """Why nothing can be played after the match."""
        return _("the match is over; start a new game")

    def not_yours_text(self, name: str) -> str:
        """Why the reader cannot act in another player's turn."""
        return _("it is {name}'s turn, not yours").format(name=name)

    def moved(self) -> None:
        """A new state: nothing is selected or staged any more."""
        self.selection = []
        self.staged = []

    # -- queries
    @property
    def hand(self) -> tuple:
        """The reader's hand, sorted, minus the cards in staged melds."""
        hand = list(self.game.hand(self.you))
        for meld in self.staged:
            for c in meld.cards:
                hand.remove(c)
        return tuple(hand)

    def hand_text(self) -> str:
        """The reader's hand in notation (sorted by rank, as shown)."""
        return " ".join(str(c) for c in self.hand_sorted())

    def hand_sorted(self) -> tuple:
        """The hand as shown: by rank (ace low), then suit, wilds last, so sets sit together."""
        return tuple(sorted(self.hand, key=_show_key))

    def selected(self, order: str = "selected") -> tuple:
        """The selected cards, in the order clicked (``"selected"``) or laid out as a run (``"sorted"``)."""
        shown = self.hand_sorted()
        cards = tuple(shown[i] for i in self.selection)
        if order == "sorted":
            return run_order(cards) if cards else cards
        if order != "selected":
            raise PushlabError(f"order is 'selected' or 'sorted', not {order!r}")
        return cards

    def phase_text(self) -> str:
        """What the reader should do now, in words."""
        g = self.game
        if g.is_over:
            return _("The match is over. Start a new game to play again.")
        if not self.your_move:
            return _("{name} is playing.").format(name=g.players[g.current_player])
        if g.phase == "draw":
            top = g.discard_top.pretty if g.discard_top else _("nothing")
            return _("Your turn: take the discard ({card}), or push it with the top stock card to "
                     "{name} and draw from the stock.").format(card=top, name=g.players[(self.you + 1) % 4])
        if not g.met[self.you]:
            return _("Meld the whole contract ({contract}) at once if you can, then discard one card.").format(
                contract=contract_words(g.deal_number))
        return _("Meld, lay off or replace wilds if you like, then discard one card.")

    # -- selection (no rules: just which cards are picked)
    def toggle(self, i: int) -> None:
        """Select or deselect the i-th card of the shown hand."""
        if not 0 <= i < len(self.hand_sorted()):
            raise PushlabError(_("there is no card {index} in your hand of {count}").format(
                index=i, count=len(self.hand_sorted())))
        if i in self.selection:
            self.selection.remove(i)
        else:
            self.selection.append(i)

    def select(self, cards) -> None:
        """Select cards by notation, in the order given (replacing the selection)."""
        shown = list(self.hand_sorted())
        picked = []
        for c in parse_cards(cards):
            free = [i for i, h in enumerate(shown) if h == c and i not in picked]
            if not free:
                raise PushlabError(_("you have no (more) {card} to select").format(card=c.pretty))
            picked.append(free[0])
        self.selection = picked

    def clear_selection(self) -> None:
        """Deselect everything."""
        self.selection = []

    # -- actions
    def check(self, action) -> None:
        """The session's checks, and staged melds must be laid down (or put back) before anything else."""
        self.info = ""
        super().check(action)
        if self.staged and not str(action).startswith("meld"):
            raise IllegalAction(_("you have staged melds: lay them down or put them back first"), action)

    def take(self) -> None:
        """Take the top discard (rule 12a)."""
        self.act("take")

    def push(self) -> None:
        """Push (rule 12b)."""
        self.act("push")

    def discard(self) -> None:
        """Discard the one selected card (rule 15)."""
        cards = self._need_selected(1, _("discard"), exact=True)
        self.act(f"discard {cards[0]}")

    def stage(self, kind: str, order: str = "selected") -> None:
        """Put the selected cards aside as a meld of ``kind`` (checked at once by the meld rules)."""
        from pushlab.rummy import Meld
        self.info = ""
        cards = self._need_selected(3, _("make a set") if kind == "set" else _("make a run"))
        if kind == "run":
            cards = self.selected(order)
        if not self.your_move or self.game.phase != "play":
            raise IllegalAction(_("you can meld only in your turn, after drawing (rule 13)"), f"meld {kind}")
        meld = Meld(kind, cards)
        self.staged.append(meld)
        self.selection = []
        self.info = _("Staged {meld}.").format(meld=meld.text())

    def unstage(self) -> None:
        """Put the staged melds back into the hand."""
        self.staged = []
        self.selection = []

    def meld(self, kind: str | None = None, order: str = "selected") -> None:
        """Lay down the staged melds (plus the selection as a ``kind`` meld, if given) in one action."""
        self.info = ""
        parts = [(m.kind, m.cards) for m in self.staged]
        if kind is not None and self.selection:       # not checked yet: the engine judges it
            parts.append((kind, self.selected(order if kind == "run" else "selected")))
        if not parts:
            raise Unavailable(_("Select cards and stage them as a set or a run first."))
        action = "meld " + "; ".join(f"{k} {' '.join(str(c) for c in cs)}" for k, cs in parts)
        staged, self.staged = self.staged, []
        try:
            self.act(action)
        except PushlabError:
            self.staged = staged
            raise

    def lay_off(self, meld_index: int, end: str | None = None) -> None:
        """Lay off the selected cards, in order, onto meld ``meld_index`` (0-based): all or nothing."""
        cards = self._need_selected(1, _("lay off"))
        if self.staged:
            raise IllegalAction(_("lay down or put back your staged melds first"))
        game = self.game
        for c in cards:
            suffix = f" {end}" if end else ""
            game = game.apply(f"layoff {c} {meld_index}{suffix}")
            if game.current_player != self.you or game.deal_index != self.game.deal_index:
                break                     # went out: the deal is over
        self.advance(game)

    def replace_wild(self, meld_index: int, then: int | str) -> None:
        """Replace a wild in meld ``meld_index`` by the first selected card (rule 14).

        The freed wild goes on: ``then`` is a meld index to lay it off on, or ``"set"`` /
        ``"run"`` to meld it with the other selected cards.
        """
        cards = self._need_selected(1, _("replace a wild with"))
        natural, rest = cards[0], cards[1:]
        freed = self._freed_wild(meld_index, natural)
        # no wild to free: the action is still sent, so the engine refuses it and says why
        wild = () if freed is None else (freed,)
        if isinstance(then, str) and then in ("set", "run"):
            new = rest + wild
            if then == "run":
                new = run_order(new) if new else new
            follow = f"meld {then} {' '.join(str(c) for c in new)}"
        else:
            follow = f"layoff {freed if freed is not None else natural} {int(then)}"
        self.act(f"replace {meld_index} {natural} then {follow}")

    def _freed_wild(self, meld_index, natural):
        """The wild that ``natural`` would free from a meld, or None if it frees none."""
        try:
            return self.game.table[int(meld_index)].replace(natural)[1]
        except (IllegalAction, IndexError, ValueError):
            return None

    def _need_selected(self, n: int, what: str, exact: bool = False) -> tuple:
        """The selected cards if there are enough (exactly ``n`` if ``exact``), else raise ``Unavailable``."""
        self.info = ""
        cards = self.selected()
        if (exact and len(cards) != n) or len(cards) < n:
            if exact:
                text = ngettext("Select exactly {n} card to {what} (you selected {count}).",
                                "Select exactly {n} cards to {what} (you selected {count}).", n)
            else:
                text = ngettext("Select at least {n} card to {what} (you selected {count}).",
                                "Select at least {n} cards to {what} (you selected {count}).", n)
            raise Unavailable(text.format(n=n, what=what, count=len(cards)))
        return cards


def _show_key(card):
    """Hand order on screen: by rank (ace low), then suit; wilds last (2s, then jokers)."""
    if card.is_wild:
        return (1, card.rank == 0, card.suit)
    return (0, card.rank, "SHDC".index(card.suit))


def default_bots() -> dict:
    """Bots for seats 1, 2 (the reader's partner) and 3, from :mod:`pushlab.rummy.bots`."""
    from pushlab.rummy import bots
    return {seat: bots.HeuristicBot() for seat in (1, 2, 3)}


# --------------------------------------------------------------------------- widgets

def _page_direction(widget):
    """Give an app's outer box the page direction of the current language, and the style it needs.

    Right to left (Arabic) adds :data:`pushlab.i18n.RTL_CLASS` and its ``<style>``; cards
    and melds stay left to right inside (``pushlab-ltr``).
    """
    from pushlab.widgets.common import page_direction
    return page_direction(widget)


def _title_html(text: str) -> str:
    """A bold heading line."""
    return f"{CSS}<div class='pl-root' style='font-size:15px;font-weight:600;margin:4px 0'>{esc(text)}</div>"


def result_html(game, results) -> str:
    """Sentences for finished deals: who went out, each partnership's points.

    >>> result_html(None, [])
    ''
    """
    if not results:
        return ""
    lines = []
    for r in results:
        how = (_("{name} went out").format(name=game.players[r.went_out]) if r.went_out is not None else
               {"stock": _("the stock ran out"), "cap": _("the round cap was reached")}.get(r.reason, r.reason))
        left = "; ".join(f"{game.players[p]}: {' '.join(c.pretty for c in h) or '-'}" for p, h in enumerate(r.hands))
        head = _("Deal {deal} is over").format(deal=r.deal)
        scores = _("{team0} score {score0}, {team1} score {score1}.").format(
            team0=game.teams[0], score0=r.scores[0], team1=game.teams[1], score1=r.scores[1])
        left = _("Cards left: {cards}").format(cards=left)
        lines.append(f"<b>{esc(head)}</b>: {esc(how)}. {esc(scores)}<br><span class='pl-muted'>"
                     f"{esc(left)}</span>")
    return f"{CSS}<div class='pl-root pl-msg pl-ok'>{'<br>'.join(lines)}</div>"


class HandView:
    """The reader's hand as one checkbox per card (click, or Tab to it and press Space, to select).

    A checkbox is what a screen reader needs of a selectable card: its name ("5 of
    hearts", "joker (wild) \u2013 just drawn") and whether it is selected (checked). The
    rank and suit are drawn by CSS from the classes ``pl-rk-<rank>`` and
    ``pl-su-<suit>`` so that the visible card and the spoken name do not repeat.
    """

    def __init__(self, on_toggle, size: int = 24):
        w = _w()
        self.on_toggle = on_toggle
        self.buttons = []
        self._syncing = False
        self.box = w.HBox([], layout=w.Layout(flex_flow="row wrap", min_height="86px"))
        self.box.add_class("pl-hand")
        self.box.add_class("pushlab-ltr")           # cards low to high, left to right, in every language
        self._grow(size)

    def _grow(self, size: int) -> None:
        """Make sure there are at least ``size`` card checkboxes (hands grow when pushed to)."""
        w = _w()
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


class PlayApp:
    """Push rummy for the reader (seat 0, Ann) with a bot partner (Cat) against two bots.

    All game logic is in :class:`RummySession`; this class wires buttons to it and
    redraws. Play a whole match (five deals) or one deal chosen by number. ``odds``
    shows the reader's chances; ``hint`` adds the whole-deal estimate of each choice
    (:class:`HintPanel`, computed in the background on each of the reader's turns).
    """

    def __init__(self, seed: int = 0, deal: int | None = None, bots=None, odds: bool = True,
                 hint: bool = True, position: str | None = None):
        w = _w()
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
                                     layout=_INLINE_TOGGLES)
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
        self.log = w.HTML(layout=w.Layout(width="340px"))
        self.private = w.HTML(layout=w.Layout(width="340px"))
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
        side = [w.HTML(_title_html(_("What happened (latest last)"))), self.log, self.private]
        if self.odds:
            side.append(self.odds.widget)
        main = w.VBox([self.prompt, self.message.widget, self.results,
                       w.HTML(_title_html(_("Your hand (click cards to select them)"))), self.hand.box,
                       self.selection, controls, self.table], layout=w.Layout(width="800px"))
        self.widget = w.VBox([w.HTML(RUMMY_CSS), setup,
                              w.HBox([main, w.VBox(side, layout=w.Layout(width="350px"))],
                                     layout=w.Layout(align_items="flex-start"))])
        self.widget.add_class("pl-rummy-playapp")
        self.link = PositionLink(lambda: self.session.game)
        self.widget.children = (*self.widget.children[:2], self.link.widget, *self.widget.children[2:])
        _page_direction(self.widget)
        self.open_position(position)

    # -- wiring
    def open_position(self, text: str | None = None) -> None:
        """Play from the position ``text`` (:mod:`pushlab.share`; None: the page's ``?position=``).

        The reader plays Ann (seat 0) with the bots in the other seats. No position
        asked for: a new game from the setup. A position that cannot be opened: a new
        game, and the reason in the message line.
        """
        from pushlab.rummy.game import Game

        game, problem = requested_position(Game, text)
        if game is None:
            self.start()
        else:
            self.session = RummySession(game, bots=self._bots)
            self.message.clear()
            self._results_seen = 0
            self.refresh()
        if problem:
            self.message.error(problem)

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
        self.log.value = log_html(g.log, start=s.seen, last=25)
        notes = translate_log(g.private_log[s.you][-4:])
        only = esc(_("Only you know"))
        self.private.value = (f"{CSS}<div class='pl-root pl-box'><h4>{only}</h4>"
                              + "<br>".join(ltr_cards(esc(n)) for n in notes) + "</div>") if notes else ""
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

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


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
        w = _w()
        self.setup_steps(game, actions, notes, button_width="100px")
        self.table = w.HTML(layout=w.Layout(width="840px"))
        self.log = w.HTML(layout=w.Layout(width="340px"))
        header = [w.HTML(_title_html(title))] if title else []
        self.widget = w.VBox(header + [
            self.step_controls(), self.note, self.message.widget,
            w.HBox([self.table, w.VBox([w.HTML(_title_html(_("Event log"))), self.log])],
                   layout=w.Layout(align_items="flex-start"))])
        self.widget.add_class("pl-rummy-stepthrough")
        _page_direction(self.widget)
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
        self.log.value = log_html(game.log, start=new_from, last=None)


class OddsPanel:
    """The reader's chances (how the hand stands against the contract) and, with ``hint``,
    the whole-deal hint of :class:`HintPanel` below them."""

    def __init__(self, hint: bool = True, rollouts: int | None = None, seed=None):
        w = _w()
        self.html = w.HTML()
        self.html.add_class("pl-rummy-odds")
        self.hint = HintPanel(rollouts=rollouts, seed=seed) if hint else None
        self.widget = _page_direction(w.VBox([self.html] + ([self.hint.widget] if self.hint else [])))

    def show(self, session) -> None:
        """Redraw for the session's current state (empty when it is not the reader's turn)."""
        self.html.value = odds_html(session)
        if self.hint:
            self.hint.show(session)

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


class _Stale(Exception):
    """The position changed while its hint was being computed."""


class HintPanel:
    """The whole-deal hint: :func:`pushlab.rummy.advise` for the reader's decision, computed in
    a background thread (the page stays live) with a progress bar, shown as an estimate.

    A new position (any move) abandons the estimate under way.
    """

    def __init__(self, rollouts: int | None = None, seed=None, auto: bool = True):
        from pushlab.seeding import make_rng
        w = _w()
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
        from pushlab.rummy.advise import advise

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

    def _repr_mimebundle_(self, **kwargs):
        """Display as the widget."""
        return self.widget._repr_mimebundle_(**kwargs)


def action_words(action: str, game) -> str:
    """An action in words for the reader ("push", "discard K♦", "meld set 5♥ 5♠ JK ...").

    >>> action_words("discard KD", None), action_words("layoff 8H 0 high", None)
    ('discard K♦', 'lay off 8♥ on meld 1 (high end)')
    """
    from pushlab.rummy.actions import Discard, LayOff, MeldDown, Push, Take, parse_action
    try:
        act = parse_action(action)
    except PushlabError:
        act = None
    match act:
        case Take():
            return _("take")
        case Push():
            return _("push")
        case Discard(card=card):
            return _("discard {card}").format(card=card.pretty)
        case LayOff(card=card, meld=m, end=end):
            text = {"low": _("lay off {card} on meld {number} (low end)"),
                    "high": _("lay off {card} on meld {number} (high end)")}.get(end, _("lay off {card} on meld {number}"))
            return text.format(card=card.pretty, number=m + 1)
        case MeldDown(melds=melds):
            return _("meld {melds}").format(melds="; ".join(m.text() for m in melds))
    words = str(action).split()
    pretty = {w: Card.parse(w).pretty for w in words if _is_card(w)}
    return " ".join(pretty.get(w, w) for w in words)


def _is_card(word) -> bool:
    """True if word is card notation."""
    try:
        Card.parse(word)
    except PushlabError:
        return False
    return True


def advice_html(advice, game) -> str:
    """The estimates of :func:`pushlab.rummy.advise` as a ranked table, labelled as estimates."""
    rows = []
    best = advice.best
    for action, v in advice.ranked():
        line = advice.lines.get(action)
        what = action_words(action, game)
        if line and len(line) > 1:
            what = _("{action} (then {next})").format(
                action=what, next="; ".join(action_words(a, game) for a in line[1:]))
        mark = " <b>← " + esc(_("lowest")) + "</b>" if action == best else ""
        rows.append(f"<tr><td>{esc(what)}{mark}</td><td style='text-align:right'>{v.mean:+.0f}</td>"
                    f"<td style='text-align:right'>± {v.se:.0f}</td></tr>")
    body = ("<div style='margin:3px 0'>"
            + _("<b>Estimate</b> for this deal: expected points of your side minus the other side when "
                "the deal ends (lower is better), after each choice. From {rollouts} simulated endings "
                "per choice: the cards you cannot see are dealt at random from those you have not seen, "
                "and the ExpertBot plays every seat. ± is one standard error, so close values are a "
                "toss-up.").format(rollouts=advice.rollouts)
            + "</div><table class='pl-hint-table'><tr><th>" + esc(_("choice")) + "</th><th>" + esc(_("estimate"))
            + "</th><th>" + esc(_("SE")) + f"</th></tr>{''.join(rows)}</table>")
    box = box_html(_("Whole-deal hint (an estimate)"), body)
    return f"{CSS}<div class='pl-root'>{box}</div>"


def odds_html(session) -> str:
    """The reader's standing: cards missing for the contract, a best way to meld, the bot's advice.

    Empty when it is not the reader's turn.
    """
    s = session
    g = s.game
    if not s.your_move:
        return ""
    from pushlab.rummy import finder
    hand = g.hand(s.you)
    rows = []
    if not g.met[s.you]:
        deficit = finder.contract_deficit(hand, g.deal_number)
        if deficit is None:
            rows.append(esc(_("Your hand cannot make the contract with any number of wilds yet.")))
        elif deficit == 0:
            way = finder.best_contract(hand, g.deal_number)
            melds = "; ".join(m.text() for m in way.melds)
            text = (_("<b>You hold the contract</b>: meld it now, e.g. {melds} (leaving {points} penalty points).")
                    if g.phase == "play" else
                    _("<b>You hold the contract</b>: meld it after drawing, e.g. {melds} (leaving {points} "
                      "penalty points)."))
            rows.append(text.format(melds=esc(melds), points=way.penalty))
        else:
            rows.append(ngettext("You are <b>{n} card</b> short of the contract ({contract}): each could be "
                                 "a wild or the right natural card.",
                                 "You are <b>{n} cards</b> short of the contract ({contract}): each could be "
                                 "a wild or the right natural card.", deficit).format(
                n=deficit, contract=esc(contract_words(g.deal_number))))
        rows.extend(_chance_rows(s))
    else:
        rows.append(esc(_("You have met the contract: now shed cards by melding and laying off.")))
    body = "".join(f"<div style='margin:3px 0'>{ltr_cards(r)}</div>" for r in rows)
    box = box_html(_("Your odds"), body)
    return f"{CSS}<div class='pl-root'>{box}</div>"


def helpful_cards(hand, deal: int) -> tuple:
    """The natural cards that would bring ``hand`` closer to the contract, in display order.

    The library decides (:func:`pushlab.rummy.odds.helpful_naturals`); this only sorts.

    >>> [str(c) for c in helpful_cards(parse_cards("5H 5S 9C 9D 3C KH"), 1)]
    ['5D', '5C', '9S', '9H']
    """
    from pushlab.rummy import odds
    return tuple(sorted(odds.helpful_naturals(hand, deal), key=_show_key))


def _chance_rows(session, top: int = 6) -> list:
    """How likely the helpful cards are still in the stock, from :func:`odds.card_in_stock_for`."""
    from pushlab.rummy import odds
    g = session.game
    hand = g.hand(session.you)
    cards = helpful_cards(hand, g.deal_number)
    joker = odds.card_in_stock_for(g, session.you, "JK")
    rows = []
    if cards:
        chances = sorted(((odds.card_in_stock_for(g, session.you, c), c) for c in cards),
                         key=lambda pc: (-pc[0], _show_key(pc[1])))
        cells = ", ".join(f"{c.pretty} {_percent(p)}" for p, c in chances[:top])
        cells = f'<span class="pushlab-ltr">{esc(cells)}</span>'     # card and chance pairs, left to right
        if len(chances) > top:
            cells = esc(_("{cards} (and {more} more)")).format(cards=cells, more=len(chances) - top)
        rows.append(esc(_("Natural cards that would help: {cards} – the chance that at least one copy is "
                          "still in the stock (not in another hand), from the cards you have seen.")).format(
            cards=cells))
    rows.append(esc(_("Any wild helps too: the chance that at least one of the four jokers is still in the "
                      "stock is {chance}.").format(chance=_percent(joker))))
    return rows


def _percent(p) -> str:
    """A probability as a percentage that never rounds a near-certainty to 100% (or a tiny chance to 0%).

    >>> _percent(1), _percent(0.9996), _percent(0.5), _percent(0.001), _percent(0)
    ('100%', 'over 99%', '50%', 'under 1%', '0%')
    """
    p = float(p)
    if 0.995 <= p < 1:
        return _("over 99%")
    if 0 < p < 0.005:
        return _("under 1%")
    return f"{100 * p:.0f}%"
