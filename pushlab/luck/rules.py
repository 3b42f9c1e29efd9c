"""The rules of Push (push-your-luck) that the engine, the bots, the policies and the simulator share.

One home for what a column accepts and for the bots' shared habits, so that the engine
(:mod:`pushlab.luck.game`), the bots (:mod:`pushlab.luck.bots`), the policies
(:mod:`pushlab.luck.policy`) and the batched simulator (:mod:`pushlab.luck.sim`, which
re-implements them in numpy and is tested against them) import them from here:

- :func:`card_fits` (rules 8-10), :func:`busts` (rule 11) and :data:`MAX_COLUMNS`;
- **place** (:func:`placement`): a number card goes to the column that accepts it with no
  roll card and the most points (then any accepting column with the most points; ties:
  lowest index); a new column only when no column accepts it. A roll card starts a new
  column while fewer than three exist, else goes to the accepting column with the fewest
  points;
- **take** (:func:`take_choice`): the column with the highest expected immediate points for
  the collector: its points minus, with a roll card, the expected die loss
  ``(bench + column points) / 6`` (``/ 3`` in the harder game); ties: lowest index;
- **bank** (:func:`bank_choice`): bank the bench colour with the most points (ties: first in
  ``RBGYP``) once it holds at least ``bank_at`` points.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from pushlab.luck.cards import COLOURS, Card

__all__ = ["MAX_COLUMNS", "DEFAULT_BANK_AT", "card_fits", "busts", "column_points", "placement", "take_value6", "take_choice",
           "bench_colour_points", "bank_choice", "cards_in_columns", "pile_bust_probability"]

#: At most three columns on the table (rule 7).
MAX_COLUMNS = 3
#: The bots' default bank rule: never (measured: banking costs a threshold bot win rate
#: against non-bankers at every threshold; docs/decisions.md).
DEFAULT_BANK_AT = None


def card_fits(card: Card, column) -> bool:
    """True when ``card`` may join ``column`` (rule 8: no shared colour/number; rule 9).

    >>> from pushlab.luck.cards import parse_cards
    >>> card_fits(Card.parse("R1"), parse_cards("R3")), card_fits(Card.parse("B1"), parse_cards("R3 roll"))
    (False, True)
    """
    if card.is_switch:
        return False  # rule 10: a switch card never goes into a column
    if card.is_roll:
        return not any(c.is_roll for c in column)
    colour, number = card.colour, card.number
    return not any(c.colour == colour or c.number == number for c in column if c.is_number)



def busts(card: Card, columns) -> bool:
    """True when drawing ``card`` now busts (rule 11): three columns lie on the table and it
    fits none of them (a number card that shares a colour or number with each, a roll card
    when each holds a roll card); a switch card never busts (rule 10).

    >>> from pushlab.luck.cards import parse_cards
    >>> ones = (parse_cards("R1"), parse_cards("B1"), parse_cards("G1"))
    >>> busts(Card.parse("Y1"), ones), busts(Card.parse("Y3"), ones), busts(Card.parse("Y1"), ones[:2])
    (True, False, False)
    >>> rolls = tuple(col + parse_cards("roll") for col in ones)
    >>> busts(Card.parse("roll"), rolls), busts(Card.parse("roll"), ones), busts(Card.parse("switch"), rolls)
    (True, False, False)
    """
    if card.is_switch or len(columns) < MAX_COLUMNS:
        return False
    return not any(card_fits(card, col) for col in columns)



def column_points(column) -> int:
    """Points of the number cards in a column.

    >>> from pushlab.luck.cards import parse_cards
    >>> column_points(parse_cards("R3 roll B5"))
    8
    """
    return sum(c.points for c in column)



def placement(card, columns) -> int | None:
    """The column index the bots put ``card`` in (``len(columns)`` = new); None = bust.

    >>> from pushlab.luck.cards import Card, parse_cards
    >>> cols = (parse_cards("R3"), parse_cards("B5 G1"))
    >>> placement(Card.parse("Y2"), cols), placement(Card.parse("roll"), cols)
    (1, 2)
    >>> placement(Card.parse("R5"), cols + (parse_cards("R1"),)) is None
    True
    """
    ok = [i for i, col in enumerate(columns) if card_fits(card, col)]
    new = len(columns) if len(columns) < MAX_COLUMNS else None
    if card.is_roll:
        if new is not None:
            return new
        return min(ok, key=lambda i: (column_points(columns[i]), i)) if ok else None
    if ok:
        return max(ok, key=lambda i: (not any(c.is_roll for c in columns[i]),
                                      column_points(columns[i]), -i))
    return new



def take_value6(column, bench_points: int, harder: bool = False) -> int:
    """Six times the expected immediate points of taking ``column`` onto a bench.

    A roll card makes the taker lose, on average, a sixth of the bench including
    the new cards (a third in the harder game, where a star loses everything).

    >>> from pushlab.luck.cards import parse_cards
    >>> take_value6(parse_cards("R3 B5"), 10), take_value6(parse_cards("R3 roll"), 9)
    (48, 6)
    """
    pts = column_points(column)
    roll = any(c.is_roll for c in column)
    return 6 * pts - roll * (1 + harder) * (bench_points + pts)



def take_choice(game) -> int:
    """The column the collector takes: highest expected immediate points, lowest index.

    >>> from pushlab.luck.game import Game
    >>> g = Game.new(2, deck="R3 roll B5 G6")
    >>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 0", "stop"]:
    ...     g = g.apply(a)
    >>> g.columns, take_choice(g)
    (((Card('R3'), Card('B5')), (Card('roll'),)), 0)
    """
    who = game.current_player
    bench = sum(c.points for c in game.benches[who])
    values = [take_value6(col, bench, game.harder) for col in game.columns]
    return values.index(max(values))



def bench_colour_points(bench) -> dict:
    """Points per colour on a bench, for the colours present.

    >>> from pushlab.luck.cards import parse_cards
    >>> bench_colour_points(parse_cards("R3 R5 B1"))
    {'R': 8, 'B': 1}
    """
    out = {}
    for c in bench:
        out[c.colour] = out.get(c.colour, 0) + c.points
    return out



def bank_choice(game, bank_at) -> str | None:
    """The colour to bank now under the rule ``bank_at`` (None: do not bank).

    >>> from pushlab.luck.game import Game
    >>> g = Game.new(2, deck="R6 R5 B1 Y1")
    >>> for a in ["draw", "place 0", "draw", "place 1", "stop", "take 0", "take 0"]:
    ...     g = g.apply(a)
    >>> g.active_player, g.benches[1], bank_choice(g, 5), bank_choice(g, 6), bank_choice(g, None)
    (1, (Card('R5'),), 'R', None, None)
    """
    if bank_at is None or game.phase != "turn":
        return None
    points = bench_colour_points(game.benches[game.active_player])
    if not points:
        return None
    best = max(COLOURS, key=lambda c: (points.get(c, 0), -COLOURS.index(c)))
    return best if points.get(best, 0) >= bank_at else None



def cards_in_columns(game) -> int:
    """Cards placed in columns this turn (number and roll cards).

    >>> from pushlab.luck.game import Game
    >>> cards_in_columns(Game.new(2, deck="R3 roll").apply("draw").apply("place 0"))
    1
    """
    return sum(len(col) for col in game.columns)



def pile_bust_probability(game) -> Fraction:
    """Exact chance that the next card busts, from the make-up of the draw pile.

    A card-counting player knows this make-up (the full deck minus every card seen);
    only the multiset of ``draw_pile`` is used, never its order.

    >>> from pushlab.luck.game import Game
    >>> g = Game.new(2, deck="R1 B1 G1 Y1 R2 roll")
    >>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
    ...     g = g.apply(a)
    >>> pile_bust_probability(g)
    Fraction(1, 3)
    """
    pile = game.draw_pile
    if not pile:
        return Fraction(0)
    bust = sum(m for card, m in Counter(pile).items() if busts(card, game.columns))
    return Fraction(bust, len(pile))
