"""Perfect play in small games of Push (push-your-luck): exact win probabilities, to the last card.

The whole game is far too large to solve, but a two-player game on a small deck is not.
The game always moves forward (every turn draws a card or banks a bench card), so it is
a finite acyclic tree of decisions and chance: memoised expectimax computes, for every
state, the probability that the player to move wins when both players play perfectly
from there on (a tie counts as half a win), and the value of every legal action.

- :class:`SmallDeck`: the reduced deck and options (colours, numbers, copies, roll and
  switch cards, the die, the harder option, the switch-card reading). Its
  :meth:`~SmallDeck.new_game` deals a real :class:`~pushlab.luck.game.Game` the engine plays.
- :func:`solve` returns a :class:`Solution`: :meth:`~Solution.value`,
  :meth:`~Solution.best` and :meth:`~Solution.action_values` of any state of such a game
  (a ``Game``), :attr:`~Solution.states` (how many distinct states were solved) and
  :attr:`~Solution.seconds`.

**The model.** The solver reads the public state only: the make-up of the draw pile
(what a card counter knows; its order is unknown), the columns, the pending card, both
benches and the bank points. The next card is drawn uniformly from the pile's make-up and
each die face has the same chance. The rules are the engine's (:mod:`pushlab.luck.game`):
the transitions are written again here on small ints for speed (cards and column masks of
:mod:`pushlab.luck.encoding`), and ``tests/test_luck_solve.py`` checks them against
``Game.apply`` on random games. With two players both collection directions lead to the
same player, so switch cards are blank draws under either reading (``switch_rule``).

**Symmetries.** Two states that differ only by a relabelling of the deck's colours (the
deck treats every colour alike; the die must too), by the order of the columns or of the
cards in a column, or by which seat is which, have the same value. The memo key folds them
(the canonical form is the smallest relabelling), and the discard pile and the cards in
the banks are forgotten (only the bank points difference matters).

**Numbers.** Floating point by default; ``exact=True`` keeps every value as an exact
:class:`~fractions.Fraction` (slower: use it for small decks).

>>> deck = SmallDeck(colours=2, numbers=1, copies=2, rolls=1)
>>> print(deck)
2 colours (RB) x numbers 1 x 2 copies + 1 roll card, die RBGYP*: 5 cards
>>> sol = solve(deck, exact=True)
>>> sol.states, sol.start_value       # the first player wins 3 in 5 (ties half) with perfect play
(939, Fraction(3, 5))
>>> g = deck.new_game(seed=0).apply("draw").apply("place 0")
>>> g.columns
((Card('B1'),),)
>>> sol.action_values(g, exact=True)
{'draw': Fraction(19, 48), 'stop': Fraction(29, 48)}
>>> sol.best(g), round(sol.value(g), 4)
('stop', 0.6042)
"""

from __future__ import annotations

import gc
import itertools
import math
import operator
import sys
import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pushlab.errors import IllegalAction, SetupError, TooLarge
from pushlab.luck.cards import COLOURS, DIE_FACES, ROLL, STAR, SWITCH, Card, format_cards, parse_rolls
from pushlab.luck.encoding import CARD_BITS, CODE_CARDS, CODE_OF, CODE_POINTS, ROLL_CODE, SWITCH_CODE
from pushlab.luck.game import Game, check_switch_rule
from pushlab.luck.rules import MAX_COLUMNS

__all__ = ["SmallDeck", "Solution", "solve", "OptimalBot", "MAX_STATES"]

#: The default limit of :func:`solve`: a deck whose estimated state count exceeds it is
#: refused before any work (about 2.5 GB of memory and 2 to 6 minutes of one core here;
#: pass ``max_states`` to change; docs/solve.md).
MAX_STATES = 4_000_000
#: Measured bytes of memory per solved state (the memo dict: key tuple and value; docs/solve.md).
BYTES_PER_STATE = 600
_PLAYERS = ("Ann", "Ben")
_PTS = CODE_POINTS


