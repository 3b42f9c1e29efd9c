"""The rules of Push (contract rummy) as an immutable state: ``Game.new``, ``legal_actions``, ``apply``.

Rule numbers refer to ``docs/rules/push-rummy.md``; choices where the rules are
silent are in ``docs/decisions.md``; the action grammar is in ``docs/rummy-api.md``.

>>> deck = deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD", "3C 4C 6C 10D KS JH",
...                  "JD 10S 3H 8D 6S 4S"], upcard="4D", stock="AS KC 7H", dealer=3)
>>> g = Game.new(deck=deck, dealer=3, deals=(1,))
>>> g.hand(0), g.discard_top, g.stock_size
((Card('5S'), Card('9S'), Card('5H'), Card('9D'), Card('9C'), Card('JK')), Card('4D'), 3)
>>> g = g.apply("take").apply("meld set 5H 5S JK; set 9S 9C 9D")
>>> g.met[0], g.hand(0), g.log[-1]
(True, (Card('4D'),), 'Ann melds set 5♥ 5♠ JK (meld 1) and set 9♠ 9♣ 9♦ (meld 2), meeting the contract')
>>> g = g.apply("discard 4D")
>>> g.is_over, g.scores(), g.log[-1]
(True, (0, 100), 'The match is over: Ann & Cat win with 0 points against 100')
"""

from __future__ import annotations

from bisect import bisect_right, insort_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import ClassVar

import numpy as np

from pushlab.checks import is_count, is_whole
from pushlab.seeding import make_rng
from pushlab.errors import IllegalAction, ParseError, PushlabError, SetupError
from pushlab.rummy.actions import (Action, Discard, LayOff, MeldDown, Push, Replace, Take, _layoff_of,
                                   _meld_down_of, _replace_of, parse_action)
from pushlab.rummy.cards import SUITS, Card, cards_str, full_deck, parse_cards
from pushlab.i18n import _
from pushlab.i18n.events import log_lines, meld_label
from pushlab.rummy.events import (DealEnded, DealStarted, Dealt, Discarded, DrewStock, LaidOff, MatchOver, Melded,
                                  Pushed, Received, Replaced, RoundCapReached, StockEmpty, TookDiscard,
                                  UpcardReturned, WentOut)
from pushlab.rummy.melds import (CONTRACTS, HAND_SIZES, MAX_RUN, MAX_SET, Meld, _analyse_cached,
                                 _Blank, _known_meld, _run_layoff_ends, _set_layoff_ends, contract_problem,
                                 contract_text, contract_words, lay_out_run, meld_problem)

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan")
NUM_PLAYERS = 4
PHASES = ("draw", "play", "over")
_TAKE, _PUSH = Take(), Push()


def team_of(player: int) -> int:
    """Partnership of a player (rule 1): 0 for players 0 and 2, 1 for players 1 and 3.

    >>> [team_of(p) for p in range(4)]
    [0, 1, 0, 1]
    """
    return player % 2


def partner_of(player: int) -> int:
    """The partner sitting opposite (rule 1).

    >>> partner_of(0), partner_of(3)
    (2, 1)
    """
    return (player + 2) % NUM_PLAYERS


def left_of(player: int) -> int:
    """The player on the left, next in clockwise order (rule 5).

    >>> left_of(3)
    0
    """
    return (player + 1) % NUM_PLAYERS


@dataclass(frozen=True)
class DealResult:
    """How a finished deal ended: ``reason`` is "out", "stock" or "cap"; ``scores`` per partnership.

    >>> g = Game.new(deck=full_deck()[:26], dealer=0, deals=(1,)).apply("push")   # 1 stock card
    >>> r = g.results[0]                       # Ben pushed it and Q♥ to Cat, then could not draw
    >>> r.deal, r.went_out, r.reason, r.scores, [len(h) for h in r.hands]
    (1, None, 'stock', (120, 100), [6, 6, 8, 6])
    """

    deal: int
    dealer: int
    went_out: int | None
    reason: str
    hands: tuple
    scores: tuple


@dataclass(frozen=True)
class Observation:
    """What one player may see (rule 12: hidden stock, partners' hands hidden): public view + own hand.

    >>> o = Game.new(seed=4, dealer=3).observation(0)
    >>> len(o.hand), o.hand_sizes, o.stock_size, o.legal_actions == ("take", "push")
    (6, (6, 6, 6, 6), 83, True)
    >>> Game.new(seed=4, dealer=3).observation(1).legal_actions
    ()
    """

    player: int
    hand: tuple
    hand_sizes: tuple
    table: tuple
    discard_pile: tuple
    stock_size: int
    met: tuple
    deal_number: int
    contract: tuple
    dealer: int
    active_player: int
    current_player: int | None
    phase: str
    drawn: Card | None
    scores: tuple
    deal_scores: tuple
    players: tuple
    events: tuple
    legal_actions: tuple

    @property
    def discard_top(self) -> Card | None:
        """Top card of the discard pile, or None."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def log(self) -> tuple:
        """The public log in English (:attr:`Game.log`)."""
        return tuple(log_lines([e for e in self.events if not e.private], self.players, "en"))

    @property
    def private_log(self) -> tuple:
        """This player's private log in English."""
        return tuple(log_lines([e for e in self.events if e.private], self.players, "en"))


