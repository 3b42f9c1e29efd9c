"""What happens in a game of Push (push-your-luck), as small immutable values: the event log.

The engine (:mod:`pushlab.luck.game`) appends one event per thing that happens to
``Game.events``; nothing in an event depends on a language. Players are seat
indices, columns count from 0, cards are :class:`~pushlab.luck.cards.Card` values.
:mod:`pushlab.i18n.events` writes events as sentences in any language (``Game.log``
is that text in English).

>>> from pushlab.luck.game import Game
>>> g = Game.new(2, deck="R3 B5", rolls="*").apply("draw").apply("place 0").apply("stop")
>>> g.events
(Placed(player=0, card=Card('R3'), column=0, new=True), Stopped(player=0))
>>> g.log
('Ann draws R3 and starts column 1', 'Ann stops')
"""

from __future__ import annotations

from dataclasses import dataclass

from pushlab.luck.cards import Card

__all__ = ["Event", "Rolled", "SwitchDrawn", "Busted", "PileEmpty", "Placed", "Banked", "Stopped",
           "TookColumn", "ColumnsDiscarded", "GameOver", "EVENTS"]


class Event:
    """Base of the push-your-luck events (each a frozen dataclass; compare, hash and pickle as values)."""


@dataclass(frozen=True)
class Rolled(Event):
    """``player`` rolled the die (rules 11, 15, 19): ``face`` is ``R B G Y P`` or ``*``; ``lost``
    the bench cards discarded; ``harder``: the harder game (a star loses the whole bench)."""

    player: int
    face: str
    lost: tuple[Card, ...]
    harder: bool = False


@dataclass(frozen=True)
class SwitchDrawn(Event):
    """``player`` drew a switch card (rule 10): collection now runs ``direction`` (+1 clockwise,
    -1 counter-clockwise); ``lasts``: until the next switch card (``switch_rule="game"``)."""

    player: int
    direction: int
    lasts: bool = False


@dataclass(frozen=True)
class Busted(Event):
    """``player`` drew ``card``, which fits no column (rule 11)."""

    player: int
    card: Card


@dataclass(frozen=True)
class PileEmpty(Event):
    """The draw pile is empty with no column on the table: ``player``'s turn ends (rule 12)."""

    player: int


@dataclass(frozen=True)
class Placed(Event):
    """``player`` drew ``card`` and put it in ``column`` (from 0); ``new``: it started that column."""

    player: int
    card: Card
    column: int
    new: bool


@dataclass(frozen=True)
class Banked(Event):
    """``player`` banked ``cards``, every bench card of ``colour`` (rule 6)."""

    player: int
    colour: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Stopped(Event):
    """``player`` stopped pushing (rule 12)."""

    player: int


@dataclass(frozen=True)
class TookColumn(Event):
    """``player`` took column ``column`` (from 0) holding ``cards`` (rule 13)."""

    player: int
    column: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ColumnsDiscarded(Event):
    """The columns nobody took (a tuple of card tuples) went to the discard pile (rule 13)."""

    columns: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended (rules 16-18): ``winners`` (seat indices) share the top score ``points``."""

    winners: tuple[int, ...]
    points: int


#: Every event type, in a fixed order (:mod:`pushlab.share` writes their names).
EVENTS = (Rolled, SwitchDrawn, Busted, PileEmpty, Placed, Banked, Stopped, TookColumn, ColumnsDiscarded,
          GameOver)
