"""Cards of Push (contract rummy): two 52-card decks plus 4 jokers, with a compact notation.

A card is written rank + suit: ``AS``, ``10H`` (or ``TH``), ``QC``, ``2D``; a joker is
``JK``. Suit symbols are accepted too (``10♥``). ``str(card)`` is plain ASCII and
round-trips through :meth:`Card.parse`; ``card.pretty`` uses the suit symbols.

>>> parse_cards("5H JK 10♥")
(Card('5H'), Card('JK'), Card('10H'))
>>> len(full_deck()), penalty(full_deck())
(108, 960)
"""

from __future__ import annotations

from operator import attrgetter

from pushlab.errors import ParseError
from pushlab.i18n import _

SUITS = "SHDC"
RANKS = range(1, 14)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_LABEL_TO_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_JOKER_NAMES = {"JK", "JOKER", "🃏"}


def rank_label(rank: int) -> str:
    """The notation of a rank: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``.

    >>> rank_label(1), rank_label(10), rank_label(13)
    ('A', '10', 'K')
    """
    return RANK_LABELS.get(rank, str(rank))


class Card(int):
    """One card: ``rank`` 1..13 (1 = ace) and ``suit`` in ``SHDC``; a joker has rank 0, suit "".

    Cards are immutable, interned values (the 53 distinct cards exist once each); the two
    copies of a card compare equal. They sort by suit (S H D C) then rank, jokers last.
    ``Card("10H")`` reads notation.

    A card is an ``int`` underneath, its :attr:`order` (1..55, the joker 99), so that
    comparing, hashing and finding cards in a hand (``in``, ``index``, ``remove``) run at C
    speed: a class comparing in Python made each of those a pair of Python-level calls per
    card compared (issue 24: ``card in hand`` for 20 cards took 14,000 instructions, now
    1,200). Compare cards with cards only; a card is not a number (``pushlab.checks``
    refuses it as a count).

    >>> Card("10H") == Card.parse("TH") == Card(10, "H")
    True
    >>> c = Card.parse("TH")
    >>> c, str(c), c.pretty, c.rank, c.suit, c.penalty
    (Card('10H'), '10H', '10♥', 10, 'H', 10)
    >>> Card.parse("2D").is_wild, Card.parse("JK").is_joker, Card.parse("AS").is_natural
    (True, True, True)
    >>> sorted(parse_cards("JK 3C AS 10H"))
    [Card('AS'), Card('10H'), Card('3C'), Card('JK')]
    """

    not_a_number = True     # pushlab.checks.is_whole refuses a card

    def __new__(cls, rank, suit=None):
        """The interned card of this rank and suit, or of the notation ``Card("10H")``."""
        if isinstance(rank, str) and suit is None:
            return cls.parse(rank)
        try:
            return _INTERNED[(rank, suit)]
        except (KeyError, TypeError):
            raise ParseError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        """Build the one instance of a card (module set-up only)."""
        joker = rank == 0
        card = int.__new__(cls, 99 if joker else 14 * SUITS.index(suit) + rank)   # its order
        wild = rank in (0, 2)
        values = dict(
            rank=rank, suit=suit, is_joker=joker, is_wild=wild, is_natural=not wild,
            penalty=20 if wild else (15 if rank == 1 else (10 if rank >= 10 else 5)),
            pretty="JK" if joker else rank_label(rank) + SUIT_SYMBOLS[suit],
            sort_key=(4, 0) if joker else (SUITS.index(suit), rank),
            order=99 if joker else 14 * SUITS.index(suit) + rank,
            _text="JK" if joker else rank_label(rank) + suit)
        for name, value in values.items():
            object.__setattr__(card, name, value)
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read one card from its notation (``AS``, ``10H``, ``TH``, ``10♥``, ``JK``)."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ParseError(_("a card must be written as a string like '5H', got {text}").format(text=repr(text)))
        known = _BY_TEXT.get(text)
        if known is not None:
            return known
        s = text.strip().upper()
        if s in _JOKER_NAMES:
            return JOKER
        if len(s) < 2:
            raise ParseError(_("cannot read card {text}: write rank then suit, e.g. '5H', '10S', 'JK'").format(
                text=repr(text)))
        r, u = s[:-1], s[-1]
        suit = _SYMBOL_TO_SUIT.get(u, u)
        if suit not in SUITS:
            raise ParseError(_("cannot read card {text}: unknown suit {suit} (use S H D C or ♠ ♥ ♦ ♣)").format(
                text=repr(text), suit=repr(u)))
        rank = _LABEL_TO_RANK.get(r) or (int(r) if r.isdigit() and 2 <= int(r) <= 10 and r == str(int(r)) else None)
        if rank is None:
            raise ParseError(_("cannot read card {text}: unknown rank {rank} (use A 2..10 J Q K)").format(
                text=repr(text), rank=repr(r)))
        return _INTERNED[(rank, suit)]

    def __setattr__(self, name, value):
        """Cards are immutable."""
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name):
        """Cards are immutable."""
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self):
        """Pickle as the constructor call, so unpickling returns the interned card."""
        return (Card, (self.rank, self.suit))

    def __copy__(self):
        """A card is its own copy."""
        return self

    def __deepcopy__(self, memo):
        """A card is its own copy."""
        return self

    def __str__(self):
        """ASCII notation, e.g. ``10H``."""
        return self._text

    def __repr__(self):
        """``Card('10H')``."""
        return f"Card('{self._text}')"


