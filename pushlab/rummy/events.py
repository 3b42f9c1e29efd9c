"""What happens in a match of Push (contract rummy), as small immutable values: the event log.

The engine (:mod:`pushlab.rummy.game`) appends one event per thing that happens to
``Game.events``, in order, public and private alike: a *private* event (``private`` is
True: a player's dealt hand, the card pushed to them, their own stock draw) is seen only
by its ``player``. Players are seat indices 0..3, melds on the table are numbered from 0
(as in actions), cards are :class:`~pushlab.rummy.cards.Card` values. Nothing in an
event depends on a language: :mod:`pushlab.i18n.events` writes events as sentences
(``Game.log`` is the public events in English, ``Game.private_log[p]`` player p's).

A bot or a view that keeps its own state can follow a match by the events it has not
seen yet: ``game.events[seen:]`` (filter private events by ``event.player`` for one seat,
as :meth:`~pushlab.rummy.game.Game.observation` does).

>>> from pushlab.rummy.game import Game
>>> g = Game.new(seed=3, dealer=0)
>>> [type(e).__name__ for e in g.events]
['DealStarted', 'Dealt', 'Dealt', 'Dealt', 'Dealt']
>>> g.apply("push").events[-2:]
(Pushed(player=1, to=2, card=Card('KD'), drew=True), DrewStock(player=1, card=Card('AH')))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pushlab.rummy.cards import Card
from pushlab.rummy.melds import Meld

__all__ = ["Event", "DealStarted", "UpcardReturned", "Dealt", "DealEnded", "MatchOver", "RoundCapReached",
           "WentOut", "TookDiscard", "StockEmpty", "Pushed", "Received", "DrewStock", "Discarded", "Melded",
           "LaidOff", "Replaced", "EVENTS"]


class Event:
    """Base of the rummy events (each a frozen dataclass); ``private``: seen only by ``player``."""

    private: ClassVar[bool] = False


@dataclass(frozen=True)
class DealStarted(Event):
    """Deal ``deal`` (its contract ``contract``, ((kind, size), ...)) began, the ``number``-th of
    ``count``: ``dealer`` dealt ``size`` cards each and turned up ``upcard`` (rules 5, 6)."""

    deal: int
    number: int
    count: int
    dealer: int
    size: int
    upcard: Card
    contract: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class UpcardReturned(Event):
    """The wild upcard ``card`` went back into the stock and ``new`` was turned up (rule 6)."""

    card: Card
    new: Card


@dataclass(frozen=True)
class Dealt(Event):
    """``player`` was dealt ``cards`` in deal ``deal`` (private)."""

    private: ClassVar[bool] = True
    player: int
    deal: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DealEnded(Event):
    """Deal ``deal`` ended: penalty ``scores`` per partnership, the ``hands`` left (rules 18, 19)."""

    deal: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class MatchOver(Event):
    """The match ended with these penalty ``totals`` per partnership; the lower wins (rule 20)."""

    totals: tuple[int, ...]


@dataclass(frozen=True)
class RoundCapReached(Event):
    """``rounds`` full rounds passed without a card taken from the stock: the deal ends (rule 17)."""

    rounds: int


@dataclass(frozen=True)
class WentOut(Event):
    """``player`` went out (rule 16)."""

    player: int


@dataclass(frozen=True)
class TookDiscard(Event):
    """``player`` took ``card`` from the discard pile (rule 12a)."""

    player: int
    card: Card


@dataclass(frozen=True)
class StockEmpty(Event):
    """``player`` pushed, but the stock was empty: the deal ends (rules 12, 17)."""

    player: int


@dataclass(frozen=True)
class Pushed(Event):
    """``player`` pushed the top stock card (and ``card``, the discard top, or None) to ``to``;
    ``drew``: then drew from the stock (False: the stock ran out, the deal ends)."""

    player: int
    to: int
    card: Card | None
    drew: bool


@dataclass(frozen=True)
class Received(Event):
    """``player`` received ``card`` from the stock, pushed by ``pusher`` (private)."""

    private: ClassVar[bool] = True
    player: int
    card: Card
    pusher: int


@dataclass(frozen=True)
class DrewStock(Event):
    """``player`` drew ``card`` from the stock after pushing (private)."""

    private: ClassVar[bool] = True
    player: int
    card: Card


@dataclass(frozen=True)
class Discarded(Event):
    """``player`` discarded ``card`` (rule 15)."""

    player: int
    card: Card


@dataclass(frozen=True)
class Melded(Event):
    """``player`` laid down ``melds``, numbered from ``first`` (0-based) on the table; ``met``: this
    met the contract (rules 11, 13)."""

    player: int
    melds: tuple[Meld, ...]
    first: int
    met: bool


@dataclass(frozen=True)
class LaidOff(Event):
    """``player`` laid off ``card`` on table meld ``meld`` (at the run's ``end``, "low"/"high";
    None for a set), which became ``result`` (rule 13)."""

    player: int
    card: Card
    meld: int
    end: str | None
    result: Meld


@dataclass(frozen=True)
class Replaced(Event):
    """``player`` replaced the wild ``wild`` in table meld ``meld`` by ``card`` (rule 14)."""

    player: int
    meld: int
    wild: Card
    card: Card


#: Every event type, in a fixed order (:mod:`pushlab.share` writes their names).
EVENTS = (DealStarted, UpcardReturned, Dealt, DealEnded, MatchOver, RoundCapReached, WentOut, TookDiscard,
          StockEmpty, Pushed, Received, DrewStock, Discarded, Melded, LaidOff, Replaced)
