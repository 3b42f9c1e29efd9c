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

__all__ = ["event_text", "log_lines", "names_text", "colour_name", "direction_words", "problem_text",
           "contract_words", "kind_word", "meld_label", "Notation"]


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
        """'Ann', 'Ann and Ben', 'Ann, Ben, and Cat' in the language (CLDR's "and" list,
        :func:`pushlab.i18n.lists.list_text`: Arabic ``Ann وBen وCat``). No players is an
        error: every event that names players names one at least (a forged link's
        ``GameOver`` without winners is refused because its log cannot be written)."""
        from pushlab.i18n.lists import list_text

        if not players:
            raise ValueError("an event names no players")
        return list_text([self.name(p) for p in players], self.language)


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


# ---------------------------------------------------------------------- contract rummy
def _pretty(cards) -> Notation:
    return Notation(" ".join(c.pretty for c in cards))


def _team(w, t: int) -> str:
    return f"{w.name(t)} & {w.name(t + 2)}"


def _contract(w, contract) -> str:
    """'1 set of 3 + 1 run of 4' in the language."""
    parts = []
    for kind in ("set", "run"):
        sizes = [size for k, size in contract if k == kind]
        if sizes:
            n = len(sizes)
            text = (w.ngettext("{n} set of {size}", "{n} sets of {size}", n) if kind == "set"
                    else w.ngettext("{n} run of {size}", "{n} runs of {size}", n))
            parts.append(text.format(n=n, size=sizes[0]))
    return " + ".join(parts)


def _meld(w, meld, number: int):
    """'set 5♥ 5♠ JK (meld 1)'; ``number`` counts from 1."""
    text = w._("set {cards} (meld {number})") if meld.kind == "set" else w._("run {cards} (meld {number})")
    return w.fill(text, cards=_pretty(meld.cards), number=number)


def _label(w, meld, number: int):
    """'meld 2 (Ben's run 7♣ 8♣ 9♣)'; ``number`` counts from 1."""
    text = (w._("meld {number} ({owner}'s set {cards})") if meld.kind == "set"
            else w._("meld {number} ({owner}'s run {cards})"))
    return w.fill(text, number=number, owner=w.name(meld.owner), cards=_pretty(meld.cards))


def _deal_started(e, w):
    return w.fill(w._("Deal {deal} ({index} of {count}), contract {contract}: {dealer} deals {size} cards each; "
                      "the upcard is {card}"), deal=e.deal, index=e.number, count=e.count,
                  contract=_contract(w, e.contract), dealer=w.name(e.dealer), size=e.size,
                  card=Notation(e.upcard.pretty))


def _upcard_returned(e, w):
    return w.fill(w._("The upcard {card} is wild: it goes back into the stock at a random place and {new} is "
                      "turned up (rule 6)"), card=Notation(e.card.pretty), new=Notation(e.new.pretty))


def _dealt(e, w):
    return w.fill(w._("Deal {deal}: {name} is dealt {cards}"), deal=e.deal, name=w.name(e.player),
                  cards=_pretty(e.cards))


def _deal_ended(e, w):
    parts = [w.fill("{name} {cards} ({points})", name=w.name(p), cards=_pretty(hand) if hand else "-",
                    points=sum(c.penalty for c in hand)) for p, hand in enumerate(e.hands)]
    return w.fill(w._("Deal {deal} ends: {team0} score {score0}, {team1} score {score1} (hands left: {left})"),
                  deal=e.deal, team0=_team(w, 0), score0=e.scores[0], team1=_team(w, 1), score1=e.scores[1],
                  left=_Markup("; ".join(parts)))


def _match_over(e, w):
    a, b = e.totals
    if a == b:
        return w.fill(w._("The match is over: {team0} and {team1} tie with {points} points and share the win"),
                      team0=_team(w, 0), team1=_team(w, 1), points=a)
    win = 0 if a < b else 1
    return w.fill(w._("The match is over: {team} win with {points} points against {other}"),
                  team=_team(w, win), points=e.totals[win], other=e.totals[1 - win])


def _round_cap(e, w):
    return w.fill(w._("{rounds} full rounds without a card taken from the stock: the deal ends (rule 17)"),
                  rounds=e.rounds)


def _went_out(e, w):
    return w.fill(w._("{name} goes out (rule 16)"), name=w.name(e.player))


