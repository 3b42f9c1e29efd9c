"""Push, the Ravensburger push-your-luck card game: cards, rules engine (and, beside it, odds, bots, simulation).

>>> from pushlab.luck import Game, bust_probability
>>> g = Game.new(3, deck="R1 B1 G1 R2", rolls="*")
>>> g = g.apply("draw").apply("place 0").apply("draw").apply("place 1").apply("draw").apply("place 2")
>>> g.legal_actions()
['draw', 'stop']
>>> bust_probability(g, counting=False)   # only a 1 fits no column: 12 of the 117 unseen cards
Fraction(4, 39)
"""

from pushlab.luck.cards import (
    COLOUR_NAMES,
    COLOURS,
    DIE_FACES,
    ROLL,
    STAR,
    SWITCH,
    Card,
    face_name,
    format_cards,
    full_deck,
    parse_cards,
    parse_rolls,
)
from pushlab.luck.game import Game
from pushlab.luck.odds import Hint, bust_probability, hint, hint_value, next_card_distribution
from pushlab.luck.advice import ActionValue, Advice, advise

__all__ = [
    "ActionValue", "Advice", "advise", "COLOUR_NAMES", "COLOURS", "DIE_FACES", "ROLL", "STAR", "SWITCH", "Card", "Game", "Hint",
    "bust_probability", "face_name", "format_cards", "full_deck", "hint", "hint_value",
    "next_card_distribution", "parse_cards", "parse_rolls",
]
