"""The one card renderer of both games: a card (or cards) in, the apps' card faces out.

:func:`card_html` draws a push-your-luck :class:`pushlab.luck.Card` (colour, number,
the colour's letter and shape, so cards differ without colour vision) or a playing card
of the rummy (:class:`pushlab.rummy.Card`: rank over suit, red ink for hearts and
diamonds, wilds framed in gold), both through :func:`~pushlab.display.html.card_face`.
The apps and the engines' notebook look (:mod:`pushlab.display.engines`, registered
with IPython by :mod:`pushlab.display.formatters`; no engine imports this module) call
the same functions; :func:`card_block` and :func:`cards_block` add the style sheet, for
an object displayed on its own. It imports neither engine: the drawer of a card is
chosen by its class's name, and a rummy card's suit symbols are imported when one is
drawn (a luck page does not load the rummy engine).

>>> from pushlab.luck import Card as LuckCard
>>> from pushlab.rummy import Card as RummyCard
>>> 'title="red 3"' in card_html(LuckCard.parse("R3")), 'title="5 of hearts"' in card_html(RummyCard.parse("5H"))
(True, True)
>>> cards_html([RummyCard.parse("2S"), RummyCard.parse("JK")]).count("pl-wild")
2
"""

from __future__ import annotations

from pushlab.i18n import _
from pushlab.display.html import CSS, card_face

__all__ = [
    "CARD_COLOURS", "COLOUR_SHAPES", "RUMMY_CSS",
    "card_html", "cards_html", "card_name", "card_classes", "block", "card_block", "cards_block",
]

#: Card colours on screen; yellow gets dark ink.
CARD_COLOURS = {"R": "#d32f2f", "B": "#1e63b8", "G": "#2e8b3e", "Y": "#f2c511", "P": "#7e3fa6"}
#: A shape per colour, drawn beside the colour's letter: cards differ without colour vision.
COLOUR_SHAPES = {"R": "\u25cf", "B": "\u25a0", "G": "\u25b2", "Y": "\u25c6", "P": "\u271a"}   # ● ■ ▲ ◆ ✚

#: Style sheet for rummy cards and the clickable hand (adds to :data:`~pushlab.display.html.CSS`).
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
 color:#7a5c00;text-transform:uppercase}