def _took_discard(e, w):
    return w.fill(w._("{name} takes {card} from the discard pile"), name=w.name(e.player),
                  card=Notation(e.card.pretty))


def _stock_empty(e, w):
    return w.fill(w._("{name} pushes, but the stock is empty: the deal ends (rules 12, 17)"), name=w.name(e.player))


def _pushed(e, w):
    fields = {"name": w.name(e.player), "left": w.name(e.to)}
    if e.card is not None:
        fields["card"] = Notation(e.card.pretty)
        text = (w._("{name} pushes {card} and the top stock card to {left}, then draws from the stock") if e.drew
                else w._("{name} pushes {card} and the top stock card to {left}; the stock is now empty, so {name} "
                         "cannot draw: the deal ends (rules 12, 17)"))
    else:
        text = (w._("{name} pushes the top stock card to {left}, then draws from the stock") if e.drew
                else w._("{name} pushes the top stock card to {left}; the stock is now empty, so {name} cannot "
                         "draw: the deal ends (rules 12, 17)"))
    return w.fill(text, **fields)


def _received(e, w):
    return w.fill(w._("{name} receives {card} from the stock (pushed by {pusher})"), name=w.name(e.player),
                  card=Notation(e.card.pretty), pusher=w.name(e.pusher))


def _drew_stock(e, w):
    return w.fill(w._("{name} draws {card} from the stock"), name=w.name(e.player), card=Notation(e.card.pretty))


def _discarded(e, w):
    return w.fill(w._("{name} discards {card}"), name=w.name(e.player), card=Notation(e.card.pretty))


def _melded(e, w):
    melds = [_meld(w, m, e.first + i + 1) for i, m in enumerate(e.melds)]
    joined = melds[0]
    for piece in melds[1:]:
        joined = w.fill(w._("{first} and {second}"), first=joined, second=piece)
    text = w._("{name} melds {melds}, meeting the contract") if e.met else w._("{name} melds {melds}")
    return w.fill(text, name=w.name(e.player), melds=joined)


def _laid_off(e, w):
    if e.end == "low":
        text = w._("{name} lays off {card} at the low end of {meld}")
    elif e.end == "high":
        text = w._("{name} lays off {card} at the high end of {meld}")
    else:
        text = w._("{name} lays off {card} on {meld}")
    return w.fill(text, name=w.name(e.player), card=Notation(e.card.pretty), meld=_label(w, e.result, e.meld + 1))


def _replaced(e, w):
    return w.fill(w._("{name} replaces {wild} in meld {number} by {card}"), name=w.name(e.player),
                  wild=Notation(e.wild.pretty), number=e.meld + 1, card=Notation(e.card.pretty))


_WRITERS.update({
    "DealStarted": _deal_started, "UpcardReturned": _upcard_returned, "Dealt": _dealt, "DealEnded": _deal_ended,
    "MatchOver": _match_over, "RoundCapReached": _round_cap, "WentOut": _went_out, "TookDiscard": _took_discard,
    "StockEmpty": _stock_empty, "Pushed": _pushed, "Received": _received, "DrewStock": _drew_stock,
    "Discarded": _discarded, "Melded": _melded, "LaidOff": _laid_off, "Replaced": _replaced,
})


