"""Cards, die faces and decks of Push (push-your-luck), with a compact notation.

Number cards are written colour letter + number (``R3``), the other two kinds
``roll`` and ``switch``. Die faces are ``R B G Y P`` and ``*`` (star).

>>> parse_cards("R3 B5 roll switch")
(Card('R3'), Card('B5'), Card('roll'), Card('switch'))
>>> len(full_deck()), len(full_deck(switch_cards=False))
(120, 108)
>>> sum(card.points for card in full_deck())
315
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pushlab.errors import ParseError

COLOURS = "RBGYP"
COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple"}
NUMBERS = (1, 2, 3, 4, 5, 6)
COPIES = 3
ROLL_CARDS = 18
SWITCH_CARDS = 12
DIE_FACES = "RBGYP*"
STAR = "*"

_KIND_RANK = {"number": 0, "roll": 1, "switch": 2}


@dataclass(frozen=True, eq=True, order=False)
class Card:
    """One card: a number card (colour + number), a roll card or a switch card.

    >>> card = Card.parse("R3")
    >>> card, str(card), card.colour, card.number, card.points, card.kind
    (Card('R3'), 'R3', 'R', 3, 3, 'number')
    >>> Card.parse("roll").is_roll, Card.parse("switch").points
    (True, 0)
    >>> sorted(parse_cards("switch B2 roll R5 R1"))
    [Card('R1'), Card('R5'), Card('B2'), Card('roll'), Card('switch')]
    """

    code: str
    kind: str = field(init=False, repr=False, compare=False)
    colour: str | None = field(init=False, repr=False, compare=False)
    number: int | None = field(init=False, repr=False, compare=False)
    _key: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        """Validate the code and fill in the derived fields."""
        code = self.code
        if code in ("roll", "switch"):
            kind, colour, number = code, None, None
        elif (isinstance(code, str) and len(code) == 2 and code[0] in COLOURS
              and code[1] in "123456"):
            kind, colour, number = "number", code[0], int(code[1])
        else:
            raise ParseError(f"not a card: {code!r} (expected e.g. 'R3', 'roll' or 'switch')")
        key = (_KIND_RANK[kind], COLOURS.index(colour) if colour else 0, number or 0)
        for name, value in (("kind", kind), ("colour", colour), ("number", number), ("_key", key)):
            object.__setattr__(self, name, value)

    @classmethod
    def parse(cls, text) -> Card:
        """Read one card in notation (case-insensitive): ``R3``, ``roll``, ``switch``.

        >>> Card.parse(" b5 "), Card.parse("Roll")
        (Card('B5'), Card('roll'))
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ParseError(f"not a card: {text!r} (expected a string such as 'R3')")
        word = text.strip()
        low = word.lower()
        if low in ("roll", "switch"):
            return _CANON[low]
        card = _CANON.get(word.upper())
        if card is None or card.kind != "number":
            raise ParseError(f"not a card: {text!r} (expected e.g. 'R3', 'roll' or 'switch')")
        return card

    @property
    def is_number(self) -> bool:
        """True for a number card."""
        return self.kind == "number"

    @property
    def is_roll(self) -> bool:
        """True for a roll card."""
        return self.kind == "roll"

    @property
    def is_switch(self) -> bool:
        """True for a switch card."""
        return self.kind == "switch"

    @property
    def points(self) -> int:
        """Points scored by the card (rule 17): its number, 0 for roll/switch cards."""
        return self.number or 0

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __lt__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key < other._key

    def __le__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other):
        if not isinstance(other, Card):
            return NotImplemented
        return self._key >= other._key


_CANON = {
    code: Card(code)
    for code in [c + str(n) for c in COLOURS for n in NUMBERS] + ["roll", "switch"]
}
ROLL = _CANON["roll"]
SWITCH = _CANON["switch"]


def card(code) -> Card:
    """Shorthand for :meth:`Card.parse`.

    >>> card("Y6").points
    6
    """
    return Card.parse(code)


def parse_cards(text) -> tuple[Card, ...]:
    """Read cards from a notation string (spaces or commas) or a sequence of str/Card.

    >>> parse_cards("R3, b5 roll")
    (Card('R3'), Card('B5'), Card('roll'))
    >>> parse_cards(["G2", Card.parse("switch")])
    (Card('G2'), Card('switch'))
    >>> parse_cards("R3 X9")
    Traceback (most recent call last):
    ...
    pushlab.errors.ParseError: not a card: 'X9' in 'R3 X9' (expected e.g. 'R3', 'roll' or 'switch')
    """
    if isinstance(text, str):
        words = text.replace(",", " ").split()
        out = []
        for word in words:
            found = _parse_word(word)
            if found is None:
                raise ParseError(
                    f"not a card: {word!r} in {text!r} (expected e.g. 'R3', 'roll' or 'switch')")
            out.append(found)
        return tuple(out)
    try:
        items = list(text)
    except TypeError:
        raise ParseError(f"not a card list: {text!r}") from None
    return tuple(Card.parse(item) for item in items)


def _parse_word(word: str) -> Card | None:
    """Parse one whitespace-free word, or return None when it is not a card."""
    try:
        return Card.parse(word)
    except ParseError:
        return None


def format_cards(cards) -> str:
    """Write cards in notation, space separated (the inverse of :func:`parse_cards`).

    >>> format_cards(parse_cards("R3 roll"))
    'R3 roll'
    """
    return " ".join(str(c) for c in cards)


def full_deck(switch_cards: bool = True) -> tuple[Card, ...]:
    """The full deck in canonical order: number cards by colour and number, roll, switch.

    >>> deck = full_deck()
    >>> deck[:4], deck[-1]
    ((Card('R1'), Card('R1'), Card('R1'), Card('R2')), Card('switch'))
    """
    numbers = [_CANON[c + str(n)] for c in COLOURS for n in NUMBERS for _ in range(COPIES)]
    rest = [ROLL] * ROLL_CARDS + ([SWITCH] * SWITCH_CARDS if switch_cards else [])
    return tuple(numbers + rest)


def parse_rolls(text) -> tuple[str, ...]:
    """Read die faces (``R B G Y P *``, case-insensitive, spaces ignored).

    >>> parse_rolls("RG*"), parse_rolls("r g *")
    (('R', 'G', '*'), ('R', 'G', '*'))
    >>> parse_rolls("RX")
    Traceback (most recent call last):
    ...
    pushlab.errors.ParseError: not a die face: 'X' in 'RX' (faces are R B G Y P *)
    """
    if not isinstance(text, str):
        try:
            text = "".join(text)
        except TypeError:
            raise ParseError(f"not a die roll string: {text!r}") from None
    out = []
    for ch in text.replace(",", " "):
        if ch.isspace():
            continue
        face = ch.upper()
        if face not in DIE_FACES:
            raise ParseError(f"not a die face: {ch!r} in {text!r} (faces are R B G Y P *)")
        out.append(face)
    return tuple(out)


def face_name(face: str) -> str:
    """The plain name of a die face.

    >>> face_name("Y"), face_name("*")
    ('yellow', 'a star')
    """
    return "a star" if face == STAR else COLOUR_NAMES[face]
