"""Bots for Push (push-your-luck): ``choose(game, rng) -> action string``.

A bot is any object with a ``choose(game, rng)`` method (and a readable ``name``),
or a plain function ``f(game, rng) -> str``. Every bot here shares three rules
(documented precisely because :mod:`pushlab.luck.sim` re-implements them in numpy):

- **bank** (phase ``turn``): with ``bank_at=x``, bank the bench colour with the most
  points (ties: first in ``RBGYP``) once it holds at least ``x`` points; ``None``
  never banks. Default :data:`DEFAULT_BANK_AT` = None: measured, banking costs a
  threshold bot win rate against non-bankers at every threshold (docs/decisions.md).
- **place** (:func:`placement`): a number card goes to the column that accepts it
  with no roll card and the most points (then any accepting column with the most
  points; ties: lowest index); a new column only when no column accepts it. A roll
  card starts a new column while fewer than three exist, else goes to the accepting
  column with the fewest points.
- **take** (:func:`take_choice`): the column with the highest expected immediate
  points for the collector: its points minus, with a roll card, the expected die
  loss ``(bench + column points) / 6`` (``/ 3`` in the harder game); ties: lowest index.

Subclasses only decide ``draw`` or ``stop`` in phase ``push``.

>>> from pushlab.luck import Game
>>> g = Game.new(3, deck="R3 B5 R4 G1 Y2", rolls="*")
>>> bot = StopAfter(2)
>>> actions = []
>>> while g.phase != "collect":
...     actions.append(bot.choose(g))
...     g = g.apply(actions[-1])
>>> actions
['draw', 'place 0', 'draw', 'place 0', 'stop']
>>> StopAfter(2)
StopAfter(2, bank_at=None)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from pushlab.errors import IllegalAction, SetupError
from pushlab.luck.cards import COLOURS
from pushlab.luck.game import card_fits

DEFAULT_BANK_AT = None  # measured: banking costs StopAfter bots win rate (docs/decisions.md)
MAX_COLUMNS = 3


# ---------------------------------------------------------------------- shared rules
def column_points(column) -> int:
    """Points of the number cards in a column.

    >>> from pushlab.luck import parse_cards
    >>> column_points(parse_cards("R3 roll B5"))
    8
    """
    return sum(c.points for c in column)


def placement(card, columns) -> int | None:
    """The column index the bots put ``card`` in (``len(columns)`` = new); None = bust.

    >>> from pushlab.luck import parse_cards, Card
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

    >>> from pushlab.luck import parse_cards
    >>> take_value6(parse_cards("R3 B5"), 10), take_value6(parse_cards("R3 roll"), 9)
    (48, 6)
    """
    pts = column_points(column)
    roll = any(c.is_roll for c in column)
    return 6 * pts - roll * (1 + harder) * (bench_points + pts)


def take_choice(game) -> int:
    """The column the collector takes: highest expected immediate points, lowest index.

    >>> from pushlab.luck import Game
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

    >>> from pushlab.luck import parse_cards
    >>> bench_colour_points(parse_cards("R3 R5 B1"))
    {'R': 8, 'B': 1}
    """
    out = {}
    for c in bench:
        out[c.colour] = out.get(c.colour, 0) + c.points
    return out


def bank_choice(game, bank_at) -> str | None:
    """The colour to bank now under the rule ``bank_at`` (None: do not bank).

    >>> from pushlab.luck import Game
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


def as_fraction(p) -> Fraction:
    """A probability as an exact Fraction; a float is read as its decimal (0.3 = 3/10).

    >>> as_fraction(0.3), as_fraction(Fraction(1, 3))
    (Fraction(3, 10), Fraction(1, 3))
    """
    if isinstance(p, bool) or not isinstance(p, (int, float, Fraction, np.integer, np.floating)):
        raise SetupError(f"a probability must be a number 0..1, got {p!r}")
    frac = Fraction(repr(float(p))) if isinstance(p, (float, np.floating)) else Fraction(int(p)) \
        if isinstance(p, (int, np.integer)) else p
    if not 0 <= frac <= 1:
        raise SetupError(f"a probability must be 0..1, got {p!r}")
    return frac


def cards_in_columns(game) -> int:
    """Cards placed in columns this turn (number and roll cards).

    >>> from pushlab.luck import Game
    >>> cards_in_columns(Game.new(2, deck="R3 roll").apply("draw").apply("place 0"))
    1
    """
    return sum(len(col) for col in game.columns)


