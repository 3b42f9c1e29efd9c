"""The integer encoding of Push (contract rummy) cards: one card index, count vectors, penalties.

The 52 distinct natural cards have an index ``13 * suit + rank - 1`` (suits in ``SHDC``
order, ace = rank 1); every wild (the 2s and the joker) has index ``-1``. A hand is
encoded as its *count vector*: (how many copies of each of the 52 naturals it holds,
how many wilds). The meld finder, the bots and the odds all read hands this way; this
module is the one place that defines it.

>>> counts, wilds = hand_key("AS AS 2H JK 5D")
>>> counts[index("AS")], counts[index("5D")], wilds
(2, 1, 2)
>>> natural_card(index("5D")), PENALTY_BY_INDEX[index("KC")], WILD_PENALTY
(Card('5D'), 10, 20)
"""

from __future__ import annotations

from pushlab.rummy.cards import JOKER, SUITS, Card, parse_cards

__all__ = ["WILD_PENALTY", "RANK_PENALTY", "NATURALS", "TWOS", "INDEX", "ORDER", "PENALTY_BY_INDEX",
           "index", "natural_card", "hand_key", "as_cards", "sort_fast", "value_index",
           "index_array"]

WILD_PENALTY = 20
RANK_PENALTY = (15, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)   # by rank 1..13 (index rank-1), rule 18
NATURALS = tuple(Card(r, s) for s in SUITS for r in range(1, 14))     # by natural index
TWOS = {s: Card(2, s) for s in SUITS}
INDEX = {c: -1 if c.is_wild else 13 * SUITS.index(c.suit) + c.rank - 1
         for c in NATURALS + (JOKER,)}                  # natural index of each card; -1: wild
ORDER = {c: i for i, c in enumerate(sorted(INDEX))}   # a fast sort key (suit, rank; joker last)
PENALTY_BY_INDEX = tuple(RANK_PENALTY[i % 13] for i in range(52))
_BY_ORDER = [0] * 100       # by a card's order (a card is an int): INDEX, 52 for a wild
for _card, _i in INDEX.items():
    _BY_ORDER[_card] = 52 if _i < 0 else _i
_SLOT_BY_ORDER = tuple(_BY_ORDER)
del _BY_ORDER, _card, _i


def index(card) -> int:
    """The natural index of a card (``-1`` for a wild).

    >>> index("AS"), index("KC"), index("2D"), index("JK")
    (0, 51, -1, -1)
    """
    return INDEX[Card.parse(card)]


def natural_card(i: int) -> Card:
    """The natural card of index ``i`` (0..51)."""
    return NATURALS[i]


def value_index(suit: int, value: int) -> int:
    """Natural index of run value 1..14 (14 is the high ace) in suit number 0..3.

    >>> value_index(0, 14) == value_index(0, 1) == index("AS")
    True
    """
    return 13 * suit + (0 if value == 14 else value - 1)


def as_cards(hand) -> tuple[Card, ...]:
    """Cards from notation, cards, or a game hand (a tuple of cards passes through)."""
    if type(hand) is tuple:
        for c in hand:                      # (a loop: no map object, no call per card)
            if type(c) is not Card:
                break
        else:
            return hand
    return parse_cards(hand)                # (a tuple subclass of cards passes through too)


def hand_key(hand) -> tuple[tuple[int, ...], int]:
    """(counts of the 52 naturals by index, number of wilds) of a hand; 2s count as wilds.

    >>> counts, wilds = hand_key("AS AS 2H JK 5D")
    >>> counts[0], counts[13 * 2 + 4], wilds
    (2, 1, 2)
    """
    counts = [0] * 53                           # the 52 naturals, then the wilds
    slot = _SLOT_BY_ORDER
    for c in hand if type(hand) is tuple else as_cards(hand):
        if type(c) is not Card:                 # (as_cards' test, card by card: no call)
            return hand_key(as_cards(hand))
        order = c                               # (compiled, order and i are C integers:
        i = slot[order]                         # INDEX[c] read off a tuple by position)
        counts[i] += 1
    wilds = counts.pop()
    return tuple(counts), wilds


def sort_fast(cards) -> tuple:
    """Cards in their usual order (suit, rank; jokers last), quickly.

    >>> sort_fast(parse_cards("JK 3C AS"))
    (Card('AS'), Card('3C'), Card('JK'))
    """
    return tuple(sorted(cards, key=ORDER.__getitem__))


def index_array(cards):
    """A numpy array of the natural indices of cards (-1 for wilds), for vectorized sampling.

    >>> index_array(parse_cards("AS 2H KC")).tolist()
    [0, -1, 51]
    """
    import numpy as np

    return np.array([INDEX[c] for c in as_cards(cards)], dtype=np.int64)
