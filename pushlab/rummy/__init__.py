"""Push, the partnership contract rummy: cards, melds and the rules engine.

Importing this package (or :mod:`pushlab.rummy.game`) loads the engine only; the analysis
names it also gives (:class:`ExpertBot`, :func:`advise`, :class:`Advice`) import
:mod:`pushlab.rummy.expert` or :mod:`pushlab.rummy.advice` (and the meld finder) on first use.

>>> from pushlab.rummy import parse_cards, is_valid_meld
>>> is_valid_meld(parse_cards("5H JK 7H"), "run")
True
"""

import pushlab.accel as _accel
from pushlab.lazy import lazy_names

_accel.install()   # the engine's and bots' modules below: compiled if built from this source (pushlab.accel)
from pushlab.rummy.cards import (JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, cards_str, full_deck,
                                 parse_cards, penalty, rank_label, sort_cards)
from pushlab.rummy.melds import (CONTRACTS, HAND_SIZES, Meld, contract_problem, contract_text,
                                 explain_meld, is_valid_meld, meets_contract, meld_problem,
                                 natural_mask, run_values)
from pushlab.rummy.game import (DealResult, Game, Observation, deck_for, left_of, partner_of,
                                team_of)

__all__ = ["Advice", "ExpertBot", "advise", "CONTRACTS", "HAND_SIZES", "JOKER", "RANKS", "SUITS", "SUIT_SYMBOLS", "Card", "Meld",
           "DealResult", "Game", "Observation", "deck_for", "left_of", "partner_of", "team_of",
           "cards_str", "contract_problem", "contract_text", "explain_meld", "full_deck",
           "is_valid_meld", "meets_contract", "meld_problem", "natural_mask", "parse_cards",
           "penalty", "rank_label", "run_values", "sort_cards"]

#: Analysis names of the face, by the module that defines them (imported on first use, so
#: that the engine's import loads no bots or finder: docs/architecture.md, "Light faces").
_LAZY = {"ExpertBot": "pushlab.rummy.expert", "Advice": "pushlab.rummy.advice", "advise": "pushlab.rummy.advice"}

__getattr__, __dir__ = lazy_names(globals(), _LAZY)