# ---------------------------------------------------------------------- the deck
@dataclass(frozen=True)
class SmallDeck:
    """A reduced deck and the options of a two-player game to solve.

    ``colours``: how many colours (1..5, the first of ``RBGYP``) or the colour letters;
    ``numbers``: the highest number (numbers 1..n) or the numbers themselves (``"246"``,
    ``(2, 4, 6)``); ``copies`` of each number card (1..3); ``rolls`` roll cards (0..18);
    ``switches`` switch cards (0..12); ``die``: ``"full"`` (the real die ``RBGYP*``: a
    colour the deck lacks hits nothing), ``"match"`` (the deck's colours and a star) or
    the faces themselves (``"RB**"``); each face has the same chance. ``harder`` (a star
    loses the whole bench, rule 19) and ``switch_rule`` are the engine's options.

    >>> d = SmallDeck(colours="RG", numbers="135", copies=2, rolls=2, die="match")
    >>> d.colours, d.numbers, d.faces, len(d.cards)
    ('RG', (1, 3, 5), ('R', 'G', '*'), 14)
    >>> SmallDeck(copies=4)
    Traceback (most recent call last):
    ...
    pushlab.errors.SetupError: copies must be 1..3 (the full deck holds 3 of each number card), got 4
    """

    colours: object = 2
    numbers: object = 3
    copies: int = 1
    rolls: int = 1
    switches: int = 0
    die: str = "full"
    harder: bool = False
    switch_rule: str = "turn"

    def __post_init__(self):
        put = object.__setattr__.__get__(self)
        colours = self.colours
        if _is_int(colours):
            if not 1 <= colours <= len(COLOURS):
                raise SetupError(f"colours must be 1..5 (or letters of RBGYP), got {colours!r}")
            colours = COLOURS[:colours]
        if not isinstance(colours, str) or not colours or len(set(colours.upper())) != len(colours) \
                or any(c not in COLOURS for c in colours.upper()):
            raise SetupError(f"colours must be 1..5 or distinct letters of RBGYP, got {self.colours!r}")
        colours = "".join(c for c in COLOURS if c in colours.upper())
        numbers = self.numbers
        if _is_int(numbers):
            if not 1 <= numbers <= 6:
                raise SetupError(f"numbers must be 1..6 (numbers 1..n) or distinct numbers 1-6, got {numbers!r}")
            numbers = tuple(range(1, numbers + 1))
        try:
            numbers = tuple(sorted(int(n) for n in numbers))
        except (TypeError, ValueError):
            raise SetupError(f"numbers must be 1..6 or distinct numbers 1-6, got {self.numbers!r}") from None
        if not numbers or len(set(numbers)) != len(numbers) or not all(1 <= n <= 6 for n in numbers):
            raise SetupError(f"numbers must be 1..6 or distinct numbers 1-6, got {self.numbers!r}")
        for name, high, why in (("copies", 3, "the full deck holds 3 of each number card"),
                                ("rolls", 18, "the full deck holds 18 roll cards"),
                                ("switches", 12, "the full deck holds 12 switch cards")):
            value = getattr(self, name)
            low = 1 if name == "copies" else 0
            if not _is_int(value) or not low <= value <= high:
                raise SetupError(f"{name} must be {low}..{high} ({why}), got {value!r}")
        if not isinstance(self.harder, (bool, np.bool_)):
            raise SetupError(f"harder must be True or False, got {self.harder!r}")
        die = self.die
        if die == "full":
            faces = tuple(DIE_FACES)
        elif die == "match":
            faces = tuple(colours) + (STAR,)
        else:
            faces = parse_rolls(die) if isinstance(die, str) else ()
            if not faces:
                raise SetupError(f"die must be 'full', 'match' or die faces such as 'RB*', got {die!r}")
        put("colours", colours)
        put("numbers", numbers)
        put("harder", bool(self.harder))
        put("switch_rule", check_switch_rule(self.switch_rule))
        put("faces", faces)

    @property
    def cards(self) -> tuple:
        """The deck in canonical order (number cards by colour and number, roll, switch)."""
        numbers = [Card.parse(f"{c}{n}") for c in self.colours for n in self.numbers
                   for _ in range(self.copies)]
        return tuple(numbers) + (ROLL,) * self.rolls + (SWITCH,) * self.switches

    def __str__(self) -> str:
        nums = self.numbers
        span = (f"{nums[0]}-{nums[-1]}" if len(nums) > 1 and nums == tuple(range(nums[0], nums[-1] + 1))
                else ",".join(map(str, nums)))
        c = len(self.colours)
        parts = [f"{c} colour{'s' * (c > 1)} ({self.colours}) x numbers {span} x {self.copies} "
                 f"cop{'ies' if self.copies > 1 else 'y'}"]
        if self.rolls:
            parts.append(f"{self.rolls} roll card{'s' * (self.rolls > 1)}")
        if self.switches:
            parts.append(f"{self.switches} switch card{'s' * (self.switches > 1)}")
        extra = ", harder" if self.harder else ""
        return f"{' + '.join(parts)}, die {''.join(self.faces)}{extra}: {len(self.cards)} cards"

    def new_game(self, seed=None, players=_PLAYERS) -> Game:
        """A two-player :class:`~pushlab.luck.game.Game` of this deck: shuffled, dice drawn from :attr:`faces`.

        ``seed``: int, None or a numpy Generator.

        >>> g = SmallDeck(colours=2, numbers=2).new_game(seed=3)
        >>> g.draw_pile_size, g.legal_actions()
        (5, ['draw'])
        """
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        cards = self.cards
        pile = [cards[i] for i in rng.permutation(len(cards))]
        rolls = "".join(self.faces[i] for i in rng.integers(0, len(self.faces), size=len(cards) + 2))
        return Game.new(players, deck=pile, rolls=rolls, harder=self.harder,
                        switch_cards=self.switches > 0, switch_rule=self.switch_rule, seed=rng)

    def estimate(self) -> int:
        """A rough estimate of the number of states :func:`solve` visits (within a few times).

        Fitted to measured solves (docs/solve.md): it grows with the ways the number
        cards can be shared between pile, benches, columns and discards, and with the
        bank points.

        >>> SmallDeck(colours=2, numbers=2).estimate() < 10_000
        True
        """
        return _estimate(self)