def pile_bust_probability(game) -> Fraction:
    """Exact chance that the next card busts, from the make-up of the draw pile.

    A card-counting player knows this make-up (the full deck minus every card seen);
    only the multiset of ``draw_pile`` is used, never its order.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R1 B1 G1 Y1 R2 roll")
    >>> for a in ["draw", "place 0", "draw", "place 1", "draw", "place 2"]:
    ...     g = g.apply(a)
    >>> pile_bust_probability(g)
    Fraction(1, 3)
    """
    pile = game.draw_pile
    if not pile or len(game.columns) < MAX_COLUMNS:
        return Fraction(0)
    counts = Counter(pile)
    bust = sum(m for card, m in counts.items()
               if not card.is_switch and not any(card_fits(card, col) for col in game.columns))
    return Fraction(bust, len(pile))


def _value_after(card, columns, bench: int, harder: bool) -> int:
    """6 x the value of stopping after ``card`` is drawn (bust: minus the expected loss)."""
    if card.is_switch:
        new = columns
    else:
        i = placement(card, columns)
        if i is None:
            return -(1 + harder) * bench
        new = list(columns)
        if i == len(columns):
            new.append((card,))
        else:
            new[i] = columns[i] + (card,)
    if not new:
        return 0
    return max(take_value6(col, bench, harder) for col in new)


# ---------------------------------------------------------------------- bots
class Bot:
    """Base bot: the shared bank/place/take rules; subclasses decide draw or stop."""

    def __init__(self, bank_at=DEFAULT_BANK_AT):
        if bank_at is not None and (isinstance(bank_at, bool) or not isinstance(bank_at, int)
                                    or bank_at < 1):
            raise SetupError(f"bank_at must be a positive int or None, got {bank_at!r}")
        self.bank_at = bank_at

    @property
    def name(self) -> str:
        """A readable name (the repr)."""
        return repr(self)

    def _args(self) -> list:
        """Positional arguments shown in the repr."""
        return []

    def __repr__(self) -> str:
        args = [repr(a) for a in self._args()] + [f"bank_at={self.bank_at!r}"]
        return f"{type(self).__name__}({', '.join(args)})"

    def __eq__(self, other):
        return type(self) is type(other) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))

    def choose(self, game, rng=None) -> str:
        """The action this bot takes in ``game`` (a legal one): the bank rule first, then :meth:`decide`."""
        _check_not_over(game)
        colour = bank_choice(game, self.bank_at)
        return f"bank {colour}" if colour else self.decide(game, rng)

    def decide(self, game, rng) -> str:
        """Every decision but banking, by phase (``on_turn``, ``on_place``, ...)."""
        return getattr(self, _PHASES[game.phase])(game, rng)

    def on_turn(self, game, rng) -> str:
        """Start of turn when the bank rule did not trigger: draw."""
        return "draw"

    def on_place(self, game, rng) -> str:
        """Place the pending card by :func:`placement`."""
        return f"place {placement(game.pending, game.columns)}"

    def on_push(self, game, rng) -> str:
        """Draw or stop; forced moves first, then :meth:`should_stop`."""
        if not game.columns:
            return "draw"
        if not game.draw_pile:
            return "stop"
        return "stop" if self.should_stop(game, rng) else "draw"

    def on_collect(self, game, rng) -> str:
        """Take a column by :func:`take_choice`."""
        return f"take {take_choice(game)}"

    def should_stop(self, game, rng) -> bool:
        """True to stop now (a column exists and the pile is not empty)."""
        raise NotImplementedError


def _check_not_over(game) -> None:
    """Raise IllegalAction when there is nothing to decide."""
    if game.is_over:
        raise IllegalAction("the game is over: there is no action to choose", legal=[])


_PHASES = {"turn": "on_turn", "place": "on_place", "push": "on_push", "collect": "on_collect"}


def _pick(legal, rng):
    """A uniformly random element of ``legal`` using ``rng``."""
    if rng is None:
        raise SetupError("this bot needs a numpy Generator: choose(game, rng)")
    return legal[int(rng.integers(len(legal)))]


class RandomBot(Bot):
    """Uniformly random legal actions (banking by ``bank_at`` first if it triggers).

    >>> from pushlab.luck import Game
    >>> RandomBot().choose(Game.new(2, seed=1), np.random.default_rng(0))
    'draw'
    >>> RandomBot()
    RandomBot(bank_at=None)
    """

    def __init__(self, bank_at=None):
        super().__init__(bank_at)

    def decide(self, game, rng) -> str:
        """A random legal action."""
        return _pick(game.legal_actions(), rng)


class StopAfter(Bot):
    """Stop once ``k`` cards lie in the columns this turn.

    >>> StopAfter(3, bank_at=None).k
    3
    """

    def __init__(self, k: int = 5, bank_at=DEFAULT_BANK_AT):
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
            raise SetupError(f"StopAfter needs k >= 1 cards, got {k!r}")
        super().__init__(bank_at)
        self.k = int(k)

    def _args(self):
        return [self.k]

    def should_stop(self, game, rng) -> bool:
        """Stop when at least ``k`` cards are in the columns."""
        return cards_in_columns(game) >= self.k