@dataclass(frozen=True)
class Game:
    """A state of a match of Push (contract rummy); an immutable value.

    Build one with :meth:`Game.new`, move with :meth:`apply`.

    >>> g = Game.new(seed=1, dealer=0)
    >>> g.deal_number, g.phase, g.current_player, g.hand_sizes, g.stock_size
    (1, 'draw', 1, (6, 6, 6, 6), 83)
    >>> g.legal_actions()
    [Take(), Push()]
    >>> g.legal_actions() == ["take", "push"]      # actions equal their notation
    True
    """

    players: tuple
    deals: tuple
    deal_index: int
    first_dealer: int
    dealer: int
    phase: str
    active_player: int
    hands: tuple
    stock: tuple
    discard_pile: tuple
    table: tuple
    met: tuple
    drawn: Card | None
    source: str | None
    turn: int
    quiet_turns: int
    round_cap: int | None
    results: tuple
    events: tuple = field(repr=False)
    deal_seeds: tuple = field(repr=False)
    decks: tuple = field(repr=False)

    #: the protocol's facts (:mod:`pushlab.protocol`): the lower penalty total wins; melds and
    #: wild replacements are legal without being listed by legal_actions (too many)
    LOW_SCORE_WINS: ClassVar[bool] = True
    UNLISTED_VERBS: ClassVar[frozenset] = frozenset({"meld", "replace"})

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, *, seed=None, deck=None, decks=None, dealer=None, names=None,
            deals=(1, 2, 3, 4, 5), round_cap=50) -> Game:
        """Set up a match and deal the first deal (rules 1-6); see ``docs/rummy-api.md``.

        ``seed``: int, None or a ``numpy.random.Generator``. ``deck``: the first deal's
        cards, top first (dealt one at a time clockwise from the dealer's left, then
        the upcard, the rest is the stock). ``decks``: one scripted deck (or None)
        per deal. ``deals``: the contracts to play, e.g. ``(3,)`` for deal 3 only.
        ``dealer``: 0..3 or None (random). ``round_cap``: rule 17 cap or None.

        >>> Game.new(seed=0, deals=(5,)).stock_size
        67
        >>> Game.new(dealer=4)
        Traceback (most recent call last):
        ...
        pushlab.errors.SetupError: dealer must be None or a player 0..3, got 4
        """
        names = _names(names)
        deals = _deals(deals)
        if round_cap is not None and not is_count(round_cap):
            raise SetupError(f"round_cap must be None or a positive int, got {round_cap!r}")
        if deck is not None and decks is not None:
            raise SetupError("pass either deck (the first deal) or decks (one per deal), not both")
        if decks is None:
            decks = (deck,) + (None,) * (len(deals) - 1)
        decks = tuple(decks)
        if len(decks) != len(deals):
            raise SetupError(f"decks must hold one entry per deal ({len(deals)}), got {len(decks)}")
        decks = tuple(None if d is None else _scripted_deck(d, n, HAND_SIZES[c])
                      for n, (d, c) in enumerate(zip(decks, deals), start=1))
        rng = make_rng(seed)
        if dealer is None:
            dealer = int(rng.integers(NUM_PLAYERS))
        elif not is_count(dealer, 0, NUM_PLAYERS - 1):
            raise SetupError(f"dealer must be None or a player 0..3, got {dealer!r}")
        seeds = tuple(int(s) for s in rng.integers(0, 2**63 - 1, size=len(deals)))
        draft = _Draft(players=names, deals=deals, deal_index=0, first_dealer=int(dealer),
                       dealer=int(dealer), phase="draw", active_player=0, hands=((),) * 4,
                       stock=(), discard_pile=(), table=(), met=(False,) * 4, drawn=None, source=None,
                       turn=1, quiet_turns=0, round_cap=round_cap, results=(), _events=[],
                       _nev=0, deal_seeds=seeds, decks=decks)
        draft.start_deal()
        return draft.freeze()

    # ------------------------------------------------------------------ views
    def __getstate__(self):
        """The fields (events as a tuple), not the English logs kept after their first use."""
        state = {f: getattr(self, f) for f in self.__dataclass_fields__}
        return state

    @property
    def num_players(self) -> int:
        """Always 4 (rule 1)."""
        return NUM_PLAYERS

    @property
    def current_player(self) -> int | None:
        """Who must act now; None when the match is over."""
        return None if self.phase == "over" else self.active_player

    @property
    def is_over(self) -> bool:
        """True when all deals are played (rule 20)."""
        return self.phase == "over"

    @property
    def deal_number(self) -> int:
        """The current deal's number 1..5 (its row in the contract table, rule 5)."""
        return self.deals[self.deal_index]

    @property
    def contract(self) -> tuple:
        """The current contract as ((kind, size), ...) (rule 5)."""
        return CONTRACTS[self.deal_number]

    @property
    def contract_text(self) -> str:
        """The current contract in words, e.g. "2 sets of 3"."""
        return contract_text(self.deal_number)

    @property
    def hand_sizes(self) -> tuple:
        """Number of cards in each hand."""
        h = self.hands                      # (four hands: quicker than tuple(map(len, ...)))
        return len(h[0]), len(h[1]), len(h[2]), len(h[3])

    @property
    def stock_size(self) -> int:
        """Cards left in the face-down stock."""
        return len(self.stock)

    @property
    def discard_top(self) -> Card | None:
        """Top card of the discard pile, or None."""
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def teams(self) -> tuple:
        """Partnership names, e.g. ("Ann & Cat", "Ben & Dan")."""
        return tuple(f"{self.players[t]} & {self.players[t + 2]}" for t in (0, 1))

    @property
    def deal_scores(self) -> tuple:
        """Per finished deal, the (team 0, team 1) penalty scores (rule 19)."""
        return tuple(r.scores for r in self.results)

    def hand(self, player: int) -> tuple:
        """A player's hand, sorted (private: show it only to that player).

        >>> Game.new(seed=0).hand(4)
        Traceback (most recent call last):
        ...
        pushlab.errors.PushlabError: no player 4: players are 0..3
        """
        return self.hands[_player(player)]

    def scores(self) -> tuple:
        """Cumulative (team 0, team 1) penalty totals over the finished deals (rule 20).

        >>> Game.new(seed=0).scores()
        (0, 0)
        """
        return tuple(sum(s[t] for s in self.deal_scores) for t in (0, 1))

    def winners(self) -> tuple:
        """The partnership(s) with the lower total; a tie is shared (rule 20)."""
        s = self.scores()
        best = min(s)
        return tuple(t for t in (0, 1) if s[t] == best)

    def all_cards(self) -> tuple:
        """Every card of the current deal, wherever it lies (hands, stock, discards, table).

        The same multiset (the full deck) in every state of a match.

        >>> len(Game.new(seed=0).all_cards())
        108
        """
        return (*(c for h in self.hands for c in h), *self.stock, *self.discard_pile,
                *(c for m in self.table for c in m.cards))

    def observation(self, player: int) -> Observation:
        """The view of ``player``: public state plus their own hand and private notes."""
        mine = self.current_player == _player(player)
        return Observation(
            player=player, hand=self.hands[player], hand_sizes=self.hand_sizes,
            table=self.table, discard_pile=self.discard_pile, stock_size=self.stock_size,
            met=self.met, deal_number=self.deal_number, contract=self.contract,
            dealer=self.dealer, active_player=self.active_player,
            current_player=self.current_player, phase=self.phase,
            drawn=self.drawn if mine else None, scores=self.scores(),
            deal_scores=self.deal_scores, players=self.players,
            events=tuple(e for e in self.events if not e.private or e.player == player),
            legal_actions=tuple(self.legal_actions()) if mine else ())

    def _seen(self) -> tuple:
        """What the player to act may see, in the order of :class:`pushlab.rummy.bots.View`'s
        fields: (player, their hand, table, discard top or None, met flags, deal number,
        phase, hand sizes, the card they took from the discard pile this turn or None).
        Read off the state's fields at once: :func:`~pushlab.rummy.bots.view` runs once per
        bot decision, and compiled, each property's call cost more than its body.

        >>> g = Game.new(seed=1, dealer=0)
        >>> s = g._seen()
        >>> s == (g.current_player, g.hand(1), g.table, g.discard_top, g.met, g.deal_number,
        ...       g.phase, g.hand_sizes, None)
        True
        """
        d = self.__dict__
        phase, hands, pile = d["phase"], d["hands"], d["discard_pile"]
        p = None if phase == "over" else d["active_player"]          # current_player
        return (p, hands[p], d["table"], pile[-1] if pile else None, d["met"],
                d["deals"][d["deal_index"]], phase,
                (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
                d["drawn"] if d["source"] == "discard" else None)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list:
        """Take/push in the draw phase; lay-offs then discards in the play phase; [] when over.

        Melds and wild replacements are too many to list: see :meth:`meld_actions`
        and :meth:`is_legal`.

        >>> g = Game.new(deck=deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD",
        ...     "3C 4C 6C 10D KS JH", "JD 10S 3H 8D 6S 4S"], "4D", dealer=3), deals=(1,), dealer=3)
        >>> [str(a) for a in g.apply("take").legal_actions()[:3]]
        ['discard 5S', 'discard 9S', 'discard 5H']
        """
        if self.phase == "draw":
            return [_TAKE, _PUSH] if self.discard_pile else [_PUSH]
        if self.phase != "play":
            return []
        p = self.active_player
        hand = self.hands[p]
        held = dict.fromkeys(hand)          # distinct, in the hand's (sorted) order
        acts = []
        if self.met[p]:
            for card in held:
                for m, meld in enumerate(self.table):
                    acts.extend(_layoffs(card, m, meld))
        drawn = self.drawn
        if self.source == "discard" and drawn in held and len(held) > 1:   # holds another card
            del held[drawn]
        acts.extend(map(_DISCARD.__getitem__, held))
        return acts

    def _may_discard(self, card: Card) -> bool:
        """False for the card taken from the discard pile this turn (or its twin) while the hand
        holds another card (``docs/decisions.md``: discarding it back would be a free pass)."""
        return not (self.source == "discard" and card == self.drawn
                    and any(c != card for c in self.hands[self.active_player]))

    def meld_actions(self, limit: int | None = 200) -> list:
        """Some legal meld and wild-replacement actions now (not all: a generator of useful ones).

        Before the contract: combinations meeting it in one action (rule 13). After:
        single melds from the hand, and replacements whose freed wild is laid off or
        melded at once (rule 14). At most ``limit`` actions (None: no limit).

        >>> g = Game.new(deck=deck_for(["5H 5S JK 9S 9C 9D", "7C 8C 2D QH KH QD",
        ...     "3C 4C 6C 10D KS JH", "JD 10S 3H 8D 6S 4S"], "4D", dealer=3), deals=(1,), dealer=3)
        >>> [str(a) for a in g.apply("take").meld_actions()]
        ['meld set 5S 5H JK; set 9S 9D 9C']
        """
        if self.phase != "play":
            return []
        p = self.active_player
        hand = self.hands[p]
        out = []
        cap = float("inf") if limit is None else limit
        cands = _candidate_melds(hand)
        if not self.met[p]:
            for combo in _contract_combos(cands, hand, self.deal_number):
                out.append(_meld_down_of(combo))
                if len(out) >= cap:
                    break
            return out
        out.extend(_meld_down_of((m,)) for m in cands)
        for acts in self._replacements():
            if len(out) >= cap:
                return out[:limit]
            out.extend(acts)
        return out if limit is None else out[:limit]

    def _replacements(self):
        """The replacement actions of :meth:`meld_actions` (the contract met), made lazily: one
        list per (table meld, natural from the hand, wild it frees), in meld_actions' order."""
        hand = self.hands[self.active_player]
        for m, meld in enumerate(self.table):
            if all(meld.natural):
                continue
            for nat in sorted({c for c in hand if c.is_natural or c.rank == 2}):
                for wild in sorted({meld.cards[i] for i in meld.replace_options(nat)}):
                    yield self._replace_follow_ups(m, nat, wild)

    def _replace_follow_ups(self, m, nat, wild) -> list:
        """Replacement actions of nat for wild in meld m with a simple use of the freed wild."""
        meld = self.table[m]
        which = wild if len({meld.cards[i] for i in meld.replace_options(nat)}) > 1 else None
        acts = []
        for k, other in enumerate(self.table):
            if k != m:
                acts.extend(_replace_of(m, nat, which, lay) for lay in _layoffs(wild, k, other))
        hand = list(self.hands[self.active_player])
        hand.remove(nat)
        hand.append(wild)
        for cand in _candidate_melds(hand):
            if wild in cand.cards:
                acts.append(_replace_of(m, nat, which, _meld_down_of((cand,))))
        return acts

    def is_legal(self, action) -> bool:
        """True if ``action`` may be applied now.

        >>> g = Game.new(seed=3)
        >>> g.is_legal("push"), g.is_legal("discard 5H"), g.is_legal("dance")
        (True, False, False)
        """
        try:
            self.apply(action)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action | str) -> Game:
        """Return the state after ``action`` (an :mod:`~pushlab.rummy.actions` value or its text);
        ``self`` is unchanged.

        Illegal or malformed actions raise :class:`~pushlab.errors.IllegalAction`
        naming the rule broken.

        >>> g = Game.new(seed=3, dealer=0)
        >>> g.apply("discard 5H")
        Traceback (most recent call last):
        ...
        pushlab.errors.IllegalAction: rule 12: Ben must first draw: take the discard or push; legal actions: take, push
        """
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except (ParseError, IllegalAction) as e:
                self._refuse(action, str(e))
        light = _LIGHT.get(type(action))
        if light is not None:
            g = light(self.__dict__, action)
            if g is not None:
                return g
        return self._apply_draft(action)

    def _apply_draft(self, action: Action) -> Game:
        """:meth:`apply` through a draft that resolves the action step by step (every action; the
        light step's reference, and the path of every action it does not resolve)."""
        draft = _Draft.of(self)
        try:
            draft.act(action)
        except _Refusal as e:
            self._refuse(action, str(e))
        return draft.freeze()

    def _refuse(self, action, problem):
        """Raise IllegalAction naming the problem and listing the simple legal actions."""
        legal = self.legal_actions()
        if not legal:
            listed = _("none (the match is over)")
        else:
            listed = ", ".join(map(str, legal))
            if self.phase == "play":
                listed = _("{actions} (or a meld)").format(actions=listed)
        error = IllegalAction(_("{problem}; legal actions: {actions}").format(problem=problem, actions=listed),
                              action=action, legal=legal)
        error.lists_legal = True          # the message already names the legal actions (in any language)
        raise error

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        where = "over" if self.is_over else f"{self.players[self.active_player]} to {self.phase}"
        return (f"<Game deal {self.deal_number} ({self.deal_index + 1} of {len(self.deals)}), "
                f"{where}, hands {self.hand_sizes}, stock {self.stock_size}, "
                f"discard {self.discard_top or '-'}, {len(self.table)} melds, scores {self.scores()}>")

    def describe(self, player: int | None = None) -> str:
        """A plain-text view: public state, and ``player``'s hand if given.

        >>> print(Game.new(seed=2, dealer=0, deals=(1,)).describe())  # doctest: +ELLIPSIS
        Push (contract rummy), deal 1 (1 of 1): 2 sets of 3; dealer Ann
        Ben to draw; stock 83, discard ...
        Ann     6 cards
        Ben *   6 cards
        Cat     6 cards
        Dan     6 cards
        Table: -
        Scores: Ann & Cat 0, Ben & Dan 0
        """
        lines = [f"Push (contract rummy), deal {self.deal_number} ({self.deal_index + 1} of "
                 f"{len(self.deals)}): {self.contract_text}; dealer {self.players[self.dealer]}"]
        top = self.discard_top.pretty if self.discard_top else "-"
        state = "the match is over" if self.is_over else \
            f"{self.players[self.active_player]} to {self.phase}"
        lines.append(f"{state[0].upper() + state[1:]}; stock {self.stock_size}, discard {top}")
        for p, name in enumerate(self.players):
            mark = " *" if p == self.current_player else ""
            met = ", contract met" if self.met[p] else ""
            cards = f": {cards_str(self.hands[p], pretty=True)}" if p == player else ""
            lines.append(f"{name + mark:<7} {len(self.hands[p])} cards{met}{cards}")
        melds = [f"{i + 1}: {m} ({self.players[m.owner]})" for i, m in enumerate(self.table)]
        lines.append("Table: " + ("; ".join(melds) if melds else "-"))
        s = self.scores()
        lines.append(f"Scores: {self.teams[0]} {s[0]}, {self.teams[1]} {s[1]}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()


class _Views:
    """``Game.events``, ``log`` and ``private_log``, made on first use from the events of the moves.

    A Game made by :meth:`Game.apply` keeps its events as (the list it shares with the
    states before and after it, how many of them are its own); the tuple of events, and the
    English sentences of :attr:`~Game.log` and :attr:`~Game.private_log`
    (:mod:`pushlab.i18n.events`), are made, and kept in the state's ``__dict__``, when first
    asked for. The light step records an event as its (type, fields) tuple, made into the
    event value here (:func:`_made_events`). These are non-data descriptors (as
    :class:`functools.cached_property`): a value in the state's ``__dict__`` (the ``events``
    field of a Game built by its constructor, or a view already made) wins. Game has no
    ``__getattr__``, so Python's attribute caches serve its fields.

    >>> g = Game.new(seed=3, dealer=0)
    >>> a, b = g.apply("push"), g.apply("take")      # two lines of play from one state
    >>> a.log[1:], b.log[1:], g.log[1:]
    (('Ben pushes K♦ and the top stock card to Cat, then draws from the stock',), ('Ben takes K♦ from the discard pile',), ())
    >>> a.private_log[1][1:], b.private_log[1][1:], a.apply("discard AH").log[-1]
    (('Ben draws A♥ from the stock',), (), 'Ben discards A♥')
    """

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, game, owner=None):
        if game is None:
            return self
        d = game.__dict__
        if self.name == "events":
            if "_events" not in d:
                raise AttributeError("'Game' object has no attribute 'events'")
            events = d["events"] = _made_events(d["_events"], d["_nev"])
            return events
        d["log"], d["private_log"] = _logs_of(game.events, game.players)
        return d[self.name]


