"""Both games' events as sentences in any language: the one place the event log's text is written.

The engines record what happens as small immutable values (:mod:`pushlab.luck.events`,
:mod:`pushlab.rummy.events`); this module turns them into text. Each event type has its
English template here, marked for the catalogs; a language's translation of the template
is filled with the event's fields, each in the grammatical form the translation asks for
(``{colour:acc}``, :mod:`pushlab.i18n.forms`), counts with the language's plural forms.
``Game.log`` is the English text; the apps show the reader's language. Card notation
(``R3``, ``5♥``) is never translated; in HTML (``html=True``) each run of it sits in a
left-to-right ``pushlab-ltr`` span, so right-to-left pages keep the cards in order.

This module imports no engine: it knows an event by its type's name and reads its fields.

>>> from pushlab.luck.events import Banked, Rolled
>>> from pushlab.luck.cards import parse_cards
>>> players = ("Ann", "Ben")
>>> event_text(Rolled(0, "B", parse_cards("B1")), players)
'Ann rolls blue and loses B1'
>>> event_text(Rolled(0, "B", parse_cards("B1")), players, "cs")
'Ann hodí barvu modrou a ztrácí B1'
>>> event_text(Banked(1, "B", parse_cards("B3 B4")), players, "et")
'Ben pangab 2 sinist kaarti (7 punkti)'
>>> event_text(Rolled(0, "B", parse_cards("B1")), players, "ar", html=True)
'Ann: رمي النرد، والنتيجة اللون الأزرق، فتضيع <span class="pushlab-ltr">B1</span>'
"""

from __future__ import annotations

from html import escape

from pushlab.i18n import current_language, gettext, ngettext
from pushlab.i18n.forms import Colour, colour_name

__all__ = ["event_text", "log_lines", "names_text", "colour_name", "direction_words", "Notation"]


class Notation(str):
    """Card notation inside a sentence: never translated; in HTML, kept left to right."""

    __slots__ = ()


class _Markup(str):
    """A part already written in the output's format (HTML or text): inserted as it is."""

    __slots__ = ()


