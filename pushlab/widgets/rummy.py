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

from pushlab.errors import IllegalAction, PushlabError
from pushlab.rummy.cards import SUIT_NAMES, SUIT_SYMBOLS, Card, parse_cards, rank_label
from pushlab.widgets.common import CSS, MessageArea, box_html, card_back, error_text, esc, routed, row_html

__all__ = [
    "RUMMY_CSS", "card_html", "cards_html", "card_name", "meld_html", "check_meld",
    "MeldChecker",
]

#: Style sheet for rummy cards and the clickable hand (adds to :data:`common.CSS`).
RUMMY_CSS = CSS + """<style>
.pl-card.pl-rcard{background:#fff;color:#1b1b1b;text-shadow:none;border:1px solid #9a9a9a}
.pl-card.pl-rcard.pl-red{color:#c8102e}
.pl-card.pl-rcard .pl-big{font-size:22px}
.pl-card.pl-rcard .pl-suit{font-size:20px;line-height:1}
.pl-card.pl-rcard.pl-sm .pl-big{font-size:14px}
.pl-card.pl-rcard.pl-sm .pl-suit{font-size:13px}
.pl-card.pl-rcard .pl-jk{font-size:10px !important}
.pl-card.pl-rcard.pl-sm .pl-jk{display:none}
.pl-card.pl-rcard.pl-wild{border:2px solid #d4a017;box-shadow:0 0 0 2px #fbe7a1,1px 2px 3px rgba(0,0,0,.25)}
.pl-card.pl-rcard.pl-joker{background:linear-gradient(160deg,#fff 0%,#f3e8ff 100%);color:#6a1b9a}
.pl-card.pl-rcard .pl-tag{position:absolute;bottom:1px;right:3px;font-size:8px;font-weight:700;
 color:#9a7400;text-transform:uppercase}
.pl-card.pl-rcard.pl-sel{outline:3px solid #1e63b8;transform:translateY(-6px)}
.pl-meld{display:inline-flex;flex-direction:column;border:1px solid #d0d0d0;border-radius:6px;
 padding:2px 4px 3px;margin:2px 6px 2px 0;background:#fff}
.pl-meld .pl-cap{font-size:11px;color:#555}
.pl-meld.pl-p0,.pl-meld.pl-p2{border-color:#5b8cc0}
.pl-meld.pl-p1,.pl-meld.pl-p3{border-color:#c06a5b}
.pl-team0{color:#1e4f8a}.pl-team1{color:#8a2e1e}
.pl-hand .pl-handcard.jupyter-button{width:46px;height:66px;padding:0;margin:2px;border-radius:8px;
 background:#fff !important;border:1px solid #9a9a9a;box-shadow:1px 2px 3px rgba(0,0,0,.25);
 font-size:17px;font-weight:700;color:#1b1b1b;line-height:1.1;white-space:normal;transition:transform .1s}
.pl-hand .pl-handcard.pl-red.jupyter-button{color:#c8102e}
.pl-hand .pl-handcard.pl-joker.jupyter-button{color:#6a1b9a;background:#f6efff !important}
.pl-hand .pl-handcard.pl-wild.jupyter-button{border:2px solid #d4a017}
.pl-hand .pl-handcard.mod-active.jupyter-button{transform:translateY(-8px);border:3px solid #1e63b8;
 box-shadow:0 4px 8px rgba(30,99,184,.45)}
.pl-hand .pl-handcard.jupyter-button:focus-visible{outline:3px solid #e08a00}
.pl-hand{padding-top:10px}
.pl-palette .jupyter-button{width:40px;height:28px;padding:0;margin:1px;background:#fff;
 border:1px solid #aaa;font-size:13px;font-weight:600}
.pl-palette .pl-red.jupyter-button{color:#c8102e}
.pl-palette .pl-joker.jupyter-button{color:#6a1b9a}
.pl-arrow{font-size:22px;color:#555;align-self:center;margin:0 6px}
</style>"""


def card_name(card) -> str:
    """A card in words, for tooltips and screen readers.

    >>> card_name(Card.parse("10H")), card_name(Card.parse("2S")), card_name(Card.parse("JK"))
    ('10 of hearts', '2 of spades (wild)', 'joker (wild)')
    """
    if card.is_joker:
        return "joker (wild)"
    names = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    text = f"{names.get(card.rank, str(card.rank))} of {SUIT_NAMES[card.suit]}"
    return text + (" (wild)" if card.is_wild else "")


def card_classes(card) -> str:
    """CSS classes saying a card's ink and wildness: ``pl-red``, ``pl-wild``, ``pl-joker``.

    >>> card_classes(Card.parse("2D")), card_classes(Card.parse("AS"))
    ('pl-red pl-wild', '')
    """
    classes = []
    if card.suit in ("H", "D"):
        classes.append("pl-red")
    if card.is_wild:
        classes.append("pl-wild")
    if card.is_joker:
        classes.append("pl-joker")
    return " ".join(classes)


