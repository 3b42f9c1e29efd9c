"""Push (push-your-luck) cards as small ints and columns as bitmasks: the one encoding of
the exact odds (:mod:`pushlab.luck.odds`) and the batched simulator (:mod:`pushlab.luck.sim`).

A card's *code* is an int 0..31: a number card ``colour * 6 + number - 1`` (``R1`` is 0,
``P6`` 29), a roll card 30, a switch card 31. A column is an int *mask*: bits 0-4 its
colours (R B G Y P), bits 5-10 its numbers 1..6, bit 11 a roll card. A card fits a column
iff their masks share no bit (rules 8, 9); adding a card ORs its bits in. :data:`FULL`
marks a slot with no column (nothing fits it).

>>> from pushlab.luck.cards import parse_cards
>>> [code(c) for c in parse_cards("R1 B5 roll switch")]
[0, 10, 30, 31]
>>> mask = column_mask(parse_cards("R3 roll"))
>>> mask_points(mask), bool(mask & ROLL_BIT), bool(mask & CARD_BITS[code(parse_cards("B3")[0])])
(3, True, True)
"""

from __future__ import annotations

import numpy as np

from pushlab.luck.cards import COLOURS, DIE_FACES, ROLL, SWITCH, Card

__all__ = ["ROLL_CODE", "SWITCH_CODE", "NUM_CODES", "ROLL_BIT", "FULL", "CODE_OF", "CODE_CARDS",
           "CARD_BITS", "CODE_POINTS", "code", "column_mask", "mask_points", "encode", "decode", "die_string"]

ROLL_CODE, SWITCH_CODE, NUM_CODES = 30, 31, 32
#: the bit of a roll card in a column mask
ROLL_BIT = 1 << 11
#: every bit: the mask of a slot where no column lies
FULL = (1 << 12) - 1
#: card notation -> code
CODE_OF = {f"{c}{n}": ci * 6 + n - 1 for ci, c in enumerate(COLOURS) for n in range(1, 7)}
CODE_OF.update(roll=ROLL_CODE, switch=SWITCH_CODE)
#: code -> card
CODE_CARDS = tuple(Card(c + str(n)) for c in COLOURS for n in range(1, 7)) + (ROLL, SWITCH)
#: code -> the bits the card sets in a column (a switch card: none, it never joins one)
CARD_BITS = tuple((1 << (t // 6)) | (1 << (5 + t % 6)) for t in range(30)) + (ROLL_BIT, 0)
#: code -> points
CODE_POINTS = tuple(t % 6 + 1 for t in range(30)) + (0, 0)
_POINTS_OF_NUMBERS = tuple(sum(n + 1 for n in range(6) if m >> n & 1) for m in range(64))


def code(card) -> int:
    """The code of one card."""
    return CODE_OF[card.code]


def column_mask(cards) -> int:
    """The mask of a column given as cards."""
    mask = 0
    for card in cards:
        mask |= CARD_BITS[CODE_OF[card.code]]
    return mask


def mask_points(mask: int) -> int:
    """Points of a column mask (its numbers are distinct, rule 8)."""
    return _POINTS_OF_NUMBERS[(mask >> 5) & 63]


def encode(cards) -> np.ndarray:
    """Codes (int8) of a sequence of cards.

    >>> from pushlab.luck.cards import parse_cards
    >>> encode(parse_cards("R1 B5 roll switch")).tolist()
    [0, 10, 30, 31]
    """
    return np.array([CODE_OF[c.code] for c in cards], dtype=np.int8)


def decode(codes) -> tuple:
    """Cards of a sequence of codes (the inverse of :func:`encode`).

    >>> decode([0, 10, 30, 31])
    (Card('R1'), Card('B5'), Card('roll'), Card('switch'))
    """
    return tuple(CODE_CARDS[int(t)] for t in codes)


def die_string(faces) -> str:
    """Die faces 0..5 as the engine's notation (``RBGYP*``).

    >>> die_string([0, 5, 3])
    'R*Y'
    """
    return "".join(DIE_FACES[int(f)] for f in faces)
