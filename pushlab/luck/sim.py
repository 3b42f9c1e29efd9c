"""Fast simulation of Push (push-your-luck) with numpy, checked against ``game.py``.

Two simulators, both driven by a ``numpy.random.Generator`` passed in:

- :func:`simulate_turns`: N single turns at once from a table (a ``Game`` in phase
  ``turn`` or ``push``) under a :class:`TurnPolicy`; the draw pile's order is the
  only chance. :func:`simulate_turns_engine` does the same with the ``Game.apply``
  loop and :func:`exact_turn` computes the exact values by memoized recursion.
- :func:`simulate_games`: whole games in lock-step, B games at a time, every seat
  played by the threshold bot ``StopAfter(k, bank_at=x)`` of :mod:`pushlab.luck.bots`
  (the same decisions, so the same final state as the engine on the same deck and
  die faces), or optionally by a ``RandomBot(bank_at=x)`` equivalent.

**The batched policy, precisely** (``StopAfter(k, bank_at=x)``): at the start of a
turn, if ``x`` is set and the bench colour with the most points (ties: ``RBGYP``
order) holds at least ``x`` points, bank it (the turn ends); else draw. In the push
phase stop once ``k`` cards (number and roll cards) lie in the columns, and stop
when the pile runs out. Placement and taking follow the bots' shared rules
(:func:`~pushlab.luck.bots.placement`, :func:`~pushlab.luck.bots.take_choice`).
Per iteration each live game makes one step: a bank, a stop (with its whole
collection), or one draw with its placement or bust (and collection).

Card codes: number card colour ``c`` (index in ``RBGYP``) and number ``n`` is
``6 * c + n - 1`` (0..29), a roll card 30, a switch card 31. Die faces are 0..4
(``RBGYP``) and 5 (star).

**The turn outcome.** A turn either busts (``bust`` is 1, ``points`` 0) or stops
(by the policy, or because the pile ran out) and ``points`` is the face value of
the best column on the table at that moment (the most number-card points; the
column a greedy player takes), 0 when no column exists. Cards go into columns by
:func:`pushlab.luck.bots.placement`.

>>> from pushlab.luck import Game
>>> g = Game.new(3, deck="R1 B1 G1 Y1 P1 Y3 R6", rolls="*")
>>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
...     g = g.apply(a)
>>> exact_turn(g, TurnPolicy.more(1))          # Y1, P1 bust; Y3 -> 4, R6 -> 7 points
TurnOdds(bust=Fraction(1, 2), points=Fraction(11, 4))
>>> est = simulate_turns(g, TurnPolicy.more(1), 20_000, np.random.default_rng(1))
>>> abs(est.bust - 0.5) < 4 * est.bust_se
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from pushlab.checks import is_count
from pushlab.errors import SetupError, UnsupportedPolicy
from pushlab.luck.policy import BUSTS_PER_CARD, DEFAULT_POLICY, BankRule, Policy, StopRule
from pushlab.luck.rules import DEFAULT_BANK_AT, MAX_COLUMNS, cards_in_columns, pile_bust_probability, placement
from pushlab.protocol import play
from pushlab.stats import column_mean_ci, format_ci, mean_ci, proportion_ci, rate_ci
from pushlab.luck.cards import COLOURS, full_deck
from pushlab.luck.encoding import (CARD_BITS, CODE_CARDS, CODE_POINTS, FULL, NUM_CODES, ROLL_BIT, ROLL_CODE, SWITCH_CODE,  # noqa: F401
                                   code, decode, die_string, encode)
from pushlab.luck.game import check_switch_rule

STAR_FACE = 5
_NEVER = 1 << 30
# Cards are codes and columns masks (pushlab.luck.encoding); here as numpy arrays by code.
_code = code
_CODE_POINTS = np.array(CODE_POINTS, dtype=np.int64)


# ---------------------------------------------------------------------- shared numpy rules
# A column is one int mask (pushlab.luck.encoding); a slot with no column holds FULL, so
# nothing fits it. Column points are kept beside it.
CARD_MASK = np.array(CARD_BITS, dtype=np.int64)


_MASK16 = CARD_MASK.astype(np.int16)
# A bench (or a column's number cards) packed into one int: 6 bits of points per colour
# (colour c at bit 6c; a colour holds at most 3 x (1+...+6) = 63 points).
_PACKED = np.array([(t % 6 + 1) << (6 * (t // 6)) for t in range(30)] + [0, 0], dtype=np.int64)
_SHIFTS = 6 * np.arange(5, dtype=np.int64)


def _place_slots(pc, ncols, cols, column_points):
    """Vectorized :func:`~pushlab.luck.bots.placement`: slot per row, -1 for a bust."""
    is_roll = pc == ROLL_CODE
    fit = (cols & CARD_MASK[pc][:, None]) == 0
    no_roll = (cols & ROLL_BIT) == 0
    key = np.where(fit, np.where(is_roll[:, None], 64 - column_points, no_roll * 64 + column_points), -1)
    best = key.argmax(1)
    anyfit = key.max(1) >= 0
    room = ncols < MAX_COLUMNS
    return np.where(room & (is_roll | ~anyfit), ncols, np.where(anyfit, best, -1))


def _put(rows, pc, slot, ncols, cols, column_points):
    """Place cards ``pc`` in columns ``slot`` of ``rows`` (arrays updated in place)."""
    flat = rows * MAX_COLUMNS + slot
    new = slot == ncols[rows]
    mask = CARD_MASK[pc]
    cf = cols.reshape(-1)
    cf[flat] = np.where(new, mask, cf[flat] | mask)
    column_points.reshape(-1)[flat] += _CODE_POINTS[pc]
    ncols[rows] += new


def _bust_counts(ncols, cols, counts):
    """Cards in ``counts`` [rows, 32] that would bust on the table ``cols`` [rows, 3]."""
    out = np.zeros(len(cols), np.int64)
    full = np.flatnonzero(ncols == MAX_COLUMNS)
    c = cols[full].astype(np.int16)
    clash = (c[:, 0, None] & _MASK16) != 0                     # [rows, 32]
    for j in range(1, MAX_COLUMNS):
        clash &= (c[:, j, None] & _MASK16) != 0
    out[full] = np.einsum("ij,ij->i", clash.astype(np.int16), counts[full], dtype=np.int64)
    return out


# ---------------------------------------------------------------------- single turns
@dataclass(frozen=True)
class TurnPolicy:
    """When the active player stops: ``after`` k cards in the columns, ``more`` n more
    draws, or ``risk``: once the next card busts with probability >= p (exact, from
    the pile's make-up). Stopping needs a column; until then the player draws.

    >>> TurnPolicy.after(3), TurnPolicy.risk(0.3).value
    (TurnPolicy(kind='after', value=3), Fraction(3, 10))
    """

    kind: str
    value: object

    def __post_init__(self):
        if self.kind not in ("after", "more", "risk"):
            raise SetupError(f"unknown turn policy {self.kind!r} (after, more or risk)")
        if self.kind == "risk":
            p = self.value
            frac = Fraction(str(p)) if isinstance(p, float) else Fraction(p)
            if not 0 <= frac <= 1:
                raise SetupError(f"a risk policy needs 0 <= p <= 1, got {p!r}")
            object.__setattr__(self, "value", frac.limit_denominator(10**6))
        elif not is_count(self.value, 0):
            raise SetupError(f"policy {self.kind!r} needs a count >= 0, got {self.value!r}")

    @classmethod
    def after(cls, k: int) -> TurnPolicy:
        """Stop once ``k`` cards lie in the columns."""
        return cls("after", k)

    @classmethod
    def more(cls, n: int) -> TurnPolicy:
        """Draw ``n`` more cards (switch cards included), then stop."""
        return cls("more", n)

    @classmethod
    def risk(cls, p) -> TurnPolicy:
        """Stop once the next card busts with probability at least ``p``."""
        return cls("risk", p)

    @classmethod
    def of(cls, policy) -> TurnPolicy:
        """A policy from a TurnPolicy, a StopAfter or a StopAtRisk bot."""
        if isinstance(policy, cls):
            return policy
        for attr, kind in (("k", "after"), ("p", "risk")):
            if hasattr(policy, attr):
                return cls(kind, getattr(policy, attr))
        raise SetupError(f"not a turn policy: {policy!r} (use TurnPolicy.after/more/risk)")

    def stops(self, placed, drawn, bust, remaining) -> bool:
        """Stop now? (scalars or arrays; the caller checks that a column exists)."""
        if self.kind == "after":
            return placed >= self.value
        if self.kind == "more":
            return drawn >= self.value
        p = self.value
        return bust * p.denominator >= p.numerator * remaining


@dataclass(frozen=True)
class TurnEstimate:
    """Monte Carlo estimate: means and standard errors over ``n`` simulated turns."""

    n: int
    bust: float
    bust_se: float
    points: float
    points_se: float
    busts: np.ndarray = dataclasses.field(repr=False)
    scores: np.ndarray = dataclasses.field(repr=False)

    @classmethod
    def of(cls, busts, scores) -> TurnEstimate:
        """Summarise per-turn outcomes (bust flags and points)."""
        busts = np.asarray(busts, dtype=bool)
        scores = np.asarray(scores, dtype=np.int64)
        n = len(busts)
        sd = (lambda x: float(x.std(ddof=1) / np.sqrt(n)) if n > 1 else float("nan"))
        return cls(n, float(busts.mean()), sd(busts.astype(float)), float(scores.mean()),
                   sd(scores.astype(float)), busts, scores)

    @property
    def bust_ci(self) -> tuple:
        """95% Wilson interval of the bust chance (never zero width)."""
        return proportion_ci(int(self.busts.sum()), self.n)

    @property
    def points_ci(self) -> tuple:
        """95% t interval of the expected points (NaN bounds for a single turn)."""
        mean, half = mean_ci(self.scores)
        return mean - half, mean + half

    def _repr_html_(self) -> str:
        return (f"<b>{self.n:,} turns</b>: bust {self.bust:.4f} "
                f"{format_ci(*self.bust_ci, '.4f')}, points {self.points:.3f} "
                f"{format_ci(*self.points_ci, '.3f')} (95% confidence intervals)")


@dataclass(frozen=True)
class TurnOdds:
    """Exact chance of a bust and expected points of the best column (see module doc)."""

    bust: Fraction
    points: Fraction


def _table(game):
    """(columns as codes, pile codes, cards in columns) of a game in phase turn/push."""
    if game.phase not in ("turn", "push"):
        raise SetupError(f"a turn can be simulated from phase 'turn' or 'push', "
                         f"not {game.phase!r}")
    cols = tuple(tuple(_code(c) for c in col) for col in game.columns)
    return cols, encode(game.draw_pile), sum(len(c) for c in cols)


def _column_arrays(cols, n):
    """(ncols, column masks, column points) for ``n`` copies of a table of codes."""
    masks = np.full((n, MAX_COLUMNS), FULL, np.int64)
    column_points = np.zeros((n, MAX_COLUMNS), np.int64)
    for j, col in enumerate(cols):
        masks[:, j] = np.bitwise_or.reduce(CARD_MASK[list(col)])
        column_points[:, j] = _CODE_POINTS[list(col)].sum()
    return np.full(n, len(cols), np.int64), masks, column_points


def simulate_turns(game, policy, n: int, rng=None, *, orders=None) -> TurnEstimate:
    """Simulate ``n`` turns at once from ``game`` (phase turn/push) with numpy.

    The pile is shuffled per turn by ``rng``; or ``orders`` (n x pile, codes, top first)
    fixes the orders (for exact comparisons with :func:`simulate_turns_engine`).

    >>> from pushlab.luck import Game
    >>> est = simulate_turns(Game.new(4, seed=0), TurnPolicy.after(2), 1000, np.random.default_rng(0))
    >>> est.bust, est.n
    (0.0, 1000)
    """
    policy = TurnPolicy.of(policy)
    cols, pile, placed0 = _table(game)
    L = len(pile)
    if orders is not None:
        orders = np.asarray(orders, dtype=np.int64)
        n = len(orders)
        if orders.shape != (n, L) or (np.sort(orders, 1) != np.sort(pile)).any():
            raise SetupError("orders must be permutations of the draw pile, one per row")
    elif rng is None or not isinstance(rng, np.random.Generator):
        raise SetupError("simulate_turns needs a numpy Generator (np.random.default_rng(seed))")
    n = int(n)
    ncols, cols_, column_points = _column_arrays(cols, n)
    placed = np.full(n, placed0, np.int64)
    risk = policy.kind == "risk"
    counts = np.tile(np.bincount(pile.astype(np.int64), minlength=NUM_CODES).astype(np.int16),
                     (n, 1)) if risk else None
    taken = np.zeros((n, min(L, 16)), np.int8)  # pile positions drawn so far (grows)
    ids = np.arange(n)                   # original index of each live turn
    busts = np.zeros(n, bool)
    scores = np.zeros(n, np.int64)
    for step in range(L + 1):
        remaining = L - step
        has_col = ncols > 0
        bc = _bust_counts(ncols, cols_, counts) if risk else 0
        stop = has_col & ((remaining == 0) | policy.stops(placed, step, bc, remaining))
        if remaining == 0:
            stop = np.ones(len(ids), bool)
        if stop.any():
            scores[ids[stop]] = column_points[stop].max(1)
            keep = ~stop
            ids, ncols, cols_, column_points, placed, taken = (
                ids[keep], ncols[keep], cols_[keep], column_points[keep], placed[keep], taken[keep])
            counts = counts[keep] if risk else None
        if len(ids) == 0:
            break
        if orders is not None:
            card = orders[ids, step]
        else:
            if step == taken.shape[1]:
                taken = np.concatenate([taken, np.zeros_like(taken)], axis=1)
            card = pile[_sample_positions(taken, step, L, rng)].astype(np.int64)
        if risk:
            counts[np.arange(len(ids)), card] -= 1
        slot = _place_slots(card, ncols, cols_, column_points)
        switch = card == SWITCH_CODE
        bust = (slot < 0) & ~switch
        ok = ~bust & ~switch
        rows = np.flatnonzero(ok)
        _put(rows, card[rows], slot[rows], ncols, cols_, column_points)
        placed[rows] += 1
        if bust.any():
            busts[ids[bust]] = True
            keep = ~bust
            ids, ncols, cols_, column_points, placed, taken = (
                ids[keep], ncols[keep], cols_[keep], column_points[keep], placed[keep], taken[keep])
            counts = counts[keep] if risk else None
    return TurnEstimate.of(busts, scores)


def _sample_positions(taken, step, L, rng):
    """Uniform pile positions not drawn yet (rejection sampling), recorded in ``taken``."""
    m = len(taken)
    u = rng.integers(0, L, size=m, dtype=np.int8)
    if step:
        todo = np.flatnonzero((taken[:, :step] == u[:, None]).any(1))
        while todo.size:
            u[todo] = rng.integers(0, L, size=todo.size, dtype=np.int8)
            clash = (taken[todo, :step] == u[todo, None]).any(1)
            todo = todo[clash]
    taken[:, step] = u
    return u


def simulate_turns_engine(game, policy, n: int, rng=None, *, orders=None) -> TurnEstimate:
    """The same as :func:`simulate_turns`, one ``Game.apply`` at a time (the reference).

    >>> from pushlab.luck import Game
    >>> g = Game.new(4, seed=0)
    >>> rng = np.random.default_rng(5)
    >>> orders = np.array([rng.permutation(encode(g.draw_pile)) for _ in range(20)])
    >>> a = simulate_turns_engine(g, TurnPolicy.after(5), 20, orders=orders)
    >>> b = simulate_turns(g, TurnPolicy.after(5), 20, orders=orders)
    >>> bool((a.scores == b.scores).all() and (a.busts == b.busts).all())
    True
    """
    policy = TurnPolicy.of(policy)
    _table(game)
    pile = encode(game.draw_pile)
    if orders is None:
        if rng is None or not isinstance(rng, np.random.Generator):
            raise SetupError("simulate_turns_engine needs a numpy Generator")
        orders = [rng.permutation(pile) for _ in range(int(n))]
    busts, scores = [], []
    for order in orders:
        g = dataclasses.replace(game, draw_pile=decode(order))
        bust, pts = _engine_turn(g, policy, cards_in_columns, pile_bust_probability)
        busts.append(bust)
        scores.append(pts)
    return TurnEstimate.of(busts, scores)


def _engine_turn(g, policy, cards_in_columns, bust_probability):
    """Play one turn of ``g`` by ``policy`` with Game.apply; return (bust, points)."""
    turn, drawn = g.turn, 0
    while True:
        if g.columns and (not g.draw_pile or _engine_stops(g, policy, drawn, cards_in_columns,
                                                           bust_probability)):
            return False, max(sum(c.points for c in col) for col in g.columns)
        card = g.draw_pile[0]
        g = g.apply("draw")
        drawn += 1
        if g.phase == "place":
            g = g.apply(f"place {placement(g.pending, g.columns)}")
        elif not card.is_switch:
            return True, 0
        elif g.turn != turn or g.is_over:
            return False, 0


def _engine_stops(g, policy, drawn, cards_in_columns, bust_probability) -> bool:
    """The policy's stop test on an engine state (exact Fraction comparison for risk)."""
    if policy.kind == "risk":
        return bust_probability(g) >= policy.value
    return bool(policy.stops(cards_in_columns(g), drawn, 0, 1))


def exact_turn(game, policy) -> TurnOdds:
    """Exact bust probability and expected points (module doc) by memoized recursion.

    The state space grows fast with long turns: keep ``after``/``more`` small or the
    pile short.

    >>> from pushlab.luck import Game
    >>> exact_turn(Game.new(2, deck="R1 R2 roll"), TurnPolicy.after(1))
    TurnOdds(bust=Fraction(0, 1), points=Fraction(1, 1))
    """
    policy = TurnPolicy.of(policy)
    cols, pile, placed0 = _table(game)
    counts = tuple(np.bincount(pile.astype(np.int64), minlength=NUM_CODES).tolist())
    cards = dict(enumerate(CODE_CARDS))

    @lru_cache(maxsize=None)
    def value(counts, cols, placed, drawn):
        remaining = sum(counts)
        best = max((sum(c.points for c in col) for col in cols), default=0)
        if cols:
            bust = 0
            if policy.kind == "risk" and len(cols) == MAX_COLUMNS:
                bust = sum(m for t, m in enumerate(counts)
                           if m and t != SWITCH_CODE and placement(cards[t], cols) is None)
            if remaining == 0 or policy.stops(placed, drawn, bust, remaining):
                return Fraction(0), Fraction(best)
        if remaining == 0:
            return Fraction(0), Fraction(0)
        pb, pp = Fraction(0), Fraction(0)
        for t, m in enumerate(counts):
            if not m:
                continue
            rest = counts[:t] + (m - 1,) + counts[t + 1:]
            if t == SWITCH_CODE:
                b, p = value(rest, cols, placed, drawn + 1)
            else:
                i = placement(cards[t], cols)
                if i is None:
                    b, p = Fraction(1), Fraction(0)
                else:
                    new = cols[:i] + ((cols[i] if i < len(cols) else ()) + (cards[t],),) \
                        + cols[i + 1:]
                    b, p = value(rest, new, placed + 1, drawn + 1)
            pb += m * b
            pp += m * p
        return pb / remaining, pp / remaining

    card_cols = tuple(tuple(cards[t] for t in col) for col in cols)
    bust, points = value(counts, card_cols, placed0, 0)
    return TurnOdds(bust, points)


#: The most table states :func:`bust_time_distribution` keeps at one depth before it gives up.
BUST_TIME_STATES = 100_000


def _place_code(t: int, cols) -> int | None:
    """:func:`~pushlab.luck.bots.placement` on column (mask, points) pairs for card code ``t``."""
    bits = CARD_MASK[t]
    ok = [i for i, (m, _p) in enumerate(cols) if not m & bits]
    room = len(cols) < MAX_COLUMNS
    if t == ROLL_CODE:
        if room:
            return len(cols)
        return min(ok, key=lambda i: (cols[i][1], i)) if ok else None
    if ok:
        return max(ok, key=lambda i: (not cols[i][0] & ROLL_BIT, cols[i][1], -i))
    return len(cols) if room else None


def bust_time_distribution(game) -> dict:
    """Exact distribution of the number of cards drawn until a bust, always drawing.

    From ``game`` (phase ``turn`` or ``push``) the active player draws card after card from
    the draw pile in a random order, each card placed by the bots' rule
    (:func:`~pushlab.luck.bots.placement`), until a card fits no column (rule 11). The
    count includes the busting card and any switch cards drawn on the way (they are set
    aside and never bust). Returns ``{k: P(bust on the k-th card)}`` as exact Fractions
    summing to 1; key 0 is "the pile ran out first" when that can happen.

    Switch cards do not change placement, so the search runs over the other cards only
    (states: the columns and the cards left) and the switch cards are then spread over
    the draws exactly (a negative hypergeometric law). A table with few cards leaves
    very many ways to go on: when one depth holds more than :data:`BUST_TIME_STATES`
    states (or is growing fast enough to pass that at the next) it raises
    :class:`~pushlab.errors.SetupError` (put more cards on the table).

    >>> from pushlab.luck import Game
    >>> g = Game.new(3, deck="R1 B1 G1 Y1 P1 Y3", rolls="*")
    >>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
    ...     g = g.apply(a)
    >>> bust_time_distribution(g)          # Y1 or P1 first: bust at once; Y3 first: the next card busts
    {1: Fraction(2, 3), 2: Fraction(1, 3)}
    """
    from math import comb

    cols0, pile, _placed = _table(game)
    counts = np.bincount(pile.astype(np.int64), minlength=NUM_CODES)
    switches = int(counts[SWITCH_CODE])
    others = tuple(int(c) for c in counts[:SWITCH_CODE])
    n0 = sum(others)
    start = tuple((int(np.bitwise_or.reduce(CARD_MASK[list(c)])), int(_CODE_POINTS[list(c)].sum()))
                  for c in cols0)
    layer = {(start, others): 1}
    busts = {}                 # non-switch cards drawn -> weight (sum over ordered draws of copies)
    survive = 0
    depth = 0
    while layer:
        depth += 1
        nxt = {}
        bust = 0
        for (cols, left), weight in layer.items():
            for t, m in enumerate(left):
                if not m:
                    continue
                w = weight * m
                i = _place_code(t, cols)
                if i is None:
                    bust += w
                    continue
                bits, pts = int(CARD_MASK[t]), int(_CODE_POINTS[t])
                new = cols + ((bits, pts),) if i == len(cols) else \
                    cols[:i] + ((cols[i][0] | bits, cols[i][1] + pts),) + cols[i + 1:]
                key = (new, left[:t] + (m - 1,) + left[t + 1:])
                nxt[key] = nxt.get(key, 0) + w
        if bust:
            busts[depth] = bust
        if depth == n0:
            survive = sum(nxt.values())
            break
        growth = len(nxt) / max(1, len(layer))
        if len(nxt) * max(growth, 1.0) > BUST_TIME_STATES:
            raise SetupError(f"this table leaves too many ways to go on ({len(nxt):,} tables after "
                             f"{depth} cards): put more cards in its columns")
        layer = nxt
    total = n0 + switches
    out = {}
    falling = 1
    for n in range(1, max(busts, default=0) + 1):
        falling *= n0 - n + 1
        if n not in busts:
            continue
        p_n = Fraction(busts[n], falling)
        for j in range(switches + 1):      # j switch cards among the draws before the n-th other card
            ways = comb(n - 1 + j, j) * comb(total - n - j, switches - j)
            if ways:
                out[n + j] = out.get(n + j, 0) + p_n * Fraction(ways, comb(total, switches))
    if survive:
        falling = 1
        for k in range(n0):
            falling *= n0 - k
        out[0] = Fraction(survive, falling)
    return dict(sorted(out.items()))


# ---------------------------------------------------------------------- whole games
@dataclass(frozen=True)
class GamesResult:
    """Final scores of many simulated games: ``scores`` and fractional ``wins``, games x seats."""

    scores: np.ndarray
    wins: np.ndarray
    turns: np.ndarray = dataclasses.field(repr=False)

    @property
    def games(self) -> int:
        """Number of games."""
        return len(self.scores)

    def mean_scores(self) -> np.ndarray:
        """Mean final score per seat."""
        return self.scores.mean(0)

    def win_rates(self) -> np.ndarray:
        """Share of wins per seat (a tie between m players gives each 1/m)."""
        return self.wins.mean(0)

    def mean_score(self):
        """(mean, low, high) score per seat with 95% t intervals (as in tournaments)."""
        return column_mean_ci(self.scores)

    def win_rate(self):
        """(rate, low, high) win rate per seat with 95% Wilson intervals on the win shares."""
        return rate_ci(self.wins)


def fractional_wins(scores) -> np.ndarray:
    """Wins per game and seat: 1/m for each of the m top scorers.

    >>> fractional_wins(np.array([[3, 5, 5], [9, 1, 2]])).tolist()
    [[0.0, 0.5, 0.5], [1.0, 0.0, 0.0]]
    """
    scores = np.asarray(scores)
    top = scores == scores.max(1, keepdims=True)
    return top / top.sum(1, keepdims=True)


def random_decks(games: int, rng, *, switch_cards: bool = True) -> np.ndarray:
    """``games`` shuffled full decks as codes (games x 120, or x 108 without switch cards)."""
    deck = encode(full_deck(switch_cards))
    return rng.permuted(np.tile(deck, (games, 1)), axis=1)


def simulate_games(games: int = 10_000, players: int = 4, *, k=5, bank_at=DEFAULT_BANK_AT,
                   rng=None, harder: bool = False, switch_cards=None, decks=None, dice=None,
                   batch: int = 20_000, random=False, switch_rule="turn") -> GamesResult:
    """Play whole games in lock-step with numpy; every seat is ``StopAfter(k, bank_at)``.

    ``k`` and ``bank_at`` may be one value or one per seat (``None``: never bank).
    ``random`` (one bool or one per seat) makes seats play like ``RandomBot(bank_at)``
    instead: after the bank rule, uniformly random among the legal actions (draw or
    bank a colour; place; draw or stop; take), decisions drawn from ``rng``; such games
    agree with the engine in distribution only.
    The bots' shared rules (bank, place, take) are those of :mod:`pushlab.luck.bots`,
    so each game equals the ``Game.apply`` game with the same deck and die faces:
    pass ``decks`` (games x cards, codes, top first) and ``dice`` (games x faces 0..5,
    at least as many as cards) to fix them, else both come from ``rng`` (batch by
    batch, so the games drawn for a seed depend on ``batch`` too).
    ``switch_rule`` is the engine's (rule 10): ``"turn"`` (the direction resets every
    turn) or ``"game"`` (it lasts until the next switch card).

    >>> res = simulate_games(2000, 4, k=3, rng=np.random.default_rng(0))
    >>> res.scores.shape, bool(abs(res.win_rates().sum() - 1) < 1e-9)
    ((2000, 4), True)
    """
    kk, ba = _per_seat(k, bank_at, players)
    lasting = check_switch_rule(switch_rule) == "game"
    policies = [Policy(StopRule("after", int(ks)), None if b == _NEVER else BankRule("at", int(b)))
                for ks, b in zip(kk, ba)]
    rand = np.broadcast_to(np.asarray(random, dtype=bool), (players,)).copy() \
        if np.ndim(random) == 0 or len(random) == players else None
    if rand is None:
        raise SetupError(f"random must be one bool or one per seat, got {random!r}")
    if rand.any() and not isinstance(rng, np.random.Generator):
        raise SetupError("random seats need a numpy Generator (rng=np.random.default_rng(seed))")
    if switch_cards is None:
        switch_cards = players > 2
    if decks is None:
        if rng is None or not isinstance(rng, np.random.Generator):
            raise SetupError("simulate_games needs a numpy Generator (np.random.default_rng(seed))")
    else:
        decks = np.asarray(decks, dtype=np.int64)
        games = len(decks)
        if decks.ndim != 2 or (decks < 0).any() or (decks >= NUM_CODES).any():
            raise SetupError("decks must be a games x cards array of card codes 0..31")
    if dice is not None:
        dice = np.asarray(dice, dtype=np.int64)
        if dice.shape[0] != games or (decks is not None and dice.shape[1] < decks.shape[1]) \
                or (dice < 0).any() or (dice > STAR_FACE).any():
            raise SetupError("dice must be a games x (>= cards) array of faces 0..5")
    parts = []
    for lo in range(0, games, batch):
        hi = min(games, lo + batch)
        dk = decks[lo:hi] if decks is not None else \
            random_decks(hi - lo, rng, switch_cards=switch_cards)
        dc = dice[lo:hi] if dice is not None else \
            rng.integers(0, 6, size=dk.shape, dtype=np.int8)
        rules = _Rules(policies, dk.shape[1], harder)
        parts.append(_Lockstep(dk, dc, players, rules, harder, rand, rng, lasting=lasting).run())
    scores = np.concatenate([p[0] for p in parts]) if parts else np.zeros((0, players), int)
    turns = np.concatenate([p[1] for p in parts]) if parts else np.zeros(0, int)
    return GamesResult(scores, fractional_wins(scores) if len(scores) else scores * 0.0, turns)


def _per_seat(k, bank_at, players):
    """Per-seat arrays of k and bank thresholds (None -> never)."""
    if not is_count(players, 2, 6):
        raise SetupError(f"Push needs 2 to 6 players, got {players!r}")
    try:
        kk = np.broadcast_to(np.asarray(k, dtype=object), (players,))
        bb = np.broadcast_to(np.asarray(bank_at, dtype=object), (players,))
    except ValueError:
        raise SetupError(f"k and bank_at need one value or one per seat ({players}), "
                         f"got k={k!r}, bank_at={bank_at!r}") from None
    if any(not is_count(x) for x in kk):
        raise SetupError(f"k must be an int >= 1 (or one per seat), got {k!r}")
    if any(x is not None and not is_count(x) for x in bb):
        raise SetupError(f"bank_at must be an int >= 1 or None (or one per seat), got {bank_at!r}")
    return (np.array([int(x) for x in kk]),
            np.array([_NEVER if x is None else int(x) for x in bb]))


# ---------------------------------------------------------------------- the two readings of rule 10
def compare_switch_rules(games: int = 20_000, players: int = 4, *, k=4, bank_at=DEFAULT_BANK_AT,
                         rng=None, batch: int = 2_000, progress=None) -> dict:
    """Whole games under both readings of rule 10 on the same decks and dice.

    Returns ``{"turn": GamesResult, "game": GamesResult}`` (``switch_rule`` values); game
    ``i`` of both results was dealt the same shuffled deck and die faces (common random
    numbers), so per-game differences are paired. Every seat plays ``StopAfter(k,
    bank_at)`` as in :func:`simulate_games`. ``progress(done, total)`` is called after
    each batch. Needs 3-6 players: with 2 the switch cards are removed (rule 3).

    >>> res = compare_switch_rules(200, 3, rng=np.random.default_rng(0))
    >>> sorted(res), res["turn"].scores.shape, bool((res["turn"].scores != res["game"].scores).any())
    (['game', 'turn'], (200, 3), True)
    """
    if not is_count(players, 3, 6):
        raise SetupError(f"comparing the switch rules needs 3 to 6 players (with 2 the switch "
                         f"cards are removed, rule 3), got {players!r}")
    if not isinstance(rng, np.random.Generator):
        raise SetupError("compare_switch_rules needs a numpy Generator (rng=np.random.default_rng(seed))")
    if not is_count(games):
        raise SetupError(f"games must be a positive int, got {games!r}")
    rules = ("turn", "game")
    parts = {rule: [] for rule in rules}
    for lo in range(0, games, batch):
        decks = random_decks(min(games, lo + batch) - lo, rng)
        dice = rng.integers(0, 6, size=decks.shape, dtype=np.int8)
        for rule in rules:
            parts[rule].append(simulate_games(players=players, k=k, bank_at=bank_at, decks=decks,
                                              dice=dice, switch_rule=rule))
        if progress is not None:
            progress(min(games, lo + batch), games)
    return {rule: GamesResult(*(np.concatenate([getattr(r, f) for r in parts[rule]])
                                for f in ("scores", "wins", "turns")))
            for rule in rules}


# ---------------------------------------------------------------------- from a position
@dataclass(frozen=True)
class Continuations:
    """Continuations of one position to the end, per first action (arrays: action x rollout x ...).

    ``scores`` and fractional ``wins`` (action x rollout x seat), ``rolls``: die rolls each
    seat faced from the position on, ``lost``: whether the deciding player lost the bench
    cards of each colour (RBGYP) they held at the position to a roll before banking them
    (action x rollout x 5). Rollout ``i`` of every action used the same shuffle and dice.
    """

    actions: tuple
    player: int
    scores: np.ndarray = dataclasses.field(repr=False)
    wins: np.ndarray = dataclasses.field(repr=False)
    rolls: np.ndarray = dataclasses.field(repr=False)
    lost: np.ndarray = dataclasses.field(repr=False)

    @property
    def rollouts(self) -> int:
        """Continuations per action."""
        return self.scores.shape[1]

    def index(self, action) -> int:
        """Position of ``action`` in :attr:`actions` (SetupError if it was not simulated)."""
        if action not in self.actions:
            raise SetupError(f"{action!r} was not simulated; actions: {self.actions!r}")
        return self.actions.index(action)


def simulate_from(game, rollouts: int = 1000, policy=None, *, actions=None, rng=None,
                  decks=None, dice=None, policy_index=None) -> Continuations:
    """Play ``rollouts`` continuations of ``game`` to the end for each first action, in numpy.

    From the deciding player's information: each continuation reshuffles the draw
    pile's cards (its make-up is what a card counter knows, its order is hidden) and
    draws fresh die faces; the visible table stays as it is. ``actions``: the deciding
    player's first decisions to compare (legal actions; ``None`` in the list, or
    ``actions=None``, lets the policy decide); every action sees the same shuffles and
    dice (common random numbers). Then every seat plays ``policy`` (one for all, or a
    list per seat: a :class:`~pushlab.luck.policy.Policy`, its text, or a ``StopAfter``
    / ``StopAtRisk`` bot; default :data:`~pushlab.luck.policy.DEFAULT_POLICY`). A policy
    it cannot run raises :class:`~pushlab.errors.UnsupportedPolicy`.

    ``decks`` (rollouts x pile, codes, top first) and ``dice`` (rollouts x >= pile + 8
    faces 0..5) fix the chance: the result then equals :func:`continue_engine`'s.

    **Several policy tables in one call** (``policy_index``, one int per rollout):
    ``policy`` is then a list of tables (each one policy for every seat or a list per
    seat) and rollout ``i`` is played by table ``policy_index[i]``. Rollouts never
    interact, so each equals the rollout of a call with its table alone on the same
    deck and dice; one call with many tables saves the lock-step loop's per-step cost
    (a policy search evaluates many candidates at once).

    >>> from pushlab.luck import Game
    >>> g = Game.new(3, seed=2)
    >>> c = simulate_from(g, 500, "after 4", actions=["draw"], rng=np.random.default_rng(0))
    >>> c.scores.shape, bool(abs(c.wins.sum(2) - 1).max() < 1e-9)
    ((1, 500, 3), True)
    >>> d = random_decks(4, np.random.default_rng(1)); f = np.zeros((4, d.shape[1] + 8), int)
    >>> both = simulate_from(Game.new(4), policy=["after 3", "after 6"], decks=d, dice=f,
    ...                      policy_index=[0, 1, 0, 1])
    >>> alone = simulate_from(Game.new(4), policy="after 6", decks=d[1::2], dice=f[1::2])
    >>> bool((both.scores[0, 1::2] == alone.scores[0]).all())
    True

    """
    if game.is_over:
        raise SetupError("the game is over: there is nothing to continue")
    n = game.num_players
    if policy_index is None:
        policies, tables = seat_policies(policy, n), 1
    else:
        if not isinstance(policy, (list, tuple)) or not policy:
            raise SetupError("with policy_index, policy must be a non-empty list of policy tables")
        policies = [p for table in policy for p in seat_policies(table, n)]
        tables = len(policy)
    acts = (None,) if actions is None else tuple(
        None if a is None else game.canonical(a) for a in actions)
    if not acts:
        raise SetupError("actions must name at least one action (or be None)")
    pile = encode(game.draw_pile).astype(np.int64)
    L = len(pile)
    width = L + 8                               # every roll uses a pile card, or one on the table
    if decks is None:
        if not isinstance(rng, np.random.Generator):
            raise SetupError("simulate_from needs a numpy Generator (rng=np.random.default_rng(seed))")
        rollouts = int(rollouts)
        if rollouts < 1:
            raise SetupError(f"rollouts must be >= 1, got {rollouts!r}")
        decks = rng.permuted(np.tile(pile, (rollouts, 1)), axis=1)
    else:
        decks = np.asarray(decks, dtype=np.int64).reshape(len(decks), -1)
        rollouts = len(decks)
        if decks.shape[1] != L or (np.sort(decks, 1) != np.sort(pile)).any():
            raise SetupError("decks must be permutations of the draw pile, one per row")
    if dice is None:
        if not isinstance(rng, np.random.Generator):
            raise SetupError("simulate_from needs a numpy Generator for the dice")
        dice = rng.integers(0, 6, size=(rollouts, width), dtype=np.int8)
    else:
        dice = np.asarray(dice, dtype=np.int64)
        if dice.shape[0] != rollouts or dice.shape[1] < width or (dice < 0).any() \
                or (dice > STAR_FACE).any():
            raise SetupError(f"dice must be a rollouts x (>= {width}) array of faces 0..5")
    A = len(acts)
    table = None
    if policy_index is not None:
        table = np.asarray(policy_index)
        if table.shape != (rollouts,) or table.dtype.kind not in "iu" \
                or (table < 0).any() or (table >= tables).any():
            raise SetupError(f"policy_index must hold one table number 0..{tables - 1} per "
                             f"rollout ({rollouts})")
        table = np.tile(table, A)
    rules = _Rules(policies, L, game.harder, players=n)
    me = game.current_player
    sim = _Lockstep(np.tile(decks, (A, 1)), np.tile(dice, (A, 1)), n, rules, game.harder,
                    start=game, watch=me, table=table)
    rows = np.arange(A * rollouts).reshape(A, rollouts)
    groups = {}
    for a, r in zip(acts, rows):
        groups[a] = np.concatenate([groups[a], r]) if a in groups else r
    sim.begin(game, groups)
    scores, _ = sim.run()
    held = np.zeros(5, bool)
    for card in game.benches[me]:
        held[COLOURS.index(card.colour)] = True
    return Continuations(
        acts, me, scores.reshape(A, rollouts, n), fractional_wins(scores).reshape(A, rollouts, n),
        sim.rolls.reshape(A, rollouts, n), (sim.lost & held).reshape(A, rollouts, 5))


def continue_engine(game, policy, decks, dice, action=None) -> list:
    """The reference for :func:`simulate_from`: each continuation played with ``Game.apply``.

    Row ``i`` replaces the draw pile by ``decks[i]`` and the die by ``dice[i]``; the
    deciding player's first decision is ``action`` (None: the policy's), then every seat
    plays its policy. Returns the final ``Game`` of each row.
    """
    n = game.num_players
    bots = seat_policies(policy, n)
    out = []
    for deck, faces in zip(np.asarray(decks), np.asarray(dice)):
        g = dataclasses.replace(game, draw_pile=decode(deck), die=die_string(faces), die_index=0)
        if action is not None:
            g = g.apply(action)
        out.append(play(g, bots) if not g.is_over else g)
    return out


# ---------------------------------------------------------------------- policies in numpy
_AFTER, _RISK = 0, 1
_NO_BANK, _BANK_AT, _BANK_LOSS = 0, 1, 2


def seat_policies(policy, players: int) -> list:
    """One :class:`~pushlab.luck.policy.Policy` per seat, checked runnable by the batched simulator.

    ``policy``: one for every seat (a Policy, its text, or a ``StopAfter`` / ``StopAtRisk``
    bot; None: :data:`~pushlab.luck.policy.DEFAULT_POLICY`) or a list of one per seat.
    A policy the simulator cannot run (the ``optimal`` stop rule) raises
    :class:`~pushlab.errors.UnsupportedPolicy`; a list of the wrong length SetupError.

    >>> seat_policies("after 4, bank at 12", 2)
    [Policy('after 4, bank at 12'), Policy('after 4, bank at 12')]
    >>> seat_policies(["after 3", "risk 0.2"], 2)
    [Policy('after 3'), Policy('risk 0.2')]
    >>> seat_policies(["after 3"], 2)
    Traceback (most recent call last):
    ...
    pushlab.errors.SetupError: one policy per seat: 2 seats but 1 policies
    """
    if policy is None:
        policy = DEFAULT_POLICY
    if isinstance(policy, (list, tuple)):
        if len(policy) != players:
            raise SetupError(f"one policy per seat: {players} seats but {len(policy)} policies")
        seats = [Policy.of(p) for p in policy]
    else:
        seats = [Policy.of(policy)] * players
    for p in seats:
        for rule in (p.stop, p.endgame.stop if p.endgame else None):
            if rule is not None and rule.kind == "optimal":
                raise UnsupportedPolicy(
                    f"the batched simulator cannot run the stop rule 'optimal' of {p} (a one-turn "
                    "expectimax per decision); use 'after K' or 'risk P', or play it with the engine")
    return seats


class _StopArrays:
    """One stop rule per seat: ``k`` (after; huge for risk), risk flags, ``need`` [seat, pile]."""

    def __init__(self, rules, L):
        n = len(rules)
        self.k = np.full(n, _NEVER, np.int64)
        self.risk = np.zeros(n, bool)
        self.need = np.zeros((n, L + 1), np.int64)
        for s, rule in enumerate(rules):
            if rule is None:
                continue
            if rule.kind == "after":
                self.k[s] = rule.value
            else:
                p = rule.risk                   # stop iff bust / r >= p  <=>  bust >= ceil(p * r)
                self.risk[s] = True
                self.need[s] = [-(-p.numerator * r // p.denominator) for r in range(L + 1)]


class _Rules:
    """The seats' policies compiled to numpy arrays for a pile of ``L`` cards.

    ``policies``: one per seat, or with ``players`` given, several tables of one per
    seat laid end to end (rule ``t * players + seat`` of table ``t``).
    """

    def __init__(self, policies, L, harder, players=None):

        n = players or len(policies)
        self.main = _StopArrays([p.stop for p in policies], L)
        self.end_pile = np.array([p.endgame.pile if p.endgame else -1 for p in policies], np.int64)
        self.end = _StopArrays([p.endgame.stop if p.endgame else None for p in policies], L)
        self.has_endgame = bool((self.end_pile >= 0).any())
        self.any_risk = bool(self.main.risk.any() or self.end.risk.any())
        self.bank_kind = np.zeros(len(policies), np.int64)
        self.bank_at = np.zeros(len(policies), np.int64)
        self.loss_need = np.zeros(len(policies), np.int64)
        # bank loss t: points * (rolls + f * pile) / n * (1 + harder) / 6 >= t, f = a / b;
        # in integers: points * (b * rolls + a * pile) * (1 + harder) >= ceil(t * 6 * b * n)
        self.fa, self.fb = BUSTS_PER_CARD.numerator, BUSTS_PER_CARD.denominator
        for s, p in enumerate(policies):
            if p.bank is None:
                continue
            if p.bank.kind == "at":
                self.bank_kind[s], self.bank_at[s] = _BANK_AT, p.bank.value
            else:
                t = Fraction(p.bank.value) * 6 * self.fb * n
                self.bank_kind[s], self.loss_need[s] = _BANK_LOSS, -(-t.numerator // t.denominator)
        self.any_loss = bool((self.bank_kind == _BANK_LOSS).any())
        self.any_bank = bool((self.bank_kind != _NO_BANK).any())
        self.counts = self.any_risk or self.any_loss


class _Lockstep:
    """B games stepped together: one draw (or bank) per live game per iteration.

    Starts from the beginning of a game, or from ``start`` (a Game: its visible table
    copied into every row; the rows' decks then hold the rest of the draw pile). Every
    seat plays its Policy (:class:`_Rules`); ``random`` seats play like RandomBot.
    """

    def __init__(self, decks, dice, n, rules, harder, random=None, rng=None, start=None,
                 watch=None, lasting=False, table=None):
        B, L = decks.shape
        self.base = None if table is None else np.asarray(table, np.int64) * n  # rule offset per row
        self.lasting = lasting          # switch_rule="game": the direction self.reversed lasts
        self.decks, self.dice, self.n, self.rules = decks, dice, n, rules
        self.random = np.zeros(n, bool) if random is None else random
        self.any_random, self.rng = bool(self.random.any()), rng
        self.harder, self.L = bool(harder), L
        self.pos = np.zeros(B, np.int64)
        self.di = np.zeros(B, np.int64)
        self.active = np.zeros(B, np.int64)
        self.turns = np.ones(B, np.int64)
        self.bench = np.zeros((B, n), np.int64)      # packed points per colour
        self.bench_points = np.zeros((B, n), np.int64)     # each seat's bench points
        self.bank = np.zeros((B, n), np.int64)
        self.cols = np.full((B, MAX_COLUMNS), FULL, np.int64)
        self.column_points = np.zeros((B, MAX_COLUMNS), np.int64)    # each column's points
        self.column_colours = np.zeros((B, MAX_COLUMNS), np.int64)   # ... packed per colour (6 bits each)
        self.ncols = np.zeros(B, np.int64)
        self.placed = np.zeros(B, np.int64)
        self.reversed = np.zeros(B, bool)              # collection runs counter-clockwise
        self.fresh = np.ones(B, bool)
        self.done = np.full(B, L == 0)
        self.rolls = np.zeros((B, n), np.int64)
        # the watched seat's bench colours (at the start) lost to a roll before being banked
        self.watch = watch
        self.lost = np.zeros((B, 5), bool)
        self.safe = np.zeros((B, 5), bool)
        self.counts = None
        if rules.counts:
            self.counts = np.tile(np.bincount(decks[0], minlength=NUM_CODES).astype(np.int16), (B, 1)) \
                if B else np.zeros((0, NUM_CODES), np.int16)
        if start is not None:
            self._copy_table(start)

    def _copy_table(self, game):
        """Copy the visible table of ``game`` into every row."""
        for i, (bench, bank) in enumerate(zip(game.benches, game.banks)):
            codes = [_code(c) for c in bench]
            self.bench[:, i] = _PACKED[codes].sum()
            self.bench_points[:, i] = _CODE_POINTS[codes].sum()
            self.bank[:, i] = sum(c.points for c in bank)
        for j, col in enumerate(game.columns):
            codes = [_code(c) for c in col]
            self.cols[:, j] = np.bitwise_or.reduce(CARD_MASK[codes])
            self.column_points[:, j] = _CODE_POINTS[codes].sum()
            self.column_colours[:, j] = _PACKED[codes].sum()
        self.ncols[:] = len(game.columns)
        self.placed[:] = sum(len(c) for c in game.columns)
        self.reversed[:] = game.direction < 0
        self.lasting = game.switch_rule == "game"
        self.active[:] = game.active_player
        self.turns[:] = game.turn
        self.fresh[:] = game.phase == "turn"
        self.done[:] = game.is_over

    # -- the first decision (from a position)
    def begin(self, game, groups):
        """Make the deciding player's first decision: ``groups`` maps an action (or None:
        the policy decides) to its rows."""
        phase = game.phase
        for action, rows in groups.items():
            verb, _, arg = (action or "").partition(" ")
            if phase == "turn" and verb == "bank":
                c = COLOURS.index(arg)
                p = self.active[rows]
                self._bank(rows, p, np.full(rows.size, c), self.bench[rows, p] >> (6 * c) & 63)
            elif phase == "turn" and verb == "draw":
                self.draw(rows)
            elif phase == "push" and verb == "draw":
                self.draw(rows)
            elif phase == "push" and verb == "stop":
                self.collect(rows, 0)
                self.end_turn(rows)
            elif phase == "place":
                pc = np.full(rows.size, _code(game.pending), np.int64)
                slot = np.full(rows.size, int(arg)) if verb == "place" else \
                    _place_slots(pc, self.ncols[rows], self.cols[rows], self.column_points[rows])
                self._place(rows, pc, slot)
                self._pile_out(rows)
            elif phase == "collect":
                j = ((game.collector - game.active_player) * game.direction) % self.n
                self.collect(rows, j, force=int(arg) if verb == "take" else None)
                self.end_turn(rows)

    def run(self):
        """Play every game to the end; return (scores, turns)."""
        while True:
            live = np.flatnonzero(~self.done)
            if live.size == 0:
                break
            fresh = self.fresh[live]
            drawers = [self.start_turn(live[fresh]), self.push(live[~fresh])]
            self.draw(np.concatenate(drawers))
        return self.bench_points + self.bank, self.turns

    def start_turn(self, rows):
        """Bank by the rule where it triggers (that ends the turn); return the drawers."""
        if rows.size == 0 or not (self.rules.any_bank or self.any_random):
            return rows
        p = self.active[rows]
        ri = self._rule(rows, p)
        bp = self.bench[rows, p][:, None] >> _SHIFTS & 63
        c = bp.argmax(1)
        top = bp[np.arange(rows.size), c]
        kind = self.rules.bank_kind[ri]
        do = (kind == _BANK_AT) & (top >= self.rules.bank_at[ri])
        if self.rules.any_loss:
            r = self.rules
            rolls = self.counts[rows, ROLL_CODE].astype(np.int64)
            pile = self.L - self.pos[rows]
            x = top * (r.fb * rolls + r.fa * pile) * (1 + self.harder)
            do |= (kind == _BANK_LOSS) & (x >= r.loss_need[ri])
        do &= top > 0
        if self.any_random:
            do, c, top = self.random_bank(p, bp, do, c, top)
        self._bank(rows[do], p[do], c[do], top[do])
        return rows[~do]

    def _bank(self, rows, p, c, points):
        """Players ``p`` bank colour ``c`` (``points`` of it) in ``rows``; the turn ends."""
        self.bank[rows, p] += points
        self.bench[rows, p] &= ~(63 << (6 * c))
        self.bench_points[rows, p] -= points
        if self.watch is not None:
            mine = p == self.watch
            self.safe[rows[mine], c[mine]] = True
        self.next_turn(rows)

    def random_bank(self, seats, bench_colours, banks, colour, points):
        """Random seats not banking by rule: uniform over draw and each bench colour.

        ``seats``: the player to move in each row; ``bench_colours``: their bench points per
        colour (rows x 5); ``banks``, ``colour``, ``points``: the rules' decision per row (bank
        or not, which colour, its points). Returns those three with the random seats' picks."""
        r = np.flatnonzero(self.random[seats] & ~banks)
        have = bench_colours[r] > 0
        u = self.rng.integers(0, 1 + have.sum(1))
        pick = np.flatnonzero(u > 0)
        picked = (have[pick].cumsum(1) == u[pick, None]).argmax(1)
        colour, points, banks = colour.copy(), points.copy(), banks.copy()
        colour[r[pick]] = picked
        points[r[pick]] = bench_colours[r[pick], picked]
        banks[r[pick]] = True
        return banks, colour, points

    def _rule(self, rows, p):
        """Index into the compiled rules of seat ``p`` in ``rows`` (its row's table)."""
        return p if self.base is None else self.base[rows] + p

    def push(self, rows):
        """Stop by the seat's rule (collect, end turn); return the drawers."""
        p = self.active[rows]
        ri = self._rule(rows, p)
        rules = self.rules
        rem = self.L - self.pos[rows]
        if rules.has_endgame:
            e = rem <= rules.end_pile[ri]
            k = np.where(e, rules.end.k[ri], rules.main.k[ri])
        else:
            k = rules.main.k[ri]
        stop = self.placed[rows] >= k
        if rules.any_risk:
            if rules.has_endgame:
                risky = np.where(e, rules.end.risk[ri], rules.main.risk[ri])
                need = np.where(e, rules.end.need[ri, rem], rules.main.need[ri, rem])
            else:
                risky, need = rules.main.risk[ri], rules.main.need[ri, rem]
            r = np.flatnonzero(risky)
            bust = _bust_counts(self.ncols[rows[r]], self.cols[rows[r]], self.counts[rows[r]])
            stop[r] |= bust >= need[r]
        stop &= self.ncols[rows] > 0
        stop |= rem == 0
        if self.any_random:
            r = self.random[p]
            coin = self.rng.random(rows.size) < 0.5
            stop = np.where(r, coin & (self.ncols[rows] > 0), stop)
        self.collect(rows[stop], 0)
        self.end_turn(rows[stop])
        return rows[~stop]

    def draw(self, rows):
        """Draw one card in each of ``rows`` and resolve it (place, switch, bust)."""
        card = self.decks[rows, self.pos[rows]].astype(np.int64)
        self.pos[rows] += 1
        if self.counts is not None:
            self.counts[rows, card] -= 1
        self.fresh[rows] = False
        switch = card == SWITCH_CODE
        self.reversed[rows] ^= switch
        pr, pc = rows[~switch], card[~switch]
        slot = _place_slots(pc, self.ncols[pr], self.cols[pr], self.column_points[pr])
        if self.any_random:
            self.random_place(pr, pc, slot)
        ok = slot >= 0
        self._place(pr[ok], pc[ok], slot[ok])
        bust = pr[~ok]
        self.roll(bust, self.active[bust])
        self.collect(bust, 1)
        self.end_turn(bust)
        self._pile_out(rows)

    def _place(self, rows, cards, slots):
        """Put card codes ``cards`` into column slots ``slots`` of ``rows``."""
        _put(rows, cards, slots, self.ncols, self.cols, self.column_points)
        self.column_colours[rows, slots] += _PACKED[cards]
        self.placed[rows] += 1

    def _pile_out(self, rows):
        """Rows whose pile ran out during the push: stop (or end the turn with no column)."""
        out = rows[(self.pos[rows] == self.L) & ~self.done[rows] & ~self.fresh[rows]]
        self.collect(out[self.ncols[out] > 0], 0)
        self.end_turn(out)

    def random_place(self, rows, pc, slot):
        """Random seats: a uniform legal placement (a fitting column or a new one)."""
        r = np.flatnonzero(self.random[self.active[rows]] & (slot >= 0))
        if r.size == 0:
            return
        fit = (self.cols[rows[r]] & CARD_MASK[pc[r]][:, None]) == 0
        nfit = fit.sum(1)
        ncols = self.ncols[rows[r]]
        u = self.rng.integers(0, nfit + (ncols < MAX_COLUMNS))
        chosen = (fit.cumsum(1) > u[:, None]).argmax(1)
        slot[r] = np.where(u < nfit, chosen, ncols)

    def collect(self, rows, first, force=None):
        """Collection (rules 13, 15): players ``first``, ``first``+1, ... in direction.

        ``force``: the column the first collector takes (else the shared take rule).
        Works on a copy of the rows' columns: :meth:`end_turn`, which always follows,
        clears the table.
        """
        n, loss = self.n, 1 + self.harder
        bench, bench_points = self.bench.reshape(-1), self.bench_points.reshape(-1)
        cols, column_points, column_colours = self.cols[rows], self.column_points[rows], self.column_colours[rows]
        base = self.active[rows]
        sign = np.where(self.reversed[rows], -1, 1)
        for j in range(first, n):
            present = cols != FULL
            keep = present.any(1)
            if not keep.all():
                rows, cols, column_points, column_colours, base, sign, present = (
                    x[keep] for x in (rows, cols, column_points, column_colours, base, sign, present))
            if rows.size == 0:
                return
            p = (base + sign * j) % n
            bi = rows * n + p
            has_roll = (cols & ROLL_BIT) != 0
            if force is not None and j == first:
                s = np.full(rows.size, force)
            else:
                value = 6 * column_points - has_roll * loss * (bench_points[bi][:, None] + column_points)
                s = np.where(present, value, -_NEVER).argmax(1)
            if self.any_random:
                r = np.flatnonzero(self.random[p])
                u = self.rng.integers(0, present[r].sum(1))
                s[r] = (present[r].cumsum(1) > u[:, None]).argmax(1)
            ar = np.arange(rows.size)
            bench[bi] += column_colours[ar, s]
            bench_points[bi] += column_points[ar, s]
            rolled = has_roll[ar, s]
            if rolled.any():
                self.roll(rows[rolled], p[rolled])
            cols[ar, s] = FULL
            column_points[ar, s] = 0
            column_colours[ar, s] = 0

    def roll(self, rows, players):
        """Roll the die for ``players`` and discard bench cards as rolled (rules 11, 15, 19)."""
        if rows.size == 0:
            return
        face = self.dice[rows, self.di[rows]].astype(np.int64)
        self.di[rows] += 1
        self.rolls[rows, players] += 1
        colour = face < STAR_FACE
        bi = rows * self.n + players
        if self.watch is not None:
            mine = players == self.watch
            if mine.any():
                r, f = rows[mine], face[mine]
                hit = np.zeros((r.size, 5), bool)
                c = f < STAR_FACE
                hit[np.flatnonzero(c), f[c]] = True
                if self.harder:
                    hit[~c] = True
                self.lost[r] |= hit & ~self.safe[r]
        bench, bench_points = self.bench.reshape(-1), self.bench_points.reshape(-1)
        b, f = bi[colour], _SHIFTS[face[colour]]
        bench_points[b] -= bench[b] >> f & 63
        bench[b] &= ~(63 << f)
        if self.harder:
            bench[bi[~colour]] = 0
            bench_points[bi[~colour]] = 0

    def end_turn(self, rows):
        """Clear the table, reset the turn, next player; the game ends on an empty pile."""
        if rows.size == 0:
            return
        self.cols[rows] = FULL
        self.column_points[rows] = 0
        self.column_colours[rows] = 0
        self.ncols[rows] = 0
        self.placed[rows] = 0
        if not self.lasting:
            self.reversed[rows] = False
        self.done[rows] |= self.pos[rows] >= self.L
        self.next_turn(rows[~self.done[rows]])

    def next_turn(self, rows):
        """Pass the turn clockwise."""
        self.fresh[rows] = True
        self.active[rows] = (self.active[rows] + 1) % self.n
        self.turns[rows] += 1


def policy_duel(k_a: int, k_b: int, games: int, rng, *, opponent_k: int = 4, bank_at=None):
    """Policy "stop after k_a cards" and "stop after k_b cards" on the same games.

    Each plays seat 0 of a two-player game against ``StopAfter(opponent_k)`` on the same
    ``games`` decks and dice (common random numbers, drawn from ``rng``), so the per-game
    differences compare the policies, not the luck. Returns ``(result_a, result_b)``,
    two :class:`GamesResult`; seat 0 is the policy.

    >>> a, b = policy_duel(3, 5, 50, np.random.default_rng(1))
    >>> a.scores.shape == b.scores.shape == (50, 2)
    True
    """
    from functools import partial

    if not isinstance(rng, np.random.Generator):
        raise SetupError("policy_duel needs a numpy Generator (np.random.default_rng(seed))")
    decks = random_decks(games, rng, switch_cards=False)
    dice = rng.integers(0, 6, size=decks.shape)
    play = partial(simulate_games, players=2, bank_at=bank_at, decks=decks, dice=dice,
                   switch_cards=False)
    return play(k=[k_a, opponent_k]), play(k=[k_b, opponent_k])