def card_html(card, size: str = "", selected: bool = False, note: str = "") -> str:
    """One playing card: white, rank over suit symbol, red for hearts/diamonds, wilds framed in gold.

    ``note`` is added to the tooltip (e.g. what a wild stands for).

    >>> 'title="5 of hearts"' in card_html(Card.parse("5H"))
    True
    >>> "wild" in card_html(Card.parse("2C"))
    True
    """
    card = Card.parse(card)
    classes = " ".join(filter(None, ["pl-card pl-rcard", card_classes(card),
                                     f"pl-{size}" if size else "", "pl-sel" if selected else ""]))
    title = card_name(card) + (f" \u2013 {note}" if note else "")
    if card.is_joker:
        body = '<span class="pl-big">\u2605</span><span class="pl-suit pl-jk">JOKER</span>'
    else:
        body = (f'<span class="pl-big">{esc(rank_label(card.rank))}</span>'
                f'<span class="pl-suit">{SUIT_SYMBOLS[card.suit]}</span>')
    tag = '<span class="pl-tag">wild</span>' if card.is_wild and size != "sm" else ""
    return f'<span class="{classes}" title="{esc(title)}" role="img" aria-label="{esc(title)}">{body}{tag}</span>'


def cards_html(cards, size: str = "", notes=None) -> str:
    """A row of cards (``notes`` optionally one tooltip note per card).

    >>> cards_html(parse_cards("AS KS")).count("pl-card")
    2
    """
    cards = parse_cards(cards)
    notes = list(notes) if notes is not None else [""] * len(cards)
    return "".join(card_html(c, size, note=n) for c, n in zip(cards, notes))


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
        notes = [f"stands for {s.pretty}" if c.is_wild and not m else ""
                 for c, s, m in zip(meld.cards, stands, mask)]
    elif meld.kind == "set":
        notes = [f"stands for a {rank_label(meld.rank)}" if c.is_wild else "" for c in meld.cards]
    cap = f"{meld.kind} \u00b7 {caption}" if caption else meld.kind
    return (f'<span class="pl-meld pl-p{int(meld.owner) % 4}">'
            f'<span>{cards_html(meld.cards, size, notes)}</span>'
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
        return f'{RUMMY_CSS}<div class="pl-root pl-muted">Type or click some cards to check them.</div>'
    lines = []
    for k, ok, text in check_meld(cards, kind):
        cls = "pl-ok" if ok else "pl-error"
        mark = "\u2714" if ok else "\u2718"
        lines.append(f'<div class="pl-msg {cls}" style="font-weight:500">{mark} {esc(text)}</div>')
    return f'{RUMMY_CSS}<div class="pl-root"><div class="pl-row">{cards_html(cards)}</div>{"".join(lines)}</div>'


def _w():
    """ipywidgets, imported where widgets are built."""
    import ipywidgets
    return ipywidgets


def _palette_button(card, on_click):
    """A small button that adds ``card`` to a text box."""
    w = _w()
    b = w.Button(description=card.pretty if not card.is_joker else "\u2605JK",
                 tooltip=f"add the {card_name(card)}")
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
        self.text = w.Text(value=str(cards), description="Cards:", placeholder="e.g. 5H JK 7H  or  5♥ 5♠ 2C",
                           tooltip="Cards in notation: rank (A 2..10 J Q K) then suit (S H D C); JK is a joker",
                           continuous_update=True, layout=w.Layout(width="380px"),
                           style={"description_width": "50px"})
        self.kind = w.ToggleButtons(options=[("set", "set"), ("run", "run"), ("both", "both")], value=kind,
                                    description="Check as:", tooltips=["a set: one rank, different suits",
                                                                       "a run: one suit, consecutive, low to high",
                                                                       "check both readings"],
                                    style={"button_width": "60px", "description_width": "70px"})
        self.clear_button = w.Button(description="Clear", icon="times", tooltip="Remove all cards",
                                     layout=w.Layout(width="90px"))
        self.back_button = w.Button(description="", icon="arrow-left", tooltip="Remove the last card",
                                    layout=w.Layout(width="44px"))
        self.sort_button = w.Button(description="Sort", icon="sort", tooltip="Sort the cards (wilds stay last)",
                                    layout=w.Layout(width="90px"))
        self.result = w.HTML()
        self.result.add_class("pl-meldcheck-result")
        rows = []
        for suit in SUITS:
            rows.append(w.HBox([_palette_button(Card(r, suit), guard(self.add)) for r in range(1, 14)]))
        rows.append(w.HBox([_palette_button(JOKER, guard(self.add)), self.back_button, self.clear_button,
                            self.sort_button]))
        palette = w.VBox(rows)
        palette.add_class("pl-palette")
        self.text.observe(guard(lambda _=None: self.refresh()), names="value")
        self.kind.observe(guard(lambda _=None: self.refresh()), names="value")
        self.clear_button.on_click(guard(lambda _=None: setattr(self.text, "value", "")))
        self.back_button.on_click(guard(lambda _=None: self._drop_last()))
        self.sort_button.on_click(guard(lambda _=None: self._sort()))
        self.widget = w.VBox([w.HTML(RUMMY_CSS), w.HBox([self.text, self.kind]), palette,
                              self.message.widget, self.result])
        self.widget.add_class("pl-meldchecker")
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
        return self.widget._repr_mimebundle_(**kwargs)