class StopAtRisk(Bot):
    """Stop once the exact chance that the next card busts reaches ``p``.

    Uses ``odds.bust_probability(game, counting=True)`` when :mod:`pushlab.luck.odds`
    is available, else :func:`pile_bust_probability` (equal for a full deck).

    >>> StopAtRisk(0.25)
    StopAtRisk(0.25, bank_at=None)
    """

    def __init__(self, p: float = 0.25, bank_at=DEFAULT_BANK_AT):
        try:
            risk = as_fraction(p)
        except SetupError:
            raise SetupError(f"StopAtRisk needs a probability 0..1, got {p!r}") from None
        super().__init__(bank_at)
        self.p, self.risk = p, risk

    def _args(self):
        return [self.p]

    def should_stop(self, game, rng) -> bool:
        """Stop when the bust probability of the next card is at least ``p`` (read as its decimal)."""
        return _bust_probability(game) >= self.risk


def _bust_probability(game):
    """Counting-view bust probability of the next card (odds if available)."""
    try:
        from pushlab.luck import odds
    except ImportError:
        return pile_bust_probability(game)
    return odds.bust_probability(game, counting=True)


class Greedy(Bot):
    """One step: draw iff one more card then stopping beats stopping now, in expectation.

    Values are expected immediate points of the column the bot would take (roll-card
    and bust losses included), over the make-up of the draw pile.

    >>> from pushlab.luck import Game
    >>> g = Game.new(2, deck="R6 B5 G4 R1 R2 R3", rolls="*")
    >>> for a in ["draw", "place 0", "draw", "place 0", "draw", "place 0"]:
    ...     g = g.apply(a)
    >>> Greedy().choose(g)
    'stop'
    """

    def should_stop(self, game, rng) -> bool:
        """Stop unless the expected value of one more card is strictly higher."""
        return self.gain6(game) <= 0

    @staticmethod
    def gain6(game) -> Fraction:
        """6 x (expected value of drawing one card then stopping - value of stopping now)."""
        me = game.active_player
        bench = sum(c.points for c in game.benches[me])
        now = max(take_value6(col, bench, game.harder) for col in game.columns)
        counts = Counter(game.draw_pile)
        total = sum(m * _value_after(card, game.columns, bench, game.harder)
                    for card, m in counts.items())
        return Fraction(total, len(game.draw_pile)) - now


class HintBot(Bot):
    """Follows ``odds.hint(game).best`` (expectimax hint); shared rules where it has none.

    Banking by ``bank_at`` (default None: leave banking to the hint) is applied first.
    """

    def __init__(self, bank_at=None):
        super().__init__(bank_at)

    def decide(self, game, rng) -> str:
        """The hinted action if legal, else the shared rules."""
        from pushlab.luck import odds  # lazy: odds is heavier and optional
        best = getattr(odds.hint(game), "best", None)
        if best in game.legal_actions():
            return best
        return super().decide(game, rng)

    def should_stop(self, game, rng) -> bool:
        """Fallback only: stop at a one-in-four bust risk."""
        return _bust_probability(game) >= 0.25