_INTERNED = {(r, s): Card._make(r, s) for s in SUITS for r in RANKS}
_INTERNED[(0, "")] = Card._make(0, "")
_BY_TEXT = {str(c): c for c in _INTERNED.values()}
JOKER = _INTERNED[(0, "")]
_CARD_TYPE = frozenset({Card})
_ORDER = attrgetter("order")


def sort_cards(cards) -> tuple:
    """Cards sorted by suit (S H D C) then rank, jokers last (fast: an integer key).

    >>> sort_cards("JK 3C AS 10H")
    (Card('AS'), Card('10H'), Card('3C'), Card('JK'))
    """
    return tuple(sorted(parse_cards(cards), key=_ORDER))


def parse_cards(cards) -> tuple[Card, ...]:
    """Read cards from a notation string (spaces or commas) or an iterable of str/Card.

    >>> parse_cards("AS, 2C 10D")
    (Card('AS'), Card('2C'), Card('10D'))
    >>> parse_cards([Card.parse("KH"), "JK"])
    (Card('KH'), Card('JK'))
    >>> parse_cards("5X")
    Traceback (most recent call last):
    ...
    pushlab.errors.ParseError: cannot read card '5X': unknown suit 'X' (use S H D C or ♠ ♥ ♦ ♣)
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, tuple) and _CARD_TYPE.issuperset(map(type, cards)):
        return cards                        # already cards (the common case inside the engine)
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    try:
        items = list(cards)
    except TypeError:
        raise ParseError(_("cannot read cards from {cards}").format(cards=repr(cards))) from None
    return tuple(Card.parse(c) for c in items)


def cards_str(cards, pretty: bool = False) -> str:
    """Cards as one notation string (round-trips through :func:`parse_cards`).

    >>> cards_str(parse_cards("TH JK")), cards_str(parse_cards("TH JK"), pretty=True)
    ('10H JK', '10♥ JK')
    """
    return " ".join(c.pretty if pretty else str(c) for c in parse_cards(cards))


_ONE_DECK = [_INTERNED[(r, s)] for s in SUITS for r in RANKS]
_FULL_DECK = tuple(_ONE_DECK + _ONE_DECK + [JOKER] * 4)      # cards are interned: one tuple serves


def full_deck() -> tuple[Card, ...]:
    """The 108 cards (rule 2), canonical order: two copies of S H D C, A..K each, then 4 jokers.

    >>> d = full_deck()
    >>> len(d), sum(c.is_wild for c in d), d.count(Card.parse("7D")), d[0], d[-1]
    (108, 12, 2, Card('AS'), Card('JK'))
    """
    return _FULL_DECK


def penalty(cards) -> int:
    """Total penalty points of cards (rule 18), given as notation or an iterable.

    >>> penalty("AS KD 9C 2H JK")
    70
    """
    return sum(c.penalty for c in parse_cards(cards))