.pl-card.pl-rcard.pl-sel{outline:3px solid #1e63b8;transform:translateY(-6px)}
.pl-meld{display:inline-flex;flex-direction:column;border:1px solid #d0d0d0;border-radius:6px;
 padding:2px 4px 3px;margin:2px 6px 2px 0;background:#fff}
.pl-meld .pl-cap{font-size:11px;color:#555}
.pl-meld.pl-p0,.pl-meld.pl-p2{border-color:#5b8cc0}
.pl-meld.pl-p1,.pl-meld.pl-p3{border-color:#c06a5b}
.pl-team0{color:#1e4f8a}.pl-team1{color:#8a2e1e}
.pl-hand .pl-handcard.widget-checkbox{width:50px;height:70px;margin:0;padding:0;overflow:visible}
.pl-hand .pl-handcard .widget-label-basic{position:relative;display:flex;flex-direction:column;align-items:center;
 justify-content:center;box-sizing:border-box;width:46px;height:66px;margin:2px;border-radius:8px;background:#fff;
 border:1px solid #9a9a9a;box-shadow:1px 2px 3px rgba(0,0,0,.25);font-size:18px;font-weight:700;color:#1b1b1b;
 line-height:1.15;cursor:pointer;transition:transform .1s}
.pl-hand .pl-handcard .widget-label-basic input{position:absolute;top:0;left:0;width:100%;height:100%;margin:0;
 opacity:0;cursor:pointer}
.pl-hand .pl-handcard .widget-label-basic span{position:absolute;width:1px;height:1px;overflow:hidden;
 clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.pl-hand .pl-handcard .widget-label-basic::before{content:var(--pl-rank)/""}
.pl-hand .pl-handcard .widget-label-basic::after{content:var(--pl-suit)/""}
.pl-hand .pl-handcard.pl-drawn .widget-label-basic{border-top:5px solid #2e8b3e}
.pl-hand .pl-handcard.pl-red .widget-label-basic{color:#c8102e}
.pl-hand .pl-handcard.pl-joker .widget-label-basic{color:#6a1b9a;background:#f6efff}
.pl-hand .pl-handcard.pl-wild .widget-label-basic{border:2px solid #d4a017}
.pl-hand .pl-handcard .widget-label-basic:has(input:checked){transform:translateY(-8px);border:3px solid #1e63b8;
 box-shadow:0 4px 8px rgba(30,99,184,.45)}
.pl-hand .pl-handcard .widget-label-basic:has(input:focus-visible){outline:3px solid #b35900;outline-offset:1px}
.pl-rk-1{--pl-rank:"A"}.pl-rk-2{--pl-rank:"2"}.pl-rk-3{--pl-rank:"3"}.pl-rk-4{--pl-rank:"4"}.pl-rk-5{--pl-rank:"5"}.pl-rk-6{--pl-rank:"6"}.pl-rk-7{--pl-rank:"7"}.pl-rk-8{--pl-rank:"8"}.pl-rk-9{--pl-rank:"9"}.pl-rk-10{--pl-rank:"10"}.pl-rk-11{--pl-rank:"J"}.pl-rk-12{--pl-rank:"Q"}.pl-rk-13{--pl-rank:"K"}.pl-rk-jk{--pl-rank:"★"}
.pl-su-S{--pl-suit:"♠"}.pl-su-H{--pl-suit:"♥"}.pl-su-D{--pl-suit:"♦"}.pl-su-C{--pl-suit:"♣"}.pl-su-jk{--pl-suit:"JK"}
.pl-hand{padding-top:10px}
.pl-palette .jupyter-button{width:40px;height:28px;padding:0;margin:1px;background:#fff;
 border:1px solid #aaa;font-size:13px;font-weight:600}
.pl-palette .pl-red.jupyter-button{color:#c8102e}
.pl-palette .pl-joker.jupyter-button{color:#6a1b9a}
.pl-arrow{font-size:22px;color:#555;align-self:center;margin:0 6px}
</style>"""


def card_html(card, size: str = "", **kwargs) -> str:
    """One card as the apps draw it (``size="sm"``: small); a card of either game.

    The drawer is chosen by the card's class, looked up by name in :data:`DRAWERS`, so
    this module imports neither engine (a rummy page never loads the luck engine).

    >>> card_html("R3")
    Traceback (most recent call last):
    ...
    TypeError: card_html draws a pushlab.luck.Card or a pushlab.rummy.Card, not 'R3'
    """
    for cls in type(card).__mro__:
        draw = DRAWERS.get(f"{cls.__module__}.{cls.__qualname__}")
        if draw is not None:
            return draw(card, size, **kwargs)
    raise TypeError(f"card_html draws a pushlab.luck.Card or a pushlab.rummy.Card, not {card!r}")


def _luck_card(card, size: str = "") -> str:
    """A push-your-luck card: coloured, big number, the colour's letter and shape; roll die or switch arrows.

    >>> from pushlab.luck import Card
    >>> 'title="red 3"' in card_html(Card.parse("R3"))
    True
    >>> "roll" in card_html(Card.parse("roll"))
    True
    """
    from pushlab.i18n.forms import colour_name
    if card.kind == "number":
        name = colour_name(card.colour)
        return card_face(card.number, CARD_COLOURS[card.colour], corner=card.colour,
                         mark=COLOUR_SHAPES[card.colour], small=name, title=f"{name} {card.number}",
                         light=card.colour == "Y", size=size)
    if card.kind == "roll":
        return card_face("\u2684", "#eceff1", small=_("roll"), light=True,
                         title=_("roll card: whoever collects it rolls the die"), size=size)
    return card_face("\u21c4", "#37474f", small=_("switch"),
                     title=_("switch card: reverses the collection direction"), size=size)


def _rummy_card(card, size: str = "", selected: bool = False, note: str = "") -> str:
    """A playing card: white, rank over suit symbol, red for hearts/diamonds, wilds framed in gold.

    ``note`` is added to the tooltip (e.g. what a wild stands for).

    >>> from pushlab.rummy import Card
    >>> 'title="5 of hearts"' in card_html(Card.parse("5H"))
    True
    >>> "wild" in card_html(Card.parse("2C"))
    True
    """
    from pushlab.rummy.cards import SUIT_SYMBOLS, rank_label
    classes = " ".join(filter(None, ["pl-rcard", card_classes(card), "pl-sel" if selected else ""]))
    title = card_name(card) + (f" \u2013 {note}" if note else "")
    tag = _("wild") if card.is_wild and size != "sm" else ""
    if card.is_joker:
        return card_face("\u2605", small="JOKER", small_class="pl-suit pl-jk", classes=classes, title=title,
                         size=size, tag=tag)
    return card_face(rank_label(card.rank), small=SUIT_SYMBOLS[card.suit], small_class="pl-suit",
                     classes=classes, title=title, size=size, tag=tag)


#: The drawer of each game's card class, by the class's full name (no engine imported here).
DRAWERS = {"pushlab.luck.cards.Card": _luck_card, "pushlab.rummy.cards.Card": _rummy_card}


def cards_html(cards, size: str = "", notes=None) -> str:
    """A row of cards of either game (``notes`` optionally one tooltip note per rummy card).

    >>> from pushlab.luck import parse_cards
    >>> cards_html(parse_cards("R1 B2"), "sm").count("pl-card pl-sm")
    2
    """
    if notes is None:
        return "".join(card_html(c, size) for c in cards)
    return "".join(card_html(c, size, note=n) for c, n in zip(cards, notes))


def card_name(card) -> str:
    """A rummy card in words, for tooltips and screen readers.

    >>> from pushlab.rummy import Card as RummyCard
    >>> card_name(RummyCard.parse("10H")), card_name(RummyCard.parse("2S")), card_name(RummyCard.parse("JK"))
    ('10 of hearts', '2 of spades (wild)', 'joker (wild)')
    """
    if card.is_joker:
        return _("joker (wild)")
    names = {1: _("ace"), 11: _("jack"), 12: _("queen"), 13: _("king")}
    suits = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
    text = _("{rank} of {suit}").format(rank=names.get(card.rank, str(card.rank)), suit=suits[card.suit])
    return _("{card} (wild)").format(card=text) if card.is_wild else text


def card_classes(card) -> str:
    """CSS classes saying a rummy card's ink and wildness: ``pl-red``, ``pl-wild``, ``pl-joker``.

    >>> from pushlab.rummy import Card as RummyCard
    >>> card_classes(RummyCard.parse("2D")), card_classes(RummyCard.parse("AS"))
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


def block(body: str, tag: str = "span") -> str:
    """``body`` with the style sheet of both games' cards, ready to display on its own
    (``tag="div"`` for a block of several lines)."""
    return f'{RUMMY_CSS}<{tag} class="pl-root pushlab-ltr" style="display:inline-block">{body}</{tag}>'


def card_block(card, size: str = "") -> str:
    """One card with its style sheet (how a notebook shows an engine's ``Card``).

    >>> from pushlab.luck import Card
    >>> card_html(Card.parse("B5")) in card_block(Card.parse("B5"))
    True
    """
    return block(card_html(card, size))


def cards_block(cards, size: str = "sm") -> str:
    """A row of cards with their style sheet."""
    return block(cards_html(cards, size))