# ---------------------------------------------------------------------- why cards are not a meld
def _problem(p, w):
    cards = [Notation(c.pretty) for c in p.cards]
    code = p.code
    if code == "suits_differ":
        return w.fill(w._("a run's natural cards must share one suit ({a} and {b} differ)"), a=cards[0], b=cards[1])
    if code == "out_of_sequence":
        return w.fill(w._("the cards are not in sequence: {card} stands in the place of {want}"), card=cards[0],
                      want=cards[1])
    if code == "outside":
        return w.fill(w._("the cards are not in sequence: {card} stands in a place outside A..A"), card=cards[0])
    if code == "below_ace":
        return w.fill(w._("no card ranks below a low ace (no wrap-around)"))
    if code == "above_ace":
        return w.fill(w._("no card ranks above a high ace (no wrap-around)"))
    if code == "too_few":
        return w.fill(w._("a meld needs at least 3 cards, not {n}"), n=p.n)
    if code == "no_natural":
        return w.fill(w._("a meld needs at least one natural card (2s and jokers are wild)"))
    if code == "ranks_differ":
        return w.fill(w._("a set's natural cards must share one rank ({a} and {b} differ)"), a=cards[0], b=cards[1])
    if code == "suit_twice":
        return w.fill(w._("a set's natural cards must have different suits (two {card})"), card=cards[0])
    if code == "set_too_long":
        return w.fill(w._("a set has at most {most} cards, not {n}"), most=p.most, n=p.n)
    if code == "run_too_long":
        return w.fill(w._("a run has at most {most} cards, not {n}"), most=p.most, n=p.n)
    raise KeyError(f"no text for the meld problem {code!r}")


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
    """'Ann', 'Ann and Ben', 'Ann, Ben, and Cat' in ``language`` (as the language joins a list).

    >>> names_text(["Ann", "Ben", "Cat"], "cs"), names_text(["Ann", "Ben", "Cat"], "ar")
    ('Ann, Ben a\xa0Cat', 'Ann وBen وCat')
    >>> names_text([])
    Traceback (most recent call last):
    ...
    ValueError: an event names no players
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


def problem_text(problem, language: str | None = None) -> str:
    """Why cards are not a meld (a :class:`pushlab.rummy.melds.MeldProblem`) in ``language``.

    >>> from pushlab.rummy.melds import meld_problem
    >>> problem_text(meld_problem("5H 5S", "set"), "eo")
    'kombino bezonas almenaŭ 3 kartojn, ne 2'
    """
    return str(_problem(problem, _Writer(language or current_language(), (), False)))


def explanation_text(explanation, language: str | None = None) -> str:
    """Why banking pays (a :class:`pushlab.luck.advice.Explanation`, or None: ``""``) in
    ``language``, its numbers written as that language writes them
    (:func:`pushlab.i18n.numbers.number`).

    >>> from pushlab.luck.advice import Explanation
    >>> e = Explanation("Ann", 5.83, 0.31, False, (("B", 7, 1.94),))
    >>> explanation_text(e, "cs")
    'Hráče Ann čeká do konce hry ještě asi 5,8 ± 0,3 hodů kostkou (vlastní přetažení a sebrané karty hodu). Každý zasáhne danou barvu s pravděpodobností 1 ze 6. Uložení barvy modrá (7 b.) chrání asi 1,9 bodů.'
    """
    if explanation is None:
        return ""
    from pushlab.i18n.numbers import decimal

    lang = language or current_language()
    e = explanation
    q = gettext("1 in 3 (that colour or a star)", lang) if e.harder else gettext("1 in 6", lang)
    text = gettext("{player} still faces about {rolls} \u00b1 {half} die rolls before the game ends (own busts "
                   "and roll cards collected). Each one hits a given colour with a chance of {q}.", lang).format(
        player=e.player, rolls=decimal(e.rolls, 1, language=lang), half=decimal(e.half, 1, language=lang), q=q)
    for colour, points, x in e.protects:
        text += " " + gettext("Banking {colour} ({points} points) protects about {x} points.", lang).format(
            colour=colour_name(colour, lang), points=points, x=decimal(x, 1, language=lang))
    return text


def contract_words(contract, language: str | None = None) -> str:
    """A contract, ((kind, size), ...), in words: ``'1 set of 3 + 1 run of 4'`` (English: as
    :func:`pushlab.rummy.melds.contract_text`).

    >>> contract_words((("set", 3), ("set", 3), ("set", 3)), "cs")
    '3 sety po 3'
    """
    return _contract(_Writer(language or current_language(), (), False), contract)


def kind_word(kind: str, language: str | None = None) -> str:
    """A meld kind (``"set"``/``"run"``) in words.

    >>> kind_word("run", "et")
    'rida'
    """
    words = {"set": gettext("set", language), "run": gettext("run", language)}
    return words.get(kind, kind)


def meld_label(meld, number: int, players, language: str | None = None) -> str:
    """A table meld as the log names it: ``"meld 2 (Ben's run 7♣ 8♣ 9♣)"`` (``number`` from 1).

    >>> from pushlab.rummy.melds import Meld
    >>> meld_label(Meld("run", "7C 8C 9C", owner=1), 2, ("Ann", "Ben", "Cat", "Dan"), "eo")
    'kombino 2 (sekvenco de Ben 7♣ 8♣ 9♣)'
    """
    return str(_label(_Writer(language or current_language(), players, False), meld, number))