for _name in ("events", "log", "private_log"):
    _view = _Views()
    _view.__set_name__(Game, _name)
    setattr(Game, _name, _view)
del _name, _view


def deck_for(hands, upcard, stock="", dealer=0, complete=False) -> str:
    """A scripted deck (top first) dealing ``hands[p]`` to player p, then upcard, then stock.

    Cards are dealt one at a time clockwise starting left of ``dealer`` (rule 5).
    ``complete=True`` puts the rest of the full deck (in ``full_deck()`` order) under
    ``stock``: a whole deck, as a shared position needs (:mod:`pushlab.share`).

    >>> deck_for(["AS 3S", "AH 3H", "AD 3D", "AC 3C"], "KS", "QS", dealer=3)
    'AS AH AD AC 3S 3H 3D 3C KS QS'
    >>> len(deck_for(["AS 3S", "AH 3H", "AD 3D", "AC 3C"], "KS", "QS", dealer=3, complete=True).split())
    108
    """
    hands = [parse_cards(h) for h in hands]
    n = len(hands[0])
    if len(hands) != NUM_PLAYERS or any(len(h) != n for h in hands):
        raise SetupError(f"deck_for needs 4 hands of equal size, got sizes {[len(h) for h in hands]}")
    order = [hands[(dealer + 1 + i) % NUM_PLAYERS][i // NUM_PLAYERS] for i in range(NUM_PLAYERS * n)]
    order += list(parse_cards(upcard)) + list(parse_cards(stock))
    if complete:
        rest = Counter(full_deck()) - Counter(order)
        for card in full_deck():
            if rest[card]:
                order.append(card)
                rest[card] -= 1
    return cards_str(order)


# ---------------------------------------------------------------------- setup helpers
def _player(player) -> int:
    """Check a player index 0..3."""
    if not is_count(player, 0, NUM_PLAYERS - 1):
        raise PushlabError(f"no player {player!r}: players are 0..3")
    return int(player)


def _names(names) -> tuple:
    """Validate four player names."""
    if names is None:
        return DEFAULT_NAMES
    if isinstance(names, (str, bytes)) or not hasattr(names, "__iter__"):
        raise SetupError(f"names must be a sequence of 4 names, got {names!r}")
    names = tuple(names)
    if len(names) != NUM_PLAYERS or not all(isinstance(n, str) and n.strip() for n in names):
        raise SetupError(f"Push needs 4 players with non-empty names (rule 1), got {names!r}")
    if len(set(names)) != NUM_PLAYERS:
        raise SetupError(f"player names must be distinct, got {names!r}")
    return names


def _deals(deals) -> tuple:
    """Validate the deals to play: a non-empty sequence of contract numbers 1..5."""
    if is_whole(deals):
        deals = (deals,)
    try:
        deals = tuple(deals)
    except TypeError:
        raise SetupError(f"deals must be a sequence of deal numbers 1..5, got {deals!r}") from None
    if not deals or not all(is_whole(d) and d in CONTRACTS for d in deals):
        raise SetupError(f"deals must be a non-empty sequence of deal numbers 1..5, got {deals!r}")
    return tuple(int(d) for d in deals)


def _scripted_deck(deck, n, hand_size) -> tuple:
    """Parse a scripted deck; it must fit in the real deck and be long enough to deal."""
    try:
        cards = parse_cards(deck)
    except ParseError as e:
        raise SetupError(f"deck for deal {n}: {e}") from None
    extra = Counter(cards) - Counter(full_deck())
    if extra:
        c, k = next(iter(extra.items()))
        raise SetupError(f"deck for deal {n} holds too many copies of {c} (the 108-card deck "
                         f"has {Counter(full_deck())[c]}, rule 2)")
    need = NUM_PLAYERS * hand_size + 1
    if len(cards) < need:
        raise SetupError(f"deck for deal {n} has {len(cards)} cards; dealing {hand_size} each "
                         f"plus the upcard needs at least {need}")
    return cards


def _missing(hand, cards) -> Card | None:
    """The first card of cards the hand lacks (multiset), or None."""
    left = list(hand)
    try:
        for c in cards:
            left.remove(c)
        return None                         # the usual case: all held
    except ValueError:
        pass
    need = Counter(cards)
    have = Counter(hand)
    for c in cards:
        if need[c] > have[c]:
            return c
    return None


# ---------------------------------------------------------------------- meld proposals
def _layoffs(card: Card, m: int, meld: Meld) -> list:
    """The lay-off actions of card onto table meld m (an end named only where both fit)."""
    ends = meld.layoff_ends(card)
    if not ends:
        return []
    if ends == ("any",) or len(ends) == 1:
        return [_layoff(card, m, None)]
    return [_layoff(card, m, e) for e in ends]


_DISCARD = {c: Discard(c) for c in full_deck()}        # one immutable action value per card
_LAYOFFS: dict = {}


def _layoff(card: Card, m: int, end) -> LayOff:
    """The LayOff value (shared: actions are immutable values, built once each)."""
    key = (card, m, end)
    act = _LAYOFFS.get(key)
    if act is None:
        act = _LAYOFFS[key] = _layoff_of(card, m, end)
    return act


def _candidate_melds(hand) -> list:
    """Useful melds that the hand can form (not all): sets and runs of 3+ (owner None)."""
    hand = sorted(hand)
    wilds = sorted((c for c in hand if c.is_wild), key=lambda c: (c.is_joker, c.sort_key))
    out = []
    for rank in sorted({c.rank for c in hand if c.is_natural}):
        nat = sorted({c for c in hand if c.rank == rank})
        for size in range(len(nat), 0, -1):
            for chosen in combinations(nat, size):
                for w in range(0, min(len(wilds), MAX_SET - size) + 1):
                    if size + w >= 3:
                        cards = tuple(chosen) + tuple(wilds[:w])
                        out.append(Meld._known("set", cards, None, rank))
    for suit in SUITS:
        have = {c.rank for c in hand if c.suit == suit and c.is_natural}
        if not have:
            continue
        for lo in range(1, 13):
            for hi in range(lo + 2, min(lo + MAX_RUN - 1, 14) + 1):
                nat = [Card(r, suit) for r in (1 if v == 14 else v for v in range(lo, hi + 1))
                       if r in have]
                if len(nat) + len(wilds) < hi - lo + 1:
                    break                           # longer runs open even more gaps
                if not nat:
                    continue
                filled = lay_out_run(suit, lo, hi, nat, list(wilds))
                if _missing(hand, filled) is None and meld_problem(filled, "run") is None:
                    out.append(Meld._known("run", filled, None, _analyse_cached(filled, "run")[1]))
    return out


def _contract_combos(cands, hand, deal):
    """Yield tuples of candidate melds (disjoint in the hand) that meet the contract exactly."""
    need = CONTRACTS[deal]
    counts = [Counter(m.cards) for m in cands]

    def rec(i, first, chosen, left):
        """Choose melds for contract items i.. from candidates first.. out of the cards left."""
        if i == len(need):
            yield tuple(chosen)
            return
        kind, size = need[i]
        same = i + 1 < len(need) and need[i + 1][0] == kind
        for j in range(first, len(cands)):
            if cands[j].kind != kind or len(cands[j].cards) < size:
                continue
            if all(left[c] >= n for c, n in counts[j].items()):
                yield from rec(i + 1, j if same else 0, chosen + [cands[j]], left - counts[j])

    seen = set()
    for combo in rec(0, 0, [], Counter(hand)):
        if combo not in seen and contract_problem(combo, deal) is None:
            seen.add(combo)
            yield combo


# ---------------------------------------------------------------------- the draft
def _put(values: tuple, i: int, value) -> tuple:
    """``values`` with item i replaced by ``value``."""
    return values[:i] + (value,) + values[i + 1:]


def _logs_of(events, players) -> tuple:
    """(public log, the four private logs) of ``events``, in English."""
    log = tuple(log_lines([e for e in events if not e.private], players, "en"))
    return log, tuple(tuple(log_lines([e for e in events if e.private and e.player == p], players, "en"))
                      for p in range(NUM_PLAYERS))


class _Refusal(Exception):
    """An action is illegal; the message names the rule broken."""


class _Draft:
    """A scratch copy of a Game used while one action is resolved.

    Its fields hold the same immutable values as the Game's (hands are sorted tuples);
    an action replaces only the fields it changes, so making a draft and freezing it
    copies nothing else.
    """

    def __init__(self, **fields):
        self.__dict__.update(fields)

    @classmethod
    def of(cls, g: Game) -> _Draft:
        """A draft of ``g`` (sharing its immutable fields)."""
        d = object.__new__(cls)
        dd = d.__dict__
        dd.update(g.__dict__)
        if "_events" not in dd:             # a Game from its constructor (dataclasses.replace)
            dd["_events"] = list(dd["events"])
            dd["_nev"] = len(dd["_events"])
        dd.pop("events", None)              # the draft's events grow from the list
        dd.pop("log", None)
        dd.pop("private_log", None)
        return d

    def freeze(self) -> Game:
        """The immutable Game for this draft (every field is already an immutable value; the
        draft is not used afterwards)."""
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        return g

    # -- changing fields
    def give(self, p: int, *cards) -> None:
        """Add cards to player p's hand, keeping it sorted."""
        hand = self.hands[p]
        for c in cards:
            i = bisect_right(hand, c)          # (a card is an int, its order)
            hand = hand[:i] + (c,) + hand[i:]
        self.hands = _put(self.hands, p, hand)

    def take_away(self, p: int, cards) -> None:
        """Remove one copy of each of cards from player p's hand (the caller checked they are held)."""
        hand = self.hands[p]
        for c in cards:
            i = hand.index(c)
            hand = hand[:i] + hand[i + 1:]
        self.hands = _put(self.hands, p, hand)

    def note(self, event) -> None:
        """Append an event (:mod:`pushlab.rummy.events`), or its (event type, fields...) tuple,
        made into the value when the events are first read (:func:`_made_events`; a frozen
        dataclass's ``__init__`` costs more than most steps: the deal's start and end use it).

        The event list is shared with the state drafted from: appended to in place while
        no other state has extended it, else copied first (states stay immutable values).
        """
        events, n = self._events, self._nev
        if len(events) != n:
            events = self._events = events[:n]
        events.append(event)
        self._nev = n + 1

    # -- helpers
    @property
    def p(self) -> int:
        """The active player."""
        return self.active_player

    def name(self, player=None) -> str:
        """A player's name (the active player's by default)."""
        return self.players[self.p if player is None else player]

    def meld_words(self, m: int) -> str:
        """'meld 2 (Ben's run 7♣ 8♣ 9♣)' in the current language (for error messages)."""
        return meld_label(self.table[m], m + 1, self.players)

    # -- deals
    def start_deal(self) -> None:
        """Deal the current deal (rules 5, 6): one card at a time clockwise from the dealer's left."""
        k = self.deal_index
        deal = self.deals[k]
        n = HAND_SIZES[deal]
        rng = np.random.default_rng(self.deal_seeds[k])
        deck = self.decks[k]
        if deck is None:
            base = full_deck()
            deck = tuple([base[i] for i in rng.permutation(len(base)).tolist()])
        hands = [[] for _ in range(NUM_PLAYERS)]
        for i in range(NUM_PLAYERS * n):
            hands[(self.dealer + 1 + i) % NUM_PLAYERS].append(deck[i])
        up, stock = deck[NUM_PLAYERS * n], list(deck[NUM_PLAYERS * n + 1:])
        self.hands = tuple(tuple(sorted(h)) for h in hands)       # (cards sort as their order)
        self.table, self.met = (), (False,) * NUM_PLAYERS
        self.note((DealStarted, deal, k + 1, len(self.deals), self.dealer, n, up, CONTRACTS[deal]))
        while up.is_wild and any(c.is_natural for c in stock):
            pos = int(rng.integers(1, len(stock) + 1))
            stock.insert(pos, up)
            new, stock = stock[0], stock[1:]
            self.note((UpcardReturned, up, new))
            up = new
        self.discard_pile = (up,)
        self.stock = tuple(stock)
        self.active_player = left_of(self.dealer)
        self.phase, self.drawn, self.source, self.turn, self.quiet_turns = "draw", None, None, 1, 0
        for p in range(NUM_PLAYERS):
            self.note((Dealt, p, deal, self.hands[p]))

    def end_deal(self, went_out: int | None, reason: str) -> None:
        """Score the deal (rules 17-19), then deal the next one or end the match (rule 20)."""
        pens = [sum(c.penalty for c in h) for h in self.hands]
        team = [pens[0] + pens[2], pens[1] + pens[3]]
        if went_out is not None:
            team[team_of(went_out)] = 0
        deal = self.deals[self.deal_index]
        self.results += (DealResult(deal=deal, dealer=self.dealer, went_out=went_out,
                                    reason=reason, hands=self.hands, scores=tuple(team)),)
        self.note((DealEnded, deal, tuple(team), self.hands))
        if self.deal_index + 1 < len(self.deals):
            self.deal_index += 1
            self.dealer = left_of(self.dealer)
            self.start_deal()
            return
        self.phase, self.drawn, self.source = "over", None, None
        self.note((MatchOver, tuple(sum(r.scores[t] for r in self.results) for t in (0, 1))))

    def end_turn(self, took_stock: bool) -> None:
        """Pass the turn to the left, or end the deal at the round cap (rule 17)."""
        self.quiet_turns = 0 if took_stock else self.quiet_turns + 1
        if self.round_cap is not None and self.quiet_turns >= NUM_PLAYERS * self.round_cap:
            self.note((RoundCapReached, self.round_cap))
            self.end_deal(None, "cap")
            return
        self.active_player = left_of(self.p)
        self.phase, self.drawn, self.source = "draw", None, None
        self.turn += 1

    def went_out(self) -> bool:
        """If the active player's hand is empty, they go out and the deal ends (rule 16)."""
        if self.hands[self.p]:
            return False
        self.note((WentOut, self.p))
        self.end_deal(self.p, "out")
        return True

    # -- actions
    def act(self, action: Action) -> None:
        """Resolve one action or raise _Refusal."""
        if self.phase == "over":
            raise _Refusal(_("rule 20: the match is over (all its deals are played)"))
        if self.phase == "draw" and not action.is_draw:
            raise _Refusal(_("rule 12: {name} must first draw: take the discard or push").format(name=self.name()))
        if self.phase == "play" and action.is_draw:
            raise _Refusal(_("rule 12: {name} has already drawn this turn; now meld, lay off or discard "
                             "(rule 15)").format(name=self.name()))
        match action:
            case Take():
                self.take()
            case Push():
                self.push()
            case Discard(card=card):
                self.discard(card)
            case LayOff(card=card, meld=m, end=end):
                self.layoff(card, m, end)
            case MeldDown(melds=melds):
                self.meld(melds)
            case Replace(meld=m, card=card, wild=wild, then=then):
                self.replace(m, card, wild, then)
            case _:
                raise _Refusal(_("unknown action {action}").format(action=repr(action)))

    def take(self) -> None:
        """Rule 12a: take the top discard."""
        if not self.discard_pile:
            raise _Refusal(_("rule 12: the discard pile is empty, so there is nothing to take"))
        card = self.discard_pile[-1]
        self.discard_pile = self.discard_pile[:-1]
        self.give(self.p, card)
        self.drawn, self.source, self.phase = card, "discard", "play"
        self.note(TookDiscard(self.p, card))

    def push(self) -> None:
        """Rule 12b: push the stock top and discard top to the left, then draw from the stock.

        The deal ends (rule 17) when the pusher would draw from an empty stock: with no stock
        card at once, with one after it and the discard top went to the left player (the
        order of rule 12b; ``docs/decisions.md``)."""
        p = self.p
        left = left_of(p)
        if not self.stock:
            self.note((StockEmpty, p))
            self.end_deal(None, "stock")
            return
        given = self.stock[0]
        top = self.discard_pile[-1] if self.discard_pile else None
        if top is None:
            self.give(left, given)
        else:
            self.discard_pile = self.discard_pile[:-1]
            self.give(left, given, top)
        self.note(Received(left, given, p))
        if len(self.stock) == 1:
            self.stock = ()
            self.note(Pushed(p, left, top, False))
            self.end_deal(None, "stock")
            return
        own = self.stock[1]
        self.stock = self.stock[2:]
        self.give(p, own)
        self.drawn, self.source, self.phase = own, "stock", "play"
        self.note(Pushed(p, left, top, True))
        self.note(DrewStock(p, own))

    def discard(self, card: Card) -> None:
        """Rule 15: discard one card and end the turn (rule 16: going out if it was the last)."""
        hand = self.hands[self.p]
        if card not in hand:
            raise _Refusal(_("rule 15: {name} has no {card} to discard").format(name=self.name(), card=card.pretty))
        if self.source == "discard" and card == self.drawn and any(c != card for c in hand):
            raise _Refusal(_("rule 15: {name} took {card} from the discard pile this turn and may not "
                             "discard it, or its twin from the other deck, while holding another card: "
                             "that would be a free pass").format(name=self.name(), card=card.pretty))
        self.take_away(self.p, (card,))
        self.discard_pile += (card,)
        self.note(Discarded(self.p, card))
        if self.went_out():
            return
        self.end_turn(took_stock=self.source == "stock")

    def check_melds(self, melds, hand) -> None:
        """Check the melds' cards are held (Meld values are valid melds: rules 7-9)."""
        missing = _missing(hand, [c for m in melds for c in m.cards])
        if missing is not None:
            raise _Refusal((_("rule 13: {name} does not hold enough copies of {card}") if missing in hand else
                            _("rule 13: {name} does not hold {card}")).format(name=self.name(), card=missing.pretty))

    def meld(self, melds) -> None:
        """Rules 11, 13: lay down melds (the whole contract at once if not yet met)."""
        hand = self.hands[self.p]
        self.check_melds(melds, hand)
        first = not self.met[self.p]
        if first:
            problem = contract_problem(melds, self.deals[self.deal_index])
            if problem:
                raise _Refusal(_("rule 13: {name} has not met the contract yet, so the first melding must "
                                 "lay down the whole contract ({contract}) in one action: {problem}").format(
                    name=self.name(), contract=contract_words(self.deals[self.deal_index]), problem=problem))
        self.lay_melds(melds)
        if first:
            self.met = _put(self.met, self.p, True)
        self.note(Melded(self.p, tuple(self.table[len(self.table) - len(melds):]), len(self.table) - len(melds),
                         first))
        self.went_out()

    def lay_melds(self, melds) -> None:
        """Move the melds' cards from the hand to the table."""
        p = self.active_player
        for m in melds:
            self.take_away(p, m.cards)
            self.table += (m.owned_by(p),)

    def check_layoff(self, card, m, end, hand, forbidden=None) -> Meld:
        """Validate a lay-off (rule 13) and return the extended meld."""
        if not self.met[self.p]:
            raise _Refusal(_("rule 13: {name} has not met the contract yet, so may not lay off").format(
                name=self.name()))
        if card not in hand:
            raise _Refusal(_("rule 13: {name} does not hold {card}").format(name=self.name(), card=card.pretty))
        if not 0 <= m < len(self.table):
            raise _Refusal(_("rule 13: there is no meld {number} (melds are numbered 0..{last} in actions)").format(
                number=m, last=len(self.table) - 1) if self.table else _("rule 13: there are no melds on the table"))
        if m == forbidden:
            raise _Refusal(_("rule 14: the freed wild must go to another meld, not back to meld {number}").format(
                number=m + 1))
        meld = self.table[m]
        ends = meld.layoff_ends(card)
        if not ends:
            raise _Refusal(_("rule 13: {card} does not fit on {meld}").format(card=card.pretty, meld=self.meld_words(m)))
        if end is not None and meld.kind == "set":
            raise _Refusal(_("rule 13: meld {number} is a set: lay off without low/high").format(number=m + 1))
        if end is None and len(ends) > 1:
            raise _Refusal(_("rule 13: {card} fits at both ends of {meld}: say low or high").format(
                card=card.pretty, meld=self.meld_words(m)))
        if end is not None and end not in ends:
            raise _Refusal((_("rule 13: {card} does not fit at the low end of {meld}") if end == "low" else
                            _("rule 13: {card} does not fit at the high end of {meld}")).format(
                card=card.pretty, meld=self.meld_words(m)))
        return meld.lay_off(card, None if meld.kind == "set" else (end or ends[0])), (end or ends[0])

    def layoff(self, card, m, end, forbidden=None) -> None:
        """Rule 13: lay off a card onto any meld on the table."""
        new, end = self.check_layoff(card, m, end, self.hands[self.p], forbidden)
        self.take_away(self.p, (card,))
        self.table = _put(self.table, m, new)
        self.note(LaidOff(self.p, card, m, None if new.kind == "set" else end, new))
        self.went_out()

    def replace(self, m, nat, wild, follow) -> None:
        """Rule 14: replace a wild by the natural it stands for; play the freed wild at once."""
        p = self.p
        if not self.met[p]:
            raise _Refusal(_("rule 14: {name} has not met the contract yet, so may not replace wilds").format(
                name=self.name()))
        if nat not in self.hands[p]:
            raise _Refusal(_("rule 14: {name} does not hold {card}").format(name=self.name(), card=nat.pretty))
        if not 0 <= m < len(self.table):
            raise _Refusal(_("rule 14: there is no meld {number} on the table").format(number=m))
        meld = self.table[m]
        try:
            new, freed = meld.replace(nat, wild)
        except IllegalAction as e:
            raise _Refusal(_("rule {number}: {problem}").format(number=14, problem=str(e).replace(" (rule 14)", ""))) from None
        if isinstance(follow, MeldDown) and freed not in follow.cards:
            raise _Refusal(_("rule 14: the freed wild {wild} must be played in another meld this turn, but "
                             "the meld after 'then' does not use it").format(wild=freed.pretty))
        if isinstance(follow, LayOff) and follow.card != freed:
            raise _Refusal(_("rule 14: the freed wild {wild} must be played in another meld this turn, but "
                             "the lay-off after 'then' is {card}").format(wild=freed.pretty, card=follow.card.pretty))
        self.take_away(p, (nat,))
        self.give(p, freed)
        self.table = _put(self.table, m, new)
        self.note(Replaced(p, m, freed, nat))
        match follow:
            case MeldDown(melds=melds):
                self.meld(melds)
            case LayOff(card=card, meld=k, end=end):
                self.layoff(card, k, end, forbidden=m)


# ---------------------------------------------------------------------- the light step
# The common actions (take, push, a discard or lay-off that does not go out or end the deal)
# resolved straight into the next state, without a draft: the same checks, the same fields
# and the same events as the draft's (tests/test_rummy_light_step.py compares the two on every
# step of seeded play). A light function returns None whenever a check fails or the action
# would go out, end the deal or reach the round cap; then Game.apply takes the draft, which
# names the rule broken or plays the rarer outcome.


def _successor(nd: dict, d: dict, events: tuple) -> Game:
    """The Game with the fields ``nd`` (a copy of ``d``, the ``__dict__`` of the state before,
    with the changed fields set) after a light step; its event list (shared as
    :meth:`_Draft.note` shares it) with ``events``, each an (event type, its fields...) tuple
    that :func:`_made_events` makes into the value when the events are first read (most
    states' events never are: a bot's or a rollout's). The views made from the state before
    (:class:`_Views`) are left out."""
    if "events" in nd:
        del nd["events"]
        nd.pop("log", None)
        nd.pop("private_log", None)
    evs, n = d["_events"], d["_nev"]
    if len(evs) != n:                       # (else nd, d's copy, holds this list already)
        evs = nd["_events"] = evs[:n]
    evs.extend(events)
    nd["_nev"] = n + len(events)
    g = _Blank()                            # a Game with the fields nd (melds._Blank)
    g.__dict__ = nd
    g.__class__ = Game
    return g


def _made_events(evs: list, n: int) -> tuple:
    """The first ``n`` events of a shared event list as event values: a recorded (type,
    fields...) tuple is made into its value, which replaces it in the list (an equal value:
    the states sharing the list see the same events)."""
    for i in range(n):
        e = evs[i]
        if type(e) is tuple:
            evs[i] = e[0](*e[1:])
    return tuple(evs[:n])


# The light steps below write out the draft's small helpers (_put, give, take_away) inline: a
# call of a Python function costs more than the step's own tuple work (issue 24, engine pass).
# A card is an int, its order, so a hand sorted by order is sorted as ints: bisect_right(hand,
# card) finds the place that _Draft.give's bisect by order finds.

def _light_take(d: dict, action) -> Game | None:
    """Rule 12a (:meth:`_Draft.take`)."""
    if d["phase"] != "draw" or "_events" not in d:
        return None
    pile = d["discard_pile"]
    if not pile:
        return None
    p, card = d["active_player"], pile[-1]
    hands = list(d["hands"])
    hand = hands[p]
    i = bisect_right(hand, card)
    hands[p] = hand[:i] + (card,) + hand[i:]
    nd = d.copy()
    nd["discard_pile"] = pile[:-1]
    nd["hands"] = tuple(hands)
    nd["drawn"], nd["source"], nd["phase"] = card, "discard", "play"
    return _successor(nd, d, ((TookDiscard, p, card),))


def _light_push(d: dict, action) -> Game | None:
    """Rule 12b (:meth:`_Draft.push`) when the stock holds the two cards it needs."""
    if d["phase"] != "draw" or "_events" not in d:
        return None
    stock = d["stock"]
    if len(stock) < 2:                      # the deal ends
        return None
    p = d["active_player"]
    left = (p + 1) % NUM_PLAYERS
    given, own = stock[0], stock[1]
    pile = d["discard_pile"]
    hands = list(d["hands"])
    got = list(hands[left])
    insort_right(got, given)
    if pile:
        top, pile = pile[-1], pile[:-1]
        insort_right(got, top)
    else:
        top = None
    hands[left] = tuple(got)
    hand = hands[p]
    i = bisect_right(hand, own)
    hands[p] = hand[:i] + (own,) + hand[i:]
    nd = d.copy()
    nd["hands"] = tuple(hands)
    nd["discard_pile"], nd["stock"] = pile, stock[2:]
    nd["drawn"], nd["source"], nd["phase"] = own, "stock", "play"
    return _successor(nd, d, ((Received, left, given, p), (Pushed, p, left, top, True),
                              (DrewStock, p, own)))


def _light_discard(d: dict, action) -> Game | None:
    """Rule 15 (:meth:`_Draft.discard`) when the player keeps a card and the round cap is not
    reached."""
    if d["phase"] != "play" or "_events" not in d:
        return None
    p, card, source = d["active_player"], action.card, d["source"]
    hands = list(d["hands"])
    hand = hands[p]
    if len(hand) == 1:
        return None
    try:
        i = hand.index(card)
    except ValueError:                      # not held
        return None
    if source == "discard" and card == d["drawn"] and hand.count(card) < len(hand):
        return None                         # holds another card: no free pass
    quiet = 0 if source == "stock" else d["quiet_turns"] + 1
    cap = d["round_cap"]
    if cap is not None and quiet >= NUM_PLAYERS * cap:
        return None
    hands[p] = hand[:i] + hand[i + 1:]
    nd = d.copy()
    nd["hands"] = tuple(hands)
    nd["discard_pile"] = d["discard_pile"] + (card,)
    nd["quiet_turns"], nd["turn"] = quiet, d["turn"] + 1
    nd["active_player"], nd["phase"] = (p + 1) % NUM_PLAYERS, "draw"
    nd["drawn"] = nd["source"] = None
    return _successor(nd, d, ((Discarded, p, card),))


def _light_layoff(d: dict, action) -> Game | None:
    """Rule 13 (:meth:`_Draft.check_layoff`, :meth:`_Draft.layoff`) when the player keeps a card."""
    if d["phase"] != "play" or "_events" not in d:
        return None
    p, hands, card = d["active_player"], d["hands"], action.card
    hand = hands[p]
    if not d["met"][p] or card not in hand or len(hand) == 1:
        return None
    table, m, end = d["table"], action.meld, action.end
    if not 0 <= m < len(table):
        return None
    meld = table[m]
    cards, place = meld.cards, meld._place          # (meld.layoff_ends(card), the card known)
    if meld.kind == "set":
        if end is not None or not _set_layoff_ends(cards, place, card):
            return None
        new = _known_meld("set", cards + (card,), meld.owner, place)
    else:
        start, suit = place
        ends = _run_layoff_ends(start, suit, len(cards), card)
        if not ends:
            return None
        if end is None:
            if len(ends) > 1:
                return None
            end = ends[0]
        elif end not in ends:
            return None
        if end == "low":
            new = _known_meld("run", (card,) + cards, meld.owner, (start - 1, suit))
        else:
            new = _known_meld("run", cards + (card,), meld.owner, (start, suit))
    i = hand.index(card)
    hands = list(hands)
    hands[p] = hand[:i] + hand[i + 1:]
    table = list(table)
    table[m] = new
    nd = d.copy()
    nd["hands"] = tuple(hands)
    nd["table"] = tuple(table)
    return _successor(nd, d, ((LaidOff, p, card, m, end, new),))


def _light_meld(d: dict, action) -> Game | None:
    """Rules 11, 13 (:meth:`_Draft.check_melds`, :meth:`_Draft.meld`) when the player keeps a card."""
    if d["phase"] != "play" or "_events" not in d:
        return None
    p, hands, melds = d["active_player"], d["hands"], action.melds
    hand = list(hands[p])
    try:
        for m in melds:
            for c in m.cards:
                hand.remove(c)
    except ValueError:                      # a card not held (enough times)
        return None
    if not hand:                            # goes out
        return None
    first = not d["met"][p]
    if first and not _meets(melds, d["deals"][d["deal_index"]]):
        return None
    table = d["table"]
    new = tuple([_known_meld(m.kind, m.cards, p, m._place) for m in melds])    # m.owned_by(p)
    hands = list(hands)
    hands[p] = tuple(hand)
    nd = d.copy()
    nd["hands"] = tuple(hands)
    nd["table"] = table + new
    if first:
        met = list(d["met"])
        met[p] = True
        nd["met"] = tuple(met)
    return _successor(nd, d, ((Melded, p, new, len(table), first),))


_SLOTS = {deal: tuple((kind, sum(1 for k, _ in need if k == kind), min(n for k, n in need if k == kind))
                      for kind in ("set", "run") if any(k == kind for k, _ in need))
          for deal, need in CONTRACTS.items()}


def _meets(melds, deal: int) -> bool:
    """``contract_problem(melds, deal) is None`` for Meld values (valid melds: rules 7-9), by
    counting: each kind's slots need as many melds of at least the kind's smallest size."""
    for kind, slots, size in _SLOTS[deal]:
        if sum(1 for m in melds if m.kind == kind and len(m.cards) >= size) < slots:
            return False
    return True


def _light_replace(d: dict, action) -> Game | None:
    """Rule 14 (:meth:`_Draft.replace`): the replacement, then its lay-off or meld by the light
    step (None, and so the draft from this state, if either would be refused or go out)."""
    if d["phase"] != "play" or "_events" not in d:
        return None
    p, hands, nat, m, follow = d["active_player"], d["hands"], action.card, action.meld, action.then
    hand = hands[p]
    if not d["met"][p] or nat not in hand:
        return None
    table = d["table"]
    if not 0 <= m < len(table):
        return None
    kind = type(follow)
    if kind is LayOff:
        if follow.meld == m:                # rule 14: not back onto the same meld
            return None
    elif kind is not MeldDown:
        return None
    try:
        new, freed = table[m].replace(nat, action.wild)
    except IllegalAction:
        return None
    if (freed not in follow.cards) if kind is MeldDown else (follow.card != freed):
        return None
    i = hand.index(nat)
    hand = hand[:i] + hand[i + 1:]
    j = bisect_right(hand, freed)
    hands = list(hands)
    hands[p] = hand[:j] + (freed,) + hand[j:]
    table = list(table)
    table[m] = new
    nd = d.copy()
    nd["hands"] = tuple(hands)
    nd["table"] = tuple(table)
    mid = _successor(nd, d, ((Replaced, p, m, freed, nat),))
    return _LIGHT[kind](mid.__dict__, follow)


_LIGHT = {Take: _light_take, Push: _light_push, Discard: _light_discard, LayOff: _light_layoff,
          MeldDown: _light_meld, Replace: _light_replace}
