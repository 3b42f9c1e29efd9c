"""Push, the Ravensburger push-your-luck card game: cards, rules engine (and, beside it, odds, bots, simulation).

Importing this package (or :mod:`pushlab.luck.game`) loads the engine only; the analysis
names it also gives (:func:`bust_probability`, :func:`hint`, :func:`advise`, ...) import
:mod:`pushlab.luck.odds` or :mod:`pushlab.luck.advice` on first use.

>>> from pushlab.luck import Game, bust_probability
>>> g = Game.new(3, deck="R1 B1 G1 R2", rolls="*")
>>> g = g.apply("draw").apply("place 0").apply("draw").apply("place 1").apply("draw").apply("place 2")
>>> g.legal_actions()
['draw', 'stop']
>>> bust_probability(g, counting=False)   # only a 1 fits no column: 12 of the 117 unseen cards
Fraction(4, 39)
"""

from pushlab.lazy import lazy_names
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

__all__ = [
    "ActionValue", "Advice", "advise", "COLOUR_NAMES", "COLOURS", "DIE_FACES", "ROLL", "STAR", "SWITCH", "Card", "Game", "Hint",
    "bust_probability", "face_name", "format_cards", "full_deck", "hint", "hint_value",
    "next_card_distribution", "parse_cards", "parse_rolls",
]

#: Analysis names of the face, by the module that defines them (imported on first use, so
#: that the engine's import loads no analysis: docs/architecture.md, "Light faces").
_LAZY = {**dict.fromkeys(("Hint", "bust_probability", "hint", "hint_value", "next_card_distribution"),
                         "pushlab.luck.odds"),
         **dict.fromkeys(("ActionValue", "Advice", "advise"), "pushlab.luck.advice")}

__getattr__, __dir__ = lazy_names(globals(), _LAZY)
