"""Push, the Ravensburger push-your-luck card game: cards, rules engine (and, beside it, odds, bots, simulation).

>>> from pushlab.luck import Game
>>> Game.new(3, seed=1).legal_actions()
['draw']
"""

from pushlab.luck.cards import (
    COLOUR_NAMES,
    COLOURS,
    DIE_FACES,
    ROLL,
    STAR,
    SWITCH,
    Card,
    format_cards,
    full_deck,
    parse_cards,
    parse_rolls,
)
from pushlab.luck.game import Game

__all__ = [
    "COLOUR_NAMES", "COLOURS", "DIE_FACES", "ROLL", "STAR", "SWITCH", "Card", "Game",
    "format_cards", "full_deck", "parse_cards", "parse_rolls",
]
