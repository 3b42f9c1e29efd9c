"""Push, the partnership contract rummy: cards, melds and the rules engine.

>>> from pushlab.rummy import parse_cards, is_valid_meld
>>> is_valid_meld(parse_cards("5H JK 7H"), "run")
True
"""

from pushlab.rummy.cards import (JOKER, RANKS, SUIT_SYMBOLS, SUITS, Card, cards_str, full_deck,
                                 parse_cards, penalty, rank_label, sort_cards)
from pushlab.rummy.melds import (CONTRACTS, HAND_SIZES, Meld, contract_problem, contract_text,
                                 explain_meld, is_valid_meld, meets_contract, meld_problem,
                                 natural_mask, run_values)
from pushlab.rummy.game import (DealResult, Game, Observation, deck_for, left_of, partner_of,
                                team_of)

from pushlab.rummy.expert import ExpertBot
from pushlab.rummy.advise import Advice, advise

__all__ = ["Advice", "ExpertBot", "advise", "CONTRACTS", "HAND_SIZES", "JOKER", "RANKS", "SUITS", "SUIT_SYMBOLS", "Card", "Meld",
           "DealResult", "Game", "Observation", "deck_for", "left_of", "partner_of", "team_of",
           "cards_str", "contract_problem", "contract_text", "explain_meld", "full_deck",
           "is_valid_meld", "meets_contract", "meld_problem", "natural_mask", "parse_cards",
           "penalty", "rank_label", "run_values", "sort_cards"]
