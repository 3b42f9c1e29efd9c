"""The rules of Push (push-your-luck) as an immutable state: ``Game.new``, ``legal_actions``, ``apply``.

Rule numbers refer to ``docs/rules/push-your-luck.md``; choices where the rules
are silent are in ``docs/decisions.md``.

>>> g = Game.new(2, deck="R3 B5 R4 G1", rolls="*")
>>> g = g.apply("draw").apply("place 0").apply("draw")
>>> g.legal_actions()
['place 0', 'place 1']
>>> g = g.apply("place 0").apply("stop").apply("take 0")
>>> g.benches[0], g.phase, g.current_player
((Card('R3'), Card('B5')), 'turn', 1)
>>> g.log[-1]
'Ann takes column 1: R3 B5'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from pushlab.checks import is_whole
from pushlab.seeding import make_rng
from pushlab.errors import IllegalAction, ParseError, SetupError
from pushlab.i18n import _
from pushlab.i18n.events import log_lines
from pushlab.i18n.forms import colour_name
from pushlab.luck.cards import (
    COLOUR_NAMES,
    COLOURS,
    DIE_FACES,
    STAR,
    SWITCH,
    Card,
    format_cards,
    full_deck,
    parse_cards,
    parse_rolls,
)
from pushlab.luck.rules import MAX_COLUMNS, busts, card_fits
from pushlab.luck.events import (Banked, Busted, ColumnsDiscarded, GameOver, PileEmpty, Placed, Rolled, Stopped,
                                 SwitchDrawn, TookColumn)

DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
PHASES = ("turn", "place", "push", "collect", "over")
SWITCH_RULES = ("turn", "game")
_COLOUR_BY_NAME = {name: c for c, name in COLOUR_NAMES.items()}


@dataclass(frozen=True)
class Game:
    """A state of a game of Push (push-your-luck); an immutable value.

    Build one with :meth:`Game.new`, move with :meth:`apply`.

    >>> g = Game.new(["Ann", "Ben", "Cat"], seed=1)
    >>> g.num_players, g.phase, g.current_player, g.draw_pile_size
    (3, 'turn', 0, 120)
    >>> g.legal_actions()
    ['draw']
    """

    players: tuple
    harder: bool
    switch_cards: bool
    phase: str
    active_player: int
    collector: int | None
    pending: Card | None
    columns: tuple
    benches: tuple
    banks: tuple
    draw_pile: tuple
    discard_pile: tuple
    switches_drawn: int
    events: tuple
    die: str
    die_index: int
    turn: int = 1
    switch_rule: str = "turn"
    switch_pile: tuple = ()

    #: the protocol's facts (:mod:`pushlab.protocol`): the top score wins; every action is listed
    LOW_SCORE_WINS: ClassVar[bool] = False
    UNLISTED_VERBS: ClassVar[frozenset] = frozenset()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players=4, *, seed=None, deck=None, rolls=None, harder=False,
            switch_cards=None, switch_rule="turn") -> Game:
        """Set up a game (rules 1-4, 10, 19, 20); see ``docs/luck-api.md``.

        ``players``: 2..6 or a sequence of distinct names. ``seed``: int, None or a
        ``numpy.random.Generator``. ``deck``: scripted draw pile, top card first.
        ``rolls``: scripted die faces, used before the generator's.
        ``switch_rule``: how long a switch card's reversal lasts (rule 10): ``"turn"``
        (default: this turn only) or ``"game"`` (the seeds' wording: a lasting switch
        pile whose top card sets the direction until the next switch card).

        >>> Game.new(2).draw_pile_size, Game.new(2, switch_cards=True).draw_pile_size
        (108, 120)
        >>> Game.new(7)
        Traceback (most recent call last):
        ...
        pushlab.errors.SetupError: Push needs 2 to 6 players, got 7
        >>> Game.new(4, switch_rule="round")
        Traceback (most recent call last):
        ...
        pushlab.errors.SetupError: switch_rule must be 'turn' (a switch card reverses collection for this turn only) or 'game' (the direction lasts until the next switch card), got 'round'
        """
        switch_rule = check_switch_rule(switch_rule)
        names = _player_names(players)
        if switch_cards is None:
            switch_cards = len(names) > 2
        if not all(isinstance(x, (bool, np.bool_)) for x in (harder, switch_cards)):
            raise SetupError(_("harder and switch_cards must be True or False, got "
                               "harder={harder}, switch_cards={switch_cards}").format(
                                   harder=repr(harder), switch_cards=repr(switch_cards)))
        harder, switch_cards = bool(harder), bool(switch_cards)
        rng = make_rng(seed)
        if deck is None:
            cards = full_deck(switch_cards)
            pile = tuple(cards[i] for i in rng.permutation(len(cards)))
        else:
            pile = parse_cards(deck)
            if not switch_cards and SWITCH in pile:
                raise SetupError(_("the scripted deck holds a switch card but this game has none "
                                   "(pass switch_cards=True to keep them)"))
        scripted = parse_rolls(rolls) if rolls is not None else ()
        # Every roll uses up a distinct card (a bust card or a taken roll card), so
        # len(pile) generated faces after the scripted ones always suffice.
        drawn = rng.integers(0, len(DIE_FACES), size=len(pile))
        die = "".join(scripted) + "".join(DIE_FACES[i] for i in drawn)
        n = len(names)
        draft = _Draft(
            players=names, harder=harder, switch_cards=switch_cards, phase="turn",
            active_player=0, collector=None, pending=None, columns=[],
            benches=[[] for _ in range(n)], banks=[[] for _ in range(n)],
            draw_pile=pile, discard_pile=[], switches_drawn=0, events=[], die=die,
            die_index=0, turn=1, switch_rule=switch_rule, switch_pile=[])
        if not pile:
            draft.game_over()
        return draft.freeze()

    # ------------------------------------------------------------------ views
    @property
    def log(self) -> tuple:
        """The event log in English, one sentence per event (:mod:`pushlab.i18n.events` writes any language).

        >>> Game.new(2, deck="R3", rolls="*").apply("draw").apply("place 0").log
        ('Ann draws R3 and starts column 1',)
        """
        d = self.__dict__
        log = d.get("_log")
        if log is None:
            log = d["_log"] = tuple(log_lines(self.events, self.players, "en"))
        return log

    def __getstate__(self):
        """The fields only (not the English log kept after its first use)."""
        return {k: v for k, v in self.__dict__.items() if k != "_log"}

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def current_player(self) -> int | None:
        """Who must decide now: the collector while collecting, else the active player."""
        if self.phase == "over":
            return None
        if self.phase == "collect":
            return self.collector
        return self.active_player

    @property
    def direction(self) -> int:
        """Collection direction now (rule 10): +1 clockwise, -1 counter-clockwise.

        The parity of the switch pile: this turn's switch cards under
        ``switch_rule="turn"``, every switch card drawn so far under ``"game"``.

        >>> g = Game.new(3, deck="switch R1 B2 G3", rolls="*", switch_rule="game")
        >>> for a in ["draw", "draw", "place 0", "draw", "place 1", "stop", "take 0"]:
        ...     g = g.apply(a)
        >>> g = g.apply("take 0")          # Ann, then Cat (counter-clockwise): turn 2
        >>> g.turn, g.direction, g.switch_pile
        (2, -1, (Card('switch'),))
        """
        return -1 if len(self.switch_pile) % 2 else 1

    @property
    def direction_lasts(self) -> bool:
        """True when the direction carries over to later turns (``switch_rule="game"``)."""
        return self.switch_rule == "game"

    @property
    def draw_pile_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self.draw_pile)

    @property
    def is_over(self) -> bool:
        """True when the game has ended (rule 16)."""
        return self.phase == "over"

    @property
    def set_aside(self) -> tuple:
        """The switch cards drawn this turn (rule 10); they lie on :attr:`switch_pile`."""
        return (SWITCH,) * self.switches_drawn

    def direction_text(self) -> str:
        """The collection direction in words, saying how long it lasts (rule 10).

        >>> Game.new(3, seed=0).direction_text()
        'clockwise (switch cards count for one turn)'
        >>> Game.new(3, seed=0, switch_rule="game").direction_text()
        'clockwise (lasts until the next switch card)'
        """
        way = "counter-clockwise" if self.direction < 0 else "clockwise"
        if self.direction_lasts:
            return f"{way} (lasts until the next switch card)"
        return f"{way} (switch cards count for one turn)"

    def scores(self) -> tuple:
        """Bench plus bank points per player (rule 17).

        >>> Game.new(3, seed=0).scores()
        (0, 0, 0)
        """
        return tuple(sum(c.points for c in bench) + sum(c.points for c in bank)
                     for bench, bank in zip(self.benches, self.banks))

    def winners(self) -> tuple:
        """Indices of the players with the top score; ties share the win (rule 18).

        >>> Game.new(2, seed=0).winners()
        (0, 1)
        """
        scores = self.scores()
        top = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == top)

    def all_cards(self) -> tuple:
        """Every card of the game, wherever it lies (pile, columns, benches, banks, discards, switch pile).

        The same multiset in every state of a game (cards are conserved).

        >>> g = Game.new(2, deck="R3 roll B5")
        >>> sorted(map(str, g.all_cards())) == sorted(map(str, g.apply("draw").all_cards()))
        True
        """
        return (*self.draw_pile, *((self.pending,) if self.pending else ()),
                *(c for col in self.columns for c in col), *(c for b in self.benches for c in b),
                *(c for b in self.banks for c in b), *self.discard_pile, *self.switch_pile)

    def observation(self, player: int) -> Observation:
        """What ``player`` may see: everything but the order of the draw pile and the die's rolls.

        >>> o = Game.new(3, seed=2).observation(1)
        >>> o.player, o.current_player, o.draw_pile_size, o.legal_actions
        (1, 0, 120, ())
        """
        mine = self.current_player == player
        return Observation(
            player=player, players=self.players, harder=self.harder,
            switch_cards=self.switch_cards, phase=self.phase, active_player=self.active_player,
            current_player=self.current_player, collector=self.collector, pending=self.pending,
            columns=self.columns, benches=self.benches, banks=self.banks,
            discard_pile=self.discard_pile, draw_pile_size=self.draw_pile_size,
            pile_counts=tuple(sorted(self.pile_counts().items(), key=lambda kv: str(kv[0]))),
            set_aside=self.set_aside, direction=self.direction, turn=self.turn,
            scores=self.scores(), events=self.events,
            legal_actions=tuple(self.legal_actions()) if mine else ())

    def pile_counts(self) -> Counter:
        """The make-up of the draw pile: ``Counter`` of card -> copies.

        >>> Game.new(2, deck="R3 R3 roll").pile_counts()
        Counter({Card('R3'): 2, Card('roll'): 1})
        """
        return Counter(self.draw_pile)

    def fits(self, card, column: int) -> bool:
        """True when ``card`` may go into existing column ``column`` (rules 8, 9).

        >>> g = Game.new(2, deck="R3 B3")
        >>> g.apply("draw").apply("place 0").apply("draw").fits(Card.parse("B3"), 0)
        False
        """
        return card_fits(Card.parse(card), self.columns[column])

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list:
        """The legal actions now, in a stable order; empty when the game is over.

        >>> Game.new(2, deck="R3 B3").apply("draw").legal_actions()
        ['place 0']
        """
        phase = self.phase
        if phase == "turn":
            bench = self.benches[self.active_player]
            have = {c.colour for c in bench}
            return ["draw"] + [f"bank {c}" for c in COLOURS if c in have]
        if phase == "place":
            return [f"place {i}" for i in _placements(self.pending, self.columns)]
        if phase == "push":
            return (["draw"] if self.draw_pile else []) + (["stop"] if self.columns else [])
        if phase == "collect":
            return [f"take {i}" for i in range(len(self.columns))]
        return []

    def apply(self, action: str) -> Game:
        """Return the state after ``action``; ``self`` is unchanged.

        Illegal or malformed actions raise :class:`~pushlab.errors.IllegalAction`.

        >>> g = Game.new(2, deck="R3")
        >>> g.apply("stop")
        Traceback (most recent call last):
        ...
        pushlab.errors.IllegalAction: cannot 'stop' now: Ann must draw (nothing to bank); legal actions: draw
        """
        canon = self._canonical(action)
        verb, _, arg = canon.partition(" ")
        draft = _Draft.of(self)
        if verb == "draw":
            draft.draw()
        elif verb == "bank":
            draft.bank(arg)
        elif verb == "place":
            draft.place(int(arg))
        elif verb == "stop":
            draft.stop()
        else:
            draft.take(int(arg))
        return draft.freeze()

    def canonical(self, action) -> str:
        """The legal action ``action`` spells, in canonical form; else IllegalAction.

        >>> Game.new(2, deck="R3").canonical("  DRAW ")
        'draw'
        """
        return self._canonical(action)

    def _canonical(self, action) -> str:
        """Normalise an action string and check it is legal, else raise IllegalAction."""
        legal = self.legal_actions()
        if not isinstance(action, str):
            self._refuse(action, _("an action must be a string such as 'draw', not {action}").format(
                action=repr(action)), legal)
        words = action.split()
        if not words:
            self._refuse(action, _("empty action"), legal)
        verb = words[0].lower()
        args = words[1:]
        if verb == "bank" and len(args) == 1:
            arg = args[0]
            arg = _COLOUR_BY_NAME.get(arg.lower(), arg.upper())
            canon = f"bank {arg}"
        elif verb in ("place", "take") and len(args) == 1 and args[0].isascii() and args[0].isdigit():
            canon = f"{verb} {args[0].lstrip('0') or '0'}"  # no int(): it refuses huge strings
        else:
            canon = " ".join([verb] + args)
        if canon in legal:
            return canon
        self._refuse(action, self._diagnose(verb, args), legal)

    def _refuse(self, action, problem, legal):
        """Raise IllegalAction naming the problem and listing the legal actions."""
        listed = ", ".join(legal) if legal else _("none (the game is over)")
        error = IllegalAction(_("{problem}; legal actions: {actions}").format(problem=problem, actions=listed),
                              action=action, legal=legal)
        error.lists_legal = True          # the message already names the legal actions
        raise error

    def _diagnose(self, verb, args) -> str:
        """Explain why an action that is not in legal_actions() is refused."""
        shape = {"draw": 0, "stop": 0, "bank": 1, "place": 1, "take": 1}
        text = " ".join([verb] + args)
        quoted = repr(text)
        if verb not in shape:
            return _("unknown action {action} (actions are draw, bank C, place i, stop, take i)").format(
                action=quoted)
        if len(args) != shape[verb]:
            form = {0: verb, 1: f"{verb} C" if verb == "bank" else f"{verb} i"}[shape[verb]]
            return _("malformed action {action} (expected '{form}')").format(action=quoted, form=form)
        if self.phase == "over":
            return _("cannot {action}: the game is over").format(action=quoted)
        who = self.players[self.current_player]
        wanted = {"draw": ("turn", "push"), "bank": ("turn",), "place": ("place",),
                  "stop": ("push",), "take": ("collect",)}[verb]
        if self.phase not in wanted:
            return _("cannot {action} now: {waiting}").format(action=quoted, waiting=self.waiting_for())
        if verb == "draw":
            return _("cannot 'draw': the draw pile is empty, {who} must stop").format(who=who)
        if verb == "stop":
            return _("cannot 'stop' now: {who} must draw (no column yet)").format(who=who)
        if verb == "bank":
            colour = _COLOUR_BY_NAME.get(args[0].lower(), args[0].upper())
            if colour not in COLOURS:
                return _("malformed action {action}: {arg} is not a colour (R B G Y P)").format(
                    action=quoted, arg=repr(args[0]))
            return _("cannot {action}: {who} has no {colour} card on the bench").format(
                action=quoted, who=who, colour=colour_name(colour))
        if not (args[0].isascii() and args[0].isdigit()):
            return _("malformed action {action}: {arg} is not a column number").format(
                action=quoted, arg=repr(args[0]))
        digits = args[0].lstrip("0") or "0"
        i = int(digits) if len(digits) < 10 else 10**9  # int() refuses very long strings
        n = len(self.columns)
        if verb == "take":
            return _("cannot {action}: there is no column {column} (columns are 0..{last})").format(
                action=quoted, column=digits, last=n - 1)
        if i > n or i >= MAX_COLUMNS:
            limit = (_("no more than 3 columns") if n == MAX_COLUMNS
                     else _("the next new column is {n}").format(n=n))
            return _("cannot {action}: there is no column {column} ({limit})").format(
                action=quoted, column=digits, limit=limit)
        clash = _clash(self.pending, self.columns[i])
        return _("cannot {action}: {card} does not fit column {column}, which holds {clash}").format(
            action=quoted, card=self.pending, column=i + 1, clash=clash)

    def waiting_for(self) -> str:
        """A short description of the decision the game waits for."""
        who = self.players[self.current_player]
        if self.phase == "turn":
            bench = self.benches[self.active_player]
            return (_("{who} must draw or bank") if bench
                    else _("{who} must draw (nothing to bank)")).format(who=who)
        if self.phase == "place":
            return _("{who} must place {card}").format(who=who, card=self.pending)
        if self.phase == "push" and not self.draw_pile:
            return _("{who} must stop (the draw pile is empty)").format(who=who)
        if self.phase == "push":
            return (_("{who} must draw again or stop") if self.columns
                    else _("{who} must draw again")).format(who=who)
        return _("{who} must take a column").format(who=who)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        cols = " | ".join(format_cards(c) for c in self.columns) or "-"
        if self.is_over:
            where = "over"
        else:
            where = f"{self.players[self.current_player]} to {self.phase}"
        return (f"<Game {self.num_players} players, turn {self.turn}, {where}, "
                f"columns [{cols}], pile {self.draw_pile_size}>")

    def describe(self) -> str:
        """A plain-text table of the whole visible state, for terminals.

        >>> print(Game.new(2, deck="R3 B4").apply("draw").describe())
        Push (push-your-luck), 2 players; turn 1, draw pile 1, discard pile 0
        Ann draws R3: must place it (place 0)
        Columns:  -
        Pending:  R3
        Collection: clockwise
        Player  Bench  Bank  Score
        Ann *   -      -         0
        Ben     -      -         0
        """
        lines = [f"Push (push-your-luck), {self.num_players} players"
                 f"{', harder' if self.harder else ''}; turn {self.turn}, "
                 f"draw pile {self.draw_pile_size}, discard pile {len(self.discard_pile)}"]
        if self.is_over:
            lines.append(self.log[-1] if self.log else "The game is over")
        elif self.phase == "place":
            lines.append(f"{self.players[self.active_player]} draws {self.pending}: must place it "
                         f"({', '.join(self.legal_actions())})")
        else:
            lines.append(f"{self.waiting_for()} ({', '.join(self.legal_actions())})")
        cols = [f"{i + 1}: {format_cards(c)}" for i, c in enumerate(self.columns)]
        lines.append("Columns:  " + ("   ".join(cols) if cols else "-"))
        if self.pending is not None:
            lines.append(f"Pending:  {self.pending}")
        way = "counter-clockwise" if self.direction < 0 else "clockwise"
        n = len(self.switch_pile)
        if self.direction_lasts:
            extra = f"; switch pile {n}, lasts until the next switch card"
        else:
            extra = f" ({n} switch card{'s' if n > 1 else ''} set aside)" if n else ""
        lines.append(f"Collection: {way}{extra}")
        benches = [format_cards(b) or "-" for b in self.benches]
        banks = [format_cards(b) or "-" for b in self.banks]
        names = [n + (" *" if i == self.current_player else "") for i, n in enumerate(self.players)]
        wn = max(6, *map(len, names))
        wb = max(5, *map(len, benches))
        wk = max(4, *map(len, banks))
        lines.append(f"{'Player':<{wn}}  {'Bench':<{wb}}  {'Bank':<{wk}}  Score")
        for name, bench, bank, score in zip(names, benches, banks, self.scores()):
            lines.append(f"{name:<{wn}}  {bench:<{wb}}  {bank:<{wk}}  {score:>5}")
        return "\n".join(line.rstrip() for line in lines)

    def __str__(self) -> str:
        return self.describe()


# ---------------------------------------------------------------------- rules helpers
def _clash(card: Card, column) -> str:
    """The cards of ``column`` that keep ``card`` out of it, in words."""
    if card.is_roll:
        return _("a roll card already")
    bad = [c for c in column if c.is_number and (c.colour == card.colour or c.number == card.number)]
    return format_cards(bad)


def _placements(card: Card, columns) -> list:
    """Column indices where ``card`` may go, ``len(columns)`` meaning a new column."""
    spots = [i for i, col in enumerate(columns) if card_fits(card, col)]
    if len(columns) < MAX_COLUMNS:
        spots.append(len(columns))
    return spots


def check_switch_rule(switch_rule) -> str:
    """``switch_rule`` if it is ``"turn"`` or ``"game"`` (rule 10), else SetupError naming both.

    >>> check_switch_rule("game")
    'game'
    """
    if not isinstance(switch_rule, str) or switch_rule not in SWITCH_RULES:
        raise SetupError(_("switch_rule must be 'turn' (a switch card reverses collection "
                           "for this turn only) or 'game' (the direction lasts until the "
                           "next switch card), got {value}").format(value=repr(switch_rule)))
    return switch_rule


def _player_names(players) -> tuple:
    """Validate ``players`` (a count or names) and return the tuple of names."""
    if is_whole(players):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SetupError(_("Push needs {low} to {high} players, got {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=players))
        return DEFAULT_NAMES[:int(players)]
    if isinstance(players, (str, bytes)) or not hasattr(players, "__iter__"):
        raise SetupError(_("players must be a number 2..6 or a list of names, got {value}").format(
            value=repr(players)))
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(_("Push needs {low} to {high} players, got {n}: {names}").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(names), names=repr(names)))
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise SetupError(_("player names must be non-empty strings, got {names}").format(names=repr(names)))
    if len(set(names)) != len(names):
        raise SetupError(_("player names must be distinct, got {names}").format(names=repr(names)))
    return names


def _sort_cards(cards) -> None:
    """Sort a bench in place by colour then number (rule 14)."""
    cards.sort(key=lambda c: c._key)


class _Draft:
    """A mutable scratch copy of a Game used while one action is resolved."""

    __slots__ = ("players", "harder", "switch_cards", "phase", "active_player", "collector",
                 "pending", "columns", "benches", "banks", "draw_pile", "discard_pile",
                 "switches_drawn", "events", "die", "die_index", "turn", "switch_rule",
                 "switch_pile")

    def __init__(self, **fields):
        for name, value in fields.items():
            setattr(self, name, value)

    @classmethod
    def of(cls, g: Game) -> _Draft:
        """A draft copying ``g`` (lists where the draft mutates)."""
        return cls(
            players=g.players, harder=g.harder, switch_cards=g.switch_cards, phase=g.phase,
            active_player=g.active_player, collector=g.collector, pending=g.pending,
            columns=[list(c) for c in g.columns], benches=[list(b) for b in g.benches],
            banks=[list(b) for b in g.banks], draw_pile=g.draw_pile,
            discard_pile=list(g.discard_pile), switches_drawn=g.switches_drawn,
            events=list(g.events), die=g.die, die_index=g.die_index, turn=g.turn,
            switch_rule=g.switch_rule, switch_pile=list(g.switch_pile))

    def freeze(self) -> Game:
        """The immutable Game for this draft."""
        return Game(
            players=self.players, harder=self.harder, switch_cards=self.switch_cards,
            phase=self.phase, active_player=self.active_player, collector=self.collector,
            pending=self.pending, columns=tuple(tuple(c) for c in self.columns),
            benches=tuple(tuple(b) for b in self.benches),
            banks=tuple(tuple(b) for b in self.banks), draw_pile=self.draw_pile,
            discard_pile=tuple(self.discard_pile), switches_drawn=self.switches_drawn,
            events=tuple(self.events), die=self.die, die_index=self.die_index, turn=self.turn,
            switch_rule=self.switch_rule, switch_pile=tuple(self.switch_pile))

    # -- helpers
    @property
    def name(self) -> str:
        """Name of the active player."""
        return self.players[self.active_player]

    @property
    def direction(self) -> int:
        """Collection direction (rule 10): the parity of the switch pile."""
        return -1 if len(self.switch_pile) % 2 else 1

    def roll(self) -> str:
        """Next pre-drawn die face; past the end, a fixed cycle keeps it deterministic."""
        i = self.die_index
        self.die_index = i + 1
        return self.die[i] if i < len(self.die) else DIE_FACES[i % len(DIE_FACES)]

    def roll_and_lose(self, player: int) -> None:
        """Roll the die for ``player`` and discard bench cards as rolled (rules 11, 15, 19)."""
        face = self.roll()
        bench = self.benches[player]
        if face == STAR and not self.harder:
            self.events.append(Rolled(player, face, ()))
            return
        if face == STAR:
            lost, kept = list(bench), []
        else:
            lost = [c for c in bench if c.colour == face]
            kept = [c for c in bench if c.colour != face]
        self.benches[player] = kept
        self.discard_pile.extend(lost)
        self.events.append(Rolled(player, face, tuple(lost), self.harder))

    # -- actions
    def draw(self) -> None:
        """Draw the top card and handle it (rules 7-11)."""
        card, self.draw_pile = self.draw_pile[0], self.draw_pile[1:]
        if card.is_switch:
            self.switches_drawn += 1
            self.switch_pile.append(card)
            self.events.append(SwitchDrawn(self.active_player, self.direction, self.switch_rule == "game"))
            self.phase = "push"
            self.after_push_step()
            return
        if not busts(card, self.columns):
            self.pending = card
            self.phase = "place"
            return
        self.events.append(Busted(self.active_player, card))
        self.discard_pile.append(card)
        self.roll_and_lose(self.active_player)
        self.start_collection((self.active_player + self.direction) % len(self.players))

    def after_push_step(self) -> None:
        """With the pile empty and no column, the turn ends at once (rule 12)."""
        if not self.draw_pile and not self.columns:
            self.events.append(PileEmpty(self.active_player))
            self.end_turn()

    def place(self, i: int) -> None:
        """Put the pending card in column ``i`` (rules 8, 9)."""
        card, self.pending = self.pending, None
        new = i == len(self.columns)
        if new:
            self.columns.append([card])
        else:
            self.columns[i].append(card)
        self.events.append(Placed(self.active_player, card, i, new))
        self.phase = "push"

    def bank(self, colour: str) -> None:
        """Bank every bench card of ``colour`` and end the turn (rule 6)."""
        p = self.active_player
        moved = [c for c in self.benches[p] if c.colour == colour]
        self.benches[p] = [c for c in self.benches[p] if c.colour != colour]
        self.banks[p].extend(moved)
        _sort_cards(self.banks[p])
        self.events.append(Banked(p, colour, tuple(moved)))
        self.end_turn()

    def stop(self) -> None:
        """Stop pushing; collection starts with the active player (rules 12, 13)."""
        self.events.append(Stopped(self.active_player))
        self.start_collection(self.active_player)

    def start_collection(self, first: int) -> None:
        """Begin collecting with player ``first`` (or end it if nobody may collect)."""
        self.collector = first
        self.phase = "collect"
        if not self.columns:
            self.end_collection()

    def take(self, i: int) -> None:
        """The collector takes column ``i``; a roll card in it is rolled (rules 13, 15)."""
        p = self.collector
        column = self.columns.pop(i)
        self.events.append(TookColumn(p, i, tuple(column)))
        numbers = [c for c in column if c.is_number]
        rolls = [c for c in column if not c.is_number]
        self.benches[p].extend(numbers)
        _sort_cards(self.benches[p])
        for card in rolls:
            self.roll_and_lose(p)
            self.discard_pile.append(card)
        nxt = (p + self.direction) % len(self.players)
        if not self.columns or nxt == self.active_player:
            self.end_collection()
        else:
            self.collector = nxt

    def end_collection(self) -> None:
        """Discard the columns nobody took and end the turn (rule 13)."""
        if self.columns:
            self.events.append(ColumnsDiscarded(tuple(tuple(c) for c in self.columns)))
            for column in self.columns:
                self.discard_pile.extend(column)
            self.columns = []
        self.collector = None
        self.end_turn()

    def end_turn(self) -> None:
        """Discard this turn's switch cards (rule 10, unless they last the game); next
        player clockwise, or the game ends (rules 4, 16)."""
        if self.switch_rule == "turn" and self.switch_pile:
            self.discard_pile.extend(self.switch_pile)
            self.switch_pile = []
        self.switches_drawn = 0
        self.pending = None
        if not self.draw_pile:
            self.game_over()
            return
        self.active_player = (self.active_player + 1) % len(self.players)
        self.turn += 1
        self.phase = "turn"

    def game_over(self) -> None:
        """End the game and log the winners (rules 16-18)."""
        self.phase = "over"
        self.collector = None
        scores = [sum(c.points for c in b) + sum(c.points for c in k)
                  for b, k in zip(self.benches, self.banks)]
        top = max(scores)
        self.events.append(GameOver(tuple(i for i, s in enumerate(scores) if s == top), top))


@dataclass(frozen=True)
class Observation:
    """What one player may see (:meth:`Game.observation`): the public state and the pile's make-up."""

    player: int
    players: tuple
    harder: bool
    switch_cards: bool
    phase: str
    active_player: int
    current_player: int | None
    collector: int | None
    pending: Card | None
    columns: tuple
    benches: tuple
    banks: tuple
    discard_pile: tuple
    draw_pile_size: int
    pile_counts: tuple
    set_aside: tuple
    direction: int
    turn: int
    scores: tuple
    events: tuple
    legal_actions: tuple

    @property
    def log(self) -> tuple:
        """The event log in English (:attr:`Game.log`)."""
        return tuple(log_lines(self.events, self.players, "en"))
