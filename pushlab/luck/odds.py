"""Exact odds and expectimax hints for Push (push-your-luck).

Two views of the next card (rules 8-11):

- **counting** (default): the make-up of the draw pile, as a player with perfect
  memory knows it (every card not in the pile has been seen);
- **naive**: the full deck (120 cards, 108 without switch cards) minus the cards
  in the columns and the pending card, as a player who remembers nothing else;
  under ``switch_rule="game"`` also minus the lasting switch pile, which lies face
  up on the table all game (it sets the direction).

Probabilities are exact :class:`fractions.Fraction` values. The hint
(:func:`hint`) values every legal action by an expectimax over the next draws of
this turn in a model (opponents collect greedily, die losses averaged), usually two
draws deep (deeper when that is cheap: see :func:`hint`), on compact integer data.
It is a model's answer, not an exact one: lessons and apps never call it exact.

>>> from pushlab.luck import Game
>>> g = Game.new(3, deck="R1 B1 G1 Y1 P1 Y3", rolls="*")
>>> g = g.apply("draw").apply("place 0").apply("draw").apply("place 1")
>>> g = g.apply("draw").apply("place 2")          # columns R1 | B1 | G1
>>> bust_probability(g)                          # Y1, P1 bust; Y3 fits
Fraction(2, 3)
>>> bust_probability(g, counting=False)          # every 1 busts: 12 of 117
Fraction(4, 39)
>>> print(hint(g))
draw: +0.3 points (stop: +0.0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from pushlab.errors import PushlabError
from pushlab.i18n import _
from pushlab.luck.cards import SWITCH, full_deck
from pushlab.luck.encoding import (CARD_BITS, CODE_OF, NUM_CODES, ROLL_BIT, ROLL_CODE, SWITCH_CODE, column_mask,
                                   mask_points)
from pushlab.luck.rules import MAX_COLUMNS

__all__ = [
    "DISTRIBUTION_KEYS", "Hint", "bust_probability", "hint", "hint_value",
    "next_card_distribution", "pile_counts", "seen_counts",
]

# Cards and columns are ints here (:mod:`pushlab.luck.encoding`): a column's mask, a card's code.


def _reduced(mask: int) -> int:
    """What collection needs of a column: points * 2 + (1 if it holds a roll card)."""
    return mask_points(mask) * 2 + (1 if mask & ROLL_BIT else 0)


def _added(cols, j, item, combine=int.__add__) -> tuple:
    """Sorted columns after combining ``item`` into column ``j`` (``j == len``: a new one).

    >>> _added([4, 2], 0, 1), _added([4, 2], 2, 1)
    ((2, 5), (1, 2, 4))
    """
    cols = list(cols)
    if j < len(cols):
        cols[j] = combine(cols[j], item)
    else:
        cols.append(item)
    return tuple(sorted(cols))


def _bust_type(t: int, cols) -> bool:
    """True when a card of type ``t`` fits no column while three columns exist (rule 11)."""
    if t == SWITCH_CODE or len(cols) < MAX_COLUMNS:
        return False
    bits = CARD_BITS[t]
    return all(col & bits for col in cols)


# ---------------------------------------------------------------------- the pile views
def pile_counts(game, counting: bool = True) -> Counter:
    """The cards the next draw comes from, as ``Counter`` card -> copies.

    Counting view: the draw pile itself. Naive view: the full deck of this game
    (with or without switch cards) minus the columns and the pending card, and
    minus the switch pile when it lasts the game (``switch_rule="game"``): a
    public pile on the table, seen without any memory.

    >>> from pushlab.luck import Card, Game
    >>> g = Game.new(2, deck="R3 R3 roll").apply("draw").apply("place 0")
    >>> pile_counts(g)
    Counter({Card('R3'): 1, Card('roll'): 1})
    >>> naive = pile_counts(g, counting=False)
    >>> naive[Card.parse("R3")], sum(naive.values())
    (2, 107)
    """
    if counting:
        return Counter(game.draw_pile)
    counts = Counter(full_deck(game.switch_cards))
    out = [card for col in game.columns for card in col]
    if game.pending is not None:
        out.append(game.pending)
    if game.direction_lasts:
        out.extend(game.switch_pile)
    counts.subtract(out)
    return +counts


def seen_counts(game) -> Counter:
    """Every card out of the draw pile and visible to a player with perfect memory.

    Columns, the pending card, the switch pile (this turn's set-aside switch
    cards, or under ``switch_rule="game"`` every switch card drawn so far),
    benches, banks and the discard pile. For a game with the full deck,
    ``seen + pile == full deck``.

    >>> from pushlab.luck import Game
    >>> g = Game.new(4, seed=3)
    >>> for _ in range(3):
    ...     g = g.apply(g.legal_actions()[-1])
    >>> seen_counts(g) + pile_counts(g) == Counter(full_deck())
    True
    """
    seen = Counter(card for col in game.columns for card in col)
    if game.pending is not None:
        seen[game.pending] += 1
    if game.switch_pile:
        seen[SWITCH] += len(game.switch_pile)
    for group in (*game.benches, *game.banks, game.discard_pile):
        seen.update(group)
    return seen


def _check_drawable(game, counts) -> None:
    """Raise PushlabError when no next card can be drawn."""
    if game.is_over:
        raise PushlabError(_("the game is over: there is no next card"))
    if not counts:
        raise PushlabError(_("the draw pile is empty: there is no next card"))


def bust_probability(game, counting: bool = True) -> Fraction:
    """Exact probability that the next card drawn would bust against the current columns.

    Fewer than three columns: 0. A switch card never busts; a roll card busts
    iff every column holds a roll card; a number card busts iff every column
    holds its colour or its number (rule 11). In phase ``place`` the pending
    card is not yet in the columns.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, seed=1)
    >>> bust_probability(g)
    Fraction(0, 1)
    """
    return next_card_distribution(game, counting)["bust"]


DISTRIBUTION_KEYS = ("bust", "new column only", "fits 1", "fits 2", "fits 3", "roll", "switch")


def next_card_distribution(game, counting: bool = True) -> dict:
    """Exact distribution of what the next card does, keyed by ``DISTRIBUTION_KEYS``.

    - ``"bust"``: the card fits nowhere (three columns exist; rule 11);
    - ``"new column only"``: a number card that fits no existing column, while
      fewer than three columns exist (it must start a new one);
    - ``"fits n"``: a number card that fits exactly ``n`` existing columns
      (with fewer than three columns it may also start a new one);
    - ``"roll"``: a roll card that can be placed; ``"switch"``: a switch card.

    Every key is present; the values sum to 1.

    >>> from pushlab.luck import Game
    >>> d = next_card_distribution(Game.new(4, seed=0))
    >>> d["new column only"], d["roll"], d["switch"], sum(d.values())
    (Fraction(3, 4), Fraction(3, 20), Fraction(1, 10), Fraction(1, 1))
    """
    counts = pile_counts(game, counting)
    _check_drawable(game, counts)
    cols = [column_mask(col) for col in game.columns]
    tally = dict.fromkeys(DISTRIBUTION_KEYS, 0)
    for card, copies in counts.items():
        tally[_outcome(CODE_OF[card.code], cols)] += copies
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in tally.items()}


def _outcome(t: int, cols) -> str:
    """The distribution key of a card of type ``t`` against column masks ``cols``."""
    if t == SWITCH_CODE:
        return "switch"
    if _bust_type(t, cols):
        return "bust"
    if t == ROLL_CODE:
        return "roll"
    fits = sum(1 for col in cols if not col & CARD_BITS[t])
    return f"fits {fits}" if fits else "new column only"


# ---------------------------------------------------------------------- the hint
# Objective of a hint (documented in ``hint``): the expected points the deciding
# player adds to their bench from now to the end of this turn, minus the average
# over the other players of the points each adds. A die roll for a player whose
# bench holds B points (after taking the column) loses B/6 in expectation
# (each colour 1/6, star safe), or B/3 with the harder option (a star loses all).

BUDGET = 6000          # work units (placements evaluated) the deepest search may use
MAX_DEPTH = 12


class _Table:
    """The facts a hint's search keeps fixed: players, bench points, risk, orders.

    Gains are kept in sixths of a point as ints (``gain6``), so that ties between
    columns are exact and opponents choose exactly as the rules-level model says.
    """

    __slots__ = ("n", "active", "bench", "risk6", "orders")

    def __init__(self, game):
        self.n = game.num_players
        self.active = game.active_player
        self.bench = tuple(sum(c.points for c in b) for b in game.benches)
        self.risk6 = 2 if game.harder else 1          # expected roll loss, in sixths per point
        self.orders = {d: tuple((self.active + k * d) % self.n for k in range(1, self.n))
                       for d in (1, -1)}

    def gain6(self, player: int, red: int) -> int:
        """6 x expected bench change of ``player`` taking a column reduced to ``red``."""
        pts = red >> 1
        if red & 1:
            return 6 * pts - self.risk6 * (self.bench[player] + pts)
        return 6 * pts

    def greedy6(self, reds, order) -> int:
        """6 x total gain of ``order``'s players each taking their best remaining column."""
        left = list(reds)
        total = 0
        for p in order:
            if not left:
                break
            best = max(range(len(left)), key=lambda i: (self.gain6(p, left[i]), -(left[i] & 1)))
            total += self.gain6(p, left.pop(best))
        return total

    def take_values(self, decider: int, reds, order_after) -> list:
        """Objective value for ``decider`` of taking each column in ``reds``, others greedy."""
        out = []
        for i, red in enumerate(reds):
            rest = reds[:i] + reds[i + 1:]
            others = self.greedy6(rest, order_after) / (self.n - 1)
            out.append((self.gain6(decider, red) - others) / 6)
        return out

    def bust_value(self, reds, d) -> float:
        """Objective value of a bust: the active player's die loss, then the others collect."""
        loss6 = self.risk6 * self.bench[self.active]
        return (-loss6 - self.greedy6(reds, self.orders[d]) / (self.n - 1)) / 6