class RolloutBot(Bot):
    """Plays :func:`pushlab.luck.advise`'s recommendation: the action with the highest
    estimated win probability over ``rollouts`` whole-game continuations per action, in
    which every seat (itself included) then plays ``policy``.

    Only decisions with a choice are simulated, in the phases ``phases`` (default: all;
    others follow ``policy``); with ``push_pile=N``, draw-or-stop decisions only while
    the draw pile holds at most N cards (the late game, where rollouts are short and the
    score situation matters most; default None: always). It leaves the policy's own
    action only for one whose win estimate is higher by more than ``margin`` standard
    errors of the paired difference (default 0: always the recommendation), so that
    rollout noise does not replace a sound move by a lucky one. Its randomness comes from
    the ``rng`` passed to ``choose`` (None: fresh entropy). It runs the same rollouts as ``advise`` (same
    Generator, same result) but skips the one-turn hint it does not use.

    >>> from pushlab.luck import Game
    >>> RolloutBot(100).choose(Game.new(3, seed=1), np.random.default_rng(0))
    'draw'
    >>> RolloutBot(300, policy="after 4")
    RolloutBot(300, policy='after 4')
    >>> RolloutBot(500, phases=("turn", "push"), margin=1, push_pile=30, bank_top=True)
    RolloutBot(500, policy='after 5', phases=('turn', 'push'), margin=1, push_pile=30, bank_top=True)
    """

    PHASES = ("turn", "place", "push", "collect")

    def __init__(self, rollouts: int = 200, policy=None, phases=PHASES, margin: float = 0.0,
                 push_pile: int | None = None, bank_top: bool = False):
        from pushlab.luck.policy import DEFAULT_POLICY, Policy

        if isinstance(rollouts, bool) or not isinstance(rollouts, (int, np.integer)) or rollouts < 2:
            raise SetupError(f"RolloutBot needs rollouts >= 2, got {rollouts!r}")
        if not set(phases) <= set(self.PHASES):
            raise SetupError(f"phases must be among {self.PHASES}, got {phases!r}")
        super().__init__(None)
        self.rollouts = int(rollouts)
        self.policy = Policy.of(DEFAULT_POLICY if policy is None else policy)
        self.phases = tuple(phases)
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or margin < 0:
            raise SetupError(f"margin must be a number of standard errors >= 0, got {margin!r}")
        self.margin = margin
        if push_pile is not None and (isinstance(push_pile, bool)
                                      or not isinstance(push_pile, (int, np.integer)) or push_pile < 0):
            raise SetupError(f"push_pile must be a number of cards >= 0 or None, got {push_pile!r}")
        self.push_pile = None if push_pile is None else int(push_pile)
        if not isinstance(bank_top, bool):
            raise SetupError(f"bank_top must be True or False, got {bank_top!r}")
        self.bank_top = bank_top

    def __repr__(self) -> str:
        extra = "" if self.phases == self.PHASES else f", phases={self.phases!r}"
        extra += f", margin={self.margin!r}" if self.margin else ""
        extra += f", push_pile={self.push_pile!r}" if self.push_pile is not None else ""
        extra += ", bank_top=True" if self.bank_top else ""
        return f"RolloutBot({self.rollouts}, policy={str(self.policy)!r}{extra})"

    def simulates(self, game) -> bool:
        """True when this decision is settled by rollouts (else the policy plays it)."""
        if game.phase not in self.phases or len(game.legal_actions()) == 1:
            return False
        return not (game.phase == "push" and self.push_pile is not None
                    and game.draw_pile_size > self.push_pile)

    def candidates(self, game) -> list:
        """The actions compared by rollouts (legal order): all, or with ``bank_top`` at the
        start of a turn drawing and banking the bench's top colour."""
        legal = game.legal_actions()
        if not self.bank_top or game.phase != "turn":
            return legal
        colour = bank_choice(game, 1)
        return [a for a in legal if not a.startswith("bank") or a == f"bank {colour}"]

    def decide(self, game, rng) -> str:
        """The advised action where there is a choice in one of ``phases``."""
        from pushlab.luck.sim import simulate_from
        from pushlab.seeding import make_rng

        own = self.policy.choose(game)
        if not self.simulates(game):
            return own
        legal = self.candidates(game)
        me = game.current_player
        c = simulate_from(game, self.rollouts, self.policy, actions=legal, rng=make_rng(rng))
        wins, scores = c.wins[:, :, me], c.scores[:, :, me]
        win, score = wins.mean(1), scores.mean(1)
        best = max(range(len(legal)), key=lambda i: (win[i], score[i], -i))
        if legal[best] == own or not self.margin:
            return legal[best]
        diff = wins[best] - wins[legal.index(own)]
        se = diff.std(ddof=1) / np.sqrt(diff.size)
        return legal[best] if diff.mean() > self.margin * se else own


BOT_KINDS = (RandomBot, StopAfter, StopAtRisk, Greedy, HintBot, RolloutBot)


# ---------------------------------------------------------------------- whole games
def play_game(bots, *, seed=None, **game_options):
    """Play a whole game, seat ``i`` by ``bots[i]``; return the final ``Game``.

    ``seed`` (int) makes it reproducible: the deck, the die and the bots' Generator
    all derive from it (as game 0 of ``tournament(bots, seed=seed)`` without rotation).
    ``game_options`` go to ``Game.new`` (``harder``, ``switch_cards``, ``deck``, ...).

    >>> a = play_game([StopAfter(2), Greedy(), RandomBot()], seed=4)
    >>> b = play_game([StopAfter(2), Greedy(), RandomBot()], seed=4)
    >>> a.is_over, a == b
    (True, True)
    """
    from pushlab.luck.game import Game
    from pushlab.tournament import _entropy, game_seeds, play

    players = game_options.pop("players", len(bots))
    ((game_seed, rng),) = game_seeds(_entropy(seed), 1)
    game = Game.new(players, seed=game_seed, **game_options)
    if game.num_players != len(bots):
        raise SetupError(f"{game.num_players} players but {len(bots)} bots")
    return play(game, bots, rng)