def _is_int(x) -> bool:
    """True for an int (not a bool)."""
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _estimate(deck: SmallDeck) -> int:
    """Estimated states of ``deck`` (see :meth:`SmallDeck.estimate`)."""
    m = deck.copies
    per_card = math.comb(m + 4, 4)               # copies shared by pile, 2 benches, columns, gone
    numbers = len(deck.colours) * len(deck.numbers)
    points = len(deck.colours) * sum(deck.numbers) * m
    rolls = math.comb(deck.rolls + 2, 2)
    raw = per_card ** numbers * rolls * (deck.switches + 1) * (points + 1)
    return int(_FIT * raw / math.factorial(len(deck.colours)))


_FIT = 0.75


# ---------------------------------------------------------------------- the model (small ints)
class _Model:
    """The deck's cards as codes, the pile as counts by type, benches as points by colour.

    A state is a tuple ``(phase, active, collector, pending, pile, columns, bench0, bench1,
    bank0, bank1)``: phase ``T`` (turn: draw or bank), ``P`` (place), ``U`` (push: draw or
    stop), ``C`` (collect), ``O`` (over); ``pending`` a card code (:mod:`pushlab.luck.encoding`)
    or None; ``pile`` the count of each card type (:attr:`types`); columns sorted tuples of
    codes; a bench its points per colour of the deck (all that matters of a bench: the die
    and banking take whole colours); banks in points.
    """

    def __init__(self, deck: SmallDeck, symmetries: bool = True):
        self.deck = deck
        self.symmetries = symmetries
        codes = sorted({CODE_OF[c.code] for c in deck.cards})
        self.types = tuple(codes)
        self.index = {t: i for i, t in enumerate(codes)}
        counts = Counter(CODE_OF[c.code] for c in deck.cards)
        self.full_pile = tuple(counts[t] for t in codes)
        self.harder = deck.harder
        self.colours = tuple(COLOURS.index(c) for c in deck.colours)   # colour index at each position
        self.nc = len(self.colours)
        self.pos = [COLOURS.index(CODE_CARDS[t].colour) if t < 30 else -1 for t in range(32)]
        self.pos = [self.colours.index(c) if c in self.colours else -1 for c in self.pos]
        # die faces: a bench position, -1 a star, -2 a colour the deck lacks (hits nothing)
        self.faces = tuple(-1 if f == STAR else (self.colours.index(COLOURS.index(f))
                                                 if COLOURS.index(f) in self.colours else -2)
                           for f in deck.faces)
        self.nfaces = len(self.faces)
        self.zero = (0,) * self.nc
        self.perms = self._symmetries()
        self._roll_cache = {}

    def _symmetries(self) -> list:
        """Each colour relabelling that keeps the die alike: (code map, pile getter, bench getter)."""
        face_count = Counter(self.faces)
        out = []
        for perm in itertools.permutations(range(self.nc)):
            if any(face_count[perm[p]] != face_count[p] for p in range(self.nc)):
                continue
            cmap = list(range(32))
            for t in range(30):
                p = self.pos[t]
                if p >= 0:
                    cmap[t] = 6 * self.colours[perm[p]] + t % 6
            pidx = [0] * len(self.types)
            for i, t in enumerate(self.types):
                pidx[self.index[cmap[t]]] = i      # the relabelled pile's type cmap[t] counts t
            vidx = [0] * self.nc
            for p in range(self.nc):
                vidx[perm[p]] = p
            out.append((tuple(cmap), _getter(pidx), _getter(vidx)))
        return out

    # -- the start and conversion from/to the engine
    def start(self) -> tuple:
        """The state before the first draw of a game."""
        return ("T", 0, None, None, self.full_pile, (), self.zero, self.zero, 0, 0)

    def bench(self, cards) -> tuple:
        """Points per deck colour of a bench of cards."""
        v = [0] * self.nc
        for c in cards:
            v[self.pos[CODE_OF[c.code]]] += c.points
        return tuple(v)

    def from_game(self, game) -> tuple:
        """The solver's state of an engine :class:`Game` of this deck (SetupError if it is not one)."""
        if not isinstance(game, Game):
            raise SetupError(f"not a game of Push (push-your-luck): {game!r}")
        if game.num_players != 2 or game.harder != self.harder:
            raise SetupError(f"this solution is for two players{', harder' if self.harder else ''}: "
                             f"got {game.num_players} players, harder={game.harder}")
        whole = Counter(CODE_OF[c.code] for c in game.all_cards())
        if whole != Counter(dict(zip(self.types, self.full_pile))):
            raise SetupError(f"this game is not played with the deck {self.deck}")
        counts = Counter(CODE_OF[c.code] for c in game.draw_pile)
        phase = {"turn": "T", "place": "P", "push": "U", "collect": "C", "over": "O"}[game.phase]
        pending = None if game.pending is None else CODE_OF[game.pending.code]
        cols = tuple(tuple(sorted(CODE_OF[c.code] for c in col)) for col in game.columns)
        b = [self.bench(bench) for bench in game.benches]
        k = [sum(c.points for c in bank) for bank in game.banks]
        return (phase, game.active_player, game.collector, pending,
                tuple(counts[t] for t in self.types), cols, b[0], b[1], k[0], k[1])

    def to_game(self, s, rng=None, players=_PLAYERS) -> Game:
        """An engine :class:`Game` in state ``s``.

        The pile in a shuffled order (``rng``; None: sorted), die faces drawn from the deck's
        die (None: in turn); bench and bank cards chosen among the cards out of play to give
        their points (any such choice has the same value), the rest on the discard pile.

        The value of a state depends on the banks only through their difference (:meth:`key`,
        :meth:`terminal`; no rule reads a bank), and :meth:`state_of_key` keeps only that
        difference, on one seat, which the cards out of play cannot always give (a bank of 2
        when R1 and R3 are out). Then both banks get the same extra points, the fewest the
        cards allow (banks 3 and 1 there): the game has the state's value.
        """
        ph, active, coll, pend, pile, cols, v0, v1, k0, k1 = s
        rest = Counter(dict(zip(self.types, self.full_pile)))
        rest -= Counter(t for i, m in enumerate(pile) for t in [self.types[i]] * m)
        rest -= Counter([t for col in cols for t in col] + ([pend] if pend is not None else []))
        pool = sorted(t for t in rest.elements() if t < 30)
        spare = sum(_PTS[t] for t in pool) - sum(v0) - sum(v1) - k0 - k1   # points for raising both banks
        benches = [(p, v[p]) for v in (v0, v1) for p in range(self.nc)]
        groups = None
        for more in range(max(spare, 0) // 2 + 1):
            groups = _assign(pool, benches + [(None, k0 + more), (None, k1 + more)], self.pos)
            if groups is not None:
                break
        if groups is None:
            raise SetupError(f"no cards out of play give the benches {v0}, {v1} and banks {k0}, {k1} "
                             f"(or both banks with the same extra points)")
        for g in groups:
            rest -= Counter(g)
        nc = self.nc
        b0 = sorted(t for g in groups[:nc] for t in g)
        b1 = sorted(t for g in groups[nc:2 * nc] for t in g)
        banks = (sorted(groups[-2]), sorted(groups[-1]))
        draw = [t for i, m in enumerate(pile) for t in [self.types[i]] * m]
        if rng is not None:
            draw = [draw[i] for i in rng.permutation(len(draw))]
        faces = self.deck.faces
        n_die = len(draw) + 8
        die = "".join(faces[i] for i in (rng.integers(0, len(faces), size=n_die) if rng is not None
                                         else np.arange(n_die) % len(faces)))
        card = CODE_CARDS.__getitem__
        phase = {"T": "turn", "P": "place", "U": "push", "C": "collect", "O": "over"}[ph]
        return Game(players=tuple(players), harder=self.harder, switch_cards=self.deck.switches > 0,
                    phase=phase, active_player=active, collector=coll,
                    pending=None if pend is None else card(pend),
                    columns=tuple(tuple(map(card, col)) for col in cols),
                    benches=(tuple(map(card, b0)), tuple(map(card, b1))),
                    banks=tuple(tuple(map(card, bank)) for bank in banks),
                    draw_pile=tuple(map(card, draw)), discard_pile=tuple(map(card, sorted(rest.elements()))),
                    switches_drawn=0, events=(), die=die, die_index=0, turn=1,
                    switch_rule=self.deck.switch_rule, switch_pile=())

    # -- rules
    def actions(self, s) -> list:
        """The legal actions of ``s`` as (verb, arg) pairs, in the engine's order."""
        ph = s[0]
        if ph == "T":
            v = s[6] if s[1] == 0 else s[7]
            return [("draw", None)] + [("bank", self.colours[p]) for p in range(self.nc) if v[p]]
        if ph == "P":
            t, cols = s[3], s[5]
            bits = CARD_BITS[t]
            spots = [("place", i) for i, col in enumerate(cols) if not _mask(col) & bits]
            if len(cols) < MAX_COLUMNS:
                spots.append(("place", len(cols)))
            return spots
        if ph == "U":
            return ([("draw", None)] if any(s[4]) else []) + ([("stop", None)] if s[5] else [])
        if ph == "C":
            return [("take", i) for i in range(len(s[5]))]
        return []

    def roll(self, v) -> list:
        """The die's outcomes on bench ``v``: [(bench after, faces)], equal benches merged."""
        out = self._roll_cache.get(v)
        if out is None:
            merged = {}
            for f in self.faces:
                if f == -1:
                    after = self.zero if self.harder else v
                elif f == -2 or not v[f]:
                    after = v
                else:
                    after = v[:f] + (0,) + v[f + 1:]
                merged[after] = merged.get(after, 0) + 1
            out = self._roll_cache[v] = list(merged.items())
        return out

    def step(self, s, action) -> tuple:
        """The outcomes of ``action`` in ``s``: ([(weight, next state)], total weight).

        Chance (the card drawn, the die) is resolved up to the next decision or the end.
        """
        verb, arg = action
        ph, active, coll, pend, pile, cols, v0, v1, k0, k1 = s
        if verb == "draw":
            return self._draw(s)
        if verb == "place":
            col = tuple(sorted(cols[arg] + (pend,))) if arg < len(cols) else (pend,)
            cols = cols[:arg] + (col,) + cols[arg + 1:]
            return [(1, ("U", active, None, None, pile, cols, v0, v1, k0, k1))], 1
        if verb == "stop":
            return [(1, ("C", active, active, None, pile, cols, v0, v1, k0, k1))], 1
        if verb == "bank":
            p = self.colours.index(arg)
            v = v0 if active == 0 else v1
            gain, v = v[p], v[:p] + (0,) + v[p + 1:]
            if active == 0:
                v0, k0 = v, k0 + gain
            else:
                v1, k1 = v, k1 + gain
            return [(1, _end_turn(active, pile, v0, v1, k0, k1))], 1
        # take
        col = cols[arg]
        cols = cols[:arg] + cols[arg + 1:]
        v = list(v0 if coll == 0 else v1)
        pos = self.pos
        for t in col:
            if t < 30:
                v[pos[t]] += _PTS[t]
        v = tuple(v)
        outcomes = self.roll(v) if ROLL_CODE in col else [(v, 1)]
        out = []
        total = 0
        end = not cols or 1 - coll == active
        for after, w in outcomes:
            nv0, nv1 = (after, v1) if coll == 0 else (v0, after)
            if end:
                nxt = _end_turn(active, pile, nv0, nv1, k0, k1)
            else:
                nxt = ("C", active, 1 - coll, None, pile, cols, nv0, nv1, k0, k1)
            out.append((w, nxt))
            total += w
        return out, total

    def _draw(self, s) -> tuple:
        """Draw a card: place it, set a switch card aside, or bust (roll, then the other collects)."""
        ph, active, coll, pend, pile, cols, v0, v1, k0, k1 = s
        F = self.nfaces
        out = []
        total = 0
        full = len(cols) >= MAX_COLUMNS
        masks = [_mask(col) for col in cols] if full else ()
        for i, m in enumerate(pile):
            if not m:
                continue
            t = self.types[i]
            rest = pile[:i] + (m - 1,) + pile[i + 1:]
            total += m * F
            if t == SWITCH_CODE:
                if not cols and not any(rest):
                    out.append((m * F, _end_turn(active, rest, v0, v1, k0, k1)))
                else:
                    out.append((m * F, ("U", active, None, None, rest, cols, v0, v1, k0, k1)))
                continue
            bits = CARD_BITS[t]
            if not full or any(not mk & bits for mk in masks):
                out.append((m * F, ("P", active, None, t, rest, cols, v0, v1, k0, k1)))
                continue
            for after, w in self.roll(v0 if active == 0 else v1):   # bust (rule 11)
                nv0, nv1 = (after, v1) if active == 0 else (v0, after)
                out.append((m * w, ("C", active, 1 - active, None, rest, cols, nv0, nv1, k0, k1)))
        return out, total

    # -- the memo key
    def key(self, s) -> tuple:
        """The canonical key of ``s``: the active seat first, the smallest colour relabelling, columns sorted."""
        if not self.symmetries:
            return s[:8] + (s[8] - s[9],)
        ph, active, coll, pend, pile, cols, v0, v1, k0, k1 = s
        if active == 0:
            va, vb, diff = v0, v1, k0 - k1
        else:
            va, vb, diff = v1, v0, k1 - k0
        cflag = ph == "C" and coll == active
        perms = self.perms
        if len(perms) == 1:
            return (ph, cflag, -1 if pend is None else pend, pile, tuple(sorted(cols)), va, vb, diff)
        best, keep = None, []
        for perm in perms:                       # the smallest relabelled pile first (cheap)
            p = perm[1](pile)
            if best is None or p < best:
                best, keep = p, [perm]
            elif p == best:
                keep.append(perm)
        top = None
        for cmap, _, vget in keep:
            cand = (tuple(sorted([tuple(sorted([cmap[t] for t in col])) for col in cols])),
                    vget(va), vget(vb), -1 if pend is None else cmap[pend])
            if top is None or cand < top:
                top = cand
        return (ph, cflag, top[3], best, top[0], top[1], top[2], diff)

    def state_of_key(self, key) -> tuple:
        """A state with this key (seat 0 active; bank points ``(diff, 0)`` or ``(0, -diff)``)."""
        if not self.symmetries:
            diff = key[8]
            return key[:8] + (max(diff, 0), max(-diff, 0))
        ph, cflag, pend, pile, cols, va, vb, diff = key
        coll = (0 if cflag else 1) if ph == "C" else None
        return (ph, 0, coll, None if pend < 0 else pend, pile, cols, va, vb, max(diff, 0), max(-diff, 0))

    def terminal(self, s, one, half):
        """Seat 0's win (1), tie (half) or loss (0) in a finished state."""
        d = sum(s[6]) + s[8] - sum(s[7]) - s[9]
        return one if d > 0 else half if d == 0 else one - one


def _getter(idx):
    """``f(t) = tuple(t[i] for i in idx)`` (fast)."""
    idx = tuple(idx)
    if len(idx) == 1:
        return lambda t: (t[idx[0]],)
    return operator.itemgetter(*idx)


def _mask(col) -> int:
    """The column mask of a tuple of codes (pushlab.luck.encoding)."""
    m = 0
    for t in col:
        m |= CARD_BITS[t]
    return m


def _end_turn(active, pile, v0, v1, k0, k1) -> tuple:
    """The end of a turn: the game is over with the pile empty, else the other player's turn."""
    if not any(pile):
        return ("O", active, None, None, pile, (), v0, v1, k0, k1)
    return ("T", 1 - active, None, None, pile, (), v0, v1, k0, k1)


def _subsets(pool, target, colour, pos):
    """Distinct sub-multisets of the sorted codes ``pool`` (of one bench position ``colour``, or any)
    whose points sum to ``target``."""
    if target == 0:
        yield ()
        return
    seen = set()
    for i, t in enumerate(pool):
        if t in seen or _PTS[t] > target or (colour is not None and pos[t] != colour):
            continue
        seen.add(t)
        for rest in _subsets(pool[i + 1:], target - _PTS[t], colour, pos):
            yield (t,) + rest


def _assign(pool, targets, pos):
    """Disjoint groups of ``pool`` meeting each (bench position or None, points) target, or None."""
    if not targets:
        return []
    (colour, points), rest = targets[0], targets[1:]
    for group in itertools.islice(_subsets(pool, points, colour, pos), 200):
        left = list(pool)
        for t in group:
            left.remove(t)
        tail = _assign(left, rest, pos)
        if tail is not None:
            return [group] + tail
    return None


def _name(action) -> str:
    """The engine's spelling of an internal action."""
    verb, arg = action
    if verb == "bank":
        return f"bank {COLOURS[arg]}"
    return verb if arg is None else f"{verb} {arg}"


def _parse(action: str) -> tuple:
    """The internal form of an engine action string (already canonical)."""
    verb, _, arg = action.partition(" ")
    if verb == "bank":
        return verb, COLOURS.index(arg)
    return verb, (int(arg) if arg else None)


# ---------------------------------------------------------------------- solving
class _Solver:
    """Memoised expectimax over canonical keys; values are seat 0's (the active player's) of the key."""

    def __init__(self, model: _Model, exact: bool, progress, estimate: int, every: int = 20_000):
        self.model = model
        self.memo = {}
        self.one = Fraction(1) if exact else 1.0
        self.half = Fraction(1, 2) if exact else 0.5
        self.exact = exact
        self.progress = progress
        self.estimate = estimate
        self.every = every
        self._next_report = every

    def win0(self, s):
        """Seat 0's value of state ``s`` (solving what is not in the memo yet)."""
        ph = s[0]
        if ph == "O":
            return self.model.terminal(s, self.one, self.half)
        if ph == "P":                  # reached by one draw only: solved on the fly, not stored
            return self.node(s)
        key = self.model.key(s)
        v = self.memo.get(key)
        if v is None:
            w = self.node(s)
            v = w if s[1] == 0 else self.one - w
            memo = self.memo
            memo[key] = v
            if self.progress is not None and len(memo) >= self._next_report:
                self._next_report += self.every
                self.progress(len(memo), self.estimate)
        return v if s[1] == 0 else self.one - v

    def node(self, s):
        """Seat 0's value of a decision state: the mover picks the best action."""
        mover = s[2] if s[0] == "C" else s[1]
        values = [self.action_win0(s, a) for a in self.model.actions(s)]
        return max(values) if mover == 0 else min(values)

    def action_win0(self, s, action):
        """Seat 0's value of taking ``action`` in ``s``, then perfect play."""
        outcomes, total = self.model.step(s, action)
        win0 = self.win0
        acc = sum([w * win0(t) for w, t in outcomes])
        return Fraction(acc, total) if self.exact else acc / total


@dataclass
class Solution:
    """The exact solution of a :class:`SmallDeck` (see :func:`solve`).

    ``states``: distinct states solved (after folding symmetries); ``seconds``: the time
    it took; ``exact``: values are Fractions (else floats); ``start_value``: the first
    player's win probability at the start, before the shuffle, with perfect play by both.
    """

    deck: SmallDeck
    exact: bool
    states: int
    seconds: float
    start_value: object
    _solver: _Solver

    def __repr__(self) -> str:
        return (f"<Solution of {self.deck}: {self.states:,} states in {self.seconds:.1f} s, "
                f"first player wins {float(self.start_value):.4f}>")

    @property
    def model(self) -> _Model:
        """The solver's model of the deck (internal states; see :class:`_Model`)."""
        return self._solver.model

    def _state(self, game):
        return game if isinstance(game, tuple) else self.model.from_game(game)

    def action_values(self, game, exact: bool = False) -> dict:
        """Every legal action of ``game`` -> the mover's win probability after it, then perfect play.

        In the engine's ``legal_actions()`` order; floats, or Fractions with ``exact=True``
        (only for a solution computed with ``exact=True``).
        """
        s = self._state(game)
        if s[0] == "O":
            raise IllegalAction("the game is over: there is no action to value", legal=[])
        if exact and not self.exact:
            raise SetupError("this solution holds floats: solve(deck, exact=True) for exact values")
        mover = s[2] if s[0] == "C" else s[1]
        solver = self._solver
        out = {}
        for a in self.model.actions(s):
            v = solver.action_win0(s, a)
            v = v if mover == 0 else solver.one - v
            out[_name(a)] = v if exact else float(v)
        return out

    def value(self, game, player: int | None = None, exact: bool = False):
        """``player``'s win probability (ties half) in ``game`` with perfect play; default: the player to move.

        After the game: 1, 1/2 or 0.
        """
        s = self._state(game)
        if exact and not self.exact:
            raise SetupError("this solution holds floats: solve(deck, exact=True) for exact values")
        v = self._solver.win0(s)
        if player is None:
            player = (s[2] if s[0] == "C" else s[1]) if s[0] != "O" else 0
        if player not in (0, 1):
            raise SetupError(f"player must be 0 or 1, got {player!r}")
        v = v if player == 0 else self._solver.one - v
        return v if exact else float(v)

    def best(self, game) -> str:
        """The optimal action in ``game`` (ties: the first in ``legal_actions()`` order)."""
        values = self.action_values(game, exact=self.exact)
        top = max(values.values())
        tol = 0 if self.exact else 1e-12
        return next(a for a, v in values.items() if v >= top - tol)

    def bot(self) -> OptimalBot:
        """A bot (``choose(game, rng)``) that plays :meth:`best`."""
        return OptimalBot(self)

    def positions(self):
        """Every solved decision state: ``(state, {action: mover's value})``, for tables and heatmaps.

        ``state`` is the solver's tuple with seat 0 to act (see :meth:`describe`).
        """
        model = self.model
        for key in list(self._solver.memo):
            s = model.state_of_key(key)
            yield s, self.action_values(s)

    def describe(self, state) -> dict:
        """A solver state in words: phase, mover, pile (Counter of cards), columns, bench points
        per colour, bank points, pending card."""
        ph, active, coll, pend, pile, cols, v0, v1, k0, k1 = state
        card = CODE_CARDS.__getitem__
        names = self.deck.colours
        return {
            "phase": {"T": "turn", "P": "place", "U": "push", "C": "collect", "O": "over"}[ph],
            "mover": (coll if ph == "C" else active), "active": active,
            "pile": Counter({card(t): m for t, m in zip(self.model.types, pile) if m}),
            "columns": tuple(format_cards(map(card, col)) for col in cols),
            "benches": tuple({c: x for c, x in zip(names, v) if x} for v in (v0, v1)),
            "bank_points": (k0, k1), "pending": None if pend is None else card(pend),
        }

    def game(self, state, rng=None) -> Game:
        """An engine :class:`Game` in solver ``state`` (pile order from ``rng``; see :meth:`positions`).

        Its banks differ by the state's bank difference; both may hold more points than the
        state's when the cards out of play cannot give those (the value is the same).
        """
        return self.model.to_game(state, rng)


class OptimalBot:
    """Plays a :class:`Solution`'s best action (a bot of :mod:`pushlab.protocol`)."""

    def __init__(self, solution: Solution):
        self.solution = solution

    @property
    def name(self) -> str:
        return "optimal"

    def __repr__(self) -> str:
        return "OptimalBot()"

    def choose(self, game, rng=None) -> str:
        """The optimal action in ``game``."""
        return self.solution.best(game)


def solve(deck: SmallDeck, *, progress=None, exact: bool = False, max_states: int = MAX_STATES,
          symmetries: bool = True, every: int = 20_000) -> Solution:
    """Solve a two-player game of ``deck`` exactly: every state's value under perfect play.

    ``progress(states, estimate)`` is called every ``every`` new states and at the end (a
    progress bar).
    ``exact``: Fraction values (slower). ``symmetries=False`` stores every state as it is
    (no folding; for checking the folding: many more states). A deck whose estimated size
    (:meth:`SmallDeck.estimate`) exceeds ``max_states`` raises :class:`~pushlab.errors.TooLarge`
    before any work starts.

    >>> solve(SmallDeck(colours=1, numbers=2, rolls=0), exact=True).start_value   # R1 R2: draw both, take R2
    Fraction(1, 1)
    >>> solve(SmallDeck(colours=5, numbers=6, copies=3, rolls=18))
    Traceback (most recent call last):
    ...
    pushlab.errors.TooLarge: 5 colours (RBGYP) x numbers 1-6 x 3 copies + 18 roll cards, die RBGYP*: 108 cards is too large to solve: about 7.9e+48 states (about 4.7e+45 MB), more than max_states=4,000,000
    """
    if not isinstance(deck, SmallDeck):
        raise SetupError(f"solve needs a SmallDeck, got {deck!r}")
    if not _is_int(max_states) or max_states < 1:
        raise SetupError(f"max_states must be a whole number >= 1, got {max_states!r}")
    estimate = deck.estimate()
    if estimate > max_states:
        raise TooLarge(f"{deck} is too large to solve: about {estimate:.2g} states (about "
                       f"{estimate * BYTES_PER_STATE / 1e6:.2g} MB), more than max_states={max_states:,}")
    model = _Model(deck, bool(symmetries))
    solver = _Solver(model, bool(exact), progress, estimate, every)
    t0 = time.perf_counter()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    collecting = gc.isenabled()
    gc.disable()                # millions of tuples and no cycles: the collector only costs time
    try:
        start = solver.win0(model.start())
    finally:
        sys.setrecursionlimit(limit)
        if collecting:
            gc.enable()
    seconds = time.perf_counter() - t0
    if progress is not None:
        progress(len(solver.memo), estimate)
    return Solution(deck, bool(exact), len(solver.memo), seconds, start, solver)


def main(argv=None) -> int:
    """``python -m pushlab.luck.solve --colours 2 --numbers 1 --copies 2 --rolls 1``: solve and print the figures.

    Progress goes to stderr; the summary (states, seconds, the first player's win probability,
    and the best first decisions) to stdout.
    """
    import argparse

    p = argparse.ArgumentParser(prog="python -m pushlab.luck.solve", description=__doc__.splitlines()[0])
    p.add_argument("--colours", default="2", help="how many colours (1-5) or their letters (RG)")
    p.add_argument("--numbers", default="3", help="the highest number (1..n) or the numbers (135)")
    p.add_argument("--copies", type=int, default=1)
    p.add_argument("--rolls", type=int, default=1)
    p.add_argument("--switches", type=int, default=0)
    p.add_argument("--die", default="full", help="full, match or faces such as RB*")
    p.add_argument("--harder", action="store_true")
    p.add_argument("--exact", action="store_true", help="Fraction values (slower)")
    p.add_argument("--max-states", type=int, default=MAX_STATES)
    args = p.parse_args(argv)
    colours = int(args.colours) if args.colours.isdigit() else args.colours
    numbers = int(args.numbers) if len(args.numbers) == 1 else args.numbers
    try:
        deck = SmallDeck(colours=colours, numbers=numbers, copies=args.copies, rolls=args.rolls,
                         switches=args.switches, die=args.die, harder=args.harder)
        print(f"{deck}; about {deck.estimate():,} states", file=sys.stderr)
        t0 = time.perf_counter()

        def progress(n, estimate):
            print(f"  {n:,} states ({n / max(estimate, 1):.0%} of the estimate), "
                  f"{time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)

        sol = solve(deck, progress=progress, exact=args.exact, max_states=args.max_states)
    except SetupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"{deck}\nsolved {sol.states:,} states in {sol.seconds:.1f} s; the first player wins "
          f"{float(sol.start_value):.4f} (ties half) with perfect play"
          + (f" = {sol.start_value}" if sol.exact else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