class _Search:
    """Depth-limited expectimax over the draws of the active player's push."""

    def __init__(self, table: _Table, counts):
        self.t = table
        self.root = counts                      # list of 32 ints
        self.types = [t for t in range(NUM_CODES) if counts[t]]
        self.total = sum(counts)
        self.memo = {}
        self.stop_memo = {}
        self.bust_memo = {}
        self.work = 0
        self.truncated = False

    def stop(self, cols, d) -> float:
        """Value of stopping with column masks ``cols`` and direction ``d`` (best take)."""
        return self.stop_reduced(tuple(sorted(_reduced(c) for c in cols)), d)

    def stop_reduced(self, reds, d) -> float:
        """Value of stopping with sorted reduced columns ``reds`` (see ``_reduced``)."""
        key = (reds, d)
        v = self.stop_memo.get(key)
        if v is None:
            t = self.t
            v = max(t.take_values(t.active, reds, t.orders[d]))
            self.stop_memo[key] = v
        return v

    def bust(self, cols, d) -> float:
        """Value of a bust: the active player's die loss, then the others collect."""
        reds = tuple(sorted(_reduced(c) for c in cols))
        key = (reds, d)
        v = self.bust_memo.get(key)
        if v is None:
            v = self.bust_memo[key] = self.t.bust_value(reds, d)
        return v

    def push(self, cols, removed, d, depth) -> float:
        """Value of a push node: the best of stopping and (within ``depth``) drawing."""
        left = self.total - len(removed)
        if left == 0 or depth == 0:
            if left and depth == 0:
                self.truncated = True
            return self.stop(cols, d) if cols else 0.0
        key = (cols, removed, d, depth)
        v = self.memo.get(key)
        if v is None:
            v = self.draw(cols, removed, d, depth)
            if cols:
                v = max(v, self.stop(cols, d))
            self.memo[key] = v
        return v

    def draw(self, cols, removed, d, depth) -> float:
        """Expected value of drawing the next card (one of ``depth`` draws left)."""
        if depth == 1:
            return self.draw_last(cols, removed, d)
        root, total = self.root, 0.0
        nxt = depth - 1
        ncols = len(cols)
        for t in self.types:
            copies = root[t] - removed.count(t) if removed else root[t]
            if not copies:
                continue
            rem = tuple(sorted(removed + (t,)))
            if t == SWITCH_CODE:
                value = self.push(cols, rem, -d, nxt)
                self.work += 1
            else:
                bits = CARD_BITS[t]
                value = None
                seen = set()
                for j in range(ncols):
                    col = cols[j]
                    if col & bits or col in seen:
                        continue
                    seen.add(col)
                    new = tuple(sorted(cols[:j] + (col | bits,) + cols[j + 1:]))
                    v = self.push(new, rem, d, nxt)
                    if value is None or v > value:
                        value = v
                if ncols < MAX_COLUMNS:
                    v = self.push(tuple(sorted(cols + (bits,))), rem, d, nxt)
                    if value is None or v > value:
                        value = v
                self.work += len(seen) + 1
                if value is None:
                    value = self.bust(cols, d)
            total += copies * value
        return total / (self.total - len(removed))

    def draw_last(self, cols, removed, d) -> float:
        """``draw`` when the card drawn is the last one considered: then stop (or bust).

        Stopping only needs each column's points and roll card, so a number card's
        value depends on its number and the columns it fits, not on its colour.
        """
        root, total = self.root, 0.0
        left = self.total - len(removed)
        if left > 1:
            self.truncated = True
        ncols = len(cols)
        reds = [_reduced(c) for c in cols]
        cache = {}
        for t in self.types:
            copies = root[t] - removed.count(t) if removed else root[t]
            if not copies:
                continue
            if t == SWITCH_CODE:
                value = self.stop(cols, -d) if cols else 0.0
            else:
                bits = CARD_BITS[t]
                add = 1 if t == ROLL_CODE else 2 * (t % 6 + 1)
                value = None
                for j in range(ncols + (ncols < MAX_COLUMNS)):
                    if j < ncols and cols[j] & bits:
                        continue
                    v = cache.get((j, add))
                    if v is None:
                        v = cache[(j, add)] = self.stop_reduced(_added(reds, j, add), d)
                    if value is None or v > value:
                        value = v
                if value is None:
                    value = self.bust(cols, d)
                self.work += 1
            total += copies * value
        return total / left