class _Writer:
    """Fills templates in one language, as plain text or HTML."""

    __slots__ = ("language", "players", "html")

    def __init__(self, language, players, html):
        self.language, self.players, self.html = language, players, html

    def _(self, message: str) -> str:
        return gettext(message, self.language)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return ngettext(singular, plural, n, self.language)

    def name(self, player) -> str:
        """A seat's name (a name given as text is kept)."""
        return player if isinstance(player, str) else self.players[player]

    def fill(self, template: str, **fields) -> _Markup:
        """``template`` (translated) with its fields; in HTML the text is escaped, notation marked."""
        if self.html:
            template = escape(template, quote=False)
            fields = {k: self._html(v) for k, v in fields.items()}
        return _Markup(template.format(**fields))

    @staticmethod
    def _html(value):
        if isinstance(value, _Markup):
            return value
        if isinstance(value, Notation):
            return _Markup(f'<span class="pushlab-ltr">{escape(value, quote=False)}</span>')
        if isinstance(value, str):
            return escape(value, quote=False)
        return value

    def names(self, players) -> str:
        """'Ann', 'Ann and Ben', 'Ann, Ben and Cat' in the language."""
        names = [self.name(p) for p in players]
        if len(names) == 1:
            return names[0]
        return self._("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


# ---------------------------------------------------------------------- push-your-luck
def _luck_cards(cards) -> Notation:
    return Notation(" ".join(str(c) for c in cards))


def _rolled(e, w):
    who = w.name(e.player)
    if e.face == "*":
        if not e.harder:
            return w.fill(w._("{who} rolls a star: nothing is lost"), who=who)
        if e.lost:
            return w.fill(w._("{who} rolls a star and loses the whole bench: {cards}"), who=who,
                          cards=_luck_cards(e.lost))
        return w.fill(w._("{who} rolls a star and loses nothing"), who=who)
    colour = Colour(e.face, w.language)
    if e.lost:
        return w.fill(w._("{who} rolls {colour} and loses {cards}"), who=who, colour=colour,
                      cards=_luck_cards(e.lost))
    return w.fill(w._("{who} rolls {colour} and loses nothing"), who=who, colour=colour)


def _switch_drawn(e, w):
    if e.lasts and e.direction < 0:
        text = w._("{who} draws a switch card: collection now runs counter-clockwise for the rest of the "
                   "game (until the next switch card)")
    elif e.lasts:
        text = w._("{who} draws a switch card: collection now runs clockwise for the rest of the game "
                   "(until the next switch card)")
    elif e.direction < 0:
        text = w._("{who} draws a switch card: collection now runs counter-clockwise")
    else:
        text = w._("{who} draws a switch card: collection now runs clockwise")
    return w.fill(text, who=w.name(e.player))


def _busted(e, w):
    who = w.name(e.player)
    if e.card.kind == "roll":
        return w.fill(w._("Bust! {who} draws a roll card, which fits no column"), who=who)
    return w.fill(w._("Bust! {who} draws {card}, which fits no column"), who=who, card=Notation(str(e.card)))


def _pile_empty(e, w):
    return w.fill(w._("The draw pile is empty: {who}'s turn ends"), who=w.name(e.player))


def _placed(e, w):
    fields = {"who": w.name(e.player), "column": e.column + 1}
    roll = e.card.kind == "roll"
    if e.new:
        text = (w._("{who} draws a roll card and starts column {column}") if roll
                else w._("{who} draws {card} and starts column {column}"))
    else:
        text = (w._("{who} draws a roll card and puts it in column {column}") if roll
                else w._("{who} draws {card} and puts it in column {column}"))
    if not roll:
        fields["card"] = Notation(str(e.card))
    return w.fill(text, **fields)


def _banked(e, w):
    n = len(e.cards)
    text = w.ngettext("{who} banks {n} {colour} card ({points} points)", "{who} banks {n} {colour} cards ({points} points)", n)
    return w.fill(text, who=w.name(e.player), n=n, colour=Colour(e.colour, w.language),
                  points=sum(c.points for c in e.cards))


def _stopped(e, w):
    return w.fill(w._("{who} stops"), who=w.name(e.player))


def _took_column(e, w):
    return w.fill(w._("{who} takes column {column}: {cards}"), who=w.name(e.player), column=e.column + 1,
                  cards=_luck_cards(e.cards))


def _columns_discarded(e, w):
    return w.fill(w._("Columns nobody takes are discarded: {columns}"),
                  columns=Notation(" | ".join(_luck_cards(c) for c in e.columns)))


def _game_over(e, w):
    if len(e.winners) == 1:
        return w.fill(w._("The game is over: {who} wins with {points} points"), who=w.name(e.winners[0]),
                      points=e.points)
    return w.fill(w._("The game is over: {names} share the win with {points} points each"),
                  names=w.names(e.winners), points=e.points)


_WRITERS = {
    "Rolled": _rolled, "SwitchDrawn": _switch_drawn, "Busted": _busted, "PileEmpty": _pile_empty,
    "Placed": _placed, "Banked": _banked, "Stopped": _stopped, "TookColumn": _took_column,
    "ColumnsDiscarded": _columns_discarded, "GameOver": _game_over,
}


# ---------------------------------------------------------------------- the API
def event_text(event, players, language: str | None = None, *, html: bool = False) -> str:
    """One event as a sentence in ``language`` (default: the current one); ``players``: the seats' names.

    ``html=True`` gives escaped HTML with card notation in ``pushlab-ltr`` spans.
    """
    w = _Writer(language or current_language(), players, html)
    return str(_WRITERS[type(event).__name__](event, w))


def log_lines(events, players, language: str | None = None, *, html: bool = False) -> list:
    """Each event of ``events`` as a sentence (:func:`event_text`), in order.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R3", rolls="*").apply("draw").apply("place 0").apply("stop")
    >>> log_lines(g.events, g.players, "eo")
    ['Ann tiras R3 kaj komencas kolumnon 1', 'Ann haltas']
    """
    w = _Writer(language or current_language(), players, html)
    return [str(_WRITERS[type(e).__name__](e, w)) for e in events]


def names_text(names, language: str | None = None) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cat' in ``language``.

    >>> names_text(["Ann", "Ben", "Cat"], "cs")
    'Ann, Ben a Cat'
    """
    return _Writer(language or current_language(), (), False).names(list(names))


def direction_words(direction: int, language: str | None = None) -> str:
    """The collection direction as an arrow and words.

    >>> direction_words(-1)
    '\u21ba counter-clockwise'
    """
    if direction >= 0:
        return "\u21bb " + gettext("clockwise", language)
    return "\u21ba " + gettext("counter-clockwise", language)