@dataclass(frozen=True)
class Hint:
    """The value of every legal action for the deciding player, and the best one.

    ``values`` maps action -> expected points (see :func:`hint`); ``best`` is the
    first action of highest value in ``legal_actions()`` order; ``depth`` is the
    number of further draws the search considered; ``exact`` is True when no
    line of play was cut off by the depth limit.
    """

    player: str
    phase: str
    values: dict = field(compare=True)
    best: str
    depth: int
    exact: bool

    def __str__(self) -> str:
        """One line: ``"stop: +2.3 points (draw: +1.1)"``."""
        head = f"{self.best}: {self.values[self.best]:+.1f} points"
        rest = [f"{a}: {v:+.1f}" for a, v in self.values.items() if a != self.best]
        return head + (f" ({', '.join(rest)})" if rest else "")

    def _repr_html_(self) -> str:
        """A small table of the actions and their values, the best in bold."""
        rows = []
        for action, value in self.values.items():
            cell = escape(action)
            if action == self.best:
                cell = f"<b>{cell}</b>"
            rows.append(f"<tr><td>{cell}</td><td style='text-align:right'>{value:+.2f}</td></tr>")
        how = "to the end of the turn" if self.exact else f"{self.depth} draws ahead"
        return (f"<table><caption>Hint for {escape(self.player)} ({how})</caption>"
                f"<tr><th>action</th><th>expected points</th></tr>{''.join(rows)}</table>")


def hint(game, depth: int | None = None) -> Hint:
    """Value every legal action of the deciding player by expectimax; return a Hint.

    Value of an action: the expected points the deciding player adds to their own
    bench from now to the end of this turn, minus the average over the other
    players of the points each of them adds. Die losses count: a roll (bust, or a
    collected roll card) costs 1/6 of the roller's bench points in expectation
    (1/3 with the harder option). Opponents collect greedily: each takes the
    remaining column with the highest points minus own expected roll loss (ties:
    the one without a roll card), in the collection order of rule 13. Chance:
    the next card is drawn from the draw pile's make-up (counting view).
    Collection follows ``game.direction`` and each switch card drawn reverses it
    (under either ``switch_rule``); under ``switch_rule="game"`` the reversal also
    changes later turns' collections, which a one-turn hint does not value.

    ``bank C`` is worth 0: banking changes no score this turn (its benefit, safety
    in later turns, is not modelled). ``depth`` is the number of further draws
    considered (the ``draw`` being valued counts as the first); a line that
    reaches the limit is valued as stopping there (0 with no column). By default
    the depth is chosen adaptively: deepen while the predicted work stays within
    ``BUDGET`` and some line is still cut off.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R3 R4 B3")
    >>> h = hint(g.apply("draw"))                   # place R3: only column 0
    >>> h.best, h.exact
    ('place 0', True)
    >>> g = g.apply("draw").apply("place 0")        # R3 in column 1; R4, B3 to come
    >>> h = hint(g)
    >>> h.values["stop"], round(h.values["draw"], 4), h.best
    (3.0, 4.0, 'draw')
    >>> str(h)
    'draw: +4.0 points (stop: +3.0)'
    """
    if game.is_over:
        raise PushlabError(_("the game is over: there is nothing to decide"))
    if depth is not None and (not isinstance(depth, int) or depth < 0):
        raise PushlabError(f"depth must be a non-negative int or None, got {depth!r}")
    legal = game.legal_actions()
    table = _Table(game)
    if game.phase == "collect":
        values, used, exact = _collect_values(game, table), 0, True
    elif depth is not None:
        values, used, exact = _search_values(game, table, depth)
    else:
        values, used, exact = _adaptive(game, table)
    ordered = {a: float(values[a]) for a in legal}
    best = max(legal, key=lambda a: (ordered[a], -legal.index(a)))
    return Hint(game.players[game.current_player], game.phase, ordered, best, used, exact)


def hint_value(game, action: str, depth: int | None = None) -> float:
    """The value of one legal action, as in :func:`hint`; IllegalAction if it is not legal.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R3 R4").apply("draw").apply("place 0")
    >>> hint_value(g, "stop")
    3.0
    >>> hint_value(g, "bank R")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pushlab.errors.IllegalAction: cannot 'bank R' now: ...; legal actions: draw, stop
    """
    canon = game._canonical(action)
    return hint(game, depth).values[canon]


def _collect_values(game, table: _Table) -> dict:
    """Values of ``take i`` for the collector: own gain minus the others' average."""
    d = game.direction
    k = ((game.collector - game.active_player) * d) % game.num_players
    after = table.orders[d][k:]
    reds = tuple(_reduced(column_mask(col)) for col in game.columns)
    return {f"take {i}": v for i, v in enumerate(table.take_values(game.collector, reds, after))}


def _root(game):
    """Pile counts as a list by card type, and the column masks sorted."""
    counts = [0] * NUM_CODES
    for card in game.draw_pile:
        counts[CODE_OF[card.code]] += 1
    return counts, tuple(sorted(column_mask(col) for col in game.columns))


def _search_values(game, table: _Table, depth: int, search: _Search | None = None):
    """Values of the legal actions at a fixed depth: (values, depth, exact)."""
    counts, cols = _root(game)
    s = search or _Search(table, counts)
    d = game.direction
    values = {}
    for action in game.legal_actions():
        verb, _, arg = action.partition(" ")
        if verb == "draw":
            values[action] = s.draw(cols, (), d, depth) if depth else (
                s.stop(cols, d) if cols else 0.0)
            s.truncated |= depth == 0
        elif verb == "stop":
            values[action] = s.stop(cols, d)
        elif verb == "bank":
            values[action] = 0.0
        else:                                           # place i
            masks = [column_mask(col) for col in game.columns]
            new = _added(masks, int(arg), CARD_BITS[CODE_OF[game.pending.code]], combine=int.__or__)
            values[action] = s.push(new, (), d, depth)
    return values, depth, not s.truncated


def _adaptive(game, table: _Table):
    """Deepen the search while the predicted work stays within BUDGET."""
    counts, _ = _root(game)
    limit = min(MAX_DEPTH, sum(counts))
    prev_work, depth, spent = 1, 1, 0
    shared = None
    while True:
        s = _Search(table, counts)
        if shared is not None:
            s.stop_memo, s.bust_memo = shared.stop_memo, shared.bust_memo
        result = _search_values(game, table, depth, s)
        shared = s
        work = max(s.work, 1)
        spent += work
        growth = max(work / prev_work, 1.0)
        predicted = work * growth
        if result[2] or depth >= limit or predicted > BUDGET or spent + predicted > 2 * BUDGET:
            return result
        prev_work, depth = work, depth + 1
